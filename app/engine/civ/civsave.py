"""A civilisations game in a save file (RULES.md §10): optional fields only, so that every
other save is written and read exactly as before, and older files still load.

- top level ``"civ"``: ``nations`` ([name, colour] pairs: the game's own nations, which
  the boards' units and centres name), the start world's civilisations state (``start``)
  and the accepted gifts (``gifts``, each with ``at``: the submissions made before it);
- the ``world`` part's ``"civ"``: the present world's state — homes per board (a table of
  the distinct home sets and, per board, its row), contacts with their moment, units given.

The states write themselves (:meth:`Civ.to_json <app.engine.civ.civ.Civ.to_json>`,
:meth:`Civ.start_json <app.engine.civ.civ.Civ.start_json>`, the gift log's
:meth:`~app.engine.civ.civgame.GiftLog.to_json`); the save reader reads these fields through
the civilisations' kind (:mod:`app.engine.civ.kind`), which calls the readers here.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from .civ import Civ, Homes
from .contact import pair
from ..rules.coords import BoardKey, Location, Turn
from ..rules.extension import ExtensionFault
from .gifts import KINDS, Gift
from .nations import with_nations
from ..variants.variant import Variant
from ..rules.world import World


class CivFault(ExtensionFault):
    """A civilisations field of a save that cannot be read: ``field`` names it."""


# -- writing ---------------------------------------------------------------------------------


def gift_json(at: int, gift: Gift) -> dict[str, Any]:
    d: dict[str, Any] = {"at": at, "kind": gift.kind, "from": gift.giver, "to": gift.receiver}
    if gift.unit is not None:
        d["unit"] = str(gift.unit)
    if gift.third is not None:
        d["with"] = gift.third
    return d


# -- reading ---------------------------------------------------------------------------------


def _obj(x: Any, field: str) -> dict:
    if not isinstance(x, dict):
        raise CivFault(field, "expected an object")
    return x


def _list(x: Any, field: str) -> list:
    if not isinstance(x, list):
        raise CivFault(field, "expected a list")
    return x


def game_variant(variant: Variant, raw: Any) -> Variant:
    """The variant with the game's own nations, when the save's ``civ`` names them."""
    if raw is None:
        return variant
    civ = _obj(raw, "civ")
    unknown = set(civ) - {"nations", "start", "gifts"}
    if unknown:
        raise CivFault(f"civ.{sorted(unknown)[0]}", "unknown field")
    if "nations" not in civ:
        return variant
    pairs = []
    for i, item in enumerate(_list(civ["nations"], "civ.nations")):
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise CivFault(f"civ.nations.{i}", "expected [name, colour]")
        pairs.append((item[0], item[1]))
    try:
        return with_nations(variant, pairs)
    except ValueError as e:
        raise CivFault("civ.nations", str(e)) from None


def read_civ(raw: Any, field: str, world: World) -> Civ:
    """A civilisations state from its JSON, checked against ``world``'s nations and boards."""
    d = _obj(raw, field)
    unknown = set(d) - {"fourth_after", "contacts", "homes", "transfers"}
    if unknown:
        raise CivFault(f"{field}.{sorted(unknown)[0]}", "unknown field")
    v = world.variant
    names = {n: n for n in v.nations}
    places = {c: c for c in v.supply_centres}

    def nation(x: Any, f: str) -> str:
        if x not in names:
            raise CivFault(f, f"'{x}' is not a nation of this game")
        return names[x]

    def centres(x: Any, f: str) -> tuple[str, ...]:
        out = []
        for j, c in enumerate(_list(x, f)):
            if c not in places:
                raise CivFault(f"{f}.{j}", f"'{c}' is not a supply centre")
            out.append(places[c])
        return tuple(out)

    try:
        fourth = Turn.parse(d.get("fourth_after", "W1902"))
    except (ValueError, TypeError):
        raise CivFault(f"{field}.fourth_after", "not a Winter turn") from None
    contacts = {}
    for i, item in enumerate(_list(d.get("contacts", []), f"{field}.contacts")):
        f = f"{field}.contacts.{i}"
        if not (isinstance(item, list) and len(item) == 3 and type(item[2]) is int):
            raise CivFault(f, "expected [nation, nation, moment]")
        a, b = nation(item[0], f), nation(item[1], f)
        contacts[pair(a, b)] = item[2] + 0
    homes = None
    if "homes" in d:
        h = _obj(d["homes"], f"{field}.homes")
        table = []
        for i, row in enumerate(_list(h.get("table", []), f"{field}.homes.table")):
            f = f"{field}.homes.table.{i}"
            row = _obj(row, f)
            homes_t = {nation(n, f"{f}.homes"): centres(cs, f"{f}.homes.{n}") for n, cs in _obj(row.get("homes", {}), f).items()}
            gained_t = {nation(n, f"{f}.gained"): centres(cs, f"{f}.gained.{n}") for n, cs in _obj(row.get("gained", {}), f).items()}
            table.append(Homes(MappingProxyType(homes_t), MappingProxyType(gained_t)))
        per_board = {}
        for text, row in _obj(h.get("boards", {}), f"{field}.homes.boards").items():
            key = _board(text, f"{field}.homes.boards", world)
            if type(row) is not int or not 0 <= row < len(table):
                raise CivFault(f"{field}.homes.boards.{text}", "not a row of the table")
            per_board[key] = table[row]
        missing = [k for k in world.boards if k not in per_board]
        if missing:
            raise CivFault(f"{field}.homes.boards", f"no homes for board {min(missing)}")
        homes = MappingProxyType(per_board)
    transfers = {}
    for text, given in _obj(d.get("transfers", {}), f"{field}.transfers").items():
        key = _board(text, f"{field}.transfers", world)
        transfers[key] = MappingProxyType({_province(p, f"{field}.transfers.{text}", world): nation(n, f"{field}.transfers.{text}")
                                           for p, n in _obj(given, f"{field}.transfers.{text}").items()})
    return Civ(homes=homes, contacts=MappingProxyType(contacts), transfers=MappingProxyType(transfers),
               fourth_after=fourth)


