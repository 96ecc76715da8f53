"""The export's question before the file dialog: which board (for one board), at what
resolution (for an image), with the size it will have — and, for the whole multiverse,
whether that size fits in memory (else the largest that does, said before anything starts).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLineEdit,
                               QVBoxLayout)

from app.engine import BoardKey

from ..message_label import MessageLabel
from ..guard import guarded
from ..screen_fit import fit_title

SCALES = (1, 2, 4)
TITLES = {"board": "Export a board", "view": "Export the view", "multiverse": "Export the whole multiverse",
          "print-board": "Print a board", "pdf-board": "A board as PDF"}


@dataclass(frozen=True)
class ExportOptions:
    key: BoardKey | None = None     # the board (one board's export)
    scale: int = 1                  # 1×, 2×, 4× the screen's resolution (images)


class ExportImageDialog(QDialog):
    """``what``: ``board`` (a board name and a resolution), ``view`` or ``multiverse`` (a
    resolution), ``print-board`` / ``pdf-board`` (a board name). ``describe(options)``
    says what the export will be (its size in pixels, a downscale) or raises ValueError
    with what is wrong (no such board)."""

    def __init__(self, parent, what: str, start: BoardKey | None = None, describe=None):
        super().__init__(parent)
        self.what = what
        self.describe = describe or (lambda options: "")
        self.setWindowTitle(TITLES.get(what, "Export"))
        lay = QVBoxLayout(self)
        form = QFormLayout()
        self.board = QLineEdit(str(start) if start else "")
        self.board.setPlaceholderText("timeline:turn, e.g. 3:F1905")
        self.board.setToolTip("The board to export: its timeline and turn, as Go to board reads them")
        if "board" in what:
            form.addRow("Board", self.board)
        self.scale = QComboBox()
        for k in SCALES:
            self.scale.addItem({1: "1× — as on the screen", 2: "2× — twice as sharp",
                                4: "4× — for print"}[k], k)
        self.scale.setToolTip("How many pixels for each pixel on the screen")
        if what in ("board", "view", "multiverse"):
            form.addRow("Resolution", self.scale)
        lay.addLayout(form)
        self.note = MessageLabel()
        self.note.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.ok = buttons.button(QDialogButtonBox.Ok)
        self.ok.setText("Print…" if what.startswith("print") else "Choose a file…")
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.board.textChanged.connect(self._update)
        self.scale.currentIndexChanged.connect(self._update)
        fit_title(self)
        self.setMinimumWidth(max(self.minimumWidth(), 420))
        self._update()

    def options(self) -> ExportOptions:
        """The options as chosen (raises ValueError naming a board that cannot be read)."""
        key = None
        if "board" in self.what:
            text = self.board.text().strip()
            try:
                key = BoardKey.parse(text)
            except (ValueError, KeyError) as e:
                raise ValueError(f"Not a board name: {e}") from None
        return ExportOptions(key, int(self.scale.currentData() or 1))

    @guarded
    def _update(self, *_):
        try:
            text = self.describe(self.options())
            ok = True
        except ValueError as e:
            text, ok = str(e), False
        self.note.show_message(text, "plain" if ok else "error")
        self.ok.setEnabled(ok)

    @guarded
    def _accept(self, *_):
        self._update()
        if self.ok.isEnabled():
            self.accept()


def ask_options(window, what: str, start: BoardKey | None = None, describe=None) -> ExportOptions | None:
    """Ask for the export's options (modal); None when the player cancels."""
    dlg = ExportImageDialog(window, what, start, describe)
    window.hold_prompt(dlg)
    try:
        if dlg.exec() != QDialog.Accepted:
            return None
        return dlg.options()
    finally:
        window.hold_prompt(None)
