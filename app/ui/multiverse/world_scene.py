"""The multiverse as a QGraphicsScene: one BoardItem per board laid out by timeline and
turn, fork arrows from each timeline's source board, and an overlay for order arrows that
span boards."""

from __future__ import annotations

from operator import is_

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene


from app.engine import (BoardKey, Build, Convoy, Hold, Location, Move, Order, raw_value, Retreat,
                        stays_on_board, Support, table_changes, World)

from .board_item import BoardItem
from ..guard import guarded
from .layout import Layout, painted_area
from .map_art import HAIRLINE_MAX_PX, BoardState, MapArt, colour_of, paint_arrow
from .map_colours import STATUS_COLOURS
from .fog_art import unseen_by_board
from .overview import OverviewItem
from .state import board_state, order_locations, same_board
from ..theme import Theme
from .thumbnails import ThumbnailCache


def _head(end: QPointF, h: float) -> QPolygonF:
    """An arrow head pointing right, its tip at ``end``."""
    return QPolygonF([end, QPointF(end.x() - h, end.y() - h * 0.55), QPointF(end.x() - h, end.y() + h * 0.55)])


# Arrows between boards are kept in buckets by the area of the board they are given on (a
# few timelines by a few years): a frame near the boards walks only the buckets it shows.
# Far away every arrow of a colour is one path, drawn in one call, to which a submission's
# new arrows are added (an undo, which takes some away, makes them again).
BUCKET_ROWS = 8       # timelines per bucket
BUCKET_YEARS = 2      # years per bucket
FAR_PX = 4.0          # scene units per pixel beyond which arrows are drawn thin, batched
FAR_INK = 0.6         # far away arrows are this much ink on the background (opaque: see paint)
INDEX_YEARS = 8       # the scene's index reaches this many years beyond the boards …
INDEX_ROWS = 32       # … and this many timelines (see WorldScene._update_rect)


def _bucket(key: BoardKey) -> tuple[int, int]:
    return key[0] // BUCKET_ROWS, key[1].year // BUCKET_YEARS


def _quad_path(path: QPainterPath, a: QPointF, b: QPointF, via: QPointF | None) -> None:
    path.moveTo(a)
    if via is not None:
        path.quadTo(via, b)
    else:
        dx, dy = b.x() - a.x(), b.y() - a.y()
        path.quadTo(QPointF((a.x() + b.x()) / 2 - dy * 0.18, (a.y() + b.y()) / 2 + dx * 0.18), b)


