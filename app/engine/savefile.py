"""Save files: writing a game as versioned JSON and reading it back, checked.

The file holds the start boards, every submission's orders (replayable), a snapshot of the
present world with, for each part of it, the submission that made it (so every past world
can be rebuilt without adjudicating: :mod:`app.engine.history`), and a checksum of all
that. Loading checks every name and value; a file whose checksum does not match (edited by
hand, damaged) or an older file is replayed from its submissions, and must come out as the
world it stores, or it is refused. The format is described in docs/save-files.md.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from .coords import BoardKey, Turn
from .history import HistoryIndex, order_index
from .homes import homes_fields, homes_json, read_homes_fields, with_homes
from . import civgame, civsave
from .notation import CanonicalReader, NotationError, format_order, parse_order
from .orders import Order, Result, Unit
from .submission import SubmissionError, submit
from .variant import VariantError, load_variant, parse_unit_text
from .world import Board, Pause, World, make_board

if TYPE_CHECKING:
    from .game import Game

SAVE_FORMAT = "5d-diplomacy-save"
SAVE_VERSION = 2
"""1: the first format. 2: adds when each board, order list, result version and retreat
came to be (``born``, ``given``, ``since``, ``versions``, ``at``), ``history`` (each
world's submission count and pause) and ``checksum``. Version 1 files still load (their
history is replayed once, which also checks them)."""

_STATUSES = frozenset({"succeeds", "fails", "invalid", "pending"})  # pending: in a retreat pause
_STATUS = {s: s for s in _STATUSES}
_RESULT_KEYS = frozenset(Result._fields)


class GameFileError(ValueError):
    """A save file that cannot be loaded. The message names the file and what is wrong."""


_WRITE_SLICE = 1 << 20


def write_text_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (encoded a slice
    at a time: a big world's save is megabytes, and a whole encoded copy adds to the peak)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            for i in range(0, len(text), _WRITE_SLICE):
                f.write(text[i:i + _WRITE_SLICE].encode("utf-8"))
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


def save_json_atomic(path: Path, data: Any) -> None:
    write_text_atomic(path, json.dumps(data, separators=(",", ":")))


# -- writing ---------------------------------------------------------------------------


def _dump(x: Any) -> str:
    return json.dumps(x, separators=(",", ":"))


def _board_json(b: Board) -> dict[str, Any]:
    centres: dict[str, list[str]] = {}
    for prov, n in sorted(b.centres.items()):
        centres.setdefault(n, []).append(prov)
    return {"board": str(b.key), "units": [str(u) for u in b.units.values()], "centres": centres}


def _result_json(r: Result) -> dict[str, Any]:
    # Every field but the status defaults to an empty value: write only the others.
    return {k: v for k, v in r._asdict().items() if k == "status" or v}


def _results_json(rs: tuple[Result, ...]) -> list[dict[str, Any]]:
    return [_result_json(r) for r in rs]


_RESULT_TEXT: dict[Result, str] = {}


def _results_text(rs: tuple[Result, ...]) -> str:
    """``_dump(_results_json(rs))``, with each distinct result's text made once."""
    texts = []
    for r in rs:
        t = _RESULT_TEXT.get(r)
        if t is None:
            t = _RESULT_TEXT[r] = _dump(_result_json(r))
        texts.append(t)
    return "[" + ",".join(texts) + "]"


def _pause_json(p: Pause) -> dict[str, Any]:
    return {"dislodged": {str(loc): sorted(a) for loc, a in p.dislodged.items()},
            "boards": sorted(str(k) for k in p.finish)}


def world_to_json(w: World) -> dict[str, Any]:
    """A world as plain JSON (the ``world`` part of a save file, without its history)."""
    return {
        "boards": [_board_json(w.boards[k]) for k in sorted(w.boards)],
        "orders": [{"board": str(k), "orders": [format_order(o) for o in w.orders[k]],
                    "results": _results_json(w.results[k])} for k in sorted(w.orders)],
        "retreats": [{"board": str(k), "order": format_order(o), "result": _result_json(r)}
                     for k in sorted(w.retreats) for o, r in w.retreats[k]],
        "parents": {str(t): (str(p) if p else None) for t, p in sorted(w.parents.items())},
        "starts": {str(t): str(turn) for t, turn in sorted(w.starts.items())},
        "pause": None if w.pause is None else _pause_json(w.pause),
        "winner": w.winner,
        "submissions": w.submissions,
        **homes_fields(w),
        **civsave.world_fields(w),      # RULES.md §10
    }


