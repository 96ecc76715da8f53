"""The position editor: one board, drawn large, to set up any position — armies and fleets
(on a coast where a province has two), centre owners, home centres, the turn and its phase —
then start a new sandbox from it or export it as a scenario start.

The editing state and every rule of what is legal are the match's and the engine's
(:class:`app.match.editor.PositionEditor`, :mod:`app.engine.rules.position`): a click asks for a
change, and a refused one is shown with the engine's reason. The dialog only draws the
position and forwards clicks. It opens on any board of any game ("Edit position from this
board…"), with the board as the seat at the table sees it, and never changes that game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QKeySequence, QPainter, QPen, QPixmap, QShortcut
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
                               QLabel, QMessageBox, QPushButton, QRadioButton, QSizePolicy, QSpinBox, QVBoxLayout,
                               QWidget)

from app.engine import describe_unit, province_of, Season, Turn, write_text_atomic
from app.match.editor import EditRefused, PositionEditor

if TYPE_CHECKING:
    from app.match import Match

    from ..theme import Theme

from ..message_label import MessageLabel
from ..guard import guarded
from ..multiverse.map_art import BoardState, colour_of, map_art, render_board_image

TOOLS = (("army", "Army", "A", "Place an army of the chosen nation"),
         ("fleet", "Fleet", "F", "Place a fleet (on the coast nearest the click where a province has two)"),
         ("remove", "Remove unit", "R", "Take a unit away (a right click does too)"),
         ("owner", "Centre owner", "O", "Give a supply centre to the chosen nation (again: nobody's)"),
         ("home", "Home centre", "H", "Make a supply centre a home centre of the chosen nation (again: nobody's)"))
SEASONS = ((Season.SPRING, "Spring — orders"), (Season.FALL, "Fall — orders"),
           (Season.WINTER, "Winter — builds and disbands"))


def _swatch(colour: str) -> QIcon:
    pm = QPixmap(14, 14)
    pm.fill(QColor(colour))
    return QIcon(pm)


class BoardCanvas(QWidget):
    """Draws the editor's position, scaled to fit, and turns clicks into map points."""

    clicked = Signal(float, float, int)     # map x, y, Qt button value

    def __init__(self, dialog: "PositionEditorDialog"):
        super().__init__()
        self.d = dialog
        self.art = map_art(dialog.editor.variant)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)
        self.setMinimumSize(320, 240)
        self._image = None
        self._key = None
        self.hover: str | None = None

    def sizeHint(self) -> QSize:
        return QSize(900, 640)

    def _fit(self) -> tuple[float, QPointF]:
        r = self.art.rect
        s = min(self.width() / r.width(), self.height() / r.height())
        off = QPointF((self.width() - r.width() * s) / 2 - r.x() * s, (self.height() - r.height() * s) / 2 - r.y() * s)
        return s, off

    def to_map(self, pos: QPointF) -> QPointF:
        s, off = self._fit()
        return QPointF((pos.x() - off.x()) / s, (pos.y() - off.y()) / s)

    def to_widget(self, x: float, y: float) -> QPointF:
        s, off = self._fit()
        return QPointF(x * s + off.x(), y * s + off.y())

    def state(self) -> BoardState:
        p = self.d.editor.position
        units = tuple(sorted((u.loc, u.nation, u.type, False) for u in p.units))
        return BoardState(units, tuple(sorted(p.centres.items())), (), not p.turn.is_movement)

    @guarded
    def paintEvent(self, event) -> None:
        s, off = self._fit()
        r = self.art.rect
        dpr = self.devicePixelRatioF()
        width = max(200, int(round(r.width() * s * dpr / 200.0)) * 200)     # a few sizes, each cached once
        key = (self.d.editor.revision, width)
        if key != self._key:
            # names as on the main boards, sized for the screen (the image is drawn ~width px wide)
            self._image = render_board_image(self.art, self.state(), width, labels=True, text_scale=dpr)
            self._key = key
        p = QPainter(self)
        p.fillRect(self.rect(), self.d.theme().background)
        p.setRenderHint(QPainter.SmoothPixmapTransform, True)
        target = QRectF(off.x() + r.x() * s, off.y() + r.y() * s, r.width() * s, r.height() * s)
        p.drawImage(target, self._image)
        p.translate(off)
        p.scale(s, s)
        p.setRenderHint(QPainter.Antialiasing, True)
        homes = self.d.editor.position.home_centres()
        for nation, centres in homes.items():
            colour = colour_of(self.art.variant, nation)
            for c in centres:
                at = self.art.geo.centre_anchors.get(c)
                if at is None:
                    continue
                p.setBrush(Qt.NoBrush)
                p.setPen(QPen(QColor(255, 255, 255, 220), 4.2))
                p.drawEllipse(QPointF(*at), 9.5, 9.5)
                p.setPen(QPen(colour.darker(120), 2.4))
                p.drawEllipse(QPointF(*at), 9.5, 9.5)
        if self.hover is not None and self.hover in self.art.province_paths:
            c = QColor(self.d.theme().accent)
            c.setAlpha(60)
            p.setBrush(c)
            p.setPen(QPen(self.d.theme().accent, 1.6 / max(s, 1e-6)))
            p.drawPath(self.art.province_paths[self.hover])
        p.end()

    @guarded
    def mouseMoveEvent(self, event) -> None:
        pt = self.to_map(event.position())
        prov = self.art.province_at(pt.x(), pt.y())
        if prov != self.hover:
            self.hover = prov
            self.update()
            info = self.art.variant.provinces.get(prov) if prov else None
            self.d.show_hover(info.name if info else "")

    @guarded
    def leaveEvent(self, event) -> None:
        self.hover = None
        self.update()

    @guarded
    def mouseReleaseEvent(self, event) -> None:
        pt = self.to_map(event.position())
        self.clicked.emit(pt.x(), pt.y(), int(event.button().value))


