"""One board alone, where a player tries orders out with the real engine.

An :class:`Arena` copies one board of a world (under fog, the board as the nation sees it)
into a world of its own, keyed at timeline 1 and the same turn, so that the engine's
:func:`~app.engine.rules.submission.submit` adjudicates a full set of orders for it in a fraction
of a millisecond. :meth:`Arena.play` returns what a player needs to value the result:
the units and centre owners of the board that follows, and the units dislodged with
somewhere to retreat. Orders are written for :attr:`Arena.key`; :meth:`Arena.home`
moves them back to the board they are for.

>>> from app.engine.game import Game
>>> from app.engine.rules.coords import Location
>>> from app.engine.rules.orders import Move
>>> w = Game.new().world
>>> arena = Arena(w, w.active_boards()[0])
>>> after = arena.play([Move("France", "A", Location(arena.key, "par"), Location(arena.key, "bur"))])
>>> after.units["bur"].nation, after.moved
('France', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from app.engine import (Board, BoardKey, Convoy, Location, Move, next_units, Order, Season, submit,
                        Support, Unit, World)


@dataclass(frozen=True, slots=True)
class After:
    """The board after one adjudication: its units and centre owners (owners change after
    Fall), the dislodged units that may still retreat (by province, not in ``units``), and
    how many moves succeeded."""

    units: Mapping[str, Unit]
    centres: Mapping[str, str]
    retreating: Mapping[str, Unit]
    moved: int


class Arena:
    """The board ``key`` of ``world``, alone (see the module docstring)."""

    def __init__(self, world: World, key: BoardKey):
        self.origin = key
        self.key = BoardKey(1, key.turn)
        board = world.boards[key]
        self.board = Board(self.key, board.units, board.centres)
        arena = World.from_boards(world.variant, [self.board], world.adjacency, world.seed)
        if world.home_centres is not None:
            arena = arena.derive(home_centres=world.home_centres)
        self.world = arena
        self.variant = world.variant
        self.next_key = BoardKey(1, key.turn.next())
        self.fall = key.turn.season == Season.FALL
        self.plays = 0

    def play(self, orders: list[Order]) -> After:
        """Adjudicate ``orders`` (units without one hold) and return the board after."""
        self.plays += 1
        report = submit(self.world, orders)
        w = report.world
        moved = sum(1 for r in report.results if r.moved)
        if w.pause is None:
            nxt = w.boards[self.next_key]
            return After(nxt.units, nxt.centres, _NONE, moved)
        units = next_units(w, self.key, retreats=False)
        centres = self.board.centres
        if self.fall:
            centres = dict(centres)
            sc = self.variant.supply_centres
            centres.update((p, u.nation) for p, u in units.items() if p in sc)
        retreating = {loc.province: self.board.units[loc.province] for loc in w.pause.dislodged}
        return After(units, centres, retreating, moved)

    # -- between the arena and the world -------------------------------------------------

    def home(self, order: Order) -> Order:
        """``order`` written for the arena, written for the board it stands for."""
        return _rekey(order, self.key, self.origin)

    def away(self, order: Order) -> Order:
        """``order`` written for the world's board, written for the arena."""
        return _rekey(order, self.origin, self.key)


_NONE: Mapping = MappingProxyType({})


def _rekey(order: Order, frm: BoardKey, to: BoardKey) -> Order:
    if frm == to:
        return order

    def at(loc: Location | None) -> Location | None:
        return Location(to, loc.loc) if loc is not None and loc.board == frm else loc

    kind = order.kind
    if kind == "move":
        return Move(order.nation, order.unit_type, at(order.unit), at(order.dest), order.via_convoy)
    if kind == "support":
        return Support(order.nation, order.unit_type, at(order.unit), order.supported_type, at(order.supported),
                       at(order.dest))
    if kind == "convoy":
        return Convoy(order.nation, order.unit_type, at(order.unit), at(order.army), at(order.dest))
    return type(order)(order.nation, order.unit_type, at(order.unit))
