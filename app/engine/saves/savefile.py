"""Save files: writing a game as versioned JSON and reading it back, checked.

The file holds the start boards, every submission's orders (replayable), a snapshot of the
present world with, for each part of it, the submission that made it (so every past world
can be rebuilt without adjudicating: :mod:`app.engine.rules.history`), and a checksum of all
that. Loading checks every name and value, and every file is replayed from its submissions
and must come out as the world it stores, or it is refused (:mod:`app.engine.saves.replay_check`:
a checksum anyone can compute again only lets an unchanged file be read lazily and its
replay be run later). The format is described in docs/save-files.md.

This module reads what every version writes alike; the boards, orders and submissions are
read by :mod:`app.engine.saves.save_compact` (version 3, which also writes) or
:mod:`app.engine.saves.save_legacy` (versions 1 and 2).
"""

from __future__ import annotations

import hashlib
import json
from types import MappingProxyType
from typing import Any

from ..rules.coords import BoardKey, Turn
from ..rules.extension import ExtensionFault, game_kinds
from ..rules.history import HistoryIndex, order_index
from ..rules.homes import homes_fields, read_homes_fields, with_homes
from .lazy_orders import LazyOrders
from ..notation.notation import CanonicalReader, format_order
from ..rules.orders import Order, Result
from .save_compact import CompactParts, SaveWriter, keep_lines, pause_json
from .save_fields import (SAVE_FORMAT, SAVE_VERSION, Fault, board_key, kind, listed, mapping, obj, text as _text,
                          whole, world_kind_fields)
from .saved_game import GameMaker, SavedGame
from .replay_check import ReplayCheck, ReplayMismatch, plays_to_win, replay_and_compare
from .save_legacy import LegacyParts
from ..variants.variant import VariantError, load_variant
from ..rules.world import Board, Pause, World


class GameFileError(ValueError):
    """A save file that cannot be loaded. The message names the file and what is wrong."""


# -- the world as plain JSON -------------------------------------------------------------


def _board_json(b: Board) -> dict[str, Any]:
    centres: dict[str, list[str]] = {}
    for prov, n in sorted(b.centres.items()):
        centres.setdefault(n, []).append(prov)
    return {"board": str(b.key), "units": [str(u) for u in b.units.values()], "centres": centres}


def _result_json(r: Result) -> dict[str, Any]:
    # Every field but the status defaults to an empty value: write only the others.
    return {k: v for k, v in r._asdict().items() if k == "status" or v}


def world_to_json(w: World) -> dict[str, Any]:
    """A world as plain JSON, every order printed in full (what a version-1 save file
    held; tests and tools compare worlds with it)."""
    return {
        "boards": [_board_json(w.boards[k]) for k in sorted(w.boards)],
        "orders": [{"board": str(k), "orders": [format_order(o) for o in w.orders[k]],
                    "results": [_result_json(r) for r in w.results[k]]} for k in sorted(w.orders)],
        "retreats": [{"board": str(k), "order": format_order(o), "result": _result_json(r)}
                     for k in sorted(w.retreats) for o, r in w.retreats[k]],
        "parents": {str(t): (str(p) if p else None) for t, p in sorted(w.parents.items())},
        "starts": {str(t): str(turn) for t, turn in sorted(w.starts.items())},
        "pause": None if w.pause is None else pause_json(w.pause),
        "winner": w.winner,
        "submissions": w.submissions,
        **homes_fields(w),
        **world_kind_fields(w),      # a game of another kind's (RULES.md §10)
    }


def _dump(x: Any) -> str:
    return json.dumps(x, separators=(",", ":"))


def _checksum(body: str) -> str:
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def _checksum_holds(text: str) -> bool:
    """Whether ``text`` ends with the checksum of the rest, exactly as the writer left it."""
    i = text.rfind(',"checksum":"')
    if i < 0 or not text.endswith('"}'):
        return False
    return _checksum(text[:i] + "}") == text[i + len(',"checksum":"'):-2]


# -- reading ---------------------------------------------------------------------------


