"""Board miniatures for the far overview, computed with array look-ups rather than painted
path by path: a raster of the map tells which province each pixel belongs to, and a
board's miniature is the base map with a per-province colour table applied (tens of
microseconds a board). Imported when the overview first draws (numpy is not needed to
show the first boards)."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QImage, QPainter

from app.engine import Board

from .map_art import MapArt
from .map_colours import LAND
from .nation_look import look_of

SC_ALPHA = 0.62      # the same weights the full boards use for owner tints
LAND_ALPHA = 0.38


def _argb(img: QImage) -> np.ndarray:
    """A QImage (ARGB32/RGB32) as an (h, w) uint32 array (a copy)."""
    img = img.convertToFormat(QImage.Format_ARGB32)
    w, h = img.width(), img.height()
    bpl = img.bytesPerLine()
    buf = np.frombuffer(img.constBits(), dtype=np.uint8, count=bpl * h).reshape(h, bpl)
    return buf[:, : w * 4].copy().view(np.uint32).reshape(h, w)


def _blend(under: QColor, over: QColor, alpha: float) -> int:
    def mix(a: int, b: int) -> int:
        return round(a * (1 - alpha) + b * alpha)
    return QColor(mix(under.red(), over.red()), mix(under.green(), over.green()),
                  mix(under.blue(), over.blue())).rgba()


class Miniatures:
    """Raster tables for one variant's map at ``width`` pixels (the overview's cell): the province under each
    pixel and the plain map's colours; :meth:`image` turns a board state into a miniature."""

    def __init__(self, art: MapArt, width: int):
        self.art = art
        self.width = width
        self.height = max(1, round(width * art.rect.height() / art.rect.width()))
        scale = width / art.rect.width()
        self.index = {prov: i + 1 for i, prov in enumerate(art.province_paths)}
        # the province under each pixel: paths painted in index colours, no antialiasing
        labels = QImage(width, self.height, QImage.Format_RGB32)
        labels.fill(QColor.fromRgb(0))
        p = QPainter(labels)
        p.setRenderHint(QPainter.Antialiasing, False)
        p.scale(scale, scale)
        p.setPen(Qt.NoPen)
        for prov, i in self.index.items():
            p.setBrush(QColor.fromRgb(i))
            p.drawPath(art.province_paths[prov])
        p.end()
        self.labels = (_argb(labels) & 0xFFFFFF).astype(np.int32)
        self.base = _argb(art.layers(width)[0]) | np.uint32(0xFF000000)
        centres = set(art.variant.supply_centres)
        self.is_centre = np.array([False] + [p in centres for p in self.index], dtype=bool)
        self.is_sea = np.array([False] + [p in art.sea for p in self.index], dtype=bool)
        # a tinted province is one colour: the land colour under the nation's tint
        self.tints: dict[str, tuple[int, int]] = {}
        self.dots: dict[str, int] = {}
        look = look_of(art.variant)           # the palette shown (nation_look)
        for name in art.variant.nations:
            c = look.colour(name)
            self.tints[name] = (_blend(LAND, c, LAND_ALPHA), _blend(LAND, c, SC_ALPHA))
            self.dots[name] = c.darker(160).rgba()
        from .fog_art import VEIL
        from .map_colours import SEA
        self.veiled = (_blend(LAND, VEIL, VEIL.alphaF() * 1.6), _blend(SEA, VEIL, VEIL.alphaF() * 1.6))
        self.anchor_px: dict[str, tuple[int, int]] = {}
        for loc in list(art.geo.unit_anchors) + list(self.index):
            pt = art.unit_point(loc)
            x = int(pt.x() * scale)
            y = int(pt.y() * scale)
            self.anchor_px[loc] = (min(max(x, 0), width - 2), min(max(y, 0), self.height - 2))
        # per location (coasts too) and province: its province's slot in the colour table,
        # the slot of a tint (0: a sea, never tinted by a unit) and the 2×2 pixels of its dot
        self._slot = {p: i for p, i in self.index.items()}
        self._land = {p: i for p, i in self.index.items() if not self.is_sea[i]}
        self._centre = {p for p, i in self.index.items() if self.is_centre[i]}
        self._sea = {p for p, i in self.index.items() if self.is_sea[i]}
        self._dot: dict[str, tuple[int, int, int, int]] = {}
        for loc in set(self.anchor_px) | {l for l in art.geo.unit_anchors}:
            xy = self.anchor_px.get(loc) or self.anchor_px.get(loc.split("/")[0])
            if xy is not None:
                x, y = xy
                o = y * width + x
                self._dot[loc] = (o, o + 1, o + width, o + width + 1)
        self._empty = [0] * (len(self.index) + 1)

    def image(self, board: Board, fog: frozenset[str] = frozenset()) -> QImage:
        """The board's miniature: owner tints as on the full board, units as dots; the
        ``fog`` provinces (fog of war) veiled. The colour table and the dots are worked out
        with plain Python (numpy's per-element access costs more than the work), the pixels
        with one look-up and one choice over the whole raster."""
        lut = self._empty.copy()           # 0: the plain map shows
        owners = dict(board.centres)
        units = [(u.loc, u.nation) for u in board.units.values()]
        land = self._land
        for loc, nation in units:
            prov = loc.split("/")[0]
            if prov not in owners and prov in land:
                owners[prov] = nation
        tints, slot, centre = self.tints, self._slot, self._centre
        for prov, nation in owners.items():
            i = slot.get(prov)
            if i is not None and nation in tints:
                lut[i] = tints[nation][1 if prov in centre else 0]
        for prov in fog:
            i = slot.get(prov)
            if i is not None:
                lut[i] = self.veiled[1 if prov in self._sea else 0]
        px = np.array(lut, dtype=np.uint32)[self.labels]
        out = np.where(px != 0, px, self.base)
        where, colours = [], []
        dots, dot = self.dots, self._dot
        for loc, nation in units:
            d = dot.get(loc) or dot.get(loc.split("/")[0])
            if d is not None and nation in dots:
                where.extend(d)
                colours.extend((dots[nation],) * 4)
        if where:
            out.reshape(-1)[where] = colours
        out = np.ascontiguousarray(out)
        img = QImage(out.data, self.width, self.height, self.width * 4, QImage.Format_RGB32)
        return img.copy()  # own the pixels: the array goes away
