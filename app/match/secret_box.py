"""A sealed box as a save file holds it: a pydantic model of :mod:`.secret`'s sealed data,
imported when a box is sealed or read (not at the window's start)."""

from __future__ import annotations

import base64
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .kdf import ACCEPTED, SCRYPT_N, Kdf, KdfNotAccepted


class SealedBox(BaseModel):
    """What a save file holds for a PIN-protected seat (bytes in base64). Read from a file,
    it is checked whole: settings not in :data:`ACCEPTED`, a salt, nonce or data that is not
    base64 or has the wrong size, each fail validation (a named error when the file is
    opened, never at the curtain)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kdf: Literal["scrypt", "argon2id"] = "scrypt"
    n: Optional[int] = None          # scrypt: cost (absent in the oldest boxes: 2^14)
    r: Optional[int] = None          # scrypt: block size (absent: 8)
    t: Optional[int] = None          # argon2id: passes
    m: Optional[int] = None          # argon2id: memory, KiB
    p: Optional[int] = None          # lanes / parallelism (absent: 1)
    salt: str = Field(min_length=8, max_length=64)
    nonce: str = Field(min_length=8, max_length=64)
    data: str = Field(max_length=10_000_000)
    pad: bool = False                # the plaintext was padded (see :func:`padded`)

    @field_validator("salt", "nonce", "data")
    @classmethod
    def _base64(cls, v: str, info) -> str:
        try:
            raw = base64.b64decode(v, validate=True)
        except ValueError:
            raise ValueError(f"the {info.field_name} is not base64 (damaged)") from None
        sizes = {"salt": (16, 32), "nonce": (12, 12), "data": (16, 10_000_000)}[info.field_name]
        if not sizes[0] <= len(raw) <= sizes[1]:
            raise ValueError(f"the {info.field_name} has {len(raw)} bytes (damaged)")
        return v

    @model_validator(mode="after")
    def _accepted(self) -> "SealedBox":
        self.settings()
        return self

    def settings(self) -> Kdf:
        """The box's key derivation, one of :data:`ACCEPTED`; raises :class:`KdfNotAccepted`."""
        if self.kdf == "scrypt":
            k = Kdf("scrypt", n=self.n if self.n is not None else SCRYPT_N, r=self.r if self.r is not None else 8,
                    p=self.p if self.p is not None else 1)
            extra = (self.t, self.m)
        else:
            k = Kdf("argon2id", t=self.t or 0, m=self.m or 0, p=self.p if self.p is not None else 1)
            extra = (self.n, self.r)
        if k not in ACCEPTED or any(x is not None for x in extra):
            raise KdfNotAccepted(f"key derivation settings this game does not accept ({_named(self)}): "
                                 "the file is damaged or was not written by 5D Diplomacy")
        return k


def _named(box: SealedBox) -> str:
    return " ".join(f"{k}={getattr(box, k)}" for k in ("kdf", "n", "r", "t", "m", "p") if getattr(box, k) is not None)
