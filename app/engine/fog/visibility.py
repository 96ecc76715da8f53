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
units cast onto the boards next to it ((c)) depend on the board alone. Sets of provinces
are kept as bits of a number while they are joined, every nation's in the same number
(a lane each, :class:`_Masks`): a board's units and centres are looked at once for all
nations, each unit's part looked up in a table; a nation's or a seat's sight hands out
each board's lane as a :class:`~app.engine.fog.province_set.ProvinceSet`, a set of names read
from the number itself (boards that show it the same share one).
:class:`WorldSight` holds both for every board of a world, and every nation's sight there; the sight of the
next world (one submission later, or one undone) is made from it by recomputing only the
boards that are new, gone or next to one that is: a submission costs what it changed,
not what the multiverse holds. The sights of the last few worlds asked about are kept.

>>> from app.engine.rules.world import World
>>> from app.engine.variants.variant import load_variant
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
from functools import reduce
from itertools import islice
from operator import getitem, or_
from typing import AbstractSet, Iterable, Mapping

from ..rules.adjacency import adjacent_board_keys
from ..rules.coords import BoardKey, province_of
from ..rules.orders import unit_of
from .province_set import ProvinceNames, ProvinceSet
from ..variants.variant import Variant
from ..rules.world import Board, World
from ..rules.world_delta import table_changes

Sight = Mapping[BoardKey, ProvinceSet]
"""A nation's or a seat's sight: the provinces seen on each board (each set behaves as the
frozenset of the same names, see :mod:`app.engine.fog.province_set`)."""
Parts = tuple[Board, int, int]   # board, own, cast: every nation's provinces in one number (_Masks)

_NOTHING: frozenset[str] = frozenset()
_LANES_LOCK = threading.Lock()


