"""The server's writer thread: actions accepted at the same moment share one COMMIT (one
wait for the disk), each is kept or refused on its own, and the event loop never waits."""

import asyncio
import sqlite3

from app.net.store import Action, Store, StoreError

from .serving import two_seats


def blocked(db) -> sqlite3.Connection:
    """Another connection holding the database's write lock: the writer waits behind it."""
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    return other


def test_actions_accepted_together_share_a_commit_and_every_one_is_kept(tmp_path):
    db = tmp_path / "t.db"
    store = Store(db)
    table = store.add_table(two_seats(), "t")
    store.start_writer()

    async def fifty_at_once():
        other = blocked(db)
        kept = [asyncio.ensure_future(store.keep_actions(table, [Action(0, "order", f"order {i}")]))
                for i in range(50)]
        await asyncio.sleep(0)          # every one is with the writer, which waits for the lock
        other.execute("COMMIT")
        other.close()
        await asyncio.gather(*kept)
    asyncio.run(fifty_at_once())
    commits = store.writer.commits
    store.close()
    again = Store(db)
    assert [a.text for a in again.actions(table)] == [f"order {i}" for i in range(50)]
    again.close()
    assert commits <= 2             # the first alone at most; the others behind it together


def test_an_action_the_database_refuses_is_refused_alone(tmp_path):
    db = tmp_path / "t.db"
    store = Store(db)
    table = store.add_table(two_seats(), "t")
    store.start_writer()

    async def three():
        other = blocked(db)
        kept = [asyncio.ensure_future(store.keep_actions(table, [a])) for a in
                (Action(0, "order", "first"), Action(0, None, "refused"), Action(1, "order", "third"))]
        await asyncio.sleep(0)
        other.execute("COMMIT")
        other.close()
        return await asyncio.gather(*kept, return_exceptions=True)
    first, refused, third = asyncio.run(three())
    store.close()
    assert first is None and third is None
    assert isinstance(refused, StoreError) and "could not keep the change" in str(refused)
    again = Store(db)
    assert [a.text for a in again.actions(table)] == ["first", "third"]
    again.close()


def test_a_store_without_its_writer_thread_writes_at_once(tmp_path):
    store = Store(tmp_path / "t.db")
    table = store.add_table(two_seats(), "t")
    asyncio.run(store.keep_actions(table, [Action(0, "done", "")]))
    assert store.actions(table) == (Action(0, "done", ""),)
    store.close()
