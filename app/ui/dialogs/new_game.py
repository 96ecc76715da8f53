"""New game: mode (sandbox or hotseat), adjacency, variant, and for hotseat 2–24 seats, each
with a player name, a colour, who plays it (a person, or a computer player when the bots are
installed), an optional PIN and the nations it plays (nations nobody plays hold)."""

from __future__ import annotations

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QColorDialog, QComboBox, QDialogButtonBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QRadioButton, QSpinBox, QVBoxLayout, QWidget)

from app.engine import load_variant, VariantError
from app.match import Seat
from app.match.seats import shared_name
from app.engine import available

from ..message_label import MessageLabel
from ..table.new_game_options import DeadlineOption, WatchOption
from .sandbox_opponents import SandboxOpponents
from ..screen_fit import keep_inside
from .pin_fields import PIN_ADVICE, PinFields
from .checked import CheckedDialog
from .scrolling_rows import ScrollingRows

SEAT_COLOURS = ["#1971c2", "#e8590c", "#2f9e44", "#9c36b5", "#c2255c", "#0c8599", "#f08c00",
                "#c92a2a", "#364fc7", "#5c940d", "#862e9c", "#087f5b", "#a61e4d", "#495057", "#74b816", "#7048e8",
                "#660000", "#440044", "#00aa88", "#e599a0", "#3bc9db", "#2200ee", "#664444", "#006666"]
DEFAULT_NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lea", "Max",
                 "Noa", "Oli", "Pia", "Quin", "Ray", "Sol", "Tam", "Uma", "Vic", "Wes", "Xia"]
MAX_SEATS = 24     # one per nation, and a variant has up to 24 (RULES.md §12)
DEFAULT_VARIANT = "standard"   # chosen when the dialog opens, if installed
VISIBLE_SEATS = 8  # seat rows in view at once; more scroll


def computer_levels() -> tuple[str, ...]:
    """The computer players' levels, or () when this installation has none."""
    try:
        from app.bots import LEVELS
    except ImportError:
        return ()
    return tuple(LEVELS)


def variants() -> list[tuple[str, str]]:
    """(name, title) of every built-in and user variant that loads."""
    out = []
    for ref in available():
        try:
            load_variant(ref.name)
        except VariantError:
            continue
        out.append((ref.name, ref.title if ref.source == "built-in" else f"{ref.title} (yours)"))
    return out


class SeatRow(QWidget):
    def __init__(self, index: int, nations: list[str], nation_colours: dict[str, str], parent=None):
        super().__init__(parent)
        self.colour = SEAT_COLOURS[index % len(SEAT_COLOURS)]
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 2, 0, 2)
        self.name = QLineEdit(DEFAULT_NAMES[index % len(DEFAULT_NAMES)])
        self.name.setMaximumWidth(130)
        # the nation boxes beside it squeezed it to three letters: room for a usual first name
        self.name.setMinimumWidth(self.name.fontMetrics().horizontalAdvance("Christopher") + 16)
        self.name.setToolTip("The player's name (shown on the curtain between seats)")
        lay.addWidget(self.name)
        self.colour_btn = QPushButton()
        self.colour_btn.setFixedSize(26, 22)
        self.colour_btn.setToolTip("The player's colour")
        self.colour_btn.clicked.connect(self._pick)
        self._paint()
        lay.addWidget(self.colour_btn)
        self.player = QComboBox()
        self.player.addItem("Person", ("person", None))
        for level in computer_levels():
            self.player.addItem(f"Computer ({level})", ("computer", level))
        self.player.setToolTip("Who plays this seat" + ("" if self.player.count() > 1 else
                                                       " (computer players are not installed)"))
        self.player.currentIndexChanged.connect(self._player_changed)
        lay.addWidget(self.player)
        self.pin_fields = PinFields()              # the PIN, typed twice (pin_fields.py)
        self.pin, self.pin_again = self.pin_fields.pin, self.pin_fields.again
        lay.addWidget(self.pin_fields)
        self.boxes: dict[str, QCheckBox] = {}
        for n in nations:
            cb = QCheckBox(n[:3])
            cb.setToolTip(n)
            cb.setStyleSheet(f"QCheckBox::indicator:checked {{ background: {nation_colours[n]}; border: 1px solid #333; }}")
            self.boxes[n] = cb
            lay.addWidget(cb)
        lay.addStretch(1)

    def _paint(self) -> None:
        self.colour_btn.setStyleSheet(f"background: {self.colour}; border: 1px solid #444; border-radius: 4px;")

    def _pick(self) -> None:
        c = QColorDialog.getColor(QColor(self.colour), self, "Seat colour")
        if c.isValid():
            self.colour = c.name()
            self._paint()

    def _player_changed(self) -> None:
        person = self.player.currentData()[0] == "person"
        if not person:             # a PIN guards a person's orders: a computer has none to guard
            self.pin.clear()
            self.pin_again.clear()
        self.pin_fields.setEnabled(person)
        self.pin_fields.set_placeholder("PIN (optional)" if person else "no PIN (computer)")

    def nations(self) -> list[str]:
        return [n for n, cb in self.boxes.items() if cb.isChecked()]

    def seat_name(self) -> str:
        return self.name.text().strip()[:40] or "Player"

    def seat(self) -> Seat:
        controller, level = self.player.currentData()
        return Seat(name=self.seat_name(), colour=self.colour,
                    nations=tuple(self.nations()), controller=controller, level=level)