def _board(text: Any, field: str, world: World) -> BoardKey:
    try:
        key = BoardKey.parse(str(text))
    except ValueError as e:
        raise CivFault(field, str(e)) from None
    if key not in world.boards:
        raise CivFault(field, f"no board {key}")
    return key


def _province(text: Any, field: str, world: World) -> str:
    if text not in world.variant.provinces:
        raise CivFault(field, f"'{text}' is not a province")
    return text


def read_start(start: World, raw: Any) -> World:
    """The start world with its civilisations state, when the save's ``civ`` has one."""
    if raw is None or "start" not in raw:
        return start
    return start.derive(extension=read_civ(raw["start"], "civ.start", start))


def read_world(world: World, raw: Any) -> World:
    """The present world with its civilisations state (the ``world`` part's ``civ``)."""
    if raw is None:
        return world
    return world.derive(extension=read_civ(raw, "world.civ", world))


def read_gifts(raw: Any, world: World, submissions: int) -> tuple:
    """The accepted gifts of the save's ``civ`` (each checked for form, not replayed here)."""
    if raw is None:
        return ()
    out = []
    for i, g in enumerate(_list(raw.get("gifts", []), "civ.gifts")):
        f = f"civ.gifts.{i}"
        g = _obj(g, f)
        if set(g) - {"at", "kind", "from", "to", "unit", "with"}:
            raise CivFault(f, "unknown field")
        at = g.get("at")
        if type(at) is not int or not 0 <= at <= submissions or (out and at < out[-1][0]):
            raise CivFault(f"{f}.at", "not a submission count of this game, in order")
        if g.get("kind") not in KINDS:
            raise CivFault(f"{f}.kind", f"{g.get('kind')!r} is not a kind of gift")
        nations = world.variant.nations
        for name in ("from", "to") + (("with",) if g["kind"] == "contact" else ()):
            if g.get(name) not in nations:
                raise CivFault(f"{f}.{name}", f"{g.get(name)!r} is not a nation of this game")
        unit = None
        if g["kind"] == "unit":
            unit = read_location(g.get("unit"), f"{f}.unit", world)
        out.append((at + 0, Gift(g["kind"], g["from"], g["to"], unit=unit, third=g.get("with"))))
    return tuple(out)


def read_location(text: Any, field: str, world: World) -> Location:
    """A unit's place written ``timeline:province:turn`` (an offer's or a gift's), checked against
    ``world``'s map; raises :class:`CivFault` naming ``field``."""
    try:
        location = Location.parse(text)
    except ValueError:
        location = None
    if location is None or location.loc not in world.variant.locations:
        raise CivFault(field, f"{text!r} is not a location (timeline:province:turn)")
    return location


__all__ = ["CivFault", "game_variant", "gift_json", "read_civ", "read_gifts", "read_location", "read_start",
           "read_world"]
