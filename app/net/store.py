"""The server's tables in SQLite (the standard library's ``sqlite3``, WAL).

Each table is its last save file (the ordinary format: ``Game.dumps`` with the match's part)
plus the actions accepted since (``order``, ``remove``, ``done``), one row each, each
written in its own transaction before the server answers, with ``synchronous=FULL`` so
that a server killed at any moment (``kill -9``) loses no accepted action. After an
adjudication the new save replaces the old and the actions are cleared, in one transaction.
A restarted server reads each table's save and replays its actions. The save is kept
compressed (zlib, :func:`packed_save`): a growing game's save is hundreds of KB, rewritten
every round, and at a hundred tables the database's writes (and the fsyncs every accepted
action waits for behind them) were mostly those; a save stored as text by an earlier
server reads as before.

Besides: each seat's public keys (for messages and for offers sealed to it), its messages
(sealed), its invitation's hash, and a sealed table's open offers between people (sealed,
with their commitment: :mod:`.sealed_offers`), which outlive a round as offers do. A sealed
answer to a proposal is an action until the tally deletes it (:mod:`.sealed_votes`).

A disk that is full or read-only raises :class:`StoreError` (the server refuses the action
and says so), never a silently dropped action.

A running server writes through one writer thread (:meth:`Store.start_writer`,
:mod:`.group_commit`): the event loop awaits its actions (:meth:`Store.write`) instead of
waiting for the disk, and actions accepted at the same moment share a COMMIT. Reads go
through a connection of their own, which sees committed rows only (WAL).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import sqlite3
import time
import zlib
from dataclasses import dataclass
from pathlib import Path

from app.engine import civ_of, Game, GameFileError, read_every_board
from app.match import Match
from app.match.storage import snapshot

from .group_commit import GroupCommit, Statements

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, created REAL NOT NULL, save TEXT NOT NULL,
    sealed INTEGER NOT NULL DEFAULT 0, round_seconds REAL, round_ends REAL);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER NOT NULL, seat INTEGER NOT NULL,
    kind TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (table_id, seq));
CREATE TABLE IF NOT EXISTS public_keys (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, key TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS letters (
    table_id TEXT NOT NULL REFERENCES tables(id), seq INTEGER PRIMARY KEY AUTOINCREMENT, sender INTEGER NOT NULL,
    receiver INTEGER NOT NULL, box TEXT NOT NULL, submissions INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS sealed_offers (
    table_id TEXT NOT NULL REFERENCES tables(id), id INTEGER NOT NULL, giver_seat INTEGER NOT NULL,
    receiver_seat INTEGER NOT NULL, giver TEXT NOT NULL, receiver TEXT NOT NULL, box TEXT NOT NULL,
    own TEXT NOT NULL, commitment TEXT NOT NULL, made_at INTEGER NOT NULL, PRIMARY KEY (table_id, id));
CREATE TABLE IF NOT EXISTS offer_keys (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, key TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS invitations (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, digest TEXT NOT NULL,
    issued REAL NOT NULL, PRIMARY KEY (table_id, seat));
"""

ACTIONS = ("order", "remove", "done", "seal", "reveal", "offer", "answer", "hand", "take", "propose", "vote",
           "vote_box", "tally", "sealed_offer", "sealed_accept",
           "judge", "judge_key", "judge_end")


class StoreError(RuntimeError):
    """The database could not keep an action (full or read-only disk, damaged file):
    ``why``, and the database's path before it in the message."""

    def __init__(self, path, why: str):
        super().__init__(f"{path}: {why}")
        self.why = why


class UnhostableGame(ValueError):
    """A game no table can be made of, as it stands (the message says why and what to do)."""


