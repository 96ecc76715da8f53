"""What became of the orders: the failed and invalid orders of the submission the boards
show (the last one, or the one a replay shows), with the engine's reason (click one to go
to its board); :func:`orders_at` for the tooltip of a unit on any board, the active boards
included (the orders that put it there). Under fog of war everything is what the seat at
the table may see (:mod:`app.match.results`)."""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import QLabel, QListView, QVBoxLayout, QWidget

from app.engine import BoardKey, format_order, World, YEARS
from app.match.results import arrivals, predecessor, submission_results

from ..guard import guarded

STATUS_WORDS = {"succeeds": "succeeded", "fails": "failed", "invalid": "invalid", "pending": "waits"}


def _province(order) -> str | None:
    place = getattr(order, "unit", None) or getattr(order, "at", None)
    return place.loc.split("/")[0] if place is not None else None


def _line(order, result) -> str:
    status = STATUS_WORDS.get(result.status, result.status)
    return f"{format_order(order)}: {status}" + (f" ({result.reason})" if result.reason else "")


def orders_at(world: World, key: BoardKey, province: str) -> list[str]:
    """Each order given on board ``key`` to the unit in (or build at) ``province``, with its
    status and the engine's reason: ``"A vie - bud: failed (bounced with …)"``; and where
    none was given there yet (an active board), the orders on the board before that
    decided what stands there (:func:`app.match.results.arrivals`)."""
    given = list(zip(world.orders.get(key, ()), world.results.get(key, ())))
    given += list(world.retreats.get(key, ()))
    lines = [_line(order, result) for order, result in given if _province(order) == province]
    if not lines:
        came = arrivals(world, key, province)
        if came:
            lines = [f"On {predecessor(world, key)}:"] + ["  " + _line(o, r) for o, r in came]
    return lines


class ResultRows(QAbstractListModel):
    """The failed and invalid orders of a submission as a list model: a row's text is made
    when the list first asks for it (the rows on screen, and their heights as the list
    lays them out in batches), not for every row at once when the submission comes in.
    At 10,000 boards a submission has hundreds of them."""

    calendar = YEARS        # how boards are named (RULES.md §10: a civilisations game's dates)

    def __init__(self, parent=None):
        super().__init__(parent)
        self._pairs: list = []
        self._texts: list[str | None] = []

    def set_pairs(self, pairs: list) -> None:
        self.beginResetModel()
        self._pairs = pairs
        self._texts = [None] * len(pairs)
        self.endResetModel()

    @guarded(default=0)
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._pairs)

    def text(self, row: int) -> str:
        t = self._texts[row]
        if t is None:
            order, result = self._pairs[row]
            status = STATUS_WORDS.get(result.status, result.status)
            t = self._texts[row] = f"{format_order(order)}\n    {status}: {result.reason or 'no reason given'}"
        return t

    @guarded(default=None)
    def data(self, index: QModelIndex, role: int = Qt.DisplayRole):
        if role == _DISPLAY:
            return self.text(index.row())
        if role == _BOARD:
            return self._pairs[index.row()][0].board
        if role == _TIP:
            order = self._pairs[index.row()][0]      # the row whole, if the panel cut it
            return f"{self.text(index.row())}\nClick to go to board {self.calendar.board(order.board)}"
        return None


_DISPLAY, _TIP, _BOARD = int(Qt.DisplayRole.value), int(Qt.ToolTipRole.value), int(Qt.UserRole.value)


