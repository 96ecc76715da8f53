"""One command of a window: its text, keys, tip and slot as a ``QAction`` that the window
owns, so its keys work wherever the focus is in that window. The main window's actions and
the studio's are made alike."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


def make_action(owner: QWidget, text, slot, shortcut=None, tip="", checkable=False) -> QAction:
    """``shortcut``: a key, a standard key or a list of them; ``tip`` gains the first key."""
    a = QAction(text, owner)
    if shortcut:
        keys = shortcut if isinstance(shortcut, list) else [shortcut]
        seqs = []
        for k in keys:
            seqs.extend(QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) else [QKeySequence(k)])
        a.setShortcuts(seqs)
        a.setShortcutContext(Qt.WindowShortcut)
    if tip:
        sc = a.shortcut().toString(QKeySequence.NativeText)
        a.setToolTip(f"{tip} ({sc})" if sc else tip)
        a.setStatusTip(tip)
    a.setCheckable(checkable)
    a.triggered.connect(slot)
    owner.addAction(a)
    return a
