"""Far out, the whole multiverse as a few cached images.

A board a few dozen pixels wide on screen shows who holds what, not where each unit
stands, and one item per board then costs more to draw than it shows: at 2000 boards the
view spent ~75 ms a frame visiting them. So far away the scene hides its board items and
draws this overview instead: each board's miniature (province tints by owner, units as
dots) is blitted once into large tiles. Boards never change once made, so a submission
re-blits only the boards it added or changed, and a frame draws a handful of tiles.

Miniatures are computed with array look-ups (:mod:`.miniatures`, made when the overview
first draws: a world opened near its present boards never needs them).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PySide6.QtCore import QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from app.engine import BoardKey

from .layout import Layout, painted_area
from app.engine import Board

from .map_art import MapArt
from ..guard import guarded

CELL_W = 40          # overview pixels across a full-size board (boards go far below 40 px)
TILE = 512           # overview pixels per tile side
MIP_LEVELS = 3       # tiles halved at most three times (64 px) for far zooms
MOSAIC_LEVEL = 2     # from this level on, the halved tiles are drawn as one image
BATCH = 100          # miniatures made per step while a large world fills in (~15 ms)
TILE_FORMAT = QImage.Format_RGB16   # half the memory of 32 bits (~80 MB less at 10,000 boards)
FILL_AFTER_MS = 1000  # while hidden, miniatures are made this long after their boards changed


def as_tile_colour(colour: QColor) -> QColor:
    """``colour`` as a 16-bit tile holds it. The view paints its ground in these colours
    too (WorldView.drawBackground), so that no tile's edge shows on it."""
    return QColor.fromRgba(_tile_rgba(colour.rgba()))


@lru_cache(maxsize=64)
def _tile_rgba(rgba: int) -> int:
    img = QImage(1, 1, TILE_FORMAT)
    img.fill(QColor.fromRgba(rgba))
    return img.pixel(0, 0)


