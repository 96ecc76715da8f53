"""One light QGraphicsItem per board.

Far away it draws a cached image of the board (rendered off the GUI thread by
:mod:`.thumbnails`, at the mip level that matches its size on screen); the few things
that change while a player gives orders (target highlights, the selected unit, pending
orders) are drawn over the image as vectors. Hit-testing uses the map geometry.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from app.engine import BoardKey

from ..civ.names import calendar_for, shown_nation
from .map_art import BoardState, MapArt, paint_board_arrows, paint_unit
from .state import pending_arrow
from .labels import IMAGE_MAX_PX, MIN_BOARD_PX, label_image, paint_labels, touched_provinces
from .map_colours import HIGHLIGHT
from ..guard import guarded
from .thumbnails import LEVELS, ThumbnailCache, level_for

LABEL_H = 70.0
FLASH_OUT = 11.0      # how far the new-board frame reaches outside the map (the bounds allow 12)


@lru_cache(maxsize=8)
def _rects(art: MapArt) -> tuple[QRectF, QRectF]:
    """The map's rectangle and a board item's bounds (label above, frame around): shared by
    every item of that map, and never changed in place."""
    rect = QRectF(art.rect)
    return rect, rect.adjusted(-12, -LABEL_H - 12, 12, 12)


class BoardItem(QGraphicsItem):
    """A board. Light to make (a world of 10,000 boards makes 10,000 of them when opened):
    what most boards never change is a class default, set on the item only when it
    changes, and the map's rectangles are shared by every item of a map."""

    state: BoardState | None = None
    active = False
    highlights: dict[str, str] = {}     # province -> 'target' | 'source' | 'pick' (replaced, never changed)
    selected_loc: str | None = None
    pending_orders = ()                 # orders being entered, drawn on this board
    _pending_drawn: tuple = ((), ())    # (pending_orders, their Arrows) as last drawn
    pending_builds = ()                 # (loc, nation, type)
    flash = False                       # newly created board after a submission

    def __init__(self, key: BoardKey, art: MapArt, cache: ThumbnailCache, theme, ghost: bool = False,
                 states: Callable[["BoardItem"], BoardState] | None = None, active: bool = False):
        super().__init__()
        self._states = states                      # makes the state when it is first needed
        self.key = key
        self.art = art
        self.cache = cache
        self.theme = theme
        self.ghost = ghost
        if active:
            self.active = True
        self._rect, self._bounds = _rects(art)
        self.setAcceptHoverEvents(True)
        if ghost:
            self.setZValue(-1)

    # -- QGraphicsItem --------------------------------------------------------------------
    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_state(self, state: BoardState | None, active: bool) -> None:
        if state != self.state or active != self.active:
            self.state = state
            self.active = active
            self.update()

    def invalidate(self) -> None:
        """The board's content changed: make its state again when it is next drawn."""
        self.state = None
        self.update()

    def set_active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self.update()

    def current_state(self) -> BoardState | None:
        if self.state is None and self._states is not None and not self.ghost:
            self.state = self._states(self)
        return self.state

    def on_screen_width(self, painter: QPainter) -> float:
        return painter.worldTransform().m11() * self._rect.width()

    @property
    def pending(self) -> tuple:
        """The Arrows of :attr:`pending_orders`, made when the board is first drawn with
        them: an undo gives back thousands of orders, on boards mostly out of sight."""
        orders, arrows = self._pending_drawn
        if orders is not self.pending_orders:
            arrows = tuple(a for a in (pending_arrow(self.art, o) for o in self.pending_orders) if a is not None)
            self._pending_drawn = (self.pending_orders, arrows)
        return arrows

    @guarded
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        sw = self.on_screen_width(painter)
        scene = self.scene()
        ts = getattr(scene, "text_scale", 1.0) if scene is not None else 1.0   # an export at 2×, 4×
        rect = self._rect
        theme = self.theme
        level = level_for(sw)
        img = None
        state = self.current_state()
        if state is not None and not self.ghost:
            self.cache.fit_screen(*self._screen(painter))
            img = self.cache.best(state, level)
            if img is None or img.width() != level:
                self.cache.request(state, level, priority=1 if level == LEVELS[0] else 0)
        if img is None:
            img = self.art.layers(min(level, LEVELS[-2]))[0]
        painter.setRenderHint(QPainter.SmoothPixmapTransform, sw > 90 and img.width() > sw * 1.15)
        painter.setRenderHint(QPainter.Antialiasing, False)
        if self.ghost:
            painter.setOpacity(0.32)
            painter.drawImage(rect, img)
            painter.setOpacity(1.0)
        else:
            painter.drawImage(rect, img)
            self._paint_names(painter, sw, ts)
            if not self.active:
                painter.fillRect(rect, theme.past_dim)
        # frame
        px = ts / max(painter.worldTransform().m11(), 1e-6)  # one screen pixel in item units
        if self.ghost:
            pen = QPen(theme.ghost_frame, 2.5 * px, Qt.DashLine)
        elif self.active:
            pen = QPen(theme.active_frame, max(4.0 * px, 3.0))
        else:
            pen = QPen(theme.past_frame, max(1.0 * px, 1.0))
        pen.setCosmetic(False)
        painter.setPen(pen)
        painter.setBrush(Qt.NoBrush)
        painter.drawRect(rect)
        if self.flash:
            # its outer edge inside the bounding rect (12 units around the map) at every
            # zoom, growing inwards: a stroke past the bounds is never erased when the
            # flash ends (green remnants)
            w = max(6.0 * px, 6.0)
            d = FLASH_OUT - w / 2
            painter.setPen(QPen(theme.flash, w))
            painter.drawRect(rect.adjusted(-d, -d, d, d))
        # live overlays
        if self.highlights or self.selected_loc or self.pending or self.pending_builds:
            painter.setRenderHint(QPainter.Antialiasing, sw > 250)
            self._paint_overlays(painter, sw, px)
        # coordinate label above the board
        if sw > 70:
            self._paint_label(painter, px)

    def _paint_names(self, painter: QPainter, sw: float, ts: float = 1.0) -> None:
        """The province names at the screen's size (:mod:`.labels`; ``ts`` times it in an
        export at 2× or 4×): from an image shared by every board of this size while boards
        are small, as text when the board is large (few are in view then); none far out."""
        if sw < MIN_BOARD_PX * ts:
            return
        scale = painter.worldTransform().m11()
        if sw <= IMAGE_MAX_PX:
            # the image is the board's size on the device: blitted there, untransformed (fast)
            img = label_image(self.art, round(sw), ts)
            at = painter.worldTransform().map(self._rect.topLeft())
            painter.save()
            painter.resetTransform()
            painter.drawImage(QPointF(round(at.x()), round(at.y())), img)
            painter.restore()
        else:
            paint_labels(painter, self.art, scale, ts)
        # a name over a unit's marker in a small province: the unit stays on top
        touched = touched_provinces(self.art, scale / ts)
        if touched and self.state is not None:
            painter.setRenderHint(QPainter.Antialiasing, True)
            for loc, nation, utype, dislodged in self.state.units:
                if loc.split("/")[0] in touched:
                    paint_unit(painter, self.art, loc, nation, utype, dislodged, sw >= 300)

    def _screen(self, painter: QPainter) -> tuple[int, int]:
        """About how many boards the painted device shows, and the image level a full-size
        board needs there (for the thumbnail budget). Every board of a frame answers the
        same (the view's scale, not this board's: Winter boards are drawn smaller); the
        label and margins stand in for the gaps between boards."""
        k = painter.worldTransform().m11() / (self.scale() or 1.0)
        dev = painter.device()
        if k <= 0 or dev is None:
            return 1, LEVELS[0]
        across = dev.width() / (self._bounds.width() * k) + 1
        down = dev.height() / (self._bounds.height() * k) + 1
        return int(across) * int(down) or 1, level_for(k * self._rect.width())

    def _paint_overlays(self, painter: QPainter, sw: float, px: float) -> None:
        art = self.art
        for prov, kind in self.highlights.items():
            path = art.province_paths.get(prov)
            if path is None:
                continue
            c = QColor(HIGHLIGHT if kind == "target" else self.theme.pick)
            c.setAlpha(120)
            painter.setBrush(c)
            c2 = QColor(c)
            c2.setAlpha(255)
            painter.setPen(QPen(c2.darker(130), max(2.0 * px, 1.2)))
            painter.drawPath(path)
        width = max(3.0, 2.2 * px)
        if self.pending:
            paint_board_arrows(painter, art, self.pending, width)
        for loc, nation, utype in self.pending_builds:
            painter.setOpacity(0.75)
            paint_unit(painter, art, loc, nation, utype, False, sw > 250)
            painter.setOpacity(1.0)
        if self.selected_loc:
            c = art.unit_point(self.selected_loc)
            r = max(18.0, 8 * px)
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(QColor(255, 255, 255, 230), max(5.0, 3.5 * px)))
            painter.drawEllipse(c, r, r)
            painter.setPen(QPen(self.theme.accent, max(3.0, 2 * px)))
            painter.drawEllipse(c, r, r)

    def label_text(self) -> str:
        """The board's name over it: ``1:S1901``, or in a civilisations game ``1: Spring 4000
        BC`` (RULES.md §10), and what the board is (active, a ghost)."""
        text = calendar_for(getattr(self.scene(), "world", None)).board(self.key)
        return text + ("   ghost board" if self.ghost else ("   active" if self.active else ""))

    def _paint_label(self, painter: QPainter, px: float) -> None:
        size = max(34.0, 13 * px)
        if size > LABEL_H:
            return
        f = QFont(self.theme.font_family)
        f.setPixelSize(max(1, int(size)))
        f.setBold(True)
        painter.setFont(f)
        painter.setPen(self.theme.board_label if not self.ghost else self.theme.ghost_frame)
        painter.drawText(QRectF(0, -LABEL_H, self._rect.width(), LABEL_H - 8),
                         Qt.AlignLeft | Qt.AlignBottom, self.label_text())

    # -- hit testing --------------------------------------------------------------------
    def province_at(self, local: QPointF) -> str | None:
        if not self._rect.contains(local):
            return None
        return self.art.province_at(local.x(), local.y())

    @guarded
    def hoverMoveEvent(self, event) -> None:
        prov = self.province_at(event.pos())
        if prov is None:
            cal = calendar_for(getattr(self.scene(), "world", None))
            self.setToolTip(f"Board {cal.board(self.key)}" if cal.is_civ else
                            f"Board {self.key}  ({cal.title(self.key.turn)}, timeline {self.key.timeline})")
            return
        info = self.art.variant.provinces.get(prov)
        name = info.name if info else prov
        unit = ""
        state = self.current_state()
        if state is not None:
            for loc, nation, utype, dis in state.units:
                if loc.split("/")[0] == prov:
                    unit = f"\n{shown_nation(nation)} {'army' if utype == 'A' else 'fleet'}" + (" (dislodged)" if dis else "")
            owner = dict(state.centres).get(prov)
            if prov in state.fog:
                unit = "\nOut of sight"
            elif owner:
                unit += f"\nSupply centre of {shown_nation(owner)}"
            elif prov in self.art.variant.supply_centres:
                unit += "\nNeutral supply centre"
        world = getattr(self.scene(), "world", None)
        if world is not None:     # the orders given here and what became of them (h10)
            from ..panels.results import orders_at
            unit += "".join("\n" + line for line in orders_at(world, self.key, prov))
        self.setToolTip(f"{name}  ·  {self.key.timeline}:{prov}:{self.key.turn}{unit}")
        scene = self.scene()
        if scene is not None and hasattr(scene, "hovered"):
            scene.hovered.emit(f"{name} — {self.key.timeline}:{prov}:{self.key.turn}")
