"""Orders as small immutable values.

Every order names the board it is given on through its locations. Unit orders carry the
ordering unit's :class:`~app.engine.rules.coords.Location` (``unit``) and type (``unit_type``);
adjustment orders carry their board.

>>> from app.engine.rules.coords import BoardKey, Turn, Location
>>> b = BoardKey(1, Turn.parse("S1901"))
>>> Move("Germany", "A", Location(b, "mun"), Location(b, "tyr")).kind
'move'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple, Union

from .coords import BoardKey, Location

UnitType = Literal["A", "F"]


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit standing on a board: its nation, type (``A``/``F``) and location id."""

    nation: str
    type: str
    loc: str

    def __str__(self) -> str:
        return f"{self.nation} {self.type} {self.loc}"


def unit_of(nation: str, unit_type: str, loc: str) -> Unit:
    """The :class:`Unit` ``nation unit_type loc``, shared: a unit is a value, and the same
    few recur on every board, so each is made once (a frozen dataclass's constructor costs
    more than the lookup)."""
    key = (nation, unit_type, loc)
    unit = _UNITS.get(key)
    if unit is None:
        if len(_UNITS) > 100_000:  # only a stream of odd variants could get here: start again
            _UNITS.clear()
        unit = _UNITS[key] = Unit(nation, unit_type, loc)
    return unit


_UNITS: dict[tuple[str, str, str], Unit] = {}


class _UnitOrder:
    """Orders given to a unit: their board is the unit's."""

    __slots__ = ()

    @property
    def board(self) -> BoardKey:
        return self.unit.board  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class Hold(_UnitOrder):
    nation: str
    unit_type: str
    unit: Location
    kind = "hold"


@dataclass(frozen=True, slots=True)
class Move(_UnitOrder):
    nation: str
    unit_type: str
    unit: Location
    dest: Location
    via_convoy: bool = False
    kind = "move"


@dataclass(frozen=True, slots=True)
class Support(_UnitOrder):
    """Support the unit at ``supported`` to hold (``dest`` is None) or to move to ``dest``."""

    nation: str
    unit_type: str
    unit: Location
    supported_type: str | None
    supported: Location
    dest: Location | None = None
    kind = "support"


@dataclass(frozen=True, slots=True)
class Convoy(_UnitOrder):
    nation: str
    unit_type: str
    unit: Location
    army: Location
    dest: Location
    kind = "convoy"


@dataclass(frozen=True, slots=True)
class Retreat(_UnitOrder):
    nation: str
    unit_type: str
    unit: Location
    dest: Location
    kind = "retreat"


@dataclass(frozen=True, slots=True)
class Disband(_UnitOrder):
    nation: str
    unit_type: str
    unit: Location
    kind = "disband"


@dataclass(frozen=True, slots=True)
class Build:
    nation: str
    unit_type: str
    at: Location
    kind = "build"

    @property
    def board(self) -> BoardKey:
        return self.at.board


@dataclass(frozen=True, slots=True)
class Waive:
    nation: str
    on: BoardKey
    kind = "waive"

    @property
    def board(self) -> BoardKey:
        return self.on


def quick_hold(nation: str, unit_type: str, unit: Location) -> Hold:
    """``Hold(nation, unit_type, unit)`` without the frozen dataclass's constructor (which
    sets each field through ``object.__setattr__``): the engine makes one for every unit
    left without an order, every submission."""
    h = _new_object(Hold)
    _set_nation(h, nation)
    _set_type(h, unit_type)
    _set_unit(h, unit)
    return h


_new_object = object.__new__
_set_nation, _set_type, _set_unit = (Hold.__dict__[f].__set__ for f in ("nation", "unit_type", "unit"))


Order = Union[Hold, Move, Support, Convoy, Retreat, Disband, Build, Waive]
UnitOrder = Union[Hold, Move, Support, Convoy, Retreat, Disband]
MOVEMENT_KINDS = frozenset({"hold", "move", "support", "convoy"})
UNIT_KINDS = frozenset({"hold", "move", "support", "convoy", "retreat", "disband"})  # orders given to a unit
ADJUSTMENT_KINDS = frozenset({"build", "disband", "waive"})

Status = Literal["succeeds", "fails", "invalid"]


class Result(NamedTuple):
    """What became of an order: its status, a reason a player can read, and for a unit
    order on a movement board whether the unit moved or was dislodged and, if dislodged,
    where it retreated (``None``: disbanded). ``illegal`` marks an order refused when it
    was given (it takes no part in adjudication; the unit holds). ``contests`` marks a
    failed move that still bounced others from its destination (a standoff there: no unit
    may retreat into it)."""

    status: str
    reason: str = ""
    moved: bool = False
    dislodged: bool = False
    retreat_to: str | None = None
    illegal: bool = False
    contests: bool = False


_new_tuple = tuple.__new__


def quick_result(status: str, reason: str = "", moved: bool = False, dislodged: bool = False,
                 illegal: bool = False, contests: bool = False) -> Result:
    """``Result(...)`` built as a plain tuple (a named tuple's own constructor is a
    Python-level call, and adjudication makes one per order that does not simply succeed)."""
    return _new_tuple(Result, (status, reason, moved, dislodged, None, illegal, contests))
