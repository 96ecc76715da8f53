"""The multiverse: boards keyed by (timeline, turn), the orders given on them and their results.

A :class:`World` is an immutable snapshot. A submission makes a new World that shares
every unchanged board, order tuple and result tuple with the old one, so keeping every
past world (for undo and replay) costs little.

>>> from app.engine.variants.variant import load_variant
>>> w = World.initial(load_variant())
>>> [str(k) for k in w.active_boards()]
['1:S1901']
>>> len(w.board(w.active_boards()[0]).units)
22
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Iterator, Mapping, NamedTuple

from .coords import PROVINCE_OF, BoardKey, Location, Season, Space, Turn
from .dates import YEARS, Calendar
from ..notation.order_spec import LocSpec, NotationError, OrderSpec
from .orders import (Build, Convoy, Disband, Hold, Move, Order, Result, Retreat, Support, Unit, Waive)
from ..variants.variant import Variant, parse_unit_text

_EMPTY: Mapping = MappingProxyType({})

Ref = tuple[BoardKey, int]  # an order: its board and its index in that board's orders


class Board(NamedTuple):
    """One Diplomacy position. ``units`` maps province → unit; ``centres`` maps supply
    centre → owning nation (unowned centres are absent). Never changes once made (read-only
    mappings in an immutable tuple)."""

    key: BoardKey
    units: Mapping[str, Unit]
    centres: Mapping[str, str]

    @property
    def is_movement(self) -> bool:
        return self.key[1][1] != 2  # not Winter

    def unit_in(self, province: str) -> Unit | None:
        return self.units.get(province)

    def position(self) -> tuple[frozenset[tuple[str, str, str]], frozenset[tuple[str, str]]]:
        """What makes two boards the same position (used to decide whether to fork)."""
        return (frozenset((u.nation, u.type, u.loc) for u in self.units.values()),
                frozenset(self.centres.items()))

    def same_position(self, other: "Board") -> bool:
        return self.position() == other.position()

    def centre_count(self, nation: str) -> int:
        return sum(1 for n in self.centres.values() if n == nation)

    def unit_count(self, nation: str) -> int:
        return sum(1 for u in self.units.values() if u.nation == nation)


@dataclass(frozen=True)
class Pause:
    """A submission waiting for retreats: what it decided, to be finished after them.

    ``dislodged`` maps the location of each dislodged unit that may retreat to the
    locations it may retreat to. ``finish`` is opaque state for the submission module.
    """

    dislodged: Mapping[Location, frozenset[str]]
    finish: object


@dataclass(frozen=True)
class World:
    """An immutable snapshot of the multiverse.

    - ``boards``: every board by key;
    - ``orders``: the orders given on each board (locked once the board is past);
    - ``results``: one :class:`Result` per order, aligned with ``orders``;
    - ``retreats``: retreat and disband orders given on a board during a retreat pause, with results;
    - ``parents``: for each timeline, the board it branched from (None for start timelines);
    - ``ends``: the last turn of each timeline (its active board);
    - ``refs``: the movement orders naming each space, board by board (see
      :func:`orders_naming`); ``incoming``: moves arriving on each board from another.
    """

    variant: Variant
    adjacency: str = "strict"
    seed: int = 0
    boards: Mapping[BoardKey, Board] = field(default_factory=lambda: _EMPTY)
    orders: Mapping[BoardKey, tuple[Order, ...]] = field(default_factory=lambda: _EMPTY)
    results: Mapping[BoardKey, tuple[Result, ...]] = field(default_factory=lambda: _EMPTY)
    retreats: Mapping[BoardKey, tuple[tuple[Order, Result], ...]] = field(default_factory=lambda: _EMPTY)
    parents: Mapping[int, BoardKey | None] = field(default_factory=lambda: _EMPTY)
    starts: Mapping[int, Turn] = field(default_factory=lambda: _EMPTY)
    ends: Mapping[int, Turn] = field(default_factory=lambda: _EMPTY)
    refs: Mapping[BoardKey, Mapping[str, tuple[Ref, ...]]] = field(default_factory=lambda: _EMPTY, repr=False)
    incoming: Mapping[BoardKey, tuple[Ref, ...]] = field(default_factory=lambda: _EMPTY, repr=False)
    pause: Pause | None = None
    winner: str | None = None
    submissions: int = 0
    # Home centres the game sets (RULES.md §9, thrown starts): None means the variant's.
    home_centres: Mapping[str, frozenset[str]] | None = None
    homes_at_first_winter: bool = False
    # What a game of another kind adds, asked through the hooks of
    # app.engine.rules.extension.WorldExtension (which sits above this module and names it):
    # the civilisations' homes per board and contacts (RULES.md §10). None in a plain game.
    extension: "WorldExtension | None" = None

    # -- construction --------------------------------------------------------------------

    @classmethod
    def initial(cls, variant: Variant, adjacency: str = "strict", seed: int = 0) -> "World":
        """The variant's standard start: one board, timeline 1, Spring of the first year."""
        units = [parse_unit_text(t, variant) for t in variant.start_units]
        centres = {c: n for n, cs in variant.start_centres.items() for c in cs}
        board = make_board(BoardKey(1, Turn(variant.first_year, int(Season.SPRING))), units, centres)
        return cls.from_boards(variant, [board], adjacency, seed)

    @classmethod
    def from_boards(cls, variant: Variant, boards: list[Board], adjacency: str = "strict",
                    seed: int = 0) -> "World":
        """A world of start boards, one per timeline (numbered 1, 2, … without gaps)."""
        if adjacency not in ("strict", "loose"):
            raise ValueError(f"adjacency must be 'strict' or 'loose', not '{adjacency}'")
        timelines = sorted(b.key.timeline for b in boards)
        if timelines != list(range(1, len(boards) + 1)):
            raise ValueError("start boards must be one per timeline, numbered 1, 2, … without gaps")
        return cls(variant=variant, adjacency=adjacency, seed=seed,
                   boards={b.key: b for b in boards},
                   parents={b.key.timeline: None for b in boards},
                   starts={b.key.timeline: b.key.turn for b in boards},
                   ends={b.key.timeline: b.key.turn for b in boards})

    def derive(self, **changes) -> "World":
        """A new snapshot with some fields replaced (the rest shared). Copies the instance
        dictionary directly: the dataclass constructor costs more than a whole small
        adjudication, and every submission derives a few worlds."""
        if not changes.keys() <= _WORLD_FIELDS:
            unknown = changes.keys() - _WORLD_FIELDS
            raise TypeError(f"World has no field {', '.join(sorted(unknown))}")
        new = object.__new__(World)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    # -- home centres (the variant's, or set by the game: RULES.md §9) ---------------------

    def home_centres_of(self, nation: str, key: BoardKey | None = None) -> frozenset[str]:
        """Where ``nation`` may build: the game's home centres if it sets them, else the
        variant's; a game kind may decide them itself, per board (``key``; without one, those
        of any active board)."""
        ext = self.extension
        if ext is not None and ext.decides_homes:
            return ext.home_centres(self, nation, key)
        homes = self.variant.home_centres if self.home_centres is None else self.home_centres
        return homes.get(nation, frozenset())

    def home_nation_of(self, province: str, key: BoardKey | None = None) -> str | None:
        """The nation whose home centre ``province`` is (on board ``key`` where the game's
        kind decides homes per board), if any."""
        ext = self.extension
        if ext is not None and ext.decides_homes:
            return ext.home_nation(self, province, key)
        if self.home_centres is None:
            return self.variant.home_nation.get(province)
        return next((n for n, cs in self.home_centres.items() if province in cs), None)

    def with_first_winter_homes(self, new_boards: Iterable[BoardKey]) -> "World":
        """For a game whose home centres are those owned after its first Winter: once a
        Winter board is among ``new_boards``, the centres owned on it become the nations'
        home centres for the rest of the game (the earliest such board, lowest timeline)."""
        if not self.homes_at_first_winter:
            return self
        winters = sorted((k for k in new_boards if not k.turn.is_movement), key=lambda k: (k.turn, k.timeline))
        if not winters:
            return self
        homes: dict[str, set[str]] = {}
        for prov, nation in self.boards[winters[0]].centres.items():
            homes.setdefault(nation, set()).add(prov)
        return self.derive(home_centres=MappingProxyType({n: frozenset(cs) for n, cs in sorted(homes.items())}),
                           homes_at_first_winter=False)

    # -- queries -------------------------------------------------------------------------

    @property
    def calendar(self) -> Calendar:
        """How this game names its turns: its kind's calendar (RULES.md §10), else the years."""
        own = self.extension.calendar(self.variant) if self.extension is not None else None
        if own is not None:
            return own
        return YEARS if self.variant.first_year == 1901 else Calendar("years", self.variant.first_year)

    @property
    def phase(self) -> str:
        """What the world waits for: ``movement`` (orders), ``retreats`` or ``over``."""
        if self.winner is not None:
            return "over"
        return "retreats" if self.pause is not None else "movement"

    def board(self, key: BoardKey) -> Board:
        return self.boards[key]

    def has_board(self, key: BoardKey) -> bool:
        return key in self.boards

    @property
    def timelines(self) -> list[int]:
        return sorted(self.ends)

    def active_key(self, timeline: int) -> BoardKey:
        return BoardKey(timeline, self.ends[timeline])

    def active_boards(self) -> list[BoardKey]:
        return [BoardKey(t, self.ends[t]) for t in sorted(self.ends)]

    def is_active(self, key: BoardKey) -> bool:
        return self.ends.get(key.timeline) == key.turn

    def timeline_boards(self, timeline: int) -> list[BoardKey]:
        turn, end = self.starts[timeline], self.ends[timeline]
        keys = []
        while turn <= end:
            keys.append(BoardKey(timeline, turn))
            turn = turn.next()
        return keys

    def children(self, key: BoardKey) -> list[BoardKey]:
        """The boards that follow ``key``: its timeline's next board and the first boards
        of timelines that branched from it."""
        out = []
        nxt = BoardKey(key.timeline, key.turn.next())
        if nxt in self.boards:
            out.append(nxt)
        out.extend(BoardKey(t, self.starts[t]) for t, p in self.parents.items() if p == key)
        return out

    def unit_at(self, loc: Location) -> Unit | None:
        b = self.boards.get(loc.board)
        return b.units.get(loc.province) if b else None

    def orders_naming(self, space: Space) -> tuple[Ref, ...]:
        """``(board, index)`` of every effective movement order that names ``space`` (the
        unit's own, a destination, a supported unit or a convoyed army)."""
        on_board = self.refs.get(space[0])
        return on_board.get(space[1], ()) if on_board is not None else ()

    def order_of(self, space: Space) -> tuple[Order, Result] | None:
        """The movement order given to the unit at ``space`` and its result, if any."""
        for key, i in self.orders_naming(space):
            o = self.orders[key][i]
            if key == space.board and getattr(o, "unit", None) is not None and o.unit.province == space.province:
                return o, self.results[key][i]
        return None

    def iter_orders(self) -> Iterator[tuple[Order, Result]]:
        for key in sorted(self.orders):
            yield from zip(self.orders[key], self.results[key])

    def centres_on_active_boards(self) -> dict[str, set[str]]:
        """For each nation, the distinct centres it owns on active boards (for victory)."""
        owned: dict[str, set[str]] = {}
        boards = self.boards
        for t, turn in self.ends.items():
            for prov, nation in boards[BoardKey(t, turn)].centres.items():
                s = owned.get(nation)
                if s is None:
                    s = owned[nation] = set()
                s.add(prov)
        return owned

    def dislodged_units(self) -> dict[Location, frozenset[str]]:
        return dict(self.pause.dislodged) if self.pause else {}

    # -- resolving written orders ----------------------------------------------------------

    def resolve(self, spec: OrderSpec, literal: bool = False) -> Order:
        """Fill in a written order's missing timelines and turns and return the order.

        A unit's location with its timeline or turn left out means the unique active board
        with a unit in that province (in a retreat pause: the unique board with a dislodged
        unit there); a target's missing parts come from the ordering unit's board.
        Raises :class:`NotationError` when the text is ambiguous or names no board.
        ``literal``: read ``-`` as a move even in a retreat pause (for stored orders).
        """
        if spec.kind == "waive":
            board = spec.board or self._only_board(self._adjustment_boards(), spec.text)
            return Waive(spec.nation or "", board)
        if spec.kind == "build":
            loc = self._locate(spec.unit, spec.text, build=True)
            # DATC 4.C.3: no type given builds an army inland, a fleet where a coast is named.
            utype = spec.unit_type or ("A" if self.variant.kind(spec.unit.province) == "land"
                                       else "F" if spec.unit.coast else "?")
            from .variant_rules import builder_of   # (it reads worlds: a loop of two files)
            nation = spec.nation or builder_of(self, spec.unit.province, loc.board) or ""
            return Build(nation, utype, loc)
        unit_loc = self._locate(spec.unit, spec.text)
        unit = self.unit_at(unit_loc)
        if unit is not None and not spec.unit.coast:
            unit_loc = Location(unit_loc.board, unit.loc)
        elif unit is not None and spec.unit.coast and unit.loc != spec.unit.loc:
            unit_loc = Location(unit_loc.board, unit.loc)  # DATC 4.B.5: a wrong coast is ignored
        nation = spec.nation or (unit.nation if unit else "")
        utype = unit.type if unit else (spec.unit_type or "A")
        base = unit_loc.board
        kind = spec.kind
        if kind == "move" and self.pause is not None and not literal:
            kind = "retreat"
        if kind == "hold":
            return Hold(nation, utype, unit_loc)
        if kind == "disband":
            return Disband(nation, utype, unit_loc)
        if kind == "move":
            return Move(nation, utype, unit_loc, self._fill(spec.dest, base), spec.via_convoy)
        if kind == "retreat":
            return Retreat(nation, utype, unit_loc, self._fill(spec.dest, base))
        target = self._fill(spec.target, base)
        target_unit = self.unit_at(target)
        if target_unit is not None:
            target = Location(target.board, target_unit.loc)
        if kind == "support":
            ttype = target_unit.type if target_unit else spec.target_type
            dest = self._fill(spec.dest, base) if spec.dest else None
            return Support(nation, utype, unit_loc, ttype, target, dest)
        if kind == "convoy":
            return Convoy(nation, utype, unit_loc, target, self._fill(spec.dest, base))
        raise NotationError(f"'{spec.text}': unknown order kind {kind}")

    def _fill(self, spec: LocSpec, base: BoardKey) -> Location:
        timeline = spec.timeline if spec.timeline is not None else base.timeline
        turn = spec.turn if spec.turn is not None else base.turn
        return Location(BoardKey(timeline, turn), spec.loc)

    def _adjustment_boards(self) -> list[BoardKey]:
        return [k for k in self.active_boards() if not k.turn.is_movement]

    def _only_board(self, keys: list[BoardKey], text: str) -> BoardKey:
        if len(keys) == 1:
            return keys[0]
        if not keys:
            raise NotationError(f"'{text}': no board to give it on")
        raise NotationError(f"'{text}': which board? write its timeline and turn (one of {', '.join(map(str, keys))})")

    def _locate(self, spec: LocSpec, text: str, build: bool = False) -> Location:
        if spec.timeline is not None and spec.turn is not None:
            return Location(BoardKey(spec.timeline, spec.turn), spec.loc)
        if self.pause is not None and not build:
            candidates = sorted({loc.board for loc in self.pause.dislodged})
            with_unit = [loc.board for loc in self.pause.dislodged if loc.province == spec.province]
        else:
            candidates = self._adjustment_boards() if build else self.active_boards()
            with_unit = [k for k in candidates if spec.province in self.boards[k].units]
        if spec.timeline is not None:
            candidates = [k for k in candidates if k.timeline == spec.timeline]
            with_unit = [k for k in with_unit if k.timeline == spec.timeline]
        if spec.turn is not None:
            candidates = [k for k in candidates if k.turn == spec.turn]
            with_unit = [k for k in with_unit if k.turn == spec.turn]
        if build:
            with_unit = [k for k in candidates if spec.province not in self.boards[k].units]
        if len(with_unit) == 1:
            return Location(with_unit[0], spec.loc)
        if len(with_unit) > 1:
            raise NotationError(f"'{text}': '{spec.province}' is ambiguous, on boards "
                                f"{', '.join(map(str, with_unit))}; write e.g. {with_unit[0].timeline}:{spec.province}")
        if len(candidates) == 1:
            return Location(candidates[0], spec.loc)
        if spec.timeline is not None:
            turn = self.ends.get(spec.timeline)
            if turn is not None:
                return Location(BoardKey(spec.timeline, turn), spec.loc)
        raise NotationError(f"'{text}': no unit in '{spec.province}' on an active board; "
                            f"write its board (timeline:province:turn)")


