"""The new-game choice "Civilisations" (RULES.md §10): how many civilisations play, who sits
at the table (each names a civilisation, picks a colour and, should the drawn centre be on
a coast, an army or a fleet; a PIN when several share the computer), and the computer's
levels for the others. The dialog (``dialogs/new_game.py``) shows this box when the start
"Civilisations" is chosen."""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QCheckBox, QColorDialog, QComboBox, QFrame, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QScrollArea, QSpinBox, QVBoxLayout, QWidget)

from app.engine import civ_range, CivCounts, load_variant, name_problem, PALETTE, VariantError
from app.match.civ_setup import CivPlayer
from app.match.seats import shared_name

from ..guard import guarded
from ..message_label import MessageLabel
from ..panels.nations import swatch

DEFAULT_PLAYERS = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lea", "Max",
                   "Noa", "Oli", "Pia"]
DEFAULT_CIVS = ["Sumer", "Akkad", "Elam", "Minoa", "Hatti", "Nubia", "Olmec", "Lydia", "Media", "Saba", "Kush",
                "Shang", "Troy", "Mari", "Ebla", "Axum"]
UNIT_CHOICES = (("Army", False), ("Fleet, if my centre is on a coast", True), ("Let the computer choose", None))
MAX_PEOPLE = 24   # a seat per civilisation, up to 24
VISIBLE_ROWS = 6  # more people scroll (the dialog fits a 768-pixel screen)


class CivPlayerRow(QWidget):
    """One person at the table: name, civilisation, colour, unit choice, PIN. With
    ``choices`` (the civilisations of a start already drawn: name and colour) the person
    picks one of them instead, whose colour and unit are the start's."""

    def __init__(self, index: int, parent=None, choices: Sequence[tuple[str, str]] | None = None):
        super().__init__(parent)
        self.choices = list(choices) if choices else None
        self.colour = PALETTE[index % len(PALETTE)]
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 2)
        self.player = QLineEdit(DEFAULT_PLAYERS[index % len(DEFAULT_PLAYERS)])
        self.player.setMaximumWidth(110)
        self.player.setToolTip("The player's name (shown on the curtain between seats)")
        lay.addWidget(self.player)
        if self.choices:
            self.civ = QComboBox()
            for name, colour in self.choices:
                self.civ.addItem(swatch(colour), name, name)
            self.civ.setCurrentIndex(index % len(self.choices))
            self.civ.setToolTip("The civilisation this person plays: the start drew its centre and unit already")
            self.civ.currentIndexChanged.connect(lambda _i: self._follow_civ())
            self.colour = self.choices[self.civ.currentIndex()][1]
        else:
            self.civ = QLineEdit(DEFAULT_CIVS[index % len(DEFAULT_CIVS)])
            self.civ.setMaximumWidth(130)
            self.civ.setToolTip("The civilisation's name: one word, beginning with a capital (e.g. Sumer)")
        lay.addWidget(self.civ)
        self.colour_btn = QPushButton()
        self.colour_btn.setFixedSize(26, 22)
        self.colour_btn.setToolTip("The civilisation's colour on the map")
        self.colour_btn.clicked.connect(self._pick)
        self._paint()
        self.colour_btn.setEnabled(not self.choices)      # a drawn start's colours are its own
        lay.addWidget(self.colour_btn)
        self.unit = QComboBox()
        for text, value in UNIT_CHOICES:
            self.unit.addItem(text, value)
        self.unit.setToolTip("The unit on your starting centre: the centre is drawn when the game starts;\n"
                             "a fleet is possible only if it lies on a coast (else you get an army)")
        lay.addWidget(self.unit)
        self.unit.setVisible(not self.choices)             # a drawn start's units stand already
        self.pin = QLineEdit()
        self.pin.setEchoMode(QLineEdit.Password)
        self.pin.setPlaceholderText("PIN (optional)")
        self.pin.setMaximumWidth(110)
        self.pin.setMaxLength(64)
        self.pin.setToolTip("With a PIN the curtain asks for it before showing this seat's board, and the save "
                            "file keeps the seat's orders and offers encrypted.")
        lay.addWidget(self.pin)
        lay.addStretch(1)

    def civilisation(self) -> str:
        return self.civ.currentData() if self.choices else self.civ.text().strip()

    @guarded
    def _follow_civ(self) -> None:
        self.colour = self.choices[self.civ.currentIndex()][1]
        self._paint()

    def _paint(self) -> None:
        self.colour_btn.setStyleSheet(f"background: {self.colour}; border: 1px solid #444; border-radius: 4px;")

    @guarded
    def _pick(self) -> None:
        c = QColorDialog.getColor(QColor(self.colour), self, "Civilisation colour")
        if c.isValid():
            self.colour = c.name()
            self._paint()

    def player_spec(self) -> CivPlayer:
        civ = self.civilisation()
        return CivPlayer(self.player.text().strip()[:40] or civ, civ, self.colour,
                         None if self.choices else self.unit.currentData(), self.pin.text() if self.pin.isEnabled() else "")


