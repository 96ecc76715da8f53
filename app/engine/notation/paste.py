"""Many orders at once, as players paste them: our notation and the classic short forms
other tools print, one order a line.

Besides everything :func:`app.engine.notation.notation.parse_order` reads (``A PAR - BUR``,
``F NTH C A LON - NWY``, ``A Par-Bur``, ``France: A Par-Bur``, ``F Spa(sc) - Wes``), a
pasted list may have:

- a nation on a line of its own (``France:``, or as forum posts dress it: ``**France**``,
  ``[b]France[/b]``, ``France -``, ``France (Ada):``, ``France's orders:``), naming the nation
  of the lines below it;
- bullets and numbers (``- A Par - Bur``, ``3. A Par - Bur``, ``2) …``), a trailing ``;``,
  ``,`` or ``.``, and a result another tool printed after the order (``(bounce)``,
  ``[dislodged]``, ``*fails*``, ``-> succeeds``) — all left out;
- ``MOVE`` for ``-`` (``A PAR MOVE BUR``), ``SUPPORT``/``CONVOY`` spelled out;
- webDiplomacy's order history in words (``The army at Vienna move to Galicia.``,
  ``The fleet at North Sea convoy to Norway from London.``, ``Build army at Paris.``);
- a convoy route (``A LON - NTH - NWY``): a move via convoy from the first place to the last;
- blank lines and comments (``#``, ``//``), skipped.

Each line that cannot be read is reported with its line number, the word at fault and
the reason (:class:`PastedLine`); the others become :class:`~app.engine.notation.notation.OrderSpec`
values, resolved against a world as typed orders are.

>>> from app.engine.variants.variant import load_variant
>>> lines = read_pasted("France:\\nA PAR - BUR\\n2. F Bre-MAO (bounce)\\nA Mars - Gas\\n", load_variant())
>>> [(l.line, l.spec.nation, l.spec.kind) for l in lines if l.ok]
[(2, 'France', 'move'), (3, 'France', 'move')]
>>> bad = [l for l in lines if not l.ok][0]
>>> bad.line, bad.word
(4, 'Mars')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .notation import close_nation, nation_hint, NotationError, OrderSpec, normalise, parse_order
from .order_words import KEYWORDS
from ..variants.variant import Variant

MAX_LINES = 2000
"""The most lines one paste reads (a whole game's orders for one turn fit many times)."""


@dataclass(frozen=True)
class PastedLine:
    """One line of a paste: the order read (``spec``), or the word at fault and why."""

    line: int                      # 1-based, as the player counts lines in the box
    text: str                      # the line as pasted
    spec: OrderSpec | None = None
    word: str | None = None
    reason: str | None = None
    heading: int | None = None     # the line of the nation's header (``France:``) it was read under

    @property
    def ok(self) -> bool:
        return self.spec is not None

    def problem(self) -> str:
        """``line 4, 'Mars': 'Mars' is not a province``."""
        where = f"line {self.line}" + (f", '{self.word}'" if self.word else "")
        return f"{where}: {self.reason}"


_COMMENT = re.compile(r"^\s*(#|//)")
_BULLET = re.compile(r"^\s*(?:[-*•·]\s+|\d{1,4}\s*[.)]\s*)")
_NOTE_PARENS = re.compile(r"\((?!\s*(?:north|south|east|west)?\s*(?:coast|nc|sc|ec|wc)\s*\))[^)]*\)", re.I)
_NOTE_BRACKETS = re.compile(r"\[[^\]]*\]|\*[^*]*\*")
_RESULT_TAIL = re.compile(r"\s*(?:->|=>|:)\s*(?:succeeds|succeeded|success|fails|failed|bounced?|"
                          r"dislodged|cut|void|invalid|illegal)\s*$", re.I)
_TRAILING = re.compile(r"[\s;,.]+$")
_SPELLED = ((re.compile(r"\bmove\b(?!\s+to\b)", re.I), "-"),)
# a nation's header as forum posts dress it: **France**, __France__, [b]France[/b], == France ==,
# France -, France (Ada):, France's orders:
_HEADER_DRESS = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]|[*_=~]+|\([^)]*\)", re.I)
_HEADER = re.compile(r"^\s*([^\W\d_][^\W\d_ .'-]*(?:[ .'-][^\W\d_]+)*?)(?:'s)?(?:\s+orders)?\s*[:\-–—]?\s*$",
                     re.I)


def _header_word(line: str) -> str | None:
    """The name a line of its own would be a header for (``France:``, ``**France**``), or None."""
    m = _HEADER.match(_HEADER_DRESS.sub(" ", line))
    return " ".join(m.group(1).split()) if m else None


def _clean(line: str) -> str:
    t = _BULLET.sub("", line, count=1)
    t = _NOTE_PARENS.sub(" ", t)
    t = _NOTE_BRACKETS.sub(" ", t)
    t = _RESULT_TAIL.sub("", t)
    for pattern, word in _SPELLED:
        t = pattern.sub(word, t)
    return _TRAILING.sub("", " ".join(t.split()))


