"""Which active boards still need something from the player (no Qt: tests and bots use it).

A board needs attention when, for the nations a seat plays, a unit on it has no order
(movement), a dislodged unit has no retreat or disband (retreats), or builds or disbands
are owed on it beyond those already given (Winter)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterable

from app.engine import Board, BoardKey, Build, Calendar, Disband, Space, Waive, World, YEARS


@dataclass(frozen=True)
class Tally:
    """One board's units and centres by nation."""

    units: Counter                      # nation -> units
    centres: dict[str, tuple[str, ...]]  # nation -> the centres it owns
    unit_nations: tuple[str, ...]        # one per unit (for counting many boards at once)
    owned: tuple[tuple[str, str], ...]   # (nation, centre) for each owned centre

    def centre_count(self, nation: str) -> int:
        return len(self.centres.get(nation, ()))


_TALLIES: dict[BoardKey, tuple[Board, Tally]] = {}


def tally(board: Board) -> Tally:
    """``board``'s :class:`Tally`, kept while the board is the same object (boards never
    change and are shared between snapshots: after a submission only new boards are
    counted). One entry per board key asked about (active boards, as a rule), emptied
    past 20,000."""
    got = _TALLIES.get(board.key)
    if got is not None and got[0] is board:
        return got[1]
    centres: dict[str, list[str]] = {}
    for prov, nation in board.centres.items():
        centres.setdefault(nation, []).append(prov)
    nations = tuple(u.nation for u in board.units.values())
    t = Tally(Counter(nations), {n: tuple(ps) for n, ps in centres.items()}, nations,
              tuple((n, p) for p, n in board.centres.items()))
    if len(_TALLIES) > 20000:
        _TALLIES.clear()
    _TALLIES[board.key] = (board, t)
    return t


@dataclass(frozen=True)
class Need:
    board: BoardKey
    what: str          # "orders", "retreats", "builds" or "disbands"
    count: int

    def __str__(self) -> str:
        return self.describe()

    def describe(self, calendar: Calendar = YEARS) -> str:
        """``1:W1901: 2 build(s) owed``, the board named in the game's ``calendar`` (a
        civilisations game: ``1: Winter before 3500 BC: …``)."""
        words = {"orders": "unit(s) without orders", "retreats": "retreat(s) to give",
                 "builds": "build(s) owed", "disbands": "disband(s) owed"}
        return f"{calendar.board(self.board)}: {self.count} {words[self.what]}"


def _nation_at(world: World, space: Space) -> str | None:
    given = world.order_of(space)
    if given is not None:
        return given[0].nation
    unit = world.boards[space.board].units.get(space.province) if space.board in world.boards else None
    return unit.nation if unit is not None else None


def needs(world: World, pending: Iterable, nations: set[str] | None = None) -> list[Need]:
    """The boards needing attention, in timeline then turn order. ``pending``: the seat's
    pending orders; ``nations``: the nations it plays (None: all). A front end that follows
    orders as they are given keeps an :class:`Attention` instead."""
    return Attention(world, pending, nations).needs()


