"""What turns one world into another that shares most of it: kept instead of the second
world where many would be kept (an undone submission waiting to be redone).

A :class:`~app.engine.rules.world.World` shares its boards, order lists and index entries with
the world it came from, but its own tables (board → board, board → orders, …) are copies
that grow with the multiverse: a megabyte at 10,000 boards. A delta keeps only the entries
that differ, so it costs what the submission changed.

>>> from app.engine.game import Game
>>> g = Game.new(); _ = g.submit_text(["A mun - tyr"]); _, after = g.undo()
>>> d = WorldDelta.between(g.world, after)
>>> again = d.apply(g.world)
>>> again.boards == after.boards and again.orders == after.orders and again.submissions == 1
True
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from itertools import compress
from operator import is_not
from types import MappingProxyType
from typing import Any, Mapping

from ..saves.lazy_orders import LazyOrders, raw_get, raw_items, raw_values
from .world import World

_TABLES = ("boards", "orders", "results", "retreats", "parents", "starts", "ends", "refs", "incoming")
_ABSENT = object()
_LAZY = ("orders", "refs")   # tables whose values may be made when first asked for (app.engine.saves.lazy_orders)


def table_changes(old: Mapping, new: Mapping, remember: bool = True) -> tuple[tuple, tuple, tuple]:
    """How table ``new`` differs from ``old``: (the keys both have whose values are other
    objects, the keys only ``new`` has, the keys only ``old`` has).

    A world's table is a copy of the one before it with some entries set, so its keys
    begin with the old table's keys in the same order, the new ones after them. Then the
    values are compared place by place (``map`` and ``compress`` run in C), where a lookup
    per key took several times as long. Any other pair of tables is compared key by key.

    Even so, at 10,000 boards a table takes a millisecond or two (each value is visited,
    and they lie all over memory); a submission asks it of the same tables twice (the
    history index, then the window's scene), so the last four answers are kept
    (``remember=False``: this answer is not, e.g. for the save writer's own tables, which
    would push out the window's)."""
    if old is new:
        return (), (), ()
    for o, n, got in list(_RECENT):        # (a copy: another thread may be adding one)
        if o is old and n is new:
            return got
    got = _table_changes(old, new)
    if remember:
        _RECENT.append((old, new, got))
    return got


def _table_changes(old: Mapping, new: Mapping) -> tuple[tuple, tuple, tuple]:
    ko, kn = list(old), list(new)
    n = min(len(ko), len(kn))
    if ko[:n] == kn[:n]:   # (values as stored: orders not made yet are compared by what stands for them)
        return tuple(compress(ko, map(is_not, raw_values(old), raw_values(new)))), tuple(kn[n:]), tuple(ko[n:])
    changed, added = [], []
    for k, v in raw_items(new):
        was = raw_get(old, k, _ABSENT)
        if was is _ABSENT:
            added.append(k)
        elif was is not v:
            changed.append(k)
    return tuple(changed), tuple(added), tuple(k for k in ko if k not in new)


# The last answers of table_changes, with the tables they are about (held, so that no
# other table can come to stand at the same address while an answer is kept).
_RECENT: deque = deque(maxlen=4)      # a submission's four tables (boards, orders, results, retreats)


@dataclass(frozen=True)
class WorldDelta:
    """For each table of a world, the entries to set and the keys to drop; the other fields
    (pause, winner, …) as they are in the target world."""

    tables: Mapping[str, tuple[dict, tuple]]
    fields: Mapping[str, Any]

    @classmethod
    def between(cls, base: World, target: World) -> "WorldDelta":
        """The delta that :meth:`apply` turns ``base`` into ``target`` with (values are
        compared by identity: what the two share is not kept)."""
        tables = {}
        for name in _TABLES:
            old, new = getattr(base, name), getattr(target, name)
            if old is new:
                continue
            differ, added, gone = table_changes(old, new)
            changed = {k: raw_get(new, k) for k in (*differ, *added)}   # orders not made stay so
            dropped = tuple(gone)
            if changed or dropped:
                tables[name] = (changed, dropped)
        fields = {k: v for k, v in target.__dict__.items() if k not in _TABLES and base.__dict__.get(k) is not v}
        return cls(MappingProxyType(tables), MappingProxyType(fields))

    def apply(self, base: World) -> World:
        """``base`` turned into the target world (a new object equal to it, sharing its
        boards, orders and index entries)."""
        changes = dict(self.fields)
        for name, (changed, dropped) in self.tables.items():
            table = getattr(base, name).copy()   # a copy of a lazy table stays lazy
            if name in _LAZY and not isinstance(table, LazyOrders):
                table = LazyOrders(table)
            for k in dropped:
                del table[k]
            table.update(changed)
            changes[name] = MappingProxyType(table)
        return base.derive(**changes)
