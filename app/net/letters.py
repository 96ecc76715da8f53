"""Messages between seats across computers, sealed to their receiver (issue 32): the server
passes and keeps them but cannot read them.

Each seat has an X25519 key pair derived (HKDF-SHA256) from its invitation's secret, so the
seat's computer, wherever it joins from, has the same pair, and the server, which keeps only
the secret's hash, has none; the public keys pass through the server. A message is sealed
as an ECIES box with the ``cryptography`` library: a fresh X25519 pair for each message,
the shared secret through HKDF to an AES-GCM key, the associated data naming the table,
sender and receiver. Re-issuing a seat's invitation gives it a new pair: messages sealed
to the old one stay unread.
"""

from __future__ import annotations

import base64
import os

MAX_LETTER = 2000            # characters of a message's text
_SEALING = 32 + 12 + 16      # bytes a box adds: the ephemeral public key, the nonce, the tag
MAX_LETTER_BOX = -(-(_SEALING + 4 * MAX_LETTER) // 3) * 4
"""Characters of a sealed box (base64): room for the longest message in any script, four
UTF-8 bytes a character (a bound of its text's characters alone let a message of 1,500
Cyrillic or 1,000 Chinese characters be sealed and then refused on its way)."""


class LetterError(ValueError):
    """A box that does not open, or a key that is not one."""


def _hkdf(material: bytes, info: str) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info.encode("utf-8")).derive(material)


def private_key(secret: str, table: str, seat: int):
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    return X25519PrivateKey.from_private_bytes(_hkdf(secret.encode("utf-8"), f"5d-letters/{table}/{seat}"))


def _raw_public(key) -> bytes:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


def public_key_text(secret: str, table: str, seat: int) -> str:
    return base64.b64encode(_raw_public(private_key(secret, table, seat))).decode("ascii")


def _public_of(text: str):
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PublicKey
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
        return X25519PublicKey.from_public_bytes(raw), raw
    except (ValueError, UnicodeError):
        raise LetterError("not a public key") from None


def _aad(table: str, sender: int, receiver: int) -> bytes:
    return f"5d-letter/{table}/{sender}/{receiver}".encode("utf-8")


def seal_letter(text: str, receiver_public: str, table: str, sender: int, receiver: int,
                aad: bytes | None = None) -> str:
    """``aad``: what the box is bound to, if not a message from ``sender`` to ``receiver``
    (a sealed offer's: :mod:`.sealed_offers`)."""
    from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    if not 1 <= len(text) <= MAX_LETTER:
        raise LetterError(f"a message has 1 to {MAX_LETTER} characters")
    to_key, to_raw = _public_of(receiver_public)
    ephemeral = X25519PrivateKey.generate()
    eph_raw = _raw_public(ephemeral)
    key = _hkdf(ephemeral.exchange(to_key), f"5d-letter-key/{eph_raw.hex()}/{to_raw.hex()}")
    nonce = os.urandom(12)
    body = AESGCM(key).encrypt(nonce, text.encode("utf-8"), aad or _aad(table, sender, receiver))
    return base64.b64encode(eph_raw + nonce + body).decode("ascii")


def open_letter(box: str, secret: str, table: str, sender: int, receiver: int, aad: bytes | None = None) -> str:
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    mine = private_key(secret, table, receiver)
    try:
        raw = base64.b64decode(box.encode("ascii"), validate=True)
        eph_text = base64.b64encode(raw[:32]).decode("ascii")
        eph, eph_raw = _public_of(eph_text)
        key = _hkdf(mine.exchange(eph), f"5d-letter-key/{eph_raw.hex()}/{_raw_public(mine).hex()}")
        return AESGCM(key).decrypt(raw[32:44], raw[44:], aad or _aad(table, sender, receiver)).decode("utf-8")
    except (InvalidTag, ValueError, UnicodeError):
        raise LetterError("the message does not open with this seat's key") from None