class SaveWriter:
    """Assembles the save text from pieces; pieces that cannot have changed since the last
    save (a board, an order list whose results did not change) are reused as text."""

    def __init__(self, game: Game):
        self.game = game
        self.cache = game._fragments
        self.index = game.index

    def _board(self, b: Board) -> str:
        born = self.index.born[b.key]
        hit = self.cache.get(("board", b.key))
        if hit is not None and hit[0] is b and hit[1] == born:
            return hit[2]
        d = _board_json(b)
        d["born"] = born
        text = _dump(d)
        self.cache[("board", b.key)] = (b, born, text)
        return text

    def _orders(self, w: World, k: BoardKey) -> str:
        orders, results = w.orders[k], w.results[k]
        stamp = self.stamp(k)
        hit = self.cache.get(("orders", k))
        if hit is not None and hit[0] is orders and hit[1] is results and hit[2] == stamp:
            return hit[3]
        given, n_versions, since = stamp
        versions = self.index.versions[k]
        parts = [f'{{"board":"{k}","orders":', _dump([format_order(o) for o in orders]),
                 ',"results":', _results_text(results), f',"given":{given}']
        if since != given:
            parts.append(f',"since":{since}')
        if n_versions > 1:
            parts.append(',"versions":[' + ",".join(f"[{i},{_results_text(rs)}]" for i, rs in versions[:-1]) + "]")
        text = "".join(parts) + "}"
        self.cache[("orders", k)] = (orders, results, stamp, text)
        return text

    def stamp(self, k: BoardKey) -> tuple[int, int, int]:
        versions = self.index.versions[k]
        return self.index.given[k], len(versions), versions[-1][0]

    def _submission(self, i: int) -> str:
        orders = self.game.submissions[i]
        hit = self.cache.get(("submission", i))
        if hit is not None and hit[0] is orders:
            return hit[1]
        text = _dump([format_order(o) for o in orders])
        self.cache[("submission", i)] = (orders, text)
        return text

    def text(self) -> str:
        g, w, idx = self.game, self.game.world, self.index
        head = _dump({"format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": g.variant.ref,
                      "adjacency": g.adjacency, "seed": g.seed,
                      "start": [_board_json(b) for b in sorted(g.start.boards.values(), key=lambda b: b.key)],
                      **({"home_centres": homes_json(g.start)} if homes_json(g.start) is not None else {}),
                      **civsave.head_fields(g)})      # RULES.md §10
        retreats = [{"board": str(k), "order": format_order(o), "result": _result_json(r), "at": at}
                    for k in sorted(w.retreats) for (o, r), at in zip(w.retreats[k], idx.retreat_at[k])]
        tail = _dump({
            "retreats": retreats,
            "parents": {str(t): (str(p) if p else None) for t, p in sorted(w.parents.items())},
            "starts": {str(t): str(turn) for t, turn in sorted(w.starts.items())},
            "pause": None if w.pause is None else _pause_json(w.pause),
            "winner": w.winner,
            "submissions": w.submissions,
            **homes_fields(w),
            **civsave.world_fields(w),      # RULES.md §10
        })
        history = _dump({"counts": idx.counts,
                         "pauses": [{"at": i, **_pause_json(p)} for i, p in sorted(idx.pauses.items())]})
        # The text is joined once, from the pieces: a save of a big world is megabytes, and
        # every whole copy of it (joined parts, the encoded body to hash) adds to the peak.
        parts = [head[:-1], ',"submissions":[']
        _joined(parts, (self._submission(i) for i in range(len(g.submissions))))
        parts.append('],"world":{"boards":[')
        _joined(parts, (self._board(w.boards[k]) for k in sorted(w.boards)))
        parts.append('],"orders":[')
        _joined(parts, (self._orders(w, k) for k in sorted(w.orders)))
        parts += ["],", tail[1:], ',"history":', history, ',"meta":', _dump(g.meta), "}"]
        digest = hashlib.sha256()
        for i in range(0, len(parts), 1024):   # a few hundred kilobytes at a time
            digest.update("".join(parts[i:i + 1024]).encode("utf-8"))
        parts[-1] = f',"checksum":"sha256:{digest.hexdigest()}"}}'   # the body's closing brace
        return "".join(parts)


