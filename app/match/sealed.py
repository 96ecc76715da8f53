"""What a PIN seat's sealed box holds: its pending orders and, when it has any, its plans
and notes. The box itself is :mod:`.secret`'s (its API seals and opens bytes); this module
only says what the bytes are.

Older files (and a seat with neither plans nor notes) hold a JSON list of order texts; a
seat with plans or notes holds ``{"orders": [...], "plans": [...], "notes": "..."}``.

>>> open_box(pack(["A par - bur"], [], ""), "g.json")
(['A par - bur'], [], '')
>>> open_box(pack([], [{"kind": "mark", "at": "1:par:S1901"}], "hi"), "g.json")[1:]
([{'kind': 'mark', 'at': '1:par:S1901'}], 'hi')
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ValidationError

from .plans import PlanMark, unknown_place
from .save import MatchFileError


def pack(orders: list[str], plans: list[dict[str, Any]], notes: str) -> bytes:
    """The plaintext a seat's box seals."""
    if not plans and not notes:
        return json.dumps(orders).encode("utf-8")
    return json.dumps({"orders": orders, "plans": plans, "notes": notes}).encode("utf-8")


def open_box(plain: bytes, where: str, variant=None) -> tuple[list, list, str]:
    """(order texts, plans, notes) from an opened box; raises :class:`MatchFileError`
    naming ``where`` when the contents do not read (plans' places are checked against
    ``variant``'s map when given)."""
    try:
        raw = json.loads(plain.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise MatchFileError(f"{where}: the sealed orders do not read") from None
    if isinstance(raw, list):
        return raw, [], ""
    if not isinstance(raw, dict) or not raw.keys() <= {"orders", "plans", "notes"}:
        raise MatchFileError(f"{where}: the sealed box holds something other than orders, plans and notes")
    plans, notes = raw.get("plans", []), raw.get("notes", "")
    if not isinstance(plans, list) or not isinstance(notes, str):
        raise MatchFileError(f"{where}: the sealed plans or notes do not read")
    marks = []
    for j, m in enumerate(plans):
        try:
            marks.append(PlanMark.model_validate(m))
        except ValidationError as e:
            raise MatchFileError(f"{where}: sealed plan {j + 1}: {e.errors()[0]['msg']}") from None
    if variant is not None and (bad := unknown_place(marks, variant)) is not None:
        raise MatchFileError(f"{where}: sealed plans: '{bad}' is not a place on the map")
    return raw.get("orders", []), plans, notes
