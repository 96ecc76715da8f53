"""Notices that stay until read: a bar across the top of the board area for what the player
must know and may have to act on (the data folder cannot be written, the automatic save
failed). Unlike the status bar, it is where the player looks; unlike a dialog, play goes on
beneath it. Each notice has a name: showing it again while it is up changes nothing, so a
failure that repeats every few seconds is said once.

The bars are children of the window's central widget (the board or the start page), laid
over its top edge and kept there when the window changes size.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from ..guard import guarded

WIDTH = 860          # at most, pixels; narrower windows get a bar 16 px inside each edge
STYLE = {
    "warning": ("#fff3bf", "#5c3c00", "#f08c00"),
    "error": ("#ffe3e3", "#5f1111", "#e03131"),
}


class NoticeBar(QFrame):
    """One notice: a symbol, its text, its buttons and a close button."""

    def __init__(self, parent: QWidget, name: str, html: str, kind: str,
                 actions: list[tuple[str, Callable[[], None]]]):
        super().__init__(parent)
        self.name = name
        self.setObjectName("notice")
        back, ink, edge = STYLE.get(kind, STYLE["warning"])
        self.setStyleSheet(f"#notice {{ background: {back}; border: 1px solid {edge}; border-left: 6px solid {edge};"
                           f" border-radius: 8px; }} #notice QLabel {{ color: {ink}; background: transparent; }}"
                           f" #notice QPushButton {{ padding: 4px 12px; }}"
                           f" #notice QPushButton#notice-close {{ color: {ink}; background: transparent; border: none;"
                           f" font-size: 15px; padding: 2px; }}")
        lay = QHBoxLayout(self)
        lay.setContentsMargins(12, 8, 8, 8)
        lay.setSpacing(10)
        sign = QLabel("⚠")
        sign.setStyleSheet(f"font-size: 20px; color: {edge};")
        lay.addWidget(sign, 0, Qt.AlignTop)
        self.text = QLabel(html)
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.RichText)
        self.text.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.text, 1)
        self.buttons: dict[str, QPushButton] = {}
        for label, act in actions:
            b = QPushButton(label)
            b.clicked.connect(lambda _=False, act=act: self._act(act))
            lay.addWidget(b, 0, Qt.AlignVCenter)
            self.buttons[label] = b
        self.close_button = QPushButton("✕")
        self.close_button.setObjectName("notice-close")    # in the notice's ink: legible in dark mode too
        self.close_button.setFlat(True)
        self.close_button.setFixedWidth(30)
        self.close_button.setToolTip("Dismiss this notice")
        self.close_button.clicked.connect(self._dismiss)
        lay.addWidget(self.close_button, 0, Qt.AlignTop)

    @guarded
    def _act(self, act) -> None:
        act()

    @guarded
    def _dismiss(self, *_) -> None:
        board = self.parent().property("notices") if self.parent() is not None else None
        self.hide()
        self.deleteLater()
        if isinstance(board, NoticeBoard):
            board.forget(self.name)


class NoticeBoard(QObject):
    """The window's notices, by name, stacked over the top of ``host``."""

    def __init__(self, host: QWidget):
        super().__init__(host)
        self.host = host
        self.bars: dict[str, NoticeBar] = {}
        host.setProperty("notices", self)
        host.installEventFilter(self)

    def show(self, name: str, html: str, kind: str = "warning",
             actions: list[tuple[str, Callable[[], None]]] = ()) -> NoticeBar:
        """Show a notice unless one of that name is up (then it stays as it is)."""
        bar = self.bars.get(name)
        if bar is None:
            bar = self.bars[name] = NoticeBar(self.host, name, html, kind, list(actions))
            bar.show()
            self.place()
        return bar

    def hide(self, name: str) -> None:
        bar = self.bars.pop(name, None)
        if bar is not None:
            bar.hide()
            bar.deleteLater()
            self.place()

    def forget(self, name: str) -> None:
        self.bars.pop(name, None)
        self.place()

    def text(self, name: str) -> str:
        """A notice's text as shown (plain), "" when it is not up."""
        bar = self.bars.get(name)
        return bar.text.text() if bar is not None else ""

    def place(self) -> None:
        width = min(WIDTH, self.host.width() - 32)
        y = 12
        for bar in self.bars.values():
            width = max(width, 200)
            bar.setFixedSize(width, bar.layout().totalHeightForWidth(width))
            bar.move((self.host.width() - bar.width()) // 2, y)
            bar.raise_()
            y += bar.height() + 8

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if obj is self.host and event.type() in (QEvent.Resize, QEvent.LayoutRequest):
            self.place()
        return False
