"""Gifts and exchanges between civilisations (RULES.md §10), as the rules apply them once
accepted. Offering and answering is the match's business (:mod:`app.match.civ_table`);
here a gift either holds now and changes the world, or is refused with a reason.

- ``map``: the receiver gets a snapshot of what the giver sees now (the world does not
  change: the match keeps the snapshot);
- ``maps``: both get the other's snapshot;
- ``unit``: one of the giver's units on an active movement board, not on a supply centre,
  becomes the receiver's on that board (and so on the boards after it);
- ``contact``: the receiver and a third civilisation in contact with the giver (and not
  yet with the receiver) come into contact.

Only civilisations in contact give. A unit offered earlier is followed to its timeline's
new active board if it moved on there (:func:`follow_unit`).

>>> from app.engine.rules.coords import Location
>>> Gift("contact", "Sumer", "Akkad", third="Elam").describe()
'Sumer introduces Akkad to Elam'
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from .civ import changed_civ, civ_of, clock, in_contact
from .contact import pair
from ..rules.coords import BoardKey, Location, province_of
from ..rules.orders import unit_of
from ..rules.world import World

GiftKind = Literal["map", "maps", "unit", "contact"]
KINDS: tuple[str, ...] = ("map", "maps", "unit", "contact")


class GiftRefused(ValueError):
    """A gift the rules do not allow now; the message says why."""


@dataclass(frozen=True)
class Gift:
    """``giver`` gives ``receiver`` (for ``maps``: the two exchange). ``unit`` names the
    unit of a unit gift (where it stood when offered); ``third`` the civilisation of a
    contact gift."""

    kind: str
    giver: str
    receiver: str
    unit: Location | None = None
    third: str | None = None

    def describe(self, name=lambda n: n) -> str:
        """In words (``name`` renames civilisations, e.g. to hide unknown ones)."""
        g, r = name(self.giver), name(self.receiver)
        if self.kind == "map":
            return f"{g} gives {r} a map of what it sees"
        if self.kind == "maps":
            return f"{g} and {r} exchange maps"
        if self.kind == "unit":
            where = f"{self.unit.loc} on board {self.unit.board}" if self.unit else "a unit"
            return f"{g} gives {r} its unit in {where}"
        return f"{g} introduces {r} to {name(self.third)}"

    @property
    def parties(self) -> tuple[str, ...]:
        return (self.giver, self.receiver)


def follow_unit(world: World, loc: Location) -> Location | None:
    """Where the unit that stood at ``loc`` stands now on its timeline's active board: the
    same place while its board is active, else followed board by board through its own
    results (held, or moved on the same board); None once it has left its timeline, been
    dislodged or its board was not followed by another."""
    key, prov = loc.board, province_of(loc.loc)
    unit = world.boards[key].units.get(prov) if key in world.boards else None
    if unit is None:
        return None
    while not world.is_active(key):
        nxt = BoardKey(key.timeline, key.turn.next())
        if nxt not in world.boards or not key.turn.is_movement:
            return None
        order = world.order_of(Location(key, unit.loc).space)
        to = prov
        if order is not None:
            o, r = order
            if r.dislodged:
                return None
            if r.moved:
                if o.dest.board != key:
                    return None          # it went to another board: gone from its timeline
                to = o.dest.province
        there = world.boards[nxt].units.get(to)
        if there is None or there.nation != unit.nation or there.type != unit.type:
            return None
        key, prov, unit = nxt, to, there
    return Location(key, unit.loc)


def refusal(world: World, gift: Gift) -> str | None:
    """Why the rules refuse ``gift`` now, or None when it holds."""
    if civ_of(world) is None:
        return "gifts are made only in a civilisations game"
    nations = world.variant.nations
    for n in (gift.giver, gift.receiver) + ((gift.third,) if gift.kind == "contact" else ()):
        if n not in nations:
            return f"'{n}' is not a civilisation of this game"
    if gift.kind not in KINDS:
        return f"'{gift.kind}' is not a kind of gift (map, maps, unit or contact)"
    if gift.giver == gift.receiver:
        return "a civilisation cannot give to itself"
    if world.phase == "over":
        return "the game is over"
    if not in_contact(world, gift.giver, gift.receiver):
        return f"{gift.giver} and {gift.receiver} are not in contact"
    if gift.kind == "contact":
        third = gift.third
        if third in (gift.giver, gift.receiver):
            return "a contact gift introduces a third civilisation"
        if not in_contact(world, gift.giver, third):
            return f"{gift.giver} is not in contact with {third}"
        if in_contact(world, gift.receiver, third):
            return f"{gift.receiver} is already in contact with {third}"
    if gift.kind == "unit":
        return _unit_refusal(world, gift)
    return None


def _unit_refusal(world: World, gift: Gift) -> str | None:
    if gift.unit is None:
        return "a unit gift names its unit"
    loc = follow_unit(world, gift.unit)
    if loc is None:
        return f"the unit that stood in {gift.unit.province} on board {gift.unit.board} is gone"
    board = world.boards[loc.board]
    unit = board.units[loc.province]
    if unit.nation != gift.giver:
        return f"the unit in {loc.province} on board {loc.board} is not {gift.giver}'s"
    if not board.is_movement:
        return "units are not given on a Winter board"
    if world.pause is not None:
        return "units are not given while the world waits for retreats"
    if loc.province in world.variant.supply_centres:
        return f"the unit stands on a supply centre ({loc.province})"
    return None


def apply_gift(world: World, gift: Gift) -> World:
    """The world once ``gift`` is accepted (map gifts leave it as it is). Raises
    :class:`GiftRefused` when the rules refuse it now."""
    reason = refusal(world, gift)
    if reason is not None:
        raise GiftRefused(reason)
    civ = civ_of(world)
    if gift.kind == "contact":
        return world.derive(extension=civ.with_contacts([pair(gift.receiver, gift.third)], clock(world)))
    if gift.kind == "unit":
        loc = follow_unit(world, gift.unit)
        board = world.boards[loc.board]
        old = board.units[loc.province]
        units = dict(board.units)
        units[loc.province] = unit_of(gift.receiver, old.type, old.loc)
        boards = dict(world.boards)
        boards[loc.board] = board._replace(units=MappingProxyType(units))
        given = dict(civ.transfers.get(loc.board, {}))
        given[loc.province] = gift.receiver
        transfers = MappingProxyType({**civ.transfers, loc.board: MappingProxyType(given)})
        return world.derive(boards=MappingProxyType(boards), extension=changed_civ(civ, transfers=transfers))
    return world


__all__ = ["Gift", "GiftRefused", "KINDS", "apply_gift", "follow_unit", "refusal"]
