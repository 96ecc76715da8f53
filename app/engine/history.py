"""Every past world of a game, rebuilt from the present one without adjudicating again.

A world only ever grows: a submission adds boards, gives orders on the active boards (once
each), adds retreats, and may change the results of older orders (an attack from the
future can cut a past support). So the world after submission ``i`` is the present world
with what came later taken away. :class:`HistoryIndex` records, for each board, when it
appeared and when its orders were given, every version of each board's results, when each
retreat was made, and each world's pause and submission count; :meth:`HistoryIndex.world_at`
then rebuilds world ``i`` from the present in one pass over it. Save files store the index
(so opening a long game, undoing and moving through its history never replays it).

>>> from app.engine.game import Game
>>> g = Game.new(); _ = g.submit_text(["A mun - tyr"]); _ = g.submit_text([])
>>> [str(k) for k in g.index.world_at(g.world, 1).boards]
['1:S1901', '1:F1901']
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping

from .coords import BoardKey, Space
from .orders import Move, Order, Result
from .world import Pause, World


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

    @property
    def present(self) -> int:
        return len(self.counts) - 1

    def push(self, before: World, after: World) -> None:
        """Record the submission that turned ``before`` (the present) into ``after``."""
        i = len(self.counts)
        new_boards = [k for k in after.boards.keys() - before.boards.keys()]
        new_orders = [k for k in after.orders.keys() - before.orders.keys()]
        old_results = before.results
        changed = [k for k, r in after.results.items() if old_results.get(k) is not r]
        retreated = [k for k, r in after.retreats.items() if before.retreats.get(k) is not r]
        for k in new_boards:
            self.born[k] = i
        for k in new_orders:
            self.given[k] = i
        for k in changed:
            self.versions.setdefault(k, []).append((i, after.results[k]))
        for k in retreated:
            at = self.retreat_at.setdefault(k, [])
            at.extend([i] * (len(after.retreats[k]) - len(at)))
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
        for k in changed:
            vs = self.versions[k]
            vs.pop()
            if not vs:
                del self.versions[k]
        for k in retreated:
            at = self.retreat_at[k]
            while at and at[-1] == i:
                at.pop()
            if not at:
                del self.retreat_at[k]
        self.pauses.pop(i, None)
        self.counts.pop()

    def world_at(self, present: World, i: int) -> World:
        """World ``i`` rebuilt from ``present`` (world ``self.present``)."""
        n = self.present
        if not 0 <= i <= n:
            raise IndexError(f"no world {i} (0 to {n})")
        if i == n:
            return present
        born, given = self.born, self.given
        boards = {k: b for k, b in present.boards.items() if born[k] <= i}
        ends: dict[int, object] = {}
        for t, turn in boards:
            if t not in ends or ends[t] < turn:
                ends[t] = turn
        starts = {t: s for t, s in present.starts.items() if t in ends}
        parents = {t: p for t, p in present.parents.items() if t in ends}
        keys = sorted((k for k in present.orders if given[k] <= i), key=lambda k: (given[k], k))
        orders = {k: present.orders[k] for k in keys}
        results = {k: _version_at(self.versions[k], i) for k in keys}
        retreats = {}
        for k, entries in present.retreats.items():
            count = bisect_right(self.retreat_at[k], i)
            if count:
                retreats[k] = entries[:count]
        refs, incoming = order_index(orders, results)
        return present.derive(boards=MappingProxyType(boards), ends=MappingProxyType(ends),
                              starts=MappingProxyType(starts), parents=MappingProxyType(parents),
                              orders=MappingProxyType(orders), results=MappingProxyType(results),
                              retreats=MappingProxyType(retreats), refs=MappingProxyType(refs),
                              incoming=MappingProxyType(incoming), pause=self.pauses.get(i),
                              winner=None, submissions=self.counts[i])


def _version_at(versions: list[tuple[int, tuple[Result, ...]]], i: int) -> tuple[Result, ...]:
    j = len(versions) - 1
    while versions[j][0] > i:
        j -= 1
    return versions[j][1]


def order_index(orders: Mapping[BoardKey, tuple[Order, ...]], results: Mapping[BoardKey, tuple[Result, ...]],
                keys: Iterable[BoardKey] | None = None) -> tuple[dict[Space, tuple], dict[BoardKey, tuple]]:
    """``World.refs`` and ``World.incoming`` for these orders (given in the order of
    ``keys``, default the mapping's): the spaces each movement order names and the moves
    arriving on each board from another, as the submission module records them."""
    from .submission import _spaces_of
    refs: dict[Space, tuple] = {}
    incoming: dict[BoardKey, tuple] = {}
    for key in (orders if keys is None else keys):
        if key[1][1] == 2:  # Winter: adjustment orders take no part in adjudication
            continue
        rs = results[key]
        for idx, o in enumerate(orders[key]):
            if rs[idx].illegal or not hasattr(o, "unit"):
                continue
            ref = (key, idx)
            for sp in _spaces_of(o):
                refs[sp] = refs.get(sp, ()) + (ref,)
            if isinstance(o, Move) and o.dest.board != key:
                incoming[o.dest.board] = incoming.get(o.dest.board, ()) + (ref,)
    return refs, incoming
