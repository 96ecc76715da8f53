"""Names the window writes in a civilisations game (RULES.md §10): a civilisation the seat
has not met is an "unknown civilisation", and turns are named in the game's calendar
(Spring 4000 BC …). Other games read as before."""

from __future__ import annotations

from app.engine import Calendar, calendar_of, UNKNOWN, YEARS

UNKNOWN_CIV = "unknown civilisation"


def shown_nation(name: str | None) -> str:
    """A nation's name as the window writes it (the seat's view calls the unmet "Unknown")."""
    return UNKNOWN_CIV if name == UNKNOWN else (name or "")


def calendar_for(world) -> Calendar:
    """The calendar of the game ``world`` belongs to (the notation's years without one)."""
    return calendar_of(world) if world is not None else YEARS


__all__ = ["UNKNOWN_CIV", "calendar_for", "shown_nation"]