def unhostable(match: Match) -> str | None:
    """Why ``match`` (as read from its save) cannot become a table now, or None. A hotseat
    seat's orders sealed with its PIN open only with that PIN, which the server never has:
    the table would fail that seat at every join and could never adjudicate the round."""
    sealed = [s.name for i, s in enumerate(match.seats) if match.is_locked(i)]
    if not sealed:
        return None
    who = " and ".join(sealed) if len(sealed) < 3 else ", ".join(sealed[:-1]) + " and " + sealed[-1]
    return (f"{who} sealed this round's orders with a PIN, which a server cannot open: finish the round at "
            f"this computer, then host the game (every seat then gives its orders at its own computer)")


@dataclass(frozen=True)
class Action:
    seat: int
    kind: str        # one of ACTIONS
    text: str


@dataclass(frozen=True)
class StoredTable:
    id: str
    name: str
    save: str
    actions: tuple[Action, ...]
    sealed: bool = False
    round_seconds: float | None = None     # the table's deadline for a round (None: none)
    round_ends: float | None = None        # when the running round's time runs out (time.time())


def match_text(match: Match) -> str:
    """The match as an ordinary save file's text."""
    return snapshot(match).to_text()


def packed_save(match: Match) -> bytes:
    """The match's save as the database keeps it: :func:`match_text`, compressed (the
    fastest level: a save shrinks about six times, in a few ms a MB, off the event loop)."""
    return zlib.compress(match_text(match).encode("utf-8"), 1)


def _save_text(stored: str | bytes) -> str:
    """A stored save as text (stored compressed, or as text by an earlier server)."""
    return stored if isinstance(stored, str) else zlib.decompress(stored).decode("utf-8")


def match_from_text(text: str, where: str) -> Match:
    """Raises ``GameFileError`` naming the table."""
    try:
        raw = json.loads(text)
    except ValueError:
        raise GameFileError(f"{where}: the stored save is not JSON") from None
    game = Game.from_json(raw, where)
    match = Match.from_game(game, where)
    if match.fog or civ_of(game.world) is not None:      # a fogged view reads every board
        read_every_board(game.world)
    return match


