"""The boards, orders and submissions of a save file in the current version (3): orders and
results as short texts relative to their board (:mod:`app.engine.board_text`), one board,
order list or submission to a line. The writer reuses the text of every part that did not
change since the last save; a file that its checksum vouches for hands its lines to the
writer, so the first save after opening writes only what changed.

The line layout (``pieces`` are boards, order lists, submissions)::

    {"format":…,"start":[…],"submissions":[
    <submission 1>,
    <submission n>
    ],"world":{"boards":[
    <board>,
    …
    ],"orders":[
    <order list>,
    …
    ],"retreats":…,"history":…,"meta":…,"checksum":"sha256:…"}
"""

from __future__ import annotations

import hashlib
import json
from itertools import repeat
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from . import civsave
from .board_text import BoardTextReader, IndexedFault, centres_text, order_text, result_text
from .coords import BoardKey, Turn
from .homes import homes_fields, homes_json
from .lazy_orders import Unread, UnreadSubmission, lazy_index, raw_value
from .orders import Order, Result
from .save_fields import Fault, board_key, listed, obj, whole
from .world import Board, Pause, World

if TYPE_CHECKING:
    from .game import Game
    from .savefile import SaveReader

_new = tuple.__new__


def _dump(x: Any) -> str:
    return json.dumps(x, separators=(",", ":"))


# -- writing -------------------------------------------------------------------------------


def board_json(b: Board) -> dict[str, Any]:
    return {"board": str(b.key), "units": [str(u) for u in b.units.values()], "centres": centres_text(b.centres)}


def results_text(rs: tuple[Result, ...]) -> str:
    return _dump([result_text(r) for r in rs])


def pause_json(p: Pause) -> dict[str, Any]:
    return {"dislodged": {str(loc): sorted(a) for loc, a in p.dislodged.items()},
            "boards": sorted(str(k) for k in p.finish)}


def submission_text(orders: tuple[Order, ...]) -> str:
    return _dump([f"{o.board} {order_text(o, o.board)}" for o in orders])


