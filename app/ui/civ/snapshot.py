"""An old map received from another civilisation (RULES.md §10), shown read-only in a window
of its own: what the giver saw at that moment, veiled where it did not see, under a
banner that says whose map it is and how old. Modal, so that it is closed before the
seat passes the computer on (a separate window is not under the hotseat curtain)."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout

from app.engine import World

from ..guard import guarded
from ..multiverse.world_scene import WorldScene
from ..multiverse.world_view import WorldView


class SnapshotDialog(QDialog):
    def __init__(self, parent, world: World, giver: str, title: str, art, theme):
        super().__init__(parent)
        self.setWindowTitle(f"{title} (old map) — 5D Diplomacy")
        self.setModal(True)
        lay = QVBoxLayout(self)
        self.banner = QLabel(f"<b>OLD MAP</b> — {title}. What {giver} saw then, hatched where it did not see. "
                             "Read-only: it does not change as the game goes on.")
        self.banner.setWordWrap(True)
        self.banner.setStyleSheet("QLabel { background: #f59f00; color: #1b1b1b; padding: 6px 10px; "
                                  "border-radius: 4px; }")
        lay.addWidget(self.banner)
        self.scene = WorldScene(art, theme, self)
        self.scene.set_world(world, fog=(giver,))
        self.view = WorldView(self.scene)
        lay.addWidget(self.view, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.Close).clicked.connect(self.reject)
        lay.addWidget(buttons)
        if parent is not None:
            self.resize(int(parent.width() * 0.9), int(parent.height() * 0.9))
        QTimer.singleShot(0, self, self._fit)

    @guarded
    def _fit(self) -> None:
        self.view.refresh_area()
        self.view.go_to_present()
