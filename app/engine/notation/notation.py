"""Reading and writing orders in the ``timeline:province:turn`` notation.

Parsing is in two steps. :func:`parse_order` turns text into an :class:`OrderSpec`, whose
locations may leave out the timeline or turn. :func:`app.engine.rules.world.World.resolve`
then fills those in against a world and returns a concrete order. :func:`format_order`
prints a concrete order with every coordinate, so that it parses back to itself.

>>> from app.engine.variants.variant import load_variant
>>> spec = parse_order("Germany: A mun S A 1:boh:S1901 - tyr", load_variant())
>>> spec.kind, spec.unit.province, spec.target.timeline, spec.dest.province
('support', 'mun', 1, 'tyr')
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from ..rules.coords import BoardKey, Location, Turn, parse_timeline
from ..rules.kinds import KINDS
from ..rules.orders import Build, Convoy, Disband, Hold, Move, Order, Retreat, Support, Waive
from .order_spec import LocSpec, NotationError, OrderSpec
from .order_words import KEYWORDS, MULTI_KEYWORDS, UNIT_TYPES
from ..variants.variant import Variant


MAX_ORDER_LENGTH = 300
"""The longest order text read. The longest real order (a support across three boards with
full province names and spelled-out turns) is well under half of this; anything longer is
refused at once rather than scanned."""


_COAST_WORDS = {"north": "nc", "south": "sc", "east": "ec", "west": "wc"}
_SEASON_YEAR = re.compile(r"\b(spring|fall|autumn|winter)\s+(\d{2,4})\b", re.I)
_PAREN_COAST = re.compile(r"\s*\(\s*(north|south|east|west)?\s*(coast|nc|sc|ec|wc)\s*\)", re.I)
_SLASH_COAST_WORDS = re.compile(r"/\s*(north|south|east|west)\s+coast\b", re.I)
_SPACE_COAST_WORDS = re.compile(r"\s+(north|south|east|west)\s+coast\b", re.I)


def normalise(text: str, variant: Variant | None = None) -> str:
    """Put coasts and turns in one-word forms so the text splits on spaces.

    Runs of spaces are collapsed first: every pattern below then meets at most one space
    at a time, so the whole pass is linear in the text (runs of spaces made the patterns'
    leading ``\\s*`` quadratic). A ``-`` inside a word (``mun-tyr``) is a move unless it
    belongs to a hyphenated name of the variant (``Mid-Atlantic``).
    """
    t = " ".join(text.translate(_DASHES).split())
    t = _SEASON_YEAR.sub(lambda m: m.group(1)[0].upper() + m.group(2), t)

    def paren(m: re.Match) -> str:
        word = (m.group(1) or "").lower()
        code = m.group(2).lower()
        return "/" + (_COAST_WORDS[word] if code == "coast" and word else code)

    t = _PAREN_COAST.sub(paren, t)
    t = _SLASH_COAST_WORDS.sub(lambda m: "/" + _COAST_WORDS[m.group(1).lower()], t)
    t = _SPACE_COAST_WORDS.sub(lambda m: "/" + _COAST_WORDS[m.group(1).lower()], t)
    t = t.replace("->", " - ")
    keep = _hyphenated_words(variant) if variant is not None else _X_RAY
    return " ".join(_split_dashes(w, keep) if "-" in w else w for w in t.split(" "))


_NORMALISED_WORDS = ("(", "->", "coast", "spring", "fall", "autumn", "winter", *"‐–—−→")
# what a word processor or a chat makes of "-" (hyphen, en and em dashes, minus) and an arrow
_DASHES = str.maketrans({"‐": "-", "–": "-", "—": "-", "−": "-", "→": " - "})


def already_normal(text: str) -> bool:
    """Is ``text`` sure to come out of :func:`normalise` unchanged? True for the orders
    :func:`format_order` prints (the form clients send), so the server reads them without
    the pattern passes: single spaces, no coast or season words, no brackets, and every
    ``-`` a word of its own. False only means "normalise it"."""
    lowered = text.lower()
    if any(w in lowered for w in _NORMALISED_WORDS) or " ".join(text.split()) != text:
        return False
    return "-" not in f" {text} ".replace(" - ", " ")


_X_RAY = frozenset({"x-ray"})
_LETTERS = re.compile(r"[a-z]*$")


def _split_dashes(word: str, keep: frozenset[str]) -> str:
    """``mun-tyr`` → ``mun - tyr``; ``Mid-Atlantic`` stays whole (a name in ``keep``)."""
    pieces = word.split("-")
    out = [pieces[0]]
    for piece in pieces[1:]:
        left = _LETTERS.search(out[-1].lower()).group(0)
        right = re.match(r"[a-z]*", piece.lower()).group(0)
        if left and right and f"{left}-{right}" in keep:
            out[-1] += "-" + piece
        else:
            out.extend(("-", piece))
    return " ".join(p for p in out if p)


@lru_cache(maxsize=None)
def _hyphenated_words(variant: Variant) -> frozenset[str]:
    """Words with a hyphen in the variant's province names (``mid-atlantic``), and x-ray."""
    words = set(_X_RAY)
    for p in variant.provinces.values():
        for name in (p.name, *p.aliases):
            words.update(w.lower() for w in name.split() if "-" in w)
    return frozenset(words)


