"""One server at a time for a database of tables.

Two servers on one database would each hold its own copy of every table and write over
each other's rounds: a second window hosting from the same data folder, or a second
``python -m app serve --db FILE``. The first to start holds a lock beside the database
(``FILE.serving``) until it stops; the operating system lets go of it when the process
dies (``kill -9`` included), so a crash never leaves the tables locked. ``python -m app
table`` may still add tables beside a running server: it does not serve.
"""

from __future__ import annotations

from pathlib import Path
from typing import IO

from app.data_folder import try_lock, unlock


class ServedElsewhere(RuntimeError):
    """Another server (another window, or ``python -m app serve``) serves this database."""


class ServingLock:
    """``ServingLock(db)`` holds the database for this server, or raises :class:`ServedElsewhere`."""

    def __init__(self, db: str | Path):
        self.path = Path(f"{db}.serving")
        self._file: IO | None = None
        try:
            f = open(self.path, "a+")
        except OSError:
            return           # a folder that cannot take the lock file: the store itself says what is wrong
        if not try_lock(f):
            f.close()
            raise ServedElsewhere(f"another server (another window hosting, or `python -m app serve`) already "
                                  f"serves the tables in {db}: stop it first, or give this one another database")
        self._file = f

    def release(self) -> None:
        f, self._file = self._file, None
        if f is not None:
            unlock(f)
            f.close()
