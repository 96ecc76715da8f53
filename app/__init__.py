"""5D Diplomacy: Diplomacy with multiverse time travel.

The rules live in :mod:`app.engine` (pure Python, no Qt); the window in :mod:`app.ui`.
"""
