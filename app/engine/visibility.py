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
units cast onto the boards next to it ((c)) depend on the board alone; sets of provinces
are kept as bits of a number while they are joined. :class:`WorldSight`
holds both for every board of a world, and every nation's sight there; the sight of the
next world (one submission later, or one undone) is made from it by recomputing only the
boards that are new, gone or next to one that is: a submission costs what it changed,
not what the multiverse holds. The sights of the last few worlds asked about are kept.

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

import threading
from collections import OrderedDict
from functools import lru_cache
from itertools import islice
from typing import Iterable, Mapping

from .adjacency import adjacent_board_keys
from .coords import BoardKey, province_of
from .variant import Variant
from .world import Board, World

Sight = Mapping[BoardKey, frozenset[str]]
Parts = tuple[Board, dict[str, int], dict[str, int]]   # board, own, cast: province bits per nation

_NOTHING: frozenset[str] = frozenset()


class _Masks:
    """A variant's provinces as bits of a whole number, so that the union of two sets of
    provinces is one ``|``: each province's bit, each province with its map neighbours
    (rule (b)), each unit location with where it moves on one board (rule (c), loose), and
    the names back from numbers. Numbers are read a byte at a time: for each byte of the
    number and each of its 256 values, the names of its provinces and the provinces they
    see, made once per variant (a few thousand short tuples and numbers). Every table
    learnt from boards is bounded by size (numbers and short tuples only: the sets of
    names are the sight's own, see :class:`WorldSight`)."""

    KEPT = 8192
    CENTRES_KEPT = 1024

    def __init__(self, variant: Variant):
        self.variant = variant
        self.provinces = provinces = sorted(variant.provinces)
        self.bit = bit = {p: 1 << i for i, p in enumerate(provinces)}
        self.near = {p: bit[p] | _mask(bit, variant.army_adjacent.get(p, _NOTHING))
                     | _mask(bit, variant.fleet_adjacent_provinces.get(p, _NOTHING)) for p in provinces}
        self.moves = {(t, loc): bit[province_of(loc)] | _mask(bit, variant.adjacent_provinces(t, loc))
                      for t in ("A", "F") for loc in variant.locations}
        self.width = (len(provinces) + 7) // 8                    # bytes in a number of provinces
        self.byte_names: list[tuple[tuple[str, ...], ...]] = []  # per byte: names of each value
        self.byte_near: list[tuple[int, ...]] = []                # per byte: those provinces and their neighbours
        for first in range(0, self.width * 8, 8):
            names: list[tuple[str, ...]] = [()]
            near = [0]
            for value in range(1, 256):
                low = (value & -value).bit_length() - 1           # the lowest bit, and the rest made before
                rest = value & (value - 1)
                i = first + low
                names.append(names[rest] + ((provinces[i],) if i < len(provinces) else ()))
                near.append(near[rest] | (self.near[provinces[i]] if i < len(provinces) else 0))
            self.byte_names.append(tuple(names))
            self.byte_near.append(tuple(near))
        self.near_sets: dict[int, int] = {}                         # stands -> with their neighbours
        self.centres: dict[int, tuple[Mapping, dict[str, int]]] = {}   # id(centres) -> sight per owner

    def as_set(self, mask: int) -> frozenset[str]:
        """The provinces whose bits are set in ``mask``."""
        out: list[str] = []
        for names, value in zip(self.byte_names, mask.to_bytes(self.width, "little")):
            if value:
                out += names[value]
        return frozenset(out)

    def near_of(self, stands: int) -> int:
        """The provinces in ``stands`` and their map neighbours."""
        got = self.near_sets.get(stands)
        if got is None:
            if len(self.near_sets) > self.KEPT:
                self.near_sets.clear()
            got = 0
            for near, value in zip(self.byte_near, stands.to_bytes(self.width, "little")):
                if value:
                    got |= near[value]
            self.near_sets[stands] = got
        return got

    def centre_sight(self, centres: Mapping[str, str]) -> dict[str, int]:
        """Per owner, its centres and their neighbours (boards share their centre mappings
        while owners do not change)."""
        hit = self.centres.get(id(centres))
        if hit is not None and hit[0] is centres:
            return hit[1]
        bit, owned = self.bit, {}
        for prov, nation in centres.items():
            owned[nation] = owned.get(nation, 0) | bit[prov]
        sight = {n: self.near_of(m) for n, m in owned.items()}
        if len(self.centres) > self.CENTRES_KEPT:
            self.centres.clear()
        self.centres[id(centres)] = (centres, sight)
        return sight

    def forget(self) -> None:
        """Drop what was learnt from boards (the tables of the variant stay)."""
        self.near_sets.clear()
        self.centres.clear()


class _Sets(dict):
    """Sets of names for numbers, made once each within one :meth:`WorldSight.of`."""

    def __init__(self, masks: _Masks):
        super().__init__({0: _NOTHING})
        self.masks = masks

    def __missing__(self, mask: int) -> frozenset[str]:
        got = self[mask] = self.masks.as_set(mask)
        return got


