"""Orders, results and centre owners as short texts relative to their board (save files,
version 3), and a reader that turns them back into engine values fast.

An order is printed as :func:`app.engine.notation.notation.format_order` prints it, except that
every location is written relative to the board the order is given on: ``mun`` on that
board, ``mun@+1-2`` one timeline further and two seasons (one movement turn) earlier. The
ordering unit (or the build, or the waive) is always on that board, so its place is
written without a board::

    Germany: A mun - tyr                 Germany: A mun - mun@+0-2      (back in time)
    Germany: F kie S A ber - mun@+1+0    England: A lon - bel via convoy
    Russia: build F stp/nc               Italy waive

The same few texts recur on thousands of boards (``Austria: A vie H`` on every board where
Vienna holds), so :class:`BoardTextReader` reads each distinct text once into a template
and makes the order for a board from it. A result is a short code: its status letter
(``s`` succeeds, ``f`` fails, ``i`` invalid, ``p`` pending), then its flags (``m`` moved,
``d`` dislodged, ``x`` illegal, ``c`` contests), then ``=`` and the location it retreated
to, then ``:`` and its reason — ``s``, ``sm``, ``fd=bur``, ``f:support cut``. Centre owners
are one text per board, ``Austria: bud tri vie; England: edi lon lvp``; boards with the same
owners share one mapping.

>>> from app.engine.variants.variant import load_variant
>>> from app.engine.rules.coords import BoardKey, Turn
>>> k = BoardKey(1, Turn.parse("F1901"))
>>> r = BoardTextReader(load_variant())
>>> o = r.order("Germany: A mun - mun@+0-1", k)
>>> str(o.dest), order_text(o, k)
('1:mun:S1901', 'Germany: A mun - mun@+0-1')
>>> r.result("fd=boh:dislodged") == Result("fails", "dislodged", dislodged=True, retreat_to="boh")
True
"""

from __future__ import annotations

from dataclasses import fields
from types import MappingProxyType
from typing import Callable, Mapping

from ..rules.coords import PROVINCE_OF, BoardKey, Location, Turn
from .notation import MAX_ORDER_LENGTH
from ..rules.kinds import KINDS
from ..rules.orders import Build, Convoy, Disband, Hold, Move, Order, Result, Retreat, Support, Unit, Waive, unit_of
from ..variants.variant import Variant, parse_unit_text

_new = tuple.__new__   # a named tuple's own constructor is a Python-level call

# -- writing -------------------------------------------------------------------------------


def place_text(loc: Location, key: BoardKey) -> str:
    """``loc`` as seen from board ``key``: ``mun`` there, ``mun@+1-2`` elsewhere."""
    board = loc[0]
    if board == key:
        return loc[1]
    return f"{loc[1]}@{board[0] - key[0]:+d}{board[1].index - key[1].index:+d}"


def order_text(o: Order, key: BoardKey) -> str:
    """The order given on board ``key`` in the relative form (see the module docstring;
    each kind's words are its module's ``text``: :mod:`app.engine.rules.kinds`)."""
    kind = KINDS.get(o.kind)
    if kind is None:
        raise TypeError(o)
    return f"{o.nation}{kind.after_nation}{kind.text(o, place_text, key)}"


_STATUS_LETTER = {"succeeds": "s", "fails": "f", "invalid": "i", "pending": "p"}
_LETTER_STATUS = {v: k for k, v in _STATUS_LETTER.items()}
_RESULT_CODES: dict[Result, str] = {}
_FLAGS = frozenset("mdxc")


def result_text(r: Result) -> str:
    """A result's short code (see the module docstring)."""
    code = _RESULT_CODES.get(r)
    if code is None:
        code = _STATUS_LETTER[r.status] + "m" * r.moved + "d" * r.dislodged + "x" * r.illegal + "c" * r.contests
        if r.retreat_to is not None:
            code += "=" + r.retreat_to
        if r.reason:
            code += ":" + r.reason
        if len(_RESULT_CODES) > 4096:   # reasons name boards: a long game makes many
            _RESULT_CODES.clear()
        _RESULT_CODES[r] = code
    return code