class ResultsPanel(QWidget):
    """The orders of the last submission that failed or were invalid, with their reasons."""

    goto = Signal(object)          # BoardKey

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.title = QLabel("")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.model = ResultRows(self)
        self.list = QListView()
        self.list.setModel(self.model)
        # Every row is two lines (the order; its status and reason), so all rows are one
        # height: the list lays out hundreds at once without measuring each (measuring
        # word-wrapped rows cost ~70 us a row, ~40 ms at 10,000 boards; laid out in
        # batches instead, the list stayed blank until the last batch). A row too long for
        # the panel: the list scrolls sideways, and the row's tooltip has it whole.
        self.list.setWordWrap(False)
        self.list.setUniformItemSizes(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(2)
        self.list.setEditTriggers(QListView.NoEditTriggers)
        self.list.setToolTip("Click a result to go to its board")
        self.list.clicked.connect(self._clicked)
        self.list.activated.connect(self._clicked)
        lay.addWidget(self.list, 1)
        self.clear()

    def clear(self, text: str = "No submission yet: results appear here after one.") -> None:
        self.model.set_pairs([])
        self.title.setText(text)

    def rows(self) -> list[str]:
        """Every row's text, as the list shows it."""
        return [self.model.text(i) for i in range(self.model.rowCount())]

    def set_results(self, number: int, pairs, seen_by: str | None = None) -> None:
        """``pairs``: (order, Result) of submission ``number``, in the order given;
        ``seen_by``: the seat whose sight they are (fog of war)."""
        pairs = list(pairs)
        bad = [(o, r) for o, r in pairs if r.status in ("fails", "invalid")]
        # a Winter order given as the world stopped for retreats has no result yet: listed, not as a failure
        waiting = [(o, r) for o, r in pairs if r.status == "pending"]
        total = len(pairs)
        seen = f" (the orders {seen_by} sees)" if seen_by else ""
        parts = [f"<b>{len(bad)}</b> failed or invalid"] if bad else []
        if waiting:
            parts.append(f"<b>{len(waiting)}</b> wait{'s' if len(waiting) == 1 else ''} for the retreats")
        self.title.setText(f"<b>Submission {number}</b>{seen}: {total - len(bad) - len(waiting)} of {total} "
                           f"orders succeeded" + (", " + ", ".join(parts) + ":" if parts else "."))
        self.model.set_pairs(bad + waiting)

    @guarded
    def _clicked(self, index: QModelIndex) -> None:
        key = index.data(Qt.UserRole) if index.isValid() else None
        if key is not None:
            self.goto.emit(key)


class ResultsFollower:
    """Keeps the window's Results list on the submission its boards show (the present's
    last one, or the replay's), as the seat at the table may see it: after a submission, an
    undo, a reopened game, a history move, and when the hotseat curtain goes up or down."""

    def __init__(self, panel: ResultsPanel, match: Callable[[], object], replay_index: Callable[[], int | None],
                 fog_nations: Callable[[], tuple[str, ...] | None], seat: Callable[[], int | None],
                 busy: Callable[[], bool]):
        """``panel``: the list; the rest, each called when needed: the match shown, the
        submission the history slider shows (None: the present), whose sight the boards are
        drawn in, the seat at the table, whether an adjudication is running."""
        self.panel = panel
        self.match, self.replay_index, self.fog_nations, self.seat, self.busy = match, replay_index, fog_nations, seat, busy
        self.shown: tuple | None = None          # what the list shows: (match, submission, sight, count)

    def _wanted(self) -> tuple:
        m, index = self.match(), self.replay_index()
        n = len(m.game.submissions)
        return (id(m), n if index is None else index, self.fog_nations(), n)

    def update(self) -> None:
        """Show what the boards show now, unless the list shows it already."""
        m = self.match()
        if m is None or self.busy():
            return
        wanted = self._wanted()
        if wanted == self.shown:
            return
        self.shown = wanted
        _, i, fog, n = wanted
        panel = self.panel
        if fog == ():
            panel.clear("Fog of war: the results show when a seat is at the table.")
        elif i <= 0:
            panel.clear("The start of the game: no submission yet." if n else
                        "No submission yet: results appear here after one.")
        else:
            # whose sight: the seat at the table (fog of war), or the nation a sandbox views as
            seen_by = None if fog is None else m.seats[self.seat()].name if m.fog else fog[0]
            panel.set_results(i, submission_results(m.game, i, fog), seen_by)

    def submitted(self, pairs, number: int | None = None, seen_by: str | None = None) -> None:
        """The submission just made, from its own orders and results (no fog: everything
        is public, and the report has it all). ``number`` and ``seen_by``: a round a
        server adjudicated (app/ui/net), as the seat sees it."""
        self.shown = self._wanted()
        self.panel.set_results(len(self.match().game.submissions) if number is None else number, pairs, seen_by)

    def forget(self) -> None:
        """The list is cleared (the curtain came down): shown again at the next update."""
        self.shown = None
        self.panel.clear("")