def _tokens(text: str) -> list[tuple[str, str]]:
    """Split into ('kw', keyword) and ('ph', phrase) items; phrases are locations."""
    words = text.split()
    out: list[tuple[str, str]] = []
    i = 0
    phrase: list[str] = []

    def flush() -> None:
        if phrase:
            out.append(("ph", " ".join(phrase)))
            phrase.clear()

    while i < len(words):
        w = words[i].lower()
        if i + 1 < len(words) and (w, words[i + 1].lower()) in MULTI_KEYWORDS:
            flush()
            out.append(("kw", KEYWORDS[f"{w} {words[i + 1].lower()}"]))
            i += 2
            continue
        if w in KEYWORDS:
            flush()
            out.append(("kw", KEYWORDS[w]))
        elif w in UNIT_TYPES and not phrase:
            out.append(("type", UNIT_TYPES[w]))
        else:
            phrase.append(words[i])
        i += 1
    flush()
    return out


def parse_location(text: str, variant: Variant) -> LocSpec:
    """Parse ``2:mun:S1902``, ``b:Munich``, ``spa/nc``, ``Spain (north coast):F1901`` …"""
    _check_length(text, "location")
    return _read_location(normalise(text, variant).strip(), text, variant)


def _read_location(t: str, text: str, variant: Variant) -> LocSpec:
    """A location from normalised text ``t`` (``text`` as written, for messages)."""
    parts = [p.strip() for p in t.split(":")]
    timeline: int | None = None
    turn: Turn | None = None
    if len(parts) == 3:
        timeline = _timeline(parts[0], text)
        prov_text = parts[1]
        turn = _turn(parts[2], text)
    elif len(parts) == 2:
        if _is_turn(parts[1]):
            prov_text, turn = parts[0], Turn.parse(parts[1])
        else:
            timeline = _timeline(parts[0], text)
            prov_text = parts[1]
    elif len(parts) == 1:
        prov_text = parts[0]
    else:
        raise NotationError(f"'{text}' has too many ':' (write timeline:province:turn)")
    coast: str | None = None
    if "/" in prov_text:
        prov_text, coast = (x.strip() for x in prov_text.split("/", 1))
        coast = coast.lower()
    province = variant.lookup_province(prov_text)
    if province is None:
        raise NotationError(f"'{prov_text}' is not a province" + (f" (in '{text}')" if prov_text != text else ""),
                            prov_text)
    if coast is not None and f"{province}/{coast}" not in variant.coasts:
        coast = None  # DATC 4.B.6: an unknown or irrelevant coast is ignored
    return LocSpec(timeline, province, coast, turn)


@lru_cache(maxsize=16384)
def _location(word: str, variant: Variant) -> LocSpec:
    """A location phrase of an order (``3:adr:F1905``), read once: the same places recur in
    a round's orders (a unit's place, the supports naming it) and a LocSpec is frozen.
    A phrase that cannot be read raises each time (an exception is never cached)."""
    return _read_location(word, word, variant)


_NATION_PREFIX = re.compile(r"([A-Za-z]+) ?: ?(?=\D)")


def _check_length(text: str, what: str) -> None:
    if len(text) > MAX_ORDER_LENGTH:
        raise NotationError(f"this {what} is {len(text)} characters long; "
                            f"{'an' if what[0] in 'aeiou' else 'a'} {what} has at most {MAX_ORDER_LENGTH}")


