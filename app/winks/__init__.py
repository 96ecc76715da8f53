"""Thrown pieces (Diplomacywinks, RULES.md §9): a start made by throwing armies and fleets
at the board. No Qt here.

- :mod:`.physics` — the throw: a bounce on the table, sliding, pieces pushing pieces;
- :mod:`.footprint` — a resting piece's disc against the province polygons: its candidates;
- :mod:`.cleanup` — clean-up steps 1–5 and the choosing turns, as pure functions;
- :mod:`.session` — :class:`ThrownGame`, the whole start with its record and replay, and
  :func:`random_thrown_start` for a sandboxer's random opening.
"""

from .session import ThrownGame, WinksError, random_thrown_start, throw_at_random

__all__ = ["ThrownGame", "WinksError", "random_thrown_start", "throw_at_random"]
