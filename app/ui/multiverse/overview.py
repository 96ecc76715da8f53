"""Far out, the whole multiverse as a few cached images.

A board a few dozen pixels wide on screen shows who holds what, not where each unit
stands, and one item per board then costs more to draw than it shows: at 2000 boards the
view spent ~75 ms a frame visiting them. So far away the scene hides its board items and
draws this overview instead: each board's miniature (province tints by owner, units as
dots) is blitted once into large tiles. Boards never change once made, so a submission
re-blits only the boards it added or changed, and a frame draws a handful of tiles.

Miniatures are computed with array look-ups rather than painted path by path: a raster
of the map tells which province each pixel belongs to, and a board's miniature is the
base map with a per-province colour table applied (tens of microseconds a board).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from app.engine.coords import BoardKey

from .layout import Layout
from app.engine.world import Board

from .map_art import MapArt
from .nation_look import look_of
from .map_colours import LAND
from ..guard import guarded

CELL_W = 48          # overview pixels across a full-size board
TILE = 512           # overview pixels per tile side
MIP_LEVELS = 3       # tiles halved at most three times (64 px) for far zooms
BATCH = 150          # miniatures made per step while a large world fills in
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
    """Raster tables for one variant's map at ``CELL_W`` pixels: the province under each
    pixel and the plain map's colours; :meth:`image` turns a board state into a miniature."""

    def __init__(self, art: MapArt, width: int = CELL_W):
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

    def image(self, board: Board, fog: frozenset[str] = frozenset()) -> QImage:
        """The board's miniature: owner tints as on the full board, units as dots; the
        ``fog`` provinces (fog of war) veiled."""
        lut = np.zeros(len(self.index) + 1, dtype=np.uint32)   # 0: the plain map shows
        owners = dict(board.centres)
        units = [(u.loc, u.nation) for u in board.units.values()]
        for loc, nation in units:
            prov = loc.split("/")[0]
            if prov not in owners:
                i = self.index.get(prov)
                if i is not None and not self.is_sea[i]:
                    owners[prov] = nation
        for prov, nation in owners.items():
            i = self.index.get(prov)
            if i is not None and nation in self.tints:
                lut[i] = self.tints[nation][1 if self.is_centre[i] else 0]
        for prov in fog:
            i = self.index.get(prov)
            if i is not None:
                lut[i] = self.veiled[1 if self.is_sea[i] else 0]
        px = lut[self.labels]
        out = np.where(px != 0, px, self.base)
        for loc, nation in units:
            xy = self.anchor_px.get(loc) or self.anchor_px.get(loc.split("/")[0])
            if xy is not None and nation in self.dots:
                x, y = xy
                out[y:y + 2, x:x + 2] = self.dots[nation]
        out = np.ascontiguousarray(out)
        img = QImage(out.data, self.width, self.height, self.width * 4, QImage.Format_RGB32)
        return img.copy()  # own the pixels: the array goes away


