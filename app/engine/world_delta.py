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
from itertools import compress
from operator import is_not
from types import MappingProxyType
from typing import Any, Mapping

from .world import World

_TABLES = ("boards", "orders", "results", "retreats", "parents", "starts", "ends", "refs", "incoming")
_ABSENT = object()


def table_changes(old: Mapping, new: Mapping) -> tuple[list, list, list]:
    """How table ``new`` differs from ``old``: (the keys both have whose values are other
    objects, the keys only ``new`` has, the keys only ``old`` has).

    A world's table is a copy of the one before it with some entries set, so its keys
    begin with the old table's keys in the same order, the new ones after them. Then the
    values are compared place by place (``map`` and ``compress`` run in C): at 10,000
    boards a fraction of a millisecond, where a lookup per key took several. Any other
    pair of tables is compared key by key."""
    if old is new:
        return [], [], []
    ko, kn = list(old), list(new)
    n = min(len(ko), len(kn))
    if ko[:n] == kn[:n]:
        return list(compress(ko, map(is_not, old.values(), new.values()))), kn[n:], ko[n:]
    get = old.get
    changed, added = [], []
    for k, v in new.items():
        was = get(k, _ABSENT)
        if was is _ABSENT:
            added.append(k)
        elif was is not v:
            changed.append(k)
    return changed, added, [k for k in ko if k not in new]


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
            changed = {k: new[k] for k in (*differ, *added)}
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
            table = dict(getattr(base, name))
            for k in dropped:
                del table[k]
            table.update(changed)
            changes[name] = MappingProxyType(table)
        return base.derive(**changes)