def close_nation(word: str, names) -> str | None:
    """The nation of ``names`` that ``word`` most looks like a misspelling of, if any."""
    close = difflib.get_close_matches(word.lower(), [n.lower() for n in names], n=1, cutoff=0.6)
    return next(n for n in names if n.lower() == close[0]) if close else None


def nation_hint(word: str, names) -> str:
    """`` (did you mean 'France'?)`` for a word that is no nation, or the nations' names."""
    close = close_nation(word, names)
    return f" (the nations are {', '.join(names)})" if close is None else f" (did you mean '{close}'?)"


def is_timeline(text: str) -> bool:
    try:
        parse_timeline(text)
        return True
    except ValueError:
        return False


def _is_turn(text: str) -> bool:
    try:
        Turn.parse(text)
        return True
    except ValueError:
        return False


def _turn(text: str, whole: str) -> Turn:
    try:
        return Turn.parse(text)
    except ValueError:
        raise NotationError(f"'{text}' is not a turn (in '{whole}'; write S1901, F1901, W1901)", text) from None


def _timeline(text: str, whole: str) -> int:
    try:
        return parse_timeline(text)
    except ValueError:
        raise NotationError(f"'{text}' is not a timeline (in '{whole}'; write 1, 2, … or a, b, …)", text) from None


def parse_order(text: str, variant: Variant) -> OrderSpec:
    """Parse one order (grammar in docs/notation.md). Raises :class:`NotationError`."""
    if not text or not text.strip():
        raise NotationError("empty order")
    _check_length(text, "order")
    body = " ".join(text.split())
    nation: str | None = None
    m = _NATION_PREFIX.match(body)
    if m:
        word = m.group(1)
        name = next((n for n in variant.nation_names if n.lower() == word.lower()), None)
        if name is not None:
            nation = name
            body = body[m.end():]
        elif not is_timeline(word) and variant.lookup_province(word) is None:
            raise NotationError(f"'{word}' is not a nation{nation_hint(word, variant.nation_names)}", word)
    items = _tokens(body if already_normal(body) else normalise(body, variant))
    try:
        return _parse_items(text, items, nation, variant)
    except NotationError:
        raise
    except (ValueError, IndexError):
        raise NotationError(f"'{text}' is not an order") from None


def _unit_at(items: list[tuple[str, str]], i: int, variant: Variant, text: str) -> tuple[str | None, LocSpec, int]:
    utype = None
    if i < len(items) and items[i][0] == "type":
        utype = items[i][1]
        i += 1
    if i >= len(items) or items[i][0] != "ph":
        got = items[i][1] if i < len(items) else "the end"
        raise NotationError(f"'{text}': expected a unit's location, found '{got}'", got)
    return utype, _location(items[i][1], variant), i + 1