def _mask(bit: dict[str, int], provinces) -> int:
    m = 0
    for p in provinces:
        m |= bit[p]
    return m


_VARIANT_MASKS: dict[Variant, _Masks] = {}


def _masks(variant: Variant) -> _Masks:
    got = _VARIANT_MASKS.get(variant)
    if got is None:
        if len(_VARIANT_MASKS) >= 8:
            _VARIANT_MASKS.clear()
        got = _VARIANT_MASKS[variant] = _Masks(variant)
    return got


@lru_cache(maxsize=1 << 16)
def _neighbours(key: BoardKey) -> tuple[BoardKey, ...]:
    return tuple(adjacent_board_keys(key))


def board_parts(board: Board, variant: Variant, mode: str) -> Parts:
    """``(board, own, cast)``: per nation, what it sees on ``board`` of itself (rules (a) and
    (b)) and what its units there cast onto adjacent boards (rule (c)), as province bits
    (:class:`_Masks`)."""
    masks = _masks(variant)
    bit = masks.bit
    units: dict[str, int] = {}
    for prov, unit in board.units.items():
        n = unit.nation
        units[n] = units.get(n, 0) | bit[prov]
    own = masks.centre_sight(board.centres).copy()
    known = masks.near_sets.get
    for n, m in units.items():
        near = known(m)
        if near is None:
            near = masks.near_of(m)
        c = own.get(n)
        own[n] = near if c is None else c | near
    if board.key[1][1] == 2:   # Winter boards touch nothing
        return board, own, {}
    if mode == "loose":
        moves, cast = masks.moves, {}
        for u in board.units.values():
            cast[u.nation] = cast.get(u.nation, 0) | moves[u.type, u.loc]
        return board, own, cast
    return board, own, units


def _merge(own: dict[str, int], casts: list[dict[str, int]]) -> dict[str, int]:
    """Per nation: its own sight on a board and what the boards next to it cast there."""
    out = own.copy()
    get = out.get
    for cast in casts:
        for n, m in cast.items():
            out[n] = get(n, 0) | m
    return out


class WorldSight:
    """Every nation's sight on every board of one world (see the module docstring).

    ``parts`` maps each board to ``(board, own, cast)`` (:func:`board_parts`) and ``seen``
    to its sight per nation (province bits); :meth:`of` gives one nation's or one seat's
    sight of every board. A sight made :meth:`from <derive>` another world's shares every
    unchanged entry, and the same provinces are always the same set, so what did not
    change can be told by identity."""

    __slots__ = ("world", "parts", "seen", "_of")
    KEEP_SEATS = 12

    def __init__(self, world: World, parts: dict[BoardKey, Parts], seen: dict[BoardKey, dict[str, int]]):
        self.world, self.parts, self.seen = world, parts, seen
        self._of: OrderedDict[tuple[str, ...], dict[BoardKey, frozenset[str]]] = OrderedDict()

    @classmethod
    def build(cls, world: World) -> "WorldSight":
        """From scratch."""
        variant, mode = world.variant, world.adjacency
        parts = {k: board_parts(b, variant, mode) for k, b in world.boards.items()}
        seen = {}
        for k, (_, own, _) in parts.items():
            casts = [p[2] for j in _neighbours(k) if (p := parts.get(j)) is not None and p[2]]
            seen[k] = _merge(own, casts) if casts else own
        return cls(world, parts, seen)

    def derive(self, world: World) -> "WorldSight":
        """The sight of ``world``, a world that shares most boards with this one's: only the
        boards that differ, and the boards next to them, are looked at again."""
        variant, mode = world.variant, world.adjacency
        old_boards, boards = self.world.boards, world.boards
        changed = [k for k, b in boards.items() if old_boards.get(k) is not b]
        gone = old_boards.keys() - boards.keys()
        parts, seen = self.parts.copy(), self.seen.copy()
        for k in gone:
            del parts[k], seen[k]
        for k in changed:
            parts[k] = board_parts(boards[k], variant, mode)
        touched = set(changed)
        for k in (*changed, *gone):
            touched.update(_neighbours(k))
        for k in touched:
            p = parts.get(k)
            if p is None:
                continue
            casts = [q[2] for j in _neighbours(k) if (q := parts.get(j)) is not None and q[2]]
            new = _merge(p[1], casts) if casts else p[1]
            old = self.seen.get(k)
            seen[k] = old if old is not None and (old is new or old == new) else new
        out = WorldSight(world, parts, seen)
        old_seen = self.seen
        for nations, base in self._of.items():   # the seats asked about here, carried over
            sets = _Sets(_masks(variant))
            mine = base.copy()
            for k in gone:
                del mine[k]
            for k in touched:
                s = seen.get(k)
                if s is not None and s is not old_seen.get(k):
                    mine[k] = sets[_seat_mask(s, nations)]
            out._of[nations] = mine
        return out

    def of(self, nations: tuple[str, ...]) -> dict[BoardKey, frozenset[str]]:
        """The provinces ``nations`` see on every board (kept for the last few seats)."""
        got = self._of.get(nations)
        if got is None:
            sets = _Sets(_masks(self.world.variant))   # boards with the same sight share one set
            if len(nations) == 1:
                n = nations[0]
                got = {k: sets[s.get(n, 0)] for k, s in self.seen.items()}
            else:
                got = {k: sets[_seat_mask(s, nations)] for k, s in self.seen.items()}
            self._of[nations] = got
            if len(self._of) > self.KEEP_SEATS:
                self._of.popitem(last=False)
        else:
            self._of.move_to_end(nations)
        return got


