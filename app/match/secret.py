"""PIN-sealed pending orders: a key derived from the PIN (scrypt) and an authenticated
cipher (AES-GCM), both from the ``cryptography`` package.

A seat's sealed box is bound to the seat (its index and name are the associated data), so a
box copied onto another seat does not open. A wrong PIN fails the authentication tag: the
box itself is the PIN's check, and the PIN is never stored.

>>> lock = PinLock.create("1234")
>>> box = lock.seal(b'["A mun - tyr"]', b"seat 0")
>>> PinLock.from_box(box).open("1234", box, b"seat 0")
b'["A mun - tyr"]'
"""

from __future__ import annotations

import base64
import os
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field

# scrypt cost: 50-150 ms per try on this machine. Trying every 4-digit PIN against the file then
# takes minutes, not seconds: a short PIN keeps a curious friend at the table out, and a
# longer PIN (or a passphrase) protects the file too. The curtain says so.
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 14, 8, 1


class WrongPin(ValueError):
    """The PIN does not open the seat's sealed orders."""


class SealedBox(BaseModel):
    """What a save file holds for a PIN-protected seat (all base64)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kdf: str = Field("scrypt", pattern="^scrypt$")
    n: int = Field(SCRYPT_N, ge=2 ** 10, le=2 ** 20)
    salt: str = Field(min_length=8, max_length=64)
    nonce: str = Field(min_length=8, max_length=64)
    data: str = Field(max_length=10_000_000)


def _b64(b: bytes) -> str:
    return base64.b64encode(b).decode("ascii")


def _unb64(s: str, what: str) -> bytes:
    try:
        return base64.b64decode(s, validate=True)
    except ValueError:
        raise WrongPin(f"the sealed orders' {what} is damaged") from None


def derive_key(pin: str, salt: bytes, n: int = SCRYPT_N) -> bytes:
    from cryptography.hazmat.primitives.kdf.scrypt import Scrypt   # imported when a PIN is first used
    return Scrypt(salt=salt, length=32, n=n, r=SCRYPT_R, p=SCRYPT_P).derive(pin.encode("utf-8"))


@dataclass
class PinLock:
    """A seat's PIN, kept as its salt and (once the PIN was given) the derived key."""

    salt: bytes
    n: int = SCRYPT_N
    key: bytes | None = None

    @classmethod
    def create(cls, pin: str) -> "PinLock":
        salt = os.urandom(16)
        return cls(salt, SCRYPT_N, derive_key(pin, salt))

    @classmethod
    def from_box(cls, box: SealedBox) -> "PinLock":
        return cls(_unb64(box.salt, "salt"), box.n, None)

    @property
    def unlocked(self) -> bool:
        return self.key is not None

    def matches(self, pin: str) -> bool:
        """Is ``pin`` this seat's PIN? (Only once unlocked; a locked seat opens its box.)"""
        import hmac
        return self.key is not None and hmac.compare_digest(derive_key(pin, self.salt, self.n), self.key)

    def seal(self, plain: bytes, aad: bytes) -> SealedBox:
        if self.key is None:
            raise WrongPin("the seat is locked: its PIN has not been given")
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        nonce = os.urandom(12)
        data = AESGCM(self.key).encrypt(nonce, plain, aad)
        return SealedBox(n=self.n, salt=_b64(self.salt), nonce=_b64(nonce), data=_b64(data))

    def open(self, pin: str, box: SealedBox, aad: bytes) -> bytes:
        """The box's plaintext; the PIN's key is kept for sealing again. Raises WrongPin."""
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        key = derive_key(pin, self.salt, self.n)
        try:
            plain = AESGCM(key).decrypt(_unb64(box.nonce, "nonce"), _unb64(box.data, "data"), aad)
        except InvalidTag:
            raise WrongPin("wrong PIN") from None
        self.key = key
        return plain


class SeatLocks:
    """The PINs of a match's seats, by seat index. A seat's lock holds its key once the PIN
    was given (at creation, or on the curtain); a seat read from a file stays *locked*, its
    sealed box kept as read, until its PIN opens the box.

    ``aad(seat)`` names the seat in each box, so a box copied onto another seat does not open.
    """

    def __init__(self, aad):
        self._aad = aad
        self._locks: dict[int, PinLock] = {}
        self._boxes: dict[int, SealedBox] = {}

    def set_pin(self, seat: int, pin: str) -> None:
        self._locks[seat] = PinLock.create(pin)

    def set_box(self, seat: int, box: SealedBox) -> None:
        """A seat read from a file: locked until :meth:`unlock`."""
        self._locks[seat] = PinLock.from_box(box)
        self._boxes[seat] = box

    def has_pin(self, seat: int) -> bool:
        return seat in self._locks

    def is_locked(self, seat: int) -> bool:
        return seat in self._locks and not self._locks[seat].unlocked

    def matches(self, seat: int, pin: str) -> bool:
        """Is ``pin`` the (unlocked) seat's PIN?"""
        return self._locks[seat].matches(pin)

    def unlock(self, seat: int, pin: str) -> bytes | None:
        """Open a locked seat's box: its plaintext, or None for a wrong PIN."""
        try:
            plain = self._locks[seat].open(pin, self._boxes[seat], self._aad(seat))
        except WrongPin:
            return None
        del self._boxes[seat]
        return plain

    def forget(self, seat: int) -> None:
        """The seat has no PIN any more (it left the table): its lock and any sealed box
        read from a file go, unopened."""
        self._locks.pop(seat, None)
        self._boxes.pop(seat, None)

    def box(self, seat: int, plain: bytes) -> SealedBox:
        """What the file keeps for the seat: ``plain`` sealed, or a locked seat's box as read."""
        if self.is_locked(seat):
            return self._boxes[seat]
        return self._locks[seat].seal(plain, self._aad(seat))
