"""Scenario files: set up a world, submit orders step by step, check what must come out.

The format and the report are a contract (docs/scenarios.md): outside test suites run
through ``python -m app scenario``. :func:`run_file` returns the report of one file as a
dict; :func:`main` is the command.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from ..rules.coords import BoardKey, Turn
from ..saves.jsonfile import read_model
from ..notation.notation import NotationError, parse_order
from ..rules.orders import Result
from ..rules.submission import SubmissionError, submit
from app.engine.variants.catalog import looks_like_path

from ..variants.variant import VariantError, load_variant, parse_unit_text
from ..rules.extension import game_kinds, kind_of_start
from ..rules.homes import with_homes
from ..rules.world import World, make_board


class ScenarioError(ValueError):
    """A scenario file that cannot be used; the message names the file, step and text."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StartBoard(_Model):
    timeline: int = Field(ge=1)
    turn: str
    units: list[str]
    centres: dict[str, list[str]] | None = None


class CivHomes(_Model):
    """A civilisations game started mid-way (RULES.md §10): its homes and order of gains."""
    rule: Literal["civilisations"]
    homes: dict[str, list[str]] = {}
    gained: dict[str, list[str]] = {}


class Start(_Model):
    boards: list[StartBoard]
    # RULES.md §9 ("first_winter") and §10 ("civilisations", or the mid-game object)
    home_centres: dict[str, list[str]] | Literal["first_winter", "civilisations"] | CivHomes | None = None
    nations: list[str] | None = None                 # RULES.md §10: the game's own nations
    contacts: dict[str, list[str]] | None = None     # RULES.md §10: contacts made before the start


class GiftStep(_Model):
    """A gift accepted before a step's orders (RULES.md §10)."""
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    kind: Literal["unit", "contact", "map", "maps"]
    giver: str | None = Field(None, alias="from")
    receiver: str | None = Field(None, alias="to")
    unit: str | None = None
    third: str | None = Field(None, alias="with")
    between: list[str] | None = None
    expect: Literal["refused"] | None = None


class Expect(_Model):
    orders: dict[str, Literal["succeeds", "fails", "invalid"]] = {}
    boards: dict[str, list[str]] = {}
    no_boards: list[str] = []
    centres: dict[str, dict[str, list[str]]] = {}
    winner: str | None = "__unset__"
    phase: Literal["movement", "retreats", "over"] | None = None
    sight: dict[str, dict[str, list[str]]] = {}
    contacts: dict[str, list[str]] = {}              # RULES.md §10
    homes: dict[str, dict[str, list[str]]] = {}      # RULES.md §10


class Step(_Model):
    orders: list[str] = []
    gifts: list[GiftStep] = []
    expect: Expect | None = None


class ScenarioFile(_Model):
    name: str = ""
    description: str = ""
    variant: str = "standard"
    adjacency: Literal["strict", "loose"] = "strict"
    seed: int = 0
    start: Start | None = None
    steps: list[Step] = []


def load(path: Path) -> ScenarioFile:
    sc = read_model(path, ScenarioFile, ScenarioError)
    for n, step in enumerate(sc.steps, 1):
        if step.expect is None:
            continue
        for field, keys in (("boards", step.expect.boards), ("no_boards", step.expect.no_boards),
                            ("centres", step.expect.centres), ("homes", step.expect.homes)):
            for text in keys:
                try:
                    _board_key(text)
                except ValueError as e:
                    raise ScenarioError(f"{path}: step {n}: field 'expect.{field}': {e}") from None
    return sc


def _board_key(text: str) -> BoardKey:
    key = BoardKey.parse(text)
    if key.timeline < 1:
        raise ValueError(f"'{text}': timelines are numbered from 1")
    return key


