"""The thrown-start window: throw, watch the clean-up, choose, judge, play it out.

A :class:`ThrownStartWindow` drives one :class:`app.winks.ThrownGame` (which decides every
rule) and a :class:`.board.ThrowBoard` (which draws). Phases on screen:

- **throwing** — the current player's pile lies on the table; click a stack to pick armies
  or fleets, then press anywhere and drag: the ring shows where the piece would stop
  without spread, the bar its strength; release to throw. The flight is animated from the
  frames the physics recorded.
- **clean-up** — the recorded steps play one by one, each with its caption (Skip jumps to
  the end).
- **choosing** — click a shared space (red), then the piece to keep; or an undecided piece
  (dashed footprint), then one of its highlighted candidates; or one button makes this turn's
  choice, or every choice left, at random.
- **judging** — each seat names a winner; all alike ends the game, otherwise "Play it out"
  hands a :class:`Game` at 1:F1901 to ``on_play_out`` (with a time per season, if chosen:
  :attr:`ThrownStartWindow.season_limit`).

Before the first throw the board may be turned a quarter turn on the table ("Turn the
board"); "Throw again" turns it once more, as the seed suggests, so that the same aim
lands on other provinces.
"""

from __future__ import annotations

import math
import random
import time
from typing import Callable, Sequence

from PySide6.QtCore import QEvent, QPointF, Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QFormLayout, QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout,
                               QWidget)

from app.engine import Game, province_of
from app.ui.guard import guarded
from app.winks.cleanup import Keep, Layout, Place, Step, place_name
from app.winks.physics import Landing, Throw, aim_at
from app.winks.session import ThrownGame, WinksError, next_rotation, thrown_game
from app.ui.table.new_game_options import DeadlineOption
from app.match.table.deadlines import SEASON_SUGGESTION

from .board import Drawn, ThrowBoard

STEP_MOVE_MS = 650      # a clean-up step's pieces slide for this long…
STEP_HOLD_MS = 1100     # …and the step stays on screen this long before the next


def _fan(n: int, k: int, r: float) -> tuple[float, float]:
    """Offset of the k-th of n pieces sharing a space, so that all of them show."""
    if n <= 1:
        return 0.0, 0.0
    a = 2 * math.pi * k / n - math.pi / 2
    d = r * (1.0 if n <= 3 else 1.25)
    return d * math.cos(a), d * math.sin(a)


