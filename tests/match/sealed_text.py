"""A saved file's text with its sealed boxes' ciphertext left out: the ciphertext is random
base64 and spells a three-letter province ("gal", "bur") now and then, so a test that looks
for a secret province name in a file looks everywhere but there."""

from __future__ import annotations

import json
from pathlib import Path


def text_outside_sealed_boxes(path: Path) -> str:
    doc = json.loads(Path(path).read_text())
    for seat in doc.get("meta", {}).get("seats", []):
        if seat.get("sealed"):
            seat["sealed"] = {k: None for k in seat["sealed"]}
    return json.dumps(doc)
