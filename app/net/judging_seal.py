"""A seat's name for a thrown play-out's winner, sealed by its own computer (RULES.md §9
"Playing it out", §6 "Across computers"): the holder of the table cannot read it, and no
seat can change it, before every seat has named.

As with sealed orders (:mod:`.sealing`, which says what a commitment adds to AES-GCM): the
key is HKDF-SHA256 of the seat's invitation secret (the server keeps only its hash), for
this table, seat and judged season, under a label of its own, so an order key revealed for
a round opens no name and a name key opens nothing else; the box is AES-GCM with
associated data naming the same; the commitment to the key goes with the box, and the key
follows only once every seat's box is in. A box holds one nation, or none: the seat names
no winner ("Play on"), and the judging cannot agree.
"""

from __future__ import annotations


from .sealing import commitment, key_text, labelled_key, open_value, seal_value, SealError

MAX_NAME_BOX = 400            # characters of a sealed name in a message


def name_key(secret: str, table: str, seat: int, at: int) -> bytes:
    """The key of the seat's name for the judging of the season that made submission ``at``."""
    return labelled_key(secret, _label(table, seat, at))


def _label(table: str, seat: int, at: int) -> str:
    return f"5d-judging/{table}/{seat}/{at}"


def seal_name(key: bytes, nation: str | None, table: str, seat: int, at: int) -> str:
    """The box of ``nation`` (None: no name) for that seat and judging."""
    box = seal_value(key, {"name": nation or ""}, _label(table, seat, at))
    if len(box) > MAX_NAME_BOX:
        raise SealError(f"a name of {len(nation or '')} characters is too long to seal")
    return box


def open_name(key: bytes, box: str, table: str, seat: int, at: int) -> str:
    """The name in ``box`` ("" for none); raises :class:`~.sealing.SealError`."""
    opened = open_value(key, box, _label(table, seat, at), "sealed name")
    try:
        name = opened["name"]
    except (KeyError, TypeError):
        raise SealError("the sealed name does not open with that key") from None
    if not isinstance(name, str):
        raise SealError("the sealed box holds no name")
    return name


def sealed_name(secret: str, nation: str | None, table: str, seat: int, at: int) -> tuple[str, str]:
    """(box, commitment) of the seat's name: what its computer sends first."""
    key = name_key(secret, table, seat, at)
    return seal_name(key, nation, table, seat, at), commitment(key)


def name_key_text(secret: str, table: str, seat: int, at: int) -> str:
    """The key, as the seat's computer sends it once every seat has named."""
    return key_text(name_key(secret, table, seat, at))
