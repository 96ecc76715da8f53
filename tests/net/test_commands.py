"""The command line: table new / host / reissue / export / list, serve, lobby, watch --server."""

import signal
import subprocess
import sys

from app.engine import Game
from app.match.storage import save_match

from .serving import two_seats
from .test_restart import free_port


def app(*args, timeout=120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app", *map(str, args)], capture_output=True, text=True,
                          timeout=timeout)


def test_tables_are_made_hosted_listed_reissued_and_exported(tmp_path):
    db, port = tmp_path / "t.db", free_port()
    made = app("table", "--db", db, "--address", f"127.0.0.1:{port}", "new", "--seat", "Ada=England,France",
               "--seat", "Ben=Russia", "--fog", "--computer", "easy", "--name", "fogged")
    assert made.returncode == 0, made.stderr
    fogged = made.stdout.split()[1]
    assert made.stdout.count("5d://") == 2
    saved = two_seats()
    saved.add_text("A par - bur", 0)
    save_match(saved, tmp_path / "saved.json")
    hosted = app("table", "--db", db, "--address", f"127.0.0.1:{port}", "host", tmp_path / "saved.json")
    assert hosted.returncode == 0, hosted.stderr
    open_table = hosted.stdout.split()[1]
    listed = app("table", "--db", db, "list").stdout
    assert fogged in listed and open_table in listed
    again = app("table", "--db", db, "--address", f"127.0.0.1:{port}", "reissue", open_table, "0")
    assert again.returncode == 0 and again.stdout.startswith(f"5d://127.0.0.1:{port}/{open_table}/0/")
    assert app("table", "--db", db, "reissue", open_table, "9").returncode == 2
    out = tmp_path / "out.json"
    assert app("table", "--db", db, "export", open_table, "--out", out).returncode == 0
    assert Game.load(out).meta["pending"] == {"0": ["France: A 1:par:S1901 - 1:bur:S1901"]}
    wrong = app("table", "--db", db, "new", "--seat", "Ada=Narnia")
    assert wrong.returncode == 2 and "Narnia is not a nation" in wrong.stderr

    server = subprocess.Popen([sys.executable, "-m", "app", "serve", "--db", str(db), "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().startswith("serving 2 table(s)")
        lobby = app("lobby", "--server", f"127.0.0.1:{port}")
        assert lobby.returncode == 0, lobby.stderr
        assert f"{fogged}  fogged" in lobby.stdout and "fog of war; seats waiting: Ada, Ben" in lobby.stdout
        assert "watchable" in lobby.stdout.splitlines()[1]
        refused = app("watch", "--server", f"127.0.0.1:{port}", "--table", fogged)
        assert refused.returncode == 1 and "can be watched once it has ended" in refused.stderr
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
        server.stdout.close()
        server.stderr.close()
    assert server.returncode == 0


def test_a_server_that_cannot_listen_says_why(tmp_path):
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        got = app("serve", "--db", tmp_path / "t.db", "--port", port)
    assert got.returncode == 2 and f"cannot listen on 127.0.0.1:{port}" in got.stderr


def test_join_names_what_is_wrong_with_an_invitation():
    got = app("join", "http://example.org")
    assert got.returncode == 2 and "starts with 5d://" in got.stderr


def test_a_port_or_address_out_of_bounds_is_named_not_a_traceback(tmp_path):
    """`serve --port 99999` and `lobby --server host:99999` ended in an OverflowError or
    ValueError traceback; `table --address host` (no port) wrote invitations no computer
    could use."""
    cases = [
        (("serve", "--db", tmp_path / "t.db", "--port", "99999"), "'99999' is not a port from 0"),
        (("serve", "--db", tmp_path / "t.db", "--port", "-1"), "'-1' is not a port from 0"),
        (("lobby", "--server", "127.0.0.1:99999"), "the port '99999' in '127.0.0.1:99999' is not one from 1"),
        (("watch", "--server", "ws://127.0.0.1"), "the address '127.0.0.1' needs a port"),
        (("table", "--db", tmp_path / "t.db", "--address", "example.org", "new", "--seat", "Ada=England"),
         "the address 'example.org' needs a port"),
        (("join", "5d://example.org/abc/0/secret"), "the address 'example.org' needs a port"),
    ]
    for args, words in cases:
        got = app(*args)
        assert got.returncode == 2 and words in got.stderr and "Traceback" not in got.stderr, (args, got.stderr)
    assert not (tmp_path / "t.db").exists()            # refused before any table was made


def test_a_saved_hotseat_game_with_orders_sealed_by_a_pin_is_not_hosted_and_says_why(tmp_path):
    """Ada sealed her orders with her PIN: a table made of it failed her at every join (the
    server cannot open them) and her window said only 'Reconnecting…', for ever."""
    from pathlib import Path
    sealed = Path(__file__).resolve().parents[1] / "match" / "fixtures" / "sealed_before_argon2.json"
    db = tmp_path / "t.db"
    hosted = app("table", "--db", db, "--address", "127.0.0.1:8765", "host", sealed)
    assert hosted.returncode == 2 and "5d://" not in hosted.stdout
    assert "Ada sealed this round's orders with a PIN" in hosted.stderr and "finish the round" in hosted.stderr
    assert "Traceback" not in hosted.stderr
    listed = app("table", "--db", db, "list")
    assert listed.returncode == 0 and listed.stdout.strip() == ""        # no table was made