def start_world(sc: ScenarioFile, path: Path) -> World:
    try:
        # A variant given by a relative folder path is found next to the scenario file.
        relative = looks_like_path(sc.variant) and not Path(sc.variant).expanduser().is_absolute()
        variant = load_variant(str(path.parent / sc.variant) if relative else sc.variant)
    except VariantError as e:
        raise ScenarioError(f"{path}: field 'variant': {e}") from None
    if sc.start is None:
        return World.initial(variant, sc.adjacency, sc.seed)
    kind = kind_of_start(sc.start)      # a game of another kind (RULES.md §10), if the start says so
    if kind is not None:
        variant = kind.scenario_variant(variant, sc.start, path)
    boards = []
    for i, b in enumerate(sc.start.boards):
        where = f"{path}: field 'start.boards.{i}"
        try:
            turn = Turn.parse(b.turn)
        except ValueError as e:
            raise ScenarioError(f"{where}.turn': {e}") from None
        units = []
        for j, text in enumerate(b.units):
            try:
                units.append(parse_unit_text(text, variant))
            except ValueError as e:
                raise ScenarioError(f"{where}.units.{j}': {e}") from None
        if b.centres is None:
            centres = {c: n for n, cs in variant.start_centres.items() for c in cs}
        else:
            centres = {}
            for nation, cs in b.centres.items():
                if nation not in variant.nations:
                    raise ScenarioError(f"{where}.centres': unknown nation '{nation}'")
                for c in cs:
                    if c not in variant.supply_centres:
                        raise ScenarioError(f"{where}.centres.{nation}': '{c}' is not a supply centre")
                    centres[c] = nation
        try:
            boards.append(make_board(BoardKey(b.timeline, turn), units, centres))
        except ValueError as e:
            raise ScenarioError(f"{where}': {e}") from None
    try:
        world = World.from_boards(variant, boards, sc.adjacency, sc.seed)
    except ValueError as e:
        raise ScenarioError(f"{path}: field 'start.boards': {e}") from None
    if kind is not None:
        return kind.scenario_world(world, sc.start, path)
    try:
        return with_homes(world, sc.start.home_centres)
    except ValueError as e:
        message = str(e).replace("field '", "field 'start.", 1)
        raise ScenarioError(f"{path}: {message}") from None


def looks_like_scenario(raw: Any) -> bool:
    """Whether parsed JSON is a scenario file rather than a save (which has a ``format``)."""
    return isinstance(raw, dict) and "format" not in raw and ("start" in raw or "steps" in raw)


def game_of(path: Path):
    """The game a scenario file sets up, to play on: its start, then each step's orders
    submitted in turn (what the steps expect is not checked here), so that undo and the
    history slider go back through the steps. Raises :class:`ScenarioError`."""
    from ..game import Game
    sc = load(path)
    game = Game.from_world(start_world(sc, path))
    for n, step in enumerate(sc.steps, 1):
        try:
            game.submit_text(list(step.orders))
        except NotationError as e:
            raise ScenarioError(f"{path}: step {n}: {e}") from None
        except SubmissionError as e:
            raise ScenarioError(f"{path}: step {n}: {e}") from None
    return game


def board_units(world: World, key: BoardKey) -> list[str]:
    """Units as the report writes them, dislodged ones (during a retreat pause) marked."""
    dislodged = {loc for loc in world.dislodged_units()} if world.pause else set()
    out = []
    for u in world.boards[key].units.values():
        text = f"{u.nation} {u.type} {u.loc}"
        if any(loc.board == key and loc.loc == u.loc for loc in dislodged):
            text += " dislodged"
        out.append(text)
    return sorted(out)


def board_report(world: World) -> list[dict[str, Any]]:
    out = []
    for key in sorted(world.boards, key=lambda k: (k.timeline, k.turn)):
        b = world.boards[key]
        centres: dict[str, list[str]] = {}
        for prov, n in sorted(b.centres.items()):
            centres.setdefault(n, []).append(prov)
        start = world.starts[key.timeline] == key.turn
        parent = world.parents.get(key.timeline) if start else None
        out.append({"board": str(key), "units": board_units(world, key), "centres": centres,
                    "parent": str(parent) if parent else None})
    return out


def _norm_units(items: list[str]) -> list[str]:
    return sorted(" ".join(x.split()).replace(" Dislodged", " dislodged") for x in items)


