"""Home centres a game sets instead of its variant's (RULES.md §9: a thrown start's are the
centres each nation owns after the first Winter), as a view carries them: a seat is told
its own nations' only (under fog of war the others' centres may be out of its sight); a
watcher, who sees the adjudicated world, every nation's. The window needs them to offer
and check builds as the server will."""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable

from app.engine import World


def homes_fields(world: World, nations: Iterable[str] | None) -> dict:
    """The View's ``homes`` and ``homes_at_first_winter`` for a seat playing ``nations``
    (None: a watcher). ``homes`` None: the variant's."""
    if world.home_centres is None:
        return {"homes": None, "homes_at_first_winter": world.homes_at_first_winter}
    told = None if nations is None else set(nations)
    homes = {n: sorted(cs) for n, cs in sorted(world.home_centres.items()) if told is None or n in told}
    return {"homes": homes, "homes_at_first_winter": world.homes_at_first_winter}


def with_view_homes(world: World, homes: dict[str, list[str]] | None, at_first_winter: bool) -> World:
    """``world`` with the home centres a view carries."""
    if homes is None and not at_first_winter:
        return world
    home_centres = None if homes is None else MappingProxyType({n: frozenset(cs) for n, cs in sorted(homes.items())})
    return world.derive(home_centres=home_centres, homes_at_first_winter=at_first_winter)
