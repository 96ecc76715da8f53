"""A hold: the unit stays where it stands and defends it (RULES.md §2). Every unit on a
movement board left without an order holds (:func:`app.engine.rules.orders.quick_hold`).

- its text: ``A 1:mun:S1901 H``: :func:`text`;
- its check: none of its own: :func:`app.engine.rules.validation.check`'s gates (a unit
  of the ordering nation on an active movement board) are all it needs;
- its targets: none (the unit's own space).

Elsewhere: its words in the notation's grammar (``H``, ``holds``:
:mod:`app.engine.notation.order_words`); its row of the adjudicator's table (HOLD, written
inline by :mod:`..storing`) and its hold strength (:mod:`..adjudicator`), where every kind
stays in columns for speed.
"""

from __future__ import annotations

from typing import Callable

from ..coords import BoardKey, Location
from ..orders import Hold


def text(order: Hold, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, the unit's location written by ``place`` as seen from
    board ``key`` (None: with every coordinate)."""
    return f"{order.unit_type} {place(order.unit, key)} H"
