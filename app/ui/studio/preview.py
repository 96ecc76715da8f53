"""The adjudication preview on the boards: with orders pending, what would happen if the
world were submitted now — each order's outcome and reason, the units that would be
dislodged, the timelines that would fork — drawn over the boards without changing the game.

The outcome is the match layer's (:mod:`app.match.preview`: the engine's own submission on
the unchanged world, on the seat's view with the seat's own orders), computed on a worker
thread: a change to the pending orders asks again after a short pause (typing a few orders
asks once), a result that arrives after a newer request is dropped, and the preview is gone
on submit and whenever the seat leaves the table.

:class:`PreviewItem` is one light item laid over the boards (it takes no clicks: clicks
reach the boards beneath); :class:`PreviewController` owns the runner, the item and the
status-bar chip.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QLabel

from ..guard import guarded
from .services import StudioServices
from ..multiverse.map_colours import STATUS_COLOURS

if TYPE_CHECKING:                     # the preview's engine is imported when first asked for
    from app.match.preview import Preview, PreviewRunner

DEBOUNCE_MS = 120            # a burst of changes (a paste, quick keys) asks once
DISLODGED = QColor("#e03131")
GLYPH = {"succeeds": "✓", "fails": "✗", "invalid": "–", "pending": "…"}


def _outcome_point(point, boards, order) -> QPointF | None:
    """Where an order's outcome is drawn (``point``: the scene's place of a location): on a
    move's or retreat's arrow near its head (two moves into one province keep a badge
    each), else beside the unit (a build's place)."""
    kind = order.kind
    if kind == "build":
        return point(order.at) + QPointF(15, -15) if order.at.board in boards else None
    unit = getattr(order, "unit", None)
    if unit is None or unit.board not in boards:
        return None
    a = point(unit)
    if kind in ("move", "retreat") and order.dest.board in boards:
        b = point(order.dest)
        return QPointF(a.x() + (b.x() - a.x()) * 0.7, a.y() + (b.y() - a.y()) * 0.7)
    return QPointF(a.x() + 15, a.y() - 15)          # beside the unit, not over it


def short_reason(order, reason: str) -> str:
    """The engine's reason with places on the order's own board named by province alone
    (``bounced at bur`` for ``bounced at 1:bur:S1901``): the badge stands on that board."""
    unit = getattr(order, "unit", None) or getattr(order, "at", None)
    if unit is None or not reason:
        return reason
    b = unit.board
    return re.sub(rf"\b{b.timeline}:([a-z]+(?:/[a-z]+)?):{b.turn}\b", r"\1", reason)


class Placer:
    """Scene points of locations, as ``WorldScene.loc_point`` gives them, with each board's
    origin kept: placing a thousand outcomes costs a thousand additions, not a thousand
    layout computations."""

    def __init__(self, layout, anchor):
        self.layout, self.anchor = layout, anchor
        self.origins: dict = {}

    def __call__(self, loc) -> QPointF:
        o = self.origins.get(loc.board)
        if o is None:
            p = self.layout.pos(loc.board)
            o = self.origins[loc.board] = (p.x(), p.y(), self.layout.scale(loc.board))
        ax, ay = self.anchor(loc.loc)
        return QPointF(o[0] + ax * o[2], o[1] + ay * o[2])


class PreviewItem(QGraphicsItem):
    """The preview's marks over the boards. Outcomes are kept per board and placed only when
    a board they stand on is first drawn (most boards of a large world are never in view);
    level of detail by zoom."""

    def __init__(self, theme, point, boards):
        super().__init__()
        self.theme = theme
        self._point = point                      # the scene's place of a location
        self._boards = boards                    # the boards that exist (to place on)
        self.groups: dict = {}                   # board -> [(order, status, reason)]
        self.lost: dict = {}                     # board -> [dislodged location]
        self.areas: dict = {}                    # board -> the scene area its marks may take
        self.forks: list[tuple[QRectF, QRectF, QPainterPath, str]] = []  # bounds, ghost rect, path, label
        self._placed: dict = {}                  # board -> ([(point, status, reason)], [point])
        self._bounds = QRectF()
        self.setZValue(12)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def show_preview(self, groups, lost, areas, forks, boards=None) -> None:
        self.prepareGeometryChange()
        self.groups, self.lost, self.areas, self.forks = groups, lost, areas, forks
        if boards is not None:
            self._boards = boards
        self._placed = {}
        r = QRectF()
        for area in areas.values():
            r = r.united(area)
        for f in forks:
            r = r.united(f[0])
        self._bounds = r
        self.update()

    def clear(self) -> None:
        if not self.empty:
            self.show_preview({}, {}, {}, [])

    @property
    def empty(self) -> bool:
        return not (self.groups or self.lost or self.forks)

    @property
    def badges(self) -> list[tuple[QPointF, str, str]]:
        """Every outcome as placed: (point, status, reason as shown) — all boards (tests)."""
        return [(c, status, short_reason(*why)) for key in self.areas for c, status, why in self._place(key)[0]]

    def _place(self, key):
        placed = self._placed.get(key)
        if placed is None:
            badges = []
            for order, status, reason in self.groups.get(key, ()):
                c = _outcome_point(self._point, self._boards, order)
                if c is not None:
                    badges.append((c, status, (order, reason)))
            placed = self._placed[key] = (badges, [self._point(loc) for loc in self.lost.get(key, ())])
        return placed

    def _paint_far(self, painter: QPainter, shown) -> None:
        """Far away: each outcome a dot of its colour, each dislodged unit a red dot, one
        call per colour without antialiasing (hundreds of boards in view cost a few calls)."""
        painter.setRenderHint(QPainter.Antialiasing, False)
        by_status: dict[str, list[QPointF]] = {}
        lost: list[QPointF] = []
        for key in shown:
            badges, dislodged = self._place(key)
            for c, status, _reason in badges:
                by_status.setdefault(status, []).append(c)
            lost.extend(dislodged)
        if lost:
            pen = QPen(DISLODGED, 9)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawPoints(lost)
        for status, points in by_status.items():
            pen = QPen(STATUS_COLOURS.get(status, STATUS_COLOURS["invalid"]), 5)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.drawPoints(points)

    @guarded
    def paint(self, painter: QPainter, option, widget=None) -> None:
        exposed = option.exposedRect
        px = 1.0 / max(painter.worldTransform().m11(), 1e-6)
        near = px < 1.6                      # a board wider than ~600 pixels: words are legible
        painter.setRenderHint(QPainter.Antialiasing, px < 2.5)
        for bounds, ghost, path, label in self.forks:
            if not bounds.intersects(exposed):
                continue
            pen = QPen(self.theme.fork, max(6.0, 2.5 * px), Qt.DashLine, Qt.RoundCap)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(path)
            fill = QColor(self.theme.fork)
            fill.setAlpha(38)
            painter.setBrush(fill)
            painter.drawRect(ghost)
            if px < 14:
                f = QFont(self.theme.font_family)
                f.setPixelSize(max(1, int(max(38.0, 14 * px))))
                f.setBold(True)
                painter.setFont(f)
                painter.setPen(self.theme.fork)
                painter.drawText(ghost.adjusted(30, 30, -30, -30), Qt.AlignCenter | Qt.TextWordWrap, label)
        shown = [key for key, area in self.areas.items() if area.intersects(exposed)]
        if px > 3:
            self._paint_far(painter, shown)
            return
        r_dis = max(24.0, 9 * px)
        label_font = QFont(self.theme.font_family)
        label_font.setPixelSize(max(1, int(max(13.0, 9 * px))))
        label_font.setBold(True)
        for key in shown:
            for c in self._place(key)[1]:
                painter.setBrush(Qt.NoBrush)
                painter.setPen(QPen(QColor(255, 255, 255, 200), max(7.0, 3.5 * px)))
                painter.drawEllipse(c, r_dis, r_dis)
                painter.setPen(QPen(DISLODGED, max(4.0, 2.2 * px), Qt.DashLine))
                painter.drawEllipse(c, r_dis, r_dis)
                if near:
                    painter.setFont(label_font)
                    box = QRectF(c.x() - 60, c.y() - r_dis - 24, 120, 20)
                    painter.setPen(QColor(255, 255, 255, 230))
                    painter.drawText(box.translated(1, 1), Qt.AlignCenter, "dislodged")
                    painter.setPen(DISLODGED)
                    painter.drawText(box, Qt.AlignCenter, "dislodged")
        r = max(9.0, 6 * px)
        font = QFont(self.theme.font_family)
        font.setBold(True)
        font.setPixelSize(max(1, int(r * 1.5)))
        reason_font = QFont(self.theme.font_family)
        reason_font.setPixelSize(max(1, int(max(13.0, 9 * px))))
        placed: list[QRectF] = []
        for key in shown:
            for centre, status, why in self._place(key)[0]:
                colour = STATUS_COLOURS.get(status, STATUS_COLOURS["invalid"])
                painter.setPen(QPen(QColor(255, 255, 255), max(1.5, 1.2 * px)))
                painter.setBrush(colour)
                painter.drawEllipse(centre, r, r)
                if px < 6:
                    painter.setFont(font)
                    painter.setPen(QColor("white"))
                    painter.drawText(QRectF(centre.x() - r, centre.y() - r, 2 * r, 2 * r), Qt.AlignCenter,
                                     GLYPH.get(status, "?"))
                if near and why[1] and status != "succeeds":
                    reason = short_reason(*why)
                    painter.setFont(reason_font)
                    fm = painter.fontMetrics()
                    text = reason if len(reason) < 48 else reason[:46] + "…"
                    w, h = fm.horizontalAdvance(text) + 10, fm.height() + 4
                    box = QRectF(centre.x() + r + 3, centre.y() - h / 2, w, h)
                    while any(box.intersects(b) for b in placed):    # several outcomes in one place: stack them
                        box.translate(0, h + 2)
                    placed.append(box)
                    painter.setPen(Qt.NoPen)
                    painter.setBrush(QColor(255, 255, 255, 225))
                    painter.drawRoundedRect(box, 4, 4)
                    painter.setPen(colour.darker(140))
                    painter.drawText(box, Qt.AlignCenter, text)


class _Arrivals(QObject):
    """Carries the worker's previews to the controller: the worker's closure keeps this alive,
    and Qt drops the connection to a controller whose window has closed (emitting the
    controller's own signal then raised in the worker)."""
    ready = Signal(int, object)          # (generation, Preview), from the worker thread


class PreviewController(QObject):
    """Owns the preview: the runner (worker thread), the item, the chip; the window's
    checkable action ``a_preview_outcomes`` turns it on and off."""

    shown = Signal(object)               # Preview, once drawn (tests, benchmarks)

    def __init__(self, parent, services: StudioServices):
        """``parent``: the main window (the chip goes on its status bar)."""
        super().__init__(parent)
        self.s = services
        self.enabled = False
        self.item: PreviewItem | None = None
        self.current: Preview | None = None
        self.asked_at = 0.0
        self.last_latency = 0.0          # seconds from the request to the drawn preview
        self._runner: PreviewRunner | None = None     # its worker, when first asked for
        self._arrivals = _Arrivals()
        self._arrivals.ready.connect(self._arrived, Qt.QueuedConnection)
        self.timer = QTimer(self, singleShot=True, interval=DEBOUNCE_MS, timeout=self.ask_now)
        self.chip = QLabel("")
        self.chip.setObjectName("preview-chip")
        self.chip.setVisible(False)
        parent.statusBar().addPermanentWidget(self.chip)

    @property
    def runner(self) -> PreviewRunner:
        if self._runner is None:
            from app.match.preview import PreviewRunner
            arrivals = self._arrivals        # held by the worker's callable, not by this controller alone
            self._runner = PreviewRunner(lambda gen, p: arrivals.ready.emit(gen, p))
        return self._runner

    # -- on and off --------------------------------------------------------------------------
    def set_enabled(self, on: bool) -> None:
        self.enabled = bool(on)
        if self.enabled:
            self.changed()
        else:
            self.clear()

    def _item(self) -> PreviewItem | None:
        scene = self.s.scene()
        if scene is None:
            return None
        if self.item is None or self.item.scene() is not scene:
            self.item = PreviewItem(self.s.theme(), Placer(scene.layout, scene.art.anchor), {})
            scene.addItem(self.item)
        return self.item

    def _live(self) -> bool:
        w = self.s
        return (self.enabled and w.match() is not None and not w.replaying() and not w.busy()
                and w.seat() is not None and not w.curtain_up() and w.match().world.phase != "over")

    # -- following the pending orders ----------------------------------------------------------
    def changed(self) -> None:
        """The pending orders or the world changed: preview again shortly (or clear)."""
        if not self._live() or not self.s.pending():
            self.clear()
            return
        self.timer.start()

    def ask_now(self) -> None:
        self.timer.stop()
        if not self._live() or not self.s.pending():
            self.clear()
            return
        from app.match.preview import seat_input
        world, orders = seat_input(self.s.match(), self.s.seat())
        self.asked_at = time.perf_counter()
        self.runner.ask(world, orders)

    @guarded
    def _arrived(self, generation: int, p: Preview) -> None:
        if not self.runner.is_current(generation) or not self._live():
            return                           # stale: the orders (or the seat) changed since
        self.current = p
        self._draw(p)
        self.last_latency = time.perf_counter() - self.asked_at
        self.shown.emit(p)

    def clear(self) -> None:
        """No preview on screen and none coming (submit, curtain, orders gone)."""
        self.timer.stop()
        if self._runner is not None:
            self._runner.cancel()
        self.current = None
        if self.item is not None:
            self.item.clear()
        self.chip.setText("")
        self.chip.setVisible(False)

    def stop(self) -> None:
        self.clear()
        if self._runner is not None:
            self._runner.stop()

    def set_theme(self, theme) -> None:
        if self.item is not None:
            self.item.theme = theme
            self.item.update()

    # -- drawing -------------------------------------------------------------------------------
    def _draw(self, p: Preview) -> None:
        """Hand the outcomes to the item, grouped by board: O(orders) with no geometry; the
        item places a board's marks when it first draws that board."""
        item = self._item()
        scene = self.s.scene()
        if item is None:
            return
        if p.error is not None:
            item.clear()
            self._chip(f"Preview: {p.error}", "#e03131")
            return
        boards = scene.world.boards if scene.world is not None else {}
        lay = scene.layout
        groups: dict = {}
        areas: dict = {}
        for o in p.outcomes:
            order = o.order
            at = getattr(order, "unit", None) or getattr(order, "at", None)
            if at is None or at.board not in boards:
                continue                   # a waive, or a board not drawn: nothing to place on
            key = at.board
            groups.setdefault(key, []).append((order, o.status, o.reason))
            if key not in areas:
                areas[key] = lay.rect(key).adjusted(-60, -60, 900, 400)
            dest = getattr(order, "dest", None)
            if dest is not None and dest.board != key and dest.board in boards:
                areas[key] = areas[key].united(lay.rect(dest.board))       # an arrow to another board
        lost: dict = {}
        for loc in p.dislodged:
            if loc.board in boards:
                lost.setdefault(loc.board, []).append(loc)
                if loc.board not in areas:
                    areas[loc.board] = lay.rect(loc.board).adjusted(-80, -80, 80, 80)
        forks = []
        for f in p.forks:
            src, ghost = lay.rect(f.parent), lay.rect(f.first)
            a = QPointF(src.right(), src.center().y())
            b = QPointF(ghost.left(), ghost.center().y())
            path = QPainterPath(a)
            dx = max(120.0, (b.x() - a.x()) * 0.5)
            path.cubicTo(QPointF(a.x() + dx, a.y()), QPointF(b.x() - dx, b.y()), b)
            when = " (after the retreats)" if p.forks_after_retreats else ""
            label = f"Timeline {f.timeline} would fork here{when}\nfrom {f.parent}"
            forks.append((ghost.united(path.boundingRect()).adjusted(-60, -60, 60, 60), ghost, path, label))
            if not scene.sceneRect().contains(ghost):
                scene.setSceneRect(scene.sceneRect().united(ghost.adjusted(-300, -300, 300, 300)))
        item.show_preview(groups, lost, areas, forks, boards)
        self._chip(self.summary(p))

    @staticmethod
    def summary(p: Preview) -> str:
        c = p.counts()
        parts = [f"{c['succeeds']} succeed", f"{c['fails']} fail"]
        if c["invalid"]:
            parts.append(f"{c['invalid']} invalid")
        if p.dislodged:
            parts.append(f"{len(p.dislodged)} dislodged")
        if p.forks:
            t = ", ".join(str(f.timeline) for f in p.forks)
            parts.append(f"timeline{'s' if len(p.forks) > 1 else ''} {t} would fork")
        if p.winner:
            parts.append(f"{p.winner} would win")
        if p.retreats_only:
            parts.append("the retreats only (fog of war)")
        return "Preview: " + " · ".join(parts)

    def _chip(self, text: str, colour: str | None = None) -> None:
        accent = colour or self.s.theme().fork.name()
        self.chip.setText(text)
        self.chip.setStyleSheet(f"QLabel {{ color: {accent}; font-weight: bold; padding: 0 8px; }}")
        self.chip.setToolTip("What would happen if the orders were submitted now (your own orders; "
                             "units without an order hold). Nothing is submitted.")
        self.chip.setVisible(True)
