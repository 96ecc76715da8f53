"""The hotseat curtain: covers the board between seats so no one sees another's orders."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class Curtain(QWidget):
    ready = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("curtain")
        # A plain QWidget subclass paints a style-sheet background only with this set;
        # without it the white text sat on the light window background.
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        lay = QVBoxLayout(self)
        lay.addStretch(2)
        self.title = QLabel("")
        self.title.setAlignment(Qt.AlignCenter)
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.detail = QLabel("")
        self.detail.setAlignment(Qt.AlignCenter)
        self.detail.setWordWrap(True)
        lay.addWidget(self.detail)
        self.button = QPushButton("")
        self.button.setMinimumHeight(44)
        self.button.setMinimumWidth(320)
        self.button.clicked.connect(self.ready.emit)
        lay.addWidget(self.button, 0, Qt.AlignCenter)
        lay.addStretch(3)

    def show_for(self, name: str, colour: str, nations: list[str], note: str = "") -> None:
        self.setStyleSheet(f"#curtain {{ background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 {colour}, stop:1 #15171b); }}"
                           "QLabel { color: white; }"
                           "QPushButton { font-size: 16px; padding: 8px 22px; border-radius: 8px; background: white; color: #222; }")
        self.title.setText(f"<div style='font-size:34px; font-weight:600'>Pass the computer to {name}</div>")
        self.detail.setText(f"<div style='font-size:16px'>{name} plays {', '.join(nations)}.<br>{note}"
                            "<br>Everyone else: please look away.</div>")
        self.button.setText(f"I am {name} — show my board")
        self.seat_name = name
