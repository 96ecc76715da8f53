"""The seats a window plays at the tables it hosts, kept beside the hosted tables' database.

The server keeps only each invitation's hash, and a seat's sealed orders open only with its
own invitation (RULES.md §6 "Across computers"), so a host whose window closes (or crashes)
would lose its own seat. The window writes its own seat's invitation here when it hosts a
table, and takes the seat again with it when it serves its tables again. Only the host's own
seats are written: another seat's invitation never reaches the disk of the computer holding
the game. The file is readable by its owner only (on systems with file permissions).

>>> import tempfile
>>> seats = OwnSeats(Path(tempfile.mkdtemp()) / "own-seats.json")
>>> seats.all()
[]
>>> seats.keep(OwnSeat("8f1b2c284e", "friends", "Ada", "5d://127.0.0.1:8765/8f1b2c284e/0/SECRET"))
>>> [s.seat_name for s in seats.all()]
['Ada']
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from app.engine import write_text_atomic

LIMIT = 50            # the newest tables kept: a file that stays small over years of hosting


@dataclass(frozen=True)
class OwnSeat:
    table: str
    name: str               # the table's name
    seat_name: str
    invitation: str


class OwnSeats:
    def __init__(self, path: Path):
        self.path = Path(path)

    def all(self) -> list[OwnSeat]:
        """Newest first. A missing, unreadable or damaged file holds none (hosting again then
        asks for a new invitation of the seat instead)."""
        try:
            items = json.loads(self.path.read_text(encoding="utf-8"))
            return [OwnSeat(**{k: str(item[k]) for k in ("table", "name", "seat_name", "invitation")})
                    for item in items if isinstance(item, dict)]
        except (OSError, ValueError, TypeError, KeyError):
            return []

    def keep(self, seat: OwnSeat) -> None:
        """Write ``seat`` first (a table's earlier seat goes). Raises ``OSError`` when the
        disk refuses (full, read-only): the caller tells the player to copy the invitation."""
        items = [seat] + [s for s in self.all() if s.table != seat.table]
        # private: readable by its owner only from the moment it exists, never for an instant by others
        write_text_atomic(self.path, json.dumps([asdict(s) for s in items[:LIMIT]], indent=1), private=True)

    def of(self, table: str) -> OwnSeat | None:
        return next((s for s in self.all() if s.table == table), None)
