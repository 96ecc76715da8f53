"""A game: the variant, its settings and the whole history of submissions.

>>> g = Game.new()
>>> report = g.submit_text(["A mun - tyr", "A vie - tri"])
>>> [str(k) for k in g.world.active_boards()]
['1:F1901']
>>> _ = g.undo(); [str(k) for k in g.world.active_boards()]
['1:S1901']

Saving writes versioned JSON atomically (a temporary file, then a rename). The file
holds the start boards, every submission's orders (replayable) and a snapshot of the
current world (so loading a long game is fast without re-adjudicating it).
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from .coords import BoardKey, Location, Turn
from .jsonfile import read_json, validate
from .notation import NotationError, format_order, parse_order
from .orders import Order, Result
from .submission import Report, submit
from .variant import Variant, VariantError, load_variant, parse_unit_text
from .world import Board, Pause, World, index_orders, make_board

SAVE_FORMAT = "5d-diplomacy-save"
SAVE_VERSION = 1


class GameFileError(ValueError):
    """A save file that cannot be loaded. The message names the file and what is wrong."""


# -- save file models ---------------------------------------------------------------------


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SavedBoard(_M):
    board: str
    units: list[str]
    centres: dict[str, list[str]] = {}


class SavedResult(_M):
    status: str
    reason: str = ""
    moved: bool = False
    dislodged: bool = False
    retreat_to: str | None = None
    illegal: bool = False
    contests: bool = False


class SavedOrders(_M):
    board: str
    orders: list[str]
    results: list[SavedResult]


class SavedRetreat(_M):
    board: str
    order: str
    result: SavedResult


class SavedPause(_M):
    dislodged: dict[str, list[str]]
    boards: list[str]


class SavedWorld(_M):
    boards: list[SavedBoard]
    orders: list[SavedOrders]
    retreats: list[SavedRetreat] = []
    parents: dict[str, str | None]
    starts: dict[str, str]
    pause: SavedPause | None = None
    winner: str | None = None
    submissions: int = 0


class SaveFile(_M):
    format: Literal["5d-diplomacy-save"]
    version: int
    variant: str
    adjacency: Literal["strict", "loose"] = "strict"
    seed: int = 0
    start: list[SavedBoard]
    submissions: list[list[str]] = []
    world: SavedWorld
    meta: dict[str, Any] = {}


# -- the game ------------------------------------------------------------------------------


@dataclass
class Game:
    """Settings plus history: ``worlds[0]`` is the start, ``worlds[i]`` the world after the
    i-th submission, whose orders are ``submissions[i - 1]``. ``meta`` carries what the
    front end wants saved (mode, seats, names)."""

    variant: Variant
    adjacency: str = "strict"
    seed: int = 0
    worlds: list[World] = field(default_factory=list)
    submissions: list[tuple[Order, ...]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    _start: World | None = None

    @classmethod
    def new(cls, variant: str | Variant = "standard", adjacency: str = "strict", seed: int = 0) -> "Game":
        v = load_variant(variant) if isinstance(variant, str) else variant
        w = World.initial(v, adjacency, seed)
        return cls(v, adjacency, seed, [w], [], {}, w)

    @classmethod
    def from_world(cls, world: World) -> "Game":
        return cls(world.variant, world.adjacency, world.seed, [world], [], {}, world)

    @property
    def world(self) -> World:
        return self.worlds[-1]

    @property
    def start(self) -> World:
        return self._start or self.worlds[0]

    def parse(self, text: str) -> Order:
        """Read one order against the current world (raises NotationError)."""
        return self.world.resolve(parse_order(text, self.variant))

    def submit(self, orders: list[Order]) -> Report:
        report = submit(self.world, orders)
        self.worlds.append(report.world)
        self.submissions.append(tuple(orders))
        return report

    def submit_text(self, texts: list[str]) -> Report:
        return self.submit([self.parse(t) for t in texts])

    def can_undo(self) -> bool:
        return bool(self.submissions)

    def undo(self) -> tuple[tuple[Order, ...], World]:
        """Take back the last submission; returns its orders and the world it made (what
        :meth:`redo` takes to put it back without adjudicating again)."""
        if not self.submissions:
            raise IndexError("nothing to undo")
        self._ensure_history()
        world = self.worlds.pop()
        return self.submissions.pop(), world

    def redo(self, orders: tuple[Order, ...], world: World) -> None:
        """Append a submission whose world is already known (an undone one, or one a front
        end adjudicated off its GUI thread from the present world)."""
        self.worlds.append(world)
        self.submissions.append(tuple(orders))

    def history(self) -> list[World]:
        """Every world from the start to now (replayed on first use after loading)."""
        self._ensure_history()
        return list(self.worlds)

    def _ensure_history(self) -> None:
        if len(self.worlds) == len(self.submissions) + 1:
            return
        worlds = [self.start]
        for orders in self.submissions:
            worlds.append(submit(worlds[-1], list(orders)).world)
        self.worlds = worlds

    # -- files -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        start = self.start
        return {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": self.variant.ref,
            "adjacency": self.adjacency, "seed": self.seed,
            "start": [_board_json(b) for b in sorted(start.boards.values(), key=lambda b: b.key)],
            "submissions": [[format_order(o) for o in orders] for orders in self.submissions],
            "world": world_to_json(self.world),
            "meta": self.meta,
        }

    def save(self, path: str | Path) -> None:
        """Write the game atomically: a crash mid-write never leaves a broken file."""
        save_json_atomic(Path(path), self.to_json())

    @classmethod
    def load(cls, path: str | Path) -> "Game":
        path = Path(path)
        return cls.from_json(read_json(path, GameFileError), str(path))

    @classmethod
    def from_json(cls, raw: Any, where: str = "save") -> "Game":
        if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
            raise GameFileError(f"{where}: not a 5D Diplomacy save file (field 'format')")
        version = raw.get("version")
        if not isinstance(version, int) or version > SAVE_VERSION:
            raise GameFileError(f"{where}: saved by a newer version of the game (file version {version}, "
                                f"this game reads up to {SAVE_VERSION}); please update")
        data = validate(raw, SaveFile, where, GameFileError)
        try:
            variant = load_variant(data.variant)
        except VariantError as e:
            raise GameFileError(f"{where}: field 'variant': {e}") from None
        try:
            start = World.from_boards(variant, [_board_from(b, variant) for b in data.start], data.adjacency, data.seed)
            world = world_from_json(data.world, variant, data.adjacency, data.seed)
            submissions = []
            for i, texts in enumerate(data.submissions):
                submissions.append(tuple(_parse_stored(t, world, variant, f"submissions.{i}") for t in texts))
        except (ValueError, KeyError) as e:
            raise GameFileError(f"{where}: {e}") from None
        game = cls(variant, data.adjacency, data.seed, [world], submissions, dict(data.meta), start)
        if not submissions:
            game.worlds = [world]
        return game


def save_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; a save is an ordinary file
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _board_json(b: Board) -> dict[str, Any]:
    centres: dict[str, list[str]] = {}
    for prov, n in sorted(b.centres.items()):
        centres.setdefault(n, []).append(prov)
    return {"board": str(b.key), "units": [str(u) for u in b.units.values()], "centres": centres}


def _board_from(b: SavedBoard, variant: Variant) -> Board:
    key = BoardKey.parse(b.board)
    units = [parse_unit_text(t, variant) for t in b.units]
    centres = {c: n for n, cs in b.centres.items() for c in cs}
    return make_board(key, units, centres)


def _result_json(r: Result) -> dict[str, Any]:
    # Every field but the status defaults to an empty value: write only the others.
    return {k: v for k, v in r._asdict().items() if k == "status" or v}


def world_to_json(w: World) -> dict[str, Any]:
    """A world as plain JSON (the ``world`` part of a save file)."""
    return {
        "boards": [_board_json(w.boards[k]) for k in sorted(w.boards)],
        "orders": [{"board": str(k), "orders": [format_order(o) for o in w.orders[k]],
                    "results": [_result_json(r) for r in w.results[k]]} for k in sorted(w.orders)],
        "retreats": [{"board": str(k), "order": format_order(o), "result": _result_json(r)}
                     for k in sorted(w.retreats) for o, r in w.retreats[k]],
        "parents": {str(t): (str(p) if p else None) for t, p in sorted(w.parents.items())},
        "starts": {str(t): str(turn) for t, turn in sorted(w.starts.items())},
        "pause": None if w.pause is None else {
            "dislodged": {str(loc): sorted(a) for loc, a in w.pause.dislodged.items()},
            "boards": sorted(str(k) for k in w.pause.finish)},
        "winner": w.winner,
        "submissions": w.submissions,
    }


def _parse_stored(text: str, world: World, variant: Variant, where: str) -> Order:
    try:
        return world.resolve(parse_order(text, variant), literal=True)
    except NotationError as e:
        raise ValueError(f"field '{where}': {e}") from None


def _parse_loc(text: str) -> Location:
    parts = text.split(":")
    if len(parts) != 3:
        raise ValueError(f"'{text}' is not a location (timeline:province:turn)")
    return Location(BoardKey(int(parts[0]), Turn.parse(parts[2])), parts[1])


def world_from_json(data: SavedWorld, variant: Variant, adjacency: str, seed: int) -> World:
    boards = {}
    for i, b in enumerate(data.boards):
        try:
            board = _board_from(b, variant)
        except ValueError as e:
            raise ValueError(f"field 'world.boards.{i}': {e}") from None
        boards[board.key] = board
    parents = {int(t): (BoardKey.parse(p) if p else None) for t, p in data.parents.items()}
    starts = {int(t): Turn.parse(s) for t, s in data.starts.items()}
    ends: dict[int, Turn] = {}
    for k in boards:
        if k.timeline not in ends or ends[k.timeline] < k.turn:
            ends[k.timeline] = k.turn
    if set(parents) != set(ends) or set(starts) != set(ends):
        raise ValueError("field 'world': timelines of boards, parents and starts disagree")
    w = World(variant=variant, adjacency=adjacency, seed=seed, boards=MappingProxyType(boards),
              parents=MappingProxyType(parents), starts=MappingProxyType(starts), ends=MappingProxyType(ends))
    orders: dict[BoardKey, tuple[Order, ...]] = {}
    results: dict[BoardKey, tuple[Result, ...]] = {}
    for i, so in enumerate(data.orders):
        key = BoardKey.parse(so.board)
        if key not in boards:
            raise ValueError(f"field 'world.orders.{i}': no board {key}")
        if len(so.orders) != len(so.results):
            raise ValueError(f"field 'world.orders.{i}': {len(so.orders)} orders but {len(so.results)} results")
        os_ = tuple(_parse_stored(t, w, variant, f"world.orders.{i}") for t in so.orders)
        rs = tuple(Result(**r.model_dump()) for r in so.results)
        orders[key], results[key] = os_, rs
    refs, incoming = index_orders(orders, results)
    retreats: dict[BoardKey, tuple] = {}
    for i, sr in enumerate(data.retreats):
        key = BoardKey.parse(sr.board)
        o = _parse_stored(sr.order, w, variant, f"world.retreats.{i}")
        retreats[key] = retreats.get(key, ()) + ((o, Result(**sr.result.model_dump())),)
    pause = None
    if data.pause is not None:
        pause = Pause(MappingProxyType({_parse_loc(k): frozenset(v) for k, v in data.pause.dislodged.items()}),
                      frozenset(BoardKey.parse(b) for b in data.pause.boards))
    return w.derive(orders=MappingProxyType(orders), results=MappingProxyType(results),
                    refs=refs, incoming=incoming,
                    retreats=MappingProxyType(retreats), pause=pause, winner=data.winner,
                    submissions=data.submissions)
