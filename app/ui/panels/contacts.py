"""The contacts panel of a civilisations game (RULES.md §10), behind the curtain: the
civilisations the seat has met (the only ones it knows), the offers waiting for its
answer, its own open offer, the maps it received, and what became of its offers.

The panel only shows what it is given (:class:`ContactsState`, made by
``app.ui.window.civ_ui`` from the match) and reports the player's choices as signals."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QMenu, QPushButton, QScrollArea, QToolButton,
                               QVBoxLayout, QWidget)

from ..guard import guarded
from .nations import swatch


@dataclass
class ContactsState:
    """What the panel shows for the seat at the table (nothing while the curtain is up)."""

    me: list[tuple[str, str]] = field(default_factory=list)           # (name, colour) of the seat's own
    met: list[tuple[str, str]] = field(default_factory=list)          # (name, colour) of those in contact
    incoming: list[tuple[int, str, str]] = field(default_factory=list)   # (offer id, giver, text)
    waiting: list[str] = field(default_factory=list)                  # the seat's own open offer, in words
    maps: list[tuple[int, str]] = field(default_factory=list)          # (gift index, title)
    log: list[str] = field(default_factory=list)                      # answered offers, latest first
    units: list[tuple[str, object]] = field(default_factory=list)     # (label, location) the seat may give
    blocked: str = ""                                                 # why no offer can be made now
    date: str = ""


class ContactsPanel(QWidget):
    offer = Signal(str, str, object, object)     # kind, receiver, unit location or None, third or None
    answer = Signal(int, bool)                   # offer id, accept
    view_map = Signal(int)                       # gift index of a received map

    def __init__(self, parent=None):
        super().__init__(parent)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)     # rows wrap, buttons stay in sight
        outer.addWidget(self.scroll)
        self.state = ContactsState()
        self.buttons: dict[str, QWidget] = {}      # by name, for tests and keyboard users
        self.set_state(self.state)

    def set_state(self, state: ContactsState) -> None:
        self.state = state
        self.buttons = {}
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(0, 0, 0, 0)
        if not state.me:
            lay.addWidget(self._note("Contacts show here when a civilisation is at the table."))
            lay.addStretch(1)
            self.scroll.setWidget(body)
            return
        who = ", ".join(n for n, _ in state.me)
        lay.addWidget(self._note(f"<b>{who}</b>" + (f" · {state.date}" if state.date else "")))
        if state.incoming:
            lay.addWidget(self._heading("Offers for you"))
            for oid, giver, text in state.incoming:
                row = QHBoxLayout()
                label = QLabel(text)
                label.setWordWrap(True)
                row.addWidget(label, 1)
                yes, no = QPushButton("Accept"), QPushButton("Reject")
                yes.setToolTip("Accept: it happens at once")
                yes.clicked.connect(lambda _=False, i=oid: self._answer(i, True))
                no.clicked.connect(lambda _=False, i=oid: self._answer(i, False))
                self.buttons[f"accept {oid}"], self.buttons[f"reject {oid}"] = yes, no
                row.addWidget(yes)
                row.addWidget(no)
                lay.addLayout(row)
        if state.waiting:
            lay.addWidget(self._heading("Your open offer"))
            for text in state.waiting:
                lay.addWidget(self._note(text[:1].upper() + text[1:] + " — waiting for an answer."))
        lay.addWidget(self._heading("Civilisations you have met"))
        if not state.met:
            lay.addWidget(self._note("None yet. Bounce against another civilisation, or stand next to its units "
                                     "or centres after a movement, to meet it."))
        for name, colour in state.met:
            row = QHBoxLayout()
            icon = QLabel()
            icon.setPixmap(swatch(colour).pixmap(14, 14))
            row.addWidget(icon)
            label = QLabel(name)
            label.setMinimumWidth(20)
            row.addWidget(label, 1)
            btn = QToolButton()
            btn.setText("Offer ▾")
            btn.setPopupMode(QToolButton.InstantPopup)
            btn.setStyleSheet("QToolButton { padding: 2px 8px; } QToolButton::menu-indicator { image: none; width: 0; }")
            btn.setMenu(self._offer_menu(name, btn))
            btn.setEnabled(not state.blocked)
            btn.setToolTip(state.blocked or f"Offer {name} a map, an exchange of maps, a unit or a contact")
            self.buttons[f"offer {name}"] = btn
            row.addWidget(btn)
            lay.addLayout(row)
        if state.blocked and state.met:
            lay.addWidget(self._note(state.blocked))
        if state.maps:
            lay.addWidget(self._heading("Maps received"))
            for index, title in state.maps:
                row = QHBoxLayout()
                label = QLabel(title)
                label.setWordWrap(True)
                row.addWidget(label, 1)
                b = QPushButton("View")
                b.setToolTip("Open this map: what its giver saw then (old, read-only)")
                b.clicked.connect(lambda _=False, i=index: self._view(i))
                self.buttons[f"map {index}"] = b
                row.addWidget(b)
                lay.addLayout(row)
        if state.log:
            lay.addWidget(self._heading("Answered"))
            for text in state.log[:8]:
                lay.addWidget(self._note(text))
        lay.addStretch(1)
        self.scroll.setWidget(body)

    def _offer_menu(self, name: str, parent) -> QMenu:
        menu = QMenu(parent)
        self.buttons[f"menu {name}"] = menu
        a = menu.addAction("Give a map of what you see")
        a.triggered.connect(lambda _=False: self._offer("map", name, None, None))
        a = menu.addAction("Exchange maps")
        a.triggered.connect(lambda _=False: self._offer("maps", name, None, None))
        units = menu.addMenu("Give a unit")
        units.setEnabled(bool(self.state.units))
        units.setToolTip("A unit on an active Spring or Fall board, not on a supply centre")
        for label, loc in self.state.units:
            a = units.addAction(label)
            a.triggered.connect(lambda _=False, lc=loc: self._offer("unit", name, lc, None))
        others = [n for n, _ in self.state.met if n != name]
        intro = menu.addMenu("Introduce to")
        intro.setEnabled(bool(others))
        for other in others:
            a = intro.addAction(other)
            a.triggered.connect(lambda _=False, o=other: self._offer("contact", name, None, o))
        return menu

    @staticmethod
    def _heading(text: str) -> QLabel:
        label = QLabel(f"<b>{text}</b>")
        label.setContentsMargins(0, 8, 0, 0)
        return label

    @staticmethod
    def _note(text: str) -> QLabel:
        label = QLabel(text)
        label.setWordWrap(True)
        label.setTextFormat(Qt.RichText)
        return label

    @guarded
    def _answer(self, oid: int, accept: bool) -> None:
        self.answer.emit(oid, accept)

    @guarded
    def _offer(self, kind: str, receiver: str, unit, third) -> None:
        self.offer.emit(kind, receiver, unit, third)

    @guarded
    def _view(self, index: int) -> None:
        self.view_map.emit(index)


__all__ = ["ContactsPanel", "ContactsState"]