def _parse_items(text: str, items: list[tuple[str, str]], nation: str | None, variant: Variant) -> OrderSpec:
    if not items:
        raise NotationError(f"'{text}' is not an order")
    # Nation waive [location]
    if items[0][0] == "ph" and len(items) >= 2 and items[1] == ("kw", "waive") or items[0] == ("kw", "waive"):
        if items[0][0] == "ph":
            name = next((n for n in variant.nation_names if n.lower() == items[0][1].lower()), None)
            if name is None:
                raise NotationError(f"'{items[0][1]}' is not a nation", items[0][1])
            if nation is not None and nation != name:
                raise NotationError(f"'{text}': two different nations")
            nation = name
            rest = items[2:]
        else:
            rest = items[1:]
        if nation is None:
            raise NotationError(f"'{text}': a waive names its nation ('Germany waive')")
        board = None
        if rest:
            if rest[0][0] != "ph" or len(rest) > 1:
                raise NotationError(f"'{text}': after 'waive' write a board or location")
            try:
                board = BoardKey.parse(rest[0][1])
            except ValueError:
                loc = _location(rest[0][1], variant)
                if loc.timeline is None or loc.turn is None:
                    board = None
                else:
                    board = BoardKey(loc.timeline, loc.turn)
        return OrderSpec(text, "waive", nation=nation, board=board)
    # build (A|F) location  |  (A|F) location build
    if items[0] == ("kw", "build"):
        utype, loc, i = _unit_at(items, 1, variant, text)
        _expect_end(items, i, text)
        return OrderSpec(text, "build", nation=nation, unit_type=utype, unit=loc)
    if items[-1] == ("kw", "build"):
        utype, loc, i = _unit_at(items, 0, variant, text)
        _expect_end(items, i, text, len(items) - 1)
        return OrderSpec(text, "build", nation=nation, unit_type=utype, unit=loc)
    # disband unit
    if items[0] == ("kw", "disband"):
        utype, loc, i = _unit_at(items, 1, variant, text)
        _expect_end(items, i, text)
        return OrderSpec(text, "disband", nation=nation, unit_type=utype, unit=loc)
    utype, unit, i = _unit_at(items, 0, variant, text)
    if i >= len(items):
        raise NotationError(f"'{text}': what should the unit do? (H, -, S, C, R, D)")
    kw = items[i]
    if kw[0] != "kw":
        raise NotationError(f"'{text}': expected H, -, S, C, R or D after the unit, found '{kw[1]}'", kw[1])
    verb = kw[1]
    i += 1
    if verb == "hold":
        _expect_end(items, i, text)
        return OrderSpec(text, "hold", nation, utype, unit)
    if verb == "disband":
        _expect_end(items, i, text)
        return OrderSpec(text, "disband", nation, utype, unit)
    if verb in ("move", "retreat"):
        if i >= len(items) or items[i][0] != "ph":
            raise NotationError(f"'{text}': '{verb}' needs a destination", verb)
        dest = _location(items[i][1], variant)
        i += 1
        via = False
        if i < len(items) and items[i] == ("kw", "via"):
            via = True
            i += 1
        _expect_end(items, i, text)
        if verb == "retreat" and via:
            raise NotationError(f"'{text}': a retreat cannot go via convoy")
        return OrderSpec(text, verb, nation, utype, unit, dest=dest, via_convoy=via)
    if verb in ("support", "convoy"):
        ttype, target, i = _unit_at(items, i, variant, text)
        dest = None
        if i < len(items) and items[i] == ("kw", "move"):
            if i + 1 >= len(items) or items[i + 1][0] != "ph":
                raise NotationError(f"'{text}': '-' needs a destination")
            dest = _location(items[i + 1][1], variant)
            i += 2
        elif i < len(items) and items[i] == ("kw", "hold"):
            if verb == "convoy":
                raise NotationError(f"'{text}': a convoy names a move ('C A lon - bel')")
            i += 1
        _expect_end(items, i, text)
        if verb == "convoy" and dest is None:
            raise NotationError(f"'{text}': a convoy names a move ('C A lon - bel')")
        return OrderSpec(text, verb, nation, utype, unit, ttype, target, dest)
    raise NotationError(f"'{text}': '{verb}' cannot follow a unit", verb)


def _expect_end(items: list[tuple[str, str]], i: int, text: str, end: int | None = None) -> None:
    end = len(items) if end is None else end
    if i < end:
        raise NotationError(f"'{text}': unexpected '{items[i][1]}'", items[i][1])


# -- printing --------------------------------------------------------------------------


def format_order(order: Order, with_nation: bool = True) -> str:
    """Print an order with full coordinates: ``Germany: A 1:mun:S1901 - 1:tyr:S1901``
    (each kind's words are its module's ``text``: :mod:`app.engine.rules.kinds`)."""
    kind = KINDS.get(getattr(order, "kind", None))
    if kind is None:
        raise TypeError(order)
    words = kind.text(order, _every_coordinate, None)
    if with_nation or kind.after_nation == " ":   # (a waive's nation is its subject)
        return f"{order.nation}{kind.after_nation}{words}"
    return words


def _every_coordinate(loc: Location, _from: None) -> str:
    return str(loc)   # 1:mun:S1901


# -- reading back what format_order printed --------------------------------------------


