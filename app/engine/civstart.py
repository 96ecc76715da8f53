"""The civilisations' start (RULES.md §10): every civilisation on one supply centre drawn
from the game's seed, no two starting centres adjacent, one unit each; every other centre
unowned and empty; board 1:S1901.

>>> from app.engine.variant import load_variant
>>> v = load_variant()
>>> w = civ_start(v, default_nations(8, variant=v), seed=3)
>>> len(w.variant.nation_names), len(w.boards[w.active_boards()[0]].units), w.civ is not None
(8, 8, True)
>>> civ_start(v, default_nations(8, variant=v), seed=3).boards == w.boards    # the seed decides
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, Sequence

from .civ import Civ, start_homes
from .coords import BoardKey, Season, Turn
from .nations import default_nations, with_nations
from .variant import Variant
from .world import World, make_board

MAX_CIVS = 16


class CivStartError(ValueError):
    """A start that cannot be made (too many civilisations for the map, a bad name …)."""


def civ_range(variant: Variant) -> tuple[int, int]:
    """How many civilisations may play on ``variant``: 7 to 13 on the standard map, else 2
    to a third of its supply centres (at most 16)."""
    if variant.name == "standard":
        return 7, 13
    return 2, max(2, min(MAX_CIVS, len(variant.supply_centres) // 3))


def centre_neighbours(variant: Variant) -> dict[str, frozenset[str]]:
    """Each supply centre with the supply centres next to it (army or fleet adjacency
    between the provinces)."""
    centres = variant.supply_centres
    out = {}
    for c in centres:
        near = set(variant.army_adjacent.get(c, ())) | set(variant.fleet_adjacent_provinces.get(c, ()))
        out[c] = frozenset(p for p in near if p in centres and p != c)
    return out


def draw_centres(variant: Variant, count: int, seed: int) -> list[str]:
    """``count`` supply centres, no two adjacent, drawn from ``seed`` (a search that tries
    the centres in a seeded random order and backs up when it is stuck)."""
    rng = random.Random(f"civ-start/{seed}/{variant.name}/{count}")
    near = centre_neighbours(variant)
    order = sorted(variant.supply_centres)
    rng.shuffle(order)
    chosen: list[str] = []
    budget = [200_000]

    def search(start: int, blocked: frozenset[str]) -> bool:
        if len(chosen) == count:
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for i in range(start, len(order)):
            c = order[i]
            if c in blocked:
                continue
            if len(order) - i < count - len(chosen):
                return False
            chosen.append(c)
            if search(i + 1, blocked | near[c] | {c}):
                return True
            chosen.pop()
        return False

    if not search(0, frozenset()):
        raise CivStartError(f"{variant.title} has no {count} supply centres of which no two are adjacent")
    return chosen


def choose_unit(variant: Variant, centre: str, fleet: bool | None) -> tuple[str, str]:
    """The starting unit's type and location: an army, or a fleet on a coastal centre when
    asked (``fleet`` True); ``None`` lets the computer choose (a fleet where the centre
    touches at least as many seas as land provinces)."""
    coastal = variant.kind(centre) == "coast"
    if fleet is None:
        seas = sum(1 for p in variant.fleet_adjacent_provinces.get(centre, ()) if variant.kind(p) == "sea")
        fleet = coastal and seas >= len(variant.army_adjacent.get(centre, ()))
    if not fleet or not coastal:
        return "A", centre
    coasts = variant.fleet_locations_in(centre)
    best = max(coasts, key=lambda loc: (len(variant.fleet_adjacent.get(loc, ())), loc))
    return "F", best


@dataclass(frozen=True)
class CivSeat:
    """One civilisation of a new game: its name, colour and, for its unit, ``fleet``:
    True or False as its player chose, None for the computer's choice."""

    name: str
    colour: str
    fleet: bool | None = None


def civ_start(variant: Variant, nations: Sequence[tuple[str, str] | CivSeat], seed: int = 0,
              adjacency: str = "strict", check_range: bool = False) -> World:
    """The start world of a civilisations game on ``variant`` for ``nations`` (in order),
    drawn from ``seed``. Raises :class:`CivStartError` with a reason for a bad count or name."""
    seats = [n if isinstance(n, CivSeat) else CivSeat(*n) for n in nations]
    low, high = civ_range(variant)
    if check_range and not low <= len(seats) <= high:
        raise CivStartError(f"{len(seats)} civilisations: {variant.title} takes {low} to {high}")
    if len(seats) > MAX_CIVS or len(seats) < 1:
        raise CivStartError(f"{len(seats)} civilisations: a game takes 1 to {MAX_CIVS}")
    try:
        game_variant = with_nations(variant, [(s.name, s.colour) for s in seats])
    except ValueError as e:
        raise CivStartError(str(e)) from None
    centres = draw_centres(variant, len(seats), seed)
    units, owners = [], {}
    for seat, centre in zip(seats, centres):
        utype, loc = choose_unit(variant, centre, seat.fleet)
        units.append((seat.name, utype, loc))
        owners[centre] = seat.name
    key = BoardKey(1, Turn(variant.first_year, int(Season.SPRING)))
    world = World.from_boards(game_variant, [make_board(key, units, owners)], adjacency, seed)
    return with_civ(world)


def with_civ(world: World, homes: Mapping[str, Sequence[str]] | None = None,
             gained: Mapping[str, Sequence[str]] | None = None, rule: bool = True,
             contacts: Mapping[str, Sequence[str]] | None = None) -> World:
    """``world`` (start boards only) as a civilisations game: the §10 home-centre rule on
    every start board (``rule``; homes and gains given for a mid-game start, else each
    start board's owned centres), and the given ``contacts`` (nation → nations, made
    before the game)."""
    from .civ import pair
    homes_by_board = None
    if rule:
        homes_by_board = MappingProxyType({k: start_homes(b.centres, homes, gained) for k, b in world.boards.items()})
    first = world.variant.first_year   # the fourth home is decided on the Winter 1902 board
    pairs = {}
    for a, others in (contacts or {}).items():
        for b in others:
            if a != b:
                pairs[pair(a, b)] = -1          # before the first moment of the game
    civ = Civ(homes=homes_by_board, contacts=MappingProxyType(pairs),
              fourth_after=Turn(first + 1, int(Season.WINTER)))
    return world.derive(civ=civ)


__all__ = ["CivSeat", "CivStartError", "MAX_CIVS", "centre_neighbours", "choose_unit", "civ_range", "civ_start",
           "default_nations", "draw_centres", "with_civ"]
