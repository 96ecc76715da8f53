"""A waive: a nation gives up one build it could make on a Winter board (RULES.md §5).
Unlike the other orders it names no unit: its nation is the subject (``Germany waive``).

- its text: ``waive 1:W1901`` (just ``waive`` when written from its own board): :func:`text`;
- its check: :func:`check`;
- its targets: none (the window offers it with the builds).

Elsewhere: its words in the notation's grammar (``waive``:
:mod:`app.engine.notation.order_words`); a Winter board's adjustment (:mod:`..adjustments`).
Waives are never merged as repeats: waiving twice waives two builds (:mod:`..storing`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..coords import BoardKey
from ..orders import Order, Waive

if TYPE_CHECKING:
    from ..world import World


def text(order: Waive, place: Callable[[BoardKey, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation: ``waive`` and, written with every coordinate (``key``
    None), its board. Seen from a board it names none: it is given on the board it is
    stored on."""
    return f"waive {order.on}" if key is None else "waive"


def check(world: World, order: Waive) -> tuple[Order, str | None]:
    """``(order, None)`` or ``(order, reason)``."""
    if order.on not in world.boards:
        return order, f"there is no board {order.on}"
    if order.on.turn.is_movement or not world.is_active(order.on):
        return order, "builds are waived on active Winter boards"
    if order.nation not in world.variant.nations:
        return order, "waive names a nation"
    return order, None