class OverlayItem(QGraphicsItem):
    """Fork arrows and order arrows between boards, culled to the exposed area.

    Far away (more than ``FAR_PX`` scene units a pixel) the arrows are one path per colour,
    drawn one pixel wide, opaque and without antialiasing: Qt's raster engine draws such a
    path three to four times faster than a wider or translucent one, and a world of 10,000
    boards shows over a thousand of them at once."""

    def __init__(self, scene: "WorldScene"):
        super().__init__()
        self.ws = scene
        self.forks: list[tuple[QRectF, QPainterPath, QPointF, QPointF]] = []
        self.by_board: dict[BoardKey, list] = {}     # the arrows given on each board
        self.pending: dict = {}      # pending order's key -> (bounds, a, b, via, kind, colour)
        self._buckets: dict[tuple[int, int], set[BoardKey]] = {}
        self._bounds_of: dict[tuple[int, int], QRectF] = {}     # bucket -> the area its arrows cover
        self._far: dict[int, QPainterPath] | None = None         # colour (rgba) -> every arrow of it
        self._far_colours: dict[int, QColor] = {}
        self._pens: dict[tuple[int, int], QPen] = {}
        self._far_forks = None
        self._bounds = QRectF()
        self.rebuilt = 0                               # buckets made again (tests count them)
        self.setFlag(QGraphicsItem.ItemUsesExtendedStyleOption, True)
        self.setZValue(10)
        self.setAcceptedMouseButtons(Qt.NoButton)
        self.setAcceptHoverEvents(False)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def set_forks(self, forks) -> None:
        old, self.forks = self.forks, forks
        far = self._far_forks
        n = len(old)
        if far is not None and len(forks) >= n and all(map(is_, old, forks[:n])):
            # the same forks and some after them (a submission's new timelines): only
            # theirs are added to the far-away batches
            curves, heads = QPainterPath(far[1]), QPainterPath(far[2])
            for _bounds, fork, end, _tangent in forks[n:]:
                curves.addPath(fork)
                heads.addPolygon(_head(end, 9 * far[0]))
                heads.closeSubpath()
            self._far_forks = (far[0], curves, heads)
        else:
            self._far_forks = None
        self.update()

    def far_forks(self, px: float) -> tuple[QPainterPath, QPainterPath]:
        """All fork arrows as two paths: their curves, and their heads sized for ``px``
        scene units per pixel (kept while the zoom stays within a factor of two)."""
        if self._far_forks is None or not (0.5 < self._far_forks[0] / px < 2.0):
            curves = self._far_forks[1] if self._far_forks is not None else None
            if curves is None:
                curves = QPainterPath()
                for _bounds, fork, _end, _tangent in self.forks:
                    curves.addPath(fork)
            heads = QPainterPath()
            for _bounds, _fork, end, _tangent in self.forks:
                heads.addPolygon(_head(end, 9 * px))
                heads.closeSubpath()
            self._far_forks = (px, curves, heads)
        return self._far_forks[1], self._far_forks[2]

    # -- arrows between boards ---------------------------------------------------------------
    @property
    def arrows(self) -> list:
        """Every arrow, board by board in board order."""
        return [g for key in sorted(self.by_board) for g in self.by_board[key]]

    def set_board_arrows(self, key: BoardKey, geoms: list | None) -> bool:
        """The arrows given on ``key`` (None or []: none); returns whether they changed."""
        had = self.by_board.get(key)
        if not geoms and had is None:
            return False
        if geoms and had is not None and [g[1:] for g in geoms] == [g[1:] for g in had]:
            return False                     # the same arrows (the board changed otherwise)
        cell = _bucket(key)
        if key in self.by_board:
            self._far = None                 # some go: all are batched again when next drawn far
        elif self._far is not None:
            self._add_far(geoms)             # only new ones: added to the batches
        if geoms:
            self.by_board[key] = geoms
            self._buckets.setdefault(cell, set()).add(key)
        else:
            del self.by_board[key]
            keys = self._buckets.get(cell)
            if keys is not None:
                keys.discard(key)
                if not keys:
                    del self._buckets[cell]
        self._bounds_of.pop(cell, None)
        self.update()
        return True

    def _cell_bounds(self, cell) -> QRectF:
        """The area a bucket's arrows cover."""
        got = self._bounds_of.get(cell)
        if got is None:
            got = QRectF()
            for key in self._buckets[cell]:
                for geom in self.by_board[key]:
                    got = got.united(geom[0])
            self._bounds_of[cell] = got
        return got

    def far_paths(self) -> list:
        """Every arrow as one path per colour: [(colour, path)]."""
        if self._far is None:
            self._far = {}
            self._far_colours = {}
            for key in sorted(self.by_board):
                self._add_far(self.by_board[key])
            self.rebuilt += 1
        return [(self._far_colours[k], p) for k, p in self._far.items()]

    def _add_far(self, geoms) -> None:
        for _bounds, a, b, via, _kind, colour in geoms:
            rgba = colour.rgba()
            path = self._far.get(rgba)
            if path is None:
                path = self._far[rgba] = QPainterPath()
                self._far_colours[rgba] = colour
            _quad_path(path, a, b, via)

    def _far_pen(self, colour: QColor) -> QPen:
        """A far arrow's pen: one pixel of the colour mixed into the background."""
        key = (colour.rgba(), self.ws.theme.background.rgba())
        pen = self._pens.get(key)
        if pen is None:
            pen = self._pens[key] = QPen(_mix(self.ws.theme.background, colour, FAR_INK), 1.0)
            pen.setCosmetic(True)
        return pen

    def add_pending(self, key, geom) -> None:
        self.pending[key] = geom
        self.update(geom[0])              # only where the arrow is

    def drop_pending(self, key) -> None:
        geom = self.pending.pop(key, None)
        if geom is not None:
            self.update(geom[0])

    def set_bounds(self, r: QRectF) -> None:
        self.prepareGeometryChange()
        self._bounds = r

    @guarded
    def paint(self, painter: QPainter, option, widget=None) -> None:
        exposed = painted_area(painter, option.exposedRect)
        m = painter.worldTransform().m11()
        px = 1.0 / max(m, 1e-6)
        theme = self.ws.theme
        far = px > FAR_PX
        if far:
            # far away all forks are one path of curves and one of heads, without
            # antialiasing: a world of many timelines costs a few calls, not hundreds. The
            # curves are two one-pixel strokes a pixel apart rather than one two pixels
            # wide, which Qt draws ten times slower
            painter.setRenderHint(QPainter.Antialiasing, False)
            curves, heads = self.far_forks(px)
            pen = QPen(theme.fork, 1.0)
            pen.setCosmetic(True)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawPath(curves)
            painter.translate(0, px)
            painter.drawPath(curves)
            painter.translate(0, -px)
            painter.setPen(Qt.NoPen)
            painter.setBrush(theme.fork)
            painter.drawPath(heads)
        else:
            painter.setRenderHint(QPainter.Antialiasing, True)
            fork_pen = QPen(theme.fork, max(8.0, 2.5 * px), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
            for bounds, path, end, tangent in self.forks:
                if not bounds.intersects(exposed):
                    continue
                painter.setPen(fork_pen)
                painter.setBrush(Qt.NoBrush)
                painter.drawPath(path)
                painter.setPen(Qt.NoPen)
                painter.setBrush(theme.fork)
                painter.drawPolygon(_head(end, max(36.0, 9 * px)))
        # past orders across boards: thin and faint far away, so they do not drown the boards
        if far:
            # one path per colour, no heads: hundreds of arrows in a few calls; the
            # faintness is mixed into the colour (see the class)
            painter.setRenderHint(QPainter.Antialiasing, False)
            painter.setBrush(Qt.NoBrush)
            for colour, path in self.far_paths():
                painter.setPen(self._far_pen(colour))
                painter.drawPath(path)
        else:
            painter.setOpacity(0.9)
            width = max(5.0, 1.8 * px)
            for cell in list(self._buckets):
                if not self._cell_bounds(cell).intersects(exposed):
                    continue
                for key in self._buckets[cell]:
                    for bounds, a, b, via, kind, colour in self.by_board[key]:
                        if bounds.intersects(exposed):
                            paint_arrow(painter, a, b, kind, colour, width, curve=0.0 if via else 0.18, via=via,
                                        hairline_px=HAIRLINE_MAX_PX)
        painter.setOpacity(1.0)
        width = max(7.0, 2.6 * px)
        for bounds, a, b, via, kind, colour in self.pending.values():
            if bounds.intersects(exposed):
                paint_arrow(painter, a, b, kind, colour, width, curve=0.0 if via else 0.18, via=via,
                            hairline_px=HAIRLINE_MAX_PX)


def _mix(under: QColor, over: QColor, ink: float) -> QColor:
    """``over`` drawn with opacity ``ink`` on ``under``, as one opaque colour."""
    return QColor(round(under.red() + (over.red() - under.red()) * ink),
                  round(under.green() + (over.green() - under.green()) * ink),
                  round(under.blue() + (over.blue() - under.blue()) * ink))


_NONE: frozenset[str] = frozenset()


def _same_items(a: tuple, b: tuple) -> bool:
    """The same objects in the same order (orders are compared by identity, not value)."""
    return len(a) == len(b) and all(map(is_, a, b))


def _same(a: tuple, b: tuple) -> bool:
    """Two board identities: the same shared objects, and the same dislodged provinces."""
    return a[0] is b[0] and a[1] is b[1] and a[2] is b[2] and a[3] is b[3] and a[4:] == b[4:]


def _spans_boards(o: Order) -> bool:
    """Whether an order's arrow runs between boards: :func:`same_board` by attribute,
    without building the location list (opening a big world asks it of every order)."""
    t = type(o)
    if t is Move or t is Retreat:
        return o.dest.board != o.unit.board
    if t is Support:
        b = o.unit.board
        return o.supported.board != b or (o.dest is not None and o.dest.board != b)
    if t is Convoy:
        b = o.unit.board
        return o.army.board != b or o.dest.board != b
    return False          # holds, disbands, builds: one place


def _changed_keys(old: World, new: World) -> set[BoardKey]:
    """The boards whose board, orders, results or retreats differ (by identity) between two
    snapshots, and those only one of them has. Snapshots share their unchanged values, and
    a mapping shared whole is skipped whole (:func:`app.engine.rules.world_delta.table_changes`
    compares the rest in C)."""
    out: set[BoardKey] = set()
    for name in ("boards", "orders", "results", "retreats"):
        for keys in table_changes(getattr(old, name), getattr(new, name)):
            out.update(keys)
    return out


def _dislodged_by_board(world: World) -> dict[BoardKey, frozenset[str]]:
    """The provinces of each board holding a dislodged unit (during a retreat pause)."""
    if world.pause is None:
        return {}
    grouped: dict[BoardKey, set[str]] = {}
    for loc in world.pause.dislodged:
        grouped.setdefault(loc.board, set()).add(loc.province)
    return {k: frozenset(v) for k, v in grouped.items()}


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
        self.overview = OverviewItem(art, self.layout, theme, owner=self)
        self.overview.setVisible(False)
        self.addItem(self.overview)
        self.far = False
        self.text_scale = 1.0           # an export at 2× or 4×: names, frames and titles that much larger
        self.world: World | None = None
        self.setItemIndexMethod(QGraphicsScene.BspTreeIndex)
        self._idents: dict[BoardKey, tuple] = {}
        self._unseen: dict[BoardKey, frozenset[str]] = {}   # fog of war: provinces veiled per board
        self._dislodged: dict[BoardKey, frozenset[str]] = {}
        self._active: set[BoardKey] = set()
        self._fog = None
        self._flashed: set[BoardKey] = set()        # boards framed as new
        self.touched = 0                              # boards the last set_world looked at
        self._parents = None
        self._board_rect = QRectF()
        self._index_rect = QRectF()
        self.index_resets = 0                         # times the item index was laid out anew
        self._lit: set[BoardKey] = set()            # boards showing highlights or the selection
        self._pending_where: dict = {}               # pending order's key -> (order, "arrows" | "builds" | "cross", board)
        self._pending_boards: dict[BoardKey, dict[str, dict]] = {}   # board -> {"arrows"|"builds": {key: drawn}}
        self._held: set[BoardKey] | None = None    # boards to show once set_pending is through
        self._forks_made: dict[int, tuple] = {}      # timeline -> (parent, first turn, its fork arrow)

    # -- world ------------------------------------------------------------------------
    def set_world(self, world: World, fog=None) -> None:
        """Show ``world``. Work is in proportion to what changed since the last world:
        boards are immutable and shared between snapshots, so the boards whose board,
        orders, results or retreats are other objects than last time, whose dislodged units
        differ or which became (in)active are found by identity (a C-speed pass over the
        mappings) and only they are touched; the rest keep their state, item and arrows.
        ``fog``: the nations whose sight the boards are drawn in, the rest veiled (None:
        no fog of war; a fogged world is walked in full, its veils being per board)."""
        old = self.world
        self.world = world
        unseen = unseen_by_board(world, fog) if fog is not None else {}
        dislodged = _dislodged_by_board(world)
        active_keys = world.active_boards()
        active = set(active_keys)
        full = old is None or fog is not None or self._fog is not None
        if full:
            touched = list(world.boards) + [k for k in self.items_by_key if k not in world.boards]
        else:
            touched = _changed_keys(old, world)
            touched.update(k for k in dislodged.keys() | self._dislodged.keys()
                           if dislodged.get(k) != self._dislodged.get(k))
            touched.update(active ^ self._active)
            touched = sorted(touched)
        self._fog = fog
        self._unseen = unseen
        self._dislodged = dislodged
        self._active = active
        self.touched = len(touched)
        lay = self.layout
        gone = [key for key in touched if key not in world.boards and key in self.items_by_key]
        overlay = self.overlay
        for key in gone:
            item = self.items_by_key.pop(key)
            self._drop_state(item)
            self.removeItem(item)
            self._idents.pop(key, None)
            overlay.set_board_arrows(key, None)
        self.overview.forget(gone)
        boards, all_orders, all_results, all_retreats = world.boards, world.orders, world.results, world.retreats
        items, idents, overview = self.items_by_key, self._idents, self.overview
        art, cache, theme, states, far = self.art, self.cache, self.theme, self.state_of, self.far
        for key in touched:
            board = boards.get(key)
            if board is None:
                continue
            # the orders' stand-in: a loaded board's orders are made only if drawn (app.engine.saves.lazy_orders)
            orders, results, retreats = raw_value(all_orders, key), all_results.get(key), all_retreats.get(key)
            veiled = unseen.get(key, _NONE)
            ident = (board, orders, results, retreats, dislodged.get(key, _NONE), veiled)
            old_ident = idents.get(key)
            changed = old_ident is None or not _same(old_ident, ident)
            on = key in active
            item = items.get(key)
            if item is None:       # a new item has no state yet: it is made when first drawn
                item = BoardItem(key, art, cache, theme, states=states, active=on)
                x, y, scale = lay.place(key)
                item.setPos(x, y)
                if scale != 1.0:
                    item.setScale(scale)
                if far:
                    item.setVisible(False)
                self.addItem(item)
                items[key] = item
                if key in self._pending_boards:
                    self._show_board_pending(key)
            else:
                if changed:
                    self._drop_state(item)
                    item.invalidate()   # its state is made again when it is next drawn
                item.set_active(on)
            if changed:
                idents[key] = ident
                if old_ident is None or old_ident[1:4] != ident[1:4]:
                    overlay.set_board_arrows(key, self._cross_geoms(world, key) if orders or retreats else None)
            overview.mark(key, board, on, veiled)
        overview.fill_soon()
        self.overview.set_active(active_keys)
        if world.parents is not self._parents:
            # a submission makes a new mapping; the arrows change only with its content
            if self._parents is None or dict(world.parents) != dict(self._parents):
                self._build_forks(world)
            self._parents = world.parents
        self._update_rect()

    def state_of(self, item: BoardItem) -> BoardState:
        """The state a board item shows, made from the current world when first needed:
        most boards of a large world are never drawn close enough to need one."""
        state = board_state(self.world, item.key, self.art, self._unseen.get(item.key, _NONE))
        self._by_state.setdefault(state, []).append(item)
        return state

    def _drop_state(self, item: BoardItem) -> None:
        holders = self._by_state.get(item.state) if item.state is not None else None
        if holders is not None:
            if item in holders:
                holders.remove(item)
            if not holders:
                del self._by_state[item.state]

    def _update_rect(self) -> None:
        """The boards' extent, from the layout: rows of timelines, columns of turns."""
        world = self.world
        r = QRectF()
        if world is not None and world.ends:
            lay = self.layout
            first = min(world.starts.values())
            last = max(world.ends.values())
            top, bottom = min(world.ends), max(world.ends)
            r = QRectF(QPointF(lay.column_x(first), lay.row_y(top)),
                       QPointF(lay.column_x(last) + lay.board_w, lay.row_y(bottom) + lay.board_h))
        self._board_rect = r
        for item in self.ghosts.values():
            r = r.united(item.sceneBoundingRect())
        r = r.adjusted(-900, -500, 900, 700)
        self.overlay.set_bounds(r)
        self.overview.set_bounds(r)
        if not self._index_rect.contains(r):
            # The scene's own rectangle partitions its index of items, and each change of
            # it indexes every board again (~40 ms at 10,000 boards): it grows in large
            # steps and never shrinks. What the view scrolls over is its own rectangle
            # (WorldView._apply_scale, from board_rect).
            lay = self.layout
            ahead = QRectF(r.x(), r.y(), r.width() + INDEX_YEARS * lay.year_w,
                           r.height() + INDEX_ROWS * (lay.board_h + lay.gap_y))
            self._index_rect = ahead if self._index_rect.isEmpty() else self._index_rect.united(ahead)
            self.setSceneRect(self._index_rect)
            self.index_resets += 1

    def board_rect(self) -> QRectF:
        return QRectF(self._board_rect)

    def active_rect(self) -> QRectF:
        r = QRectF()
        if self.world is None:
            return r
        for key in self.world.active_boards():
            r = r.united(self.layout.rect(key))
        return r

    def set_far(self, far: bool) -> None:
        """Far away, draw the overview's cached miniatures instead of one item per board."""
        if far != self.far:
            self.far = far
            # top-level items, each shown or hidden: the scene's index then culls them (a
            # hidden parent would make every frame walk all its children)
            for item in self.items_by_key.values():
                item.setVisible(not far)
            self.overview.setVisible(far)

    def key_at(self, pos: QPointF) -> BoardKey | None:
        """The board (existing) under a scene point, from the layout alone."""
        if self.world is None:
            return None
        turn = self.layout.turn_at_x(pos.x())
        if turn is None:
            return None
        key = BoardKey(self.layout.timeline_at_y(pos.y()), turn)
        if key in self.world.boards and self.layout.rect(key).contains(pos):
            return key
        return None

    def _build_forks(self, world: World) -> None:
        """The fork arrows, one per timeline from its parent board; a timeline's arrow is
        kept while its parent and first turn stay (a submission adds a few of hundreds)."""
        made = self._forks_made
        kept: dict[int, tuple] = {}
        forks = []
        starts = world.starts
        for t, parent in world.parents.items():
            if parent is None:
                continue
            got = made.get(t)
            if got is None or got[0] != parent or got[1] != starts[t]:
                got = (parent, starts[t], self._fork(parent, BoardKey(t, starts[t])))
            kept[t] = got
            forks.append(got[2])
        self._forks_made = kept
        self.overlay.set_forks(forks)

    def _fork(self, parent: BoardKey, first: BoardKey) -> tuple:
        lay = self.layout
        src, dst = lay.rect(parent), lay.rect(first)
        a = QPointF(src.right(), src.center().y())
        b = QPointF(dst.left() - 4, dst.center().y())
        path = QPainterPath(a)
        dx = max(120.0, (b.x() - a.x()) * 0.5)
        path.cubicTo(QPointF(a.x() + dx, a.y()), QPointF(b.x() - dx, b.y()), QPointF(b.x() - 30, b.y()))
        bounds = path.boundingRect().adjusted(-60, -60, 60, 60)
        return (bounds, path, b, QPointF(1, 0))

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

    def _cross_geoms(self, world: World, key: BoardKey) -> list:
        """The arrows of the orders given on ``key`` that run to other boards (most run
        nowhere else: those are drawn by the board itself)."""
        out = []
        orders = None if stays_on_board(world.orders, key) else world.orders.get(key)
        if orders:
            # most orders are holds and moves on their own board: those are passed over by
            # type and one comparison (opening a big world asks this of every order)
            for i, o in enumerate(orders):
                t = type(o)
                if t is Hold or (t is Move and o.dest[0] == o.unit[0]) or not _spans_boards(o):
                    continue
                if g := self._arrow_geom(o, world.results[key][i].status):
                    out.append(g)
        for o, r in world.retreats.get(key, ()):
            if _spans_boards(o) and (g := self._arrow_geom(o, r.status)):
                out.append(g)
        return out

    # -- live state: orders being entered, highlights, ghosts -----------------------------
    def set_pending(self, orders) -> None:
        """Show the orders being entered: ``orders`` is {key: order} (a seat's pending
        orders by their order key) or a list of orders. Only orders that differ from those
        shown are drawn again (by identity); a front end that knows which order changed
        calls :meth:`change_pending` instead."""
        items = orders.items() if hasattr(orders, "items") else ((o, o) for o in orders)
        wanted = dict(items)
        self._held = set()               # each board shown once at the end, not once an order
        try:
            if not wanted:               # all taken back (a submission): board by board, not order by order
                for key, (_o, kind, _at) in self._pending_where.items():
                    if kind == "cross":
                        self.overlay.drop_pending(key)
                self._held.update(self._pending_boards)
                self._pending_where.clear()
                self._pending_boards.clear()
            for key in [k for k in self._pending_where if k not in wanted]:
                self.change_pending(key, None)
            for key, o in wanted.items():
                self.change_pending(key, o)
        finally:
            held, self._held = self._held, None
        for at in held:
            self._show_board_pending(at)

    def change_pending(self, key, order: Order | None) -> None:
        """One pending order given, replaced (the same ``key``) or taken back (None): one
        arrow (or build marker) drawn or dropped, one board or one overlay area repainted."""
        where = self._pending_where.get(key)
        if where is not None and where[0] is order:
            return
        if where is not None:
            _old, kind, at = where
            del self._pending_where[key]
            if kind == "cross":
                self.overlay.drop_pending(key)
            else:        # an order with nothing drawn (a waived build) was never listed on its board
                per = self._pending_boards.get(at)
                if per is not None and per[kind].pop(key, None) is not None:
                    if not per["arrows"] and not per["builds"]:
                        del self._pending_boards[at]
                    self._show_board_pending(at)
        if order is None:
            return
        if isinstance(order, Build):
            kind, at, drawn = "builds", order.at.board, (order.at.loc, order.nation, order.unit_type)
        elif same_board(order):
            # the arrow itself is made by the board item when it is drawn (BoardItem.pending)
            kind, at, drawn = "arrows", order.board, order if order_locations(order) else None
        else:
            kind, at, drawn = "cross", None, self._arrow_geom(order, "pending")
        self._pending_where[key] = (order, kind, at)
        if drawn is None:
            return                       # a hold: nothing to draw
        if kind == "cross":
            self.overlay.add_pending(key, drawn)
        else:
            self._pending_boards.setdefault(at, {"arrows": {}, "builds": {}})[kind][key] = drawn
            self._show_board_pending(at)

    def _show_board_pending(self, key: BoardKey) -> None:
        if self._held is not None:
            self._held.add(key)
            return
        item = self.items_by_key.get(key)
        if item is None:
            return
        per = self._pending_boards.get(key)
        arrows = tuple(per["arrows"].values()) if per else ()
        builds = tuple(per["builds"].values()) if per else ()
        if not _same_items(arrows, item.pending_orders) or builds != item.pending_builds:
            item.pending_orders = arrows
            item.pending_builds = builds
            item.update()

    def set_highlights(self, marks: dict[BoardKey, dict[str, str]], selected: Location | None = None) -> None:
        lit = {k for k, h in marks.items() if h}
        if selected is not None:
            lit.add(selected.board)
        # only boards lit now or before: a click costs what it lights, not the world's size
        for key in self._lit | lit:
            item = self.items_by_key.get(key) or self.ghosts.get(key)
            if item is None:
                continue
            h = marks.get(key, {})
            sel = selected.loc if selected is not None and selected.board == key else None
            if h != item.highlights or sel != item.selected_loc:
                item.highlights = dict(h)
                item.selected_loc = sel
                item.update()
        self._lit = lit

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
        """Frame ``keys`` (the boards a submission made) in the flash colour; only boards
        framed now or before are touched."""
        keys = set(keys)
        for key in self._flashed | keys:
            item = self.items_by_key.get(key)
            if item is not None and (key in keys) != item.flash:
                item.flash = key in keys
                item.update()
        self._flashed = keys

    def restyle(self) -> None:
        """The nations' colours changed (View → Colour-vision-safe colours): every board is
        drawn again from a new state (the cached images are the old colours')."""
        self.cache.clear()
        for item in self.items_by_key.values():
            self._drop_state(item)
            item.invalidate()
        self.overview.restyle()
        self.overlay.update()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.overview.set_theme(theme)
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
            if item.state == state:
                item.update()