class SaveReader:
    """Reads a parsed save file into a game, checking every field.

    The game keeps no object of the parsed file: names are the variant's own strings, and
    other values are copies. The parsed file is large and short-lived, and the allocator
    returns its memory only in whole blocks: one value kept from it (a province name in a
    board's centres) would keep its block, and a whole world keeps every block."""

    lazy_orders = True   # whether a vouched-for file's orders are made when first asked for (tests compare)

    def __init__(self, raw: Any, where: str, text: str | None, game_type: GameMaker, release: bool = False):
        """``release``: the parsed file is the reader's to take apart as it reads (a big
        file's parse tree is the peak of opening it). A file its checksum vouches for is
        read without its replay check, which the game then owes (``game.replay_owed``, a
        :class:`~app.engine.saves.replay_check.ReplayCheck` to run); any other is replayed here.
        ``game_type``: the game class to build (the reader is below the game, which reads
        through it)."""
        self.raw, self.where, self.text, self.release = raw, where, text, release
        self.game_type = game_type

    def fail(self, message: str) -> GameFileError:
        return GameFileError(f"{self.where}: {message}")

    def game(self) -> SavedGame:
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
        except Fault as e:
            raise self.fail(str(e)) from None
        except (TypeError, AttributeError, KeyError, IndexError) as e:  # a damage no check above names
            raise self.fail(f"damaged: a value of the wrong kind ({type(e).__name__}: {e})") from None
        finally:
            # The readers refer to each other and to the parsed file: let them go now (a load
            # runs with the collector off and freezes what it made, cycles included).
            self.parts = self.raw = None

    def _game(self, raw: dict, version: int) -> SavedGame:
        v2 = ("history", "checksum") if version >= 2 else ()
        kinds = self.kinds = game_kinds()     # games of other kinds: each reads its own fields
        obj(raw, "", ("format", "version", "variant", "start", "world"),
            ("adjacency", "seed", "submissions", "meta", "home_centres", *(k.key for k in kinds)) + v2)
        name = _text(raw["variant"], "variant")
        try:
            variant = load_variant(name)
        except VariantError as e:
            raise Fault("variant", str(e)) from None
        except (OSError, ValueError) as e:  # a name no folder can have
            raise Fault("variant", f"no variant {json.dumps(name[:80])} ({type(e).__name__})") from None
        adjacency = raw.get("adjacency", "strict")
        if adjacency not in ("strict", "loose"):
            raise Fault("adjacency", f"{json.dumps(adjacency)} is not 'strict' or 'loose'")
        adjacency = "strict" if adjacency == "strict" else "loose"
        seed = raw.get("seed", 0)
        if type(seed) is not int:
            raise Fault("seed", f"expected a whole number, found {kind(seed)}")
        seed += 0
        meta = raw.get("meta", {})
        if not isinstance(meta, dict):
            raise Fault("meta", f"expected an object, found {kind(meta)}")
        meta = json.loads(_dump(meta)) if meta else {}
        with kind_faults():
            for k in kinds:
                variant = k.game_variant(variant, raw.get(k.key))     # RULES.md §10: the game's nations
        self.variant = variant
        self.names = {n: n for n in variant.nations}           # the variant's own strings
        self.places = {loc: loc for loc in variant.locations}
        self.reader = CanonicalReader(variant)                 # for the pause's locations
        self.born: dict[BoardKey, int] = {}
        self.index = HistoryIndex()
        self.parts = parts = CompactParts(self) if version >= 3 else LegacyParts(self)
        # A file exactly as the writer left it (its checksum holds) is read lazily: each
        # board's orders are made when first asked for (app.engine.saves.lazy_orders). Any other
        # file is read, checked and replayed in full now.
        vouched = version >= 2 and self.text is not None and _checksum_holds(self.text)
        parts.lazy = vouched and version == SAVE_VERSION and self.lazy_orders
        start_boards = [parts.board(b, f"start.{i}", False) for i, b in enumerate(listed(raw["start"], "start"))]
        try:
            start = World.from_boards(variant, start_boards, adjacency, seed)
        except ValueError as e:
            raise Fault("start", str(e)) from None
        try:
            start = with_homes(start, raw.get("home_centres"))  # RULES.md §9
        except ValueError as e:
            raise Fault("home_centres", str(e).split(": ", 1)[-1]) from None
        with kind_faults():
            for k in kinds:
                start = k.read_start(start, raw.get(k.key))
        world = self._world(obj(raw["world"], "world", ("boards", "orders", "parents", "starts"),
                                ("retreats", "pause", "winner", "submissions", "home_centres",
                                 "homes_at_first_winter", *(k.key for k in kinds))), start)
        submissions = [parts.submission(listed(texts, f"submissions.{i}"), world, f"submissions.{i}")
                       for i, texts in enumerate(listed(raw.get("submissions", []), "submissions"))]
        game = self.game_type(variant, adjacency, seed, [world], submissions, meta, start)
        with kind_faults():
            for k in kinds:
                part = k.read_game_part(raw.get(k.key), world, len(submissions))
                if part is not None:
                    game.extension = part
        if vouched and self._history(raw.get("history"), start, world, len(submissions)):
            game.index = self.index
            if version == SAVE_VERSION:
                keep_lines(game, self.text)
            # Anyone can compute a checksum again: it makes the reading lazy, never the
            # replay check optional (Game.from_json runs it, or leaves it to its caller).
            game.replay_owed = ReplayCheck.of(game, self.where)
            return game
        try:
            self._replay(game)
        except GameFileError:
            raise
        except ValueError as e:   # an order text of a lazily read file, read at last
            raise self.fail(f"damaged: {e}") from None
        return game

    def _world(self, raw: dict, start: World) -> World:
        variant, parts = self.variant, self.parts
        boards: dict[BoardKey, Board] = {}
        for i, b in enumerate(listed(raw["boards"], "world.boards")):
            board = parts.board(b, f"world.boards.{i}", True)
            if board.key in boards:
                raise Fault(f"world.boards.{i}", f"board {board.key} is there twice")
            boards[board.key] = board
        if self.release:
            raw["boards"] = None   # the parsed boards go now
        parents: dict[int, BoardKey | None] = {}
        for t, p in mapping(raw["parents"], "world.parents").items():
            if not t.isdigit() or int(t) < 1:
                raise Fault("world.parents", f"'{t}' is not a timeline number")
            parents[int(t)] = None if p is None else board_key(p, f"world.parents.{t}")
        starts: dict[int, Turn] = {}
        for t, s in mapping(raw["starts"], "world.starts").items():
            if not t.isdigit() or int(t) < 1:
                raise Fault("world.starts", f"'{t}' is not a timeline number")
            try:
                starts[int(t)] = Turn.parse(_text(s, f"world.starts.{t}"))
            except ValueError as e:
                raise Fault(f"world.starts.{t}", str(e)) from None
        ends: dict[int, Turn] = {}
        for t, turn in boards:
            if t not in ends or ends[t] < turn:
                ends[t] = turn
        if set(parents) != set(ends) or set(starts) != set(ends):
            raise Fault("world", "timelines of boards, parents and starts disagree")
        for t, s in starts.items():
            if BoardKey(t, s) not in boards:
                raise Fault(f"world.starts.{t}", f"no board {t}:{s}")
        w = World(variant=variant, adjacency=start.adjacency, seed=start.seed, boards=MappingProxyType(boards),
                  parents=MappingProxyType(parents), starts=MappingProxyType(starts), ends=MappingProxyType(ends))
        orders: dict[BoardKey, tuple[Order, ...]] = {}
        results: dict[BoardKey, tuple[Result, ...]] = {}
        idx = self.index
        for i, so in enumerate(listed(raw["orders"], "world.orders")):
            f = f"world.orders.{i}"
            obj(so, f, ("board", "orders", "results"), ("given", "since", "versions"))
            key = parts.board_key(so["board"], f"{f}.board")
            if key not in boards:
                raise Fault(f"{f}.board", f"no board {key}")
            if key in orders:
                raise Fault(f"{f}.board", f"orders for board {key} are there twice")
            texts, raw_results = listed(so["orders"], f"{f}.orders"), listed(so["results"], f"{f}.results")
            if len(texts) != len(raw_results):
                raise Fault(f, f"{len(texts)} orders but {len(raw_results)} results")
            orders[key] = parts.order_list(texts, key, w, f"{f}.orders")
            results[key] = parts.result_list(raw_results, f"{f}.results")
            if "given" in so:
                given = idx.given[key] = whole(so["given"], f"{f}.given")
                versions = []
                for j, pair in enumerate(listed(so.get("versions", []), f"{f}.versions")):
                    if not isinstance(pair, list) or len(pair) != 2:
                        raise Fault(f"{f}.versions.{j}", "expected [submission, results]")
                    rs = parts.result_list(listed(pair[1], f"{f}.versions.{j}.1"), f"{f}.versions.{j}.1")
                    if len(rs) != len(texts):
                        raise Fault(f"{f}.versions.{j}", f"{len(rs)} results for {len(texts)} orders")
                    versions.append((whole(pair[0], f"{f}.versions.{j}.0"), rs))
                versions.append((whole(so.get("since", given), f"{f}.since"), results[key]))
                idx.versions[key] = versions
        retreats: dict[BoardKey, tuple] = {}
        for i, sr in enumerate(listed(raw.get("retreats", []), "world.retreats")):
            f = f"world.retreats.{i}"
            obj(sr, f, ("board", "order", "result"), ("at",))
            key = parts.board_key(sr["board"], f"{f}.board")
            if key not in boards:
                raise Fault(f"{f}.board", f"no board {key}")
            o = parts.order(sr["order"], key, w, f"{f}.order")
            retreats[key] = retreats.get(key, ()) + ((o, parts.result(sr["result"], f"{f}.result")),)
            if "at" in sr:
                idx.retreat_at.setdefault(key, []).append(whole(sr["at"], f"{f}.at"))
        pause = None if raw.get("pause") is None else self._pause(raw["pause"], "world.pause", boards)
        winner = raw.get("winner")
        if winner is not None and (type(winner) is not str or winner not in variant.nations):
            raise Fault("world.winner", f"{json.dumps(winner)} is not a nation")
        winner = self.names.get(winner)
        in_given_order = sorted(orders, key=lambda k: (idx.given.get(k, 0), k))
        if getattr(parts, "lazy", False):   # orders made when first asked for; indexed from their texts
            refs, incoming = parts.index(in_given_order, orders, results)
            orders = LazyOrders(orders)
        else:
            refs, incoming = order_index(orders, results, in_given_order)
        w = w.derive(orders=MappingProxyType(orders), results=MappingProxyType(results),
                     refs=MappingProxyType(refs), incoming=MappingProxyType(incoming),
                     retreats=MappingProxyType(retreats), pause=pause, winner=winner,
                     submissions=whole(raw.get("submissions", 0), "world.submissions"))
        try:
            w = read_homes_fields(w, raw)  # RULES.md §9
        except ValueError as e:
            raise Fault("world.home_centres", str(e).split(": ", 1)[-1]) from None
        with kind_faults():
            for k in self.kinds:
                w = k.read_world(w, raw.get(k.key))
            return w

    def _pause(self, raw: Any, field: str, boards) -> Pause:
        obj(raw, field, ("dislodged", "boards"), ("at",))
        dislodged = {}
        for text, options in mapping(raw["dislodged"], f"{field}.dislodged").items():
            loc = self.reader.location(text)
            if loc is None or loc.board not in boards:
                raise Fault(f"{field}.dislodged", f"'{text}' is not a location on a board of this world")
            opts = listed(options, f"{field}.dislodged.{text}")
            for o in opts:
                if o not in self.variant.locations:
                    raise Fault(f"{field}.dislodged.{text}", f"{json.dumps(o)} is not a location")
            dislodged[loc] = frozenset(self.places[o] for o in opts)
        finish = frozenset(board_key(b, f"{field}.boards.{j}") for j, b in enumerate(listed(raw["boards"], f"{field}.boards")))
        return Pause(MappingProxyType(dislodged), finish)

    def _history(self, raw: Any, start: World, world: World, n: int) -> bool:
        """Fill the history index from a file of version 2 or later; False when it is not complete
        (the game is then replayed instead)."""
        if raw is None:
            return False
        obj(raw, "history", ("counts", "pauses"))
        idx = self.index
        idx.counts = [whole(c, f"history.counts.{i}") for i, c in enumerate(listed(raw["counts"], "history.counts"))]
        for j, p in enumerate(listed(raw["pauses"], "history.pauses")):
            f = f"history.pauses.{j}"
            idx.pauses[whole(obj(p, f, ("at", "dislodged", "boards"))["at"], f"{f}.at", 0, n)] = \
                self._pause(p, f, world.boards)
        idx.born = {k: self.born.get(k, -1) for k in world.boards}
        born, given = idx.born.values(), idx.given.values()
        complete = (len(idx.counts) == n + 1 and min(born) >= 0 and max(born) <= n
                    and all(idx.born[k] == 0 for k in start.boards) and idx.given.keys() == world.orders.keys()
                    and (not given or min(given) >= 0 and max(given) <= n)
                    and all(len(idx.retreat_at.get(k, ())) == len(r) for k, r in world.retreats.items())
                    and (world.pause is None or idx.pauses.get(n) == world.pause))
        if not complete:
            return False
        for vs in idx.versions.values():
            if len(vs) > 1 and any(a[0] >= b[0] for a, b in zip(vs, vs[1:])) or not 0 <= vs[-1][0] <= n:
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

    def _replay(self, game: SavedGame) -> None:
        """Replay the stored submissions from the start; the result must be the stored
        world. The replayed worlds become the game's history."""
        try:
            game.worlds = replay_and_compare(self.where, game.start, game.submissions, game.extension, game.world,
                                             keep=True, victory=plays_to_win(game.meta))
        except ReplayMismatch as e:
            raise GameFileError(str(e)) from None


# -- games of other kinds (RULES.md §10): optional fields, read by each kind (rules.extension) --


class kind_faults:
    """Turns a fault in a kind's field into the file's fault naming that field."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, tb):
        if isinstance(error, ExtensionFault):
            raise Fault(error.field, str(error)) from None
        return False
