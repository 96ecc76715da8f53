"""Judging a thrown play-out after a season (RULES.md §9): every player names the nation
they think is winning; computer players name the leader. The names are said out loud in
the seed, so one dialog asks everyone at once; at a table across computers each window asks
its own seat (the only person's seat its match has), with ``note`` saying how its name is kept."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout

from ..guard import guarded
from ..screen_fit import fit_title


class JudgingDialog(QDialog):
    def __init__(self, match, parent=None, note: str = ""):
        super().__init__(parent)
        self.setWindowTitle("Who is winning? — 5D Diplomacy")
        self.match = match
        judging = match.table.judging
        nations = judging.players()
        lay = QVBoxLayout(self)
        intro = QLabel("<b>After every season the players judge again.</b><br>Each names the nation they think "
                       "is winning. If everyone names the same nation, it wins and the game is over; there are "
                       "no draws.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        if note:
            sealed = QLabel(note)
            sealed.setObjectName("judging-note")
            sealed.setWordWrap(True)
            lay.addWidget(sealed)
        form = QFormLayout()
        self.boxes: dict[int, QComboBox] = {}
        for i, s in enumerate(match.seats):
            if s.is_person:
                box = QComboBox()
                box.addItems(nations)
                box.setCurrentText(s.nations[0] if s.nations[0] in nations else nations[0])
                self.boxes[i] = box
                form.addRow(f"{s.name} names:", box)
        for i, named in judging.computer_votes().items():
            form.addRow(f"{match.seats[i].name} ({', '.join(match.seats[i].nations)}) names:",
                        QLabel(f"<b>{named}</b> (the leader)"))
        lay.addLayout(form)
        buttons = QDialogButtonBox()
        self.judge_btn = buttons.addButton("Judge", QDialogButtonBox.AcceptRole)
        self.play_btn = buttons.addButton("Play on", QDialogButtonBox.RejectRole)
        self.play_btn.setToolTip("Go on to the next season without judging now")
        buttons.accepted.connect(self._judge)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        fit_title(self)                  # its whole title on a laptop's title bar

    def votes(self) -> dict[int, str]:
        return {i: box.currentText() for i, box in self.boxes.items()}

    @guarded
    def _judge(self) -> None:
        self.accept()