# webDiplomacy's order history, in words: "The army at Vienna move to Galicia." (its order history page)
_WEBDIP_ORDER = re.compile(
    r"^the (?P<type>army|fleet) at (?P<at>.+?) (?:(?P<hold>hold)|move to (?P<to>.+?)(?P<via> via convoy)?"
    r"|support hold to (?P<held>.+?)|support move to (?P<sto>.+?) from (?P<sfrom>.+?)"
    r"|convoy to (?P<cto>.+?) from (?P<cfrom>.+?)|retreat to (?P<rto>.+?)|(?P<disband>disband))$", re.I)
_WEBDIP_BUILD = re.compile(r"^build (?P<type>army|fleet) at (?P<at>.+)$", re.I)
_WEBDIP_DESTROY = re.compile(r"^destroy the unit at (?P<at>.+)$", re.I)


def _from_words(text: str) -> str:
    """webDiplomacy's sentence as the short form (``The army at Vienna move to Galicia`` →
    ``A Vienna - Galicia``); any other line as it is."""
    if m := _WEBDIP_BUILD.match(text):
        return f"Build {m['type'][0].upper()} {m['at']}"
    if m := _WEBDIP_DESTROY.match(text):
        return f"Remove {m['at']}"
    m = _WEBDIP_ORDER.match(text)
    if m is None:
        return text
    unit = f"{m['type'][0].upper()} {m['at']}"
    if m["hold"]:
        return f"{unit} H"
    if m["to"]:
        return f"{unit} - {m['to']}" + (" via convoy" if m["via"] else "")
    if m["held"]:
        return f"{unit} S {m['held']}"
    if m["sto"]:
        return f"{unit} S {m['sfrom']} - {m['sto']}"
    if m["cto"]:
        return f"{unit} C {m['cfrom']} - {m['cto']}"
    if m["rto"]:
        return f"{unit} R {m['rto']}"
    return f"{unit} D"


def _convoy_route(text: str, variant: Variant) -> str:
    """``A LON - NTH - NWY`` → ``A LON - NWY via convoy`` (a move with more than one ``-``
    and no support or convoy in it)."""
    words = normalise(text, variant).split()
    # "A Ber -- Kie" (a double hyphen, or an arrow "-->") is one move, not a route with no place between
    words = [w for i, w in enumerate(words) if not (w == "-" and i and words[i - 1] == "-")]
    dashes = [i for i, w in enumerate(words) if w == "-"]
    if len(dashes) < 2 or any(KEYWORDS.get(w.lower()) in ("support", "convoy") for w in words):
        return " ".join(words) if len(dashes) == 1 else text
    return " ".join(words[:dashes[0] + 1] + words[dashes[-1] + 1:]) + " via convoy"


def _fault_word(error: NotationError, line: str, variant: Variant) -> str | None:
    """The word to blame, as it stands in the line: a keyword the parser names by meaning
    (``move``) is found as the player wrote it (``-``); of a phrase that is no province
    (``Par Foo Bur``), the first word after the longest start that is one (``Foo``)."""
    word = error.word
    if not word:
        return None
    if " " in word:
        parts = word.split(" ")
        for k in range(len(parts) - 1, 0, -1):
            if variant.lookup_province(" ".join(parts[:k])) is not None:
                return parts[k]
        return parts[0]
    if word.lower() in line.lower():
        return word
    spelled = [w for w in line.split() if KEYWORDS.get(w.lower()) == word]
    return spelled[0] if spelled else word


def read_pasted(text: str, variant: Variant) -> list[PastedLine]:
    """Every line of ``text`` that holds something: an order read, or why not."""
    lines = text.splitlines()
    out: list[PastedLine] = []
    if len(lines) > MAX_LINES:
        return [PastedLine(MAX_LINES + 1, lines[MAX_LINES], None, None,
                           f"a paste reads at most {MAX_LINES} lines; this one has {len(lines)}")]
    nation: str | None = None
    heading: int | None = None
    names = {n.lower(): n for n in variant.nation_names}
    for number, raw in enumerate(lines, 1):
        if not raw.strip() or _COMMENT.match(raw):
            continue
        header = _header_word(raw)
        if header is not None and header.lower() in names:
            nation, heading = names[header.lower()], number
            continue
        cleaned = _from_words(_clean(raw))
        if not cleaned:
            continue
        try:
            spec = parse_order(_convoy_route(cleaned, variant), variant)
        except NotationError as e:
            if header is not None and close_nation(header, variant.nation_names) is not None:   # Frnace:
                hint = nation_hint(header, variant.nation_names)
                out.append(PastedLine(number, raw, None, header, f"'{header}' is not a nation{hint}", heading))
                continue
            word = _fault_word(e, raw, variant)
            out.append(PastedLine(number, raw, None, word, _reason(e, word), heading))
            continue
        if spec.nation is None and nation is not None:
            spec = _with_nation(spec, nation)
        out.append(PastedLine(number, raw, spec, heading=heading))
    return out


def _reason(e: NotationError, word: str | None) -> str:
    """The parser's message without the whole order quoted in front (the line is shown),
    naming the word as the player wrote it."""
    msg = str(e)
    m = re.match(r"^'.*?': (.*)$", msg)
    msg = m.group(1) if m and m.group(1) else msg
    if word and e.word and word != e.word and f"'{e.word}'" in msg and " " not in e.word:
        msg = msg.replace(f"'{e.word}'", f"'{word}'")
    return msg


def _with_nation(spec: OrderSpec, nation: str) -> OrderSpec:
    from dataclasses import replace
    return replace(spec, nation=nation)