def centres_text(centres: Mapping[str, str]) -> str:
    """``Austria: bud tri vie; England: edi lon lvp`` (nations and centres sorted)."""
    by_nation: dict[str, list[str]] = {}
    for prov, nation in centres.items():
        by_nation.setdefault(nation, []).append(prov)
    return "; ".join(f"{n}: {' '.join(sorted(ps))}" for n, ps in sorted(by_nation.items()))


# -- reading -------------------------------------------------------------------------------

Template = Callable[[BoardKey], Order]


class BoardTextReader:
    """Reads the texts above, checking every name against the variant; each distinct text
    is read once. Faults raise ``ValueError`` with a message naming the word at fault.

    Values are made of the variant's own strings (nations, places), never of the texts
    read: a loaded game keeps nothing of the parsed file (see
    :class:`app.engine.saves.savefile.SaveReader`)."""

    def __init__(self, variant: Variant):
        self.variant = variant
        self.names = {n: n for n in variant.nations}  # the neutral power's units too (RULES.md §12)
        self.places = {loc: loc for loc in variant.locations}
        self.templates: dict[str, Template] = {}
        self.result_of: dict[str, Result] = {}
        self.unit_item: dict[str, tuple[str, Unit]] = {}
        self.centres_of: dict[str, Mapping[str, str]] = {}
        self._owned: dict[str, tuple[tuple[str, str], ...]] = {}
        self._shifted: dict[tuple[BoardKey, int, int], BoardKey] = {}
        # What each text names, for the order index (app.engine.saves.lazy_orders.index_texts):
        # ((offset or None, province) of its unit, then of a move's destination, a supported
        # unit and its destination, a convoyed army and its destination; whether it is a
        # move); None for a build or a waive. Keyed by the reader's own copy of each text.
        self.naming: dict[str, tuple | None] = {}
        self.own_text: dict[str, str] = {}
        self.far: set[str] = set()          # the texts naming a place on another board
        self._naming: tuple | None = None

    # -- orders ------------------------------------------------------------------------

    def order(self, text: str, key: BoardKey) -> Order:
        template = self.templates.get(text)
        if template is None:
            template = self.template(text)
        return template(key)

    def orders(self, texts: list, key: BoardKey) -> tuple[Order, ...]:
        """The orders of one board (the bulk of a file: kept to a lookup and a call each)."""
        get, out = self.templates.get, []
        for text in texts:
            template = get(text) if type(text) is str else None
            if template is None:
                try:
                    template = self.template(text)
                except ValueError as e:
                    raise IndexedFault(len(out), str(e)) from None
            try:
                out.append(template(key))
            except ValueError as e:
                raise IndexedFault(len(out), str(e)) from None
        return tuple(out)

    def template(self, text: object) -> Template:
        if type(text) is not str:
            raise ValueError(f"expected an order text, found {type(text).__name__}")
        if len(text) > MAX_ORDER_LENGTH:
            raise ValueError(f"'{text[:40]}…' is not an order (longer than {MAX_ORDER_LENGTH} characters)")
        self._naming = None
        template = self._compile(text)
        own = self._own(text)
        self.templates[own] = template
        self.naming[own] = self._naming
        return template

    def passing(self, text: str, naming: dict[str, tuple | None] | None = None) -> Template:
        """The template of ``text`` for a caller that keeps it no longer than it needs it:
        the reader's own if it has read the text, else one made for the caller alone (the
        replay check reads every text of a file, and a session looks at few of them).
        ``naming``: the caller's own table of what texts name (see :attr:`naming`), given
        the text's when it is read here."""
        template = self.templates.get(text)
        if template is None:
            if type(text) is not str or len(text) > MAX_ORDER_LENGTH:
                return self.template(text)    # raises naming the fault
            self._naming = None
            template = self._compile(text)
            if naming is not None:
                naming[text] = self._naming
        return template

    def passing_naming(self, text: str) -> tuple | None:
        """What ``text`` names (see :attr:`naming`), for a caller that keeps it no longer
        than it needs it (see :meth:`passing`)."""
        named = self.naming.get(text, self)
        if named is self:
            self._naming = None
            self.passing(text)
            named = self._naming
        return named

    def _own(self, text: str) -> str:
        own = self.own_text.get(text)
        if own is None:
            own = text.encode().decode()   # the reader's own copy: nothing of the parsed file is kept
            self.own_text[own] = own
            if "@" in own:
                self.far.add(own)
        return own

    def own(self, text: object) -> str:
        """The reader's own copy of an order text, checked now and read when its order is
        first made (:mod:`app.engine.saves.lazy_orders`); a text naming another board is read
        now (the order index needs it at once). Raises ValueError naming the word at fault."""
        own = self.own_text.get(text) if type(text) is str else None
        if own is None:
            if type(text) is not str or "@" in text or len(text) > MAX_ORDER_LENGTH or not self._well_formed(text):
                self.template(text)   # read in full: raises naming the fault (or a form the check is unsure of)
            own = self._own(text)
        return own

    def _well_formed(self, text: str) -> bool:
        """Whether :meth:`template` would read ``text`` (a text without ``@``): a quicker
        check of the same grammar, sure of its True (False: read it to know)."""
        names, places = self.names, self.places
        nation, sep, body = text.partition(": ")
        if not sep:
            words = text.split(" ")
            return len(words) == 2 and words[1] == "waive" and (words[0] in names or words[0] == "")
        if nation not in names and nation != "":
            return False
        w = body.split(" ")
        n = len(w)
        if w[0] == "build":
            return n == 3 and w[1] in ("A", "F", "?") and w[2] in places
        if n < 3 or w[0] not in ("A", "F") or w[1] not in places:
            return False
        verb = w[2]
        if n == 3:
            return verb == "H" or verb == "D"
        if verb == "-":
            return w[3] in places and (n == 4 or n == 6 and w[4] == "via" and w[5] == "convoy")
        if verb == "R":
            return n == 4 and w[3] in places
        if verb == "C":
            return n == 7 and w[3] == "A" and w[4] in places and w[5] == "-" and w[6] in places
        if verb == "S":
            rest = w[4:] if w[3] in ("A", "F") else w[3:]
            return (len(rest) == 2 and rest[0] in places and rest[1] == "H"
                    or len(rest) == 3 and rest[0] in places and rest[1] == "-" and rest[2] in places)
        return False

    def _compile(self, text: str) -> Template:
        bad = ValueError(f"'{text}' is not an order")
        nation, sep, body = text.partition(": ")
        if not sep:
            words = text.split(" ")
            if len(words) == 2 and words[1] == "waive":
                who = self._nation(words[0], text)
                return _maker(Waive, who, lambda key: key)
            raise bad
        who = self._nation(nation, text)
        w = body.split(" ")
        if len(w) == 3 and w[0] == "build":
            utype = w[1]
            if utype not in ("A", "F", "?"):
                raise bad
            at = self._place(w[2], text)
            if at[0] is not None:
                raise ValueError(f"'{text}': a build is on its own board")
            place = at[1]
            return _maker(Build, who, utype, lambda key: _new(Location, (key, place)))
        if len(w) < 3 or w[0] not in ("A", "F"):
            raise bad
        utype = w[0]
        own = self._place(w[1], text)
        if own[0] is not None:
            raise ValueError(f"'{text}': the ordered unit is on the order's own board")
        p = own[1]
        verb, rest = w[2], w[3:]
        self._names(own)   # a hold, a disband, a retreat: the unit's own space
        if verb == "H" and not rest:
            return _held(Hold, who, utype, p)
        if verb == "D" and not rest:
            return _held(Disband, who, utype, p)
        if verb in ("-", "R") and rest:
            if verb == "R" and len(rest) == 1:
                return _maker(Retreat, who, utype, _here(p), self._locator(rest[0], text))
            if verb == "-" and (len(rest) == 1 or rest[1:] == ["via", "convoy"]):
                self._names(own, self._place(rest[0], text), move=True)
                return _moved(who, utype, p, self._place(rest[0], text), len(rest) > 1, self._shifted)
            raise bad
        if verb == "C" and len(rest) == 4 and rest[0] == "A" and rest[2] == "-":
            self._names(own, self._place(rest[1], text), self._place(rest[3], text))
            return _maker(Convoy, who, utype, _here(p), self._locator(rest[1], text), self._locator(rest[3], text))
        if verb == "S" and rest:
            ttype = None
            if rest[0] in ("A", "F"):
                ttype, rest = rest[0], rest[1:]
            if len(rest) == 2 and rest[1] == "H":
                of = self._place(rest[0], text)
                self._names(own, of)
                if of[0] is None:
                    return _supported(who, utype, p, ttype, of[1], None)
                return _maker(Support, who, utype, _here(p), ttype, self._locator(rest[0], text), None)
            if len(rest) == 3 and rest[1] == "-":
                of, to = self._place(rest[0], text), self._place(rest[2], text)
                self._names(own, of, to)
                if of[0] is None and to[0] is None:
                    return _supported(who, utype, p, ttype, of[1], to[1])
                return _maker(Support, who, utype, _here(p), ttype, self._locator(rest[0], text),
                              self._locator(rest[2], text))
        raise bad

    def _names(self, *places: tuple[tuple[int, int] | None, str], move: bool = False) -> None:
        """Record what the order being read names (see :attr:`naming`)."""
        self._naming = (tuple((offset, PROVINCE_OF[place]) for offset, place in places), move)

    def _nation(self, name: str, text: str) -> str:
        if name == "":
            return ""      # an order refused when given may name no nation
        nation = self.names.get(name)
        if nation is None:
            raise ValueError(f"'{text}': unknown nation '{name}'")
        return nation

    def _place(self, word: str, text: str) -> tuple[tuple[int, int] | None, str]:
        """``(offset or None, place)`` of ``mun`` or ``mun@+1-2``."""
        loc, at, shift = word.partition("@")
        place = self.places.get(loc)
        if place is None:
            raise ValueError(f"'{text}': '{loc}' is not a location")
        if not at:
            return None, place
        cut = max(shift.rfind("+"), shift.rfind("-"))
        try:
            if cut <= 0 or shift[0] not in "+-":
                raise ValueError
            offset = (int(shift[:cut]), int(shift[cut:]))
        except ValueError:
            raise ValueError(f"'{text}': '{word}' is not a place (write e.g. mun@+1-2)") from None
        if max(abs(offset[0]), abs(offset[1])) > 100_000:
            raise ValueError(f"'{text}': '{word}' is too far away")
        return offset, place

    def _locator(self, word: str, text: str) -> Callable[[BoardKey], Location]:
        offset, place = self._place(word, text)
        if offset is None:
            return lambda key: _new(Location, (key, place))
        dt, dn = offset
        shifted = self._shifted   # a table, not a bound method: no reference cycle back to the reader
        return lambda key: _new(Location, (shifted.get((key, dt, dn)) or shifted_key(shifted, key, dt, dn), place))

    # -- results -----------------------------------------------------------------------

    def results(self, codes: list) -> tuple[Result, ...]:
        try:
            return tuple(map(self.result_of.__getitem__, codes))
        except (KeyError, TypeError):   # codes not read yet: read them, then again
            known = self.result_of
            for i, code in enumerate(codes):
                if type(code) is not str or code not in known:
                    try:
                        self.result(code)
                    except ValueError as e:
                        raise IndexedFault(i, str(e)) from None
            return tuple(map(known.__getitem__, codes))

    def result(self, code: object) -> Result:
        if type(code) is not str:
            raise ValueError(f"expected a result code, found {type(code).__name__}")
        r = self.result_of.get(code)
        if r is None:
            r = self.result_of[code] = self._read_result(code)
        return r

    def _read_result(self, code: str) -> Result:
        head, _, reason = code.partition(":")
        head, eq, to = head.partition("=")
        status = _LETTER_STATUS.get(head[:1])
        flags = head[1:]
        if status is None or flags and (len(set(flags)) != len(flags) or not _FLAGS.issuperset(flags)):
            raise ValueError(f"'{code[:60]}' is not a result (a status letter s, f, i or p, then flags m, d, x, c)")
        retreat_to = None
        if eq:
            retreat_to = self.places.get(to)
            if retreat_to is None:
                raise ValueError(f"'{code[:60]}': '{to}' is not a location")
        return _new(Result, (status, reason, "m" in flags, "d" in flags, retreat_to, "x" in flags, "c" in flags))

    # -- units and centres -------------------------------------------------------------

    def units(self, texts: list) -> dict[str, Unit]:
        """A board's units by province (two units in one province raise ValueError)."""
        try:
            units = dict(map(self.unit_item.__getitem__, texts))
        except (KeyError, TypeError):
            units, get = {}, self.unit_item.get
            for i, text in enumerate(texts):
                item = get(text) if type(text) is str else None
                if item is None:
                    try:
                        item = self.unit(text)
                    except ValueError as e:
                        raise IndexedFault(i, str(e)) from None
                units[item[0]] = item[1]
        if len(units) != len(texts):
            provs = [self.unit_item[t][0] for t in texts]
            raise ValueError(f"two units in {next(p for p in provs if provs.count(p) > 1)}")
        return units

    def unit(self, text: object) -> tuple[str, Unit]:
        if type(text) is not str:
            raise ValueError(f"expected a unit, found {type(text).__name__}")
        item = self.unit_item.get(text)
        if item is None:
            nation, utype, loc = parse_unit_text(text, self.variant)
            unit = unit_of(self.names[nation], utype, self.places[loc])
            item = self.unit_item[text] = (self.places[loc.split("/")[0]], unit)
        return item

    def centres(self, text: object) -> Mapping[str, str]:
        """A board's centre owners (one shared mapping per distinct text)."""
        owners = self.centres_of.get(text) if type(text) is str else None
        if owners is None:
            owners = self.centres_of[text] = self._read_centres(text)
        return owners

    def _read_centres(self, text: object) -> Mapping[str, str]:
        if type(text) is not str:
            raise ValueError(f"expected a text, found {type(text).__name__}")
        owners: dict[str, str] = {}
        count = 0
        for part in text.split("; ") if text else ():
            items = self._owned.get(part)
            if items is None:
                items = self._owned[part] = self._read_owned(part)
            owners.update(items)
            count += len(items)
        if len(owners) != count:
            seen: dict[str, str] = {}
            for part in text.split("; "):
                for prov, nation in self._owned[part]:
                    if prov in seen:
                        raise ValueError(f"'{prov}' is owned by {seen[prov]} too")
                    seen[prov] = nation
        return MappingProxyType(owners)

    def _read_owned(self, part: str) -> tuple[tuple[str, str], ...]:
        """``Austria: bud tri vie`` → ``(("bud", "Austria"), …)``."""
        name, sep, provs = part.partition(": ")
        nation = self.names.get(name)
        if not sep or nation is None:
            raise ValueError(f"'{part[:60]}' is not '<nation>: <centres>'" if not sep else f"unknown nation '{name}'")
        items = []
        for prov in provs.split(" "):
            if prov not in self.variant.supply_centres:
                raise ValueError(f"'{prov}' is not a supply centre")
            items.append((self.places[prov], nation))
        if len({p for p, _ in items}) != len(items):
            raise ValueError(f"a centre is listed twice in '{part[:60]}'")
        return tuple(items)