class NewGameDialog(CheckedDialog):
    def __init__(self, parent=None, recent: list[str] | None = None):
        super().__init__(parent)
        self.setWindowTitle("New game — 5D Diplomacy")
        self.setMinimumWidth(720)
        keep_inside(self)                # it grows with the seats: never past a laptop screen's edge
        self.open_path: str | None = None
        outer = QVBoxLayout(self)
        head = QLabel("<h2 style='margin:0'>5D Diplomacy</h2><span>Diplomacy with multiverse time travel</span>")
        outer.addWidget(head)
        form = QFormLayout()
        self.variant = QComboBox()
        listed = variants()
        for name, title in listed:
            self.variant.addItem(title, name)
        if (standard := self.variant.findData(DEFAULT_VARIANT)) >= 0:
            self.variant.setCurrentIndex(standard)   # listed by name, but a first game is Standard
        self.variant.setToolTip("The map and nations")
        form.addRow("Variant", self.variant)
        # a designer's variant with errors is not offered; say so, or it seems lost
        refused = sorted({r.name for r in available()} - {name for name, _title in listed})
        self.variant_note = QLabel(
            f"Not listed, as {'they have' if len(refused) > 1 else 'it has'} errors: {', '.join(refused)}. "
            f"<tt>python -m app variant check {refused[0]}</tt> lists them." if refused else "")
        self.variant_note.setWordWrap(True)
        self.variant_note.setMinimumWidth(560)     # else the form sizes the wrapped note for a narrow width: tall
        self.variant_note.setStyleSheet("font-size: 12px;")
        form.addRow("", self.variant_note)
        form.setRowVisible(self.variant_note, bool(refused))
        self.adjacency = QComboBox()
        self.adjacency.addItem("Strict — across boards a unit reaches only its own province", "strict")
        self.adjacency.addItem("Loose — across boards a unit also reaches the neighbouring provinces", "loose")
        self.adjacency.setToolTip("How units reach other boards (strict is the default)")
        form.addRow("Adjacency", self.adjacency)
        modes = QVBoxLayout()
        self.sandbox = QRadioButton("Sandbox — one person gives the orders: of every nation, or of some against the computer")
        self.hotseat = QRadioButton("Hotseat — players take turns at this computer")
        self.sandbox.setChecked(True)
        grp = QButtonGroup(self)
        grp.addButton(self.sandbox)
        grp.addButton(self.hotseat)
        modes.addWidget(self.sandbox)
        modes.addWidget(self.hotseat)
        form.addRow("Mode", modes)
        # -- thrown pieces (h3-winks, RULES.md §9) --
        starts = QHBoxLayout()
        self.start = QComboBox()
        self.start.addItem("Standard opening", "standard")
        self.start.addItem("Thrown pieces — throw armies and fleets at the board", "thrown")
        self.start.addItem("Random thrown start — everything thrown at once, straight to play", "random-thrown")
        self.start.addItem("Civilisations — start alone on one centre in the fog, meet the others", "civilisations")
        self.start.setToolTip("Thrown pieces (Diplomacywinks): 2–7 players, a nation each; the game goes on from "
                              "Fall 1901 with no centre owned, and builds in the centres owned at Winter 1901")
        starts.addWidget(self.start, 1)
        self.thrown_players = QSpinBox()
        self.thrown_players.setRange(2, 7)
        self.thrown_players.setValue(4)
        self.thrown_players.setPrefix("Nations: ")
        self.thrown_players.setToolTip("How many nations throw (the first ones of the variant); in hotseat, one per seat")
        starts.addWidget(self.thrown_players)
        form.addRow("Start", starts)
        self.start.currentIndexChanged.connect(self._mode_changed)
        self.thrown_players.valueChanged.connect(self._mode_changed)
        self.watch = WatchOption()            # "Watch the computer play" (app/ui/table)
        form.addRow("", self.watch)
        self.watch.toggled.connect(self._mode_changed)
        outer.addLayout(form)
        self.opponents = SandboxOpponents(self.variant)
        outer.addWidget(self.opponents)
        from .civ_game import CivOptions       # RULES.md §10: its own box
        self.civ = CivOptions(computer_levels())
        self.variant.currentIndexChanged.connect(lambda _=0: self.civ.set_variant(self.variant.currentData()))
        self.civ.set_variant(self.variant.currentData())
        outer.addWidget(self.civ)
        self.seats_box = QGroupBox("Seats")
        sl = QVBoxLayout(self.seats_box)
        cnt = QHBoxLayout()
        cnt.addWidget(QLabel("Players"))
        self.seat_count = QSpinBox()
        self.seat_count.setRange(2, MAX_SEATS)
        self.seat_count.setValue(2)
        self.seat_count.valueChanged.connect(self._rebuild_seats)
        cnt.addWidget(self.seat_count)
        cnt.addWidget(QLabel("  Tick the nations each player plays; nations nobody plays hold."))
        cnt.addStretch(1)
        sl.addLayout(cnt)
        self.seat_scroll = ScrollingRows()      # past eight seats they scroll (a 768-pixel screen)
        self.seat_holder = self.seat_scroll.rows
        sl.addWidget(self.seat_scroll)
        self.fog = QCheckBox("Fog of war — each player sees only what their nations' units and centres can see")
        self.fog.setToolTip("Rules §8: a unit or owned centre sees its province and the ones next to it,\n"
                            "and a unit sees what it could reach on the boards next to its own.")
        sl.addWidget(self.fog)
        self.deadline = DeadlineOption()      # a time limit per seat turn (app/ui/table)
        sl.addWidget(self.deadline)
        self.pin_advice = QLabel(PIN_ADVICE)
        self.pin_advice.setWordWrap(True)
        self.pin_advice.setStyleSheet("font-size: 12px;")
        sl.addWidget(self.pin_advice)
        outer.addWidget(self.seats_box)
        self.seat_rows: list[SeatRow] = []
        self.error = MessageLabel(tone="error")
        outer.addWidget(self.error)
        buttons = QDialogButtonBox()
        self.start_btn = buttons.addButton("Start game", QDialogButtonBox.AcceptRole)
        self.open_btn = buttons.addButton("Open saved game…", QDialogButtonBox.ActionRole)
        buttons.addButton(QDialogButtonBox.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        self.open_btn.clicked.connect(self._open)
        self.recent_box = QComboBox()
        self.recent_box.setToolTip("Recently played games")
        if recent:
            self.recent_box.addItem("Recent games…", None)
            for p in recent:
                self.recent_box.addItem(p, p)
            self.recent_box.activated.connect(self._recent)
            outer.addWidget(self.recent_box)
        outer.addWidget(buttons)
        self.variant.currentIndexChanged.connect(self._rebuild_seats)
        self.sandbox.toggled.connect(self._mode_changed)
        self._rebuild_seats()
        self._mode_changed()

    def _mode_changed(self) -> None:
        civ = self.start.currentData() == "civilisations"
        thrown = self.start.currentData() not in ("standard", "civilisations")
        self.thrown_players.setVisible(thrown and not self.hotseat.isChecked())
        self.opponents.set_thrown(self.thrown_players.value() if thrown else None)
        self.seats_box.setEnabled(self.hotseat.isChecked() and not civ)
        self.seats_box.setVisible(self.hotseat.isChecked() and not civ)
        self.opponents.setVisible(not self.hotseat.isChecked() and not civ)
        self.watch.cover(self)
        civ = civ and not self.watch.chosen()
        self.civ.setVisible(civ)
        if civ:                  # a civilisations game's seats are in its own box
            for mode in (self.sandbox, self.hotseat):
                mode.setEnabled(False)
        self.adjustSize()

    def _rebuild_seats(self) -> None:
        for r in self.seat_rows:
            r.setParent(None)
            r.deleteLater()
        self.seat_rows = []
        v = load_variant(self.variant.currentData() or "standard")
        nations = list(v.nation_names)
        colours = {n: v.nations[n].colour for n in nations}
        self.seat_count.blockSignals(True)  # at most one seat per nation of this variant
        self.seat_count.setMaximum(len(nations))
        self.seat_count.blockSignals(False)
        k = self.seat_count.value()
        for i in range(k):
            row = SeatRow(i, nations, colours)
            self.seat_rows.append(row)
            self.seat_holder.addWidget(row)
        # deal the nations round-robin as a starting point
        for j, n in enumerate(nations):
            self.seat_rows[j % k].boxes[n].setChecked(True)
        for row in self.seat_rows:
            for cb in row.boxes.values():
                cb.toggled.connect(self._recheck)
            row.player.currentIndexChanged.connect(self._recheck)
            row.name.textChanged.connect(self._recheck)
        self._recheck()
        self.seat_scroll.show_at_most(VISIBLE_SEATS)
        # wide enough for a seat's row (its name, PINs and every nation), however many nations
        self.setMinimumWidth(max(720, max(r.minimumSizeHint().width() for r in self.seat_rows) + 60
                                 + self.seat_scroll.bar_width()))

    def settings(self) -> dict:
        """{"mode", "adjacency", "variant", "seats": [Seat], "pins": {seat index: PIN}}
        (call after :meth:`problem` says None)."""
        mode = "hotseat" if self.hotseat.isChecked() else "sandbox"
        seats, pins = self.opponents.seats(), {}
        if mode == "hotseat":
            seats = []
            for i, r in enumerate(self.seat_rows):
                seats.append(r.seat())
                if r.pin_fields.isEnabled() and r.pin.text():
                    pins[i] = r.pin.text()
        return {"mode": mode, "adjacency": self.adjacency.currentData(), "variant": self.variant.currentData(),
                "seats": seats, "pins": pins, "fog": mode == "hotseat" and self.fog.isChecked(),
                "start": self.start.currentData(), "watch": self.watch.chosen(),
                "deadline": self.deadline.seconds() if mode == "hotseat" else None,
                "thrown_players": len(seats) if mode == "hotseat" else self.thrown_players.value(),
                **({"civ": self.civ.settings()} if self._civ_chosen() else {})}

    def _civ_chosen(self) -> bool:
        return self.start.currentData() == "civilisations" and not self.watch.chosen()

    def problem(self) -> str | None:
        if self.watch.chosen():
            return None
        if self._civ_chosen():
            return self.civ.problem()
        if not self.hotseat.isChecked():
            return self.opponents.problem()
        if (twice := shared_name(r.seat_name() for r in self.seat_rows)) is not None:   # blank: "Player"
            return f"Two seats are named {twice}: give each player a name of their own."
        seen: dict[str, str] = {}
        people = 0
        for r in self.seat_rows:
            name = r.seat_name()          # as the table will call it
            if not r.nations():
                return f"{name} plays no nation: tick at least one."
            for n in r.nations():
                if n in seen:
                    return f"{n} is ticked for both {seen[n]} and {name}."
                seen[n] = name
            people += r.player.currentData()[0] == "person"
            if p := r.pin_fields.problem(name):
                return p
        if people == 0:
            return "At least one seat must be played by a person."
        if self.start.currentData() != "standard":
            for r in self.seat_rows:
                if len(r.nations()) != 1:
                    return f"Thrown pieces: each player throws for one nation; tick one for {r.name.text().strip() or 'Player'}."
        return None

    def _open(self) -> None:
        from PySide6.QtWidgets import QFileDialog
        path, _ = QFileDialog.getOpenFileName(self, "Open game", "", "5D Diplomacy games (*.json *.5dd);;All files (*)")
        if path:
            self.open_path = path
            self.accept()

    def _recent(self, i: int) -> None:
        p = self.recent_box.itemData(i)
        if p:
            self.open_path = p
            self.accept()