class ThrownStartWindow(QWidget):
    """A self-contained window for one thrown start (see the module docstring)."""

    def __init__(self, nations: Sequence[str], seed: int = 0, variant: str = "standard",
                 on_play_out: Callable[[Game], None] | None = None, dark: bool | None = None,
                 adjacency: str = "strict", names: Sequence[str] | None = None, parent=None,
                 rotation: int = 0, season_limit: int | None = None):
        super().__init__(parent, Qt.Window)
        self.game = ThrownGame(nations, seed, variant, rotation)
        self._season_limit = season_limit
        self.adjacency = adjacency
        # hotseat: the players' names beside their nations (nation → name)
        self.names = dict(zip(self.game.nations, names)) if names else {}
        self.on_play_out = on_play_out
        self.setWindowTitle("Thrown pieces — 5D Diplomacy")
        if dark is None:
            dark = self.palette().window().color().lightness() < 128
        self.board = ThrowBoard(self.game.variant, self.game.table, dark)
        self.chosen_type = "A"
        self.flight: Landing | None = None
        self.anim_start = 0.0
        self.steps: list[Step] = []          # steps being played on screen
        self.step_index = 0
        self.prev_layout: Layout | None = None
        self.selection: tuple[str, object] | None = None   # ("space", prov) | ("piece", id)
        self.timer = QTimer(self)
        self.timer.setInterval(16)
        self.timer.timeout.connect(self._tick)
        self._build()
        self.board.pressed.connect(self._pressed)
        self.board.dragged.connect(self._dragged)
        self.board.released.connect(self._released)
        self._refresh()

    # -- layout -----------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 8, 8, 8)
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.RichText)
        self.caption.setMinimumHeight(44)
        # its size and margins set plainly, not by a style sheet: a label with a style sheet keeps
        # the text colour of the theme it was first shown in (Ctrl+T made it unreadable)
        font = self.caption.font()
        font.setPixelSize(14)
        self.caption.setFont(font)
        self.caption.setContentsMargins(8, 4, 8, 4)
        outer.addWidget(self.caption)
        row = QHBoxLayout()
        row.addWidget(self.board, 1)
        side = QVBoxLayout()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.RichText)
        self.status.setMinimumWidth(200)
        self.status.setMaximumWidth(240)
        side.addWidget(self.status)
        self.random_throw_btn = QPushButton("Throw at random")
        self.random_throw_btn.setToolTip("Throw the chosen piece at a random space its type may stand in")
        self.random_throw_btn.clicked.connect(self.throw_at_random)
        self.throw_all_btn = QPushButton("Throw all the rest")
        self.throw_all_btn.setToolTip("Every remaining piece of every player, thrown at random at once")
        self.throw_all_btn.clicked.connect(self.throw_all_at_random)
        self.skip_btn = QPushButton("Skip ▸▸")
        self.skip_btn.setToolTip("Show the end of the clean-up now")
        self.skip_btn.clicked.connect(self.skip)
        self.random_choice_btn = QPushButton("Choose this one at random")
        self.random_choice_btn.setToolTip("Make this player's choice at random")
        self.random_choice_btn.clicked.connect(self.choose_at_random)
        self.random_rest_btn = QPushButton("Choose all the rest at random")
        self.random_rest_btn.setToolTip("Every choice still to make, by every player, made at random at once")
        self.random_rest_btn.clicked.connect(self.choose_rest_at_random)
        self.turn_btn = QPushButton("Turn the board ⟳")
        self.turn_btn.setToolTip("Turn the board a quarter turn on the table (before the first throw):\n"
                                 "the same aim then lands on other provinces")
        self.turn_btn.clicked.connect(self.turn_board)
        for b in (self.random_throw_btn, self.throw_all_btn, self.turn_btn, self.skip_btn, self.random_choice_btn,
                  self.random_rest_btn):
            side.addWidget(b)
        self.judge_box = QFrame()
        form = QFormLayout(self.judge_box)
        form.setContentsMargins(0, 8, 0, 0)
        self.vote_boxes: list[QComboBox] = []
        for n in self.game.nations:
            cb = QComboBox()
            cb.addItems(list(self.game.nations))
            cb.setCurrentText(n)  # everyone names themselves until they think again
            self.vote_boxes.append(cb)
            form.addRow(f"{n} names:", cb)
        self.judge_btn = QPushButton("Judge")
        self.judge_btn.clicked.connect(self.judge)
        form.addRow(self.judge_btn)
        side.addWidget(self.judge_box)
        self.limit = DeadlineOption(suggested=self._season_limit or SEASON_SUGGESTION, label="Time per season")
        self.limit.box.setToolTip("A time limit for each seat's turn in every season of the play-out\n"
                                  "(the seed: \"5 minute deadlines\"). When it runs out, the orders are\n"
                                  "submitted as they stand.")
        if self._season_limit is None:
            self.limit.box.setCurrentIndex(0)
        side.addWidget(self.limit)
        self.play_btn = QPushButton("Play it out ▸")
        self.play_btn.setToolTip("Start a normal game from this position at Fall 1901, no centre owned; "
                                 "after every season the players judge again")
        self.play_btn.clicked.connect(self.play_out)
        side.addWidget(self.play_btn)
        self.again_btn = QPushButton("Throw again")
        self.again_btn.setToolTip("A new game of thrown pieces for the same nations (the next seed)")
        self.again_btn.clicked.connect(self.throw_again)
        side.addWidget(self.again_btn)
        side.addStretch(1)
        row.addLayout(side)
        outer.addLayout(row, 1)

    # -- state on screen --------------------------------------------------------------------------
    def _colour(self, nation: str) -> str:
        n = self.game.variant.nations.get(nation)
        return n.colour if n else "#777"

    def _nation_html(self, nation: str) -> str:
        who = f"{self.names[nation]} ({nation})" if nation in self.names else nation
        return f"<b style='color:{self._colour(nation)}'>{who}</b>"

    def _refresh(self) -> None:
        g = self.game
        phase = self.phase
        b = self.board
        self.random_throw_btn.setVisible(phase == "throwing")
        self.throw_all_btn.setVisible(phase == "throwing")
        self.skip_btn.setVisible(phase == "clean-up")
        self.random_choice_btn.setVisible(phase == "choosing")
        self.random_rest_btn.setVisible(phase == "choosing")
        self.judge_box.setVisible(phase in ("judging", "over"))
        self.judge_btn.setEnabled(phase == "judging")
        voted = len(g.votes) == len(g.nations)
        self.play_btn.setVisible(phase == "judging")
        self.play_btn.setEnabled(phase == "judging" and voted)
        self.limit.setVisible(phase == "judging")
        self.turn_btn.setVisible(phase == "throwing" and not g.throws)
        self.again_btn.setVisible(phase == "over")
        busy = self.flight is not None
        b.set_focus_board(phase != "throwing")
        self.random_throw_btn.setEnabled(not busy)
        self.throw_all_btn.setEnabled(not busy)
        if phase == "throwing":
            seat = g.thrower
            nation = g.nations[seat]
            pile = g.pile(seat)
            if pile[self.chosen_type] == 0:
                self.chosen_type = "F" if self.chosen_type == "A" else "A"
            b.pile = None if busy else (nation, pile, self.chosen_type)
            if busy:
                last = g.throws[-1]
                self.caption.setText(f"{self._nation_html(g.nations[last.seat])} throws "
                                     f"{'an army' if last.unit_type == 'A' else 'a fleet'}…")
            else:
                self.caption.setText(f"{self._nation_html(nation)} throws — click your armies or fleets, then "
                                     f"press and drag: the ring is where it would stop, the bar its strength. "
                                     f"Release to throw.")
            b.pieces = [Drawn(p.id, p.nation, p.type, p.x, p.y) for p in g.pieces()]
            b.resolved = b.shared = b.highlight = frozenset()
            return self._finish_refresh()
        b.pile = None
        if phase == "choosing":
            self._show_layout(g.layout)
            nation = g.nations[g.chooser]
            what = ("click a space holding several pieces (red), then the piece to keep; or a piece on a border "
                    "(dashed), then the space it goes to")
            if self.selection and self.selection[0] == "space":
                what = f"now click the piece to keep in {place_name(g.variant, self.selection[1])}"
            elif self.selection and self.selection[0] == "piece":
                what = "now click one of the highlighted spaces it may go to"
            self.caption.setText(f"Choosing: {self._nation_html(nation)}'s turn — {what}.")
        elif phase in ("judging", "over"):
            self._show_layout(g.layout)
            b.resolved = frozenset()  # settled: the board as it will be played, without the clean-up's marks
            if phase == "over":
                self.caption.setText(f"Everyone names {self._nation_html(g.winner)}: {g.winner} wins. "
                                     f"Throw again?")
            elif len(g.votes) == len(g.nations):
                self.caption.setText("No agreement on the winner — play it out, or judge again.")
            else:
                self.caption.setText("The position is settled. Who is winning? Each player names a nation, then Judge.")
        self._finish_refresh()

    def _finish_refresh(self) -> None:
        self.status.setText(self._status_html())
        self.board.update()

    @property
    def phase(self) -> str:
        """What the window shows: ``throwing``, ``clean-up`` (steps playing), ``choosing``,
        ``judging`` or ``over``."""
        if self.flight is not None:
            return "throwing"
        if self.steps and self.step_index < len(self.steps):
            return "clean-up"
        return self.game.phase

    def _status_html(self) -> str:
        g = self.game
        lines = []
        for s, n in enumerate(g.nations):
            pile = g.pile(s)
            on = sum(1 for p in (g.layout.pieces.values() if g.layout else g.pieces()) if p.nation == n)
            lines.append(f"{self._nation_html(n)}: {on} on the board, {pile['A'] + pile['F']} to throw")
        lines.append(f"<br>Lost off the board: {len(g.lost)}")
        lines.append(f"Seed {g.seed}" + (f" · board turned {g.rotation}°" if g.rotation else ""))
        return "<br>".join(lines)

    def _positions(self, layout: Layout) -> dict[int, tuple[float, float]]:
        geo = self.board.art.geo
        out: dict[int, tuple[float, float]] = {}
        for space, ids in layout.spaces().items():
            for k, i in enumerate(ids):
                loc = layout.placed[i]
                ax, ay = geo.unit_anchors.get(loc) or geo.unit_anchors.get(space) or geo.label_anchors.get(space, (0, 0))
                dx, dy = _fan(len(ids), k, self.game.table.radius * 1.3)
                out[i] = (ax + dx, ay + dy)
        for i in layout.options:
            p = layout.pieces[i]
            out[i] = (p.x, p.y)
        return out

    def _show_layout(self, layout: Layout, prev: Layout | None = None, t: float = 1.0) -> None:
        """Draw ``layout``; while a step plays, slide pieces from where ``prev`` had them
        and fade the removed ones (``t`` runs 0 → 1)."""
        now = self._positions(layout)
        before = self._positions(prev) if prev is not None else now
        drawn = []
        ease = t * t * (3 - 2 * t)
        for i, (x, y) in now.items():
            p = layout.pieces[i]
            x0, y0 = before.get(i, (x, y))
            drawn.append(Drawn(i, p.nation, p.type, x0 + (x - x0) * ease, y0 + (y - y0) * ease,
                               footprint=i in layout.options))
        if prev is not None and t < 1.0:
            for i in set(prev.pieces) - set(layout.pieces):
                p = prev.pieces[i]
                x, y = before[i]
                drawn.append(Drawn(i, p.nation, p.type, x, y, alpha=1.0 - ease))
        b = self.board
        b.pieces = drawn
        b.resolved = layout.resolved
        b.shared = frozenset(layout.shared())
        sel = self.selection
        b.selected_space = sel[1] if sel and sel[0] == "space" else None  # type: ignore[assignment]
        b.selected_piece = sel[1] if sel and sel[0] == "piece" else None  # type: ignore[assignment]
        if sel and sel[0] == "piece" and sel[1] in layout.options:
            b.highlight = frozenset(province_of(o) for o in layout.options[sel[1]])  # type: ignore[index]
        else:
            b.highlight = frozenset()

    # -- throwing -----------------------------------------------------------------------------
    def _pressed(self, pt: QPointF, button: int) -> None:
        if button != int(Qt.LeftButton.value):
            self.selection = None
            self.board.aim = None
            self._refresh()
            return
        phase = self.phase
        if phase == "throwing" and self.flight is None:
            for t in ("A", "F"):
                c = self.board.pile_point(t)
                if abs(pt.x() - c.x()) < 50 and abs(pt.y() - c.y()) < 45:
                    if self.game.pile(self.game.thrower)[t] > 0:
                        self.chosen_type = t
                    self._refresh()
                    return
            self._aim(pt)
        elif phase == "choosing":
            self.click_choice(self.board.table_to_map(pt))

    def _aim(self, pt: QPointF) -> None:
        throw = aim_at(self.game.table, (pt.x(), pt.y()))
        self.board.aim = (pt, throw.strength)
        self.board.update()

    def _dragged(self, pt: QPointF) -> None:
        if self.board.aim is not None and self.flight is None:
            self._aim(pt)

    def _released(self, pt: QPointF) -> None:
        if self.board.aim is None or self.flight is not None:
            return
        self.board.aim = None
        self.throw(self.chosen_type, aim_at(self.game.table, (pt.x(), pt.y())))

    def throw(self, unit_type: str, throw: Throw, animate: bool = True) -> Landing:
        """The current player throws; the flight is animated unless ``animate`` is off."""
        landing = self.game.throw(unit_type, throw, frames=animate)
        self.board.bounce = QPointF(*landing.bounce)
        if animate and landing.frames:
            self.flight = landing
            self.anim_start = time.perf_counter()
            self.timer.start()
            self._refresh()
        else:
            self._landed()
        return landing

    def throw_at_random(self) -> None:
        """Throw the chosen piece at a random space its type may stand in."""
        if self.game.phase != "throwing" or self.flight is not None:
            return
        self.throw(self.chosen_type, self._random_throw(self.chosen_type, self._rng("throw")))

    def _rng(self, what: str) -> random.Random:
        """A random source for the buttons that act at random, seeded from the game so that
        the same clicks give the same game."""
        g = self.game
        return random.Random(f"{g.seed}/ui/{what}/{len(g.throws)}/{len(g.choice_steps)}")

    def _random_throw(self, unit_type: str, rng: random.Random) -> Throw:
        v = self.game.variant
        geo = self.board.art.geo
        kinds = ("land", "coast") if unit_type == "A" else ("coast", "sea")
        provs = sorted(p for p in v.provinces if v.kind(p) in kinds and p in geo.unit_anchors)
        table = self.game.table
        return aim_at(table, table.to_table(*geo.unit_anchors[rng.choice(provs)]))

    def throw_all_at_random(self) -> None:
        """Every remaining piece of every player, thrown at random (no animation)."""
        rng = self._rng("throw-all")
        while self.game.phase == "throwing" and self.flight is None:
            pile = self.game.pile(self.game.thrower)
            t = rng.choice([k for k in ("A", "F") if pile[k] > 0])
            self.throw(t, self._random_throw(t, rng), animate=False)

    def flight_frame(self, elapsed: float) -> bool:
        """Show the flight ``elapsed`` seconds after release; False once it has landed."""
        landing = self.flight
        if landing is None:
            return False
        frames = landing.frames
        if elapsed >= frames[-1].t:
            self.flight = None
            self._landed()
            return False
        k = max(0, min(len(frames) - 1, int(elapsed * 60.0)))
        while k + 1 < len(frames) and frames[k + 1].t <= elapsed:
            k += 1
        while k > 0 and frames[k].t > elapsed:
            k -= 1
        to_map = self.game.table.to_map            # frames are in table units, pieces in map units
        moving = {pid: (*to_map(x, y), z) for pid, x, y, z in frames[k].pieces}
        drawn = []
        owners = self.game.owners
        for pid, (x, y) in self.game.resting.items():
            if pid not in moving:
                drawn.append(Drawn(pid, *owners[pid], x, y))
        for pid, (x, y, z) in moving.items():
            drawn.append(Drawn(pid, *owners[pid], x, y, z))
        self.board.pieces = drawn
        self.board.update()
        return True

    def _landed(self) -> None:
        if self.game.phase != "throwing" and not self.steps:
            self.steps = list(self.game.cleanup_steps)
            self.step_index = 0
            self.prev_layout = None
            self.board.bounce = None
            self.anim_start = time.perf_counter()
            self.timer.start()
        self._refresh()

    # -- clean-up playback -------------------------------------------------------------------------
    @guarded
    def _tick(self) -> None:
        elapsed = time.perf_counter() - self.anim_start
        if self.flight is not None:
            self.flight_frame(elapsed)
        elif self.phase == "clean-up":
            self.step_frame(elapsed)
        else:
            self.timer.stop()

    def step_frame(self, elapsed: float) -> None:
        """Show the current clean-up step ``elapsed`` seconds after it started."""
        step = self.steps[self.step_index]
        prev = self.prev_layout if self.prev_layout is not None else self._start_layout()
        t = min(1.0, elapsed * 1000 / STEP_MOVE_MS)
        self._show_layout(step.after, prev, t)
        self.caption.setText(f"<b>Clean-up</b> ({self.step_index + 1}/{len(self.steps)}) — {step.caption}")
        self.status.setText(self._status_html())
        self.board.update()
        if elapsed * 1000 >= STEP_MOVE_MS + STEP_HOLD_MS:
            self.prev_layout = step.after
            self.step_index += 1
            self.anim_start = time.perf_counter()
            if self.step_index >= len(self.steps):
                self.timer.stop()
                self._refresh()

    def _start_layout(self) -> Layout:
        """The pieces as they lay before the first step: every one where it came to rest."""
        pieces = self.game.pieces()
        return Layout({p.id: p for p in pieces}, {}, {p.id: () for p in pieces})

    def skip(self) -> None:
        """Jump to the end of the steps playing."""
        if self.steps:
            self.step_index = len(self.steps)
            self.prev_layout = self.steps[-1].after
            self.timer.stop()
            self._refresh()

    # -- choosing ----------------------------------------------------------------------------------
    def _piece_at(self, pt: QPointF) -> int | None:
        r = self.game.table.radius
        best = None
        for d in self.board.pieces:
            dist = math.hypot(d.x - pt.x(), d.y - pt.y())
            if dist <= r * 1.2 and (best is None or dist < best[0]):
                best = (dist, d.id)
        return best[1] if best else None

    def click_choice(self, pt: QPointF) -> None:
        """A click during the choosing turns (see the module docstring)."""
        layout = self.game.layout
        if layout is None:
            return
        piece = self._piece_at(pt)
        prov = self.board.art.province_at(pt.x(), pt.y())
        sel = self.selection
        if sel and sel[0] == "space" and piece is not None and piece in layout.occupants(sel[1]):  # type: ignore[arg-type]
            self._make(Keep(sel[1], piece))  # type: ignore[arg-type]
            return
        if sel and sel[0] == "piece" and prov is not None:
            opts = layout.options.get(sel[1], ())  # type: ignore[call-overload]
            loc = next((o for o in opts if province_of(o) == prov), None)
            if loc is not None:
                self._make(Place(sel[1], loc))  # type: ignore[arg-type]
                return
        if piece is not None and piece in layout.options:
            self.selection = ("piece", piece)
        elif piece is not None and layout.placed.get(piece) and province_of(layout.placed[piece]) in layout.shared():
            self.selection = ("space", province_of(layout.placed[piece]))
        elif prov is not None and prov in layout.shared():
            self.selection = ("space", prov)
        else:
            self.selection = None
        self._refresh()

    def _make(self, choice) -> None:
        try:
            prev = self.game.layout
            steps = self.game.choose(choice)
        except WinksError as e:
            self.caption.setText(f"Not allowed: {e}")
            return
        self.selection = None
        self.steps, self.step_index, self.prev_layout = steps, 0, prev
        self.anim_start = time.perf_counter()
        self.timer.start()
        self._refresh()

    def choose_at_random(self) -> None:
        """This turn's choice, at random (the clean-up that follows it plays as usual)."""
        if self.game.phase == "choosing" and self.phase == "choosing":
            self._make(self._rng("choice").choice(self.game.options()))

    def choose_rest_at_random(self) -> None:
        """Every choice left, of every player, at random at once; the board shows the end."""
        if self.phase not in ("choosing", "clean-up") or self.game.phase != "choosing":
            return
        while self.game.phase == "choosing":
            self.game.choose(self._rng("choice").choice(self.game.options()))
        self.selection = None
        self.steps, self.step_index, self.prev_layout = [], 0, None
        self.timer.stop()
        self._refresh()

    # -- judging and playing out ---------------------------------------------------------------------
    def judge(self) -> None:
        for seat, cb in enumerate(self.vote_boxes):
            self.game.vote(seat, cb.currentText())
        self._refresh()

    @property
    def season_limit(self) -> int | None:
        """The time per seat turn chosen for the play-out's seasons (None: no limit)."""
        return self.limit.seconds()

    def turn_board(self) -> None:
        """Before the first throw: the board a quarter turn further round on the table."""
        g = self.game
        if g.throws or self.flight is not None:
            return
        self._new_game(g.seed, next_rotation(g.rotation))
        self._refresh()

    def _new_game(self, seed: int, rotation: int) -> None:
        g = self.game
        self.game = ThrownGame(g.nations, seed, g.variant, rotation)
        self.board.set_table(self.game.table)

    def throw_again(self) -> None:
        """Start over with the same nations and the next seed, the board turned a quarter
        turn (the seed: "rotating the board 90 degrees before you begin your next game")."""
        g = self.game
        self._new_game(g.seed + 1, next_rotation(g.rotation))
        self.steps, self.step_index, self.prev_layout = [], 0, None
        self.selection, self.flight = None, None
        self.board.bounce = None
        self.timer.stop()
        for seat, cb in enumerate(self.vote_boxes):
            cb.setCurrentText(g.nations[seat])
        self._refresh()

    def play_out(self) -> Game | None:
        """Hand the settled position, as a game at 1:F1901, to ``on_play_out``; close."""
        if self.game.phase != "judging" or len(self.game.votes) < len(self.game.nations):
            return None  # the players play it out only when they could not agree
        game = thrown_game(self.game, self.adjacency)
        if self.on_play_out is not None:
            self.on_play_out(game)
        self.close()
        return game

    @guarded
    def keyPressEvent(self, event) -> None:
        """Escape drops the aim or the selection."""
        if event.key() == Qt.Key_Escape and (self.board.aim is not None or self.selection is not None):
            self.board.aim = None
            self.selection = None
            self._refresh()
            return
        super().keyPressEvent(event)

    @guarded
    def changeEvent(self, event) -> None:
        """The theme changed (Ctrl+T in the main window): the table follows it."""
        if event.type() == QEvent.PaletteChange:
            self.board.set_dark(self.palette().window().color().lightness() < 128)
        super().changeEvent(event)

    @guarded
    def closeEvent(self, event) -> None:
        self.timer.stop()
        super().closeEvent(event)