class _Masks:
    """A variant's provinces as bits of a whole number, every nation's in the same number.
    A nation has a *lane* of the number: the bits of what it sees of a board itself, then as
    many bits for what its units on the board cast onto the boards next to it (each a whole
    number of bytes). Joining two sights is then one ``|`` for all nations at once, and what
    a board shows of itself and casts is one ``|`` of what each of its units and centres
    shows and casts, each looked up in a table.

    Tables of the variant: each province's bit, each province with its map neighbours
    (rule (b)), each unit location with where it moves on one board (rule (c), loose), and
    names back from numbers (:class:`~app.engine.fog.province_set.ProvinceNames`; a sight is
    handed out as a :class:`~app.engine.fog.province_set.ProvinceSet` of its number). Tables
    learnt from boards, bounded by size: per unit, what it shows and casts, in its nation's
    lane (keyed by the unit's ``id()``; the unit is kept alive with its entry, so the
    number cannot name another unit), and per centre mapping what its owners see (boards
    share their centre mappings while owners do not change)."""

    UNITS_KEPT = 1 << 16
    CENTRES_KEPT = 1024

    def __init__(self, variant: Variant):
        self.variant = variant
        self.names = ProvinceNames(sorted(variant.provinces))     # each province's bit, and names back
        self.provinces, self.bit = provinces, bit = self.names.provinces, self.names.bit
        self.near = {p: bit[p] | _mask(bit, variant.army_adjacent.get(p, _NOTHING))
                     | _mask(bit, variant.fleet_adjacent_provinces.get(p, _NOTHING)) for p in provinces}
        self.moves = {(t, loc): bit[province_of(loc)] | _mask(bit, variant.adjacent_provinces(t, loc))
                      for t in ("A", "F") for loc in variant.locations}
        self.width = (len(provinces) + 7) // 8                    # bytes of one nation's sight
        self.half = self.width * 8                                # bits of its sight, and of its cast
        self.full = (1 << len(provinces)) - 1                     # every province
        self.lanes: dict[str, int] = {}                           # nation -> the shift of its lane
        self.sights = 0                                           # the sight bits of every lane
        for nation in variant.nation_names:
            self.shift(nation)
        self.units: dict[str, dict[int, int]] = {"strict": {}, "loose": {}}   # mode -> id(unit) -> laned
        self.kept_units: dict[int, object] = {}                   # id(unit) -> the unit, kept alive
        self.owned: dict[str, dict[str, int]] = {}                # owner -> centre -> laned sight
        self.centres: dict[int, tuple[Mapping, int]] = {}         # id(centres) -> (centres, laned sight)
        self._learn_variant()

    def _learn_variant(self) -> None:
        """Every unit that can stand on the map and every owned centre, for the variant's
        nations (units are shared values, see ``orders.unit_of``: boards hold these)."""
        v = self.variant
        self.learn(unit_of(n, t, loc) for n in v.nation_names for t in ("A", "F") for loc in v.locations
                   if v.unit_can_stand(t, loc))
        for n in v.nation_names:
            self.owned[n] = {c: self.near[c] << self.shift(n) for c in v.supply_centres}

    def shift(self, nation: str) -> int:
        """Where ``nation``'s lane starts (a nation new to the variant gets the next lane)."""
        got = self.lanes.get(nation)
        if got is None:
            with _LANES_LOCK:     # two threads meeting the same new nation give it one lane
                got = self.lanes.get(nation)
                if got is None:
                    got = len(self.lanes) * 2 * self.half
                    self.sights |= self.full << got
                    self.lanes[nation] = got
        return got

    def as_set(self, mask: int) -> ProvinceSet:
        """The provinces whose bits are set in ``mask`` (one lane)."""
        return ProvinceSet(mask, self.names)

    def sets_of(self, lanes: Iterable[int]) -> dict[int, ProvinceSet]:
        """:meth:`as_set` of each distinct lane in ``lanes`` (boards with the same sight share
        one set)."""
        names = self.names
        return {m: ProvinceSet(m, names) for m in set(lanes)}

    def near_of(self, stands: int) -> int:
        """The provinces in ``stands`` (one lane) and their map neighbours."""
        got, near = 0, self.near
        for p in self.as_set(stands):
            got |= near[p]
        return got

    def lane(self, packed: int, nations: Iterable[str]) -> int:
        """What any of ``nations`` sees in ``packed`` (every nation's sight of a board), as
        one lane."""
        got, full, lanes = 0, self.full, self.lanes
        for n in nations:
            s = lanes.get(n)
            if s is not None:
                got |= (packed >> s) & full
        return got

    def learn(self, units: Iterable) -> None:
        """Enter ``units`` in the tables of what each unit shows and casts."""
        if len(self.kept_units) > self.UNITS_KEPT:   # only a stream of odd variants gets here
            self.forget_units()
        bit, near, moves, half = self.bit, self.near, self.moves, self.half
        strict, loose = self.units["strict"], self.units["loose"]
        for u in units:
            i = id(u)
            if i in self.kept_units:
                continue
            s = self.shift(u.nation)
            p = province_of(u.loc)
            strict[i] = (near[p] | bit[p] << half) << s
            loose[i] = (near[p] | moves[u.type, u.loc] << half) << s
            self.kept_units[i] = u

    def centre_sight(self, centres: Mapping[str, str]) -> int:
        """Every owner's centres and their neighbours, laned (kept per centre mapping)."""
        hit = self.centres.get(id(centres))
        if hit is not None and hit[0] is centres:
            return hit[1]
        try:
            # two lookups by name cost less than one by a (centre, owner) pair, whose hash
            # is made again each time
            sight = reduce(or_, map(getitem, map(self.owned.__getitem__, centres.values()), centres.keys()), 0)
        except KeyError:   # an owner or a centre the variant does not name
            sight = 0
            for prov, nation in centres.items():
                sight |= self.near[prov] << self.shift(nation)
        if len(self.centres) > self.CENTRES_KEPT:
            self.centres.clear()
        self.centres[id(centres)] = (centres, sight)
        return sight

    def forget_units(self) -> None:
        for table in self.units.values():
            table.clear()
        self.kept_units.clear()
        self._learn_variant()

    def forget(self) -> None:
        """Drop what was learnt from boards (the tables of the variant, its lanes and its
        units' entries, stay)."""
        self.centres.clear()


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


def _cast_onto(key: BoardKey, cast) -> int:
    """What the boards next to ``key`` (as :func:`~app.engine.rules.adjacency.adjacent_board_keys`
    gives them, RULES.md §2) cast onto it, ``cast`` being the ``get`` of a table of casts.
    The coordinates are plain tuples: they find the boards in a table keyed by
    :class:`BoardKey` (equal tuples, equal hashes), and cost a tenth of making the keys,
    which counts on a cold start over every board."""
    timeline, turn = key
    year, season = turn
    if season == 2:          # Winter touches nothing
        return 0
    if season == 0:
        before, after = (year - 1, 1), (year, 1)
    else:
        before, after = (year, 0), (year + 1, 0)
    return (cast((timeline, before), 0) | cast((timeline, after), 0)
            | cast((timeline - 1, turn), 0) | cast((timeline + 1, turn), 0))


