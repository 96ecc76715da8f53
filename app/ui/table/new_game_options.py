"""The table's parts of the new-game dialog, each its own small widget:

- :class:`DeadlineOption` — "Time per turn": no limit, or 1 to 30 minutes (hotseat seats);
- :class:`WatchOption` — "Watch the computer play": every nation to the computer, at the
  levels chosen, and the game plays itself.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from app.match.table.deadlines import LIMITS, SEASON_SUGGESTION, limit_text

from ..guard import guarded

MIXES = (("standard", "Standard for every nation"), ("easy", "Easy for every nation"),
         ("random", "Random for every nation"), ("standard,easy,random", "A mix of Standard, Easy and Random"))


class DeadlineOption(QWidget):
    """A time limit for each seat's turn (RULES.md §6)."""

    def __init__(self, parent=None, suggested: int | None = None, label: str = "Time per turn"):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(QLabel(label))
        self.box = QComboBox()
        self.box.addItem("No time limit", None)
        for s in LIMITS:
            self.box.addItem(limit_text(s) + (" (the thrown-pieces seed's suggestion)" if s == SEASON_SUGGESTION
                                              and suggested == SEASON_SUGGESTION else ""), s)
        if suggested is not None:
            self.box.setCurrentIndex(max(0, self.box.findData(suggested)))
        self.box.setToolTip("When a seat's time runs out, its orders are submitted as they stand:\n"
                            "units without orders hold, missing retreats disband, missing builds are waived.")
        lay.addWidget(self.box)
        lay.addStretch(1)

    def seconds(self) -> int | None:
        return self.box.currentData()


class WatchOption(QWidget):
    """"Watch the computer play": a checkbox and the computer levels."""

    toggled = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.check = QCheckBox("Watch the computer play")
        self.check.setToolTip("Every nation is played by the computer and the game plays itself:\n"
                              "pause, step, choose the speed; take over any nation at a pause.")
        self.check.toggled.connect(self._toggled)
        lay.addWidget(self.check)
        self.levels = QComboBox()
        for data, text in MIXES:
            self.levels.addItem(text, data)
        self.levels.setToolTip("Which computer players play the nations (in the variant's order)")
        self.levels.setEnabled(False)
        lay.addWidget(self.levels)
        lay.addStretch(1)

    @guarded
    def _toggled(self, on: bool) -> None:
        self.levels.setEnabled(on)
        self.toggled.emit(on)

    def cover(self, dialog) -> None:
        """While watching, the dialog's choices of who plays what do not apply: hide them."""
        on = self.check.isChecked()
        for w in (dialog.opponents, dialog.seats_box):
            if on:
                w.setVisible(False)
        for w in (dialog.sandbox, dialog.hotseat, dialog.start, dialog.thrown_players):
            w.setEnabled(not on)
        dialog.start_btn.setText("Start watching" if on else "Start game")

    def chosen(self) -> list[str] | None:
        """The levels, in the nations' order (repeated), or None when not watching."""
        return self.levels.currentData().split(",") if self.check.isChecked() else None
