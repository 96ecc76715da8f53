"""A game: the variant, its settings and the whole history of submissions.

>>> g = Game.new()
>>> report = g.submit_text(["A mun - tyr", "A vie - tri"])
>>> [str(k) for k in g.world.active_boards()]
['1:F1901']
>>> _ = g.undo(); [str(k) for k in g.world.active_boards()]
['1:S1901']

Past worlds are rebuilt from the present one without adjudicating
(:mod:`app.engine.rules.history`) and only the last few are kept, so a long session's memory
stays that of its present world; save files are written and read by
:mod:`app.engine.saves.savefile`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Callable

from .rules.extension import GameExtension
from .rules.history import HistoryIndex
from .saves.collector import collector_paused
from .saves.jsonfile import parse_json, read_text, write_text_atomic
from .saves.lazy_orders import Submissions
from .saves.replay_check import ReplayCheck, ReplayMismatch
from .notation.notation import parse_order
from .rules.orders import Order
from .saves.savefile import GameFileError, SaveReader, SaveWriter, world_to_json  # noqa: F401
from .rules.submission import Report, submit
from .variants.variant import Variant, load_variant
from .rules.world import World


# -- the game ------------------------------------------------------------------------------


class Game:
    """Settings plus history: world ``i`` is the world after the i-th submission (world 0
    the start), made by the orders ``submissions[i - 1]``. ``meta`` carries what the front
    end wants saved (mode, seats, names). Past worlds are rebuilt on demand from the present
    one (:meth:`world_at`); the :attr:`PAST_WORLDS_KEPT` last asked for are kept, and up to
    :attr:`CHECKPOINTS` evenly spaced ones met on the way, so that walking the history
    forwards costs a few steps back each (a world shares its boards and orders with its
    neighbours, but its own tables grow with the multiverse: a megabyte at 10,000 boards).

    A game of another kind may keep its own record between submissions in ``extension``
    (:class:`~app.engine.rules.extension.GameExtension`: the civilisations' accepted gifts,
    RULES.md §10): world ``i`` is then the world after submission ``i`` and what the record
    holds before the next. The game tells it of undo and redo, and replays it in its place."""

    PAST_WORLDS_KEPT = 8
    CHECKPOINTS = 16
    extension: GameExtension | None = None   # set by the game's kind when it records; kept by __init__
    replay_owed: ReplayCheck | None = None   # a file opened with its replay check for later (load)

    def __init__(self, variant: Variant, adjacency: str = "strict", seed: int = 0,
                 worlds: list[World] | None = None, submissions: list[tuple[Order, ...]] | None = None,
                 meta: dict[str, Any] | None = None, start: World | None = None):
        self.variant = variant
        self.adjacency = adjacency
        self.seed = seed
        # (a loaded game's are made when first asked for: app.engine.saves.lazy_orders)
        self.submissions: Submissions = submissions.copy() if isinstance(submissions, Submissions) \
            else Submissions(submissions or ())
        self.meta: dict[str, Any] = meta if meta is not None else {}
        worlds = list(worlds or [])
        self._start: World = start or worlds[0]
        self._present: World = worlds[-1] if worlds else self._start
        self._cache: dict[int, World] = {len(self.submissions): self._present}
        self._checkpoints: dict[int, World] = {}
        self.index: HistoryIndex | None = None
        if len(worlds) == len(self.submissions) + 1:
            self.index = HistoryIndex.starting(worlds[0])
            for before, after in zip(worlds, worlds[1:]):
                self.index.push(before, after)
            for i in range(max(0, len(worlds) - 1 - self.PAST_WORLDS_KEPT), len(worlds)):
                self._cache[i] = worlds[i]
        self.fragments: dict[Any, tuple] = {}   # the writer's reusable text (app.engine.saves.save_compact)

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
        return self._present

    @property
    def start(self) -> World:
        return self._start

    @property
    def worlds(self) -> list[World]:
        """Every world from the start to now (prefer :meth:`world_at` or :meth:`history`)."""
        return list(self.history())

    @worlds.setter
    def worlds(self, worlds: list[World]) -> None:
        """Replace the known worlds: all of them, or only the present one (the past is then
        rebuilt from the history index, or replayed if there is none)."""
        n = len(self.submissions)
        if len(worlds) == n + 1:
            self.__init__(self.variant, self.adjacency, self.seed, worlds, self.submissions, self.meta, worlds[0])
        elif len(worlds) == 1:
            self._present = worlds[0]
            self._cache = {n: worlds[0]}
            self._checkpoints = {}
        else:
            raise ValueError(f"{len(worlds)} worlds for {n} submissions")

    def parse(self, text: str) -> Order:
        """Read one order against the current world (raises NotationError)."""
        return self.world.resolve(parse_order(text, self.variant))

    def submit(self, orders: list[Order]) -> Report:
        report = submit(self.world, orders)
        self._push(tuple(orders), report.world)
        return report

    def submit_text(self, texts: list[str]) -> Report:
        return self.submit([self.parse(t) for t in texts])

    @property
    def calendar(self):
        """How this game names its turns (its kind's calendar, else the years)."""
        return self.world.calendar

    def change_present(self, world: World) -> None:
        """Replace the present world between submissions: the game's kind acting on it (a
        gift accepted, RULES.md §10), which it records in :attr:`extension`. Not a
        submission: it goes with the submission before it."""
        n = len(self.submissions)
        self._present = world
        self._cache[n] = world

    def can_undo(self) -> bool:
        return bool(self.submissions)

    def undo(self) -> tuple[tuple[Order, ...], World]:
        """Take back the last submission; returns its orders and the world it made (what
        :meth:`redo` takes to put it back without adjudicating again); what the game's
        kind recorded after it (gifts) is taken back with it, and comes back with :meth:`redo`."""
        if not self.submissions:
            raise IndexError("nothing to undo")
        n = len(self.submissions)
        undone = self._present
        before = self.world_at(n - 1)
        self.index.pop()
        self._cache.pop(n, None)
        self._checkpoints.pop(n, None)
        self._present = before
        if self.extension is not None:      # what was recorded since goes with the world it was made in
            self.extension.after_undo(n, undone)
        return self.submissions.pop(), undone

    def redo(self, orders: tuple[Order, ...], world: World) -> None:
        """Append a submission whose world is already known (an undone one, or one a front
        end adjudicated off its GUI thread from the present world)."""
        self._push(tuple(orders), world)
        if self.extension is not None:
            self.extension.after_redo(world)

    def _push(self, orders: tuple[Order, ...], world: World) -> None:
        self._ensure_index()
        self.index.push(self._present, world)
        self.submissions.append(orders)
        self._present = world
        self._keep(len(self.submissions), world)

    def world_at(self, i: int) -> World:
        """World ``i`` (0: the start; ``len(submissions)``: now), without adjudicating."""
        w = self._cache.get(i) or self._checkpoints.get(i)
        if w is not None:
            self._keep(i, w)
            return w
        n = len(self.submissions)
        if not 0 <= i <= n:
            raise IndexError(f"no world {i} (0 to {n})")
        self._ensure_index()
        j = min(k for k in (*self._cache, *self._checkpoints) if k > i)  # the present is always known
        w = self._cache.get(j) or self._checkpoints[j]
        spacing = max(8, -(-n // self.CHECKPOINTS))
        while j > i:
            w = self.index.step_back(w, j)
            j -= 1
            self._keep(j, w)
            if j % spacing == 0:
                self._checkpoint(j, w, spacing)
        return w

    def _keep(self, i: int, world: World) -> None:
        """Remember world ``i`` as the latest asked for; forget the least recent past world
        beyond :attr:`PAST_WORLDS_KEPT` (the present is always kept)."""
        cache = self._cache
        cache.pop(i, None)
        cache[i] = world
        if len(cache) > self.PAST_WORLDS_KEPT + 1:
            present = len(self.submissions)
            del cache[next(k for k in cache if k != present)]

    def _checkpoint(self, i: int, world: World, spacing: int) -> None:
        """Keep world ``i`` as a checkpoint: at most :attr:`CHECKPOINTS`, evenly spaced."""
        points = self._checkpoints
        points[i] = world
        if len(points) > self.CHECKPOINTS:
            for k in [k for k in points if k % spacing]:   # of an older, closer spacing
                del points[k]
            while len(points) > self.CHECKPOINTS:
                del points[min(points)]

    def history(self) -> "Sequence[World]":
        """Every world from the start to now, as a sequence that builds a world when it is
        first asked for (:meth:`world_at`)."""
        return _History(self)

    def _ensure_index(self) -> None:
        """Build the history index by replaying the game (a game made from a present world
        alone, e.g. by hand): once, and never for a game loaded from a save."""
        if self.index is not None:
            return
        worlds = replay(self._start, self.submissions, self.extension)
        self.__init__(self.variant, self.adjacency, self.seed, worlds, self.submissions, self.meta, self._start)

    def snapshot(self, meta: dict[str, Any] | None = None) -> "Game":
        """A copy to write from another thread while this game goes on: it shares the
        (immutable) worlds and the writer's reusable text, and copies what a submission or
        an undo changes (about a millisecond at 2000 boards)."""
        self._ensure_index()
        g = Game.__new__(Game)
        g.variant, g.adjacency, g.seed = self.variant, self.adjacency, self.seed
        g.submissions = self.submissions.copy()
        g.meta = dict(self.meta) if meta is None else meta
        g._start, g._present = self._start, self._present
        g._cache = {len(g.submissions): g._present}
        g._checkpoints = {}
        g.index = self.index.copy()
        g.fragments = self.fragments
        g.extension = self.extension.copy() if self.extension is not None else None
        return g

    # -- files -------------------------------------------------------------------------

    def dumps(self) -> str:
        """The save file's text (JSON). The text of boards and order lists, which never
        change once made, is kept between saves and reused."""
        self._ensure_index()
        return SaveWriter(self).text()

    def dump_pieces(self, pause: Callable[[], None] | None = None) -> list[str]:
        """The text of :meth:`dumps` in pieces, to be written one after another; ``pause``
        is called between pieces of the work (see :class:`SaveWriter`)."""
        self._ensure_index()
        return SaveWriter(self, pause).pieces()

    def to_json(self) -> dict[str, Any]:
        return json.loads(self.dumps())

    def save(self, path: str | Path) -> None:
        """Write the game atomically: a crash mid-write never leaves a broken file."""
        write_text_atomic(Path(path), self.dump_pieces())

    @classmethod
    def load(cls, path: str | Path, replay_later: bool = False) -> "Game":
        """Open a save file. Every fault (a missing, unreadable or damaged file, a wrong
        name or value in it, a stored world that its own submissions do not produce)
        raises :class:`GameFileError` naming the file and the field. ``replay_later``: a
        file its checksum vouches for opens at once, and the check that its submissions
        make its world is left to the caller (``game.replay_owed``, see
        :mod:`app.engine.saves.replay_check`); any other file is replayed now."""
        path = Path(path)
        # Loading makes ~10^5 objects that all live, acyclic: collections would be wasted,
        # and set aside after it the collector need never walk them (it would, in full, at
        # its next run: ~0.1 s on the first click after opening).
        with collector_paused(set_aside=True):
            text = read_text(path, GameFileError)
            # the parsed file is this call's own: the reader may let go of it as it reads
            game = cls.from_json(parse_json(text, str(path), GameFileError), str(path), text, _release=True,
                                 replay_later=True)
        if not replay_later:
            game._check_replay()
        return game

    @classmethod
    def from_json(cls, raw: Any, where: str = "save", text: str | None = None, *, _release: bool = False,
                  replay_later: bool = False) -> "Game":
        """A game from a save file's parsed JSON (left as it is); ``text`` (the file's
        text) lets an unchanged file be read lazily, and its replay check be left for
        later with ``replay_later`` (see :meth:`load`)."""
        try:
            game = SaveReader(raw, where, text, cls, release=_release).game()
        except GameFileError:
            raise
        except RecursionError:
            raise GameFileError(f"{where}: nested too deeply to be read") from None
        if not replay_later:
            game._check_replay()
        return game

    def _check_replay(self) -> None:
        """Run the replay check the game owes, if any; a mismatch is the file's fault."""
        check, self.replay_owed = self.replay_owed, None
        if check is not None:
            try:
                with collector_paused():   # what the replay makes dies as it goes (see saves.collector)
                    check.run()
            except ReplayMismatch as e:
                raise GameFileError(str(e)) from None


def replay(start: World, submissions: Sequence, extension: GameExtension | None) -> list[World]:
    """Every world of a game from its start, each submission made after what its kind
    recorded before it (the last world with what was recorded since the last submission)."""
    at = extension.replay_at if extension is not None else (lambda world, _: world)
    worlds = [at(start, 0)]
    for i, orders in enumerate(submissions, 1):
        worlds.append(at(submit(worlds[-1], list(orders)).world, i))
    return worlds


class _History(Sequence):
    def __init__(self, game: Game):
        self._game = game
        self._n = len(game.submissions) + 1

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._n))]
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(i)
        return self._game.world_at(i)
