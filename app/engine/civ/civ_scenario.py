"""The civilisations' fields of scenario files (RULES.md §10; docs/scenarios.md):
``start.nations``, ``start.contacts``, ``home_centres: "civilisations"`` (or its mid-game
object), a step's ``gifts``, and the ``contacts`` and ``homes`` expectations and report.

:mod:`app.engine.scenarios.scenario` reaches these through the civilisations' kind
(:mod:`app.engine.civ.kind`, the seam of :mod:`app.engine.rules.extension`), for these fields
only, so a scenario without them runs exactly as before.
"""

from __future__ import annotations

from typing import Any

from .civ import contacts_with
from .civstart import with_civ
from ..rules.coords import BoardKey, Location
from ..rules.homes import with_homes
from .gifts import Gift, apply_gift, refusal
from .nations import PALETTE, with_nations
from ..notation.notation import NotationError, parse_location
from ..scenarios.scenario import Expect, GiftStep, ScenarioError, Start
from ..variants.variant import Variant
from ..rules.world import World


def _error(message: str) -> Exception:
    return ScenarioError(message)


def game_variant(variant: Variant, names: list[str], where: str) -> Variant:
    """The variant with the scenario's own nations (colours from the palette, in order)."""
    try:
        return with_nations(variant, [(n, PALETTE[i % len(PALETTE)]) for i, n in enumerate(names)])
    except ValueError as e:
        raise _error(f"{where}: {e}") from None


def is_civ(start: Start) -> bool:
    """Whether the scenario's start plays by RULES.md §10 (its own nations, contacts, or the
    civilisations' home-centre rule)."""
    homes = start.home_centres
    return (start.nations is not None or start.contacts is not None or homes == "civilisations"
            or getattr(homes, "rule", None) == "civilisations")


def _nation(world: World, text: str, where: str) -> str:
    name = next((n for n in world.variant.nation_names if n.lower() == str(text).lower()), None)
    if name is None:
        raise _error(f"{where}: unknown nation '{text}'")
    return name


def civ_start_world(world: World, start: Start, path) -> World:
    """``world`` (the scenario's start boards) as a civilisations game."""
    homes = start.home_centres
    where = f"{path}: field 'start"
    v = world.variant
    contacts: dict[str, list[str]] = {}
    for a, others in (start.contacts or {}).items():
        a_name = _nation(world, a, f"{where}.contacts'")
        contacts[a_name] = [_nation(world, b, f"{where}.contacts.{a}'") for b in others]
    fixed = homes if isinstance(homes, (dict, str)) and homes != "civilisations" else None
    rule = fixed is None
    given_homes = given_gained = None
    if getattr(homes, "rule", None) == "civilisations":
        given_homes, given_gained = {}, {}
        for field, source, target in (("homes", homes.homes, given_homes), ("gained", homes.gained, given_gained)):
            for nation, cs in source.items():
                name = _nation(world, nation, f"{where}.home_centres.{field}'")
                for c in cs:
                    if c not in v.supply_centres:
                        raise _error(f"{where}.home_centres.{field}.{nation}': '{c}' is not a supply centre")
                target[name] = list(cs)
        for nation, cs in given_homes.items():
            given_gained.setdefault(nation, list(cs))
    world = with_civ(world, given_homes, given_gained, rule=rule, contacts=contacts)
    if fixed is not None:
        try:
            world = with_homes(world, fixed)
        except ValueError as e:
            raise _error(f"{path}: {str(e).replace(chr(39) + 'home', chr(39) + 'start.home', 1)}") from None
    return world


def _gift(world: World, g: GiftStep, where: str) -> Gift:
    if g.kind == "maps":
        if not g.between or len(g.between) != 2:
            raise _error(f"{where}: a map exchange names its two civilisations: \"between\": [N, M]")
        a, b = (_nation(world, n, where) for n in g.between)
        return Gift("maps", a, b)
    if g.giver is None or g.receiver is None:
        raise _error(f"{where}: a {g.kind} gift names \"from\" and \"to\"")
    giver, receiver = _nation(world, g.giver, where), _nation(world, g.receiver, where)
    if g.kind == "contact":
        if g.third is None:
            raise _error(f"{where}: a contact gift names the civilisation it introduces: \"with\"")
        return Gift("contact", giver, receiver, third=_nation(world, g.third, where))
    unit = None
    if g.kind == "unit":
        if g.unit is None:
            raise _error(f"{where}: a unit gift names its unit: \"unit\": \"<timeline>:<province>:<turn>\"")
        try:
            spec = parse_location(g.unit, world.variant)
        except NotationError as e:
            raise _error(f"{where}: field 'unit': {e}") from None
        if spec.timeline is None or spec.turn is None:
            raise _error(f"{where}: field 'unit': write the unit's board too, e.g. 1:{spec.province}:S1901")
        unit = Location(BoardKey(spec.timeline, spec.turn), spec.loc)
    return Gift(g.kind, giver, receiver, unit=unit)


def give(world: World, gifts: list[GiftStep], where: str) -> tuple[World, list[str]]:
    """Apply a step's gifts in order. A gift marked ``"expect": "refused"`` must be refused
    (and is left out); any other refused gift is a failure naming it."""
    failures = []
    for i, g in enumerate(gifts):
        at = f"{where}: gift {i + 1}"
        gift = _gift(world, g, at)
        reason = refusal(world, gift)
        if g.expect == "refused":
            if reason is None:
                failures.append(f"gift {i + 1} ({gift.describe()}) was expected to be refused, but the rules allow it")
            continue
        if reason is not None:
            failures.append(f"gift {i + 1} ({gift.describe()}) is refused: {reason}")
            continue
        world = apply_gift(world, gift)
    return world, failures


def expect(world: World, want: Expect | None, where: str) -> tuple[dict[str, Any], list[str]]:
    """The ``contacts`` and ``homes`` expectations: the report's fields and the failures."""
    report: dict[str, Any] = {}
    failures: list[str] = []
    if want is None:
        return report, failures
    if want.contacts:
        report["contacts"] = {}
        for text, others in want.contacts.items():
            nation = _nation(world, text, f"{where}: field 'expect.contacts'")
            got = sorted(contacts_with(world, nation))
            report["contacts"][text] = got
            expected = sorted(_nation(world, o, f"{where}: field 'expect.contacts.{text}'") for o in others)
            if got != expected:
                failures.append(f"contacts of {nation}: expected {expected}, got {got}")
    if want.homes:
        report["homes"] = {}
        for board_text, by_nation in want.homes.items():
            key = BoardKey.parse(board_text)
            report["homes"][board_text] = {}
            if key not in world.boards:
                failures.append(f"homes: board {board_text} does not exist")
                continue
            for text, cs in by_nation.items():
                nation = _nation(world, text, f"{where}: field 'expect.homes.{board_text}'")
                got = sorted(world.home_centres_of(nation, key))
                report["homes"][board_text][text] = got
                if got != sorted(cs):
                    failures.append(f"homes of {nation} on {board_text}: expected {sorted(cs)}, got {got}")
    return report, failures


__all__ = ["civ_start_world", "expect", "game_variant", "give", "is_civ"]
