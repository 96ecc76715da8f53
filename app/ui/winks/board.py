"""The throwing table: the board with the table in front of it, the pieces where they lie,
the current player's pile, the aiming line, and the highlights of the clean-up.

It only draws and reports clicks (in table units: the table's frame, where the players sit
at the bottom; the board may be turned a quarter turn on it, RULES.md §9); :mod:`.window`
decides what they mean. Pieces and province highlights are given in map units and drawn
turned with the board (:meth:`ThrowBoard.table_to_map` converts a click back).
The static picture (table, board map) is rendered once per size into a pixmap, so a frame
of a flying piece costs one pixmap blit plus a few dozen small shapes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (QBrush, QColor, QFont, QLinearGradient, QPainter, QPainterPath, QPen, QPixmap,
                           QRadialGradient, QTransform)
from PySide6.QtWidgets import QWidget

from app.engine import Variant
from app.ui.guard import guarded
from app.ui.multiverse.map_art import MapArt, colour_of, fleet_shape, map_art
from app.ui.multiverse.labels import paint_labels
from app.winks.physics import Table

PILE_GAP = 70.0  # map units between the launch point and each stack of the pile


@dataclass(frozen=True)
class Drawn:
    """A piece as drawn this frame: centre in map units, height above the table (a flying
    piece is larger and casts a shadow), opacity, and whether its footprint is outlined
    (an undecided piece straddling borders)."""

    id: int
    nation: str
    type: str
    x: float
    y: float
    z: float = 0.0
    alpha: float = 1.0
    footprint: bool = False


def piece_path(x: float, y: float, r: float, unit_type: str) -> QPainterPath:
    """An army (a rounded block) or a fleet (a hull and a sail) centred on (x, y)."""
    if unit_type == "A":
        path = QPainterPath()
        path.addRoundedRect(QRectF(x - r, y - r * 0.8, 2 * r, 1.6 * r), r * 0.35, r * 0.35)
        return path
    return fleet_shape(QPointF(x, y), r)   # the same hull and sail as on the boards


class ThrowBoard(QWidget):
    """Draws the table and everything on it; emits presses, drags and releases in map units."""

    pressed = Signal(QPointF, int)   # table point, Qt mouse button
    dragged = Signal(QPointF)
    released = Signal(QPointF)

    def __init__(self, variant: Variant, table: Table, dark: bool = False, parent=None):
        super().__init__(parent)
        self.variant = variant
        self.table = table
        self._map_to_table = self._turn(table)
        self.art: MapArt = map_art(variant)
        self.dark = dark
        self.pieces: list[Drawn] = []
        self.resolved: frozenset[str] = frozenset()
        self.shared: frozenset[str] = frozenset()
        self.highlight: frozenset[str] = frozenset()     # candidate provinces of a selection
        self.selected_space: str | None = None
        self.selected_piece: int | None = None
        self.aim: tuple[QPointF, float] | None = None    # predicted landing, strength
        self.pile: tuple[str, dict[str, int], str] | None = None  # nation, counts, chosen type
        self.bounce: QPointF | None = None
        self._background: QPixmap | None = None
        self._sprites: dict[tuple, QPixmap] = {}
        self._overlay_cache: tuple[tuple, QPixmap] | None = None
        self.focus_board = False
        self._transform = QTransform()
        self.setMinimumSize(480, 360)
        self.setMouseTracking(False)
        self.setFocusPolicy(Qt.StrongFocus)

    # -- geometry -------------------------------------------------------------------------
    @staticmethod
    def _turn(table: Table) -> QTransform:
        """Map units to table units: the board turned ``table.rotation`` degrees clockwise
        about the map's middle (as :meth:`Table.to_table`)."""
        t = QTransform()
        if table.rotation:
            cx, cy = table.centre
            t.translate(cx, cy)
            t.rotate(table.rotation)
            t.translate(-cx, -cy)
        return t

    def set_table(self, table: Table) -> None:
        """Another table (a new throw, the board turned): everything is drawn afresh."""
        self.table = table
        self._map_to_table = self._turn(table)
        self._background = None
        self._overlay_cache = None
        self._update_transform()
        self.update()

    def table_to_map(self, p: QPointF) -> QPointF:
        """A table point (as the signals give it) in map units."""
        inv, _ok = self._map_to_table.inverted()
        return inv.map(p)

    def map_to_table(self, p: QPointF) -> QPointF:
        return self._map_to_table.map(p)

    def world_rect(self) -> QRectF:
        """The part of the table that must show: the board and the table in front of it
        while throwing; the board alone (larger, for clicking) once the throws are over."""
        x, y, w, h = self.table.board
        m = 0.02 * w
        if self.focus_board:
            return QRectF(x - m, y - m, w + 2 * m, h + 2 * m)
        return QRectF(x - m, y - m, w + 2 * m, h + self.table.depth + m)

    def set_focus_board(self, focus: bool) -> None:
        if focus != self.focus_board:
            self.focus_board = focus
            self._background = None
            self._update_transform()
            self.update()

    def _update_transform(self) -> None:
        r = self.world_rect()
        s = min(self.width() / r.width(), self.height() / r.height())
        dx = (self.width() - r.width() * s) / 2 - r.x() * s
        dy = (self.height() - r.height() * s) / 2 - r.y() * s
        self._transform = QTransform(s, 0, 0, s, dx, dy)

    def to_map(self, p: QPointF) -> QPointF:
        inv, _ok = self._transform.inverted()
        return inv.map(p)

    def to_map_rect(self, r: QRectF) -> QRectF:
        inv, _ok = self._transform.inverted()
        return inv.mapRect(r)

    def to_widget(self, p: QPointF) -> QPointF:
        return self._transform.map(p)

    def pile_point(self, unit_type: str) -> QPointF:
        """Where the current player's armies (left) or fleets (right) lie on the table."""
        lx, ly = self.table.launch
        return QPointF(lx + (-PILE_GAP if unit_type == "A" else PILE_GAP) * 1.6, ly - 80.0)

    def set_dark(self, dark: bool) -> None:
        self.dark = dark
        self._background = None
        self.update()

    # -- painting --------------------------------------------------------------------------
    @guarded
    def resizeEvent(self, event) -> None:
        self._background = None
        self._update_transform()
        super().resizeEvent(event)

    def _render_background(self) -> QPixmap:
        self._update_transform()
        pm = QPixmap(self.size())
        p = QPainter(pm)
        p.setRenderHint(QPainter.Antialiasing)
        p.setTransform(self._transform)
        x, y, w, h = self.table.board
        # the table fills the whole view; the world rect is what must be visible
        wr = self.to_map_rect(QRectF(0, 0, self.width(), self.height()))
        wood = QLinearGradient(0, wr.top(), 0, wr.bottom())
        wood.setColorAt(0, QColor("#5b4330") if self.dark else QColor("#a67c52"))
        wood.setColorAt(1, QColor("#3f2e21") if self.dark else QColor("#8a6440"))
        p.fillRect(wr, wood)
        grain = QPen(QColor(0, 0, 0, 28), 1.2)
        p.setPen(grain)
        for k in range(0, int(wr.height()), 23):
            yy = wr.top() + k
            p.drawLine(QPointF(wr.left(), yy), QPointF(wr.right(), yy + 6 * math.sin(k)))
        p.fillRect(QRectF(x + 6, y + 8, w, h), QColor(0, 0, 0, 70))  # the board's shadow
        scale = self._transform.m11()
        mx, my, mw, mh = self.art.geo.view_box
        width_px = max(200, int(mw * scale))
        fills, lines = self.art.layers(width_px)
        p.setTransform(self._map_to_table * self._transform)     # the map, turned with the board
        on_map = QRectF(mx, my, mw, mh)
        p.drawImage(on_map, fills)
        p.drawImage(on_map, lines)
        t = p.worldTransform()                                   # the province names, at the screen's size
        paint_labels(p, self.art, math.hypot(t.m11(), t.m12()))
        p.setTransform(self._transform)
        target = QRectF(x, y, w, h)
        p.setPen(QPen(QColor("#2b2418"), 2.0))
        p.setBrush(Qt.NoBrush)
        p.drawRect(target)
        # the throwing line at the front of the table
        lx, ly = self.table.launch
        p.setPen(QPen(QColor(255, 255, 255, 90), 2.0, Qt.DashLine))
        p.drawLine(QPointF(x, ly - 8), QPointF(x + w, ly - 8))
        p.end()
        return pm

    @guarded
    def paintEvent(self, event) -> None:
        self._paint()

    def _paint(self) -> None:
        if self._background is None or self._background.size() != self.size():
            self._background = self._render_background()
        p = QPainter(self)
        p.drawPixmap(0, 0, self._background)
        p.setRenderHint(QPainter.Antialiasing)
        p.setTransform(self._transform)
        overlay = self._overlay()
        if overlay is not None:
            p.resetTransform()
            p.drawPixmap(0, 0, overlay)
            p.setTransform(self._transform)
        if self.pile is not None:
            self._paint_pile(p)
        if self.aim is not None:
            self._paint_aim(p)
        # Every token is a cached pixmap: stroking antialiased circles costs ~0.2 ms each
        # in the raster engine, a blit a few microseconds.
        p.resetTransform()
        r = self.table.radius
        if self.bounce is not None:
            self._blit(p, ("bounce",), self.bounce, r, lambda q: self._paint_ring(q, 9.0))
        for d in sorted(self.pieces, key=lambda d: d.z):
            selected = d.id == self.selected_piece
            at = self._map_to_table.map(QPointF(d.x, d.y))       # drawn where it lies on the table
            if d.z == 0:  # resting: one sprite with its shadow
                self._blit(p, ("resting", d.nation, d.type, d.footprint, selected), at, r,
                           lambda q, d=d, sel=selected: self._paint_resting(q, d, r, sel), d.alpha)
                continue
            lift = d.z * 0.6
            size = round(r * (1.0 + d.z / 160.0), 1)
            self._blit(p, ("shadow", size), at + QPointF(1.5 + lift * 0.3, 2.0 + lift * 0.2), size,
                       lambda q, size=size, z=d.z: self._paint_shadow(q, size, z), d.alpha)
            self._blit(p, ("token", d.nation, d.type, d.footprint, selected, size), at - QPointF(0, lift), size,
                       lambda q, d=d, size=size, sel=selected: self._paint_token(q, d, size, sel), d.alpha)

    def _paint_resting(self, q: QPainter, d: Drawn, r: float, selected: bool) -> None:
        q.save()
        q.translate(1.5, 2.0)
        self._paint_shadow(q, r, 0.0)
        q.restore()
        self._paint_token(q, d, r, selected)

    def _overlay(self) -> QPixmap | None:
        """The clean-up's province highlights (candidates, resolved, shared), rendered
        once per change rather than stroked every frame of an animation."""
        key = (self.highlight, self.resolved, self.shared, self.selected_space, self.width(), self.height())
        if not (self.highlight or self.resolved or self.shared):
            return None
        if self._overlay_cache is not None and self._overlay_cache[0] == key:
            return self._overlay_cache[1]
        pm = QPixmap(self.size())
        pm.fill(Qt.transparent)
        p = QPainter(pm)
        p.setRenderHint(QPainter.Antialiasing)
        p.setTransform(self._map_to_table * self._transform)     # provinces are in map units
        paths = self.art.province_paths
        if self.highlight:
            p.setPen(Qt.NoPen)
            p.setBrush(QColor(99, 230, 190, 120))
            for prov in self.highlight:
                if prov in paths:
                    p.drawPath(paths[prov])
        if self.resolved:
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(QColor(224, 161, 0, 200), 2.4))
            for prov in self.resolved:
                if prov in paths:
                    p.drawPath(paths[prov])
        if self.shared:
            p.setBrush(QColor(201, 42, 42, 40))
            for prov in self.shared:
                if prov in paths:
                    p.setPen(QPen(QColor("#c92a2a"), 3.2 if prov == self.selected_space else 1.8, Qt.DashLine))
                    p.drawPath(paths[prov])
        p.end()
        self._overlay_cache = (key, pm)
        return pm

    def _blit(self, p: QPainter, key: tuple, centre: QPointF, radius: float, draw, alpha: float = 1.0) -> None:
        """Draw a small round thing of ``radius`` (map units) centred on ``centre`` from a
        pixmap rendered once per look and scale (``draw`` paints it around (0, 0))."""
        scale = self._transform.m11()
        full = key + (round(scale, 4),)
        pm = self._sprites.get(full)
        if pm is None:
            if len(self._sprites) > 600:
                self._sprites.clear()
            side = int(2 * (radius + 6) * scale) + 2
            pm = QPixmap(side, side)
            pm.fill(Qt.transparent)
            q = QPainter(pm)
            q.setRenderHint(QPainter.Antialiasing)
            q.translate(side / 2, side / 2)
            q.scale(scale, scale)
            draw(q)
            q.end()
            self._sprites[full] = pm
        c = self._transform.map(centre)
        if alpha < 1.0:
            p.setOpacity(alpha)
        p.drawPixmap(QPointF(c.x() - pm.width() / 2, c.y() - pm.height() / 2), pm)
        if alpha < 1.0:
            p.setOpacity(1.0)

    @staticmethod
    def _paint_ring(q: QPainter, radius: float) -> None:
        q.setPen(QPen(QColor(255, 255, 255, 150), 1.5))
        q.setBrush(Qt.NoBrush)
        q.drawEllipse(QPointF(0, 0), radius, radius)

    @staticmethod
    def _paint_shadow(q: QPainter, size: float, z: float) -> None:
        q.setPen(Qt.NoPen)
        q.setBrush(QColor(0, 0, 0, 80 if z == 0 else max(25, 80 - int(z / 2))))
        q.drawEllipse(QPointF(0, 0), size, size)

    def _paint_token(self, q: QPainter, d: Drawn, size: float, selected: bool) -> None:
        """A piece is a token exactly the size of its footprint disc (so a piece straddling
        a border is seen to), in its nation's colour with a white army or fleet on it.
        Undecided pieces have a dashed rim; the selected one a gold rim."""
        colour = colour_of(self.variant, d.nation)
        fill = QColor(colour)
        fill.setAlphaF(0.82)
        q.setBrush(fill)
        if selected:
            q.setPen(QPen(QColor("#ffd43b"), 3.5))
        elif d.footprint:
            q.setPen(QPen(QColor(255, 255, 255, 220), 2.4, Qt.DashLine))
            q.setBrush(Qt.NoBrush)
            q.drawEllipse(QPointF(0, 0), size + 3.0, size + 3.0)
            q.setBrush(fill)
            q.setPen(QPen(QColor(20, 20, 20, 200), 1.4, Qt.DashLine))
        else:
            q.setPen(QPen(colour.darker(200), 1.6))
        q.drawEllipse(QPointF(0, 0), size, size)
        q.setPen(Qt.NoPen)
        q.setBrush(QColor(255, 255, 255, 240))
        q.drawPath(piece_path(0.0, 0.0 if d.type == "A" else -size * 0.1, size * 0.55, d.type))
        if d.type == "A" and size * self._transform.m11() > 5:
            k = size * 0.3
            q.setPen(QPen(colour.darker(130), 1.3, Qt.SolidLine, Qt.RoundCap))
            q.drawLine(QPointF(-k, -k * 0.8), QPointF(k, k * 0.8))
            q.drawLine(QPointF(k, -k * 0.8), QPointF(-k, k * 0.8))

    def _paint_pile(self, p: QPainter) -> None:
        nation, counts, chosen = self.pile  # type: ignore[misc]
        font = QFont("DejaVu Sans", 15)
        font.setBold(True)
        r = self.table.radius
        for t in ("A", "F"):
            c = self.pile_point(t)
            if t == chosen:
                p.setPen(QPen(QColor("#ffd43b"), 3.0))
                p.setBrush(QColor(255, 255, 255, 50))
                p.drawRoundedRect(QRectF(c.x() - 58, c.y() - 44, 116, 100), 10, 10)
            p.save()
            p.resetTransform()
            for k in range(min(counts[t], 8)):
                at = QPointF(c.x() - 33 + (k % 4) * 22, c.y() + 14 - (k // 4) * 24)
                self._blit(p, ("pile", nation, t), at, r * 0.8,
                           lambda q, t=t: self._paint_token(q, Drawn(-1, nation, t, 0.0, 0.0), r * 0.8, False))
            p.restore()
            p.setFont(font)
            p.setPen(QColor("white"))
            label = f"{counts[t]} {'armies' if t == 'A' else 'fleets'}" if counts[t] != 1 else f"1 {'army' if t == 'A' else 'fleet'}"
            p.drawText(QRectF(c.x() - 70, c.y() + 30, 140, 22), Qt.AlignCenter, label)
        lx, ly = self.table.launch
        grad = QRadialGradient(QPointF(lx, ly - 40), 30)
        grad.setColorAt(0, QColor(255, 255, 255, 120))
        grad.setColorAt(1, QColor(255, 255, 255, 0))
        p.setPen(Qt.NoPen)
        p.setBrush(QBrush(grad))
        p.drawEllipse(QPointF(lx, ly - 40), 30, 30)
        p.setPen(QColor(255, 255, 255, 200))
        small = QFont("DejaVu Sans", 11)
        p.setFont(small)
        p.drawText(QRectF(lx - 60, ly - 22, 120, 18), Qt.AlignCenter, "throw from here")

    def _paint_aim(self, p: QPainter) -> None:
        target, strength = self.aim  # type: ignore[misc]
        lx, ly = self.table.launch
        start = QPointF(lx, ly - 40)
        colour = QColor.fromHsvF(max(0.0, 0.33 - 0.33 * strength), 0.85, 0.95)
        p.setPen(QPen(colour, 3.0, Qt.DashLine, Qt.RoundCap))
        p.drawLine(start, target)
        p.setBrush(Qt.NoBrush)
        p.setPen(QPen(colour, 2.5))
        p.drawEllipse(target, self.table.radius * 1.6, self.table.radius * 1.6)
        p.drawLine(target + QPointF(-6, 0), target + QPointF(6, 0))
        p.drawLine(target + QPointF(0, -6), target + QPointF(0, 6))
        # strength bar beside the launch point
        bar = QRectF(lx + 30, ly - 130, 14, 90)
        p.setPen(QPen(QColor("white"), 1.5))
        p.setBrush(QColor(0, 0, 0, 80))
        p.drawRect(bar)
        p.setPen(Qt.NoPen)
        p.setBrush(colour)
        p.drawRect(QRectF(bar.left(), bar.bottom() - bar.height() * strength, bar.width(), bar.height() * strength))

    # -- input ----------------------------------------------------------------------------------
    @guarded
    def mousePressEvent(self, event) -> None:
        self.pressed.emit(self.to_map(event.position()), int(event.button().value))

    @guarded
    def mouseMoveEvent(self, event) -> None:
        if event.buttons() & Qt.LeftButton:
            self.dragged.emit(self.to_map(event.position()))

    @guarded
    def mouseReleaseEvent(self, event) -> None:
        if event.button() == Qt.LeftButton:
            self.released.emit(self.to_map(event.position()))
