"""Checks of a save file's fields: each fault names the field (``world.orders.3.board``)
and what is wrong with it; :class:`app.engine.saves.savefile.SaveReader` adds the file's name."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..rules.coords import BoardKey
from ..notation.notation import CanonicalReader

if TYPE_CHECKING:
    from ..rules.world import World
    from ..variants.variant import Variant
    from .saved_game import SavedGame

SAVE_FORMAT = "5d-diplomacy-save"
SAVE_VERSION = 3
"""1: the first format. 2: adds when each board, order list, result version and retreat
came to be (``born``, ``given``, ``since``, ``versions``, ``at``), ``history`` (each
world's submission count and pause) and ``checksum``. 3: orders and results as short texts
relative to their board, centre owners as one text per board, one piece to a line
(:mod:`app.engine.saves.save_compact`). Files of versions 1 and 2 still load (a version-1 file's
history is replayed once, which also checks it) and save again as version 3."""


class ReadingFile(Protocol):
    """What the readers of a file's parts share with the file's reader
    (:class:`app.engine.saves.savefile.SaveReader`): the game's variant, its own strings for
    names and places, and each board's birth as read."""

    variant: "Variant"
    names: dict[str, str]
    places: dict[str, str]
    born: dict[BoardKey, int]


def kind_fields(game: "SavedGame") -> dict[str, Any]:
    """The top-level part of a game of another kind (its start world's state, what else its
    start needs, and the kind's record of the game), under the kind's key; else nothing."""
    ext = game.start.extension
    if ext is None:
        return {}
    part = ext.start_json(game.variant, game.start)
    if game.extension is not None:
        part.update(game.extension.to_json())
    return {ext.key: part}


def world_kind_fields(world: "World") -> dict[str, Any]:
    """The ``world`` part's field of a game of another kind, under its key; else nothing."""
    ext = world.extension
    return {} if ext is None else {ext.key: ext.to_json(world)}


class Fault(Exception):
    """A fault at a field of the file; becomes a GameFileError naming the file."""

    def __init__(self, field: str, message: str):
        super().__init__(f"field '{field}': {message}")


def obj(x: Any, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    """``x`` as an object with the ``required`` keys and no key outside ``optional``."""
    if not isinstance(x, dict):
        raise Fault(field, f"expected an object, found {kind(x)}")
    missing = [k for k in required if k not in x]
    if missing:
        raise Fault(f"{field}.{missing[0]}" if field else missing[0], "missing")
    if len(x) > len(required):
        extra = [k for k in x if k not in required and k not in optional]
        if extra:
            raise Fault(f"{field}.{extra[0]}" if field else extra[0], "unknown field")
    return x


def mapping(x: Any, field: str) -> dict:
    if not isinstance(x, dict):
        raise Fault(field, f"expected an object, found {kind(x)}")
    return x


def kind(x: Any) -> str:
    return {dict: "an object", list: "a list", str: "a text", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(x), type(x).__name__)


def listed(x: Any, field: str) -> list:
    if not isinstance(x, list):
        raise Fault(field, f"expected a list, found {kind(x)}")
    return x


def text(x: Any, field: str) -> str:
    if not isinstance(x, str):
        raise Fault(field, f"expected a text, found {kind(x)}")
    return x


def whole(x: Any, field: str, low: int = 0, high: int | None = None) -> int:
    if type(x) is not int or x < low or (high is not None and x > high):
        bound = f"from {low}" + (f" to {high}" if high is not None else "")
        raise Fault(field, f"expected a whole number {bound}, found {x if type(x) is int else kind(x)}")
    return x + 0  # a number of its own, not the parser's (see SaveReader)


def board_key(x: Any, field: str, reader: CanonicalReader | None = None) -> BoardKey:
    key = reader.board(x) if reader is not None and type(x) is str else None
    if key is not None:
        return key
    try:
        key = BoardKey.parse(text(x, field))
    except ValueError as e:
        raise Fault(field, str(e)) from None
    if key.timeline < 1:
        raise Fault(field, f"'{x}': timelines are numbered from 1")
    return key
