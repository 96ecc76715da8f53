"""PIN-sealed data: a key derived from the PIN (Argon2id) and an authenticated cipher
(AES-GCM), both from the ``cryptography`` package.

A seat's sealed box is bound to the seat (its index and name are the associated data), so a
box copied onto another seat does not open. A wrong PIN fails the authentication tag: the
box itself is the PIN's check, and the PIN is never stored.

>>> lock = PinLock.create("1234")
>>> box = lock.seal(b'["A mun - tyr"]', b"seat 0")
>>> PinLock.from_box(box).open("1234", box, b"seat 0")
b'["A mun - tyr"]'

**What a PIN costs to guess, and which settings open** (:mod:`.kdf`): a try derives the key
again, a third of a second and 128 MiB here; a box names its key derivation, and only the
sets in :data:`~.kdf.ACCEPTED` open. New boxes use :data:`DEFAULT_KDF`.

**Sealed lengths say nothing.** The plaintext is padded to a size step (1 KiB, 2 KiB, 4 KiB…)
before sealing, so a box's length does not tell how many orders it holds.
"""

from __future__ import annotations

import base64
import hmac
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING

# the key derivations, named here too: callers and saved settings know them as secret.*
from .kdf import (ACCEPTED, ARGON2ID, ARGON2ID_64MIB, LEGACY_SCRYPT, SCRYPT_128MIB, SCRYPT_N,  # noqa: F401
                  SCRYPT_P, SCRYPT_R, STRONG_SCRYPT, Kdf, KdfNotAccepted)

if TYPE_CHECKING:
    from .secret_box import SealedBox


class WrongPin(ValueError):
    """The PIN does not open the seat's sealed orders."""


def _argon2_available() -> bool:
    from cryptography.exceptions import UnsupportedAlgorithm
    try:
        ARGON2ID_PROBE.derive("", b"0" * 16)
    except (ImportError, UnsupportedAlgorithm):
        return False
    return True


ARGON2ID_PROBE = Kdf("argon2id", t=1, m=8, p=1)     # (never accepted: only asks whether Argon2id works)


_CRYPTOGRAPHY = {"AESGCM": "cryptography.hazmat.primitives.ciphers.aead", "Scrypt": "cryptography.hazmat.primitives.kdf.scrypt",
                 "InvalidTag": "cryptography.exceptions", "UnsupportedAlgorithm": "cryptography.exceptions"}