def board_parts(board: Board, variant: Variant, mode: str) -> Parts:
    """``(board, own, cast)``: what every nation sees on ``board`` of itself (rules (a) and
    (b)) and what its units there cast onto adjacent boards (rule (c)), laned
    (:class:`_Masks`; ``cast`` in the sight bits of each lane)."""
    masks = _masks(variant)
    units = board.units.values()
    for _ in range(2):
        try:
            both = reduce(or_, map(masks.units[mode].__getitem__, map(id, units)), masks.centre_sight(board.centres))
        except KeyError:   # a unit not met before (or the tables were just emptied)
            masks.learn(units)
            continue
        sights = masks.sights
        if board.key[1][1] == 2:   # Winter boards touch nothing
            return board, both & sights, 0
        return board, both & sights, (both >> masks.half) & sights
    return _parts_slowly(board, masks, mode)


def _parts_slowly(board: Board, masks: _Masks, mode: str) -> Parts:
    own, cast = masks.centre_sight(board.centres), 0
    for u in board.units.values():
        s, p = masks.shift(u.nation), province_of(u.loc)
        own |= masks.near[p] << s
        if board.key[1][1] != 2:
            cast |= (masks.moves[u.type, u.loc] if mode == "loose" else masks.bit[p]) << s
    return board, own, cast


def _seen(own: int, key: BoardKey, casts: Mapping[BoardKey, int]) -> int:
    """Every nation's sight of board ``key``: its own, and what the boards next to it cast."""
    get = casts.get
    for j in _neighbours(key):
        c = get(j)
        if c:
            own |= c
    return own


class WorldSight:
    """Every nation's sight on every board of one world (see the module docstring).

    ``parts`` maps each board to ``(board, own, cast)`` (:func:`board_parts`), ``casts``
    each board to its cast, and ``seen`` to every nation's sight there (laned, see
    :class:`_Masks`); :meth:`of` gives one nation's or one seat's sight of every board. A
    sight made :meth:`from <derive>` another world's shares every unchanged entry."""

    __slots__ = ("world", "masks", "parts", "casts", "seen", "_of")
    KEEP_SEATS = 12

    def __init__(self, world: World, parts: dict[BoardKey, Parts], casts: dict[BoardKey, int],
                 seen: dict[BoardKey, int]):
        self.world, self.parts, self.casts, self.seen = world, parts, casts, seen
        self.masks = _masks(world.variant)
        self._of: OrderedDict[tuple[str, ...], dict[BoardKey, ProvinceSet]] = OrderedDict()

    @classmethod
    def build(cls, world: World) -> "WorldSight":
        """From scratch."""
        variant, mode = world.variant, world.adjacency
        masks = _masks(variant)
        units, centre_sight, half = masks.units[mode].__getitem__, masks.centre_sight, masks.half
        parts, casts = {}, {}
        for k, b in world.boards.items():   # board_parts, unrolled: this is the cold start's loop
            try:
                both = reduce(or_, map(units, map(id, b.units.values())), centre_sight(b.centres))
            except KeyError:
                p = parts[k] = board_parts(b, variant, mode)
                casts[k] = p[2]
                continue
            sights = masks.sights   # (read after the centres: an owner new to the variant widens it)
            c = casts[k] = 0 if k[1][1] == 2 else (both >> half) & sights
            parts[k] = (b, both & sights, c)
        seen, cast = {}, casts.get
        for k, p in parts.items():
            seen[k] = p[1] | _cast_onto(k, cast)
        return cls(world, parts, casts, seen)

    def derive(self, world: World) -> "WorldSight":
        """The sight of ``world``, a world that shares most boards with this one's: only the
        boards that differ, and the boards next to them, are looked at again."""
        variant, mode = world.variant, world.adjacency
        old_boards, boards = self.world.boards, world.boards
        differ, added, gone = table_changes(old_boards, boards)
        changed = [*differ, *added]
        parts, casts, seen = self.parts.copy(), self.casts.copy(), self.seen.copy()
        for k in gone:
            del parts[k], casts[k], seen[k]
        for k in changed:
            p = parts[k] = board_parts(boards[k], variant, mode)
            casts[k] = p[2]
        touched = set(changed)
        for k in (*changed, *gone):
            touched.update(_neighbours(k))
        old_seen = self.seen
        for k in touched:
            p = parts.get(k)
            if p is None:
                continue
            new = _seen(p[1], k, casts)
            old = old_seen.get(k)
            seen[k] = old if old == new else new    # the same number: unchanged, by identity
        out = WorldSight(world, parts, casts, seen)
        lane, sets_of = out.masks.lane, out.masks.sets_of
        moved = [k for k in touched if (s := seen.get(k)) is not None and s is not old_seen.get(k)]
        for nations, base in self._of.items():   # the seats asked about here, carried over
            mine = base.copy()
            for k in gone:
                del mine[k]
            lanes = [lane(seen[k], nations) for k in moved]
            mine.update(zip(moved, map(sets_of(lanes).__getitem__, lanes)))
            out._of[nations] = mine
        return out

    def of(self, nations: tuple[str, ...]) -> dict[BoardKey, ProvinceSet]:
        """The provinces ``nations`` see on every board (kept for the last few seats)."""
        got = self._of.get(nations)
        if got is None:
            masks = self.masks
            shifts = [masks.lanes[n] for n in nations if n in masks.lanes]
            if len(shifts) == 1:
                s, full = shifts[0], masks.full
                lanes = [(v >> s) & full for v in self.seen.values()]
            else:
                lane = masks.lane
                lanes = [lane(v, nations) for v in self.seen.values()]
            got = dict(zip(self.seen.keys(), map(masks.sets_of(lanes).__getitem__, lanes)))
            self._of[nations] = got
            if len(self._of) > self.KEEP_SEATS:
                self._of.popitem(last=False)
        else:
            self._of.move_to_end(nations)
        return got


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


