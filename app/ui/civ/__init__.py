"""The window's parts of a civilisations game (RULES.md §10): starting one, the contacts
panel's offers and answers, old maps received, names of the unknown."""
