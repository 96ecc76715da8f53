"""The nations panel: each nation's distinct centres on active boards (n/18, the victory
count), its units on active boards and the builds or disbands it owes, sorted by centres;
a nation's row names its centres (tooltip).

Cheap on big worlds: only active boards are counted, and each board's counts are kept
while the board is the same object (boards are immutable and shared between snapshots),
so a submission recounts only the boards it made."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import chain

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPixmap, QPainter
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from app.engine import World

from app.match.attention import tally

from ..guard import guarded
from ..multiverse.nation_look import look_of

CENTRES_TIP = ("Distinct supply centres the nation owns across all active boards: a centre held on "
               "several boards counts once. {need} win. Hover a nation to see its centres.")
NO_VICTORY_TIP = ("Distinct supply centres the nation owns across all active boards: a centre held on "
                  "several boards counts once. Nobody can win this game (it was grown with "
                  "selfplay --no-victory), so there is no target. Hover a nation to see its centres.")
UNITS_TIP = ("Units on active boards: the nation's units on every active board added together, so "
             "a nation with 5 units on each of 3 active boards has 15 (past boards are not counted).")
OWED_TIP = "Builds and disbands owed on active Winter boards: + builds owed, − disbands owed"
HEADERS = ["Nation", "Centres", "Units", "Builds ±"]       # short: the panel fits a laptop's side
ROWS_SHOWN = 7            # the table is never shorter than this many rows (a standard game's nations)
HIDDEN = "Hidden by the fog of war"


@lru_cache(maxsize=64)  # a few colours, asked for on every refresh
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


def summarise(world: World) -> list[dict]:
    """Per nation, sorted by centres (then units, then the variant's order): ``centres``
    (distinct, on active boards), ``held`` ({centre: on how many active boards}), ``units``
    (on active boards together), ``boards`` (active boards with its units) and ``owed``
    ([(Winter board, builds (+) or disbands (−))])."""
    names = world.variant.nation_names
    owed: dict[str, list] = {n: [] for n in names}
    tallies = []
    for key in world.active_boards():
        board = world.boards[key]
        t = tally(board)
        tallies.append(t)
        if not board.is_movement:
            for nation in names:
                diff = t.centre_count(nation) - t.units.get(nation, 0)
                if diff:
                    owed[nation].append((key, diff))
    # one counting pass each, in C, over all active boards' (cached) tallies
    units = Counter(chain.from_iterable(t.unit_nations for t in tallies))
    present = Counter(chain.from_iterable(t.units.keys() for t in tallies))
    pairs = Counter(chain.from_iterable(t.owned for t in tallies))
    held: dict[str, dict[str, int]] = {n: {} for n in names}
    for (nation, prov), k in pairs.items():
        if nation in held:
            held[nation][prov] = k
    rows = [{"nation": n, "centres": len(held[n]), "held": held[n], "units": units.get(n, 0),
             "boards": present.get(n, 0), "owed": owed[n]} for n in names]
    order = {n: i for i, n in enumerate(names)}
    rows.sort(key=lambda r: (-r["centres"], -r["units"], order[r["nation"]]))
    return rows


def centres_text(world: World, row: dict, active: int) -> str:
    """A nation's centres by name, each with the number of active boards holding it."""
    n, held = row["nation"], row["held"]
    if not held:
        return f"{n} owns no supply centre on the active boards."
    provinces = world.variant.provinces

    def name(p: str) -> str:
        info = provinces.get(p)
        return info.name if info else p
    parts = [f"{name(p)} ({k})" if active > 1 else name(p) for p, k in sorted(held.items(), key=lambda pk: name(pk[0]))]
    head = f"{n}: {len(held)} distinct centre{'s' if len(held) != 1 else ''} on the active boards"
    if active > 1:
        head += f" (in brackets: on how many of the {active} active boards)"
    return head + "\n" + _wrap(parts)


def _wrap(parts: list[str], width: int = 70) -> str:
    lines, line = [], ""
    for p in parts:
        piece = (", " if line else "") + p
        if line and len(line) + len(piece) > width:
            lines.append(line + ",")
            line = p
        else:
            line += piece
    return "\n".join(lines + [line])


class NationsPanel(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(HEADERS)
        self.table.verticalHeader().setVisible(False)
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)     # compact rows: seven fit a laptop
        self.table.setEditTriggers(QTableWidget.NoEditTriggers)
        self.table.setSelectionMode(QTableWidget.NoSelection)
        self.table.setFocusPolicy(Qt.NoFocus)
        hh = self.table.horizontalHeader()
        # sized once per refresh (resizeColumnsToContents), not again for every cell set
        for col in range(3):
            hh.setSectionResizeMode(col, QHeaderView.Interactive)
        hh.setSectionResizeMode(3, QHeaderView.Stretch)
        # never sideways: the Builds column takes what the others leave, its text ends in "…"
        # and is whole in its tooltip (a long list of Winter boards scrolled the table sideways,
        # hiding the nations' names behind the scroll bar's arrows)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        hh.setMinimumSectionSize(24)
        for col, tip in ((1, CENTRES_TIP.format(need="n")), (2, UNITS_TIP), (3, OWED_TIP)):
            self.table.horizontalHeaderItem(col).setToolTip(tip)
        lay.addWidget(self.table, 1)
        self.table.resizeColumnsToContents()     # empty, before any game: the headers' widths, no scroll bar
        self._fit_rows(ROWS_SHOWN)
        self.rows: list[dict] = []
        self.legend = None                # the fog of war key, made when first needed

    def _fit_columns(self) -> None:
        """Nation, Centres and Units as wide as their texts; the Builds column stretches over
        what they leave, at least its header's width: when the names are too long for that
        (long seat names, a narrow panel), the Nation column gives way and its names end in
        "…" (whole in the seat list), rather than the table scrolling sideways."""
        t = self.table
        for col in range(3):
            t.resizeColumnToContents(col)
        hh = t.horizontalHeader()
        builds = hh.sectionSizeHint(3)
        over = sum(t.columnWidth(c) for c in range(3)) + builds - t.viewport().width()
        if over > 0:
            t.setColumnWidth(0, max(hh.sectionSizeHint(0), t.columnWidth(0) - over))

    @guarded
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.table.rowCount():
            self._fit_columns()

    def _fit_rows(self, n: int) -> None:
        """The height the table would like: ``n`` rows and the header, without a scroll bar
        (the window's side panel gives the panel this much when it can)."""
        t = self.table
        self._table_h = (t.horizontalHeader().sizeHint().height() + n * t.verticalHeader().defaultSectionSize()
                         + 2 * t.frameWidth() + 2)

    def preferred_height(self) -> int:
        """The panel's height with every row of a standard game's table in sight."""
        m = self.layout().contentsMargins()
        legend = self.legend.sizeHint().height() + 6 if self.legend is not None and self.legend.isVisible() else 0
        return m.top() + m.bottom() + self.summary.sizeHint().height() + 2 * self.fontMetrics().height() \
            + legend + self._table_h + 12

    def _show_legend(self, fog) -> None:
        if fog is None:
            if self.legend is not None:
                self.legend.hide()
            return
        if self.legend is None:
            from ..multiverse.fog_art import FogLegend
            self.legend = FogLegend(fog)
            self.layout().insertWidget(1, self.legend)
        self.legend.set_nations(fog)
        self.legend.show()

    def _cell(self, row: int, col: int) -> QTableWidgetItem:
        item = self.table.item(row, col)
        if item is None:
            item = QTableWidgetItem()
            if col in (1, 2):
                item.setTextAlignment(Qt.AlignCenter)
            self.table.setItem(row, col, item)
        return item

    def set_world(self, world: World, seats: dict[str, str] | None = None, fog=None, known=None,
                  victory: int | None = -1) -> None:
        """``fog``: the nations whose sight ``world`` is (fog of war): only their counts are
        shown, the others' stay hidden (and are listed after them, in the variant's order,
        so the order tells nothing); None: no fog. ``victory``: the centres that win (None:
        nobody can win this game; the default: the variant's). ``known``: list only these nations (a
        civilisations game: the ones the seat has met, RULES.md §10)."""
        self._show_legend(fog)
        rows = summarise(world)
        listed = world.variant.nation_names if known is None else [n for n in world.variant.nation_names
                                                                    if n in set(known)]
        if known is not None:
            rows = [r for r in rows if r["nation"] in set(known)]
        if fog is not None:
            rows = ([r for r in rows if r["nation"] in fog]
                    + [{"nation": n, "centres": "?", "held": {}, "units": "?", "boards": "?", "owed": []}
                       for n in listed if n not in fog])
        self.rows = rows
        need = world.variant.victory_centres if victory == -1 else victory
        active = len(world.ends)
        self.table.horizontalHeaderItem(1).setToolTip(NO_VICTORY_TIP if need is None else CENTRES_TIP.format(need=need))
        look = look_of(world.variant)          # the palette shown (colour-vision-safe or the map's)
        self.table.setUpdatesEnabled(False)
        if len(rows) != self.table.rowCount():
            self._fit_rows(min(len(rows), ROWS_SHOWN))
        self.table.setRowCount(len(rows))
        for i, r in enumerate(rows):
            hidden = r["centres"] == "?"
            name = self._cell(i, 0)
            name.setIcon(swatch(look.colour(r["nation"]).name()))
            name.setText(r["nation"] + (f"  ({seats[r['nation']]})" if seats and r["nation"] in seats else ""))
            tip = HIDDEN if hidden else centres_text(world, r, active)
            name.setToolTip(tip)
            c = self._cell(i, 1)
            c.setText(f"{r['centres']}" if need is None else f"{r['centres']}/{need}")
            c.setToolTip(tip)
            f = c.font()
            f.setBold(not hidden and need is not None and r["centres"] >= need)
            c.setFont(f)
            u = self._cell(i, 2)
            u.setText(str(r["units"]))
            u.setToolTip(HIDDEN if hidden else
                         f"{r['units']} unit{'s' if r['units'] != 1 else ''} on {r['boards']} of the {active} "
                         f"active board{'s' if active != 1 else ''}, added together")
            o = self._cell(i, 3)
            owed = ", ".join(f"{k}: {'+' if d > 0 else ''}{d}" for k, d in r["owed"])
            o.setText(owed or "—")
            # the column takes what is left of the panel: a long list ends in "…", whole here
            o.setToolTip(f"{owed}\n\n{OWED_TIP}" if owed else OWED_TIP)
        self._fit_columns()
        self.table.setUpdatesEnabled(True)
        waiting = {"movement": "waiting for <b>orders</b>", "retreats": "waiting for <b>retreats</b>",
                   "over": "<b>the game is over</b>"}[world.phase]
        boards, timelines = len(world.boards), len(world.timelines)
        self.summary.setText(f"<b>{boards}</b> board{'s' if boards != 1 else ''} · "
                             f"<b>{timelines}</b> timeline{'s' if timelines != 1 else ''} · "
                             f"<b>{active}</b> active · {waiting}<br>"
                             + ("Nobody can win this game (grown with --no-victory)." if need is None
                                else f"{need} distinct centres on active boards win."))
