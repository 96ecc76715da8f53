"""Who plays each nation of a new sandbox: you, the computer at a level, or nobody (it
holds). The new-game dialog shows it; it turns into the match's seats."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel

from app.engine import load_variant
from app.match import Seat

YOU, NOBODY = "you", "nobody"
COMPUTER_COLOUR = "#495057"
NOBODY_COLOUR = "#adb5bd"


class SandboxOpponents(QGroupBox):
    """Who plays each nation in a sandbox: you, the computer at a level, or nobody."""

    def __init__(self, variant_box: QComboBox, parent=None):
        super().__init__("Nations", parent)
        self.variant_box = variant_box
        self.grid = QGridLayout(self)
        self.grid.setHorizontalSpacing(14)
        self.choices: dict[str, QComboBox] = {}
        self.names: dict[str, QLabel] = {}
        self.thrown: int | None = None     # a thrown start: only the variant's first nations play
        variant_box.currentIndexChanged.connect(self.rebuild)
        self.rebuild()

    def rebuild(self) -> None:
        while self.grid.count():
            item = self.grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.choices, self.names = {}, {}
        v = load_variant(self.variant_box.currentData() or "standard")
        self.note = note = QLabel()
        note.setWordWrap(True)
        self.grid.addWidget(note, 0, 0, 1, 4)
        from app.bots import LEVELS
        for i, n in enumerate(v.nation_names):
            name = QLabel(f"<span style='color:{v.nations[n].colour}'>■</span> {n}")
            box = QComboBox()
            box.addItem("You", YOU)
            for level in LEVELS:
                box.addItem(f"Computer ({level})", level)
            box.addItem("Nobody (holds)", NOBODY)
            box.setToolTip(f"Who plays {n}")
            self.choices[n] = box
            self.names[n] = name
            row, col = 1 + i // 2, (i % 2) * 2
            self.grid.addWidget(name, row, col)
            self.grid.addWidget(box, row, col + 1)
        self.set_thrown(self.thrown)

    def set_thrown(self, players: int | None) -> None:
        """A thrown start for ``players`` nations (None: the standard opening): only the
        variant's first ``players`` nations are in the game, and the note names them."""
        self.thrown = players
        nations = list(self.choices)
        playing = nations[:players] if players else nations
        for n in nations:
            self.names[n].setVisible(n in playing)
            self.choices[n].setVisible(n in playing)
        text = ("You give the orders of your nations; the computer's are made when you submit; "
                "nations nobody plays hold.")
        if players:
            text = (f"A thrown start for {players}: {', '.join(playing[:-1])} and {playing[-1]} play "
                    f"(the variant's first {players}); the others are not in the game. " + text)
        self.note.setText(text)

    def playing(self) -> list[str]:
        """The nations in the game (a thrown start's first ones, else all)."""
        nations = list(self.choices)
        return nations[:self.thrown] if self.thrown else nations
    def set_choice(self, nation: str, who: str) -> None:
        """``who``: "you", a level, or "nobody" (tests and a future 'play again')."""
        box = self.choices[nation]
        box.setCurrentIndex(box.findData(who))

    def problem(self) -> str | None:
        if not any(self.choices[n].currentData() == YOU for n in self.playing()):
            return "In a sandbox you play at least one nation: choose “You” for one."
        return None

    def seats(self) -> list[Seat]:
        """The match's seats: [] when you play every nation (a plain sandbox); otherwise your
        seat first, then one seat per computer level, then nobody's."""
        picked: dict[str, list[str]] = {}
        for n in self.playing():
            picked.setdefault(self.choices[n].currentData(), []).append(n)
        if set(picked) == {YOU}:
            return []
        seats = [Seat(name="You", nations=tuple(picked.get(YOU, ())))]
        from app.bots import LEVELS
        for level in LEVELS:
            if picked.get(level):
                seats.append(Seat(name=f"Computer ({level})", colour=COMPUTER_COLOUR, nations=tuple(picked[level]),
                                  controller="computer", level=level))
        if picked.get(NOBODY):
            seats.append(Seat(name="Nobody", colour=NOBODY_COLOUR, nations=tuple(picked[NOBODY]), controller="nobody"))
        return seats
