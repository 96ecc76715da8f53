"""A seat's invitation: ``5d://HOST:PORT/TABLE/SEAT/SECRET`` (``5ds://`` for a server that
speaks TLS, started with ``--certfile/--keyfile``: the client then connects with ``wss://``
and checks the server's certificate), the secret 192 random bits
from :mod:`secrets`. The server keeps only its SHA-256 (with the table and seat it names),
so a copy of the database lets nobody join; the secret's entropy, not the hash's slowness,
is what stops guessing. An invitation names its seat: presented for another seat it does
not match that seat's hash and is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

SCHEME = "5d://"
TLS_SCHEME = "5ds://"
TLS_PREFIX = "wss://"
"""An address given as ``wss://HOST:PORT`` names a server that speaks TLS."""
SECRET_BYTES = 24               # 192 bits (the issue asks for at least 128)


class InvitationError(ValueError):
    """Text that is not an invitation, with what is wrong with it."""


@dataclass(frozen=True)
class Invitation:
    host: str                   # HOST:PORT of the server
    table: str
    seat: int
    secret: str
    tls: bool = False           # the server speaks TLS (wss://)

    def __str__(self) -> str:
        return f"{TLS_SCHEME if self.tls else SCHEME}{self.host}/{self.table}/{self.seat}/{self.secret}"

    @property
    def url(self) -> str:
        """The WebSocket address to connect to."""
        return f"{'wss' if self.tls else 'ws'}://{self.host}"

    def digest(self) -> str:
        return digest(self.table, self.seat, self.secret)


def new_invitation(host: str, table: str, seat: int) -> Invitation:
    """``host``: HOST:PORT, or wss://HOST:PORT for a server that speaks TLS."""
    tls = host.startswith(TLS_PREFIX)
    return Invitation(host.removeprefix(TLS_PREFIX), table, seat, secrets.token_urlsafe(SECRET_BYTES), tls)


def digest(table: str, seat: int, secret: str) -> str:
    return hashlib.sha256(f"5d-invitation/{table}/{seat}/{secret}".encode("utf-8")).hexdigest()


def matches(stored_digest: str | None, table: str, seat: int, secret: str) -> bool:
    return stored_digest is not None and hmac.compare_digest(stored_digest, digest(table, seat, secret))


def checked_address(text: str) -> str:
    """``HOST:PORT`` (an IPv6 host in brackets), as players reach a server: returned
    stripped, or InvitationError naming what is wrong (an invitation or a command line
    naming a port past 65535 gave a traceback, and one naming none made invitations no
    computer could use)."""
    text = text.strip()
    host, colon, port = text.rpartition(":")
    if not colon or not host or host.endswith(":"):
        raise InvitationError(f"the address {text!r} needs a port: write HOST:PORT, e.g. 192.168.1.20:8765")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise InvitationError(f"the port {port!r} in {text!r} is not one from 1 to 65535")
    return text


def parse_invitation(text: str) -> Invitation:
    """Raises :class:`InvitationError` naming what is wrong."""
    text = text.strip()
    tls = text.startswith(TLS_SCHEME)
    if not tls and not text.startswith(SCHEME):
        raise InvitationError(f"an invitation starts with {SCHEME} or {TLS_SCHEME} (got {text[:20]!r})")
    parts = text[len(TLS_SCHEME if tls else SCHEME):].split("/")
    if len(parts) != 4 or not all(parts):
        raise InvitationError("an invitation reads 5d://HOST:PORT/TABLE/SEAT/SECRET")
    host, table, seat, secret = parts
    if not seat.isdigit():
        raise InvitationError(f"the seat {seat!r} in the invitation is not a number")
    return Invitation(checked_address(host), table, int(seat), secret, tls)
