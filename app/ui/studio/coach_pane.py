"""The Coach tab's widgets: the button, the orders with their reasons, the evaluation bars.

It decides nothing and holds no window: it shows what :class:`app.ui.studio.coach.Coach`
gives it and speaks by signals (the model: :mod:`app.ui.panels.orders`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QGridLayout, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QProgressBar, QPushButton, QScrollArea, QVBoxLayout, QWidget)

from ..message_label import MessageLabel

ALL = ""    # the nation box's entry for every nation the seat plays

IDLE_TEXT = ("What would the Hard computer order for you here? Press the button: its orders, each with "
             "what it gains or saves, and how each nation stands on each timeline.")


class CoachPane(QWidget):
    ask = Signal(str)            # the nation asked about (ALL: every one the seat plays)
    cancel = Signal()
    use = Signal()               # enter the coach's orders as the seat's pending orders
    keep = Signal()              # keep the drawn plan as the seat's own plans
    clear = Signal()
    goto = Signal(object)        # BoardKey: an order's board

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        top = QHBoxLayout()
        self.nations = QComboBox()
        self.nations.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.nations.setMinimumContentsLength(6)
        self.nations.setToolTip("The nation (of those you play) the coach advises")
        self.ask_button = QPushButton("What would Hard do?")
        self.ask_button.setToolTip("The Hard computer's orders for your nation here, each with its reason, "
                                   "drawn on the boards as a plan (never entered unless you ask)")
        self.ask_button.clicked.connect(lambda: self.ask.emit(self.nations.currentData() or ALL))
        top.addWidget(self.nations, 1)
        top.addWidget(self.ask_button)
        lay.addLayout(top)
        running = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setRange(0, 100)
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.clicked.connect(self.cancel)
        running.addWidget(self.progress, 1)
        running.addWidget(self.cancel_button)
        lay.addLayout(running)
        # everything the advice says scrolls together: the side panel is short at 768 pixels
        body = QWidget()
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        self.note = MessageLabel(IDLE_TEXT)
        inner.addWidget(self.note)
        self.orders = QListWidget()
        self.orders.setWordWrap(True)
        self.orders.setAlternatingRowColors(True)
        self.orders.setMinimumHeight(150)
        self.orders.setToolTip("Click an order to go to its board")
        self.orders.itemClicked.connect(lambda item: self.goto.emit(item.data(Qt.UserRole)))
        inner.addWidget(self.orders, 1)
        buttons = QHBoxLayout()
        self.use_button = QPushButton("Use these orders")
        self.use_button.setToolTip("Enter the coach's orders for your units as pending orders (you may change them)")
        self.use_button.clicked.connect(self.use)
        self.keep_button = QPushButton("Keep as plans")
        self.keep_button.setToolTip("Keep the drawn plan as your own plans (in the colour chosen under Notes)")
        self.keep_button.clicked.connect(self.keep)
        self.clear_button = QPushButton("Clear")
        self.clear_button.clicked.connect(self.clear)
        for b in (self.use_button, self.keep_button):
            buttons.addWidget(b)
        inner.addLayout(buttons)
        clear_row = QHBoxLayout()             # (three buttons in a row are wider than the side panel)
        clear_row.addStretch(1)
        clear_row.addWidget(self.clear_button)
        inner.addLayout(clear_row)
        self.assumed = QLabel()
        self.assumed.setWordWrap(True)
        inner.addWidget(self.assumed)
        self.evaluation = QWidget()
        self.grid = QGridLayout(self.evaluation)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(2)
        inner.addWidget(self.evaluation)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        scroll.setFrameShape(QScrollArea.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)    # the texts wrap instead
        scroll.setMinimumHeight(40)       # the side panel's tabs share one height: this one asks little
        lay.addWidget(scroll, 1)
        self.bar_rows: list[tuple[QLabel, QProgressBar]] = []
        self.set_running(False, False)
        self.show_nothing(IDLE_TEXT)

    # -- what the coach shows -------------------------------------------------------------------
    def set_nations(self, nations: list[str]) -> None:
        """The nations the seat at the table plays (none: nobody is seated)."""
        current = self.nations.currentData()
        self.nations.blockSignals(True)
        self.nations.clear()
        for n in nations:
            self.nations.addItem(n, n)
        if len(nations) > 1:
            self.nations.addItem("All my nations", ALL)
        if current is not None and (i := self.nations.findData(current)) >= 0:
            self.nations.setCurrentIndex(i)
        self.nations.blockSignals(False)
        self.nations.setVisible(len(nations) > 1)

    def set_running(self, running: bool, can_ask: bool) -> None:
        self.progress.setVisible(running)
        self.cancel_button.setVisible(running)
        self.ask_button.setEnabled(can_ask and not running)
        self.nations.setEnabled(not running)
        if running:
            self.progress.setValue(0)

    def set_progress(self, percent: int, text: str) -> None:
        self.progress.setValue(percent)
        self.note.show_message(text)

    def show_nothing(self, text: str, tone: str = "plain") -> None:
        self.orders.clear()
        self.assumed.setText("")
        self._set_bars([], "")
        self.note.show_message(text, tone)
        for b in (self.use_button, self.keep_button, self.clear_button):
            b.setEnabled(False)

    def show_advice(self, heading: str, rows: list[tuple[str, str, object]], assumed: str,
                    bars: list[tuple[str, int, int, str]], meaning: str, can_use: bool) -> None:
        """``rows``: (order text, reason, board); ``bars``: (label, value, maximum, tooltip)."""
        self.note.show_message(heading)
        self.orders.clear()
        for text, reason, board in rows:
            item = QListWidgetItem(f"{text}\n    {reason}")
            item.setData(Qt.UserRole, board)
            item.setToolTip(f"{text}: {reason}")
            self.orders.addItem(item)
        self.assumed.setText(assumed)
        self._set_bars(bars, meaning)
        self.use_button.setEnabled(can_use and bool(rows))
        self.keep_button.setEnabled(bool(rows))
        self.clear_button.setEnabled(True)

    def _set_bars(self, bars: list[tuple[str, int, int, str]], meaning: str) -> None:
        while self.grid.count():
            w = self.grid.takeAt(0).widget()
            if w is not None:        # gone at once, not at the next event loop: nothing of a seat lingers
                w.hide()
                w.setParent(None)
                w.deleteLater()
        self.bar_rows = []
        if not bars and not meaning:
            return
        title = QLabel("<b>How each nation stands</b>")
        self.grid.addWidget(title, 0, 0, 1, 2)
        row = 1
        for label, value, maximum, tip in bars:
            text = QLabel(label)
            text.setWordWrap(True)
            text.setToolTip(tip)
            bar = QProgressBar()
            bar.setRange(0, max(1, maximum))
            bar.setValue(max(0, min(value, maximum)))
            bar.setFormat(str(value))
            bar.setMaximumHeight(16)
            bar.setToolTip(tip)
            self.grid.addWidget(text, row, 0, 1, 2)
            self.grid.addWidget(bar, row + 1, 0, 1, 2)
            self.bar_rows.append((text, bar))
            row += 2
        explain = QLabel(meaning)
        explain.setWordWrap(True)
        f = explain.font()
        f.setPointSizeF(f.pointSizeF() * 0.9)
        explain.setFont(f)
        self.grid.addWidget(explain, row, 0, 1, 2)
        self.grid.setRowStretch(row + 1, 1)

    def texts(self) -> list[str]:
        """Every text the pane shows (its list, labels, bars and tips): what a seat can read."""
        out = [self.note.text(), self.assumed.text(), self.nations.currentText()]
        out += [self.nations.itemText(i) for i in range(self.nations.count())]
        for i in range(self.orders.count()):
            out += [self.orders.item(i).text(), self.orders.item(i).toolTip()]
        for w in self.evaluation.findChildren(QLabel):
            out += [w.text(), w.toolTip()]
        for _label, bar in self.bar_rows:
            out += [bar.text(), bar.toolTip()]
        return [t for t in out if t]
