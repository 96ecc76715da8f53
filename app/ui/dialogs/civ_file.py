"""Opening a civilisations start from a file (``python -m app civ … --out civ.json``, or any
scenario whose start is a civilisations one): the start is drawn already, so this asks only
what else the new-game choice "Civilisations" asks: how many people sit at this computer,
which civilisation each plays, their PINs, and the computer's levels for the others."""

from __future__ import annotations

from typing import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QVBoxLayout

from ..message_label import MessageLabel
from ..screen_fit import fit_title
from .civ_game import CivOptions
from .checked import CheckedDialog
from .new_game import computer_levels


class CivFileDialog(CheckedDialog):
    """``civilisations``: the start's (name, colour) pairs; ``when``: its date in words."""

    def __init__(self, parent, file_name: str, civilisations: Sequence[tuple[str, str]], variant_title: str,
                 when: str):
        super().__init__(parent)
        self.setWindowTitle(f"Play the civilisations start {file_name}")
        self.setWindowModality(Qt.WindowModal)
        fit_title(self)
        lay = QVBoxLayout(self)
        head = QLabel(f"<h3 style='margin:0'>{file_name}: a civilisations game</h3>"
                      f"<p style='margin:4px 0 0 0'>{len(civilisations)} civilisations on {variant_title}, "
                      f"from {when}.</p>")
        head.setWordWrap(True)
        lay.addWidget(head)
        self.civ = CivOptions(computer_levels(), drawn=civilisations)
        lay.addWidget(self.civ)
        self.error = MessageLabel(tone="error")
        lay.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Start")
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.civ.changed.connect(self._recheck)
        self.civ.people.valueChanged.connect(lambda _n: self._recheck())

    def problem(self) -> str | None:
        return self.civ.problem()

    def settings(self) -> dict:
        """``players`` (CivPlayer, each naming one of the start's civilisations) and ``levels``."""
        return {"players": self.civ.players(), "levels": self.civ.levels() or ["standard"]}


__all__ = ["CivFileDialog"]
