"""A finished game's record for its watchers (RULES.md §6 "Watching": a game with fog of
war or civilisations can be watched once it has ended). A watcher who comes after the end
receives the last world only in views; the record is the game's save text (every
submission and the worlds they made) so the window steps and plays back through the whole
game, as with a saved game opened from a file.

Only the game goes: not the table's save (its seats' PINs, messages or pending orders),
since the record is public once the game is over, and they are not.
"""

from __future__ import annotations

import json

from app.engine import Game, GameFileError
from app.match import Match

from .protocol import Record


def record_message(match: Match, table: str) -> Record | None:
    """The record of ``match`` (None while it is not over)."""
    if match.world.phase != "over":
        return None
    return Record(table=table, game=match.game.snapshot(meta={}).dumps())


def game_from_record(record: Record) -> Game:
    """The game a record holds; raises ``GameFileError`` naming the table."""
    where = f"the record of table {record.table}"
    try:
        raw = json.loads(record.game)
    except ValueError:
        raise GameFileError(f"{where} is not JSON") from None
    return Game.from_json(raw, where)