def board_sight(world: World, nation: str | Iterable[str], key: BoardKey) -> ProvinceSet:
    """The provinces ``nation`` (or any of several nations) sees on board ``key``.

    Raises ``KeyError`` when the board does not exist."""
    boards = world.boards
    with _LOCK:
        state = _STATES.get(id(world))
    variant, mode = world.variant, world.adjacency
    if state is not None and state.world is world:
        seen = state.seen[key]
    else:
        casts = {j: board_parts(b, variant, mode)[2] for j in _neighbours(key) if (b := boards.get(j)) is not None}
        seen = _seen(board_parts(boards[key], variant, mode)[1], key, casts)
    masks = _masks(variant)
    return masks.as_set(masks.lane(seen, _nations(nation)))


def sight(world: World, nation: str | Iterable[str]) -> dict[BoardKey, ProvinceSet]:
    """The provinces ``nation`` (or any of several nations: a seat) sees, on every board
    (a dict of the caller's own)."""
    nations = _nations(nation)
    with _LOCK:
        told = _TOLD.get((id(world), frozenset(nations)))
    if told is not None and told[0] is world:
        return dict(told[1])
    return dict(world_sight(world).of(nations))


_TOLD: OrderedDict[tuple[int, frozenset[str]], tuple[World, Sight]] = OrderedDict()


def remember_sight(world: World, nations: Iterable[str], seen: Sight) -> None:
    """Remember that ``nations`` see ``seen`` in ``world``, a world made from another whose
    sight is known: a seat's fogged view shows everything its sight depends on, so the seat
    sees in the view what it sees in the whole world (``app.match.fog``), and a front end
    veiling the view need not work it out again. The last few are remembered."""
    with _LOCK:
        _TOLD[id(world), frozenset(nations)] = (world, seen)
        while len(_TOLD) > KEEP_WORLDS:
            _TOLD.popitem(last=False)


def sees(seen: AbstractSet[str], loc: str) -> bool:
    """Is the location ``loc`` (a province, or a coast of one) in a board's sight?"""
    return province_of(loc) in seen


__all__ = ["Sight", "ProvinceSet", "WorldSight", "board_sight", "board_parts", "sight", "sees", "clear_cache", "world_sight",
           "remember_sight"]