class SaveWriter:
    """Assembles the save text from pieces; pieces that cannot have changed since the last
    save (a board, an order list whose results did not change, a submission) are reused as
    text (``game._fragments``; pieces of boards no longer in the world are dropped)."""

    def __init__(self, game: Game):
        self.game = game
        self.cache = game._fragments
        self.index = game.index
        self.used: set = set()
        _take_lines(self.cache, self.index)

    def _board(self, b: Board) -> str:
        born = self.index.born[b.key]
        name = ("board", b.key)
        self.used.add(name)
        hit = self.cache.get(name)
        if hit is not None and hit[0] is b and hit[1] == born:
            return hit[2]
        d = board_json(b)
        d["born"] = born
        text = _dump(d)
        self.cache[name] = (b, born, text)
        return text

    def _orders(self, w: World, k: BoardKey) -> str:
        # An order list not made since the file was read is recognised without making it.
        token, results = raw_value(w.orders, k), w.results[k]
        stamp = self.stamp(k)
        name = ("orders", k)
        self.used.add(name)
        hit = self.cache.get(name)
        if hit is not None and hit[0] is token and hit[1] is results and hit[2] == stamp:
            return hit[3]
        orders = w.orders[k]
        given, n_versions, since = stamp
        versions = self.index.versions[k]
        parts = [f'{{"board":"{k}","given":{given},"orders":', _dump([order_text(o, k) for o in orders]),
                 ',"results":', results_text(results)]
        if since != given:
            parts.append(f',"since":{since}')
        if n_versions > 1:
            parts.append(',"versions":[' + ",".join(f"[{i},{results_text(rs)}]" for i, rs in versions[:-1]) + "]")
        text = "".join(parts) + "}"
        self.cache[name] = (token, results, stamp, text)
        return text

    def stamp(self, k: BoardKey) -> tuple[int, int, int]:
        versions = self.index.versions[k]
        return self.index.given[k], len(versions), versions[-1][0]

    def _submission(self, i: int) -> str:
        submissions = self.game.submissions
        token = submissions.token(i)   # a submission not made since the file was read: not made now
        name = ("submission", i)
        self.used.add(name)
        hit = self.cache.get(name)
        if hit is not None and hit[0] is token:
            return hit[1]
        text = submission_text(submissions[i])
        self.cache[name] = (token, text)
        return text

    def text(self) -> str:
        return "".join(self.pieces())

    def pieces(self) -> list[str]:
        """The save text in pieces, to be written one after another (joined, a big world's
        text is one more copy of megabytes at the peak of every save)."""
        from .savefile import SAVE_FORMAT, SAVE_VERSION
        g, w, idx = self.game, self.game.world, self.index
        homes = homes_json(g.start)
        head = _dump({"format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": g.variant.ref,
                      "adjacency": g.adjacency, "seed": g.seed,
                      "start": [board_json(b) for b in sorted(g.start.boards.values(), key=lambda b: b.key)],
                      **({"home_centres": homes} if homes is not None else {}),
                      **civsave.head_fields(g)})      # RULES.md §10
        retreats = [{"board": str(k), "order": order_text(o, k), "result": result_text(r), "at": at}
                    for k in sorted(w.retreats) for (o, r), at in zip(w.retreats[k], idx.retreat_at[k])]
        tail = _dump({
            "retreats": retreats,
            "parents": {str(t): (str(p) if p else None) for t, p in sorted(w.parents.items())},
            "starts": {str(t): str(turn) for t, turn in sorted(w.starts.items())},
            "pause": None if w.pause is None else pause_json(w.pause),
            "winner": w.winner,
            "submissions": w.submissions,
            **homes_fields(w),
            **civsave.world_fields(w),      # RULES.md §10
        })
        history = _dump({"counts": idx.counts,
                         "pauses": [{"at": i, **pause_json(p)} for i, p in sorted(idx.pauses.items())]})
        # The pieces are hashed a few hundred kilobytes at a time, never joined here: a save
        # of a big world is megabytes, and every whole copy of it adds to the peak.
        parts = [head[:-1], ',"submissions":[']
        _lines(parts, (self._submission(i) for i in range(len(g.submissions))))
        parts.append('],"world":{"boards":[')
        _lines(parts, (self._board(w.boards[k]) for k in sorted(w.boards)))
        parts.append('],"orders":[')
        _lines(parts, (self._orders(w, k) for k in sorted(w.orders)))
        parts += ["],", tail[1:], ',"history":', history, ',"meta":', _dump(g.meta), "}"]
        digest = hashlib.sha256()
        for i in range(0, len(parts), 1024):   # a few hundred kilobytes at a time
            digest.update("".join(parts[i:i + 1024]).encode("utf-8"))
        parts[-1] = f',"checksum":"sha256:{digest.hexdigest()}"}}'   # the body's closing brace
        for stale in self.cache.keys() - self.used:   # boards undone since: forget their text
            self.cache.pop(stale, None)
        return parts


def _lines(parts: list[str], pieces) -> None:
    """Append ``pieces`` to ``parts``, one to a line, with commas between."""
    for i, piece in enumerate(pieces):
        parts.append(",\n" if i else "\n")
        parts.append(piece)
    parts.append("\n")


_FILE = ("file",)   # the writer's cache entry for the text of the file the game was opened from


def keep_lines(game: Game, text: str) -> None:
    """Let the writer reuse the lines of a file that its checksum vouches for (each is
    exactly what the writer made of its piece), so that the first save after opening only
    writes what changed. The text is split at that first save, not while opening (an
    autosave does it off the window's thread)."""
    game._fragments[_FILE] = (text, game.world, game.submissions.tokens())


def _take_lines(cache: dict, index) -> None:
    """Turn a kept file text into the writer's pieces, for the world the file held (a piece
    of a board or order list since changed is never reused: every hit is checked by
    identity). Does nothing if the lines are not laid out as the writer lays them out."""
    kept = cache.pop(_FILE, None)
    if kept is None:
        return
    text, w, submissions = kept
    lines = []   # the text's lines without the commas that end them, each piece copied once
    for chunk in text.split(",\n"):
        if "\n" in chunk:
            lines += chunk.split("\n")
        else:
            lines.append(chunk)
    n_sub, n_boards, n_orders = len(submissions), len(w.boards), len(w.orders)   # one line each
    at_boards = 2 + n_sub
    at_orders = at_boards + 1 + n_boards
    if len(lines) < at_orders + n_orders + 1 or lines[at_boards - 1] != '],"world":{"boards":[' \
            or lines[at_orders - 1] != '],"orders":[' or not lines[at_orders + n_orders].startswith("],"):
        return
    piece = lines.__getitem__
    for i, orders in enumerate(submissions):
        cache[("submission", i)] = (orders, piece(1 + i))
    born = index.born
    for i, key in enumerate(sorted(w.boards)):
        board = w.boards[key]
        if key in born:   # a board undone since is not cached (its key may be another board's now)
            cache[("board", key)] = (board, born[key], piece(at_boards + i))
    versions, given = index.versions, index.given
    for i, key in enumerate(sorted(w.orders)):
        vs = versions.get(key)
        if vs is not None and key in given:
            cache[("orders", key)] = (raw_value(w.orders, key), w.results[key], (given[key], len(vs), vs[-1][0]),
                                      piece(at_orders + i))


