"""A civilisations game's history (RULES.md §10): the accepted gifts between
submissions, replaying them, and the world a map was given from.

A gift changes the present world at once (a unit changes hands, two civilisations meet)
and is logged in the game's :class:`GiftLog` (``Game.extension``, read with
:func:`gifts_of`) with the number of submissions made when it was given. Every past world
rebuilt from the present one keeps the gifts given before the submission that followed it
(a unit given stays given on its board; a contact carries its moment), so
``Game.world_at(i)`` is world ``i`` with its gifts; replaying a save applies them again in
their place. Undoing a submission takes back the gifts given after it (they were given in
the world it made), and redoing it puts them back: the log keeps what it took back.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Sequence

from .civ import changed_civ, civ_of
from .civsave import gift_json
from ..game import Game
from ..rules.dates import Calendar
from ..rules.extension import GameExtension
from .gifts import Gift, apply_gift, follow_unit
from ..rules.orders import unit_of
from ..rules.world import World


class GiftLog(GameExtension):
    """The accepted gifts of one game, each with the number of submissions made when it was
    given (``gifts``), and the gifts taken back by undo, kept for redo (``undone``: the
    world each undone submission made, with the gifts given after it)."""

    field = "civ.gifts"

    def __init__(self, gifts: Sequence[tuple[int, Gift]] = ()):
        self.gifts: tuple[tuple[int, Gift], ...] = tuple(gifts)
        self.undone: list[tuple[World, tuple]] = []

    def replay_at(self, world: World, submissions: int) -> World:
        for n, gift in self.gifts:
            if n == submissions:
                world = apply_gift(world, gift)
        return world

    def after_undo(self, submissions: int, undone: World) -> None:
        """The gifts given after submission ``submissions`` leave the log, kept for redo."""
        if not self.gifts:
            return
        self.undone.append((undone, tuple(x for x in self.gifts if x[0] == submissions)))
        self.gifts = tuple(x for x in self.gifts if x[0] != submissions)

    def after_redo(self, world: World) -> None:
        """The gifts taken back with ``world`` return; any other new world ends the chain."""
        if self.undone and self.undone[-1][0] is world:
            self.gifts = (*self.gifts, *self.undone.pop()[1])
        else:
            self.undone.clear()

    def copy(self) -> "GiftLog":
        return GiftLog(self.gifts)

    def to_json(self) -> dict[str, Any]:
        return {"gifts": [gift_json(at, g) for at, g in self.gifts]} if self.gifts else {}


def gifts_of(game: Game) -> tuple[tuple[int, Gift], ...]:
    """``game``'s accepted gifts, each with the number of submissions made before it."""
    log = game.extension
    return log.gifts if isinstance(log, GiftLog) else ()


def calendar_of(world: World) -> Calendar:
    """The civilisations' calendar for a civilisations game, else the notation's years."""
    return world.calendar


def give_gift(game: Game, gift: Gift) -> World:
    """Apply an accepted ``gift`` to ``game``'s present world and log it (a unit gift is
    logged with the place the unit stands now). Raises :class:`~app.engine.civ.gifts.GiftRefused`."""
    world = game.world
    after = apply_gift(world, gift)
    if gift.kind == "unit":
        gift = Gift("unit", gift.giver, gift.receiver, unit=follow_unit(world, gift.unit))
    if not isinstance(game.extension, GiftLog):
        game.extension = GiftLog()
    game.extension.gifts = (*game.extension.gifts, (len(game.submissions), gift))
    game.change_present(after)
    return after


def world_before_gift(game: Game, index: int) -> World:
    """The world as it was when gift ``index`` of :func:`gifts_of` was accepted (before it
    and the gifts after it in the same pause between submissions): what a map gift showed."""
    gifts = gifts_of(game)
    at, _ = gifts[index]
    world = game.world_at(at)
    for n, gift in reversed(gifts[index:]):
        if n == at:
            world = _ungift(world, gift)
    return world


def _ungift(world: World, gift: Gift) -> World:
    civ = civ_of(world)
    if gift.kind == "contact":
        contacts = {p: t for p, t in civ.contacts.items() if p != frozenset((gift.receiver, gift.third))}
        return world.derive(extension=changed_civ(civ, contacts=MappingProxyType(contacts)))
    if gift.kind == "unit" and gift.unit is not None and gift.unit.board in world.boards:
        board = world.boards[gift.unit.board]
        unit = board.units.get(gift.unit.province)
        if unit is None:
            return world
        units = dict(board.units)
        units[gift.unit.province] = unit_of(gift.giver, unit.type, unit.loc)
        given = {p: n for p, n in civ.transfers.get(board.key, {}).items() if p != gift.unit.province}
        transfers = dict(civ.transfers)
        if given:
            transfers[board.key] = MappingProxyType(given)
        else:
            transfers.pop(board.key, None)
        boards = dict(world.boards)
        boards[board.key] = board._replace(units=MappingProxyType(units))
        return world.derive(boards=MappingProxyType(boards),
                            extension=changed_civ(civ, transfers=MappingProxyType(transfers)))
    return world


__all__ = ["GiftLog", "calendar_of", "gifts_of", "give_gift", "world_before_gift"]