def _joined(parts: list[str], pieces) -> None:
    """Append ``pieces`` to ``parts`` with commas between (``",".join`` without the copy)."""
    for i, piece in enumerate(pieces):
        if i:
            parts.append(",")
        parts.append(piece)


def _checksum(body: str) -> str:
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def _checksum_holds(text: str) -> bool:
    """Whether ``text`` ends with the checksum of the rest, exactly as the writer left it."""
    i = text.rfind(',"checksum":"')
    if i < 0 or not text.endswith('"}'):
        return False
    return _checksum(text[:i] + "}") == text[i + len(',"checksum":"'):-2]


# -- reading ---------------------------------------------------------------------------


class _Fault(Exception):
    """A fault at a field of the file; becomes a GameFileError naming the file."""

    def __init__(self, field: str, message: str):
        super().__init__(f"field '{field}': {message}")


def _obj(x: Any, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    if not isinstance(x, dict):
        raise _Fault(field, f"expected an object, found {_kind(x)}")
    missing = [k for k in required if k not in x]
    if missing:
        raise _Fault(f"{field}.{missing[0]}" if field else missing[0], "missing")
    if len(x) > len(required):
        extra = [k for k in x if k not in required and k not in optional]
        if extra:
            raise _Fault(f"{field}.{extra[0]}" if field else extra[0], "unknown field")
    return x


def _map(x: Any, field: str) -> dict:
    if not isinstance(x, dict):
        raise _Fault(field, f"expected an object, found {_kind(x)}")
    return x


def _kind(x: Any) -> str:
    return {dict: "an object", list: "a list", str: "a text", bool: "true/false", int: "a number",
            float: "a number", type(None): "null"}.get(type(x), type(x).__name__)


def _list(x: Any, field: str) -> list:
    if not isinstance(x, list):
        raise _Fault(field, f"expected a list, found {_kind(x)}")
    return x


def _str(x: Any, field: str) -> str:
    if not isinstance(x, str):
        raise _Fault(field, f"expected a text, found {_kind(x)}")
    return x


def _int(x: Any, field: str, low: int = 0, high: int | None = None) -> int:
    if type(x) is not int or x < low or (high is not None and x > high):
        bound = f"from {low}" + (f" to {high}" if high is not None else "")
        raise _Fault(field, f"expected a whole number {bound}, found {x if type(x) is int else _kind(x)}")
    return x + 0  # a number of its own, not the parser's (see SaveReader)


def _board_key(x: Any, field: str, reader: CanonicalReader | None = None) -> BoardKey:
    key = reader.board(x) if reader is not None and type(x) is str else None
    if key is not None:
        return key
    try:
        key = BoardKey.parse(_str(x, field))
    except ValueError as e:
        raise _Fault(field, str(e)) from None
    if key.timeline < 1:
        raise _Fault(field, f"'{x}': timelines are numbered from 1")
    return key


class SaveReader:
    """Reads a parsed save file into a game, checking every field.

    The game keeps no object of the parsed file: names are the variant's own strings, and
    other values are copies. The parsed file is large and short-lived, and the allocator
    returns its memory only in whole blocks: one value kept from it (a province name in a
    board's centres) would keep its block, and a whole world keeps every block."""

    def __init__(self, raw: Any, where: str, text: str | None):
        self.raw, self.where, self.text = raw, where, text

    def fail(self, message: str) -> GameFileError:
        return GameFileError(f"{self.where}: {message}")

    def game(self) -> Game:
        raw = self.raw
        if not isinstance(raw, dict) or raw.get("format") != SAVE_FORMAT:
            raise self.fail("not a 5D Diplomacy save file (field 'format')")
        version = raw.get("version")
        if type(version) is int and version > SAVE_VERSION:
            raise self.fail(f"saved by a newer version of the game (file version {version}, "
                            f"this game reads up to {SAVE_VERSION}); please update")
        if type(version) is not int or version < 1:
            raise self.fail(f"field 'version': {json.dumps(version)} is not a save file version "
                            f"(1 to {SAVE_VERSION})")
        try:
            return self._game(raw, version)
        except _Fault as e:
            raise self.fail(str(e)) from None
        except (TypeError, AttributeError, KeyError, IndexError) as e:  # a damage no check above names
            raise self.fail(f"damaged: a value of the wrong kind ({type(e).__name__}: {e})") from None

    def _game(self, raw: dict, version: int) -> Game:
        v2 = ("history", "checksum") if version >= 2 else ()
        _obj(raw, "", ("format", "version", "variant", "start", "world"),
             ("adjacency", "seed", "submissions", "meta", "home_centres", "civ") + v2)
        name = _str(raw["variant"], "variant")
        try:
            variant = load_variant(name)
        except VariantError as e:
            raise _Fault("variant", str(e)) from None
        except (OSError, ValueError) as e:  # a name no folder can have
            raise _Fault("variant", f"no variant {json.dumps(name[:80])} ({type(e).__name__})") from None
        adjacency = raw.get("adjacency", "strict")
        if adjacency not in ("strict", "loose"):
            raise _Fault("adjacency", f"{json.dumps(adjacency)} is not 'strict' or 'loose'")
        adjacency = "strict" if adjacency == "strict" else "loose"
        seed = raw.get("seed", 0)
        if type(seed) is not int:
            raise _Fault("seed", f"expected a whole number, found {_kind(seed)}")
        seed += 0
        meta = raw.get("meta", {})
        if not isinstance(meta, dict):
            raise _Fault("meta", f"expected an object, found {_kind(meta)}")
        meta = json.loads(_dump(meta)) if meta else {}
        with civ_faults():
            variant = civsave.game_variant(variant, raw.get("civ"))     # RULES.md §10: the game's nations
        self.variant = variant
        self.names = {n: n for n in variant.nations}           # the variant's own strings
        self.places = {loc: loc for loc in variant.locations}
        self.reader = CanonicalReader(variant)
        self.units: dict[str, Unit] = {}
        self.centres: dict[tuple, dict[str, str]] = {}
        self.results: dict[tuple, Result] = {}
        start_boards = [self._board(b, f"start.{i}", None)
                        for i, b in enumerate(_list(raw["start"], "start"))]
        try:
            start = World.from_boards(variant, start_boards, adjacency, seed)
        except ValueError as e:
            raise _Fault("start", str(e)) from None
        try:
            start = with_homes(start, raw.get("home_centres"))  # RULES.md §9
        except ValueError as e:
            raise _Fault("home_centres", str(e).split(": ", 1)[-1]) from None
        with civ_faults():
            start = civsave.read_start(start, raw.get("civ"))     # RULES.md §10
        self.born: dict[BoardKey, int] = {}
        self.index = HistoryIndex()
        world = self._world(_obj(raw["world"], "world", ("boards", "orders", "parents", "starts"),
                                 ("retreats", "pause", "winner", "submissions", "home_centres",
                                  "homes_at_first_winter", "civ")), start)
        submissions = []
        for i, texts in enumerate(_list(raw.get("submissions", []), "submissions")):
            submissions.append(self._orders_on(_list(texts, f"submissions.{i}"), world, None, f"submissions.{i}"))
        from .game import Game
        game = Game(variant, adjacency, seed, [world], submissions, meta, start)
        with civ_faults():
            game.gifts = civsave.read_gifts(raw.get("civ"), world, len(submissions))     # RULES.md §10
        if version >= 2 and self.text is not None and _checksum_holds(self.text) and \
                self._history(raw.get("history"), start, world, len(submissions)):
            game.index = self.index
            _keep_text(game, raw)
            return game
        self._replay(game)
        return game

    # -- parts -----------------------------------------------------------------------------

    def _board(self, raw: Any, field: str, present: bool | None) -> Board:
        _obj(raw, field, ("board", "units"), ("centres", "born") if present else ("centres",))
        key = _board_key(raw["board"], f"{field}.board", self.reader)
        raw_units = _list(raw["units"], f"{field}.units")
        try:
            units = [self.units[text] for text in raw_units]
        except (KeyError, TypeError):
            units = [self._unit(text, f"{field}.units.{j}") for j, text in enumerate(raw_units)]
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
            raise _Fault(field, str(e)) from None
        if present and "born" in raw:
            self.born[key] = _int(raw["born"], f"{field}.born")
        return board

    def _unit(self, text: Any, field: str) -> Unit:
        try:
            unit = self.units[text] = Unit(*parse_unit_text(_str(text, field), self.variant))
        except ValueError as e:
            raise _Fault(field, str(e)) from None
        return unit

    def _centres(self, raw: Any, field: str) -> dict[str, str]:
        if not isinstance(raw, dict):
            raise _Fault(f"{field}.centres", f"expected an object, found {_kind(raw)}")
        centres: dict[str, str] = {}
        for nation, cs in raw.items():
            if nation not in self.variant.nations:
                raise _Fault(f"{field}.centres", f"unknown nation '{nation}'")
            for c in _list(cs, f"{field}.centres.{nation}"):
                if type(c) is not str or c not in self.variant.supply_centres:
                    raise _Fault(f"{field}.centres.{nation}", f"{json.dumps(c)} is not a supply centre")
                if c in centres:
                    raise _Fault(f"{field}.centres.{nation}", f"'{c}' is owned by {centres[c]} too")
                centres[self.places[c]] = self.names[nation]
        return centres

    def _result(self, raw: Any, field: str) -> Result:
        try:
            seen = tuple(raw.items())  # a file repeats a few results thousands of times
            r = self.results.get(seen)
        except (AttributeError, TypeError):  # not an object, or a list where a value belongs
            seen, r = None, None
        if r is not None:
            return r
        if not isinstance(raw, dict):
            raise _Fault(field, f"expected an object, found {_kind(raw)}")
        key = (raw.get("status"), raw.get("reason", ""), raw.get("moved", False), raw.get("dislodged", False),
               raw.get("retreat_to"), raw.get("illegal", False), raw.get("contests", False))
        _obj(raw, field, ("status",), tuple(_RESULT_KEYS))
        if type(key[0]) is not str or key[0] not in _STATUSES:
            raise _Fault(f"{field}.status", f"{json.dumps(key[0])} is not a status (succeeds, fails, invalid or pending)")
        _str(key[1], f"{field}.reason")
        for name, value in zip(("moved", "dislodged"), key[2:4]):
            if type(value) is not bool:
                raise _Fault(f"{field}.{name}", f"expected true/false, found {_kind(value)}")
        for name, value in zip(("illegal", "contests"), key[5:]):
            if type(value) is not bool:
                raise _Fault(f"{field}.{name}", f"expected true/false, found {_kind(value)}")
        if key[4] is not None and (type(key[4]) is not str or key[4] not in self.variant.locations):
            raise _Fault(f"{field}.retreat_to", f"{json.dumps(key[4])} is not a location")
        r = Result(_STATUS[key[0]], key[1].encode().decode(), key[2], key[3],  # see SaveReader
                   None if key[4] is None else self.places[key[4]], key[5], key[6])
        if seen is not None:
            self.results[seen] = r
        return r

    def _orders_on(self, texts: list, world: World, key: BoardKey | None, field: str) -> tuple[Order, ...]:
        """The orders in ``texts`` (on board ``key`` if given): the bulk of a file, so the
        field names are made only for a fault."""
        read, out = self.reader.read, []
        for t in texts:
            o = read(t) if type(t) is str else None
            if o is None or (key is not None and o.board != key):
                o = self._order(t, world, f"{field}.{len(out)}", key)
            out.append(o)
        return tuple(out)

    def _results_of(self, raws: list, field: str) -> tuple[Result, ...]:
        get, out = self.results.get, []
        for raw in raws:
            try:
                r = get(tuple(raw.items()))
            except (AttributeError, TypeError):
                r = None
            out.append(r if r is not None else self._result(raw, f"{field}.{len(out)}"))
        return tuple(out)

    def _order(self, text: Any, world: World, field: str, key: BoardKey | None = None) -> Order:
        o = self.reader.read(_str(text, field))
        if o is None:
            try:
                o = world.resolve(parse_order(text, self.variant), literal=True)
            except NotationError as e:
                raise _Fault(field, str(e)) from None
        if key is not None and o.board != key:
            raise _Fault(field, f"'{text}' is not an order on board {key}")
        return o

    def _world(self, raw: dict, start: World) -> World:
        variant = self.variant
        boards: dict[BoardKey, Board] = {}
        for i, b in enumerate(_list(raw["boards"], "world.boards")):
            board = self._board(b, f"world.boards.{i}", True)
            if board.key in boards:
                raise _Fault(f"world.boards.{i}", f"board {board.key} is there twice")
            boards[board.key] = board
        parents: dict[int, BoardKey | None] = {}
        for t, p in _map(raw["parents"], "world.parents").items():
            if not t.isdigit() or int(t) < 1:
                raise _Fault("world.parents", f"'{t}' is not a timeline number")
            parents[int(t)] = None if p is None else _board_key(p, f"world.parents.{t}")
        starts: dict[int, Turn] = {}
        for t, s in _map(raw["starts"], "world.starts").items():
            if not t.isdigit() or int(t) < 1:
                raise _Fault("world.starts", f"'{t}' is not a timeline number")
            try:
                starts[int(t)] = Turn.parse(_str(s, f"world.starts.{t}"))
            except ValueError as e:
                raise _Fault(f"world.starts.{t}", str(e)) from None
        ends: dict[int, Turn] = {}
        for t, turn in boards:
            if t not in ends or ends[t] < turn:
                ends[t] = turn
        if set(parents) != set(ends) or set(starts) != set(ends):
            raise _Fault("world", "timelines of boards, parents and starts disagree")
        for t, s in starts.items():
            if BoardKey(t, s) not in boards:
                raise _Fault(f"world.starts.{t}", f"no board {t}:{s}")
        w = World(variant=variant, adjacency=start.adjacency, seed=start.seed, boards=MappingProxyType(boards),
                  parents=MappingProxyType(parents), starts=MappingProxyType(starts), ends=MappingProxyType(ends))
        orders: dict[BoardKey, tuple[Order, ...]] = {}
        results: dict[BoardKey, tuple[Result, ...]] = {}
        idx = self.index
        for i, so in enumerate(_list(raw["orders"], "world.orders")):
            f = f"world.orders.{i}"
            _obj(so, f, ("board", "orders", "results"), ("given", "since", "versions"))
            key = _board_key(so["board"], f"{f}.board", self.reader)
            if key not in boards:
                raise _Fault(f"{f}.board", f"no board {key}")
            if key in orders:
                raise _Fault(f"{f}.board", f"orders for board {key} are there twice")
            texts, raw_results = _list(so["orders"], f"{f}.orders"), _list(so["results"], f"{f}.results")
            if len(texts) != len(raw_results):
                raise _Fault(f, f"{len(texts)} orders but {len(raw_results)} results")
            orders[key] = self._orders_on(texts, w, key, f"{f}.orders")
            results[key] = self._results_of(raw_results, f"{f}.results")
            if "given" in so:
                given = idx.given[key] = _int(so["given"], f"{f}.given")
                versions = []
                for j, pair in enumerate(_list(so.get("versions", []), f"{f}.versions")):
                    if not isinstance(pair, list) or len(pair) != 2:
                        raise _Fault(f"{f}.versions.{j}", "expected [submission, results]")
                    rs = self._results_of(_list(pair[1], f"{f}.versions.{j}.1"), f"{f}.versions.{j}.1")
                    if len(rs) != len(texts):
                        raise _Fault(f"{f}.versions.{j}", f"{len(rs)} results for {len(texts)} orders")
                    versions.append((_int(pair[0], f"{f}.versions.{j}.0"), rs))
                versions.append((_int(so.get("since", given), f"{f}.since"), results[key]))
                idx.versions[key] = versions
        retreats: dict[BoardKey, tuple] = {}
        for i, sr in enumerate(_list(raw.get("retreats", []), "world.retreats")):
            f = f"world.retreats.{i}"
            _obj(sr, f, ("board", "order", "result"), ("at",))
            key = _board_key(sr["board"], f"{f}.board")
            if key not in boards:
                raise _Fault(f"{f}.board", f"no board {key}")
            o = self._order(sr["order"], w, f"{f}.order", key)
            retreats[key] = retreats.get(key, ()) + ((o, self._result(sr["result"], f"{f}.result")),)
            if "at" in sr:
                idx.retreat_at.setdefault(key, []).append(_int(sr["at"], f"{f}.at"))
        pause = None if raw.get("pause") is None else self._pause(raw["pause"], "world.pause", boards)
        winner = raw.get("winner")
        if winner is not None and (type(winner) is not str or winner not in variant.nations):
            raise _Fault("world.winner", f"{json.dumps(winner)} is not a nation")
        winner = self.names.get(winner)
        refs, incoming = order_index(orders, results, sorted(orders, key=lambda k: (idx.given.get(k, 0), k)))
        w = w.derive(orders=MappingProxyType(orders), results=MappingProxyType(results),
                     refs=MappingProxyType(refs), incoming=MappingProxyType(incoming),
                     retreats=MappingProxyType(retreats), pause=pause, winner=winner,
                     submissions=_int(raw.get("submissions", 0), "world.submissions"))
        try:
            w = read_homes_fields(w, raw)  # RULES.md §9
        except ValueError as e:
            raise _Fault("world.home_centres", str(e).split(": ", 1)[-1]) from None
        with civ_faults():
            return civsave.read_world(w, raw.get("civ"))     # RULES.md §10

    def _pause(self, raw: Any, field: str, boards) -> Pause:
        _obj(raw, field, ("dislodged", "boards"), ("at",))
        dislodged = {}
        for text, options in _map(raw["dislodged"], f"{field}.dislodged").items():
            loc = self.reader.location(text)
            if loc is None or loc.board not in boards:
                raise _Fault(f"{field}.dislodged", f"'{text}' is not a location on a board of this world")
            opts = _list(options, f"{field}.dislodged.{text}")
            for o in opts:
                if o not in self.variant.locations:
                    raise _Fault(f"{field}.dislodged.{text}", f"{json.dumps(o)} is not a location")
            dislodged[loc] = frozenset(self.places[o] for o in opts)
        finish = frozenset(_board_key(b, f"{field}.boards.{j}") for j, b in enumerate(_list(raw["boards"], f"{field}.boards")))
        return Pause(MappingProxyType(dislodged), finish)

    def _history(self, raw: Any, start: World, world: World, n: int) -> bool:
        """Fill the history index from a version-2 file; False when it is not complete
        (the game is then replayed instead)."""
        if raw is None:
            return False
        _obj(raw, "history", ("counts", "pauses"))
        idx = self.index
        idx.counts = [_int(c, f"history.counts.{i}") for i, c in enumerate(_list(raw["counts"], "history.counts"))]
        for j, p in enumerate(_list(raw["pauses"], "history.pauses")):
            f = f"history.pauses.{j}"
            idx.pauses[_int(_obj(p, f, ("at", "dislodged", "boards"))["at"], f"{f}.at", 0, n)] = \
                self._pause(p, f, world.boards)
        idx.born = {k: self.born.get(k, -1) for k in world.boards}
        complete = (len(idx.counts) == n + 1 and all(0 <= b <= n for b in idx.born.values())
                    and all(idx.born[k] == 0 for k in start.boards) and idx.given.keys() == world.orders.keys()
                    and all(0 <= g <= n for g in idx.given.values())
                    and all(len(idx.retreat_at.get(k, ())) == len(r) for k, r in world.retreats.items())
                    and (world.pause is None or idx.pauses.get(n) == world.pause))
        if not complete:
            return False
        for vs in idx.versions.values():
            if any(a[0] >= b[0] for a, b in zip(vs, vs[1:])) or not 0 <= vs[-1][0] <= n:
                return False
        idx._log = [([], [], [], []) for _ in range(n + 1)]
        for k, i in idx.born.items():
            idx._log[i][0].append(k)
        for k, i in idx.given.items():
            idx._log[i][1].append(k)
        for k, vs in idx.versions.items():
            for i, _ in vs:
                idx._log[i][2].append(k)
        for k, ats in idx.retreat_at.items():
            for i in sorted(set(ats)):
                idx._log[i][3].append(k)
        return True

    def _replay(self, game: Game) -> None:
        """Replay the stored submissions from the start; the result must be the stored
        world. The replayed worlds become the game's history."""
        worlds = [game.start]
        for i, orders in enumerate(game.submissions):
            try:
                if game.gifts:     # RULES.md §10: the gifts given before this submission
                    worlds[-1] = civgame.replay(worlds[-1], (), [(0, g) for at, g in game.gifts if at == i], submit)[0]
                worlds.append(submit(worlds[-1], list(orders)).world)
            except (SubmissionError, ValueError, KeyError, AttributeError) as e:
                raise self.fail(f"field 'submissions.{i}': cannot be replayed ({e})") from None
        if game.gifts:
            try:
                worlds[-1] = civgame.replay(worlds[-1], (), [(0, g) for at, g in game.gifts
                                                             if at == len(game.submissions)], submit)[0]
            except ValueError as e:
                raise self.fail(f"field 'civ.gifts': cannot be replayed ({e})") from None
        difference = _first_difference(worlds[-1], game.world)
        if difference:
            raise self.fail(f"field 'world' is not what its own submissions make: {difference}; "
                            "the file is damaged or was edited")
        game.worlds = worlds


def _keep_text(game: Game, raw: dict) -> None:
    """Give the writer the text of the file's boards, order lists and submissions (the
    file is unchanged since it was written, so each is exactly what the writer would
    make): the first save after opening then only writes what changed."""
    cache, w = game._fragments, game.world
    writer = SaveWriter(game)
    for b in raw["world"]["boards"]:
        key = BoardKey.parse(b["board"])
        cache[("board", key)] = (w.boards[key], game.index.born[key], _dump(b))
    for so in raw["world"]["orders"]:
        key = BoardKey.parse(so["board"])
        cache[("orders", key)] = (w.orders[key], w.results[key], writer.stamp(key), _dump(so))
    for i, texts in enumerate(raw.get("submissions", [])):
        cache[("submission", i)] = (game.submissions[i], _dump(texts))


def _first_difference(replayed: World, stored: World) -> str | None:
    for name in ("boards", "orders", "results", "retreats", "parents", "starts"):
        a, b = getattr(replayed, name), getattr(stored, name)
        if a.keys() != b.keys():
            only = sorted(map(str, a.keys() ^ b.keys()))
            return f"{name} differ at {', '.join(only[:3])}"
        for k in sorted(a):
            if a[k] != b[k]:
                return f"{name} differ at {k}"
    if replayed.pause != stored.pause:
        return "the retreats waited for differ"
    if replayed.winner != stored.winner:
        return f"the winner should be {replayed.winner}, not {stored.winner}"
    if replayed.submissions != stored.submissions:
        return "the number of submissions differs"
    return civsave.same_civ(replayed, stored)     # RULES.md §10


# -- civilisations (RULES.md §10): optional fields, read and written by app.engine.civsave --


class civ_faults:
    """Turns a fault in a civilisations field into the file's fault naming that field."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if isinstance(error, civsave.CivFault):
            raise _Fault(error.field, str(error)) from None
        return False
