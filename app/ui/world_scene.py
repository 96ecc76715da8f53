"""The multiverse as a QGraphicsScene: one BoardItem per board laid out by timeline and
turn, fork arrows from each timeline's source board, and an overlay for order arrows that
span boards."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from app.engine.coords import BoardKey, Location
from app.engine.orders import Build, Order
from app.engine.world import World

from .board_item import BoardItem
from .layout import Layout
from .map_art import STATUS_COLOURS, MapArt, colour_of, paint_arrow
from .fog_art import unseen_by_board
from .state import (board_state, cross_arrows, order_locations, pending_arrow, same_board)
from .theme import Theme
from .thumbnails import ThumbnailCache


class OverlayItem(QGraphicsItem):
    """Fork arrows and order arrows between boards, culled to the exposed area."""

    def __init__(self, scene: "WorldScene"):
        super().__init__()
        self.ws = scene
        self.forks: list[tuple[QRectF, QPainterPath, QPointF, QPointF]] = []
        self.arrows: list[tuple[QRectF, QPointF, QPointF, QPointF | None, str, QColor]] = []
        self.pending: list[tuple[QRectF, QPointF, QPointF, QPointF | None, str, QColor]] = []
        self._far = None
        self._bounds = QRectF()
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_arrows(self, arrows) -> None:
        self.arrows = arrows
        self._far = None
        self.update()

    def far_paths(self) -> list:
        if self._far is None:
            paths: dict = {}
            colours: dict = {}
            for bounds, a, b, via, kind, colour in self.arrows:
                key = colour.rgba()
                colours[key] = colour
                path = paths.setdefault(key, QPainterPath())
                path.moveTo(a)
                if via is not None:
                    path.quadTo(via, b)
                else:
                    dx, dy = b.x() - a.x(), b.y() - a.y()
                    ctrl = QPointF((a.x() + b.x()) / 2 - dy * 0.18, (a.y() + b.y()) / 2 + dx * 0.18)
                    path.quadTo(ctrl, b)
            self._far = [(QColor(colours[k]), QPainterPath(p)) for k, p in paths.items()]
        return self._far

    def set_bounds(self, r: QRectF) -> None:
        self.prepareGeometryChange()
        self._bounds = r

    def paint(self, painter: QPainter, option, widget=None) -> None:
        exposed = option.exposedRect
        m = painter.worldTransform().m11()
        px = 1.0 / max(m, 1e-6)
        theme = self.ws.theme
        painter.setRenderHint(QPainter.Antialiasing, True)
        fork_pen = QPen(theme.fork, max(8.0, 2.5 * px), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        for bounds, path, end, tangent in self.forks:
            if not bounds.intersects(exposed):
                continue
            painter.setPen(fork_pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(path)
            h = max(36.0, 9 * px)
            tri = QPolygonF([end, QPointF(end.x() - h, end.y() - h * 0.55), QPointF(end.x() - h, end.y() + h * 0.55)])
            painter.setPen(Qt.NoPen)
            painter.setBrush(theme.fork)
            painter.drawPolygon(tri)
        # past orders across boards: thin and translucent far away, so they do not drown the boards
        far = px > 4.0
        if far:
            # one batched path per colour, no heads: hundreds of arrows in a few calls
            painter.setOpacity(0.6)
            painter.setRenderHint(QPainter.Antialiasing, False)
            painter.setBrush(Qt.NoBrush)
            for colour, path in self.far_paths():
                pen = QPen(colour, 1.3)
                pen.setCosmetic(True)
                painter.setPen(pen)
                painter.drawPath(path)
        else:
            painter.setOpacity(0.9)
            width = max(5.0, 1.8 * px)
            for bounds, a, b, via, kind, colour in self.arrows:
                if bounds.intersects(exposed):
                    paint_arrow(painter, a, b, kind, colour, width, curve=0.0 if via else 0.18, via=via)
        painter.setOpacity(1.0)
        width = max(7.0, 2.6 * px)
        for bounds, a, b, via, kind, colour in self.pending:
            if bounds.intersects(exposed):
                paint_arrow(painter, a, b, kind, colour, width, curve=0.0 if via else 0.18, via=via)


class WorldScene(QGraphicsScene):
    hovered = Signal(str)

    def __init__(self, art: MapArt, theme: Theme, parent=None):
        super().__init__(parent)
        self.art = art
        self.theme = theme
        self.layout = Layout(art.rect.width(), art.rect.height(), art.variant.first_year)
        self.cache = ThumbnailCache(art, threads=2, parent=self)
        self.cache.ready.connect(self._on_ready)
        self.items_by_key: dict[BoardKey, BoardItem] = {}
        self.ghosts: dict[BoardKey, BoardItem] = {}
        self._by_state: dict[object, list[BoardItem]] = {}
        self.overlay = OverlayItem(self)
        self.addItem(self.overlay)
        self.world: World | None = None
        self.setItemIndexMethod(QGraphicsScene.BspTreeIndex)
        self._state_memo: dict[tuple, object] = {}

    # -- world ------------------------------------------------------------------------
    def set_world(self, world: World, fog=None) -> None:
        """Show ``world``; ``fog``: the nations whose sight it is drawn in (None: no fog)."""
        self.world = world
        unseen = unseen_by_board(world, fog) if fog is not None else {}
        lay = self.layout
        keep = set(world.boards)
        for key in list(self.items_by_key):
            if key not in keep:
                self.removeItem(self.items_by_key.pop(key))
        self._by_state.clear()
        memo = {}
        for key, board in world.boards.items():
            # memo by identity of the (immutable, shared) board, orders and results
            ident = (id(board), id(world.orders.get(key)), id(world.results.get(key)),
                     id(world.retreats.get(key)), world.pause is not None, unseen.get(key))
            hit = self._state_memo.get(ident)
            if hit is not None and hit[0] is board:
                state = hit[1]
            else:
                state = board_state(world, key, self.art, unseen.get(key, frozenset()))
            memo[ident] = (board, state, world.orders.get(key), world.results.get(key), world.retreats.get(key))
            item = self.items_by_key.get(key)
            if item is None:
                item = BoardItem(key, self.art, self.cache, self.theme)
                item.setPos(lay.pos(key))
                item.setScale(lay.scale(key))
                self.addItem(item)
                self.items_by_key[key] = item
            item.set_state(state, world.is_active(key))
            self._by_state.setdefault(state, []).append(item)
        self._state_memo = memo
        self._build_forks(world)
        self._build_cross(world)
        self._update_rect()

    def _update_rect(self) -> None:
        r = QRectF()
        for item in list(self.items_by_key.values()) + list(self.ghosts.values()):
            r = r.united(item.sceneBoundingRect())
        r = r.adjusted(-900, -500, 900, 700)
        self.overlay.set_bounds(r)
        self.setSceneRect(r)

    def board_rect(self) -> QRectF:
        r = QRectF()
        for item in self.items_by_key.values():
            r = r.united(item.sceneBoundingRect())
        return r

    def active_rect(self) -> QRectF:
        r = QRectF()
        if self.world is None:
            return r
        for key in self.world.active_boards():
            r = r.united(self.items_by_key[key].sceneBoundingRect())
        return r

    def _build_forks(self, world: World) -> None:
        lay = self.layout
        forks = []
        for t, parent in world.parents.items():
            if parent is None:
                continue
            first = BoardKey(t, world.starts[t])
            src, dst = lay.rect(parent), lay.rect(first)
            a = QPointF(src.right(), src.center().y())
            b = QPointF(dst.left() - 4, dst.center().y())
            path = QPainterPath(a)
            dx = max(120.0, (b.x() - a.x()) * 0.5)
            path.cubicTo(QPointF(a.x() + dx, a.y()), QPointF(b.x() - dx, b.y()), QPointF(b.x() - 30, b.y()))
            bounds = path.boundingRect().adjusted(-60, -60, 60, 60)
            forks.append((bounds, path, b, QPointF(1, 0)))
        self.overlay.forks = forks
        self.overlay.update()

    def loc_point(self, loc: Location) -> QPointF:
        pt = self.art.unit_point(loc.loc)
        return self.layout.to_scene(loc.board, pt.x(), pt.y())

    def _arrow_geom(self, order: Order, status: str):
        locs = order_locations(order)
        if len(locs) < 2:
            return None
        pts = [self.loc_point(l) for l in locs]
        if status == "pending":
            colour = colour_of(self.art.variant, getattr(order, "nation", "")).darker(135)
        else:
            colour = STATUS_COLOURS.get(status, STATUS_COLOURS["invalid"])
        via = None
        if len(pts) == 3:
            a, via, b = pts
            if order.kind == "support":
                via = QPointF((pts[1].x() + pts[2].x()) / 2, (pts[1].y() + pts[2].y()) / 2)
        else:
            a, b = pts
        bounds = QRectF(a, b).normalized()
        if via is not None:
            bounds = bounds.united(QRectF(via, via))
        bounds = bounds.adjusted(-300, -300, 300, 300)
        return (bounds, a, b, via, order.kind, colour)

    def _build_cross(self, world: World) -> None:
        out = []
        for ca in cross_arrows(world):
            g = self._arrow_geom(ca.order, ca.status)
            if g:
                out.append(g)
        self.overlay.set_arrows(out)

    # -- live state: orders being entered, highlights, ghosts -----------------------------
    def set_pending(self, orders: list[Order]) -> None:
        per_board: dict[BoardKey, list] = {}
        builds: dict[BoardKey, list] = {}
        cross = []
        for o in orders:
            if isinstance(o, Build):
                builds.setdefault(o.at.board, []).append((o.at.loc, o.nation, o.unit_type))
                continue
            if same_board(o):
                a = pending_arrow(self.art, o)
                if a is not None:
                    per_board.setdefault(o.board, []).append(a)
            else:
                g = self._arrow_geom(o, "pending")
                if g:
                    cross.append(g)
        for key, item in self.items_by_key.items():
            new = tuple(per_board.get(key, ()))
            nb = tuple(builds.get(key, ()))
            if new != item.pending or nb != item.pending_builds:
                item.pending = new
                item.pending_builds = nb
                item.update()
        self.overlay.pending = cross
        self.overlay.update()

    def set_highlights(self, marks: dict[BoardKey, dict[str, str]], selected: Location | None = None) -> None:
        for key, item in list(self.items_by_key.items()) + list(self.ghosts.items()):
            h = marks.get(key, {})
            sel = selected.loc if selected is not None and selected.board == key else None
            if h != item.highlights or sel != item.selected_loc:
                item.highlights = dict(h)
                item.selected_loc = sel
                item.update()

    def set_ghosts(self, keys: list[BoardKey]) -> None:
        wanted = set(keys)
        for key in list(self.ghosts):
            if key not in wanted:
                self.removeItem(self.ghosts.pop(key))
        for key in keys:
            if key in self.ghosts or key in self.items_by_key:
                continue
            item = BoardItem(key, self.art, self.cache, self.theme, ghost=True)
            item.setPos(self.layout.pos(key))
            item.setScale(self.layout.scale(key))
            self.addItem(item)
            self.ghosts[key] = item
        self._update_rect()

    def set_flash(self, keys: set[BoardKey]) -> None:
        for key, item in self.items_by_key.items():
            f = key in keys
            if f != item.flash:
                item.flash = f
                item.update()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        for item in list(self.items_by_key.values()) + list(self.ghosts.values()):
            item.theme = theme
            item.update()
        self.overlay.update()

    def item_at(self, pos: QPointF) -> BoardItem | None:
        for it in self.items(pos):
            if isinstance(it, BoardItem) and it._rect.contains(it.mapFromScene(pos)):
                return it
        return None

    def _on_ready(self, state) -> None:
        for item in self._by_state.get(state, ()):
            item.update()
