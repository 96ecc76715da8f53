"""One server at a time for a database of tables (app.net.serving_lock): a second window
hosting from the same data folder, or a second ``serve`` on the same file, is refused with a
message, instead of two servers each writing its own copy of every table."""

import subprocess
import sys

import pytest

from app.net.hosting import HostedServer, HostingError
from app.net.server import Server
from app.net.serving_lock import ServedElsewhere
from app.net.store import Store

from .serving import run


def test_a_second_server_on_one_database_is_refused_until_the_first_stops(tmp_path):
    db = tmp_path / "t.db"

    async def both():
        first = Server(Store(db), "127.0.0.1", 0)
        await first.start()
        second = Server(Store(db), "127.0.0.1", 0)
        with pytest.raises(ServedElsewhere, match="already serves the tables in"):
            await second.start()
        await first.stop()
        await second.start()          # the first let go of it
        await second.stop()
    run(both)


def test_a_second_serve_command_says_why_and_stops(tmp_path):
    db = tmp_path / "t.db"
    hosted = HostedServer(db).start()
    try:
        with pytest.raises(HostingError, match="another server"):
            HostedServer(db).start()
        out = subprocess.run([sys.executable, "-m", "app", "serve", "--db", str(db), "--port", "0"],
                             capture_output=True, text=True, timeout=120)
        assert out.returncode == 2
        assert "already serves the tables in" in out.stderr and "Traceback" not in out.stderr
    finally:
        hosted.stop()
