"""Drawing one board: the variant map (from app.mapgeo) turned into Qt paths, and the
functions that paint a board's state (owner tints, centres, units, orders) with QPainter.

Everything here paints through a QPainter given by the caller, so the same code draws
vector boards in the view and thumbnails into QImages on worker threads. The static map
(sea, land, borders) is the same on every board; it is pre-rendered once per size into two
layers (fills below the owner tints, lines above them). Province names are drawn apart, at a
size fixed on the screen (:mod:`.labels`).
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF)

from app.engine import Variant

from .map_paths import line_path, poly_path
from .plain_map import PlainMap, load_plain_map

from .fog_art import paint_fog
from .nation_look import look_of
from .map_colours import BORDER, COAST, IMPASSABLE, LAND, SEA, STATUS_COLOURS


class MapArt:
    """Qt paths and anchors for one variant's map, shared by every board.

    ``geometry``: the map as plain numbers (:class:`.plain_map.PlainMap`, what the window
    keeps between runs), or an :class:`app.mapgeo.MapGeometry` (the variant preview reads
    the SVG anew on every save), turned into the plain form; ``geo`` is the plain form."""

    def __init__(self, variant: Variant, geometry):
        self.variant = variant
        if not isinstance(geometry, PlainMap):
            geometry = PlainMap.from_geometry(geometry)
        self.geo = geometry
        x, y, w, h = geometry.view_box
        self.rect = QRectF(x, y, w, h)
        self.province_paths = {p: poly_path(g) for p, g in geometry.provinces.items()}
        self._main_thread = threading.get_ident()
        self._local = threading.local()
        self.impassable_paths = [poly_path(g) for g in geometry.impassable.values()]
        self.water_paths = [poly_path(g) for g in geometry.impassable_water.values()]
        self.coast_path = line_path(geometry.coastline)
        self.sea = {p for p, c in geometry.province_class.items() if c == "sea"}
        self._layers: dict[int, tuple[QImage, QImage]] = {}
        self._anchors: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def paths(self) -> dict[str, QPainterPath]:
        """Province paths for the calling thread. Qt paths share data implicitly and cache
        derived data lazily, so worker threads each get their own deep copies."""
        if threading.get_ident() == self._main_thread:
            return self.province_paths
        own = getattr(self._local, "paths", None)
        if own is None:
            own = self._local.paths = {p: poly_path(g) for p, g in self.geo.provinces.items()}
        return own

    # -- anchors -----------------------------------------------------------------------
    def anchor(self, loc: str) -> tuple[float, float]:
        """Where a unit at ``loc`` stands, in map units (its coast's anchor if it has one)."""
        a = self._anchors.get(loc)
        if a is None:
            a = self.geo.unit_anchors.get(loc) or self.geo.unit_anchors.get(loc.split("/")[0])
            if a is None:
                a = self.geo.label_anchors.get(loc.split("/")[0], (0.0, 0.0))
            a = self._anchors[loc] = (float(a[0]), float(a[1]))
        return a

    def unit_point(self, loc: str) -> QPointF:
        return QPointF(*self.anchor(loc))

    def province_at(self, x: float, y: float) -> str | None:
        return self.geo.province_at(x, y)

    def nearest_location(self, candidates: list[str], x: float, y: float) -> str:
        """Of several locations (coasts of a province), the one whose anchor is nearest."""
        def d(loc: str) -> float:
            p = self.unit_point(loc)
            return (p.x() - x) ** 2 + (p.y() - y) ** 2
        return min(candidates, key=d)

    # -- static layers -------------------------------------------------------------------
    def paint_fills(self, p: QPainter) -> None:
        p.fillRect(self.rect, SEA)
        p.setPen(Qt.NoPen)
        for prov, path in self.province_paths.items():
            p.setBrush(SEA if prov in self.sea else LAND)
            p.drawPath(path)
        p.setBrush(IMPASSABLE)
        for path in self.impassable_paths:
            p.drawPath(path)
        p.setBrush(SEA)
        for path in self.water_paths:
            p.drawPath(path)

    def paint_lines(self, p: QPainter, labels: bool = True) -> None:
        p.setBrush(Qt.NoBrush)
        pen = QPen(BORDER, 0.7)
        pen.setJoinStyle(Qt.RoundJoin)
        p.setPen(pen)
        for prov, path in self.province_paths.items():
            if prov not in self.sea:
                p.drawPath(path)
        pen = QPen(QColor("#7fa3c2"), 0.6)
        p.setPen(pen)
        for prov in self.sea:
            p.drawPath(self.province_paths[prov])
        pen = QPen(COAST, 1.1)
        pen.setJoinStyle(Qt.RoundJoin)
        p.setPen(pen)
        p.drawPath(self.coast_path)
        pen = QPen(QColor("#6b4a2b"), 2.2, Qt.CustomDashLine, Qt.RoundCap)
        pen.setDashPattern([0.7, 1.2])
        p.setPen(pen)
        for s in self.geo.straits:
            p.drawLine(QPointF(*s.start), QPointF(*s.end))
        if labels:
            from .labels import paint_labels
            paint_labels(p, self, p.worldTransform().m11())

    def drop_layers(self, widths) -> None:
        """Forget the static layers at ``widths`` (an export's sizes, not the view's levels)."""
        with self._lock:
            for width in widths:
                if width not in LEVELS:
                    self._layers.pop(width, None)

    def layers(self, width: int) -> tuple[QImage, QImage]:
        """The static map at ``width`` pixels: (fills, lines on transparent)."""
        with self._lock:
            got = self._layers.get(width)
            if got is None:
                h = max(1, round(width * self.rect.height() / self.rect.width()))
                s = width / self.rect.width()
                fills = QImage(width, h, QImage.Format_ARGB32_Premultiplied)
                fills.fill(SEA)  # the scaled map may leave the last row uncovered
                p = QPainter(fills)
                p.setRenderHint(QPainter.Antialiasing)
                p.scale(s, s)
                self.paint_fills(p)
                p.end()
                lines = QImage(width, h, QImage.Format_ARGB32_Premultiplied)
                lines.fill(Qt.transparent)
                p = QPainter(lines)
                p.setRenderHint(QPainter.Antialiasing)
                p.setRenderHint(QPainter.TextAntialiasing)
                p.scale(s, s)
                self.paint_lines(p, labels=False)
                p.end()
                got = self._layers[width] = (fills, lines)
            return got


# the widths a board's image is drawn at for the view (thumbnails.py keeps them); an export's
# other widths are dropped after use
LEVELS = (96, 192, 384, 768, 1152, 1600)
_fonts = threading.local()      # fonts are not to be shared between threads (thumbnail workers)


def _letter_font(px: int) -> QFont:
    own = getattr(_fonts, "letters", None)
    if own is None:
        own = _fonts.letters = {}
    f = own.get(px)
    if f is None:
        f = own[px] = QFont("DejaVu Sans")
        f.setBold(True)
        f.setPixelSize(px)
    return f


@lru_cache(maxsize=None)
def map_art(variant: Variant) -> MapArt:
    """The variant's map art, its geometry from the plain-map cache (:mod:`.plain_map`)."""
    return MapArt(variant, load_plain_map(variant.map_path))


# -- board state ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Arrow:
    """An order drawn on one board (both ends on the same board), in map units."""

    kind: str            # move, support, convoy, hold, retreat, build, disband
    status: str          # pending, succeeds, fails, invalid
    colour: str          # nation colour (hex)
    points: tuple        # ((x, y), ...) start, [via], end


@dataclass(frozen=True)
class BoardState:
    """What a board shows; hashable, so it keys the thumbnail cache."""

    units: tuple          # ((loc, nation, type, dislodged), ...)
    centres: tuple        # ((province, nation), ...)
    arrows: tuple = ()    # (Arrow, ...)
    winter: bool = False
    fog: frozenset = frozenset()  # provinces out of sight, veiled (fog of war; app.ui.multiverse.fog_art)
    safe: bool = False            # drawn in the colour-vision-safe palette (app.ui.multiverse.nation_look)

    def __hash__(self) -> int:  # hashed on every paint: compute once
        h = self.__dict__.get("_h")
        if h is None:
            h = hash((self.units, self.centres, self.arrows, self.winter, self.fog, self.safe))
            object.__setattr__(self, "_h", h)
        return h


def colour_of(variant: Variant, nation: str) -> QColor:
    """A nation's colour as drawn: the map's own, or the colour-vision-safe palette's."""
    return look_of(variant).colour(nation)


def paint_tints(p: QPainter, art: MapArt, state: BoardState) -> None:
    """Owner tints: supply centres by owner, other land provinces by the unit standing there."""
    p.setPen(Qt.NoPen)
    owners = dict(state.centres)
    for loc, nation, _t, _d in state.units:
        prov = loc.split("/")[0]
        if prov not in owners and prov not in art.sea:
            owners[prov] = nation
    paths = art.paths()
    for prov, nation in owners.items():
        path = paths.get(prov)
        if path is None:
            continue
        c = colour_of(art.variant, nation)
        c.setAlphaF(0.62 if prov in art.variant.supply_centres else 0.38)
        p.setBrush(c)
        p.drawPath(path)


def paint_centres(p: QPainter, art: MapArt, state: BoardState, detail: bool = True) -> None:
    owners = dict(state.centres)
    for prov, (x, y) in art.geo.centre_anchors.items():
        nation = owners.get(prov)
        outer = QColor("#2b2418")
        p.setPen(QPen(outer, 1.2) if detail else Qt.NoPen)
        p.setBrush(QColor("#fffdf5"))
        p.drawEllipse(QPointF(x, y), 5.2, 5.2)
        if nation:
            p.setPen(Qt.NoPen)
            p.setBrush(colour_of(art.variant, nation).darker(115))
            p.drawEllipse(QPointF(x, y), 2.8, 2.8)


def _army_shape(c: QPointF, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(QRectF(c.x() - r, c.y() - r * 0.8, 2 * r, 1.6 * r), r * 0.35, r * 0.35)
    return path


def fleet_shape(c: QPointF, r: float) -> QPainterPath:
    path = QPainterPath()
    x, y = c.x(), c.y()
    path.moveTo(x - r * 1.15, y + r * 0.05)
    path.lineTo(x + r * 1.15, y + r * 0.05)
    path.lineTo(x + r * 0.75, y + r * 0.75)
    path.lineTo(x - r * 0.75, y + r * 0.75)
    path.closeSubpath()
    path.moveTo(x - r * 0.05, y - r * 1.05)
    path.lineTo(x + r * 0.8, y - r * 0.05)
    path.lineTo(x - r * 0.05, y - r * 0.05)
    path.closeSubpath()
    return path


def paint_unit(p: QPainter, art: MapArt, loc: str, nation: str, utype: str, dislodged: bool = False,
               detail: bool = True, offset: QPointF | None = None) -> None:
    c = art.unit_point(loc)
    if offset is not None:
        c = c + offset
    r = 13.0
    colour = colour_of(art.variant, nation)
    dark = colour.darker(190)
    if dislodged:
        c = c + QPointF(7, -7)
    # soft shadow
    p.setPen(Qt.NoPen)
    p.setBrush(QColor(0, 0, 0, 70))
    shape = _army_shape(c + QPointF(1.2, 1.6), r) if utype == "A" else fleet_shape(c + QPointF(1.2, 1.6), r)
    p.drawPath(shape)
    shape = _army_shape(c, r) if utype == "A" else fleet_shape(c, r)
    p.setPen(QPen(dark if not dislodged else QColor("#c92a2a"), 1.8 if not dislodged else 2.6))
    p.setBrush(colour)
    p.drawPath(shape)
    letter = look_of(art.variant).letters.get(nation)
    if letter and detail:
        # a nation whose colour lies close to another's carries its initial (nation_look)
        ink = QColor("#111111") if colour.lightnessF() > 0.6 else QColor("#ffffff")
        if utype == "A":
            box = QRectF(c.x() - r, c.y() - r * 0.75, 2 * r, 1.5 * r)
            p.setFont(_letter_font(16 if len(letter) == 1 else 12))
        else:                      # on the hull, below the sail
            box = QRectF(c.x() - r * 0.8, c.y() + r * 0.02, 1.6 * r, 0.75 * r)
            p.setFont(_letter_font(9 if len(letter) == 1 else 8))
        p.setPen(ink)
        p.drawText(box, Qt.AlignCenter, letter)
    elif utype == "A" and detail:
        # a small emblem: two crossed sabres
        p.setPen(QPen(QColor(255, 255, 255, 235), 2.0, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(c.x() - r * 0.5, c.y() - r * 0.45), QPointF(c.x() + r * 0.5, c.y() + r * 0.45))
        p.drawLine(QPointF(c.x() + r * 0.5, c.y() - r * 0.45), QPointF(c.x() - r * 0.5, c.y() + r * 0.45))
    if dislodged and detail:
        p.setPen(QPen(QColor("#c92a2a"), 2.0, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(QPointF(c.x() - r * 1.3, c.y() - r * 1.3), QPointF(c.x() + r * 1.3, c.y() + r * 1.3))


def paint_units(p: QPainter, art: MapArt, state: BoardState, detail: bool = True) -> None:
    for loc, nation, utype, dislodged in state.units:
        paint_unit(p, art, loc, nation, utype, dislodged, detail)


def arrow_pen(kind: str, colour: QColor, width: float, dash_scale: float = 1.0) -> QPen:
    """``dash_scale``: the dashes' length in pen widths is multiplied by it (a hairline
    pen one pixel wide keeps the dashes of the wider line it stands for)."""
    pen = QPen(colour, width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
    if kind == "support":
        pen.setStyle(Qt.CustomDashLine)
        pen.setDashPattern([2.6 * dash_scale, 1.6 * dash_scale])
    elif kind == "convoy":
        pen.setStyle(Qt.CustomDashLine)
        pen.setDashPattern([0.3 * dash_scale, 1.4 * dash_scale])
    return pen


# An arrow between boards at most this many pixels wide on screen is drawn as two
# one-pixel lines side by side, without its halo: Qt's raster engine draws a one-pixel line
# on its fast path, about ten times faster than a wider antialiased stroke and its
# translucent halo (a long arrow between boards cost ~1 ms a frame), and at that width the
# halo shows no more. (Arrows on a board, drawn into its image, keep their look.)
HAIRLINE_MAX_PX = 2.5


def paint_arrow(p: QPainter, a: QPointF, b: QPointF, kind: str, colour: QColor, width: float = 3.0,
                curve: float = 0.0, head: bool = True, via: QPointF | None = None,
                hairline_px: float = 0.0) -> None:
    """A line from ``a`` to ``b`` (through ``via`` if given) with an arrow head at ``b``;
    ``width`` in the painter's units. One at most ``hairline_px`` pixels wide on screen is
    drawn as hairlines (see :data:`HAIRLINE_MAX_PX`)."""
    dx, dy = b.x() - a.x(), b.y() - a.y()
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return
    path = QPainterPath(a)
    if via is not None:
        ctrl = via
    else:
        nx, ny = -dy / length, dx / length
        ctrl = QPointF((a.x() + b.x()) / 2 + nx * curve * length, (a.y() + b.y()) / 2 + ny * curve * length)
    hl = width * 3.4
    # stop the line short of the head
    tx, ty = b.x() - ctrl.x(), b.y() - ctrl.y()
    tl = math.hypot(tx, ty) or 1.0
    ux, uy = tx / tl, ty / tl
    end = QPointF(b.x() - ux * hl * 0.8, b.y() - uy * hl * 0.8) if head else b
    if via is not None or curve:
        path.quadTo(ctrl, end)
    else:
        path.lineTo(end)
    p.setBrush(Qt.NoBrush)
    on_screen = width * p.worldTransform().m11()
    if on_screen <= hairline_px:
        # two hairlines a pixel apart across the chord: the width of the line they stand for
        pen = arrow_pen(kind, colour, 1.0, dash_scale=max(on_screen, 1.0))
        pen.setCosmetic(True)
        p.setPen(pen)
        p.drawPath(path)
        if on_screen > 1.25:
            shift = (on_screen - 1.0) / p.worldTransform().m11()
            p.translate(-dy / length * shift, dx / length * shift)
            p.drawPath(path)
            p.translate(dy / length * shift, -dx / length * shift)
    else:
        if kind == "move":
            p.setPen(QPen(QColor(255, 255, 255, 150), width + 2.2, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            p.drawPath(path)
        p.setPen(arrow_pen(kind, colour, width))
        p.drawPath(path)
    if head:
        px, py = -uy, ux
        tri = QPolygonF([b, QPointF(b.x() - ux * hl + px * hl * 0.55, b.y() - uy * hl + py * hl * 0.55),
                         QPointF(b.x() - ux * hl - px * hl * 0.55, b.y() - uy * hl - py * hl * 0.55)])
        p.setPen(QPen(QColor(255, 255, 255, 150), 1.0))
        p.setBrush(colour)
        p.drawPolygon(tri)


def paint_board_arrows(p: QPainter, art: MapArt, arrows, width: float = 3.0) -> None:
    for ar in arrows:
        colour = STATUS_COLOURS.get(ar.status) if ar.status != "pending" else None
        if colour is None:
            colour = QColor(ar.colour).darker(135)
        pts = [QPointF(*xy) for xy in ar.points]
        if ar.kind == "hold":
            if ar.status == "succeeds":
                continue  # a hold that held needs no mark
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(colour, width * 0.9))
            p.drawEllipse(pts[0], 12.5, 12.5)
        elif ar.kind == "disband":
            p.setPen(QPen(colour, width, Qt.SolidLine, Qt.RoundCap))
            c = pts[0]
            p.drawLine(c + QPointF(-11, -11), c + QPointF(11, 11))
            p.drawLine(c + QPointF(11, -11), c + QPointF(-11, 11))
        elif ar.kind == "build":
            p.setBrush(Qt.NoBrush)
            pen = QPen(colour, width * 0.9, Qt.DashLine)
            p.setPen(pen)
            p.drawEllipse(pts[0], 13.5, 13.5)
        elif len(pts) == 3:
            paint_arrow(p, pts[0], pts[2], ar.kind, colour, width, via=pts[1])
        elif len(pts) >= 2:
            paint_arrow(p, pts[0], pts[1], ar.kind, colour, width,
                        curve=0.12 if ar.kind in ("support", "convoy") else 0.0)


def paint_board(p: QPainter, art: MapArt, state: BoardState, detail: bool = True, text_scale: float = 1.0) -> None:
    """Vector drawing of a whole board in map units (the caller sets the transform); with
    ``detail`` the province names, sized for the transform's scale times ``text_scale``."""
    from .labels import paint_labels
    art.paint_fills(p)
    paint_tints(p, art, state)
    art.paint_lines(p, labels=False)
    paint_centres(p, art, state, detail)
    paint_fog(p, art, state.fog, detail)
    paint_board_arrows(p, art, state.arrows)
    if detail:            # names under the units: a unit is never hidden by a name
        paint_labels(p, art, p.worldTransform().m11(), text_scale, vector=True)
    paint_units(p, art, state, detail)


def render_board_image(art: MapArt, state: BoardState, width: int, labels: bool = False,
                       text_scale: float = 1.0) -> QImage:
    """The board as a ``width``-pixel image (thread-safe: used by the thumbnail workers,
    which leave the names out: the view draws them at the screen's size). ``labels``: with
    the province names, sized as on a screen showing the board ``width / text_scale``
    pixels wide (an export at 2× has names twice as tall)."""
    fills, lines = art.layers(width)
    img = QImage(fills.size(), QImage.Format_ARGB32_Premultiplied)
    img.fill(0)  # a new QImage holds whatever was in memory; the fills may not cover every pixel
    p = QPainter(img)
    try:          # ended before the image goes, whatever happens (else Qt crashes on the way out)
        p.drawImage(0, 0, fills)
        s = width / art.rect.width()
        p.setRenderHint(QPainter.Antialiasing)
        p.scale(s, s)
        paint_tints(p, art, state)
        p.resetTransform()
        p.drawImage(0, 0, lines)
        p.scale(s, s)
        detail = width >= 300
        paint_centres(p, art, state, detail)
        paint_fog(p, art, state.fog, detail)
        paint_board_arrows(p, art, state.arrows, width=3.0 if detail else 5.0)
        if labels:            # names under the units: a unit is never hidden by a name
            from .labels import paint_labels
            paint_labels(p, art, s, text_scale)
        paint_units(p, art, state, detail)
    finally:
        p.end()
    return img