_WORLD_FIELDS = frozenset(World.__dataclass_fields__)


def make_board(key: BoardKey, units: Iterable[tuple[str, str, str] | Unit], centres: Mapping[str, str]) -> Board:
    """A board from units (``Unit`` or ``(nation, type, loc)``) and centre owners."""
    from .coords import province_of
    placed: dict[str, Unit] = {}
    for u in units:
        unit = u if isinstance(u, Unit) else Unit(*u)
        prov = province_of(unit.loc)
        if prov in placed:
            raise ValueError(f"board {key}: two units in {prov}")
        placed[prov] = unit
    return Board(key, MappingProxyType(placed), MappingProxyType(dict(centres)))


# -- the order index: which orders name a space ---------------------------------------------
# Adjudication starts from the spaces new orders name and follows every order naming them
# (World.refs). The index is kept in two levels, board then province, so that a submission
# copies the small inner maps of the boards its orders name and the outer map (a C-level
# dict copy) rather than one entry per space in the whole history.


_new_tuple = tuple.__new__  # a named tuple's own __new__ is a Python-level call


def _space(loc: Location) -> Space:
    return _new_tuple(Space, (loc[0], PROVINCE_OF[loc[1]]))


def spaces_named(o: Order) -> tuple[Space, ...]:
    """The spaces a movement order names: its unit's, then destination / supported unit / army."""
    kind = o.kind
    u = o.unit
    own = _new_tuple(Space, (u[0], PROVINCE_OF[u[1]]))
    if kind == "hold":
        return (own,)
    if kind == "move":
        d = o.dest
        return (own, _new_tuple(Space, (d[0], PROVINCE_OF[d[1]])))
    if kind == "support":
        t = o.supported
        sup = _new_tuple(Space, (t[0], PROVINCE_OF[t[1]]))
        d = o.dest
        if d is None:
            return (own, sup)
        return (own, sup, _new_tuple(Space, (d[0], PROVINCE_OF[d[1]])))
    if kind == "convoy":
        return (own, _space(o.army), _space(o.dest))
    return (own,)


