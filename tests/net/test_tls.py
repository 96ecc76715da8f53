"""A server started with a certificate (``--certfile/--keyfile``) speaks TLS: its
invitations say so (``5ds://``), and ``join``, ``lobby`` and the window connect with
``wss://`` when they trust its certificate, given explicitly (``--cafile``); without it the
certificate is refused with a clear reason, never waved through."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.net.hosting import HostedServer
from app.net.invitations import parse_invitation

from .serving import two_seats
from .tls_files import self_signed, server_context


@pytest.fixture
def tls_server(tmp_path):
    certfile, keyfile = self_signed(tmp_path)
    server = HostedServer(tmp_path / "tables.sqlite3", ssl=server_context(certfile, keyfile)).start()
    yield server, certfile
    server.stop()


def app(*args, stdin: str = "", timeout=120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "app", *map(str, args)], capture_output=True, text=True,
                          input=stdin, timeout=timeout)


def test_a_tls_servers_invitations_name_wss():
    inv = parse_invitation("5ds://127.0.0.1:8765/abc/1/" + "s" * 32)
    assert inv.tls and inv.url == "wss://127.0.0.1:8765" and str(inv).startswith("5ds://")
    plain = parse_invitation("5d://127.0.0.1:8765/abc/1/" + "s" * 32)
    assert not plain.tls and plain.url == "ws://127.0.0.1:8765"


def test_join_and_the_lobby_over_tls_with_the_servers_certificate_trusted(tls_server):
    hosted, certfile = tls_server
    table, (ada, _) = hosted.add_table(two_seats(), "secure")
    assert str(ada).startswith(f"5ds://127.0.0.1:{hosted.port}/{table}/0/")
    played = app("join", ada, "--cafile", certfile, stdin="A par - bur\nquit\n")
    assert played.returncode == 0, played.stderr
    assert [str(o.unit.loc) for o in hosted.server.tables[table].match.pending(0)] == ["par"]   # it reached the server
    lobby = app("lobby", "--server", f"wss://127.0.0.1:{hosted.port}", "--cafile", certfile)
    assert lobby.returncode == 0 and f"{table}  secure" in lobby.stdout


def test_an_untrusted_certificate_is_refused_with_a_reason(tls_server, tmp_path):
    hosted, certfile = tls_server
    table, (ada, _) = hosted.add_table(two_seats(), "secure")
    refused = app("join", ada, stdin="A par - bur\nquit\n")
    assert refused.returncode == 1 and "certificate is not trusted" in refused.stderr, refused.stderr
    assert hosted.server.tables[table].match.pending(0) == []
    (tmp_path / "other").mkdir()
    other, _ = self_signed(tmp_path / "other")              # a certificate, but not this server's
    wrong = app("join", ada, "--cafile", other, stdin="quit\n")
    assert wrong.returncode == 1 and "certificate is not trusted" in wrong.stderr
    missing = app("join", ada, "--cafile", tmp_path / "nowhere.pem")
    assert missing.returncode == 2 and "nowhere.pem cannot be read" in missing.stderr
