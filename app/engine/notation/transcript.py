"""A game's orders and results as text, submission by submission, in our notation.

Each order line is printed by :func:`app.engine.notation.notation.format_order`, so the part before
``  # `` parses back (:func:`~app.engine.notation.notation.parse_order`) to the order that was
given; after it comes the outcome and the engine's reason::

    == Submission 1: Spring 1901 (orders) ==
    -- 1:S1901 --
    Germany: A 1:mun:S1901 - 1:tyr:S1901  # fails: bounced at 1:tyr:S1901
    France: F 1:bre:S1901 - 1:mun:S1901  # invalid: a fleet cannot move inland
    Austria: A 1:bud:S1901 H  # succeeds (no order given: holds)
    New boards: 1:F1901

In 5D an order's result can change after it was given (an attack from the future cuts a
past support): the outcome printed is the one the game holds now, followed by
``(at first: …)`` when it was different right after its own submission (an order still
pending then, waiting for retreats, is not marked).

Orders and retreats are read from the worlds of the game (the boards given at each
submission, :class:`~app.engine.rules.history.HistoryIndex`), so ``view`` — a function from a
world to what the reader may see of it, e.g. a seat's fog of war
(:meth:`app.match.Match.view_for`) — decides what is written: an order the view hides is
never printed. Orders that were never stored on a board (refused for a board that was not
active) are printed from the submission itself, and only those of ``own`` nations.
Pending orders are not part of a game and are never written.

>>> from app.engine.game import Game
>>> g = Game.new(); _ = g.submit_text(["A mun - tyr", "A vie - tyr"])
>>> text = format_transcript(g)
>>> [line for line in text.splitlines() if "tyr" in line]
['Germany: A 1:mun:S1901 - 1:tyr:S1901  # fails: bounced at 1:tyr:S1901', \
'Austria: A 1:vie:S1901 - 1:tyr:S1901  # fails: bounced at 1:tyr:S1901']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Iterable

from ..rules.coords import BoardKey
from ..game import Game
from .notation import format_order
from ..rules.orders import Order, Result
from ..rules.validation import check
from ..rules.world import World

View = Callable[[World], World]
SEPARATOR = "  # "
"""Between an order and its outcome on a line (the order's text never holds it)."""

_REPEAT_REASON = "repeats an earlier order, which counts once"


@dataclass(frozen=True)
class Line:
    """One order and what became of it: ``result`` now; ``first`` right after its own
    submission when that was different (else None); ``default`` for a hold the engine
    gave a unit that had no order."""

    order: Order
    result: Result
    first: Result | None = None
    default: bool = False

    def text(self) -> str:
        r = self.result
        out = format_order(self.order, with_nation=bool(getattr(self.order, "nation", ""))) + SEPARATOR + _outcome(r)
        if self.default:
            out += " (no order given: holds)"
        if self.first is not None:
            out += f" (at first: {_outcome(self.first)})"
        return out


@dataclass(frozen=True)
class Step:
    """One submission: its number (1 = the first), what the world waited for
    (``orders`` or ``retreats``), the orders it gave board by board, the orders it
    refused that no board holds, and the boards it made."""

    number: int
    phase: str
    boards: tuple[tuple[BoardKey, tuple[Line, ...]], ...]
    refused: tuple[Line, ...]
    new_boards: tuple[BoardKey, ...]
    new_timelines: tuple[tuple[int, BoardKey | None], ...]


def _outcome(r: Result) -> str:
    return f"{r.status}: {r.reason}" if r.reason else r.status


def transcript(game: Game, view: View | None = None, own: Collection[str] | None = None) -> list[Step]:
    """The game's submissions as :class:`Step` s, each world seen through ``view``
    (default: everything); refused orders no board holds are listed for ``own`` nations
    only (default: all of them when ``view`` is None, none otherwise)."""
    return _steps(game, range(1, len(game.submissions) + 1), view, own)


def step_at(game: Game, number: int, view: View | None = None, own: Collection[str] | None = None) -> Step:
    """Submission ``number`` alone (1 = the first), as :func:`transcript` gives it."""
    if not 1 <= number <= len(game.submissions):
        raise IndexError(f"no submission {number} (1 to {len(game.submissions)})")
    return _steps(game, range(number, number + 1), view, own)[0]


def _steps(game: Game, numbers: range, view: View | None, own: Collection[str] | None) -> list[Step]:
    see: View = view or (lambda w: w)
    if own is None and view is not None:
        own = ()
    own = frozenset(own) if own is not None else None
    if not numbers:
        return []
    game._ensure_index()      # a game made from a present world alone: replayed once
    idx = game.index
    wanted = set(numbers)
    given: dict[int, list[BoardKey]] = {}
    for k, i in idx.given.items():
        if i in wanted:
            given.setdefault(i, []).append(k)
    retreated: dict[int, list[tuple[BoardKey, int]]] = {}
    for k, at in idx.retreat_at.items():
        for j, i in enumerate(at):
            if i in wanted:
                retreated.setdefault(i, []).append((k, j))
    born: dict[int, list[BoardKey]] = {}
    for k, i in idx.born.items():
        if i in wanted:
            born.setdefault(i, []).append(k)
    present = see(game.world)
    steps = []
    before = see(game.world_at(numbers[0] - 1))
    for i in numbers:
        after = see(game.world_at(i))
        submitted = game.submissions[i - 1]
        steps.append(_step(i, before, after, present, submitted, sorted(given.get(i, ())),
                           sorted(retreated.get(i, ())), sorted(born.get(i, ())), own))
        before = after
    return steps


def _step(i: int, before: World, after: World, present: World, submitted: tuple[Order, ...],
          given: list[BoardKey], retreated: list[tuple[BoardKey, int]], born: list[BoardKey],
          own: frozenset[str] | None) -> Step:
    sent = set(submitted)
    stored: set[Order] = set()
    boards: list[tuple[BoardKey, tuple[Line, ...]]] = []
    for k in given:
        orders = after.orders.get(k, ())
        then = after.results.get(k, ())
        # matched by order, not by place: a view may show a board's orders differently now
        now = dict(zip(present.orders.get(k, ()), present.results.get(k, ())))
        lines = []
        for o, r0 in zip(orders, then):
            stored.add(o)
            r = now.get(o, r0)
            lines.append(Line(o, r, r0 if _differs(r0, r) and r0.status != "pending" else None,
                              default=o.kind == "hold" and o not in sent))
        if lines:
            boards.append((k, tuple(lines)))
    by_board: dict[BoardKey, list[Line]] = {}
    for k, j in retreated:
        entries = after.retreats.get(k, ())
        if j < len(entries):    # a view hides the retreats of units its seat does not see
            o, r = entries[j]
            stored.add(o)
            by_board.setdefault(k, []).append(Line(o, r))
    boards.extend((k, tuple(v)) for k, v in sorted(by_board.items()))
    refused = []
    seen_repeat: set[Order] = set()
    for o in submitted:
        if o in stored:
            if o in seen_repeat:
                refused.append(Line(o, Result("fails", _REPEAT_REASON)))
            seen_repeat.add(o)
            continue
        if own is not None and getattr(o, "nation", None) not in own:
            continue
        normal, reason = check(before, o)
        if reason is None and normal in stored:
            continue
        refused.append(Line(o, Result("invalid", reason or "not taken")))
    timelines = tuple((k.timeline, after.parents.get(k.timeline)) for k in born
                      if after.starts.get(k.timeline) == k.turn)
    return Step(i, "retreats" if before.pause is not None else "orders", tuple(boards), tuple(refused),
                tuple(born), timelines)


def _differs(a: Result, b: Result) -> bool:
    return a.status != b.status or a.reason != b.reason


def _turns(keys: Iterable[BoardKey]) -> str:
    return ", ".join(t.title for t in sorted({k.turn for k in keys}))


def format_steps(steps: Iterable[Step]) -> list[str]:
    """The lines of the transcript body (see the module docstring)."""
    out: list[str] = []
    for s in steps:
        keys = [k for k, _ in s.boards]
        when = _turns(keys)
        out.append(f"== Submission {s.number}: {when or 'no orders'} ({s.phase}) ==")
        for k, lines in s.boards:
            out.append(f"-- {k} --")
            out.extend(line.text() for line in lines)
        if s.refused:
            out.append("-- refused, on no board --")
            out.extend(line.text() for line in s.refused)
        if s.new_boards:
            out.append("New boards: " + ", ".join(str(k) for k in s.new_boards))
        for t, parent in s.new_timelines:
            if parent is not None:
                out.append(f"New timeline {t}, branching from {parent}")
        out.append("")
    return out


def format_transcript(game: Game, view: View | None = None, own: Collection[str] | None = None,
                      heading: Iterable[str] = ()) -> str:
    """The whole transcript as text: a heading (``#`` lines), then every submission."""
    w = game.world
    head = ["# 5D Diplomacy: orders and results, turn by turn",
            f"# Variant: {game.variant.title}; {game.adjacency} adjacency; seed {game.seed}",
            f"# {len(game.submissions)} submission{'s' if len(game.submissions) != 1 else ''}; "
            f"{len(w.boards)} boards, {len(w.timelines)} timeline{'s' if len(w.timelines) != 1 else ''}",
            *(f"# {h}" for h in heading),
            "# Each order line is in the game's notation; after '#' its outcome and the engine's reason.",
            ""]
    body = format_steps(transcript(game, view, own))
    tail = [f"# {w.winner} wins."] if w.winner else []
    return "\n".join(head + body + tail).rstrip("\n") + "\n"


__all__ = ["Line", "Step", "transcript", "step_at", "format_steps", "format_transcript", "SEPARATOR"]