class OrderIndexer:
    """Adds stored movement orders to a copy of a world's ``refs`` and ``incoming``.

    Each inner map is copied the first time this indexer changes it; the old world's maps
    are never touched. ``refs`` and ``incoming`` are the new world's (wrap them with
    :meth:`frozen`)."""

    __slots__ = ("refs", "incoming", "_own", "names_old_boards")

    def __init__(self, refs: Mapping = _EMPTY, incoming: Mapping = _EMPTY) -> None:
        self.refs: dict[BoardKey, Mapping[str, tuple[Ref, ...]]] = refs.copy()
        self.incoming: dict[BoardKey, tuple[Ref, ...]] = incoming.copy()
        self._own: dict[BoardKey, dict[str, tuple[Ref, ...]]] = {}
        # Whether an added order names a board that earlier orders also name (so the
        # orders linked to the added ones must be searched for).
        self.names_old_boards = False

    def add(self, key: BoardKey, idx: int, order: Order) -> tuple[Space, ...]:
        """Index the order stored at ``(key, idx)``; returns the spaces it names."""
        spaces = spaces_named(order)
        ref = (key, idx)
        own, refs = self._own, self.refs
        for board, prov in spaces:
            inner = own.get(board)
            if inner is None:
                old = refs.get(board)
                if old is None:
                    inner = own[board] = {}
                else:
                    inner = own[board] = old.copy()
                    self.names_old_boards = True
            inner[prov] = inner.get(prov, ()) + (ref,)
        if order.kind == "move" and order.dest[0] != key:
            dest_board = order.dest[0]
            self.incoming[dest_board] = self.incoming.get(dest_board, ()) + (ref,)
        return spaces

    def frozen(self) -> tuple[Mapping, Mapping]:
        """The new ``refs`` and ``incoming``, read-only."""
        for board, inner in self._own.items():
            self.refs[board] = MappingProxyType(inner)
        return MappingProxyType(self.refs), MappingProxyType(self.incoming)


