"""The tutorial's card: a small panel laid over the top right of the view (never a window
in the way), with the step's title and text, where it stands, and its buttons."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt, Signal
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

from ..guard import guarded

WIDTH = 330


class TutorialCard(QFrame):
    next_clicked = Signal()
    do_it_clicked = Signal()
    end_clicked = Signal()

    def __init__(self, parent):
        super().__init__(parent)
        self.setObjectName("tutorial-card")
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setFixedWidth(WIDTH)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(14, 10, 14, 10)
        lay.setSpacing(6)
        self.counter = QLabel("")
        self.counter.setObjectName("tutorial-counter")
        lay.addWidget(self.counter)
        self.title = QLabel("")
        self.title.setObjectName("tutorial-title")
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.text = QLabel("")
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.RichText)
        lay.addWidget(self.text)
        self.state = QLabel("")
        self.state.setObjectName("tutorial-state")
        self.state.setWordWrap(True)
        lay.addWidget(self.state)
        row = QHBoxLayout()
        self.end_btn = QPushButton("End tutorial")
        self.end_btn.setToolTip("Close the tutorial (Help → Tutorial plays it again)")
        self.do_btn = QPushButton("Do it for me")
        self.do_btn.setToolTip("The tutorial does this step for you, and goes on")
        self.next_btn = QPushButton("Next")
        self.next_btn.setDefault(True)
        row.addWidget(self.end_btn)
        row.addStretch(1)
        row.addWidget(self.do_btn)
        row.addWidget(self.next_btn)
        lay.addLayout(row)
        self.end_btn.clicked.connect(self.end_clicked)
        self.do_btn.clicked.connect(self.do_it_clicked)
        self.next_btn.clicked.connect(self.next_clicked)

    def show_step(self, number: int, total: int, title: str, text: str, checked: bool, last: bool) -> None:
        """``checked``: the app watches for the step (no Next until it is done)."""
        self.counter.setText(f"Tutorial · step {number} of {total}")
        self.title.setText(title)
        self.text.setText(text)
        self.state.setText("Waiting for you…" if checked else "")
        self.do_btn.setVisible(checked)
        self.next_btn.setVisible(not checked)
        self.next_btn.setText("Finish" if last else ("Start" if number == 1 else "Next"))
        self.adjustSize()

    def show_done(self) -> None:
        self.state.setText("✓ Done!")
        self.do_btn.setEnabled(False)

    def restyle(self, theme) -> None:
        a = theme.accent
        dark = theme.name == "dark"
        self.setStyleSheet(
            f"#tutorial-card {{ background: {'#24282e' if dark else '#fffdf6'}; border: 2px solid {a.name()};"
            " border-radius: 12px; }"
            f"#tutorial-card QLabel {{ color: {'#e9ecef' if dark else '#212529'}; }}"
            f"#tutorial-counter {{ color: {a.name()}; font-size: 11px; font-weight: bold; }}"
            "#tutorial-title { font-size: 16px; font-weight: bold; }"
            f"#tutorial-state {{ color: {'#8ce99a' if dark else '#2b8a3e'}; font-weight: bold; }}")

    def place(self, view) -> None:
        """In a corner of the view's free area (below the turn headers), the one that hides
        the least of the active boards: the top right unless another hides less."""
        from ..multiverse.headers import HEADER_H, HEADER_W
        vp = view.viewport()
        w, h, m = self.width(), self.sizeHint().height(), 12
        corners = [QPoint(vp.width() - w - m, HEADER_H + m), QPoint(vp.width() - w - m, vp.height() - h - m - 40),
                   QPoint(HEADER_W + m, HEADER_H + m), QPoint(HEADER_W + m, vp.height() - h - m - 40)]
        boards = []
        world = view.ws.world
        if world is not None:
            for key in world.active_boards():
                boards.append(view.mapFromScene(view.ws.layout.rect(key)).boundingRect())

        def hidden(c: QPoint) -> int:
            card = QRect(c, QSize(w, h))
            return sum((card & b).width() * (card & b).height() for b in boards)
        best = min(range(len(corners)), key=lambda i: (hidden(corners[i]) * 10 // max(1, w * h), i))
        self.move(vp.mapTo(self.parentWidget(), corners[best]))
        self.raise_()

    @guarded
    def keyPressEvent(self, event) -> None:
        if event.key() == Qt.Key_Escape:
            self.end_clicked.emit()
            return
        super().keyPressEvent(event)