def _seat_mask(seen: dict[str, int], nations: tuple[str, ...]) -> int:
    """What any of ``nations`` sees on a board, from each nation's sight there."""
    m = 0
    for n in nations:
        m |= seen.get(n, 0)
    return m


# -- the sights of the last few worlds ----------------------------------------------------

_LOCK = threading.Lock()
_STATES: OrderedDict[int, WorldSight] = OrderedDict()
KEEP_WORLDS = 6


def world_sight(world: World) -> WorldSight:
    """The :class:`WorldSight` of ``world``: kept, made from a kept world's that shares
    most of its boards, or made from scratch."""
    with _LOCK:
        hit = _STATES.get(id(world))
        if hit is not None and hit.world is world:
            _STATES.move_to_end(id(world))
            return hit
        bases = list(reversed(_STATES.values()))
    base = _closest(world, bases)
    state = base.derive(world) if base is not None else WorldSight.build(world)
    with _LOCK:
        _STATES[id(world)] = state
        _STATES.move_to_end(id(world))
        while len(_STATES) > KEEP_WORLDS:
            _STATES.popitem(last=False)
    return state


def _closest(world: World, states: list[WorldSight]) -> WorldSight | None:
    """A kept sight whose world shares at least half of a sample of ``world``'s boards."""
    sample = list(islice(world.boards.items(), 0, None, max(1, len(world.boards) // 24)))
    for state in states:
        w = state.world
        if w.variant is not world.variant or w.adjacency != world.adjacency:
            continue
        boards = w.boards
        if sum(boards.get(k) is b for k, b in sample) * 2 >= len(sample):
            return state
    return None


def clear_cache() -> None:
    """Forget every kept sight and everything learnt from boards (benchmarks use it to time
    a cold start); the variants' own tables of provinces stay."""
    with _LOCK:
        _STATES.clear()
        _TOLD.clear()
    for variant in list(_VARIANT_MASKS):
        _VARIANT_MASKS[variant].forget()
    _neighbours.cache_clear()


def _nations(nation: str | Iterable[str]) -> tuple[str, ...]:
    return (nation,) if isinstance(nation, str) else tuple(nation)


def board_sight(world: World, nation: str | Iterable[str], key: BoardKey) -> frozenset[str]:
    """The provinces ``nation`` (or any of several nations) sees on board ``key``.

    Raises ``KeyError`` when the board does not exist."""
    boards = world.boards
    with _LOCK:
        state = _STATES.get(id(world))
    variant, mode = world.variant, world.adjacency
    if state is not None and state.world is world:
        seen = state.seen[key]
    else:
        own = board_parts(boards[key], variant, mode)[1]
        casts = [c for j in _neighbours(key) if (b := boards.get(j)) is not None
                 and (c := board_parts(b, variant, mode)[2])]
        seen = _merge(own, casts)
    return _masks(variant).as_set(_seat_mask(seen, _nations(nation)))


def sight(world: World, nation: str | Iterable[str]) -> dict[BoardKey, frozenset[str]]:
    """The provinces ``nation`` (or any of several nations: a seat) sees, on every board
    (a dict of the caller's own)."""
    nations = _nations(nation)
    with _LOCK:
        told = _TOLD.get((id(world), frozenset(nations)))
    if told is not None and told[0] is world:
        return dict(told[1])
    return dict(world_sight(world).of(nations))


_TOLD: OrderedDict[tuple[int, frozenset[str]], tuple[World, Mapping[BoardKey, frozenset[str]]]] = OrderedDict()


def remember_sight(world: World, nations: Iterable[str], seen: Mapping[BoardKey, frozenset[str]]) -> None:
    """Remember that ``nations`` see ``seen`` in ``world``, a world made from another whose
    sight is known: a seat's fogged view shows everything its sight depends on, so the seat
    sees in the view what it sees in the whole world (``app.match.fog``), and a front end
    veiling the view need not work it out again. The last few are remembered."""
    with _LOCK:
        _TOLD[id(world), frozenset(nations)] = (world, seen)
        while len(_TOLD) > KEEP_WORLDS:
            _TOLD.popitem(last=False)


def sees(seen: frozenset[str], loc: str) -> bool:
    """Is the location ``loc`` (a province, or a coast of one) in a board's sight?"""
    return province_of(loc) in seen


__all__ = ["Sight", "WorldSight", "board_sight", "board_parts", "sight", "sees", "clear_cache", "world_sight",
           "remember_sight"]