def check_expect(world: World, expect: Expect, texts: list[str], results: list[Result]) -> list[str]:
    failures = []
    by_text = {}
    for t, r in zip(texts, results):
        by_text.setdefault(t, r)
    for text, want in expect.orders.items():
        r = by_text.get(text)
        if r is None:
            failures.append(f"order '{text}' is not in this step")
        elif r.status != want:
            failures.append(f"order '{text}': expected {want}, got {r.status}" + (f" ({r.reason})" if r.reason else ""))
    for board, units in expect.boards.items():
        try:
            key = BoardKey.parse(board)
        except ValueError as e:
            failures.append(f"boards: {e}")
            continue
        if key not in world.boards:
            failures.append(f"board {board} does not exist")
            continue
        got = board_units(world, key)
        want = _norm_units(units)
        if [g.lower() for g in got] != [w.lower() for w in want]:
            missing = sorted(set(w.lower() for w in want) - set(g.lower() for g in got))
            extra = sorted(set(g.lower() for g in got) - set(w.lower() for w in want))
            failures.append(f"board {board}: missing {missing}, unexpected {extra}")
    for board in expect.no_boards:
        try:
            key = BoardKey.parse(board)
        except ValueError as e:
            failures.append(f"no_boards: {e}")
            continue
        if key in world.boards:
            failures.append(f"board {board} exists but should not")
    for board, owners in expect.centres.items():
        key = BoardKey.parse(board)
        if key not in world.boards:
            failures.append(f"board {board} does not exist")
            continue
        got: dict[str, list[str]] = {}
        for prov, n in world.boards[key].centres.items():
            got.setdefault(n, []).append(prov)
        got = {n: sorted(cs) for n, cs in got.items()}
        want = {n: sorted(cs) for n, cs in owners.items() if cs}
        if got != want:
            failures.append(f"centres on {board}: expected {want}, got {got}")
    if expect.winner != "__unset__" and expect.winner != world.winner:
        failures.append(f"winner: expected {expect.winner}, got {world.winner}")
    if expect.phase is not None and expect.phase != world.phase:
        failures.append(f"phase: expected {expect.phase}, got {world.phase}")
    return failures


def sight_report(world: World, wanted: dict[str, dict[str, list[str]]], where: str) -> tuple[dict, list[str]]:
    """The ``sight`` expectation (RULES.md §8): for each nation and board it names, the
    provinces seen (``None`` for a board that does not exist), and what differs from it.
    Raises :class:`ScenarioError` for a nation, board or province the file gets wrong."""
    from ..fog.visibility import board_sight
    v = world.variant
    report: dict[str, dict[str, list[str] | None]] = {}
    failures = []
    for nation_text, boards in wanted.items():
        nation = next((n for n in v.nation_names if n.lower() == nation_text.lower()), None)
        if nation is None:
            raise ScenarioError(f"{where}: field 'expect.sight': unknown nation '{nation_text}'")
        report[nation_text] = {}
        for board_text, provinces in boards.items():
            try:
                key = BoardKey.parse(board_text)
            except ValueError as e:
                raise ScenarioError(f"{where}: field 'expect.sight.{nation_text}': {e}") from None
            want = {p.strip().lower() for p in provinces}
            unknown = sorted(p for p in want if p not in v.provinces)
            if unknown:
                raise ScenarioError(f"{where}: field 'expect.sight.{nation_text}.{board_text}': "
                                    f"not province ids (without coasts): {', '.join(unknown)}")
            if key not in world.boards:
                report[nation_text][board_text] = None
                failures.append(f"sight: board {board_text} does not exist")
                continue
            got = board_sight(world, nation, key)
            report[nation_text][board_text] = sorted(got)
            if got != want:
                failures.append(f"sight of {nation} on {board_text}: missing {sorted(want - got)}, "
                                f"unexpected {sorted(got - want)}")
    return report, failures


MAX_REPORTED_BOARDS = 50_000
"""Board entries in one file's report, over all its steps. The report lists every board
after every step, so it grows with the square of the steps: 10,000 steps of one board
each would list 50 million boards (gigabytes). The bound keeps a report within tens of
megabytes; rule scenarios list a few hundred."""


