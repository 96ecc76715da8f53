"""Every past world of a game, rebuilt from the present one without adjudicating again.

A world only ever grows: a submission adds boards, gives orders on the active boards (once
each), adds retreats, and may change the results of older orders (an attack from the
future can cut a past support). So the world after submission ``i`` is the present world
with what came later taken away. :class:`HistoryIndex` records, for each board, when it
appeared and when its orders were given, every version of each board's results, when each
retreat was made, and each world's pause and submission count; :meth:`HistoryIndex.step_back`
then turns world ``i`` into world ``i - 1`` in time proportional to what submission ``i`` changed. Save files store the index
(so opening a long game, undoing and moving through its history never replays it).

>>> from app.engine.game import Game
>>> g = Game.new(); _ = g.submit_text(["A mun - tyr"]); _ = g.submit_text([])
>>> [str(k) for k in g.index.step_back(g.world, 2).boards]
['1:S1901', '1:F1901']
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping

from .coords import BoardKey
from .orders import Order, Result
from .world import Pause, World, index_orders, spaces_named
from .world_delta import table_changes


@dataclass
class HistoryIndex:
    """When each part of the present world came to be (see the module docstring).

    ``counts[i]`` is ``World.submissions`` of world ``i``; ``len(counts) - 1`` is the
    index of the present world.
    """

    born: dict[BoardKey, int] = field(default_factory=dict)
    given: dict[BoardKey, int] = field(default_factory=dict)
    versions: dict[BoardKey, list[tuple[int, tuple[Result, ...]]]] = field(default_factory=dict)
    retreat_at: dict[BoardKey, list[int]] = field(default_factory=dict)
    pauses: dict[int, Pause] = field(default_factory=dict)
    counts: list[int] = field(default_factory=list)
    # What each submission added, to take it back in proportion to its size.
    _log: list[tuple[list[BoardKey], list[BoardKey], list[BoardKey], list[BoardKey]]] = \
        field(default_factory=list, repr=False)

    @classmethod
    def starting(cls, world: World) -> "HistoryIndex":
        idx = cls()
        idx._log.append(([], [], [], []))
        idx.counts.append(world.submissions)
        idx.born = {k: 0 for k in world.boards}
        idx.given = {k: 0 for k in world.orders}
        idx.versions = {k: [(0, r)] for k, r in world.results.items()}
        idx.retreat_at = {k: [0] * len(r) for k, r in world.retreats.items()}
        if world.pause is not None:
            idx.pauses[0] = world.pause
        return idx

    def copy(self) -> "HistoryIndex":
        """An independent copy, in a millisecond at 10,000 boards (an autosave takes one on
        the window's thread): the tables are copied, the lists in them shared, since
        :meth:`push` and :meth:`pop` replace a list of ``versions`` or ``retreat_at``
        rather than change it."""
        return HistoryIndex(dict(self.born), dict(self.given), dict(self.versions), dict(self.retreat_at),
                            dict(self.pauses), list(self.counts), list(self._log))

    @property
    def present(self) -> int:
        return len(self.counts) - 1

    def push(self, before: World, after: World) -> None:
        """Record the submission that turned ``before`` (the present) into ``after``."""
        i = len(self.counts)
        new_boards = list(table_changes(before.boards, after.boards)[1])
        new_orders = list(table_changes(before.orders, after.orders)[1])
        changed, added, _ = table_changes(before.results, after.results)
        changed = [*changed, *added]
        changed_retreats, added_retreats, _ = table_changes(before.retreats, after.retreats)
        retreated = [*changed_retreats, *added_retreats]
        for k in new_boards:
            self.born[k] = i
        for k in new_orders:
            self.given[k] = i
        versions, retreat_at = self.versions, self.retreat_at   # (lists replaced, never changed: see copy)
        for k in changed:
            versions[k] = [*versions.get(k, ()), (i, after.results[k])]
        for k in retreated:
            at = retreat_at.get(k, [])
            retreat_at[k] = at + [i] * (len(after.retreats[k]) - len(at))
        if after.pause is not None:
            self.pauses[i] = after.pause
        self.counts.append(after.submissions)
        self._log.append((new_boards, new_orders, changed, retreated))

    def pop(self) -> None:
        """Forget the last submission (undo)."""
        i = self.present
        if i == 0:
            raise IndexError("nothing to undo")
        new_boards, new_orders, changed, retreated = self._log.pop()
        for k in new_boards:
            del self.born[k]
        for k in new_orders:
            del self.given[k]
        for k in changed:   # (lists replaced, never changed: see copy)
            vs = self.versions[k][:-1]
            if vs:
                self.versions[k] = vs
            else:
                del self.versions[k]
        for k in retreated:
            at = self.retreat_at[k]
            n = len(at)
            while n and at[n - 1] == i:
                n -= 1
            if n:
                self.retreat_at[k] = at[:n]
            else:
                del self.retreat_at[k]
        self.pauses.pop(i, None)
        self.counts.pop()

    def step_back(self, world: World, j: int) -> World:
        """World ``j - 1`` from world ``j``: what submission ``j`` added taken away, the
        results it changed put back. Copies the mappings (fast, in C) and touches only what
        that submission changed."""
        if not 0 < j <= self.present:
            raise IndexError(f"no world before {j} (1 to {self.present})")
        new_boards, new_orders, changed, retreated = self._log[j]
        boards, ends = dict(world.boards), dict(world.ends)
        starts, parents = dict(world.starts), dict(world.parents)
        for k in new_boards:
            del boards[k]
            t = k[0]
            if starts[t] == k[1]:  # a timeline born in this submission
                del ends[t], starts[t], parents[t]
            else:
                ends[t] = k[1].previous()
        orders, results = world.orders.copy(), dict(world.results)   # copy(): orders not yet made stay so
        refs, incoming = world.refs.copy(), dict(world.incoming)
        for k in new_orders:
            unindex_orders(refs, incoming, k, orders.pop(k))
        for k in changed:
            if k in orders:
                results[k] = _version_at(self.versions[k], j - 1)
            else:
                results.pop(k, None)
        retreats = dict(world.retreats)
        for k in retreated:
            count = bisect_right(self.retreat_at[k], j - 1)
            if count:
                retreats[k] = retreats[k][:count]
            else:
                del retreats[k]
        return world.derive(boards=MappingProxyType(boards), ends=MappingProxyType(ends),
                            starts=MappingProxyType(starts), parents=MappingProxyType(parents),
                            orders=MappingProxyType(orders), results=MappingProxyType(results),
                            retreats=MappingProxyType(retreats), refs=MappingProxyType(refs),
                            incoming=MappingProxyType(incoming), pause=self.pauses.get(j - 1),
                            winner=None, submissions=self.counts[j - 1])


def _version_at(versions: list[tuple[int, tuple[Result, ...]]], i: int) -> tuple[Result, ...]:
    j = len(versions) - 1
    while versions[j][0] > i:
        j -= 1
    return versions[j][1]


def unindex_orders(refs: dict, incoming: dict, key: BoardKey, orders: tuple[Order, ...]) -> None:
    """Take the orders on ``key`` out of ``refs`` and ``incoming`` (as
    :class:`app.engine.rules.world.OrderIndexer` put them in), copying each inner map it changes."""
    if key[1][1] == 2:  # Winter: adjustment orders name nothing
        return
    touched: dict[BoardKey, dict] = {}
    for o in orders:
        if not hasattr(o, "unit"):
            continue
        for board, prov in spaces_named(o):
            inner = touched.get(board)
            if inner is None:
                old = refs.get(board)
                if old is None:
                    continue
                inner = touched[board] = dict(old)
            there = inner.get(prov)
            if there is None:
                continue  # already taken out for an earlier order on this board
            rest = tuple(r for r in there if r[0] != key)
            if rest:
                inner[prov] = rest
            else:
                del inner[prov]
        if o.kind == "move" and o.dest[0] != key:
            there = incoming.get(o.dest[0])
            if there is not None:
                rest = tuple(r for r in there if r[0] != key)
                if rest:
                    incoming[o.dest[0]] = rest
                else:
                    del incoming[o.dest[0]]
    for board, inner in touched.items():
        if inner:
            refs[board] = MappingProxyType(inner)
        else:
            del refs[board]


def order_index(orders: Mapping[BoardKey, tuple[Order, ...]], results: Mapping[BoardKey, tuple[Result, ...]],
                keys: Iterable[BoardKey] | None = None) -> tuple[Mapping, Mapping]:
    """``World.refs`` and ``World.incoming`` for these orders, indexed in the order of
    ``keys`` (default: the mapping's), as the submissions that gave them indexed them."""
    if keys is not None:
        orders = {k: orders[k] for k in keys}
    return index_orders(orders, results)