# -- reading -------------------------------------------------------------------------------


class CompactParts:
    """Reads the parts of a version-3 file (see :mod:`app.engine.board_text`)."""

    def __init__(self, save: SaveReader):
        self.save = save
        self.texts = BoardTextReader(save.variant)
        self.keys: dict[str, BoardKey] = {}
        self.turns: dict[str, Turn] = {}
        # Whether orders are made when first asked for (a file its checksum vouches for).
        self.lazy = False
        self._unread: dict[BoardKey, Unread] = {}        # each board's orders, to be made
        self._listed: dict[BoardKey, list] = {}          # each board's order texts, as read (made now)
        self._by_text: dict[BoardKey, dict[str, Order]] = {}

    def board_key(self, raw: Any, field: str) -> BoardKey:
        key = self.keys.get(raw) if type(raw) is str else None
        if key is None:
            timeline, _, turn_text = raw.partition(":") if type(raw) is str else ("", "", "")
            turn = self.turns.get(turn_text)
            if turn is None and len(turn_text) == 5 and turn_text[0] in "SFW" and turn_text[1:].isdigit() \
                    and turn_text[1] != "0":
                turn = self.turns[turn_text] = Turn(int(turn_text[1:]), "SFW".index(turn_text[0]))
            if turn is not None and timeline.isdigit() and timeline[0] != "0" and timeline.isascii():
                key = _new(BoardKey, (int(timeline), turn))
            else:
                key = board_key(raw, field)   # not as the writer prints it: read it, or say why not
            self.keys[raw] = key
        return key

    def board(self, raw: Any, field: str, present: bool) -> Board:
        if type(raw) is not dict or not raw.keys() <= (_BOARD_FIELDS if present else _START_FIELDS) \
                or "board" not in raw or "units" not in raw:
            obj(raw, field, ("board", "units"), ("centres", "born") if present else ("centres",))
        key = self.board_key(raw.get("board"), f"{field}.board")
        texts = raw.get("units")
        if type(texts) is not list:
            listed(texts, f"{field}.units")
        try:
            units = self.texts.units(texts)
        except IndexedFault as e:
            raise Fault(f"{field}.units.{e.index}", str(e)) from None
        except ValueError as e:
            raise Fault(f"{field}.units", str(e)) from None
        try:
            centres = self.texts.centres(raw.get("centres", ""))
        except ValueError as e:
            raise Fault(f"{field}.centres", str(e)) from None
        if present and "born" in raw:
            self.save.born[key] = whole(raw["born"], f"{field}.born")
        return _new(Board, (key, MappingProxyType(units), centres))

    def order_list(self, texts: list, key: BoardKey, world: World, field: str) -> tuple[Order, ...] | Unread:
        """A board's orders. In a file its checksum vouches for (:attr:`lazy`) they are
        made when first asked for (:mod:`app.engine.lazy_orders`): each text is kept, and
        only the texts naming another board are read now (the order index needs them, and
        their places are checked from this board). Otherwise every order is made now, so
        that a damaged or edited file is refused at open, naming the field at fault."""
        reader = self.texts
        if not self.lazy:
            try:
                orders = reader.orders(texts, key)
            except IndexedFault as e:
                raise Fault(f"{field}.{e.index}", str(e)) from None
            self._listed[key] = texts
            return orders
        try:   # the bulk of a file: texts met before (looked up in C)
            own = list(map(reader.own_text.get, texts))
        except TypeError:   # a value that is no text (unhashable): said below
            own = [None] * len(texts)
        if None in own:
            try:
                for i, text in enumerate(texts):
                    if own[i] is None:
                        own[i] = reader.own(text)
            except ValueError as e:
                raise Fault(f"{field}.{i}", str(e)) from None
        own = tuple(own)
        far = reader.far
        names_far = not far.isdisjoint(own)
        if names_far:   # a place on another board: one that can be (not before year 1)
            for i, text in enumerate(own):
                if text in far:
                    try:
                        reader.templates[text](key)
                    except ValueError as e:
                        raise Fault(f"{field}.{i}", str(e)) from None
        unread = self._unread[key] = Unread(key, own, reader, names_far)
        return unread

    def index(self, keys: list[BoardKey], orders: dict, results: dict) -> tuple[Mapping, Mapping]:
        """``World.refs`` and ``World.incoming`` of the orders read lazily."""
        return lazy_index(keys, orders, results, self.texts)

    def result_list(self, codes: list, field: str) -> tuple[Result, ...]:
        try:
            return self.texts.results(codes)
        except IndexedFault as e:
            raise Fault(f"{field}.{e.index}", str(e)) from None

    def order(self, raw: Any, key: BoardKey, world: World, field: str) -> Order:
        try:
            return self.texts.order(raw, key) if type(raw) is str else self.texts.template(raw)(key)
        except ValueError as e:
            raise Fault(field, str(e)) from None

    def result(self, raw: Any, field: str) -> Result:
        try:
            return self.texts.result(raw)
        except ValueError as e:
            raise Fault(field, str(e)) from None

    def submission(self, texts: list, world: World, field: str) -> tuple[Order, ...] | UnreadSubmission:
        """A submission's orders, ``<board> <order>`` each; an order also stored in the
        world is the world's own object (read once, kept once). Made when first asked for
        in a file its checksum vouches for (see :meth:`order_list`)."""
        if self.lazy:
            pairs = self._quick_pairs(texts, field)
            if pairs is not None:
                return UnreadSubmission(pairs, self._unread, self.texts)
        pairs, keys = [], self.keys
        for t in texts:
            board, _, rest = t.partition(" ") if type(t) is str else ("", "", "")
            key = keys.get(board)
            if key is None or not rest:
                if not rest:
                    raise Fault(f"{field}.{len(pairs)}", "expected '<board> <order>', e.g. '1:S1901 Germany: A mun - tyr'")
                key = self.board_key(board, f"{field}.{len(pairs)}")
            pairs.append((key, rest))
        if self.lazy:
            reader = self.texts
            for i, (key, rest) in enumerate(pairs):
                try:
                    own = reader.own(rest)
                    if own in reader.far:
                        reader.templates[own](key)
                except ValueError as e:
                    raise Fault(f"{field}.{i}", str(e)) from None
                pairs[i] = (key, own)
            return UnreadSubmission(tuple(pairs), self._unread, reader)
        out, by_text = [], self._by_text
        for key, rest in pairs:
            known = by_text.get(key)
            if known is None:
                known = by_text[key] = dict(zip(self._listed.get(key, ()), world.orders.get(key, ())))
            o = known.get(rest)
            out.append(o if o is not None else self.order(rest, key, world, f"{field}.{len(out)}"))
        return tuple(out)


    def _quick_pairs(self, texts: list, field: str) -> tuple | None:
        """A submission's ``(board, text)`` pairs when every board and text was met before
        (the bulk of a file: looked up in C), those naming another board checked; else None."""
        try:
            split = list(map(str.partition, texts, repeat(" ")))
        except TypeError:   # a value that is no text
            return None
        keys = list(map(self.keys.get, map(itemgetter(0), split)))
        own = list(map(self.texts.own_text.get, map(itemgetter(2), split)))
        if None in keys or None in own:
            return None
        far = self.texts.far
        if not far.isdisjoint(own):
            templates = self.texts.templates
            for i, text in enumerate(own):
                if text in far:
                    try:
                        templates[text](keys[i])
                    except ValueError as e:
                        raise Fault(f"{field}.{i}", str(e)) from None
        return tuple(zip(keys, own))


_BOARD_FIELDS = frozenset({"board", "units", "centres", "born"})
_START_FIELDS = frozenset({"board", "units", "centres"})
