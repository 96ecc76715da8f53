"""A civilisations game's history (RULES.md §10): the accepted gifts between
submissions, replaying them, and the world a map was given from.

A gift changes the present world at once (a unit changes hands, two civilisations meet)
and is logged in ``Game.gifts`` with the number of submissions made when it was given.
Every past world rebuilt from the present one keeps the gifts given before the submission
that followed it (a unit given stays given on its board; a contact carries its moment), so
``Game.world_at(i)`` is world ``i`` with its gifts; replaying a save applies them again in
their place. Undoing a submission takes back the gifts given after it (they were given in
the world it made), and redoing it puts them back.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Callable, Sequence

from .civ import changed_civ
from ..rules.dates import YEARS, Calendar
from .gifts import Gift, apply_gift, follow_unit
from ..rules.orders import unit_of
from ..rules.world import World


def calendar_of(world: World) -> Calendar:
    """The civilisations' calendar for a civilisations game, else the notation's years."""
    if world.civ is not None:
        return Calendar.civilisations(world.variant.first_year)
    return YEARS if world.variant.first_year == 1901 else Calendar("years", world.variant.first_year)


def give(game, gift: Gift) -> World:
    """Apply ``gift`` to ``game``'s present world and log it (a unit gift is logged with the
    place the unit stands now). Raises :class:`~app.engine.civ.gifts.GiftRefused`."""
    world = game.world
    after = apply_gift(world, gift)
    if gift.kind == "unit":
        gift = Gift("unit", gift.giver, gift.receiver, unit=follow_unit(world, gift.unit))
    n = len(game.submissions)
    game.gifts = (*game.gifts, (n, gift))
    game._present = after
    game._cache[n] = after
    return after


def replay(start: World, submissions: Sequence, gifts: Sequence[tuple[int, Gift]],
           submit: Callable) -> list[World]:
    """Every world of a game from its start: each submission made after the gifts logged
    before it (the last world with the gifts given since the last submission)."""
    worlds = [_gifted(start, gifts, 0)]
    for i, orders in enumerate(submissions, 1):
        worlds.append(_gifted(submit(worlds[-1], list(orders)).world, gifts, i))
    return worlds


def _gifted(world: World, gifts: Sequence[tuple[int, Gift]], at: int) -> World:
    for n, gift in gifts:
        if n == at:
            world = apply_gift(world, gift)
    return world


def take_back(game, n: int, undone: World) -> None:
    """Undo of submission ``n``: the gifts given after it leave the log, kept for redo."""
    dropped = tuple(x for x in game.gifts if x[0] == n)
    game.gifts = tuple(x for x in game.gifts if x[0] != n)
    game.__dict__.setdefault("_undone_gifts", []).append((undone, dropped))


def put_back(game, world: World) -> None:
    """Redo: the gifts taken back with ``world`` return; any other new world ends the chain."""
    stack = game.__dict__["_undone_gifts"]
    if stack and stack[-1][0] is world:
        game.gifts = (*game.gifts, *stack.pop()[1])
    else:
        stack.clear()


def world_before_gift(game, index: int) -> World:
    """The world as it was when ``game.gifts[index]`` was accepted (before it and the gifts
    after it in the same pause between submissions): what a map gift showed."""
    at, _ = game.gifts[index]
    world = game.world_at(at)
    for n, gift in reversed(game.gifts[index:]):
        if n == at:
            world = _ungift(world, gift)
    return world


def _ungift(world: World, gift: Gift) -> World:
    civ = world.civ
    if gift.kind == "contact":
        contacts = {p: t for p, t in civ.contacts.items() if p != frozenset((gift.receiver, gift.third))}
        return world.derive(civ=changed_civ(civ, contacts=MappingProxyType(contacts)))
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
                            civ=changed_civ(civ, transfers=MappingProxyType(transfers)))
    return world


__all__ = ["calendar_of", "give", "put_back", "replay", "take_back", "world_before_gift"]
