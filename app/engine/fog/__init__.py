"""Fog of war: what each nation sees."""
