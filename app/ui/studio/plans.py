"""Plans on the map: arrows and rings the seat at the table draws on any board, in four
colours, kept by the match (:mod:`app.match.plans`) and saved with the game.

They must never be taken for orders: drawn as broad translucent highlighter strokes with
an open head (orders are thin, solid, with a filled head), in colours of their own, by an
item that takes no clicks (a click goes to the board beneath as always), and kept out of
the transcript. In a hotseat game only the seat at the table's plans are drawn; when the
curtain comes down there are none on screen.

Drawing: the plans tool (**Draw plans**, key ``A``, or hold Shift) — drag from one place to
another for an arrow (across boards too), click for a ring; keys 1–4 pick the colour;
Backspace takes back the last one, Esc leaves the tool.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

from typing import TYPE_CHECKING

from app.engine import Location

from ..guard import guarded
from .services import StudioServices

if TYPE_CHECKING:
    from app.match.plan_marks import PlanMark

PLAN_COLOURS = (QColor("#f03e3e"), QColor("#1c7ed6"), QColor("#2f9e44"), QColor("#f59f00"))
"""Red, blue, green, amber: app.match.plans.COLOURS, as drawn."""
ALPHA = 120          # orders beneath stay readable through a plan


def place_at(scene, pos: QPointF) -> Location | None:
    """The place under a scene point: a board's province (its unit's coast if one stands
    there), or None off the boards."""
    item = scene.item_at(pos)
    if item is None or getattr(item, "ghost", False):
        return None
    province = item.province_at(item.mapFromScene(pos))
    if province is None:
        return None
    world = scene.world
    unit = world.boards[item.key].units.get(province) if world is not None and item.key in world.boards else None
    return Location(item.key, unit.loc if unit is not None else province)


class PlansItem(QGraphicsItem):
    """The seat's plans over the boards (one item; culled; it takes no clicks)."""

    def __init__(self, palette: tuple[QColor, ...] = PLAN_COLOURS):
        """``palette``: the colours the marks' colour numbers name (the coach draws in its own)."""
        super().__init__()
        self.palette = palette
        self.marks: list[tuple[QRectF, str, QPointF, QPointF | None, int]] = []   # bounds, kind, a, b, colour
        self.rubber: tuple[QPointF, QPointF, int] | None = None      # the arrow being drawn
        self._bounds = QRectF()
        self.setZValue(11)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_marks(self, marks) -> None:
        self.prepareGeometryChange()
        self.marks = marks
        self._fit()

    def set_rubber(self, rubber) -> None:
        self.prepareGeometryChange()
        self.rubber = rubber
        self._fit()

    def _fit(self) -> None:
        r = QRectF()
        for m in self.marks:
            r = r.united(m[0])
        if self.rubber is not None:
            a, b, _ = self.rubber
            r = r.united(QRectF(a, b).normalized().adjusted(-200, -200, 200, 200))
        self._bounds = r
        self.update()

    @guarded
    def paint(self, painter: QPainter, option, widget=None) -> None:
        exposed = option.exposedRect
        px = 1.0 / max(painter.worldTransform().m11(), 1e-6)
        painter.setRenderHint(QPainter.Antialiasing, px < 4)
        width = max(14.0, 5.0 * px)
        for bounds, kind, a, b, colour in self.marks:
            if bounds.intersects(exposed):
                _paint_mark(painter, kind, a, b, self.palette[colour], width)
        if self.rubber is not None:
            a, b, colour = self.rubber
            _paint_mark(painter, "arrow", a, b, self.palette[colour], width)


