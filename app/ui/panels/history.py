"""The history slider: watch the game replay submission by submission."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSlider, QWidget


class HistoryBar(QWidget):
    moved = Signal(int)

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QHBoxLayout(self)
        lay.setContentsMargins(8, 2, 8, 2)
        lab = QLabel("History")
        _f = lab.font(); _f.setBold(True); lab.setFont(_f)
        lay.addWidget(lab)
        self.slider = QSlider(Qt.Horizontal)
        self.slider.setMinimum(0)
        self.slider.setPageStep(1)
        self.slider.setTickPosition(QSlider.TicksBelow)
        self.slider.setToolTip("Drag to replay the game submission by submission; the right end is the present")
        self.slider.valueChanged.connect(self.moved.emit)
        lay.addWidget(self.slider, 1)
        self.label = QLabel("")
        self.label.setMinimumWidth(210)
        lay.addWidget(self.label)
        self.live = QPushButton("Back to the present")
        self.live.setToolTip("Leave the replay")
        self.live.clicked.connect(lambda: self.slider.setValue(self.slider.maximum()))
        lay.addWidget(self.live)

    def set_count(self, n: int, value: int | None = None) -> None:
        self.slider.blockSignals(True)
        self.slider.setMaximum(max(0, n))
        self.slider.setValue(n if value is None else value)
        self.slider.blockSignals(False)
        self.update_label()

    def update_label(self) -> None:
        v, n = self.slider.value(), self.slider.maximum()
        if v == n:
            self.label.setText(f"Present · {n} submission{'s' if n != 1 else ''}")
            self.live.setEnabled(False)
        else:
            self.label.setText(f"Replay: after submission {v} of {n}" if v else f"Replay: the start (of {n})")
            self.live.setEnabled(True)
