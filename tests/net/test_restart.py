"""A server stopped or killed mid-round comes back from its database with every accepted
action, and a client whose connection was lost comes back by itself."""

import asyncio
import os
import signal
import socket
import subprocess
import sys

from app.net.client import Client
from app.net.invitations import parse_invitation
from app.net.server import Server
from app.net.store import Store

from .serving import clients, run, serving, two_seats, views_at


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_client_killed_and_joined_again_finds_its_pending_orders(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.order("A par - bur")
                await ada.wait_for(lambda c: len(c.view.pending) == 1)
            await asyncio.wait_for(_until(lambda: 0 not in server.tables[table].seats), 30)
            again = Client(invitation=str(ada_inv))
            async with clients(again):
                await again.wait_for(views_at(0))
                assert again.view.pending == ["France: A 1:par:S1901 - 1:bur:S1901"]
    run(play)


async def _until(condition):
    while not condition():
        await asyncio.sleep(0.01)


def test_a_server_stopped_mid_round_resumes_and_its_clients_come_back_by_themselves(tmp_path):
    async def play():
        db, port = tmp_path / "t.db", free_port()
        server = Server(Store(db), "127.0.0.1", port)
        await server.start()
        table, (ada_inv, ben_inv) = server.add_table(two_seats(), "t")
        ada, ben = Client(invitation=str(ada_inv), backoff=(0.05, 0.5)), Client(invitation=str(ben_inv), backoff=(0.05, 0.5))
        async with clients(ada, ben):
            await ada.wait_for(views_at(0))
            await ben.wait_for(views_at(0))
            await ada.order("A par - bur")
            await ada.done()
            await ada.wait_for(lambda c: c.view.done)
            await ben.order("A war - gal")
            await ben.wait_for(lambda c: len(c.view.pending) == 1)
            await server.stop()
            server.store.close()
            await ada.wait_for(lambda c: c.status == "reconnecting…")
            assert ada.closed is None

            server = Server(Store(db), "127.0.0.1", port)       # the same database, the same address
            await server.start()
            try:
                await ada.wait_for(lambda c: c.connections == 2 and c.view is not None and c.status == "connected")
                await ben.wait_for(lambda c: c.connections == 2)
                await ben.wait_for(lambda c: c.view.pending == ["Russia: A 1:war:S1901 - 1:gal:S1901"])
                assert server.tables[table].match.is_done(0)
                await ben.done()
                await ada.wait_for(views_at(1))
                assert "France A bur" in {u for b in ada.view.boards for u in b["units"]}
                assert "Russia A gal" in {u for b in ada.view.boards for u in b["units"]}
            finally:
                await server.stop()
                server.store.close()
    run(play)


def test_a_server_killed_with_sigkill_loses_no_accepted_action(tmp_path):
    db, port = tmp_path / "t.db", free_port()
    out = subprocess.run([sys.executable, "-m", "app", "table", "--db", str(db), "--address", f"127.0.0.1:{port}",
                          "new", "--seat", "Ada=England,France,Germany", "--seat", "Ben=Austria,Italy,Russia,Turkey"],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    ada_inv, ben_inv = [line.split(": ")[-1] for line in out.splitlines()[1:]]
    assert parse_invitation(ada_inv).seat == 0

    def start_server() -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--db", str(db), "--port", str(port)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = proc.stdout.readline()           # it says so once it listens
        assert line.startswith("serving 1 table(s)"), (line, proc.stderr.read() if proc.poll() is not None else "")
        return proc

    proc = start_server()
    try:
        async def before_the_kill():
            ada, ben = Client(invitation=ada_inv), Client(invitation=ben_inv)
            async with clients(ada, ben):
                await ada.wait_for(views_at(0))
                await ben.wait_for(views_at(0))
                await ada.order("A par - bur")
                await ada.order("F kie - den")
                await ada.wait_for(lambda c: len(c.view.pending) == 2)    # answered: stored
                await ada.done()
                await ada.wait_for(lambda c: c.view.done)
                await ben.order("A war - gal")
                await ben.wait_for(lambda c: len(c.view.pending) == 1)
        run(before_the_kill)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
        proc.stdout.close()
        proc.stderr.close()

    proc = start_server()
    try:
        async def after():
            ada, ben = Client(invitation=ada_inv), Client(invitation=ben_inv)
            async with clients(ada, ben):
                await ada.wait_for(views_at(0))
                await ben.wait_for(views_at(0))
                assert ada.view.done and sorted(ada.view.pending) == ["France: A 1:par:S1901 - 1:bur:S1901",
                                                                      "Germany: F 1:kie:S1901 - 1:den:S1901"]
                assert ben.view.pending == ["Russia: A 1:war:S1901 - 1:gal:S1901"] and not ben.view.done
                await ben.done()
                await ben.wait_for(views_at(1))
                assert {"France A bur", "Germany F den", "Russia A gal"} <= {u for b in ben.view.boards
                                                                             for u in b["units"]}
        run(after)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        finally:
            proc.stdout.close()
            proc.stderr.close()
    assert proc.returncode == 0


def test_a_round_every_seat_had_ended_is_adjudicated_when_the_server_comes_back(tmp_path):
    # killed after the last seat's done was stored and before its round was: nothing is lost
    db = tmp_path / "t.db"
    store = Store(db)
    table = store.add_table(two_seats(), "t")
    from app.net.store import Action
    for action in (Action(0, "order", "A par - bur"), Action(0, "done", ""), Action(1, "order", "A war - gal"),
                   Action(1, "done", "")):
        store.add_action(table, action)
    store.close()

    async def play():
        async with serving(db) as server:
            match = server.tables[table].match
            assert len(match.game.submissions) == 1 and match.pending(0) == []
            assert {"France A bur", "Russia A gal"} <= {f"{u.nation} {u.type} {u.loc}" for b in match.world.boards.values()
                                                         for u in b.units.values()}
            assert server.store.actions(table) == ()        # the round's save replaced its actions
    run(play)
