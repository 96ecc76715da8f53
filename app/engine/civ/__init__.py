"""Civilisations (RULES.md section 10): nations per game, contacts, gifts, and their saves."""
