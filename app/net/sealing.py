"""Sealed pending orders across computers (issue 32, RULES.md §6): the holder of a table
cannot read a seat's orders before every seat is done, nor let a seat change them after.

Each round a seat's computer seals its pending orders with a key only it can make: HKDF
(SHA-256) of its invitation's secret (the server keeps only the secret's hash), for this
table, seat and submission, so a key revealed for one round opens no other. The box is
AES-GCM (the ``cryptography`` library), its associated data naming the table, seat and
submission, so a box cannot be replayed at another seat or round. With the box goes a
commitment to the key (SHA-256 of it): when every seat is done the server asks for the
keys, and accepts only the committed one. AES-GCM alone does not bind a ciphertext to one
key; the commitment does, so no seat can make its fixed box read as other orders once it
has seen the others'.

What remains: a seat may decline to reveal (its units then hold), having seen nothing of
the others' orders until its own box was fixed.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os

MAX_BOX = 12_000            # characters of a box in a message (the client frame is 16 KiB)


class SealError(ValueError):
    """A box or key that does not open, with why."""


def labelled_key(secret: str, label: str) -> bytes:
    """HKDF-SHA256 of an invitation's secret under ``label`` (what the key is for: which
    table, seat and round, answer or name), so a key revealed for one opens nothing else."""
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=label.encode("utf-8")).derive(
        secret.encode("utf-8"))


def seal_value(key: bytes, value, label: str) -> str:
    """``value`` as JSON in an AES-GCM box whose associated data is ``label`` (so a box cannot
    be replayed at another seat or round): base64 of the nonce and the ciphertext."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    nonce = os.urandom(12)
    body = AESGCM(key).encrypt(nonce, json.dumps(value).encode("utf-8"), label.encode("utf-8"))
    return base64.b64encode(nonce + body).decode("ascii")


def open_value(key: bytes, box: str, label: str, what: str):
    """The JSON value in a box :func:`seal_value` made; raises :class:`SealError` naming
    ``what`` ("box", "sealed answer" …) when it does not open with ``key``."""
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM
    try:
        raw = base64.b64decode(box.encode("ascii"), validate=True)
        return json.loads(AESGCM(key).decrypt(raw[:12], raw[12:], label.encode("utf-8")))
    except (InvalidTag, ValueError, UnicodeError):
        raise SealError(f"the {what} does not open with that key") from None


def _label(table: str, seat: int, submissions: int) -> str:
    return f"5d-sealed-orders/{table}/{seat}/{submissions}"


def round_key(secret: str, table: str, seat: int, submissions: int) -> bytes:
    return labelled_key(secret, _label(table, seat, submissions))


def commitment(key: bytes) -> str:
    return hashlib.sha256(b"5d-key-commitment/" + key).hexdigest()


def seal(key: bytes, orders: list[str], table: str, seat: int, submissions: int) -> str:
    box = seal_value(key, orders, _label(table, seat, submissions))
    if len(box) > MAX_BOX:
        raise SealError(f"too many orders to seal in one message ({len(orders)})")
    return box


def unseal(key: bytes, box: str, table: str, seat: int, submissions: int) -> list[str]:
    """The orders in ``box``; raises :class:`SealError`."""
    orders = open_value(key, box, _label(table, seat, submissions), "box")
    if not isinstance(orders, list) or not all(isinstance(o, str) for o in orders):
        raise SealError("the box holds no list of orders")
    return orders


def key_text(key: bytes) -> str:
    return base64.b64encode(key).decode("ascii")


def key_of(text: str) -> bytes:
    try:
        key = base64.b64decode(text.encode("ascii"), validate=True)
    except (ValueError, UnicodeError):
        raise SealError("the key is not base64") from None
    if len(key) != 32:
        raise SealError("a key has 32 bytes")
    return key


def is_committed(key: bytes, committed: str) -> bool:
    return hmac.compare_digest(commitment(key), committed)


def committed_key(sealed: tuple[str, str], key_text: str) -> tuple[bytes, str]:
    """``sealed``: a seat's (box, commitment). The key ``key_text`` names and the box, once the
    key is the one the seat committed to; raises :class:`SealError` (orders, answers and
    names are opened alike: a key that is not the committed one opens nothing)."""
    key = key_of(key_text)
    box, committed = sealed
    if not is_committed(key, committed):
        raise SealError("that is not the key this seat committed to")
    return key, box
