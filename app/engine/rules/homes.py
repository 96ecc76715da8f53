"""Home centres a game sets instead of the variant's (RULES.md §9, thrown starts).

A world's home centres are the variant's unless the game sets them
(:attr:`World.home_centres`). A thrown start sets them later: its world starts with none
and :attr:`World.homes_at_first_winter`, and the submission that makes its first Winter
board gives each nation the centres it owns there (:meth:`World.with_first_winter_homes`).
Saves and scenario files write them as ``home_centres``: a mapping nation → centres, or the
string ``"first_winter"``.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .world import World


def with_homes(world: World, homes: dict[str, list[str]] | str | None) -> World:
    """``world`` with the home centres a save or scenario sets: ``None`` keeps the
    variant's, ``"first_winter"`` makes them the centres owned after the first Winter, a
    mapping names them (nations and supply centres are checked; ValueError says which)."""
    if homes is None:
        return world
    if homes == "first_winter":
        return world.derive(home_centres=MappingProxyType({}), homes_at_first_winter=True)
    if not isinstance(homes, dict):
        raise ValueError(f"field 'home_centres': write \"first_winter\" or nation to centres, not {homes!r}")
    v = world.variant
    for nation, cs in homes.items():
        if nation not in v.nations:
            raise ValueError(f"field 'home_centres': unknown nation '{nation}'")
        for c in cs:
            if c not in v.supply_centres:
                raise ValueError(f"field 'home_centres.{nation}': '{c}' is not a supply centre")
    return world.derive(home_centres=MappingProxyType({n: frozenset(cs) for n, cs in homes.items()}))


def homes_json(world: World) -> dict[str, list[str]] | str | None:
    """What a save writes for ``world``'s home centres (None: the variant's, not written)."""
    if world.homes_at_first_winter:
        return "first_winter"
    return None if world.home_centres is None else {n: sorted(cs) for n, cs in world.home_centres.items()}


def homes_fields(world: World) -> dict[str, Any]:
    """The ``world`` part's home-centre fields of a save, only when the game sets them."""
    out: dict[str, Any] = {}
    if world.home_centres is not None:
        out["home_centres"] = {n: sorted(cs) for n, cs in world.home_centres.items()}
    if world.homes_at_first_winter:
        out["homes_at_first_winter"] = True
    return out


def read_homes_fields(world: World, raw: dict) -> World:
    """``world`` with the home-centre fields of a save's ``world`` part (checked)."""
    if raw.get("home_centres") is None and not raw.get("homes_at_first_winter"):
        return world
    homed = with_homes(world, raw.get("home_centres"))
    return homed.derive(homes_at_first_winter=bool(raw.get("homes_at_first_winter")))
