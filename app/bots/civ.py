"""Computer civilisations' dealings (RULES.md §10): answering offers and offering map
exchanges. Like their orders, these decisions read only the civilisation's own view (its
fogged world with unknown civilisations unnamed) and the game's seed.

The policy is simple and predictable:

- a map gift, a contact gift: accepted (knowing more costs nothing);
- a map exchange: accepted;
- a unit gift: accepted when the unit stands within two steps of the receiver's own units
  or centres on its board (it can use it), else rejected;
- offers: after each submission, to each civilisation it is in contact with and has not
  exchanged maps with in the last three years, a map exchange, with a seeded chance of one
  in three (one offer at a time).

>>> from app.engine.civ.gifts import Gift
>>> answer(None, Gift("map", "Sumer", "Akkad"), "Akkad")
True
"""

from __future__ import annotations

import random
from typing import Iterable

from app.engine import contacts_with, follow_unit, Gift, province_of, World

EXCHANGE_EVERY = 6      # movement turns between two map exchanges with the same civilisation


def answer(view: World | None, gift: Gift, nation: str) -> bool:
    """Accept (True) or reject ``gift`` offered to ``nation``, from its ``view``."""
    if gift.kind in ("map", "maps", "contact"):
        return True
    if view is None or gift.unit is None:
        return False
    loc = follow_unit(view, gift.unit)
    if loc is None:
        return False
    board = view.boards[loc.board]
    v = view.variant
    near = {loc.province}
    for _ in range(2):
        near |= {province_of(x) for p in near for x in (*v.army_adjacent.get(p, ()), *v.fleet_adjacent_provinces.get(p, ()))}
    own = {p for p, u in board.units.items() if u.nation == nation} | {p for p, n in board.centres.items() if n == nation}
    return bool(near & own)


def offers(view: World, nation: str, seed: int, recent: Iterable[str], busy: Iterable[str]) -> list[Gift]:
    """The map exchanges ``nation`` offers now: to civilisations in contact, not in
    ``recent`` (exchanged lately) nor ``busy`` (with an open offer). At most one: a
    civilisation has one open offer at a time."""
    rng = random.Random(f"civ-offer/{seed}/{nation}/{view.submissions}")
    skip = set(recent) | set(busy)
    for other in sorted(contacts_with(view, nation)):
        if other not in skip and rng.random() < 1 / 3:
            return [Gift("maps", nation, other)]
    return []


__all__ = ["EXCHANGE_EVERY", "answer", "offers"]
