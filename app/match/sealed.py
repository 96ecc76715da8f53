"""The studio's part of a PIN seat's sealed box: its plans and notes, beside what the rest
of the match seals there (its pending orders, and the table's messages). The box itself is
:mod:`.secret`'s (its API seals and opens bytes); this module only says what the studio
adds to the bytes and takes from them.

The box's JSON is a list of order texts (older files, and a seat with nothing else), or an
object: ``{"orders": [...]}`` plus ``"messages"`` (the table's), ``"plans"`` and ``"notes"``
(the studio's) when the seat has any.

>>> open_box(pack(b'["A par - bur"]', [], ""), "g.json")
(b'["A par - bur"]', [], '')
>>> rest, plans, notes = open_box(pack(b'["A par - bur"]', [{"kind": "mark", "at": "1:par:S1901"}], "hi"), "g.json")
>>> rest, plans, notes
(b'{"orders": ["A par - bur"]}', [{'kind': 'mark', 'at': '1:par:S1901'}], 'hi')
"""

from __future__ import annotations

import json
from typing import Any

from .file_error import MatchFileError
from .plans import unknown_place


def pack(payload: bytes, plans: list[dict[str, Any]], notes: str) -> bytes:
    """``payload`` (the box's JSON so far: a list of orders or an object) with the seat's
    plans and notes added; unchanged when it has neither."""
    if not plans and not notes:
        return payload
    data = json.loads(payload.decode("utf-8"))
    if isinstance(data, list):
        data = {"orders": data}
    if plans:
        data["plans"] = plans
    if notes:
        data["notes"] = notes
    return json.dumps(data).encode("utf-8")


def open_box(plain: bytes, where: str, variant=None) -> tuple[bytes, list, str]:
    """(the rest of the box's JSON, plans, notes) from an opened box; raises
    :class:`MatchFileError` naming ``where`` when the studio's part does not read (plans'
    places are checked against ``variant``'s map when given)."""
    try:
        data = json.loads(plain.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise MatchFileError(f"{where}: the sealed box does not read") from None
    if not isinstance(data, dict) or not ({"plans", "notes"} & data.keys()):
        return plain, [], ""
    plans, notes = data.pop("plans", []), data.pop("notes", "")
    if not isinstance(plans, list) or not isinstance(notes, str):
        raise MatchFileError(f"{where}: the sealed plans or notes do not read")
    from pydantic import ValidationError

    from .plan_marks import PlanMark
    marks = []
    for j, m in enumerate(plans):
        try:
            marks.append(PlanMark.model_validate(m))
        except ValidationError as e:
            raise MatchFileError(f"{where}: sealed plan {j + 1}: {e.errors()[0]['msg']}") from None
    if variant is not None and (bad := unknown_place(marks, variant)) is not None:
        raise MatchFileError(f"{where}: sealed plans: '{bad}' is not a place on the map")
    return json.dumps(data).encode("utf-8"), plans, notes