class Attention:
    """What a seat still owes, board by board, kept up to date one order at a time: giving,
    changing or taking back an order recounts the one board it is on (a turn of a thousand
    orders costs a thousand small recounts, not a thousand scans of every order).

    >>> from app.engine.game import Game
    >>> from app.engine.notation.notation import parse_order
    >>> g = Game.new()
    >>> todo = Attention(g.world, [])
    >>> [str(n) for n in todo.needs()]
    ['1:S1901: 22 unit(s) without orders']
    >>> [str(k) for k in todo.change(None, g.world.resolve(parse_order("A par - bur", g.variant)))]
    ['1:S1901']
    >>> [str(n) for n in todo.needs()]
    ['1:S1901: 21 unit(s) without orders']
    """

    def __init__(self, world: World, pending: Iterable = (), nations: set[str] | None = None):
        self.world = world
        self.nations = None if nations is None else set(nations)
        self.mine = {n for n in world.variant.nation_names if nations is None or n in nations}
        self._active = set(world.active_boards()) if world.phase != "over" else set()
        self._dislodged: dict[BoardKey, list[tuple[str, str | None]]] = {}   # board -> (province, nation)
        if world.phase == "retreats":
            for loc in world.pause.dislodged:
                nation = _nation_at(world, Space(loc.board, loc.province))
                self._dislodged.setdefault(loc.board, []).append((loc.province, nation))
        self._orders: dict[BoardKey, dict] = {}       # board -> {order: None}, the pending orders on it
        for o in pending:
            self._orders.setdefault(o.board, {})[o] = None
        #: board -> {"orders" | "retreats" | "builds" | "disbands": count}, only boards owing
        #: something (the view's markers read it as it is)
        self.owed: dict[BoardKey, dict[str, int]] = {}
        for key in (self._dislodged if world.phase == "retreats" else self._active):
            self._recount(key)

    def needs(self) -> list[Need]:
        """Every board owing something, in timeline then turn order."""
        return [Need(k, what, n) for k in sorted(self.owed) for what, n in self.owed[k].items()]

    @property
    def boards(self) -> int:
        """How many boards owe something."""
        return len(self.owed)

    def change(self, before, after) -> list[BoardKey]:
        """An order given (``before`` None), replaced or taken back (``after`` None); returns
        the boards whose counts changed."""
        touched = []
        for o, add in ((before, False), (after, True)):
            if o is None:
                continue
            on = self._orders.setdefault(o.board, {})
            if add:
                on[o] = None
            else:
                on.pop(o, None)
            if o.board not in touched:
                touched.append(o.board)
        return [k for k in touched if self._recount(k)]

    def _recount(self, key: BoardKey) -> bool:
        """Count what ``key`` owes again; True if that changed."""
        new = self._count(key)
        if new == self.owed.get(key, {}):
            return False
        if new:
            self.owed[key] = new
        else:
            del self.owed[key]
        return True

    def _count(self, key: BoardKey) -> dict[str, int]:
        given = self._orders.get(key, {})
        world = self.world
        if world.phase == "retreats":
            ordered = {o.unit.province for o in given if hasattr(o, "unit")}
            n = sum(1 for prov, nation in self._dislodged.get(key, ())
                    if (self.nations is None or nation in self.nations) and prov not in ordered)
            return {"retreats": n} if n else {}
        if key not in self._active:
            return {}
        board = world.boards[key]
        t = tally(board)
        mine = self.mine
        if board.is_movement:
            units = board.units
            n = sum(t.units.get(nation, 0) for nation in mine)
            for o in given:
                if hasattr(o, "unit") and (u := units.get(o.unit.province)) is not None and u.nation in mine:
                    n -= 1
            return {"orders": n} if n else {}
        builds = disbands = 0
        by_nation: dict[str, list] = {}
        for o in given:
            by_nation.setdefault(o.nation, []).append(o)
        for nation in mine:
            diff = t.centre_count(nation) - t.units.get(nation, 0)
            mine_given = by_nation.get(nation, ())
            if any(isinstance(o, Waive) for o in mine_given):
                continue                  # the remaining builds are waived
            if diff > 0:
                builds += max(0, diff - sum(1 for o in mine_given if isinstance(o, Build)))
            elif diff < 0:
                disbands += max(0, -diff - sum(1 for o in mine_given if isinstance(o, Disband)))
        out = {}
        if builds:
            out["builds"] = builds
        if disbands:
            out["disbands"] = disbands
        return out


def fill_gaps(world: World, pending: Iterable, suggested: Iterable) -> list:
    """Of ``suggested`` orders (a computer player's), those that give what ``pending`` still
    lacks: an order for each unit that has none (the player's own orders are kept, never
    replaced), and on Winter boards builds or disbands up to the number still owed, at
    places not ordered yet. A nation that waived its builds on a board gets none there."""
    pending = list(pending)
    ordered = {(o.unit.board, o.unit.province) for o in pending if hasattr(o, "unit")}
    built = {(o.at.board, o.at.province) for o in pending if isinstance(o, Build)}
    given: Counter = Counter()            # (nation, board, kind) -> builds or disbands given
    waived = set()
    for o in pending:
        if isinstance(o, Build):
            given[(o.nation, o.at.board, "build")] += 1
        elif isinstance(o, Disband) and not world.boards[o.unit.board].is_movement:
            given[(o.nation, o.unit.board, "disband")] += 1
        elif isinstance(o, Waive):
            waived.add((o.nation, o.on))
    out = []
    for o in suggested:
        if isinstance(o, Waive):
            continue                      # a waiver would cancel builds the player may still give
        if isinstance(o, Build):
            board, where = o.at.board, (o.at.board, o.at.province)
            t = tally(world.boards[board])
            owed = t.centre_count(o.nation) - t.units.get(o.nation, 0) - given[(o.nation, board, "build")]
            if where in built or (o.nation, board) in waived or owed <= 0:
                continue
            built.add(where)
            given[(o.nation, board, "build")] += 1
        elif hasattr(o, "unit"):
            where = (o.unit.board, o.unit.province)
            if where in ordered:
                continue
            board = world.boards.get(o.unit.board)
            if isinstance(o, Disband) and board is not None and not board.is_movement:
                t = tally(board)
                owed = t.units.get(o.nation, 0) - t.centre_count(o.nation) - given[(o.nation, o.unit.board, "disband")]
                if owed <= 0:
                    continue
                given[(o.nation, o.unit.board, "disband")] += 1
            ordered.add(where)
        out.append(o)
    return out
