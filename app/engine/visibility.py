"""Fog of war: which provinces a nation sees on each board (RULES.md §8).

On every board a nation sees

(a) each province where it has a unit or owns a supply centre on that board;
(b) each province next to one of those on the map (army or fleet adjacency, at province
    level);
(c) on each board adjacent to a board where it has a unit (multiverse adjacency: Winter
    boards touch nothing), what that unit could reach there with a move, without a convoy,
    whether or not it can still be ordered: strict adjacency, its own province; loose, its
    own province and the provinces it reaches from its location on one board.

A board never changes once made, so what it shows of itself ((a) and (b)) and what its
units cast onto the boards next to it ((c)) are computed once per board object and
cached; a board's sight is then a union of at most five cached sets. Sight only grows
when new boards appear next to a board.

>>> from app.engine.world import World
>>> from app.engine.variant import load_variant
>>> w = World.initial(load_variant())
>>> key = w.active_boards()[0]
>>> sorted(board_sight(w, "England", key))
['cly', 'edi', 'eng', 'iri', 'lon', 'lvp', 'nao', 'nth', 'nwg', 'wal', 'yor']
>>> "bel" in board_sight(w, "England", key)   # next to the Channel, not to London
False
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping

from .adjacency import adjacent_board_keys
from .coords import BoardKey, province_of
from .variant import Variant
from .world import Board, World

Sight = Mapping[BoardKey, frozenset[str]]

_NOTHING: frozenset[str] = frozenset()


@lru_cache(maxsize=16)
def _near(variant: Variant) -> dict[str, frozenset[str]]:
    """Each province with its map neighbours (army or fleet, any coast): rule (b)."""
    return {p: frozenset({p}) | variant.army_adjacent.get(p, _NOTHING) | variant.fleet_adjacent_provinces.get(p, _NOTHING)
            for p in variant.provinces}


@lru_cache(maxsize=16)
def _moves(variant: Variant) -> dict[tuple[str, str], frozenset[str]]:
    """(unit type, location) -> its own province and the provinces it moves to on one board:
    what it casts onto adjacent boards under loose adjacency."""
    return {(t, loc): frozenset({province_of(loc)}) | variant.adjacent_provinces(t, loc)
            for t in ("A", "F") for loc in variant.locations}


class _BoardCache:
    """Per board object and adjacency mode: the board's own sight per nation (rules (a)
    and (b)) and what its units cast onto adjacent boards per nation (rule (c)).

    Keyed by ``id(board)``; each entry keeps its board and variant alive and is checked by
    identity, so a reused id can never return another board's sight."""

    LIMIT = 250_000

    def __init__(self) -> None:
        self._table: dict[tuple[int, str], tuple] = {}
        self._unions: dict[tuple[Variant, frozenset[str]], frozenset[str]] = {}   # stands -> own sight

    def get(self, board: Board, variant: Variant, mode: str) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
        hit = self._table.get((id(board), mode))
        if hit is not None and hit[0] is board and hit[1] is variant:
            return hit[2]
        near = _near(variant)
        stands: dict[str, list[str]] = {}
        reach: dict[str, list] = {}
        movement = board.key.turn.is_movement
        moves = _moves(variant) if mode == "loose" else None
        for prov, unit in board.units.items():
            n = unit.nation
            s = stands.get(n)
            if s is None:
                s = stands[n] = []
                if movement:
                    reach[n] = []
            s.append(prov)
            if movement:
                # strict: the unit's own province; loose: also where it moves on one board
                reach[n].append(moves[unit.type, unit.loc] if moves is not None else (prov,))
        for prov, nation in board.centres.items():
            s = stands.get(nation)
            if s is None:
                s = stands[nation] = []
            s.append(prov)
        # A nation's stands rarely change from one board to the next: share the unions.
        unions = self._unions
        own = {}
        for n, ps in stands.items():
            k = (variant, frozenset(ps))
            u = unions.get(k)
            if u is None:
                u = unions[k] = _NOTHING.union(*[near[p] for p in ps])
            own[n] = u
        cast = {n: _NOTHING.union(*r) for n, r in reach.items()}
        if len(self._table) >= self.LIMIT:
            self._table.clear()
            unions.clear()
        self._table[id(board), mode] = (board, variant, (own, cast))
        return own, cast

    def clear(self) -> None:
        self._table.clear()
        self._unions.clear()


_CACHE = _BoardCache()


@lru_cache(maxsize=1 << 16)
def _neighbours(key: BoardKey) -> tuple[BoardKey, ...]:
    return tuple(adjacent_board_keys(key))


def clear_cache() -> None:
    """Forget every cached board (benchmarks use it to time a cold start)."""
    _CACHE.clear()
    _neighbours.cache_clear()
    _LAST_WORLD[0] = None


def _nations(nation: str | Iterable[str]) -> tuple[str, ...]:
    return (nation,) if isinstance(nation, str) else tuple(nation)


def _combine(nations: tuple[str, ...], own: dict, casts: list[dict]) -> frozenset[str]:
    parts = [s for n in nations if (s := own.get(n))]
    for cast in casts:
        parts.extend(s for n in nations if (s := cast.get(n)))
    if len(parts) == 1:
        return parts[0]
    return _NOTHING.union(*parts)


def board_sight(world: World, nation: str | Iterable[str], key: BoardKey) -> frozenset[str]:
    """The provinces ``nation`` (or any of several nations) sees on board ``key``.

    Raises ``KeyError`` when the board does not exist."""
    boards = world.boards
    variant, mode = world.variant, world.adjacency
    get = _CACHE.get
    own = get(boards[key], variant, mode)[0]
    casts = [get(b, variant, mode)[1] for k in _neighbours(key) if (b := boards.get(k)) is not None]
    return _combine(_nations(nation), own, casts)


def _world_parts(world: World) -> list[tuple[BoardKey, dict, list[dict]]]:
    """For each board of ``world``: its own sight and the casts of the boards next to it.
    Kept for the last world asked about: a seat's or every nation's sight asks the same
    world several times in a row."""
    hit = _LAST_WORLD[0]
    if hit is not None and hit[0] is world:
        return hit[1]
    boards = world.boards
    variant, mode = world.variant, world.adjacency
    get = _CACHE.get
    parts = {k: get(b, variant, mode) for k, b in boards.items()}
    out = [(key, own, [p[1] for k in _neighbours(key) if (p := parts.get(k)) is not None])
           for key, (own, _cast) in parts.items()]
    _LAST_WORLD[0] = (world, out)
    return out


_LAST_WORLD: list = [None]


def sight(world: World, nation: str | Iterable[str]) -> dict[BoardKey, frozenset[str]]:
    """The provinces ``nation`` (or any of several nations: a seat) sees, on every board."""
    nations = _nations(nation)
    return {key: _combine(nations, own, casts) for key, own, casts in _world_parts(world)}


def sees(seen: frozenset[str], loc: str) -> bool:
    """Is the location ``loc`` (a province, or a coast of one) in a board's sight?"""
    return province_of(loc) in seen


__all__ = ["Sight", "board_sight", "sight", "sees", "clear_cache"]
