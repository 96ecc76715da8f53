"""Each nation's distinct centres on active boards (n/18), units, builds or disbands owed."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap, QPainter
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from app.engine.world import World

from ..state import nation_summary


def swatch(colour: str, size: int = 14) -> QIcon:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    p.setBrush(QColor(colour))
    p.setPen(QColor(colour).darker(160))
    p.drawRoundedRect(1, 1, size - 2, size - 2, 3, 3)
    p.end()
    return QIcon(pm)


class NationsPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["Nation", "Centres", "Units", "Builds / disbands"])
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.NoSelection)
        self.table.setFocusPolicy(Qt.NoFocus)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeToContents)
        hh.setSectionResizeMode(2, QHeaderView.ResizeToContents)
        hh.setSectionResizeMode(3, QHeaderView.Stretch)
        self.table.setToolTip("Centres: distinct supply centres a nation owns across all active boards")
        lay.addWidget(self.table, 1)
        self.rows: list[dict] = []
        self.legend = None                # the fog of war key, made when first needed

    def _show_legend(self, fog) -> None:
        if fog is None:
            if self.legend is not None:
                self.legend.hide()
            return
        if self.legend is None:
            from ..fog_art import FogLegend
            self.legend = FogLegend(fog)
            self.layout().insertWidget(1, self.legend)
        self.legend.set_nations(fog)
        self.legend.show()

    def set_world(self, world: World, seats: dict[str, str] | None = None, fog=None) -> None:
        """``fog``: the nations whose sight ``world`` is (fog of war): only their counts are
        shown, the others' stay hidden; None: no fog."""
        self._show_legend(fog)
        rows = nation_summary(world)
        if fog is not None:
            rows = [r if r["nation"] in fog else {"nation": r["nation"], "centres": "?", "units": "?", "owed": []}
                    for r in rows]
        self.rows = rows
        need = world.variant.victory_centres
        self.table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            n = world.variant.nations[r["nation"]]
            name = QTableWidgetItem(swatch(n.colour), r["nation"] + (f"  ({seats[r['nation']]})" if seats and r["nation"] in seats else ""))
            self.table.setItem(i, 0, name)
            c = QTableWidgetItem(f"{r['centres']}/{need}")
            c.setTextAlignment(Qt.AlignCenter)
            if r["centres"] == "?":
                c.setToolTip("Hidden by the fog of war")
            elif r["centres"] >= need:
                f = c.font(); f.setBold(True); c.setFont(f)
            self.table.setItem(i, 1, c)
            u = QTableWidgetItem(str(r["units"]))
            u.setTextAlignment(Qt.AlignCenter)
            self.table.setItem(i, 2, u)
            owed = ", ".join(f"{k}: {'+' if d > 0 else ''}{d}" for k, d in r["owed"]) or "—"
            o = QTableWidgetItem(owed)
            o.setToolTip("On active Winter boards: + builds owed, − disbands owed")
            self.table.setItem(i, 3, o)
        active = world.active_boards()
        phase = {"movement": "orders", "retreats": "retreats", "over": "game over"}[world.phase]
        self.summary.setText(f"<b>{len(world.boards)}</b> boards · <b>{len(world.timelines)}</b> timelines · "
                             f"<b>{len(active)}</b> active · waiting for <b>{phase}</b><br>"
                             f"{need} distinct centres on active boards win.")