class CanonicalReader:
    """Reads orders exactly as :func:`format_order` prints them, fast, for save files.

    ``read(text)`` returns the order, or None when the text is not in the printed form
    (a hand-edited save): the caller then uses :func:`parse_order`. The printed form names
    every coordinate, the nation and the unit type, so the order is rebuilt as it was,
    without the world. One reader per file: it remembers the locations and orders it has
    read (a long game repeats them thousands of times).
    """

    def __init__(self, variant: Variant):
        self.nations = {f"{n}:": n for n in variant.nation_names}
        self.nation_names = frozenset(variant.nation_names)
        self.locations = frozenset(variant.locations)
        self._locs: dict[str, Location | None] = {}
        self._orders: dict[str, Order | None] = {}
        self._boards: dict[tuple[str, str], BoardKey] = {}

    def read(self, text: str) -> Order | None:
        o = self._orders.get(text, _UNSET)
        if o is _UNSET:
            o = self._orders[text] = self._read(text) if len(text) <= MAX_ORDER_LENGTH else None
        return o

    def location(self, text: str) -> Location | None:
        loc = self._locs.get(text, _UNSET)
        if loc is _UNSET:
            loc = self._locs[text] = self._location(text)
        return loc

    def board(self, text: str) -> BoardKey | None:
        """A board as printed (``2:S1902``), or None."""
        t, _, turn_text = text.partition(":")
        board = self._boards.get((t, turn_text))
        if board is None:
            turn = _canonical_turn(turn_text)
            if not t.isdigit() or t[0] == "0" or turn is None:
                return None
            board = self._boards[(t, turn_text)] = BoardKey(int(t), turn)
        return board

    def _location(self, text: str) -> Location | None:
        parts = text.split(":")
        if len(parts) != 3 or parts[1] not in self.locations:
            return None
        board = self._boards.get((parts[0], parts[2]))
        if board is None:
            t, turn = parts[0], _canonical_turn(parts[2])
            if not t.isdigit() or t[0] == "0" or turn is None:
                return None
            board = self._boards[(t, parts[2])] = BoardKey(int(t), turn)
        return _new_location((board, parts[1]))

    def _read(self, text: str) -> Order | None:
        w = text.split(" ")
        if len(w) == 3 and w[1] == "waive" and w[0] in self.nation_names:
            t, _, turn = w[2].partition(":")
            turn = _canonical_turn(turn)
            return Waive(w[0], BoardKey(int(t), turn)) if t.isdigit() and t[0] != "0" and turn else None
        if len(w) < 4 or w[0] not in self.nations:
            return None
        nation = self.nations[w[0]]
        if w[1] == "build":
            at = self.location(w[3])
            return Build(nation, w[2], at) if len(w) == 4 and w[2] in ("A", "F", "?") and at else None
        utype, unit = w[1], self.location(w[2])
        if utype not in ("A", "F") or unit is None:
            return None
        verb, rest = w[3], w[4:]
        if verb == "H" and not rest:
            return Hold(nation, utype, unit)
        if verb == "D" and not rest:
            return Disband(nation, utype, unit)
        if verb in ("-", "R") and rest:
            dest = self.location(rest[0])
            if dest is None:
                return None
            if verb == "R":
                return Retreat(nation, utype, unit, dest) if len(rest) == 1 else None
            if len(rest) == 1:
                return Move(nation, utype, unit, dest)
            return Move(nation, utype, unit, dest, True) if rest[1:] == ["via", "convoy"] else None
        if verb == "C" and len(rest) == 4 and rest[0] == "A" and rest[2] == "-":
            army, dest = self.location(rest[1]), self.location(rest[3])
            return Convoy(nation, utype, unit, army, dest) if army and dest else None
        if verb == "S" and rest:
            ttype = None
            if rest[0] in ("A", "F"):
                ttype, rest = rest[0], rest[1:]
            if len(rest) == 2 and rest[1] == "H":
                target = self.location(rest[0])
                return Support(nation, utype, unit, ttype, target) if target else None
            if len(rest) == 3 and rest[1] == "-":
                target, dest = self.location(rest[0]), self.location(rest[2])
                return Support(nation, utype, unit, ttype, target, dest) if target and dest else None
        return None


_UNSET: object = object()


def _new_location(parts: tuple[BoardKey, str]) -> Location:
    return tuple.__new__(Location, parts)  # the NamedTuple constructor, without its Python frame
_CANONICAL_TURN = re.compile(r"[SFW][0-9]{4}")


def _canonical_turn(text: str) -> Turn | None:
    if not _CANONICAL_TURN.fullmatch(text):
        return None
    return Turn(int(text[1:]), "SFW".index(text[0]))
