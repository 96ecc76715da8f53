"""Reading the boards, orders and submissions of save files of versions 1 and 2, where
every order is printed in full (``Germany: A 1:mun:S1901 - 1:tyr:S1901``) and every result
is an object. :class:`app.engine.saves.savefile.SaveReader` reads the rest of the file, the same
for every version; the game saves again in the current version."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..rules.coords import BoardKey
from ..notation.notation import CanonicalReader, NotationError, parse_order
from ..rules.orders import Order, Result, Unit
from .save_fields import Fault, board_key, kind, listed, obj, text, whole
from ..variants.variant import parse_unit_text
from ..rules.world import Board, World, make_board

if TYPE_CHECKING:
    from .save_fields import ReadingFile

_STATUSES = frozenset({"succeeds", "fails", "invalid", "pending"})  # pending: in a retreat pause
_STATUS = {s: s for s in _STATUSES}
_RESULT_KEYS = frozenset(Result._fields)


class LegacyParts:
    """The parts of a version-1 or -2 file that the current version writes otherwise."""

    def __init__(self, save: ReadingFile):
        self.save = save
        self.variant = save.variant
        self.names, self.places = save.names, save.places
        self.reader = CanonicalReader(save.variant)
        self.units: dict[str, Unit] = {}
        self.centres: dict[tuple, dict[str, str]] = {}
        self.results: dict[tuple, Result] = {}

    def board_key(self, raw: Any, field: str) -> BoardKey:
        return board_key(raw, field, self.reader)

    def board(self, raw: Any, field: str, present: bool) -> Board:
        obj(raw, field, ("board", "units"), ("centres", "born") if present else ("centres",))
        key = board_key(raw["board"], f"{field}.board", self.reader)
        raw_units = listed(raw["units"], f"{field}.units")
        try:
            units = [self.units[t] for t in raw_units]
        except (KeyError, TypeError):
            units = [self._unit(t, f"{field}.units.{j}") for j, t in enumerate(raw_units)]
        raw_centres = raw.get("centres", {})
        try:
            seen = tuple((n, tuple(cs)) for n, cs in raw_centres.items())
            centres = self.centres.get(seen)
        except (AttributeError, TypeError):
            seen, centres = None, None
        if centres is None:
            centres = self._centres(raw_centres, field)
            if seen is not None:
                self.centres[seen] = centres
        try:
            board = make_board(key, units, centres)
        except ValueError as e:
            raise Fault(field, str(e)) from None
        if present and "born" in raw:
            self.save.born[key] = whole(raw["born"], f"{field}.born")
        return board

    def _unit(self, raw: Any, field: str) -> Unit:
        try:
            unit = self.units[raw] = Unit(*parse_unit_text(text(raw, field), self.variant))
        except ValueError as e:
            raise Fault(field, str(e)) from None
        return unit

    def _centres(self, raw: Any, field: str) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise Fault(f"{field}.centres", f"expected an object, found {kind(raw)}")
        centres: dict[str, str] = {}
        for nation, cs in raw.items():
            if nation not in self.variant.nations:
                raise Fault(f"{field}.centres", f"unknown nation '{nation}'")
            for c in listed(cs, f"{field}.centres.{nation}"):
                if type(c) is not str or c not in self.variant.supply_centres:
                    raise Fault(f"{field}.centres.{nation}", f"{json.dumps(c)} is not a supply centre")
                if c in centres:
                    raise Fault(f"{field}.centres.{nation}", f"'{c}' is owned by {centres[c]} too")
                centres[self.places[c]] = self.names[nation]
        return centres

    def result(self, raw: Any, field: str) -> Result:
        try:
            seen = tuple(raw.items())  # a file repeats a few results thousands of times
            r = self.results.get(seen)
        except (AttributeError, TypeError):  # not an object, or a list where a value belongs
            seen, r = None, None
        if r is not None:
            return r
        if not isinstance(raw, dict):
            raise Fault(field, f"expected an object, found {kind(raw)}")
        key = (raw.get("status"), raw.get("reason", ""), raw.get("moved", False), raw.get("dislodged", False),
               raw.get("retreat_to"), raw.get("illegal", False), raw.get("contests", False))
        obj(raw, field, ("status",), tuple(_RESULT_KEYS))
        if type(key[0]) is not str or key[0] not in _STATUSES:
            raise Fault(f"{field}.status", f"{json.dumps(key[0])} is not a status (succeeds, fails, invalid or pending)")
        text(key[1], f"{field}.reason")
        for name, value in zip(("moved", "dislodged"), key[2:4]):
            if type(value) is not bool:
                raise Fault(f"{field}.{name}", f"expected true/false, found {kind(value)}")
        for name, value in zip(("illegal", "contests"), key[5:]):
            if type(value) is not bool:
                raise Fault(f"{field}.{name}", f"expected true/false, found {kind(value)}")
        if key[4] is not None and (type(key[4]) is not str or key[4] not in self.variant.locations):
            raise Fault(f"{field}.retreat_to", f"{json.dumps(key[4])} is not a location")
        r = Result(_STATUS[key[0]], key[1].encode().decode(), key[2], key[3],  # see SaveReader
                   None if key[4] is None else self.places[key[4]], key[5], key[6])
        if seen is not None:
            self.results[seen] = r
        return r

    def order_list(self, texts: list, key: BoardKey | None, world: World, field: str) -> tuple[Order, ...]:
        """The orders in ``texts`` (on board ``key`` if given): the bulk of a file, so the
        field names are made only for a fault."""
        read, out = self.reader.read, []
        for t in texts:
            o = read(t) if type(t) is str else None
            if o is None or (key is not None and o.board != key):
                o = self.order(t, key, world, f"{field}.{len(out)}")
            out.append(o)
        return tuple(out)

    def result_list(self, raws: list, field: str) -> tuple[Result, ...]:
        get, out = self.results.get, []
        for raw in raws:
            try:
                r = get(tuple(raw.items()))
            except (AttributeError, TypeError):
                r = None
            out.append(r if r is not None else self.result(raw, f"{field}.{len(out)}"))
        return tuple(out)

    def order(self, raw: Any, key: BoardKey | None, world: World, field: str) -> Order:
        o = self.reader.read(text(raw, field))
        if o is None:
            try:
                o = world.resolve(parse_order(raw, self.variant), literal=True)
            except NotationError as e:
                raise Fault(field, str(e)) from None
        if key is not None and o.board != key:
            raise Fault(field, f"'{raw}' is not an order on board {key}")
        return o

    def submission(self, texts: list, world: World, field: str) -> tuple[Order, ...]:
        return self.order_list(texts, None, world, field)
