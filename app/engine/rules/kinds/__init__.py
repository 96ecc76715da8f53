"""Order kinds, one module each: what an order of that kind is, in one place.

=========================  =================================================================
module                     holds
=========================  =================================================================
:mod:`.hold`               its text
:mod:`.move`               its text, check and targets (and :func:`.move.reachable_boards`)
:mod:`.support`            its text, check and targets
:mod:`.convoy`             its text, check and targets
:mod:`.retreat`            its text, check (a disband's too, in a retreat pause) and targets
:mod:`.disband`            its text and check
:mod:`.build`              its text, check and targets
:mod:`.waive`              its text and check
=========================  =================================================================

Each module's docstring also says where the rest of its kind lives. The notation prints
through :data:`KINDS` (:func:`app.engine.notation.notation.format_order` with every
coordinate, :func:`app.engine.notation.board_text.order_text` relative to its board);
:func:`app.engine.rules.validation.check` passes the gates every order of a phase passes,
then calls its kind's module's ``check`` by name (their arguments differ: each takes what
the gates already found); :mod:`app.engine.rules.targets` gathers the kinds' targets for
the window.

What stays outside, on purpose:

- the order values themselves (:mod:`..orders`: small frozen dataclasses every room uses);
- turning a written order into a value with the world's help (which board a unit is on:
  :meth:`app.engine.rules.world.World.resolve`), one short branch per kind;
- reading orders: the notation is one grammar whose words several kinds share (``-`` is
  a move or a retreat, ``H`` a hold or a supported hold), so it stays whole in
  :mod:`app.engine.notation.notation` (its words in :mod:`~app.engine.notation.order_words`),
  and the save files' fast readers (``CanonicalReader``, ``BoardTextReader``) build
  every kind inline;
- adjudication: the adjudicator (:mod:`..adjudicator`) works on columns, one list per
  field and one row per order, with the commonest rows written inline while storing
  (:mod:`..storing`, :mod:`..order_table`). Splitting it by kind would put a call per
  order and per decision on the hottest path of every submission.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..coords import BoardKey, Location
from ..orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from . import build, convoy, disband, hold, move, retreat, support, waive


@dataclass(frozen=True, slots=True)
class OrderKind:
    """One kind of order: its name (an order's ``kind``), its class, and its text:
    ``text(order, place, key)``, the words after the nation, each location written by
    ``place(location, key)`` as seen from board ``key`` (None: with every coordinate).
    ``after_nation``: what follows the nation, ``": "`` (``Germany: A mun H``), or ``" "``
    for a kind whose nation is its subject and always written (``Germany waive``)."""

    name: str
    order: type
    text: Callable[[Order, Callable[[Location, BoardKey | None], str], BoardKey | None], str]
    after_nation: str = ": "


KINDS: dict[str, OrderKind] = {k.name: k for k in (
    OrderKind("hold", Hold, hold.text),
    OrderKind("move", Move, move.text),
    OrderKind("support", Support, support.text),
    OrderKind("convoy", Convoy, convoy.text),
    OrderKind("retreat", Retreat, retreat.text),
    OrderKind("disband", Disband, disband.text),
    OrderKind("build", Build, build.text),
    OrderKind("waive", Waive, waive.text, after_nation=" "),
)}
"""Every order kind by name: a new kind adds its module and its line here."""

__all__ = ["KINDS", "OrderKind"]
