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


class _BoardCache:
    """Per board object and adjacency mode: the board's own sight per nation (rules (a)
    and (b)) and what its units cast onto adjacent boards per nation (rule (c)).

    Keyed by ``id(board)``; each entry keeps its board and variant alive and is checked by
    identity, so a reused id can never return another board's sight."""

    LIMIT = 250_000

    def __init__(self) -> None:
        self._table: dict[tuple[int, str], tuple] = {}

    def get(self, board: Board, variant: Variant, mode: str) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
        hit = self._table.get((id(board), mode))
        if hit is not None and hit[0] is board and hit[1] is variant:
            return hit[2]
        near = _near(variant)
        stands: dict[str, set[str]] = {}
        reach: dict[str, set[str]] = {}
        movement = board.key.turn.is_movement
        loose = mode == "loose"
        for prov, unit in board.units.items():
            n = unit.nation
            s = stands.get(n)
            if s is None:
                s = stands[n] = set()
            s.add(prov)
            if movement:
                r = reach.get(n)
                if r is None:
                    r = reach[n] = set()
                r.add(prov)
                if loose:
                    r.update(variant.adjacent_provinces(unit.type, unit.loc))
        for prov, nation in board.centres.items():
            s = stands.get(nation)
            if s is None:
                s = stands[nation] = set()
            s.add(prov)
        own = {n: _NOTHING.union(*[near[p] for p in ps]) for n, ps in stands.items()}
        cast = {n: frozenset(r) for n, r in reach.items()}
        if len(self._table) >= self.LIMIT:
            self._table.clear()
        self._table[id(board), mode] = (board, variant, (own, cast))
        return own, cast

    def clear(self) -> None:
        self._table.clear()


_CACHE = _BoardCache()


@lru_cache(maxsize=1 << 16)
def _neighbours(key: BoardKey) -> tuple[BoardKey, ...]:
    return tuple(adjacent_board_keys(key))


def clear_cache() -> None:
    """Forget every cached board (benchmarks use it to time a cold start)."""
    _CACHE.clear()
    _neighbours.cache_clear()


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


def sight(world: World, nation: str | Iterable[str]) -> dict[BoardKey, frozenset[str]]:
    """The provinces ``nation`` (or any of several nations: a seat) sees, on every board."""
    nations = _nations(nation)
    boards = world.boards
    variant, mode = world.variant, world.adjacency
    get = _CACHE.get
    parts = {k: get(b, variant, mode) for k, b in boards.items()}
    out = {}
    for key, (own, _cast) in parts.items():
        casts = [p[1] for k in _neighbours(key) if (p := parts.get(k)) is not None]
        out[key] = _combine(nations, own, casts)
    return out


def sees(seen: frozenset[str], loc: str) -> bool:
    """Is the location ``loc`` (a province, or a coast of one) in a board's sight?"""
    return province_of(loc) in seen


__all__ = ["Sight", "board_sight", "sight", "sees", "clear_cache"]
