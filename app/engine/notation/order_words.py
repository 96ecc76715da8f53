"""The words of the order notation (``A mun - tyr``, ``F nth C A lon - bel``): what each
keyword means to the parser in :mod:`app.engine.notation.notation`, and the set of words a province
id or alias may not be (a variant's data checks use it without needing the parser)."""

from __future__ import annotations

MULTI_KEYWORDS = (("via", "convoy"), ("by", "convoy"), ("moves", "to"), ("move", "to"),
                   ("retreats", "to"), ("retreat", "to"))
KEYWORDS = {
    "-": "move", "->": "move", "to": "move", "moves to": "move", "move to": "move", "moves": "move",
    "s": "support", "supports": "support", "support": "support",
    "c": "convoy", "convoys": "convoy", "convoy": "convoy",
    "h": "hold", "hold": "hold", "holds": "hold",
    "via convoy": "via", "by convoy": "via",
    "r": "retreat", "retreats to": "retreat", "retreat to": "retreat", "retreats": "retreat", "retreat": "retreat",
    "d": "disband", "disband": "disband", "disbands": "disband", "remove": "disband", "removes": "disband",
    "build": "build", "builds": "build",
    "waive": "waive", "waives": "waive",
}
UNIT_TYPES = {"a": "A", "army": "A", "f": "F", "fleet": "F"}
# Words the parser reads as part of an order: a province id or alias may not be one of them.
ORDER_WORDS = frozenset(w for k in (*KEYWORDS, *UNIT_TYPES) for w in k.split() if w.isalpha()) | {
    w for pair in MULTI_KEYWORDS for w in pair}