def run_file(path: Path, check: bool = True) -> dict[str, Any]:
    """Run one scenario file; returns its report. Raises :class:`ScenarioError`."""
    sc = load(path)
    world = start_world(sc, path)
    steps = []
    ok = True
    reported = 0
    kinds = game_kinds()
    for n, step in enumerate(sc.steps, 1):
        step_failures: list[str] = []
        for kind in kinds:      # a step's own actions in a game of another kind (gifts, RULES.md §10)
            world, failed = kind.scenario_step(world, step, f"{path}: step {n}")
            step_failures += failed
        orders = []
        for text in step.orders:
            try:
                spec = parse_order(text, world.variant)
                orders.append(world.resolve(spec))
            except NotationError as e:
                said = str(e)          # a message about the whole order quotes it already
                quoted = said if said.startswith(f"'{text}':") else f"'{text}': {said}"
                raise ScenarioError(f"{path}: step {n}: order {quoted}") from None
        t0 = time.perf_counter()
        try:
            report = submit(world, orders)
        except SubmissionError as e:
            raise ScenarioError(f"{path}: step {n}: {e}") from None
        ms = (time.perf_counter() - t0) * 1000
        world = report.world
        if max(world.ends.values()).year > 9999:
            raise ScenarioError(f"{path}: step {n}: the game passes the year 9999, "
                                "which board names cannot be written in")
        failures = check_expect(world, step.expect, step.orders, report.results) if (check and step.expect) else []
        kind_report: dict[str, Any] = {}
        kind_failures: list[str] = []
        for kind in kinds:
            report_part, failed = kind.scenario_expect(world, step.expect, f"{path}: step {n}")
            kind_report.update(report_part)
            kind_failures += failed
        if check:
            failures = step_failures + failures + kind_failures
        sight = sight_report(world, step.expect.sight, f"{path}: step {n}") if step.expect and step.expect.sight else None
        if sight and check:
            failures += sight[1]
        ok = ok and not failures
        reported += len(world.boards)
        if reported > MAX_REPORTED_BOARDS:
            raise ScenarioError(f"{path}: step {n}: the report would list more than {MAX_REPORTED_BOARDS:,} "
                                f"boards (every board of the world after every step; {len(sc.steps):,} steps "
                                "in all); split the scenario into shorter files")
        steps.append({
            "adjudication_ms": round(ms, 3),
            "orders": [{"text": t, "status": r.status, **({"reason": r.reason} if r.reason else {})}
                       for t, r in zip(step.orders, report.results)],
            "boards": board_report(world),
            "phase": world.phase,
            "winner": world.winner,
            "failures": failures,
            **({"sight": sight[0]} if sight else {}),
            **kind_report,
        })
    return {"file": str(path), "name": sc.name, "ok": ok, "steps": steps}


SCENARIO_HELP = """usage: python -m app scenario FILE [FILE ...] [--no-check]

Run scenario files (docs/scenarios.md): each sets up a world, submits orders step by step
and checks what must come out. One JSON report per file on standard output.

  --no-check   run the steps without checking their expectations

exit status: 0 every file ran and met its expectations, 1 an expectation failed,
2 a file could not be used (the message names the file, step and text)"""


def main(argv: list[str]) -> int:
    """``python -m app scenario FILE... [--no-check]``: JSON Lines report, exit 0/1/2."""
    if any(a in ("-h", "--help") for a in argv):
        print(SCENARIO_HELP)
        return 0
    check = "--no-check" not in argv
    files = [a for a in argv if a != "--no-check"]
    if not files:
        print("usage: python -m app scenario FILE [FILE ...] [--no-check]", file=sys.stderr)
        return 2
    status = 0
    for f in files:
        try:
            report = run_file(Path(f), check)
        except ScenarioError as e:
            print(f"error: {e}", file=sys.stderr)
            status = 2
            continue
        except RecursionError:
            print(f"error: {f}: nested too deeply to be read", file=sys.stderr)
            status = 2
            continue
        except Exception as e:  # a fault of ours: report it, and go on with the other files
            print(f"error: {f}: internal error while running this file ({type(e).__name__}: {e}); "
                  "please report it with the file", file=sys.stderr)
            status = 2
            continue
        print(json.dumps(report), flush=True)
        if not report["ok"] and status == 0:
            status = 1
    return status
