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
