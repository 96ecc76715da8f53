"""The boards, orders and submissions of a save file in the current version (3): orders and
results as short texts relative to their board (:mod:`app.engine.notation.board_text`), one board,
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
from bisect import bisect_left
from itertools import repeat
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping

from ..notation.board_text import BoardTextReader, IndexedFault, centres_text, order_text, result_text
from ..rules.coords import BoardKey, Turn
from ..rules.homes import homes_fields, homes_json
from .lazy_orders import Unread, UnreadSubmission, lazy_index
from ..rules.orders import Order, Result
from .save_fields import (SAVE_FORMAT, SAVE_VERSION, Fault, board_key, kind_fields, listed, obj, whole,
                          world_kind_fields)
from ..rules.world import Board, Pause, World
from ..rules.world_delta import table_changes

if TYPE_CHECKING:
    from .save_fields import ReadingFile
    from .saved_game import SavedGame

_new = tuple.__new__


def _go_on() -> None:
    """No pause (see :class:`SaveWriter`)."""


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


def submission_text(orders: tuple[Order, ...], said=order_text) -> str:
    return _dump([f"{o.board} {said(o, o.board)}" for o in orders])


class SaveWriter:
    """Assembles the save text from pieces, and costs what changed since the last save.

    The text of every board, order list and submission of the last save is kept
    (``game.fragments``, shared with the game's snapshots) with the tables it was made
    from. The next save compares those tables with the present ones by identity (boards,
    order lists and results are immutable; :func:`~app.engine.rules.world_delta.table_changes`
    compares them in C) and makes the text of the keys that differ only: after one
    submission at 10,000 boards, a few hundred pieces instead of twenty thousand. That
    keeps the writer's thread from holding the interpreter lock for long, which the
    window's thread would wait for (it takes the lock for every event it hands to Python)."""

    def __init__(self, game: SavedGame, pause: Callable[[], None] | None = None):
        """``pause``: called between pieces of work (a worker thread may let the window's
        thread run there, see :class:`app.match.storage.Pacer`)."""
        self.game = game
        self.cache = game.fragments
        self.index = game.index
        self.pause = pause or _go_on
        self._said: dict[tuple[int, BoardKey], str] = {}
        _take_lines(self.cache, self.index, self.pause)

    def said(self, o: Order, k: BoardKey) -> str:
        """``order_text(o, k)``, made once per save: a new submission's orders are also
        the new order lists' (the same objects)."""
        name = (id(o), k)    # (the orders live as long as the save: their ids are theirs)
        text = self._said.get(name)
        if text is None:
            text = self._said[name] = order_text(o, k)
        return text

    def _board(self, w: World, born: Mapping) -> Callable[[BoardKey], str]:
        boards, pause = w.boards, self.pause

        def text(k: BoardKey) -> str:
            pause()
            d = board_json(boards[k])
            d["born"] = born[k]
            return _dump(d)
        return text

    def _orders(self, w: World) -> Callable[[BoardKey], str]:
        given, all_versions, said, pause = self.index.given, self.index.versions, self.said, self.pause

        def text(k: BoardKey) -> str:
            pause()
            versions = all_versions[k]
            given_at, since = given[k], versions[-1][0]
            parts = [f'{{"board":"{k}","given":{given_at},"orders":', _dump([said(o, k) for o in w.orders[k]]),
                     ',"results":', results_text(w.results[k])]
            if since != given_at:
                parts.append(f',"since":{since}')
            if len(versions) > 1:
                parts.append(',"versions":[' + ",".join(f"[{i},{results_text(rs)}]" for i, rs in versions[:-1]) + "]")
            return "".join(parts) + "}"
        return text

    def _submissions(self, kept: tuple) -> tuple[tuple[Any, str], ...]:
        """Each submission's (token, text): a submission not made since the file was read
        is recognised by its token without making it."""
        submissions = self.game.submissions
        out = []
        for i, token in enumerate(submissions.tokens()):
            hit = kept[i] if i < len(kept) else None
            if hit is None or hit[0] is not token:
                self.pause()
                hit = (token, submission_text(submissions[i], self.said))
            out.append(hit)
        return tuple(out)

    def _history(self, kept: Mapping) -> tuple[str, dict]:
        """The history's text, and each pause's text to keep (pauses never change)."""
        idx, pauses = self.index, {}
        for i, p in sorted(idx.pauses.items()):
            hit = kept.get(i)
            pauses[i] = hit if hit is not None and hit[0] is p else (p, _dump({"at": i, **pause_json(p)}))
        text = '{"counts":' + _dump(idx.counts) + ',"pauses":[' + ",".join(t for _, t in pauses.values()) + "]}"
        return text, pauses

    def _retreats(self, kept: Mapping) -> dict:
        """Each board's retreats as ``(retreats, when, text)``, by board in order: the
        text of a board's retreats is kept while they are the same object made at the
        same submissions."""
        w, retreat_at, out = self.game.world, self.index.retreat_at, {}
        for k in sorted(w.retreats):
            made, at = w.retreats[k], retreat_at[k]
            hit = kept.get(k)
            if hit is None or hit[0] is not made or hit[1] != at:
                self.pause()
                hit = (made, list(at), ",".join(_dump({"board": str(k), "order": order_text(o, k),
                                                        "result": result_text(r), "at": i})
                                                 for (o, r), i in zip(made, at)))
            out[k] = hit
        return out

    def text(self) -> str:
        return "".join(self.pieces())

    def pieces(self) -> list[str]:
        """The save text in pieces, to be written one after another (joined, a big world's
        text is one more copy of megabytes at the peak of every save)."""
        g, w, idx = self.game, self.game.world, self.index
        self.pause()
        last = self.cache.get(_SAVED) or _Saved()
        versions = idx.versions
        # The tables each piece is made from, as they are now (copied where the live index
        # changes them in place): compared with the last save's by identity.
        born, given = dict(idx.born), dict(idx.given)
        latest = dict(zip(versions, map(itemgetter(-1), versions.values())))
        boards = _Section.update(last.boards, (w.boards, born), self._board(w, born), self.pause)
        orders = _Section.update(last.orders, (w.orders, w.results, given, latest), self._orders(w), self.pause)
        submissions = self._submissions(last.submissions)
        history, pauses = self._history(last.pauses)
        homes = homes_json(g.start)
        head = _dump({"format": SAVE_FORMAT, "version": SAVE_VERSION, "variant": g.variant.ref,
                      "adjacency": g.adjacency, "seed": g.seed,
                      "start": [board_json(b) for b in sorted(g.start.boards.values(), key=lambda b: b.key)],
                      **({"home_centres": homes} if homes is not None else {}),
                      **kind_fields(g)})
        retreats = self._retreats(last.retreats)
        tail = '{"retreats":[' + ",".join(t for _, _, t in retreats.values() if t) + "]," + _dump({
            "parents": {str(t): (str(p) if p else None) for t, p in sorted(w.parents.items())},
            "starts": {str(t): str(turn) for t, turn in sorted(w.starts.items())},
            "pause": None if w.pause is None else pause_json(w.pause),
            "winner": w.winner,
            "submissions": w.submissions,
            **homes_fields(w),
            **world_kind_fields(w),
        })[1:]
        # The pieces are hashed a few hundred kilobytes at a time, never joined here: a save
        # of a big world is megabytes, and every whole copy of it adds to the peak.
        parts = [head[:-1], ',"submissions":[']
        _lines(parts, list(map(itemgetter(1), submissions)))
        parts.append('],"world":{"boards":[')
        _lines(parts, boards.texts)
        parts.append('],"orders":[')
        _lines(parts, orders.texts)
        parts += ["],", tail[1:], ',"history":', history, ',"meta":', _dump(g.meta), "}"]
        digest = hashlib.sha256()
        for i in range(0, len(parts), 256):   # a few hundred kilobytes at a time (the lock held as long)
            self.pause()
            digest.update("".join(parts[i:i + 256]).encode("utf-8"))
        parts[-1] = f',"checksum":"sha256:{digest.hexdigest()}"}}'   # the body's closing brace
        self.cache[_SAVED] = _Saved(boards, orders, submissions, pauses, retreats)   # (replaced whole: never changed in place)
        return parts


class _Section:
    """The pieces of one part of the last save (its boards, or its order lists): the keys
    in order, the text of each, and the tables the texts were made from. Never changed
    once made (a snapshot on another thread may be reading it). Lists, not a dict: handing
    the texts over in order costs no lookup of twenty thousand keys."""

    __slots__ = ("tables", "keys", "texts")

    def __init__(self, tables: tuple[Mapping, ...], keys: list[BoardKey], texts: list[str]):
        self.tables = tables      # the first one's keys are the section's keys
        self.keys = keys          # sorted
        self.texts = texts        # the text of each key, in the same order

    @classmethod
    def update(cls, last: "_Section | None", tables: tuple[Mapping, ...],
               make: Callable[[BoardKey], str], pause: Callable[[], None] = _go_on) -> "_Section":
        """This section for ``tables``: ``last``'s texts where no table's value for the key
        is another object than it was, ``make(key)`` for the others."""
        present = tables[0]
        if last is None:
            keys = sorted(present)
            return cls(tables, keys, list(map(make, keys)))
        dirty: set = set()
        for old, new in zip(last.tables, tables):
            pause()
            changed, added, removed = table_changes(old, new, remember=False)
            dirty.update(changed, added, removed)
        keys, texts = last.keys, list(last.texts)
        copied = False
        for k in sorted(dirty):
            i = bisect_left(keys, k)
            there = i < len(keys) and keys[i] == k
            if k in present:
                if there:
                    texts[i] = make(k)
                    continue
                if not copied:
                    keys, copied = list(keys), True
                keys.insert(i, k)
                texts.insert(i, make(k))
            elif there:
                if not copied:
                    keys, copied = list(keys), True
                del keys[i], texts[i]
        if len(keys) != len(present):   # keys the last save had no text for (see _take_lines)
            known = dict(zip(keys, texts))
            keys = sorted(present)
            texts = [known[k] if k in known else make(k) for k in keys]
        return cls(tables, keys, texts)


class _Saved:
    """What the last save made (see :class:`SaveWriter`); never changed once made."""

    __slots__ = ("boards", "orders", "submissions", "pauses", "retreats")

    def __init__(self, boards: _Section | None = None, orders: _Section | None = None,
                 submissions: tuple[tuple[Any, str], ...] = (), pauses: Mapping[int, tuple[Pause, str]] | None = None,
                 retreats: Mapping[BoardKey, tuple] | None = None):
        self.boards, self.orders = boards, orders
        self.submissions = submissions      # (token, text) of each submission
        self.pauses = pauses or {}          # (pause, text) by the index of its world
        self.retreats = retreats or {}      # (retreats, when, text) by board (SaveWriter._retreats)


_SAVED = ("saved",)   # the writer's cache entry for what the last save made


def kept_texts(game: SavedGame) -> dict[str, set]:
    """The keys whose text the writer keeps for the next save: ``board`` and ``orders``
    (board keys) and ``submission`` (indices)."""
    saved = game.fragments.get(_SAVED) or _Saved()
    return {"board": set(saved.boards.keys) if saved.boards else set(),
            "orders": set(saved.orders.keys) if saved.orders else set(),
            "submission": set(range(len(saved.submissions)))}


def _lines(parts: list[str], pieces: list[str]) -> None:
    """Append ``pieces`` to ``parts``, one to a line, with commas between (in C: twenty
    thousand pieces in a fraction of a millisecond)."""
    if pieces:
        block = [",\n"] * (2 * len(pieces))
        block[0] = "\n"
        block[1::2] = pieces
        parts += block
    parts.append("\n")


_FILE = ("file",)   # the writer's cache entry for the text of the file the game was opened from


def keep_lines(game: SavedGame, text: str) -> None:
    """Let the writer reuse the lines of a file that its checksum vouches for (each is
    exactly what the writer made of its piece), so that the first save after opening only
    writes what changed. The text is split at that first save, not while opening (an
    autosave does it off the window's thread)."""
    game.fragments[_FILE] = (text, game.world, game.submissions.tokens())


def _split_lines(text: str, pause: Callable[[], None] = _go_on) -> list[str]:
    """The text's lines without the commas that end them, split a slice at a time (a text
    of megabytes split at once would hold the interpreter lock as long: the window waits)."""
    lines: list[str] = []
    start = 0
    while True:
        cut = text.find("\n", start + _SPLIT_SLICE)
        if cut < 0:
            lines += text[start:].split("\n")
            break
        lines += text[start:cut].split("\n")
        start = cut + 1
        pause()
    return [line[:-1] if line[-1:] == "," else line for line in lines]


_SPLIT_SLICE = 256 * 1024


def _take_lines(cache: dict, index, pause: Callable[[], None] = _go_on) -> None:
    """Turn a kept file text into the writer's pieces, for the world the file held (a piece
    of a board or order list since changed is never reused: the tables it was made from are
    compared as after any save). Does nothing if the lines are not laid out as the writer
    lays them out."""
    kept = cache.pop(_FILE, None)
    if kept is None:
        return
    text, w, submissions = kept
    lines = _split_lines(text, pause)
    n_sub, n_boards, n_orders = len(submissions), len(w.boards), len(w.orders)   # one line each
    at_boards = 2 + n_sub
    at_orders = at_boards + 1 + n_boards
    if len(lines) < at_orders + n_orders + 1 or lines[at_boards - 1] != '],"world":{"boards":[' \
            or lines[at_orders - 1] != '],"orders":[' or not lines[at_orders + n_orders].startswith("],"):
        return
    born, versions, given = index.born, index.versions, index.given
    # a board undone since is not kept (its key may be another board's now)
    board_keys = sorted(w.boards)
    boards = {k: t for k, t in zip(board_keys, lines[at_boards:at_boards + n_boards]) if k in born}
    order_keys = sorted(w.orders)
    orders = {k: t for k, t in zip(order_keys, lines[at_orders:at_orders + n_orders]) if k in versions and k in given}
    latest = {k: versions[k][-1] for k in orders}
    cache[_SAVED] = _Saved(
        _Section((w.boards, dict(born)), list(boards), list(boards.values())),
        _Section((w.orders, w.results, dict(given), latest), list(orders), list(orders.values())),
        tuple(zip(submissions, lines[1:1 + n_sub])))


# -- reading -------------------------------------------------------------------------------


class CompactParts:
    """Reads the parts of a version-3 file (see :mod:`app.engine.notation.board_text`)."""

    def __init__(self, save: ReadingFile):
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
        made when first asked for (:mod:`app.engine.saves.lazy_orders`): each text is kept, and
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
