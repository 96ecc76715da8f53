"""Which active boards still need something from the player (no Qt: tests and bots use it).

A board needs attention when, for the nations a seat plays, a unit on it has no order
(movement), a dislodged unit has no retreat or disband (retreats), or builds or disbands
are owed on it beyond those already given (Winter)."""

from __future__ import annotations

from collections import Counter
from operator import is_
from dataclasses import dataclass
from typing import Iterable

from app.engine.coords import BoardKey, Space
from app.engine.orders import Build, Disband, Waive
from app.engine.world import Board, World


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
        words = {"orders": "unit(s) without orders", "retreats": "retreat(s) to give",
                 "builds": "build(s) owed", "disbands": "disband(s) owed"}
        return f"{self.board}: {self.count} {words[self.what]}"


def _nation_at(world: World, space: Space) -> str | None:
    given = world.order_of(space)
    if given is not None:
        return given[0].nation
    unit = world.boards[space.board].units.get(space.province) if space.board in world.boards else None
    return unit.nation if unit is not None else None


_LAST: list = [None, None, None, None]     # world, pending orders, nations, answer


def needs(world: World, pending: Iterable, nations: set[str] | None = None) -> list[Need]:
    """The boards needing attention, in timeline then turn order. ``pending``: the seat's
    pending orders; ``nations``: the nations it plays (None: all). The window asks it
    several times per submission with the same world and orders: the last answer is kept
    while the world and every pending order are the same objects."""
    pending = list(pending)
    w, p, n, answer = _LAST
    if w is world and n == nations and len(p) == len(pending) and all(map(is_, p, pending)):
        return list(answer)
    answer = _needs(world, pending, nations)
    _LAST[:] = [world, pending, None if nations is None else set(nations), answer]
    return list(answer)


def _needs(world: World, pending: list, nations: set[str] | None) -> list[Need]:
    unit_ordered = {(o.unit.board, o.unit.province) for o in pending if hasattr(o, "unit")}
    out: list[Need] = []
    if world.phase == "over":
        return out
    if world.phase == "retreats":
        missing: dict[BoardKey, int] = {}
        for loc in world.pause.dislodged:
            nation = _nation_at(world, Space(loc.board, loc.province))
            if (nations is None or nation in nations) and (loc.board, loc.province) not in unit_ordered:
                missing[loc.board] = missing.get(loc.board, 0) + 1
        return [Need(k, "retreats", n) for k, n in sorted(missing.items())]
    mine = [n for n in world.variant.nation_names if nations is None or n in nations]
    mine_set = set(mine)
    by_board: dict[tuple[str, BoardKey], list] = {}   # (nation, board) -> its pending orders
    for o in pending:
        by_board.setdefault((o.nation, o.board), []).append(o)
    boards = world.boards
    ordered_mine: Counter = Counter()        # units of the seat's nations given orders, per board
    for key, prov in unit_ordered:
        board = boards.get(key)
        unit = board.units.get(prov) if board is not None else None
        if unit is not None and unit.nation in mine_set:
            ordered_mine[key] += 1
    for key in world.active_boards():
        board = boards[key]
        t = tally(board)
        if board.is_movement:
            n = sum(t.units.get(nation, 0) for nation in mine) - ordered_mine.get(key, 0)
            if n:
                out.append(Need(key, "orders", n))
            continue
        builds = disbands = 0
        for nation in mine:
            diff = t.centre_count(nation) - t.units.get(nation, 0)
            given = by_board.get((nation, key), ())
            if any(isinstance(o, Waive) for o in given):
                continue                  # the remaining builds are waived
            if diff > 0:
                builds += max(0, diff - sum(1 for o in given if isinstance(o, Build)))
            elif diff < 0:
                disbands += max(0, -diff - sum(1 for o in given if isinstance(o, Disband)))
        if builds:
            out.append(Need(key, "builds", builds))
        if disbands:
            out.append(Need(key, "disbands", disbands))
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
