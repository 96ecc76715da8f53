"""The key derivations a sealed box may name (:mod:`.secret` seals with them), and what each
costs.

**What a PIN costs to guess.** Each try derives the key again, which costs about a third
of a second of one core and 128 MiB here (Argon2id, :data:`ARGON2ID`): trying every 4-digit
PIN against a save file takes about an hour, every 6-character one of letters and digits
years. So a short PIN keeps the table honest, and a longer one also protects the file (the
new-game dialog says so). At the table, wrong tries also wait longer each time
(:mod:`.pin_tries`).

**Only fixed settings are accepted.** A box names its key derivation; only the sets in
:data:`ACCEPTED` open (anything else is refused when the file is read, with a named error,
never a try that hangs for minutes or eats the memory). A box keeps the settings it was
sealed with, so older saves still open: :data:`ARGON2ID_64MIB` and :data:`SCRYPT_128MIB` (new
PINs before issue 31), :data:`LEGACY_SCRYPT` (before Argon2id); new boxes use
``secret.DEFAULT_KDF``.

Nothing here imports ``cryptography`` until a key is derived.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

# The scrypt cost of saves made before Argon2id (kept so they open: LEGACY_SCRYPT).
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 14, 8, 1


class KdfNotAccepted(ValueError):
    """A box names key derivation settings that are not one of :data:`ACCEPTED`."""


@dataclass(frozen=True)
class Kdf:
    """One accepted key derivation and its cost. ``argon2id``: ``t`` passes over ``m`` KiB
    with ``p`` lanes; ``scrypt``: cost ``n``, block size ``r``, parallelism ``p``."""

    name: Literal["argon2id", "scrypt"]
    t: int = 0
    m: int = 0
    n: int = 0
    r: int = 0
    p: int = 1

    def derive(self, pin: str, salt: bytes) -> bytes:
        secret = pin.encode("utf-8")
        if self.name == "scrypt":
            from cryptography.hazmat.primitives.kdf.scrypt import Scrypt   # when a PIN is first used
            return Scrypt(salt=salt, length=32, n=self.n, r=self.r, p=self.p).derive(secret)
        from cryptography.hazmat.primitives.kdf.argon2 import Argon2id
        return Argon2id(salt=salt, length=32, iterations=self.t, lanes=self.p, memory_cost=self.m).derive(secret)

    def fields(self) -> dict:
        """How a box names these settings."""
        if self.name == "scrypt":
            return {"kdf": "scrypt", "n": self.n, "r": self.r, "p": self.p}
        return {"kdf": "argon2id", "t": self.t, "m": self.m, "p": self.p}

    def __str__(self) -> str:
        return " ".join(f"{k}={v}" for k, v in self.fields().items())


#: New PINs: Argon2id (RFC 9106), 4 passes over 128 MiB, one lane: 0.31-0.36 s of one core
#: per try on the 2-core machine this was tuned on (issue 31: the 64 MiB set cost 0.16 s
#: there, under the 0.25 s aimed at), and 128 MiB that a graphics card must find for each
#: try it runs in parallel.
ARGON2ID = Kdf("argon2id", t=4, m=128 * 1024, p=1)
#: Where Argon2id is missing (a cryptography built against an OpenSSL older than 3.2): scrypt
#: at a like cost (128 MiB, twice over).
STRONG_SCRYPT = Kdf("scrypt", n=2 ** 17, r=8, p=2)
#: What new PINs used before issue 31 (Argon2id over 64 MiB; scrypt 2^17 once over): their
#: saves still open, each with the settings its box names.
ARGON2ID_64MIB = Kdf("argon2id", t=4, m=64 * 1024, p=1)
SCRYPT_128MIB = Kdf("scrypt", n=2 ** 17, r=8, p=1)
#: Saves sealed before Argon2id (scrypt 2^14, ~50 ms): they still open. The test suite also
#: seals with it, being one of the accepted sets, at a fraction of the cost.
LEGACY_SCRYPT = Kdf("scrypt", n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P)
ACCEPTED: tuple[Kdf, ...] = (ARGON2ID, STRONG_SCRYPT, ARGON2ID_64MIB, SCRYPT_128MIB, LEGACY_SCRYPT)
