"""A disband: the unit is removed, on a Winter board (a nation with more units than
centres, RULES.md §5) or while the world waits for retreats (a dislodged unit, §3).

- its text: ``A 1:mun:W1901 D``: :func:`text`;
- its check: :func:`check` on a board (after :func:`app.engine.rules.validation.check`'s
  gates); in a retreat pause, :func:`app.engine.rules.kinds.retreat.check`;
- its targets: none (the unit itself).

Elsewhere: its words in the notation's grammar (``D``, ``disbands``, ``remove``:
:mod:`app.engine.notation.order_words`); a Winter board's adjustment (:mod:`..adjustments`)
and the retreats (:mod:`..retreats`).
"""

from __future__ import annotations

from typing import Callable

from ..coords import BoardKey, Location
from ..orders import Disband, Order


def text(order: Disband, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, the unit's location written by ``place`` as seen from
    board ``key`` (None: with every coordinate)."""
    return f"{order.unit_type} {place(order.unit, key)} D"


def check(order: Disband, on_winter_board: bool) -> tuple[Order, str | None]:
    """A disband given on a board outside a retreat pause, once the gates common to unit
    orders are passed (its unit, its nation, an active board)."""
    if not on_winter_board:
        return order, "units are disbanded only on Winter boards (or when dislodged)"
    return order, None