def _paint_mark(p: QPainter, kind: str, a: QPointF, b: QPointF | None, colour: QColor, width: float) -> None:
    """A highlighter stroke: broad, translucent, round-capped, with a dashed white core and
    an open chevron head — nothing like an order's thin arrow and filled head."""
    ink = QColor(colour)
    ink.setAlpha(ALPHA)
    core = QPen(QColor(255, 255, 255, 200), max(2.0, width * 0.16), Qt.DashLine, Qt.RoundCap)
    if kind == "mark" or b is None or math.hypot(b.x() - a.x(), b.y() - a.y()) < 1:
        r = width * 2.1
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(ink, width, Qt.SolidLine, Qt.RoundCap))
        p.drawEllipse(a, r, r)
        p.setPen(core)
        p.drawEllipse(a, r, r)
        return
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    bend = 0.12 * length
    ctrl = QPointF((a.x() + b.x()) / 2 - uy * bend, (a.y() + b.y()) / 2 + ux * bend)
    path = QPainterPath(a)
    path.quadTo(ctrl, b)
    p.setBrush(Qt.NoBrush)
    p.setPen(QPen(ink, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
    p.drawPath(path)
    # the open head, along the curve's last direction
    tx, ty = b.x() - ctrl.x(), b.y() - ctrl.y()
    tl = math.hypot(tx, ty) or 1.0
    tx, ty = tx / tl, ty / tl
    h = width * 2.6
    left = QPointF(b.x() - tx * h - ty * h * 0.8, b.y() - ty * h + tx * h * 0.8)
    right = QPointF(b.x() - tx * h + ty * h * 0.8, b.y() - ty * h - tx * h * 0.8)
    head = QPainterPath(left)
    head.lineTo(b)
    head.lineTo(right)
    p.drawPath(head)
    p.setPen(core)
    p.drawPath(path)


class PlansTool(QObject):
    """Draws plans with the mouse on the world view (an event filter on its viewport) and
    shows the seat's plans. ``drawing`` is the tool being on (the action); Shift held draws
    as well without turning it on."""

    changed = Signal()           # the seat's plans changed (the window autosaves)

    def __init__(self, parent, services: StudioServices):
        super().__init__(parent)
        self.s = services
        self.item: PlansItem | None = None
        self.drawing = False
        self.colour = 0
        self._from: Location | None = None
        self._from_pt: QPointF | None = None
        self._watched = None

    # -- the seat's plans -----------------------------------------------------------------
    def seat(self) -> int | None:
        w = self.s
        if w.match() is None or w.seat() is None or w.curtain_up() or w.match().is_locked(w.seat()):
            return None
        return w.seat()

    def _item(self) -> PlansItem | None:
        scene = self.s.scene()
        if scene is None:
            return None
        if self.item is None or self.item.scene() is not scene:
            self.item = PlansItem()
            scene.addItem(self.item)
        if self._watched is not self.s.view():
            self.s.view().viewport().installEventFilter(self)
            self._watched = self.s.view()
        return self.item

    def refresh(self) -> None:
        """Draw the plans of the seat at the table (none while nobody is)."""
        item = self._item()
        if item is None:
            return
        seat = self.seat()
        marks = self.s.match().plans.of(seat) if seat is not None else ()
        scene = self.s.scene()
        boards = scene.world.boards if scene.world is not None else {}
        out = []
        for m in marks:
            a, b = m.start, m.end
            if a.board not in boards or (b is not None and b.board not in boards):
                continue              # a board not in this world (a replay, an undone submission)
            pa = scene.loc_point(a)
            pb = scene.loc_point(b) if b is not None else None
            bounds = QRectF(pa, pb if pb is not None else pa).normalized().adjusted(-250, -250, 250, 250)
            out.append((bounds, m.kind, pa, pb, m.colour))
        item.set_marks(out)

    def clear_screen(self) -> None:
        """Nothing of any seat's plans on screen (the curtain comes down)."""
        self._from = None
        if self.item is not None:
            self.item.set_rubber(None)
            self.item.set_marks([])

    def set_drawing(self, on: bool) -> None:
        self.drawing = bool(on) and self.seat() is not None
        if self.s.view() is not None:
            self.s.view().viewport().setCursor(Qt.CrossCursor if self.drawing else Qt.ArrowCursor)
        if not self.drawing:
            self._from = None
            if self.item is not None:
                self.item.set_rubber(None)

    def set_colour(self, colour: int) -> None:
        self.colour = max(0, min(3, colour))

    # -- the seat's verbs -----------------------------------------------------------------------
    def add(self, mark: PlanMark) -> bool:
        seat = self.seat()
        if seat is None:
            return False
        try:
            self.s.match().plans.draw(seat, mark)
        except ValueError as e:
            self.s.set_status(str(e), error=True)
            return False
        self.refresh()
        self.changed.emit()
        return True

    def take_back(self) -> None:
        seat = self.seat()
        if seat is not None and self.s.match().plans.take_back(seat) is not None:
            self.refresh()
            self.changed.emit()

    def clear(self) -> None:
        seat = self.seat()
        if seat is not None and self.s.match().plans.clear(seat):
            self.refresh()
            self.changed.emit()
            self.s.set_status("Plans cleared. Undo (beside Clear) brings them back.")

    # -- the mouse ------------------------------------------------------------------------------
    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        t = event.type()
        if t not in (QEvent.MouseButtonPress, QEvent.MouseMove, QEvent.MouseButtonRelease, QEvent.KeyPress):
            return False
        if self.s.view() is None or obj is not self.s.view().viewport() or self.seat() is None:
            return False
        if t == QEvent.KeyPress:
            return False
        active = self.drawing or bool(event.modifiers() & Qt.ShiftModifier) or self._from is not None
        if not active:
            return False
        pos = self.s.view().mapToScene(event.position().toPoint())
        if t == QEvent.MouseButtonPress:
            if event.button() != Qt.LeftButton:
                return self.drawing and event.button() == Qt.RightButton and self._cancel()
            self._from = place_at(self.s.scene(), pos)
            self._from_pt = self.s.scene().loc_point(self._from) if self._from is not None else None
            return True
        if t == QEvent.MouseMove:
            if not event.buttons() & Qt.LeftButton:
                return False                     # hovering, or panning with the middle button
            if self._from is not None and self._from_pt is not None:
                self._item().set_rubber((self._from_pt, pos, self.colour))
            return True
        if event.button() != Qt.LeftButton:
            return self.drawing
        start, self._from = self._from, None
        if self.item is not None:
            self.item.set_rubber(None)
        if start is None:
            return True
        end = place_at(self.s.scene(), pos)
        from app.match.plan_marks import PlanMark      # pydantic: when a seat first draws
        if end is None or end == start:
            self.add(PlanMark.ring(start, self.colour))
        else:
            self.add(PlanMark.arrow(start, end, self.colour))
        return True

    def _cancel(self) -> bool:
        self._from = None
        if self.item is not None:
            self.item.set_rubber(None)
        return True

    def draw_between(self, a: Location, b: Location | None) -> bool:
        """Draw as a drag from ``a`` to ``b`` would (None: a click, a ring) — through the
        same mouse path the player uses (tests and scripts)."""
        from PySide6.QtCore import QPoint
        from PySide6.QtGui import QMouseEvent
        view = self.s.view()
        vp = view.viewport()

        modifiers = Qt.NoModifier if self.drawing else Qt.ShiftModifier     # the tool, or Shift held

        def send(kind, loc, buttons):
            pt = view.mapFromScene(self.s.scene().loc_point(loc))
            ev = QMouseEvent(kind, QPointF(pt), QPointF(vp.mapToGlobal(QPoint(pt.x(), pt.y()))),
                             Qt.LeftButton, buttons, modifiers)
            return self.eventFilter(vp, ev)
        before = len(self.s.match().plans.of(self.seat())) if self.seat() is not None else -1
        send(QEvent.MouseButtonPress, a, Qt.LeftButton)
        if b is not None:
            send(QEvent.MouseMove, b, Qt.LeftButton)
        send(QEvent.MouseButtonRelease, b or a, Qt.NoButton)
        return self.seat() is not None and len(self.s.match().plans.of(self.seat())) > before
