"""The in-app rules page (rules.md beside this module, in our own words)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout

from ..screen_fit import fit_to_screen

RULES = Path(__file__).with_name("rules.md")    # package data: a wheel carries it


class RulesDialog(QDialog):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Rules — 5D Diplomacy")
        lay = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        try:
            self.browser.setMarkdown(RULES.read_text(encoding="utf-8"))
        except OSError:
            self.browser.setPlainText("The rules page (rules.md) is missing from this installation.")
        lay.addWidget(self.browser)
        bb = QDialogButtonBox(QDialogButtonBox.Close)
        bb.rejected.connect(self.reject)
        lay.addWidget(bb)
        fit_to_screen(self, 760, 820)    # shorter on a laptop: the page scrolls, Close stays in sight