def index_orders(orders: Mapping[BoardKey, tuple[Order, ...]],
                 results: Mapping[BoardKey, tuple[Result, ...]]) -> tuple[Mapping, Mapping]:
    """``refs`` and ``incoming`` for a world's stored orders (for a world read from a file,
    or a seat's view), in the order of ``orders``: the same as adding the orders one by one
    with :class:`OrderIndexer`, in one pass. Orders refused when given, and adjustment
    orders, name nothing."""
    refs: dict[BoardKey, dict[str, tuple[Ref, ...]]] = {}
    incoming: dict[BoardKey, tuple[Ref, ...]] = {}
    province = PROVINCE_OF
    for key, stored in orders.items():
        if key[1][1] == 2:   # Winter
            continue
        for idx, o, r in zip(range(len(stored)), stored, results[key]):
            if r[5]:   # illegal: refused when given
                continue
            kind = o.kind
            ref = (key, idx)
            if kind == "hold":
                named = (o.unit,)
            elif kind == "move":
                named = (o.unit, o.dest)
                there = o.dest[0]
                if there != key:
                    incoming[there] = incoming.get(there, ()) + (ref,)
            elif kind == "support":
                named = (o.unit, o.supported) if o.dest is None else (o.unit, o.supported, o.dest)
            elif kind == "convoy":
                named = (o.unit, o.army, o.dest)
            elif kind in ("build", "waive"):
                continue
            else:
                named = (o.unit,)
            for board, loc in named:   # most spaces are named once or twice: tuples grow in place
                inner = refs.get(board)
                prov = province[loc]
                if inner is None:
                    refs[board] = {prov: (ref,)}
                    continue
                there = inner.get(prov)
                inner[prov] = (ref,) if there is None else there + (ref,)
    return MappingProxyType({b: MappingProxyType(inner) for b, inner in refs.items()}), MappingProxyType(incoming)
