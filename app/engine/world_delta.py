"""What turns one world into another that shares most of it: kept instead of the second
world where many would be kept (an undone submission waiting to be redone).

A :class:`~app.engine.world.World` shares its boards, order lists and index entries with
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

from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Mapping

from .lazy_orders import LazyOrders, raw_copy
from .world import World

_TABLES = ("boards", "orders", "results", "retreats", "parents", "starts", "ends", "refs", "incoming")
_ABSENT = object()
_LAZY = ("orders", "refs")   # tables whose values may be made when first asked for (app.engine.lazy_orders)


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
            if name in _LAZY:   # what stands for orders not yet made is compared, not made
                old, new = raw_copy(old), raw_copy(new)
            get = old.get
            changed = {k: v for k, v in new.items() if get(k, _ABSENT) is not v}
            dropped = tuple(old.keys() - new.keys())
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
