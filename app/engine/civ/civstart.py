"""The civilisations' start (RULES.md §10): every civilisation on one supply centre drawn
from the game's seed, no two starting centres adjacent, one unit each; every other centre
unowned and empty; board 1:S1901.

>>> from app.engine.variants.variant import load_variant
>>> from app.engine.civ.civ import civ_of
>>> v = load_variant()
>>> w = civ_start(v, default_nations(8, variant=v), seed=3)
>>> len(w.variant.nation_names), len(w.boards[w.active_boards()[0]].units), civ_of(w) is not None
(8, 8, True)
>>> civ_start(v, default_nations(8, variant=v), seed=3).boards == w.boards    # the seed decides
True
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping, NamedTuple, Sequence

from .civ import Civ, start_homes
from .contact import pair
from ..rules.coords import BoardKey, Season, Turn
from .nations import default_nations, with_nations
from ..variants.variant import Variant
from ..rules.world import World, make_board

MAX_CIVS = 24   # as many as a variant has nations (RULES.md §12)


class CivStartError(ValueError):
    """A start that cannot be made (too many civilisations for the map, a bad name …)."""


class CivCounts(NamedTuple):
    """How many civilisations may play on a map: ``low`` to ``high``; when ``high`` is below
    ``low`` no civilisations game can start there (its centres do not lie far enough apart)."""

    low: int
    high: int

    @property
    def possible(self) -> bool:
        return self.high >= self.low

    def describe(self, variant: Variant) -> str:
        """``2 to 3`` or why no start can be made, for a message."""
        if self.possible:
            return f"{self.low} to {self.high}"
        return (f"No civilisations game can start on {variant.title}: it has no {self.low} supply centres "
                f"of which no two are adjacent")


def civ_range(variant: Variant) -> CivCounts:
    """How many civilisations may play on ``variant``: 7 to 13 on the standard map, else 2
    to a third of its supply centres (at most 24), and never more than can really start:
    as many centres as can be found of which no two are adjacent (RULES.md §10's start)."""
    if variant.name == "standard":
        low, most = 7, 13
    else:
        low, most = 2, max(2, min(MAX_CIVS, len(variant.supply_centres) // 3))
    return CivCounts(low, min(most, len(_apart_centres(variant, most))))


_APART: "weakref.WeakKeyDictionary[Variant, dict[int, tuple[str, ...]]]" = weakref.WeakKeyDictionary()
RANGE_BUDGET = 20_000     # steps of the search for the most centres apart (a map is asked once)


def _apart_centres(variant: Variant, most: int) -> tuple[str, ...]:
    """As many supply centres as can be found, up to ``most``, of which no two are adjacent:
    a witness that so many can start. First the greedy choice (the centre with the fewest
    free neighbours, each time); when that falls short, a search for each larger count."""
    known = _APART.setdefault(variant, {})
    if most in known:
        return known[most]
    near = centre_neighbours(variant)
    free = set(variant.supply_centres)
    found: list[str] = []
    while free and len(found) < most:
        c = min(free, key=lambda x: (len(near[x] & free), x))
        found.append(c)
        free -= near[c] | {c}
    best = tuple(found)
    for count in range(most, len(best), -1):
        witness = _search(sorted(variant.supply_centres), near, count, RANGE_BUDGET)
        if witness is not None:
            best = tuple(witness)
            break
    known[most] = best
    return best


def _search(order: list[str], near: Mapping[str, frozenset[str]], count: int, budget: int) -> list[str] | None:
    """``count`` centres of ``order``, no two adjacent, tried in that order (backing up when
    stuck), or None when there are none or the budget of steps runs out."""
    chosen: list[str] = []
    left = [budget]

    def search(start: int, blocked: frozenset[str]) -> bool:
        if len(chosen) == count:
            return True
        left[0] -= 1
        if left[0] < 0:
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

    return chosen if search(0, frozenset()) else None


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
    the centres in a seeded random order and backs up when it is stuck; should that search
    run out of steps, a seeded choice among the centres :func:`civ_range` found apart)."""
    rng = random.Random(f"civ-start/{seed}/{variant.name}/{count}")
    near = centre_neighbours(variant)
    order = sorted(variant.supply_centres)
    rng.shuffle(order)
    chosen = _search(order, near, count, 200_000)
    if chosen is None:
        apart = _apart_centres(variant, max(count, civ_range(variant).high))
        if len(apart) < count:
            raise CivStartError(f"{variant.title} has no {count} supply centres of which no two are adjacent")
        chosen = rng.sample(sorted(apart), count)
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
    counts = civ_range(variant)
    if check_range and not counts.low <= len(seats) <= counts.high:
        said = counts.describe(variant)
        raise CivStartError(f"{len(seats)} civilisations: {variant.title} takes {said}" if counts.possible else said)
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
    return world.derive(extension=civ)


__all__ = ["CivCounts", "CivSeat", "CivStartError", "MAX_CIVS", "centre_neighbours", "choose_unit", "civ_range", "civ_start",
           "default_nations", "draw_centres", "with_civ"]
