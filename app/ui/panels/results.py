"""What became of the orders: the last submission's failed and invalid orders with the
engine's reason (click one to go to its board), and :func:`orders_at` for the tooltip of a
unit on any board, past boards included."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from app.engine.coords import BoardKey
from app.engine.notation import format_order
from app.engine.world import World

from ..guard import guarded

STATUS_WORDS = {"succeeds": "succeeded", "fails": "failed", "invalid": "invalid"}


def _province(order) -> str | None:
    place = getattr(order, "unit", None) or getattr(order, "at", None)
    return place.loc.split("/")[0] if place is not None else None


def orders_at(world: World, key: BoardKey, province: str) -> list[str]:
    """Each order given on board ``key`` to the unit in (or build at) ``province``, with its
    status and the engine's reason: ``"A vie - bud: failed (bounced with …)"``."""
    given = list(zip(world.orders.get(key, ()), world.results.get(key, ())))
    given += list(world.retreats.get(key, ()))
    lines = []
    for order, result in given:
        if _province(order) != province:
            continue
        status = STATUS_WORDS.get(result.status, result.status)
        lines.append(f"{format_order(order)}: {status}" + (f" ({result.reason})" if result.reason else ""))
    return lines


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
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setSpacing(2)
        self.list.setToolTip("Click a result to go to its board")
        self.list.itemClicked.connect(self._clicked)
        self.list.itemActivated.connect(self._clicked)
        lay.addWidget(self.list, 1)
        self.clear()

    def clear(self, text: str = "No submission yet: results appear here after one.") -> None:
        self.list.clear()
        self.title.setText(text)

    def set_results(self, number: int, pairs) -> None:
        """``pairs``: (order, Result) of submission ``number``, in the order given."""
        self.list.clear()
        bad = [(o, r) for o, r in pairs if r.status != "succeeds"]
        total = len(list(pairs))
        self.title.setText(f"<b>Submission {number}</b>: {total - len(bad)} of {total} orders succeeded"
                           + (f", <b>{len(bad)}</b> failed or invalid:" if bad else "."))
        for order, result in bad:
            status = STATUS_WORDS.get(result.status, result.status)
            item = QListWidgetItem(f"{format_order(order)}\n    {status}: {result.reason or 'no reason given'}")
            item.setData(Qt.UserRole, order.board)
            item.setToolTip(f"{status}: {result.reason}\nClick to go to board {order.board}")
            self.list.addItem(item)

    @guarded
    def _clicked(self, item: QListWidgetItem) -> None:
        key = item.data(Qt.UserRole)
        if key is not None:
            self.goto.emit(key)
