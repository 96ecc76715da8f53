"""A seat's invitation: ``5d://HOST:PORT/TABLE/SEAT/SECRET``, the secret 192 random bits
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
SECRET_BYTES = 24               # 192 bits (the issue asks for at least 128)


class InvitationError(ValueError):
    """Text that is not an invitation, with what is wrong with it."""


@dataclass(frozen=True)
class Invitation:
    host: str                   # HOST:PORT of the server
    table: str
    seat: int
    secret: str

    def __str__(self) -> str:
        return f"{SCHEME}{self.host}/{self.table}/{self.seat}/{self.secret}"

    @property
    def url(self) -> str:
        """The WebSocket address to connect to."""
        return f"ws://{self.host}"

    def digest(self) -> str:
        return digest(self.table, self.seat, self.secret)


def new_invitation(host: str, table: str, seat: int) -> Invitation:
    return Invitation(host, table, seat, secrets.token_urlsafe(SECRET_BYTES))


def digest(table: str, seat: int, secret: str) -> str:
    return hashlib.sha256(f"5d-invitation/{table}/{seat}/{secret}".encode("utf-8")).hexdigest()


def matches(stored_digest: str | None, table: str, seat: int, secret: str) -> bool:
    return stored_digest is not None and hmac.compare_digest(stored_digest, digest(table, seat, secret))


def parse_invitation(text: str) -> Invitation:
    """Raises :class:`InvitationError` naming what is wrong."""
    text = text.strip()
    if not text.startswith(SCHEME):
        raise InvitationError(f"an invitation starts with {SCHEME} (got {text[:20]!r})")
    parts = text[len(SCHEME):].split("/")
    if len(parts) != 4 or not all(parts):
        raise InvitationError("an invitation reads 5d://HOST:PORT/TABLE/SEAT/SECRET")
    host, table, seat, secret = parts
    if not seat.isdigit():
        raise InvitationError(f"the seat {seat!r} in the invitation is not a number")
    return Invitation(host, table, int(seat), secret)