class OverviewItem(QGraphicsItem):
    """Every board's miniature in a few large tiles; shown instead of the board items when
    boards are too small on screen to show more. Updated lazily: :meth:`mark` records the
    boards to re-blit, and they are blitted when the overview is next drawn."""

    def __init__(self, art: MapArt, layout: Layout, theme, owner: QObject | None = None):
        super().__init__()
        self.art = art
        self.layout = layout
        self.theme = theme
        self.minis = Miniatures(art)
        self.k = CELL_W / art.rect.width()             # overview pixels per scene unit
        self.tiles: dict[tuple[int, int], QImage] = {}
        self._mips: dict[tuple[int, int], dict[int, QImage]] = {}   # halved copies, made when drawn small
        self.states: dict[BoardKey, tuple[Board, bool]] = {}
        self.dirty: set[BoardKey] = set()
        self.active: list[QRectF] = []
        self._bounds = QRectF()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(0)
        # miniatures are made a batch at a time between events, so a world of thousands of
        # boards fills in within a second or two without holding up the window
        self._filler = QTimer(owner)   # owned by the scene: it dies with it
        self._filler.setInterval(0)
        self._filler.timeout.connect(self._fill_some)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_bounds(self, r: QRectF) -> None:
        self.prepareGeometryChange()
        self._bounds = QRectF(r)

    # -- keeping up with the world -------------------------------------------------------
    def mark(self, key: BoardKey, board: Board, active: bool, fog: frozenset[str] = frozenset()) -> None:
        """Show ``board`` at ``key`` (a miniature shows only units and centres; ``fog``: the
        provinces veiled by the fog of war)."""
        old = self.states.get(key)
        if old is None or old[0] is not board or old[1] != active or old[2] != fog:
            if old is not None and old[2] != fog:
                self._blit(key, None, False)   # another seat's sight: never shown while refilling
            self.states[key] = (board, active, fog)
            self.dirty.add(key)
            if not self._filler.isActive():
                self._filler.start()

    def _fill_some(self) -> None:
        if not self.flush(limit=BATCH):
            self._filler.stop()

    def forget(self, keys: Iterable[BoardKey]) -> None:
        """Boards that no longer exist (after an undo): clear their cells."""
        for key in keys:
            if self.states.pop(key, None) is not None:
                self._blit(key, None, False)
            self.dirty.discard(key)

    def set_active(self, keys: Iterable[BoardKey]) -> None:
        self.active = [self.layout.rect(k) for k in keys]
        self.update()

    def set_theme(self, theme) -> None:
        self.theme = theme
        self.dirty.update(self.states)
        self.update()

    def restyle(self) -> None:
        """The nations' colours changed (the colour-vision-safe palette): every miniature again."""
        self.minis = Miniatures(self.art)
        self.dirty.update(self.states)
        if not self._filler.isActive():
            self._filler.start()
        self.update()

    def flush(self, limit: int | None = None) -> int:
        """Blit the boards marked since the last flush (at most ``limit``); returns how many."""
        keys = sorted(self.dirty)[:limit] if limit else list(self.dirty)
        for key in keys:
            board, active, fog = self.states[key]
            self._blit(key, board, active, fog)
            self.dirty.discard(key)
        if keys:
            self.update()
        return len(keys)

    def _tile(self, tx: int, ty: int) -> QImage:
        img = self.tiles.get((tx, ty))
        if img is None:
            img = QImage(TILE, TILE, QImage.Format_ARGB32_Premultiplied)
            img.fill(Qt.transparent)
            self.tiles[(tx, ty)] = img
        return img

    def _blit(self, key: BoardKey, board: Board | None, active: bool, fog: frozenset[str] = frozenset()) -> None:
        r = self.layout.rect(key)
        target = QRectF(r.x() * self.k, r.y() * self.k, r.width() * self.k, r.height() * self.k)
        mini = self.minis.image(board, fog) if board is not None else None
        for tx in range(int(target.left() // TILE), int(target.right() // TILE) + 1):
            for ty in range(int(target.top() // TILE), int(target.bottom() // TILE) + 1):
                tile = self._tile(tx, ty)
                self._mips.pop((tx, ty), None)
                p = QPainter(tile)
                p.translate(-tx * TILE, -ty * TILE)
                if mini is None:
                    p.setCompositionMode(QPainter.CompositionMode_Clear)
                    p.fillRect(target.adjusted(-1, -1, 1, 1), Qt.transparent)
                else:
                    p.setRenderHint(QPainter.SmoothPixmapTransform, True)
                    p.drawImage(target, mini)
                    if not active:
                        p.fillRect(target, self.theme.past_dim)
                    p.setPen(QPen(self.theme.past_frame, 1.0))
                    p.setBrush(Qt.NoBrush)
                    p.drawRect(target.adjusted(0, 0, -1, -1))
                p.end()

    def _tile_image(self, pos: tuple[int, int], level: int) -> QImage:
        if level == 0:
            return self.tiles[pos]
        mips = self._mips.setdefault(pos, {})
        img = mips.get(level)
        if img is None:
            src = self._tile_image(pos, level - 1)
            img = mips[level] = src.scaled(src.width() // 2, src.height() // 2,
                                           Qt.IgnoreAspectRatio, Qt.SmoothTransformation)
        return img

    # -- drawing -------------------------------------------------------------------------
    @guarded
    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.dirty and len(self.dirty) <= BATCH:
            self.flush()   # a submission's few new boards show at once; a new world fills in
        exposed = option.exposedRect
        side = TILE / self.k
        # far out a tile covers a few dozen pixels: draw a halved copy near that size rather
        # than filtering the whole tile down on every frame
        ratio = painter.worldTransform().m11() / self.k
        level = 0
        while ratio < 0.5 and level < MIP_LEVELS:
            ratio *= 2
            level += 1
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        for pos in self.tiles:
            r = QRectF(pos[0] * side, pos[1] * side, side, side)
            if r.intersects(exposed):
                painter.drawImage(r, self._tile_image(pos, level))
        if self.active:
            pen = QPen(self.theme.active_frame, 2.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            for r in self.active:
                if r.intersects(exposed):
                    painter.drawRect(r)


__all__ = ["CELL_W", "Miniatures", "OverviewItem"]
