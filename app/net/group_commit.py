"""One writer thread for the server's database, committing what several tables accepted at
the same moment together (group commit).

With ``synchronous=FULL`` every COMMIT waits for the disk (an fsync, 2-3 ms here); done on
the event loop, one table's commit held up every other table, and a round of 100 tables
(1400 accepted actions) queued 3-4 s of fsyncs behind each other. Here each accepted action
is still all kept or none of it, and the actions waiting when the writer comes round share
one COMMIT, so share its fsync. If the database refuses the group (a full or read-only
disk), each of its actions is tried again in a transaction of its own: only those refused
are lost, and their senders are told why. An action is
answered only once the COMMIT that holds it has returned: nothing answered is lost to a
``kill -9``.
"""

from __future__ import annotations

import queue
import sqlite3
import threading
from concurrent.futures import Future
from typing import Callable

Statements = list[tuple[str, tuple]]

_STOP = None


class GroupCommit:
    """``submit(statements)`` → a Future: None once the statements are committed, or the
    exception ``failure(error)`` made of the database's error (the action kept nothing)."""

    MAX_GROUP = 500        # actions in one COMMIT (a bounded transaction, a bounded wait)

    def __init__(self, db: sqlite3.Connection, failure: Callable[[sqlite3.Error], Exception]):
        self.db, self.failure = db, failure
        self._queue: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="group-commit", daemon=True)
        self._thread.start()
        self.commits = 0           # how many COMMITs it made (a test reads it)

    def submit(self, statements: Statements) -> Future:
        done: Future = Future()
        self._queue.put((statements, done))
        return done

    def stop(self) -> None:
        """Commit what was submitted, then end the thread."""
        self._queue.put(_STOP)
        self._thread.join()

    def on_writer_thread(self) -> bool:
        return threading.current_thread() is self._thread

    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is _STOP:
                return
            group, stop = [first], False
            while len(group) < self.MAX_GROUP:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is _STOP:
                    stop = True
                    break
                group.append(item)
            self._commit(group)
            if stop:
                return

    def _commit(self, group: list[tuple[Statements, Future]]) -> None:
        """The group in one COMMIT; if the database refuses any of it, each action again in a
        transaction of its own, so that only the refused ones are lost (and their senders told)."""
        try:
            self._transaction([s for statements, _ in group for s in statements])
        except sqlite3.Error:
            outcomes = [self._alone(statements) for statements, _ in group]
        else:
            outcomes = [None] * len(group)
        for (_, done), outcome in zip(group, outcomes):
            if outcome is None:
                done.set_result(None)
            else:
                done.set_exception(outcome)

    def _alone(self, statements: Statements) -> Exception | None:
        try:
            self._transaction(statements)
        except sqlite3.Error as e:
            return self.failure(e)
        return None

    def _transaction(self, statements: Statements) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for sql, args in statements:
                self.db.execute(sql, args)
            self.db.execute("COMMIT")
            self.commits += 1
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