def __getattr__(name: str):
    """``DEFAULT_KDF``: Argon2id where this cryptography has it, else :data:`STRONG_SCRYPT`;
    found when first asked, and cryptography's names imported when first asked, so that a
    start that seals nothing does not import cryptography. ``SealedBox`` (a pydantic model)
    likewise, when a box is first sealed or read."""
    if name == "DEFAULT_KDF":
        return _default_kdf()
    if name == "SealedBox":
        from .secret_box import SealedBox
        return SealedBox
    if name in _CRYPTOGRAPHY:
        import importlib
        return getattr(importlib.import_module(_CRYPTOGRAPHY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _default_kdf() -> Kdf:
    kdf = globals().get("DEFAULT_KDF")
    if kdf is None:
        kdf = globals()["DEFAULT_KDF"] = ARGON2ID if _argon2_available() else STRONG_SCRYPT
    return kdf

PAD_STEP = 1024          # sealed plaintexts are padded to 1 KiB, 2 KiB, 4 KiB, ...


def padded(plain: bytes) -> bytes:
    """``plain`` with its length in front, padded with zeros to the next size step."""
    size = PAD_STEP
    while size < len(plain) + 4:
        size *= 2
    return len(plain).to_bytes(4, "big") + plain + bytes(size - len(plain) - 4)


def unpadded(data: bytes) -> bytes:
    n = int.from_bytes(data[:4], "big")
    if len(data) < 4 or n > len(data) - 4:
        raise WrongPin("the sealed data is damaged")
    return data[4:4 + n]


def _b64(b: bytes) -> str:
    return base64.b64encode(b).decode("ascii")


def unb64(s: str) -> bytes:
    return base64.b64decode(s, validate=True)


def derive_key(pin: str, salt: bytes, n: int = SCRYPT_N) -> bytes:
    """scrypt (the key derivation of saves made before Argon2id), kept for callers that
    named it; new code asks a :class:`Kdf`."""
    return Kdf("scrypt", n=n, r=SCRYPT_R, p=SCRYPT_P).derive(pin, salt)


@dataclass
class PinLock:
    """A seat's PIN, kept as its salt, its key derivation and (once the PIN was given) the
    derived key."""

    salt: bytes
    kdf: Kdf = LEGACY_SCRYPT
    key: bytes | None = None

    @classmethod
    def create(cls, pin: str, kdf: Kdf | None = None) -> "PinLock":
        salt = os.urandom(16)
        kdf = kdf or _default_kdf()
        return cls(salt, kdf, kdf.derive(pin, salt))

    @classmethod
    def from_box(cls, box: SealedBox) -> "PinLock":
        return cls(unb64(box.salt), box.settings(), None)

    @property
    def n(self) -> int:
        """scrypt's cost (kept for callers of the scrypt-only lock; 0 for Argon2id)."""
        return self.kdf.n

    @property
    def unlocked(self) -> bool:
        return self.key is not None

    def derive(self, pin: str) -> bytes:
        """The key ``pin`` gives with this lock's salt and settings: the slow part of a try,
        which reads nothing that changes (a worker thread may run it)."""
        return self.kdf.derive(pin, self.salt)

    def matches(self, pin: str, key: bytes | None = None) -> bool:
        """Is ``pin`` this seat's PIN? (Only once unlocked; a locked seat opens its box.)
        ``key``: :meth:`derive`'s answer for ``pin``, if already known."""
        if self.key is None:
            return False
        return hmac.compare_digest(key if key is not None else self.derive(pin), self.key)

    def seal(self, plain: bytes, aad: bytes) -> SealedBox:
        if self.key is None:
            raise WrongPin("the seat is locked: its PIN has not been given")
        nonce = os.urandom(12)
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        data = AESGCM(self.key).encrypt(nonce, padded(plain), aad)
        from .secret_box import SealedBox
        return SealedBox(**self.kdf.fields(), salt=_b64(self.salt), nonce=_b64(nonce), data=_b64(data), pad=True)

    def open(self, pin: str, box: SealedBox, aad: bytes, key: bytes | None = None) -> bytes:
        """The box's plaintext; the PIN's key is kept for sealing again. Raises WrongPin.
        ``key``: :meth:`derive`'s answer for ``pin``, if already known."""
        key = key if key is not None else self.derive(pin)
        from cryptography.exceptions import InvalidTag
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        try:
            plain = AESGCM(key).decrypt(unb64(box.nonce), unb64(box.data), aad)
        except InvalidTag:
            raise WrongPin("wrong PIN") from None
        plain = unpadded(plain) if box.pad else plain
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
        #: called with the seat after :meth:`reset`: whatever else was sealed for the seat
        #: with its old key (plans, notes, messages) cannot be opened any more, and goes
        self.on_reset: list = []

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

    def derive(self, seat: int, pin: str) -> bytes:
        """The key ``pin`` would give the seat (slow; safe on a worker thread)."""
        return self._locks[seat].derive(pin)

    def matches(self, seat: int, pin: str, key: bytes | None = None) -> bool:
        """Is ``pin`` the (unlocked) seat's PIN?"""
        return self._locks[seat].matches(pin, key)

    def unlock(self, seat: int, pin: str, key: bytes | None = None) -> bytes | None:
        """Open a locked seat's box: its plaintext, or None for a wrong PIN."""
        try:
            plain = self._locks[seat].open(pin, self._boxes[seat], self._aad(seat), key)
        except WrongPin:
            return None
        del self._boxes[seat]
        return plain

    def reset(self, seat: int, pin: str) -> None:
        """A forgotten PIN: the seat's sealed box is dropped unopened and ``pin`` is its PIN
        from now on (the table agreed; nothing sealed with the old PIN can be read again)."""
        self._boxes.pop(seat, None)
        self._locks[seat] = PinLock.create(pin)
        for hook in self.on_reset:
            hook(seat)

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
