"""The hotseat curtain: covers the whole window between seats (board, docks, console, status
bar) so no one sees another seat's orders, and asks for the seat's PIN if it has one."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QMenu, QPushButton, QToolButton, QVBoxLayout, QWidget

from ..guard import guarded


class Curtain(QWidget):
    ready = Signal(str)          # the PIN typed ("" for a seat without one)
    forgot = Signal()            # "Forgot the PIN?"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("curtain")
        # A plain QWidget subclass paints a style-sheet background only with this set;
        # without it the white text sat on the light window background.
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setAutoFillBackground(True)
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        # the curtain covers the menu bar too; its menus stay reachable from here
        self.menu_button = QToolButton()
        self.menu_button.setText("☰  Menu")
        self.menu_button.setObjectName("curtain-menu")
        self.menu_button.setPopupMode(QToolButton.InstantPopup)
        self.menu_button.setMenu(QMenu(self.menu_button))
        top.addWidget(self.menu_button)
        top.addStretch(1)
        lay.addLayout(top)
        lay.addStretch(2)
        self.title = QLabel("")
        self.title.setAlignment(Qt.AlignCenter)
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.detail = QLabel("")
        self.detail.setAlignment(Qt.AlignCenter)
        self.detail.setWordWrap(True)
        lay.addWidget(self.detail)
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.Password)
        self.pin.setAlignment(Qt.AlignCenter)
        self.pin.setFixedWidth(220)
        self.pin.setMaxLength(64)
        self.pin.returnPressed.connect(self._ready)
        lay.addWidget(self.pin, 0, Qt.AlignCenter)
        self.error = QLabel("")
        self.error.setAlignment(Qt.AlignCenter)
        self.error.setObjectName("curtain-error")
        lay.addWidget(self.error)
        self.button = QPushButton("")
        self.button.setMinimumHeight(44)
        self.button.setMinimumWidth(320)
        self.button.clicked.connect(self._ready)
        lay.addWidget(self.button, 0, Qt.AlignCenter)
        self.forgot_button = QPushButton("Forgot the PIN?")
        self.forgot_button.setObjectName("curtain-forgot")
        self.forgot_button.setFlat(True)
        self.forgot_button.setCursor(Qt.PointingHandCursor)
        self.forgot_button.setToolTip("With the table's agreement: the orders sealed with the old PIN are "
                                      "discarded unread, and a new PIN is set")
        self.forgot_button.clicked.connect(self._forgot)
        lay.addWidget(self.forgot_button, 0, Qt.AlignCenter)
        lay.addSpacing(18)
        self.trust = QLabel("")
        self.trust.setAlignment(Qt.AlignCenter)
        self.trust.setWordWrap(True)
        lay.addWidget(self.trust)
        lay.addStretch(3)
        self.seat_name = ""
        self.has_pin = False

    def show_for(self, name: str, colour: str, nations, note: str = "", has_pin: bool = False) -> None:
        self.setStyleSheet(f"#curtain {{ background: qlineargradient(x1:0, y1:0, x2:0, y2:1, stop:0 {colour}, stop:1 #15171b); }}"
                           "QLabel { color: white; }"
                           "#curtain-error { color: #ffd8a8; font-weight: bold; font-size: 15px; }"
                           "QLineEdit { font-size: 20px; padding: 6px; border-radius: 8px; }"
                           "#curtain-menu { color: white; background: rgba(255,255,255,40); border: none;"
                           " border-radius: 6px; padding: 4px 12px; font-size: 13px; }"
                           "#curtain-menu::menu-indicator { image: none; width: 0; }"
                           "QPushButton { font-size: 16px; padding: 8px 22px; border-radius: 8px; background: white; color: #222; }"
                           "QPushButton:disabled { background: rgba(255,255,255,150); color: #555; }"
                           "#curtain-forgot { font-size: 13px; background: transparent; color: white;"
                           " text-decoration: underline; padding: 2px 8px; }")
        self.seat_name, self.has_pin = name, has_pin
        self.title.setText(f"<div style='font-size:34px; font-weight:600'>Pass the computer to {name}</div>")
        lines = [f"{name} plays {', '.join(nations)}."] if nations else []   # none: a civilisations game
        if note:
            lines.append(note)
        lines.append("Everyone else: please look away.")
        if has_pin:
            lines.append(f"<br>{name}: type your PIN, then press Enter.")
        self.detail.setText("<div style='font-size:16px'>" + "<br>".join(lines) + "</div>")
        self.pin.clear()
        self.pin.setVisible(has_pin)
        self.forgot_button.setVisible(has_pin)
        self.set_checking(False)
        self.pin.setPlaceholderText(f"{name}'s PIN")
        self.error.setText("")
        self.button.setText(f"I am {name} — show my board")
        if has_pin:
            self.trust.setText("<div style='font-size:13px'>Orders are sealed with the PIN, on screen and in the "
                               "save file. A short PIN keeps the table honest; a longer one also protects the file.</div>")
        else:
            self.trust.setText(f"<div style='font-size:13px'>No PIN was set for {name}: privacy rests on trust. "
                               "Anyone who clicks the button sees these orders, and the save file holds them "
                               "in plain text.</div>")

    def set_menus(self, menus) -> None:
        """The window's menus (File, View, Help…) behind the curtain's Menu button."""
        m = self.menu_button.menu()
        m.clear()
        for menu in menus:
            m.addMenu(menu)

    def focus(self) -> None:
        (self.pin if self.has_pin else self.button).setFocus()

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.pin.selectAll()
        self.pin.setFocus()

    def set_checking(self, on: bool) -> None:
        """While the PIN is checked (a third of a second): nothing to press twice."""
        self.pin.setEnabled(not on)
        self.button.setEnabled(not on)
        self.button.setText("Checking the PIN…" if on else f"I am {self.seat_name} — show my board")
        if on:
            self.error.setText("")

    def set_waiting(self, on: bool, text: str) -> None:
        """Too many wrong PINs: the field and the button wait, ``text`` says how long."""
        self.pin.setEnabled(not on)
        self.button.setEnabled(not on)
        self.error.setText(text)
        if not on:
            self.pin.setFocus()
            self.pin.selectAll()

    @guarded
    def _forgot(self, *_):
        self.forgot.emit()

    @guarded
    def _ready(self, *_):
        self.ready.emit(self.pin.text() if self.has_pin else "")