# Orders are made by setting their fields directly: a frozen dataclass's own constructor
# goes through object.__setattr__ for each field, and loading makes an order per board for
# every order text (a quarter of a million at 10,000 boards). Every field is set, in order.
_SETTERS = {cls: tuple(getattr(cls, f.name).__set__ for f in fields(cls))
            for cls in (Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive)}
_make_object = object.__new__


def _here(place: str) -> Callable[[BoardKey], Location]:
    return lambda key: _new(Location, (key, place))


def _held(cls: type, who: str, utype: str, p: str) -> Template:
    """A hold or a disband of the unit at ``p``."""
    set_nation, set_type, set_unit = _SETTERS[cls]

    def make(key: BoardKey) -> Order:
        o = _make_object(cls)
        set_nation(o, who)
        set_type(o, utype)
        set_unit(o, _new(Location, (key, p)))
        return o
    return make


def _moved(who: str, utype: str, p: str, to: tuple[tuple[int, int] | None, str], via: bool, shifted: dict) -> Template:
    """A move from ``p`` (the most common order after a hold)."""
    set_nation, set_type, set_unit, set_dest, set_via = _SETTERS[Move]
    offset, q = to
    if offset is None:
        def make(key: BoardKey) -> Order:
            o = _make_object(Move)
            set_nation(o, who)
            set_type(o, utype)
            set_unit(o, _new(Location, (key, p)))
            set_dest(o, _new(Location, (key, q)))
            set_via(o, via)
            return o
        return make
    dt, dn = offset

    def make_far(key: BoardKey) -> Order:
        o = _make_object(Move)
        set_nation(o, who)
        set_type(o, utype)
        set_unit(o, _new(Location, (key, p)))
        set_dest(o, _new(Location, (shifted.get((key, dt, dn)) or shifted_key(shifted, key, dt, dn), q)))
        set_via(o, via)
        return o
    return make_far