class OverviewItem(QGraphicsItem):
    """Every board's miniature in a few large tiles; shown instead of the board items when
    boards are too small on screen to show more. Updated lazily: :meth:`mark` records the
    boards to re-blit, :meth:`fill_soon` has them made (see :meth:`_fill`), and those still
    waiting are blitted when the overview is next drawn."""

    def __init__(self, art: MapArt, layout: Layout, theme, owner: QObject | None = None):
        super().__init__()
        self.art = art
        self.layout = layout
        self.theme = theme
        self._minis = None
        self.k = CELL_W / art.rect.width()             # overview pixels per scene unit
        self.tiles: dict[tuple[int, int], QImage] = {}
        self._mips: dict[tuple[int, int], dict[int, QImage]] = {}   # halved copies, made when drawn small
        self._mosaics: dict[int, tuple[QRectF, QImage]] = {}       # level -> every tile in one image
        self.states: dict[BoardKey, tuple[Board, bool]] = {}
        self.dirty: set[BoardKey] = set()
        self.active: list[QRectF] = []
        self._bounds = QRectF()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setZValue(0)
        # miniatures are made a batch at a time between events, so a world of thousands of
        # boards fills in within a second or two without holding up the window; while the
        # overview is hidden they wait a little first, so that opening a world or a
        # submission shows its boards before this work begins (and a start never waits
        # for numpy, which makes them)
        self._filler = QTimer(owner)   # owned by the scene: it dies with it
        self._filler.setInterval(0)
        self._filler.timeout.connect(self._fill_some)
        self._later = QTimer(owner, singleShot=True, interval=FILL_AFTER_MS, timeout=self._filler.start)

    def boundingRect(self) -> QRectF:
        return self._bounds

    @property
    def minis(self):
        """The miniature maker (:class:`.miniatures.Miniatures`), made when first needed."""
        if self._minis is None:
            from .miniatures import Miniatures
            self._minis = Miniatures(self.art, CELL_W)
        return self._minis

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
                # another seat's sight: never shown while refilling
                self._draw([(self._target(key).adjusted(-1, -1, 1, 1), None, False)])
            self.states[key] = (board, active, fog)
            self.dirty.add(key)

    def fill_soon(self) -> None:
        """Make the miniatures marked since (see :meth:`_fill`)."""
        if self.dirty:
            self._fill()

    def _fill(self) -> None:
        """Make the marked miniatures: now if the overview shows, else a little later."""
        if self._filler.isActive():
            return
        if self.isVisible():
            self._later.stop()
            self._filler.start()
        elif not self._later.isActive():
            self._later.start()

    def _fill_some(self) -> None:
        if not self.flush(limit=BATCH):
            self._filler.stop()

    @guarded
    def itemChange(self, change, value):
        if change == QGraphicsItem.ItemVisibleHasChanged and value and self.dirty:
            self._fill()                   # shown: the rest now
        return super().itemChange(change, value)

    def forget(self, keys: Iterable[BoardKey]) -> None:
        """Boards that no longer exist (after an undo): their cells show the ground again."""
        gone = []
        for key in keys:
            if self.states.pop(key, None) is not None:
                gone.append((self._target(key).adjusted(-1, -1, 1, 1), None, False))
            self.dirty.discard(key)
        self._draw(gone)

    def set_active(self, keys: Iterable[BoardKey]) -> None:
        self.active = [self.layout.rect(k) for k in keys]
        self.update()

    def set_theme(self, theme) -> None:
        self.theme = theme
        self.tiles.clear()               # their ground is the theme's: made again
        self._mips.clear()
        self._mosaics.clear()
        self.dirty.update(self.states)
        self._fill()
        self.update()

    def restyle(self) -> None:
        """The nations' colours changed (the colour-vision-safe palette): every miniature again."""
        self._minis = None                 # its colour tables are the palette's: made again
        self.dirty.update(self.states)
        if not self._filler.isActive():
            self._filler.start()
        self.update()

    def flush(self, limit: int | None = None) -> int:
        """Blit the boards marked since the last flush (at most ``limit``); returns how many."""
        keys = sorted(self.dirty)[:limit] if limit else sorted(self.dirty)
        for i in range(0, len(keys), BATCH):     # a batch's miniatures at a time in memory
            jobs = []
            for key in keys[i:i + BATCH]:
                board, active, fog = self.states[key]
                jobs.append((self._target(key), self.minis.image(board, fog), active))
                self.dirty.discard(key)
            self._draw(jobs)
        if keys:
            self.update()
        return len(keys)

    def _target(self, key: BoardKey) -> QRectF:
        """A board's cell, in overview pixels."""
        x, y, s = self.layout.place(key)
        k = self.k
        return QRectF(x * k, y * k, self.layout.board_w * s * k, self.layout.board_h * s * k)

    def _draw(self, jobs: list) -> None:
        """Draw miniatures into the tiles under them, one painter per tile for all of its
        boards (a painter per board and tile cost more than the miniature itself).
        ``jobs``: (cell, miniature or None for the bare ground, active)."""
        by_tile: dict[tuple[int, int], list] = {}
        for job in jobs:
            target = job[0]
            for tx in range(int(target.left() // TILE), int(target.right() // TILE) + 1):
                for ty in range(int(target.top() // TILE), int(target.bottom() // TILE) + 1):
                    if job[1] is None and (tx, ty) not in self.tiles:
                        continue           # the bare ground on a tile not made yet: made with it
                    by_tile.setdefault((tx, ty), []).append(job)
        frame = QPen(self.theme.past_frame, 1.0)
        for (tx, ty), tile_jobs in by_tile.items():
            tile = self._tile(tx, ty)
            self._mips.pop((tx, ty), None)
            self._mosaics.clear()
            p = QPainter(tile)
            p.translate(-tx * TILE, -ty * TILE)
            p.setRenderHint(QPainter.SmoothPixmapTransform, True)
            for target, mini, active in tile_jobs:
                if mini is None:
                    self._ground(p, target)
                    continue
                p.drawImage(target, mini)
                if not active:
                    p.fillRect(target, self.theme.past_dim)
                p.setPen(frame)
                p.setBrush(Qt.NoBrush)
                p.drawRect(target.adjusted(0, 0, -1, -1))
            p.end()

    def _tile(self, tx: int, ty: int) -> QImage:
        img = self.tiles.get((tx, ty))
        if img is None:
            # 16 bits a pixel: half the memory of 32 (a world of 10,000 boards needs ~160
            # tiles); no alpha, so the tile holds the ground the view would show around
            # its boards (_ground)
            img = QImage(TILE, TILE, TILE_FORMAT)
            p = QPainter(img)
            p.translate(-tx * TILE, -ty * TILE)
            self._ground(p, QRectF(tx * TILE, ty * TILE, TILE, TILE))
            p.end()
            self.tiles[(tx, ty)] = img
        return img

    def _ground(self, p: QPainter, rect: QRectF) -> None:
        """What the view's background shows under ``rect`` (overview pixels): the theme's
        ground, and a band along every second timeline's row (WorldView.drawBackground)."""
        p.fillRect(rect, as_tile_colour(self.theme.background))
        lay, k = self.layout, self.k
        row = lay.board_h + lay.gap_y
        top = lay.timeline_at_y(rect.top() / k)
        for t in range(max(2, top - 1), lay.timeline_at_y(rect.bottom() / k) + 2):
            if t % 2 == 0:
                band = QRectF(rect.left(), (lay.row_y(t) - lay.gap_y / 2) * k, rect.width(), row * k)
                p.fillRect(band.intersected(rect), as_tile_colour(self.theme.band))

    def _tile_image(self, pos: tuple[int, int], level: int) -> QImage:
        """A tile halved ``level`` times: kept per tile below the mosaic's levels, made for
        the mosaic and let go at and above them (the mosaic is what those zooms draw)."""
        if level == 0:
            return self.tiles[pos]
        mips = self._mips.setdefault(pos, {}) if level < MOSAIC_LEVEL else {}
        img = mips.get(level)
        if img is None:
            src = self.tiles[pos]
            img = mips[level] = src.scaled(TILE >> level, TILE >> level, Qt.IgnoreAspectRatio,
                                           Qt.SmoothTransformation)
        return img

    def _mosaic(self, level: int) -> tuple[QRectF, QImage]:
        """Every tile at ``level`` in one image, and the scene area it covers (made again
        once the tiles changed)."""
        got = self._mosaics.get(level)
        if got is None:
            xs = [tx for tx, _ in self.tiles] or [0]
            ys = [ty for _, ty in self.tiles] or [0]
            x0, y0 = min(xs), min(ys)
            side = TILE >> level
            img = QImage((max(xs) - x0 + 1) * side, (max(ys) - y0 + 1) * side, TILE_FORMAT)
            p = QPainter(img)
            p.scale(side / TILE, side / TILE)           # the ground between the tiles, banded
            p.translate(-x0 * TILE, -y0 * TILE)
            self._ground(p, QRectF(x0 * TILE, y0 * TILE, img.width() * TILE / side, img.height() * TILE / side))
            p.resetTransform()
            for (tx, ty) in self.tiles:
                p.drawImage((tx - x0) * side, (ty - y0) * side, self._tile_image((tx, ty), level))
            p.end()
            scene_side = TILE / self.k
            area = QRectF(x0 * scene_side, y0 * scene_side, img.width() / side * scene_side,
                          img.height() / side * scene_side)
            got = self._mosaics[level] = (area, img)
        return got

    # -- drawing -------------------------------------------------------------------------
    @guarded
    def paint(self, painter: QPainter, option, widget=None) -> None:
        if self.dirty and len(self.dirty) <= BATCH:
            self.flush()   # a submission's few new boards show at once; a new world fills in
        exposed = painted_area(painter, option.exposedRect)
        side = TILE / self.k
        # far out a tile covers a few dozen pixels: draw a halved copy near that size rather
        # than filtering the whole tile down on every frame
        ratio = painter.worldTransform().m11() / self.k
        level = 0
        while ratio < 0.5 and level < MIP_LEVELS:
            ratio *= 2
            level += 1
        painter.setRenderHint(QPainter.SmoothPixmapTransform, True)
        if level >= MOSAIC_LEVEL:
            # so far out that the whole world's tiles at this level make one small image:
            # one call a frame rather than one a tile (a hundred at 10,000 boards)
            area, img = self._mosaic(level)
            painter.drawImage(area, img)
        else:
            for pos in self.tiles:
                r = QRectF(pos[0] * side, pos[1] * side, side, side)
                if r.intersects(exposed):
                    painter.drawImage(r, self._tile_image(pos, level))
        if self.active:
            pen = QPen(self.theme.active_frame, 2.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawRects([r for r in self.active if r.intersects(exposed)])


__all__ = ["CELL_W", "OverviewItem"]
