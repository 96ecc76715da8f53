"""An order as written, before the world fills in what it leaves out: the values
:func:`app.engine.notation.notation.parse_order` makes and
:meth:`app.engine.rules.world.World.resolve` reads, and the error a text that cannot be
read raises. Apart from the parser so that the world reads them without importing the
notation's printer (which prints through the order kinds, whose checks read the world).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules.coords import BoardKey, Turn


class NotationError(ValueError):
    """Order or location text that cannot be read. The message names the word at fault;
    ``word`` holds it when one word is to blame (as the parser read it: a keyword by its
    meaning, e.g. ``move`` for ``-``)."""

    def __init__(self, message: str, word: str | None = None):
        super().__init__(message)
        self.word = word


@dataclass(frozen=True, slots=True)
class LocSpec:
    """A location as written: any part but the province may be missing."""

    timeline: int | None
    province: str
    coast: str | None
    turn: Turn | None

    @property
    def loc(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


@dataclass(frozen=True, slots=True)
class OrderSpec:
    """An order as written, before its locations are resolved against a world.

    ``kind`` is hold, move, support, convoy, retreat, disband, build or waive. For a
    support, ``target`` is the supported unit and ``dest`` its destination (None: hold);
    for a convoy, ``target`` is the army. ``retreat`` is True only when the text said so
    (``R``/``retreats to``); a plain ``-`` in a retreat pause is read as a retreat too.
    """

    text: str
    kind: str
    nation: str | None = None
    unit_type: str | None = None
    unit: LocSpec | None = None
    target_type: str | None = None
    target: LocSpec | None = None
    dest: LocSpec | None = None
    via_convoy: bool = False
    board: BoardKey | None = None  # waive only


__all__ = ["LocSpec", "NotationError", "OrderSpec"]