def _supported(who: str, utype: str, p: str, ttype: str | None, of: str, to: str | None) -> Template:
    """A support on its own board of the unit at ``of`` holding (``to`` None) or moving
    to ``to`` (a quarter of a grown world's orders)."""
    set_nation, set_type, set_unit, set_ttype, set_supported, set_dest = _SETTERS[Support]

    def make(key: BoardKey) -> Order:
        o = _make_object(Support)
        set_nation(o, who)
        set_type(o, utype)
        set_unit(o, _new(Location, (key, p)))
        set_ttype(o, ttype)
        set_supported(o, _new(Location, (key, of)))
        set_dest(o, None if to is None else _new(Location, (key, to)))
        return o
    return make


def _maker(cls: type, *values) -> Template:
    """Any other order: each value is a constant or a function of the board."""
    setters = _SETTERS[cls]
    parts = tuple((setter, value, callable(value)) for setter, value in zip(setters, values, strict=True))

    def make(key: BoardKey) -> Order:
        o = _make_object(cls)
        for setter, value, of_board in parts:
            setter(o, value(key) if of_board else value)
        return o
    return make


def shifted_key(shifted: dict, key: BoardKey, dt: int, dn: int) -> BoardKey:
    """The board ``dt`` timelines and ``dn`` seasons from ``key`` (remembered in ``shifted``)."""
    timeline = key[0] + dt
    year, season = divmod(key[1].index + dn, 3)
    if timeline < 1 or not 1 <= year <= 9999:   # years from 1 (ancient variants), printed in four digits
        raise ValueError(f"{dt:+d}{dn:+d} from board {key} is no board")
    board = shifted[key, dt, dn] = BoardKey(timeline, Turn(year, season))
    return board


class IndexedFault(ValueError):
    """A fault at item ``index`` of a list (the reader names the field with it)."""

    def __init__(self, index: int, message: str):
        super().__init__(message)
        self.index = index


__all__ = ["BoardTextReader", "IndexedFault", "order_text", "place_text", "result_text", "centres_text"]
