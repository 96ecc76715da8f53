"""The view on the multiverse: smooth zoom (wheel, pinch, +/−), pan (drag, arrow keys),
fit all, go to the present, and sticky headers naming the visible turns and timelines."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, QRectF, Qt, QTimer, QVariantAnimation, Signal, QEasingCurve
from PySide6.QtGui import QCursor, QPainter, QTransform
from PySide6.QtWidgets import QFrame, QGraphicsView, QToolTip, QWidget

from app.engine import BoardKey

from .world_scene import WorldScene
from ..guard import guarded
from .bubble import Bubble
from .cursors import mode_cursor
from .headers import HEADER_H, HEADER_W, paint_headers
from .markers import ViewMarkers
from .overview import as_tile_colour

MIN_SCALE = 0.004
MAX_SCALE = 3.0
FAR_BOARD_PX = 40   # below this many pixels across, boards are drawn from the scene's overview
FOLLOW_MS = 350     # the view's glide to what a submission made
READABLE_ACROSS = 4.0   # following a submission zooms out no further than this many boards across


class WorldView(QGraphicsView):
    clicked = Signal(QPointF, int)        # scene position, Qt.MouseButton value
    zoomed = Signal(float)

    def __init__(self, scene: WorldScene, parent=None):
        super().__init__(scene, parent)
        # Our own viewport, the plain widget Qt would make: PySide meets Qt's own the first
        # time it is asked for, a C++ object it did not make, and answers that by loading
        # every Qt class not loaded yet, with their enums (~10-30 ms before the first frame).
        self.setViewport(QWidget())
        self.ws = scene
        self.setFrameShape(QFrame.NoFrame)
        self.setRenderHints(QPainter.RenderHints())
        self.setOptimizationFlags(QGraphicsView.DontSavePainterState | QGraphicsView.DontAdjustForAntialiasing)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setTransformationAnchor(QGraphicsView.NoAnchor)
        self.setResizeAnchor(QGraphicsView.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAsNeeded)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)
        # pinch to zoom: Qt's gesture machinery costs ~30 ms to set up, so not before the
        # first frame (nobody pinches in the first half second)
        QTimer.singleShot(500, self, self._grab_gestures)
        self._press: QPointF | None = None
        self._dragging = False
        self._last = QPointF()
        self._anim = QVariantAnimation(self)
        self._anim.setDuration(160)
        self._anim.setEasingCurve(QEasingCurve.OutCubic)
        self._anim.valueChanged.connect(self._anim_step)
        self._anim_anchor = (QPointF(), QPointF())
        self._anim_from = 1.0
        # the glide to the boards a submission made (follow_boards): zoom and centre at once
        self._follow = QVariantAnimation(self)
        self._follow.setDuration(FOLLOW_MS)
        self._follow.setEasingCurve(QEasingCurve.InOutCubic)
        self._follow.setStartValue(0.0)
        self._follow.setEndValue(1.0)
        self._follow.valueChanged.connect(self._follow_step)
        self._follow_ends = ((1.0, QPointF()), (1.0, QPointF()))
        self.user_moves = 0      # pans and zooms the player made (note_user_move), counted
        self.show_headers = True
        self.markers = ViewMarkers()
        self.mode_cursor = None          # the order mode's cursor (None: the arrow)
        self.bubble: Bubble | None = None  # the last refusal, near where it happened
        self._edges_shown = False          # edge markers were drawn in the last frame
        self.export_scale = 1.0            # an export renders the view at 2× or 4× (export.py)

    @guarded
    def _grab_gestures(self) -> None:
        self.viewport().grabGesture(Qt.PinchGesture)
        # (here too, not before the first frame: a scroll bar's first wrapper costs)
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.actionTriggered.connect(lambda _action: self.note_user_move())   # the player's, not setValue's

    def note_user_move(self) -> None:
        """The player panned or zoomed (drag, wheel, pinch, keys, scroll bars, the window's
        Fit, Present, Zoom and go-to actions): a glide under way gives way, and the window
        leaves the view where the player put it (adjudication.py)."""
        self.user_moves += 1
        self._follow.stop()

    @property
    def following(self) -> bool:
        """A glide to a submission's boards is under way."""
        return self._follow.state() == QVariantAnimation.Running

    # -- zoom --------------------------------------------------------------------------
    def scale_factor(self) -> float:
        return self.transform().m11()

    def _apply_scale(self, s: float) -> None:
        """Set the zoom and a scrollable area of the content plus one viewport on each side,
        so that any board can be centred (even when everything fits in the window)."""
        self.setTransform(QTransform.fromScale(s, s))
        self.ws.set_far(s * self.ws.layout.board_w < FAR_BOARD_PX)
        r = self.ws.board_rect()
        if r.isEmpty():
            r = self.ws.sceneRect()
        mx = self.viewport().width() / s
        my = self.viewport().height() / s
        self.setSceneRect(r.adjusted(-mx * 0.9, -my * 0.9, mx * 0.9, my * 0.9))

    def refresh_area(self) -> None:
        """After the world changed: the same centre and zoom, and the whole viewport drawn
        again (the headers and markers name what exists now, e.g. after an undo)."""
        corner = self.mapToScene(QPoint(0, 0))
        self._apply_scale(self.scale_factor())
        # put back the scene point that was at the corner (centerOn drifts a pixel each time)
        self._scroll_by_scene(self.mapToScene(QPoint(0, 0)) - corner)
        self.viewport().update()

    def set_scale_at(self, s: float, view_pt: QPointF, scene_pt: QPointF) -> None:
        s = max(MIN_SCALE, min(MAX_SCALE, s))
        self._apply_scale(s)
        # keep scene_pt under view_pt
        cur = self.mapToScene(view_pt.toPoint())
        delta = cur - scene_pt
        self._scroll_by_scene(delta)
        self.zoomed.emit(s)

    def _scroll_by_scene(self, delta: QPointF) -> None:
        s = self.scale_factor()
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(round(h.value() - delta.x() * s))
        v.setValue(round(v.value() - delta.y() * s))

    def zoom_by(self, factor: float, view_pt: QPointF | None = None, animate: bool = True) -> None:
        if view_pt is None:
            view_pt = QPointF(self.viewport().width() / 2, self.viewport().height() / 2)
        scene_pt = self.mapToScene(view_pt.toPoint())
        target = max(MIN_SCALE, min(MAX_SCALE, self.scale_factor() * factor))
        if not animate:
            self.set_scale_at(target, view_pt, scene_pt)
            return
        if self._anim.state() == QVariantAnimation.Running:
            target = max(MIN_SCALE, min(MAX_SCALE, self._anim.endValue() * factor))
            self._anim.stop()
        self._anim_anchor = (view_pt, scene_pt)
        self._anim.setStartValue(self.scale_factor())
        self._anim.setEndValue(target)
        self._anim.start()

    def _anim_step(self, value) -> None:
        vp, sp = self._anim_anchor
        self.set_scale_at(float(value), vp, sp)

    @guarded
    def wheelEvent(self, event) -> None:
        if event.modifiers() & Qt.ShiftModifier:
            return super().wheelEvent(event)
        dy = event.angleDelta().y() or event.pixelDelta().y()
        if not dy:
            return
        self.note_user_move()
        self.zoom_by(1.0015 ** dy, event.position())

    @guarded(default=False)
    def viewportEvent(self, event) -> bool:
        t = event.type()
        if t == QEvent.Gesture:
            pinch = event.gesture(Qt.PinchGesture)
            if pinch is not None:
                self.note_user_move()
                center = self.viewport().mapFromGlobal(pinch.centerPoint().toPoint())
                self.zoom_by(pinch.scaleFactor(), QPointF(center), animate=False)
                return True
        if t == QEvent.ToolTip:
            badge = self.markers.badge_at(QPointF(event.pos()))
            if badge is not None:     # what a badge counts (else the board's own tooltip)
                QToolTip.showText(event.globalPos(), badge.tip, self.viewport(), badge.box.toAlignedRect())
                return True
        if t == QEvent.NativeGesture and event.gestureType() == Qt.ZoomNativeGesture:
            self.note_user_move()
            self.zoom_by(1.0 + event.value(), event.position(), animate=False)
            return True
        return super().viewportEvent(event)

    def _framing(self, r: QRectF, max_scale: float | None = None) -> tuple[float, QPointF]:
        """The zoom and the centre that fit ``r`` in the view's free area."""
        vw = max(1, self.viewport().width() - HEADER_W)
        vh = max(1, self.viewport().height() - HEADER_H)
        s = min(vw / r.width(), vh / r.height()) * 0.96
        if max_scale is not None:
            s = min(s, max_scale)
        s = max(MIN_SCALE, min(MAX_SCALE, s))
        return s, r.center() - QPointF(HEADER_W / 2 / s, HEADER_H / 2 / s)

    def fit_rect(self, r: QRectF, max_scale: float | None = None) -> None:
        if r.isEmpty():
            return
        self._anim.stop()
        self._follow.stop()
        s, c = self._framing(r, max_scale)
        self._apply_scale(s)
        self.centerOn(c)
        self.zoomed.emit(s)

    def fit_all(self) -> None:
        self.fit_rect(self.ws.board_rect())

    def go_to_present(self) -> None:
        self.frame_rect(self.ws.active_rect())

    def working_scale(self) -> float:
        """The zoom at which one board is shown at its working size (as large as the present
        is shown): no framing zooms in closer."""
        vw = max(1, self.viewport().width() - HEADER_W)
        return vw / (self.ws.layout.board_w * 1.35)

    def frame_rect(self, r: QRectF) -> None:
        """Fit boards' rect ``r`` (their titles above them included) in the view, no closer
        than the working size."""
        if r.isEmpty():
            return
        r = r.adjusted(0, -self.ws.layout.gap_y * 0.5, 0, 0)    # the boards' titles, drawn above them
        self.fit_rect(r, max_scale=self.working_scale())

    def frame_boards(self, keys, only_if_hidden: bool = False) -> bool:
        """Show the boards ``keys`` (a replay's step: the boards it made) framed in the view.
        ``only_if_hidden``: leave the view as it is when one of them is in view already.
        Returns whether the view moved."""
        lay = self.ws.layout
        r = QRectF()
        for k in keys:
            r = r.united(lay.rect(k))
        if r.isEmpty():
            return False
        if only_if_hidden:
            seen = self.mapToScene(self.free_rect().toRect()).boundingRect()
            if any(lay.rect(k).intersects(seen) for k in keys):
                return False
        self.frame_rect(r)
        return True

    def readable_scale(self) -> float:
        """The zoom at which ``READABLE_ACROSS`` boards fill the view's width: following a
        submission zooms out no further (never to the overview)."""
        vw = max(1, self.viewport().width() - HEADER_W)
        return min(self.working_scale(), vw / (self.ws.layout.board_w * READABLE_ACROSS))

    def follow_boards(self, keys) -> bool:
        """Glide (zoom and pan at once, ``FOLLOW_MS``) to frame the boards ``keys`` (what a
        submission made), as 5D Chess follows its present: all of them if they fit at a
        readable zoom (:meth:`readable_scale`), else the latest boards of as many timelines
        as fit, the newest timeline first. When they are all in view already at a readable
        zoom the view stays still. Work in proportion to ``keys``, not to the world.
        Returns whether the view moves."""
        r = self._follow_rect(keys)
        if r is None:
            return False
        readable = self.readable_scale()
        seen = self.mapToScene(self.free_rect().toRect()).boundingRect()
        if seen.contains(r) and self.scale_factor() >= readable * 0.999:
            return False
        target = self._framing(r, max_scale=self.working_scale())
        self._anim.stop()
        self._follow.stop()
        self._follow_ends = (self.place(), target)
        self._follow.start()
        return True

    def _follow_rect(self, keys) -> QRectF | None:
        """The scene rectangle :meth:`follow_boards` frames (the boards' titles included)."""
        lay = self.ws.layout
        title = lay.gap_y * 0.5
        readable = self.readable_scale()
        vw = max(1, self.viewport().width() - HEADER_W) * 0.96
        vh = max(1, self.viewport().height() - HEADER_H) * 0.96

        def fits(r: QRectF) -> bool:
            return r.width() * readable <= vw and r.height() * readable <= vh

        latest: dict[int, BoardKey] = {}
        for k in keys:
            if k.timeline not in latest or latest[k.timeline].turn < k.turn:
                latest[k.timeline] = k
        if not latest:
            return None
        every = QRectF()
        for k in keys:
            every = every.united(lay.rect(k))
        every.adjust(0, -title, 0, 0)
        if fits(every):
            return every
        r = QRectF()
        for t in sorted(latest, reverse=True):        # the newest timeline first
            grown = r.united(lay.rect(latest[t]).adjusted(0, -title, 0, 0))
            if not r.isEmpty() and not fits(grown):
                continue
            r = grown
        return r

    def _follow_step(self, value) -> None:
        (s0, c0), (s1, c1) = self._follow_ends
        p = float(value)
        if p <= 0.0:
            return                 # the start: where the view is (no work in the submission's frame)
        s = s0 * (s1 / s0) ** p                        # an even zoom: geometric, not linear
        self._apply_scale(max(MIN_SCALE, min(MAX_SCALE, s)))
        self.centerOn(c0 + (c1 - c0) * p)
        self.zoomed.emit(self.scale_factor())

    def show_board(self, key, boards_across: float = 1.5) -> None:
        item = self.ws.items_by_key.get(key) or self.ws.ghosts.get(key)
        if item is None:
            return
        self._follow.stop()
        r = item.sceneBoundingRect()
        vw = max(1, self.viewport().width() - HEADER_W)
        s = vw / (self.ws.layout.board_w * boards_across)
        self._apply_scale(s)
        self.centerOn(r.center())
        self.zoomed.emit(s)

    def set_boards_across(self, n: float) -> None:
        """Zoom so that ``n`` full-size boards fit across the view (keeps the centre)."""
        vw = max(1, self.viewport().width())
        lay = self.ws.layout
        s = vw / (n * lay.board_w)
        self._follow.stop()
        c = self.mapToScene(self.viewport().rect().center())
        self._apply_scale(s)
        self.centerOn(c)
        self.zoomed.emit(s)

    def place(self) -> tuple[float, QPointF]:
        """Where the view is: its zoom and the scene point at its centre."""
        return self.scale_factor(), self.mapToScene(self.viewport().rect().center())

    def set_place(self, place: tuple[float, QPointF]) -> None:
        """Back to a :meth:`place`."""
        self._anim.stop()
        self._follow.stop()
        s, centre = place
        self._apply_scale(max(MIN_SCALE, min(MAX_SCALE, s)))
        self.centerOn(centre)
        self.zoomed.emit(self.scale_factor())

    def hide_refusal(self) -> None:
        """The refusal bubble goes at once (the seat that was refused has left the table)."""
        if self.bubble is not None:
            self.bubble.dismiss()

    def keep_place(self, new_boards) -> bool:
        """After a submission: the player stays where they were, at the same zoom. Only when
        they were watching the present (the boards the new ones continue from, or a new
        timeline's source board, are in view) and none of the new boards is, the view pans,
        no further than needed, to bring the new board nearest to its centre into view: the
        game follows its present without pulling a player away from the past they were
        studying, and never zooms out to the overview. Returns whether it panned."""
        world = self.ws.world
        if world is None or not new_boards:
            return False
        lay = self.ws.layout
        free = self.free_rect()
        seen = self.mapToScene(free.toRect()).boundingRect()
        if any(lay.rect(k).intersects(seen) for k in new_boards):
            return False
        before = set()
        for k in new_boards:
            if world.starts.get(k.timeline) == k.turn:
                before.add(world.parents.get(k.timeline))
            else:
                before.add(BoardKey(k.timeline, k.turn.previous()))
        if not any(lay.rect(k).intersects(seen) for k in before if k is not None):
            return False
        c = seen.center()
        near = min((lay.rect(k) for k in new_boards),
                   key=lambda r: (r.center().x() - c.x()) ** 2 + (r.center().y() - c.y()) ** 2)
        margin = 0.25 * lay.gap_x
        want = near.adjusted(-margin, -margin, margin, margin)
        dx = _shift(want.left(), want.right(), seen.left(), seen.right())
        dy = _shift(want.top(), want.bottom(), seen.top(), seen.bottom())
        self._anim.stop()
        self._follow.stop()
        self._scroll_by_scene(QPointF(-dx, -dy))
        return True

    def boards_in_view(self) -> set[BoardKey]:
        """The boards whose place meets the view's free area (from the layout)."""
        if self.ws.world is None:
            return set()
        return set(self._keys_near(self.mapToScene(self.free_rect().toRect()).boundingRect()))

    def after_boards_went(self, shown: set[BoardKey]) -> bool:
        """After an undo: when boards that were in view (``shown``, taken before) are gone and
        the view's centre is over no board, pan at the same zoom to the active board nearest
        to it (the present the undo went back to). Returns whether it panned."""
        world = self.ws.world
        if world is None or not world.boards or not (shown - world.boards.keys()):
            return False
        lay = self.ws.layout
        free = self.free_rect()
        c = self.mapToScene(free.center().toPoint())
        if self.ws.key_at(c) is not None:
            return False
        near = min((lay.rect(k) for k in world.active_boards()),
                   key=lambda r: (r.center().x() - c.x()) ** 2 + (r.center().y() - c.y()) ** 2)
        self._anim.stop()
        self._follow.stop()
        self._scroll_by_scene(c - near.center())
        return True

    def _keys_near(self, seen: QRectF):
        """The boards whose place in the layout meets ``seen`` (from the layout, not a scan)."""
        world, lay = self.ws.world, self.ws.layout
        t0, t1 = lay.timeline_at_y(seen.top()), lay.timeline_at_y(seen.bottom())
        for t in range(max(1, t0), min(max(world.timelines, default=0), t1) + 1):
            end, start = world.ends.get(t), world.starts.get(t)
            if end is None:
                continue
            turn = start
            while turn is not None and turn <= end:
                if lay.column_x(turn) > seen.right():
                    break
                if lay.column_x(turn) + lay.column_width(turn) >= seen.left():
                    yield BoardKey(t, turn)
                turn = turn.next()

    def show_targets(self, marks: dict) -> None:
        """The legal targets lit across boards ({board: {province: kind}}): those outside the
        view get edge markers."""
        art, lay = self.ws.art, self.ws.layout
        pts = []
        for key, provs in marks.items():
            for prov in provs:
                p = art.unit_point(prov)
                pts.append(lay.to_scene(key, p.x(), p.y()))
        if pts or self.markers.targets:
            had = bool(self.edge_markers())
            self.markers.set_targets(pts)
            if had or self.edge_markers():      # else the lit boards repaint themselves
                self.viewport().update()

    def show_owed(self, owed: dict, boards=None) -> None:
        """What the seat still owes, as {board: {what: count}} (an Attention's ``owed``,
        shared: the badges read it as it is kept up to date). ``boards``: the only boards
        whose counts changed (their badges are repainted, not the whole view)."""
        if owed is not self.markers.owed:
            self.markers.owed = owed
            self.viewport().update()
        elif boards:
            lay = self.scene().layout
            for key in boards:
                r = self.mapFromScene(lay.rect(key)).boundingRect()
                self.viewport().update(r.adjusted(-30, -30, 30, 30))    # the badge sits on the corner

    def show_needs(self, needs) -> None:
        """What the seat still owes, board by board: badges on those boards."""
        old = self.markers.owed
        self.markers.set_needs(needs)
        if self.markers.owed != old:
            self.viewport().update()

    def edge_markers(self):
        """The edge markers of the off-screen targets, as drawn now."""
        return self.markers.edge_groups(self.viewportTransform(), self.free_rect())

    def set_mode(self, stage: str) -> None:
        """The order entry's stage: the cursor tells it (move, support, convoy, retreat)."""
        self.mode_cursor = mode_cursor(stage)
        self._restore_cursor()

    def show_refusal(self, text: str, at: QPointF | None = None) -> None:
        """A refused click's reason in a bubble near ``at`` (viewport pixels; None: near the
        mouse if it is over the view, else the view's centre)."""
        vp = self.viewport()
        if at is None:
            p = vp.mapFromGlobal(QCursor.pos())
            at = QPointF(p) if vp.rect().contains(p) else QPointF(vp.rect().center())
        if self.bubble is None:
            self.bubble = Bubble(self)
        area = QRect(vp.mapTo(self, QPoint(0, 0)), vp.size())
        self.bubble.show_at(text, vp.mapTo(self, at.toPoint()), area)

    def _restore_cursor(self) -> None:
        cursor = self.mode_cursor
        if cursor is None:
            self.viewport().unsetCursor()
        else:
            self.viewport().setCursor(cursor)

    # -- pan and click ---------------------------------------------------------------------
    @guarded
    def mousePressEvent(self, event) -> None:
        self._press = event.position()
        self._last = event.position()
        self._dragging = False
        self._button = event.button()
        if event.button() in (Qt.MiddleButton, Qt.RightButton):
            self._dragging = event.button() == Qt.MiddleButton
        event.accept()

    @guarded
    def mouseMoveEvent(self, event) -> None:
        if self._press is not None and event.buttons():
            if not self._dragging and (event.position() - self._press).manhattanLength() > 5:
                self._dragging = True
                self.note_user_move()
                self.viewport().setCursor(Qt.ClosedHandCursor)
            if self._dragging:
                d = event.position() - self._last
                self._last = event.position()
                h, v = self.horizontalScrollBar(), self.verticalScrollBar()
                h.setValue(round(h.value() - d.x()))
                v.setValue(round(v.value() - d.y()))
                return
        super().mouseMoveEvent(event)

    @guarded
    def mouseReleaseEvent(self, event) -> None:
        edge = None
        if self._press is not None and not self._dragging and event.button() == Qt.LeftButton:
            edge = ViewMarkers.edge_at(self.edge_markers(), event.position())
        if edge is not None:
            self.note_user_move()
            self.centerOn(edge.target)        # an off-screen target's marker: go and see it
        elif self._press is not None and not self._dragging:
            pos = self.mapToScene(event.position().toPoint())
            key = self.ws.key_at(pos) if self.ws.far and event.button() == Qt.LeftButton else None
            if key is not None:
                self.note_user_move()
                # boards too small to click a province on: the click brings the board near
                self.show_board(key, boards_across=3.0)
            else:
                self.clicked.emit(pos, int(event.button().value))
        self._press = None
        self._dragging = False
        self._restore_cursor()
        event.accept()

    @guarded
    def mouseDoubleClickEvent(self, event) -> None:
        self.mousePressEvent(event)

    @guarded
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.refresh_area()

    @guarded
    def keyPressEvent(self, event) -> None:
        k = event.key()
        step = 80
        if k in (Qt.Key_Left, Qt.Key_Right, Qt.Key_Up, Qt.Key_Down, Qt.Key_Plus, Qt.Key_Equal, Qt.Key_Minus):
            self.note_user_move()
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        if k == Qt.Key_Left:
            h.setValue(h.value() - step)
        elif k == Qt.Key_Right:
            h.setValue(h.value() + step)
        elif k == Qt.Key_Up:
            v.setValue(v.value() - step)
        elif k == Qt.Key_Down:
            v.setValue(v.value() + step)
        elif k in (Qt.Key_Plus, Qt.Key_Equal):
            self.zoom_by(1.25)
        elif k == Qt.Key_Minus:
            self.zoom_by(0.8)
        else:
            super().keyPressEvent(event)

    @guarded
    def scrollContentsBy(self, dx: int, dy: int) -> None:
        # Qt moves the already-drawn pixels, sticky headers included: repaint the header bands
        # and the strips the old headers were moved into, so that they never slide or double.
        super().scrollContentsBy(dx, dy)
        if self.markers.targets and (dx or dy) and (self._edges_shown or self.edge_markers()):
            self.viewport().update()      # edge markers stay at the edge: they must not slide either
        elif self.show_headers and (dx or dy):
            vp = self.viewport()
            vp.update(0, 0, vp.width(), HEADER_H + abs(dy))
            vp.update(0, 0, HEADER_W + abs(dx), vp.height())

    # -- background and sticky headers ------------------------------------------------------
    @guarded
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        theme = self.ws.theme
        painter.fillRect(rect, as_tile_colour(theme.background))   # the far overview's ground too
        lay = self.ws.layout
        world = self.ws.world
        if world is None:
            return
        row_h = lay.board_h + lay.gap_y
        # every second row banded, timelines to come too: the far overview's tiles hold
        # the same ground under their boards (overview._ground)
        t0 = max(1, lay.timeline_at_y(rect.top()))
        t1 = lay.timeline_at_y(rect.bottom()) + 1
        for t in range(t0, t1 + 1):
            if t % 2 == 0:
                y = lay.row_y(t) - lay.gap_y / 2
                painter.fillRect(QRectF(rect.left(), y, rect.width(), row_h), as_tile_colour(theme.band))

    def free_rect(self) -> QRectF:
        """The viewport's area not under the sticky headers (viewport pixels)."""
        vp = self.viewport().rect()
        if not self.show_headers:
            return QRectF(vp)
        return QRectF(HEADER_W, HEADER_H, max(0, vp.width() - HEADER_W), max(0, vp.height() - HEADER_H))

    @guarded
    def drawForeground(self, painter: QPainter, rect: QRectF) -> None:
        if self.ws.world is None:
            return
        painter.save()
        painter.resetTransform()
        if self.export_scale != 1.0:       # an export at 2× or 4×: the overlays in viewport pixels, scaled
            painter.scale(self.export_scale, self.export_scale)
        self._edges_shown = self.markers.draw(painter, self.viewportTransform(), self.free_rect(), self.ws,
                                              self.ws.theme.font_family)
        if self.show_headers:
            paint_headers(self, painter)
        painter.restore()


def _shift(lo: float, hi: float, view_lo: float, view_hi: float) -> float:
    """How far the view must move along one axis to show [lo, hi], the least it can (a span
    larger than the view: to fill the view with it)."""
    if hi - lo > view_hi - view_lo:
        if lo <= view_lo and hi >= view_hi:
            return 0.0
        return lo - view_lo if lo > view_lo else hi - view_hi
    if lo < view_lo:
        return lo - view_lo
    if hi > view_hi:
        return hi - view_hi
    return 0.0