class CivOptions(QGroupBox):
    """The box of settings for a civilisations game (see the module docstring); with
    ``drawn``, for a start already drawn (a file of ``python -m app civ``): its count is
    fixed and each person picks one of its civilisations."""

    changed = Signal()          # a person chose another civilisation (a problem shown is checked again)

    def __init__(self, levels: tuple[str, ...], parent=None, drawn: Sequence[tuple[str, str]] | None = None):
        super().__init__("Civilisations", parent)
        self.variant = "standard"
        self.impossible: str | None = None      # why no civilisations game starts on this map
        self.drawn = list(drawn) if drawn else None     # a start already drawn: its civilisations
        outer = QVBoxLayout(self)
        note = QLabel("Every civilisation starts on one supply centre drawn at random, alone in the fog of war. "
                      "Nobody is told how many play. You meet others by bouncing or standing next to them, then "
                      "trade maps, units and contacts. Dates run from 4000 BC.")
        if self.drawn:
            note.setText(f"This start is drawn already: {len(self.drawn)} civilisations, each on its centre with its "
                         "unit, alone in the fog of war. Choose who sits at this computer and which civilisation "
                         "each plays; the computer plays the others. You meet others by bouncing or standing next "
                         "to them, then trade maps, units and contacts. Dates run from 4000 BC.")
        note.setWordWrap(True)
        outer.addWidget(note)
        self.impossible_note = MessageLabel(tone="error", bold=True)   # said at once, not only at OK
        self.impossible_note.hide()
        outer.addWidget(self.impossible_note)
        grid = QGridLayout()
        grid.addWidget(QLabel("Civilisations in all"), 0, 0)
        self.count = QSpinBox()
        self.count.setToolTip("How many civilisations play (people and computer together)")
        grid.addWidget(self.count, 0, 1)
        grid.addWidget(QLabel("People at this computer"), 0, 2)
        self.people = QSpinBox()
        self.people.setRange(1, MAX_PEOPLE)
        self.people.setToolTip("One: you against the computer. Two or more: a hotseat game, each behind the curtain")
        grid.addWidget(self.people, 0, 3)
        grid.setColumnStretch(4, 1)
        outer.addLayout(grid)
        holder = QWidget()
        self.rows_box = QVBoxLayout(holder)
        self.rows_box.setContentsMargins(0, 0, 0, 0)
        self.rows_box.setSpacing(0)
        self.rows_scroll = QScrollArea()      # many people still fit a 768-pixel screen
        self.rows_scroll.setWidget(holder)
        self.rows_scroll.setWidgetResizable(True)
        self.rows_scroll.setFrameShape(QFrame.NoFrame)
        self.rows_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        outer.addWidget(self.rows_scroll)
        lv = QHBoxLayout()
        lv.addWidget(QLabel("The computer plays the others at"))
        self.level_boxes: dict[str, QCheckBox] = {}
        for level in levels:
            cb = QCheckBox(level)
            cb.setChecked(level == ("standard" if "standard" in levels else levels[0]))
            cb.setToolTip("Tick several to mix the levels among the computer's civilisations")
            self.level_boxes[level] = cb
            lv.addWidget(cb)
        lv.addStretch(1)
        outer.addLayout(lv)
        self.rows: list[CivPlayerRow] = []
        self.count.valueChanged.connect(lambda _n: self._counts_changed())
        self.people.valueChanged.connect(lambda _n: self._counts_changed())
        if self.drawn:
            self.count.setRange(len(self.drawn), len(self.drawn))
            self.count.setEnabled(False)
            self.count.setToolTip("How many civilisations the start holds")
            self._counts_changed()
        else:
            self.set_variant("standard")

    @guarded
    def set_variant(self, name: str | None) -> None:
        """The range of civilisations follows the map (7–13 on the standard map)."""
        self.variant = name or "standard"
        try:
            v = load_variant(self.variant)
            counts = civ_range(v)
            self.impossible = None if counts.possible else counts.describe(v)
        except VariantError:
            counts, self.impossible = CivCounts(2, 2), None
        low, high = counts.low, max(counts.low, counts.high)
        wanted = self.count.value() if self.count.maximum() != 99 else 9    # 99: not set yet
        self.count.setEnabled(self.impossible is None)
        self.impossible_note.setText(self.impossible or "")
        self.impossible_note.setVisible(self.impossible is not None)
        self.count.setToolTip(self.impossible or
                              "How many civilisations play (people and computer together)")
        self.count.blockSignals(True)
        self.count.setRange(low, high)
        self.count.setValue(min(max(wanted, low), high))
        self.count.blockSignals(False)
        self._counts_changed()

    @guarded
    def _counts_changed(self) -> None:
        self.people.blockSignals(True)
        self.people.setMaximum(min(MAX_PEOPLE, self.count.value()))
        self.people.blockSignals(False)
        want = self.people.value()
        while len(self.rows) > want:
            row = self.rows.pop()
            row.setParent(None)
            row.deleteLater()
        while len(self.rows) < want:
            row = CivPlayerRow(len(self.rows), choices=self.drawn)
            if self.drawn:
                row.civ.currentIndexChanged.connect(lambda _i: self.changed.emit())
            self.rows.append(row)
            self.rows_box.addWidget(row)
        for row in self.rows:
            row.pin.setEnabled(want > 1)
        row_h = self.rows[0].sizeHint().height() if self.rows else 26
        self.rows_scroll.setFixedHeight(min(len(self.rows), VISIBLE_ROWS) * row_h + 2)
        top = self.window()
        if top is not self and top.isVisible():
            QTimer.singleShot(0, self, lambda: self._fit(top))     # room for the rows just added, once laid out

    @guarded
    def _fit(self, top) -> None:
        # not adjustSize(): it stops at two thirds of the screen, and would squeeze the rows
        top.resize(top.width(), top.sizeHint().height())

    def computers(self) -> int:
        return self.count.value() - self.people.value()

    def levels(self) -> list[str]:
        return [lv for lv, cb in self.level_boxes.items() if cb.isChecked()]

    def players(self) -> list[CivPlayer]:
        return [r.player_spec() for r in self.rows]

    def problem(self) -> str | None:
        """What stops the game from starting, in words (None: it can start)."""
        if self.impossible:
            return self.impossible + "."
        if (name := shared_name(p.player for p in self.players())) is not None:
            return f"Two players are named {name}: give each a name of their own."
        if self.drawn:
            chosen: dict[str, str] = {}
            for p in self.players():
                if p.civilisation in chosen:
                    return f"{chosen[p.civilisation]} and {p.player} both chose {p.civilisation}."
                chosen[p.civilisation] = p.player
            if self.computers() and not self.levels():
                return "Tick at least one level for the computer's civilisations."
            return None
        variant = load_variant(self.variant)
        taken: list[str] = []
        colours: dict[str, str] = {}
        for p in self.players():
            why = name_problem(p.civilisation, taken, variant)
            if why:
                return f"{p.player}'s civilisation: {why}."
            taken.append(p.civilisation)
            if p.colour.lower() in colours:
                return f"{p.player} and {colours[p.colour.lower()]} chose the same colour."
            colours[p.colour.lower()] = p.player
        if self.computers() and not self.levels():
            return "Tick at least one level for the computer's civilisations."
        return None

    def settings(self) -> dict:
        return {"players": self.players(), "computers": self.computers(), "levels": self.levels() or ["standard"]}


__all__ = ["CivOptions", "CivPlayerRow"]
