"""The dialog for an unexpected error: what happened, that the game was autosaved, the
details (for a bug report) and a button that copies them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QApplication, QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QPushButton,
                               QVBoxLayout)


class ErrorDialog(QDialog):
    def __init__(self, summary: str, details: str, saved: bool = False, parent=None):
        super().__init__(parent)
        self.setWindowTitle("Something went wrong — 5D Diplomacy")
        self.setMinimumWidth(560)
        self.details = details
        lay = QVBoxLayout(self)
        head = QLabel("<b>Something went wrong, but the game goes on.</b><br>"
                      + ("Your game was saved automatically. " if saved else "")
                      + "If this happens again, please send the details below with a bug report.")
        head.setWordWrap(True)
        lay.addWidget(head)
        self.summary = QLabel(summary)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.summary)
        self.text = QPlainTextEdit(details)
        self.text.setReadOnly(True)
        self.text.setMinimumHeight(160)
        lay.addWidget(self.text)
        buttons = QDialogButtonBox()
        self.copy_btn = QPushButton("Copy details")
        self.copy_btn.clicked.connect(self.copy)
        buttons.addButton(self.copy_btn, QDialogButtonBox.ActionRole)
        close = buttons.addButton("Continue", QDialogButtonBox.AcceptRole)
        close.clicked.connect(self.accept)
        lay.addWidget(buttons)

    def copy(self) -> None:
        QApplication.clipboard().setText(self.details)
        self.copy_btn.setText("Copied")