class PositionEditorDialog(QDialog):
    """See the module docstring. ``editor`` is the match-layer state being edited."""

    def __init__(self, parent, editor: PositionEditor, source: str, *, theme: Callable[[], Theme],
                 start_match: Callable[[Match, str], bool]):
        """``theme``: the window's theme now; ``start_match``: play ``match`` in the main
        window, saying ``note`` (False: the player kept the game they have)."""
        super().__init__(parent)
        self.theme = theme
        self._start_match = start_match
        self.editor = editor
        self.setWindowTitle("Position editor" + (f" — from board {source}" if source else ""))
        self.setObjectName("position-editor")
        self.resize(1240, 700)
        self.message_text = ""
        # asked before a changed position is closed away (True: drop it); tests may replace the question
        self.ask_discard: Callable[[], bool] = self._ask_discard
        self._asking = True
        lay = QHBoxLayout(self)
        self.canvas = BoardCanvas(self)
        self.canvas.clicked.connect(self.click_at)
        lay.addWidget(self.canvas, 1)
        side = QVBoxLayout()
        lay.addLayout(side)
        v = editor.variant
        self.nation = QComboBox()
        for n in v.nation_names:
            self.nation.addItem(_swatch(v.nations[n].colour), n, n)
        side.addWidget(QLabel("<b>Nation</b>"))
        side.addWidget(self.nation)
        tools = QGroupBox("Tool")
        tl = QVBoxLayout(tools)
        tl.setSpacing(2)
        self.tools = QButtonGroup(self)
        self.tool_buttons: dict[str, QRadioButton] = {}
        for i, (name, text, key, tip) in enumerate(TOOLS):
            b = QRadioButton(f"{text}  ({key})")
            b.setToolTip(tip)
            self.tools.addButton(b, i)
            self.tool_buttons[name] = b
            tl.addWidget(b)
            sc = QShortcut(QKeySequence(key), self)
            sc.activated.connect(b.click)
        self.tool_buttons["army"].setChecked(True)
        side.addWidget(tools)
        turn = QGroupBox("Turn")
        form = QFormLayout(turn)
        self.season = QComboBox()
        for s, text in SEASONS:
            self.season.addItem(text, int(s))
        self.year = QSpinBox()
        self.year.setRange(1, 9999)  # variants may start before 1000 (turns print S0001)
        form.addRow("Season", self.season)
        form.addRow("Year", self.year)
        side.addWidget(turn)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        side.addWidget(self.summary)
        self.message = MessageLabel(bold=True)
        self.message.setMinimumWidth(250)
        self.message.setMaximumWidth(300)
        side.addWidget(self.message)
        side.addStretch(1)
        row = QHBoxLayout()
        self.undo_button = QPushButton("Undo")
        self.undo_button.setShortcut(QKeySequence.Undo)
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton("Redo")
        self.redo_button.setShortcut(QKeySequence("Ctrl+Shift+Z"))
        self.redo_button.clicked.connect(self.redo)
        self.clear_button = QPushButton("Clear")
        self.clear_button.setToolTip("Take every unit away and make every centre nobody's")
        self.clear_button.clicked.connect(lambda: self._do(self.editor.clear))
        for b in (self.undo_button, self.redo_button, self.clear_button):
            row.addWidget(b)
        side.addLayout(row)
        self.start_button = QPushButton("Start a sandbox from this position")
        self.start_button.setToolTip("A new sandbox game from this board (the game shown now is not changed)")
        self.start_button.clicked.connect(self.start_sandbox)
        side.addWidget(self.start_button)
        self.export_button = QPushButton("Export as a scenario start…")
        self.export_button.setToolTip("Save the position as a scenario file (python -m app scenario runs it)")
        self.export_button.clicked.connect(lambda: self.export())
        side.addWidget(self.export_button)
        close = QPushButton("Close")
        close.clicked.connect(self.close)
        side.addWidget(close)
        self.season.currentIndexChanged.connect(lambda _i: self._turn_changed())
        self.year.valueChanged.connect(lambda _v: self._turn_changed())
        self._sync()

    # -- the state, shown ------------------------------------------------------------------------
    def _sync(self) -> None:
        p = self.editor.position
        for widget, value in ((self.season, self.season.findData(p.turn.season)), (self.year, p.turn.year)):
            widget.blockSignals(True)
            if widget is self.season:
                widget.setCurrentIndex(value)
            else:
                widget.setValue(value)
            widget.blockSignals(False)
        homes = "the variant's" if p.homes is None else "set here"
        self.summary.setText(f"<b>{p.turn.title}</b> ({'builds and disbands' if not p.turn.is_movement else 'orders'})"
                             f"<br>{len(p.units)} units, {len(p.centres)} centres owned<br>Home centres: {homes} "
                             "(ringed in their nation's colour)"
                             f"<br>{p.variant.title}, {p.adjacency} adjacency")
        self.undo_button.setEnabled(self.editor.can_undo())
        self.redo_button.setEnabled(self.editor.can_redo())
        self.canvas.update()

    def say(self, text: str, error: bool = False) -> None:
        self.message_text = text
        self.message.show_message(text, "error" if error else "plain")

    def show_hover(self, name: str) -> None:
        self.canvas.setToolTip(name)

    def _do(self, change, *args) -> bool:
        try:
            change(*args)
        except EditRefused as e:
            self.say(f"Refused: {e}", error=True)
            return False
        self._sync()
        return True

    # -- clicks ------------------------------------------------------------------------------------
    def tool(self) -> str:
        return TOOLS[self.tools.checkedId()][0]

    @guarded
    def click_at(self, x: float, y: float, button: int) -> None:
        prov = self.canvas.art.province_at(x, y)
        if prov is None:
            return
        ed = self.editor
        v = ed.variant
        name = v.provinces[prov].name
        nation = self.nation.currentData()
        tool = "remove" if button == Qt.RightButton.value else self.tool()
        if tool in ("army", "fleet"):
            loc = prov
            if tool == "fleet" and v.coasts_of.get(prov):
                loc = self.canvas.art.nearest_location(list(v.coasts_of[prov]), x, y)
            if self._do(ed.place, nation, "A" if tool == "army" else "F", loc):
                placed = describe_unit(v, ed.unit_in(prov))
                self.say(placed[0].upper() + placed[1:] + (f" ({loc.split('/')[1]})" if "/" in loc else "") + ".")
        elif tool == "remove":
            unit = ed.unit_in(prov)
            if unit is None:
                self.say(f"No unit in {name}.")
            elif self._do(ed.remove, prov):
                self.say(f"Removed {describe_unit(v, unit)}.")
        elif tool == "owner":
            now = ed.position.centres.get(prov)
            new = None if now == nation else nation
            if self._do(ed.set_owner, prov, new):
                self.say(f"{name}: {new + '’s centre' if new else 'nobody’s centre'}.")
        elif tool == "home":
            now = ed.home_nation_of(prov)
            new = None if now == nation else nation
            if self._do(ed.set_home, prov, new):
                self.say(f"{name}: {'a home centre of ' + new if new else 'nobody’s home centre'}.")

    def click_location(self, loc: str, button: int = Qt.LeftButton.value) -> str:
        """Click at a location's anchor as the player would (tests); returns the message."""
        x, y = self.canvas.art.anchor(loc)
        centre = self.canvas.art.geo.centre_anchors.get(province_of(loc))
        if self.tool() in ("owner", "home") and centre is not None:
            x, y = centre
        self.canvas.clicked.emit(x, y, button)
        return self.message_text

    def _turn_changed(self) -> None:
        turn = Turn(self.year.value(), int(self.season.currentData()))
        if self._do(self.editor.set_turn, turn):
            self.say(f"Turn: {turn.title}.")

    def undo(self) -> None:
        self.editor.undo()
        self._sync()

    def redo(self) -> None:
        self.editor.redo()
        self._sync()

    # -- what it becomes ---------------------------------------------------------------------
    @guarded
    def start_sandbox(self) -> bool:
        """A new sandbox from the position, in the main window (unsaved changes asked about)."""
        try:
            match = self.editor.start_match()
        except EditRefused as e:
            self.say(f"Refused: {e}", error=True)
            return False
        if not self._start_match(match, f"New sandbox from the edited position ({self.editor.position.turn.title}).",
                                 from_editor=True):
            return False
        self.editor.kept()
        self.close()
        return True

    def export(self, path: str | None = None) -> bool:
        if path is None:
            p = self.editor.position
            path, _ = QFileDialog.getSaveFileName(self, "Export the position as a scenario start",
                                                  f"position-{p.turn}.json", "Scenario (*.json)")
            if not path:
                return False
        try:
            data = self.editor.scenario(f"Position of {self.editor.position.turn.title}")
            write_text_atomic(Path(path), json.dumps(data, indent=1) + "\n")    # whole or not at all
        except ValueError as e:                 # PositionError: never, every change was checked
            self.say(f"Refused: {e}", error=True)
            return False
        except OSError as e:
            self.say(f"Could not write {path}: {e.strerror or e}", error=True)
            return False
        self.editor.kept()
        self.say(f"Saved {Path(path).name}: run it with  python -m app scenario {Path(path).name}")
        return True

    # -- leaving -------------------------------------------------------------------------------
    def close_unasked(self) -> None:
        """Close without the question (the curtain comes down, the game goes): the edits go
        with the seat's other private things."""
        self._asking = False
        self.close()

    def _may_close(self) -> bool:
        """The changes are kept, or the player chose to drop them."""
        return not (self._asking and self.isVisible() and self.editor.unkept) or self.ask_discard()

    def _ask_discard(self) -> bool:
        box = QMessageBox(QMessageBox.Question, "Position editor",
                          "The edited position is neither exported nor started as a sandbox.", parent=self)
        box.setInformativeText("Close the editor and lose the changes?")
        drop = box.addButton("Discard the changes", QMessageBox.DestructiveRole)
        keep = box.addButton("Keep editing", QMessageBox.RejectRole)
        box.setDefaultButton(keep)
        box.exec()
        return box.clickedButton() is drop

    @guarded
    def reject(self) -> None:
        """Close, Esc and the window's close button all come here (QDialog.closeEvent calls
        reject, and stays open if it does not close): asked first when there are changes."""
        if self._may_close():
            super().reject()