class Store:
    def __init__(self, path: str | Path):
        self.path = str(path)
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(SCHEMA)
            self.reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(self.path, str(e)) from None
        self.writer: GroupCommit | None = None

    def start_writer(self) -> None:
        """From now on every write goes through one writer thread (a running server)."""
        if self.writer is None:
            self.writer = GroupCommit(self.db, self._failure)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.stop()
            self.writer = None
        self.reader.close()
        self.db.close()

    def _failure(self, e: sqlite3.Error) -> StoreError:
        return StoreError(self.path, f"could not keep the change ({e})")

    async def write(self, statements: Statements) -> None:
        """``statements`` as one transaction, the event loop free while the disk works;
        raises :class:`StoreError` if none of them was kept."""
        if self.writer is None:
            self._write(statements)
        else:
            await asyncio.wrap_future(self.writer.submit(statements))

    def _write(self, statements: Statements) -> None:
        """``statements`` in one transaction, or none of them (waiting for it)."""
        if self.writer is not None:
            self.writer.submit(statements).result()
            return
        try:
            self.db.execute("BEGIN IMMEDIATE")
            try:
                for sql, args in statements:
                    self.db.execute(sql, args)
                self.db.execute("COMMIT")
            except BaseException:
                self.db.execute("ROLLBACK")
                raise
        except sqlite3.Error as e:
            raise StoreError(self.path, f"could not keep the change ({e})") from None

    # -- tables -------------------------------------------------------------------------
    def add_table(self, match: Match, name: str, sealed: bool = False, round_seconds: float | None = None) -> str:
        """``sealed``: the seats' computers seal their pending orders (app.net.sealing);
        ``round_seconds``: a deadline for each round (RULES.md §6 "Deadlines"). Raises
        :class:`UnhostableGame` for a game no table can be made of (:func:`unhostable`)."""
        if (why := unhostable(match)) is not None:
            raise UnhostableGame(why)
        table = secrets.token_hex(5)
        self._write([("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (table, name, time.time(), packed_save(match), int(sealed), round_seconds, None))])
        return table

    def set_round_end(self, table: str, ends: float | None) -> None:
        self._write([("UPDATE tables SET round_ends = ? WHERE id = ?", (ends, table))])

    def tables(self) -> list[StoredTable]:
        rows = self.reader.execute("SELECT id, name, save, sealed, round_seconds, round_ends FROM tables "
                               "ORDER BY created, id").fetchall()
        return [StoredTable(t, n, _save_text(s), self.actions(t), bool(sealed), secs, ends)
                for t, n, s, sealed, secs, ends in rows]

    def table(self, table: str) -> StoredTable | None:
        return next((t for t in self.tables() if t.id == table), None)

    def actions(self, table: str) -> tuple[Action, ...]:
        rows = self.reader.execute("SELECT seat, kind, text FROM actions WHERE table_id = ? ORDER BY seq",
                               (table,)).fetchall()
        return tuple(Action(*r) for r in rows)

    def add_action(self, table: str, action: Action) -> None:
        self.add_actions(table, [action])

    def add_actions(self, table: str, actions: list[Action]) -> None:
        """``actions`` in one transaction (one message's accepted orders)."""
        self._write(actions_written(table, actions))

    def save_round(self, table: str, match: Match) -> None:
        """The adjudicated game replaces the stored one; its actions are spent."""
        self._write(round_written(table, packed_save(match)))

    async def keep_actions(self, table: str, actions: list[Action]) -> None:
        await self.write(actions_written(table, actions))

    async def keep_round(self, table: str, save: bytes) -> None:
        """``save``: the adjudicated match's save (:func:`packed_save`, made off the event loop)."""
        await self.write(round_written(table, save))

    # -- messages, sealed to their receiver (app.net.letters) -----------------------------
    def set_public_key(self, table: str, seat: int, key: str) -> None:
        self._write(public_key_written(table, seat, key))

    async def keep_public_key(self, table: str, seat: int, key: str) -> None:
        await self.write(public_key_written(table, seat, key))

    def public_keys(self, table: str) -> dict[int, str]:
        return dict(self.reader.execute("SELECT seat, key FROM public_keys WHERE table_id = ?", (table,)).fetchall())

    async def add_letter(self, table: str, sender: int, receiver: int, box: str, submissions: int) -> None:
        await self.write([("INSERT INTO letters (table_id, sender, receiver, box, submissions) VALUES (?, ?, ?, ?, ?)",
                      (table, sender, receiver, box, submissions))])

    def letters_to(self, table: str, seat: int) -> list[tuple[int, str, int]]:
        """(sender, box, submissions) of every message to the seat, oldest first."""
        return self.reader.execute("SELECT sender, box, submissions FROM letters WHERE table_id = ? AND receiver = ? "
                               "ORDER BY seq", (table, seat)).fetchall()

    # -- invitations --------------------------------------------------------------------
    def set_digest(self, table: str, seat: int, digest: str) -> None:
        """The seat's invitation from now on (the one before stops working)."""
        self._write([("INSERT OR REPLACE INTO invitations VALUES (?, ?, ?, ?)", (table, seat, digest, time.time()))])

    def digest(self, table: str, seat: int) -> str | None:
        row = self.reader.execute("SELECT digest FROM invitations WHERE table_id = ? AND seat = ?",
                              (table, seat)).fetchone()
        return row[0] if row else None


def actions_written(table: str, actions: list[Action]) -> Statements:
    return [("INSERT INTO actions VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE table_id = ?), "
             "?, ?, ?)", (table, table, a.seat, a.kind, a.text)) for a in actions]


def round_written(table: str, save: bytes) -> Statements:
    return [("UPDATE tables SET save = ? WHERE id = ?", (save, table)),
            ("DELETE FROM actions WHERE table_id = ?", (table,))]


def public_key_written(table: str, seat: int, key: str) -> Statements:
    return [("INSERT OR REPLACE INTO public_keys VALUES (?, ?, ?)", (table, seat, key))]
