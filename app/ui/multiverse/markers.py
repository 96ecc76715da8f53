"""What the eye must find on a big world, drawn over the boards in screen pixels so that it
shows at every zoom, over the board items and over the far overview alike:

- dislodged units: a red frame and a count badge on each board holding some (filled while
  the player still owes retreats there), and a ring on each unit once boards are large;
- other boards needing attention (units without orders, builds or disbands owed): an amber
  badge with the count, once boards are large enough on screen for it not to hide them;
- legal targets outside the view: grouped arrows at the viewport's edge, each with a count,
  pointing toward them; a click on one pans there.

Nothing here decides a rule: dislodged units are the world's (``world.pause``), what is owed
comes from :mod:`.attention`, targets from the order entry's highlights. Work per frame is in
proportion to the marked boards and the targets of one unit, never to the world's size.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QTransform

from app.engine import BoardKey

from .layout import Layout
from .map_colours import HIGHLIGHT

DISLODGED = QColor("#e03131")
OWED = QColor("#f08c00")
BADGE_R = 9.0          # badge radius, pixels
RING_FROM_PX = 110.0   # boards at least this wide on screen ring each dislodged unit
OWED_FROM_PX = 60.0    # boards at least this wide show how many orders they still need
EDGE_R = 13.0          # edge marker radius, pixels
EDGE_MARGIN = 20.0     # edge markers sit this far inside the viewport's free area
EDGE_BUCKET = 60.0     # off-screen targets whose edge points are this close share a marker


@lru_cache(maxsize=8192)
def _board_rect(layout: Layout, key: BoardKey) -> QRectF:
    """A board's scene rectangle (the layout is frozen: its rectangles never change)."""
    return layout.rect(key)


@dataclass(frozen=True)
class EdgeMarker:
    """A group of legal targets outside the view, shown at the viewport's edge."""
    pos: QPointF          # where it is drawn (viewport pixels)
    angle: float          # toward the targets (radians, screen coordinates)
    count: int
    target: QPointF       # the group's target nearest to the view (scene coordinates)


@dataclass(frozen=True)
class _Badge:
    centre: QPointF
    count: int
    colour: QColor
    filled: bool
    counted: tuple[tuple[str, int], ...] = ()     # what the count is made of: ("orders", 22), ...


@dataclass(frozen=True)
class ShownBadge:
    """A badge as drawn (viewport pixels), with what it counts, for its tooltip."""
    box: QRectF
    tip: str


_OWED_WORDS = {"orders": ("unit without an order", "units without an order"),
               "builds": ("build owed", "builds owed"), "disbands": ("disband owed", "disbands owed")}


def badge_tip(colour: QColor, count: int, counted, boards: int, filled: bool) -> str:
    """What a badge counts, in words (its tooltip)."""
    where = "this board" if boards == 1 else f"these {boards} boards (their badges merged at this zoom)"
    if colour.rgb() == DISLODGED.rgb():
        units = "unit" if count == 1 else "units"
        owes = ("; you still owe their retreats (R orders, or they are disbanded)" if filled
                else "; their retreats are given")
        return f"<b>{count}</b> dislodged {units} on {where} (the red frame){owes}."
    parts = []
    for what, n in counted:
        one, many = _OWED_WORDS.get(what, (what, what))
        parts.append(f"<b>{n}</b> {one if n == 1 else many}")
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return (f"{listed} on {where}.<br>The amber badge counts what you still owe there: units "
            "without an order, builds and disbands. N goes to the next such board.")


class ViewMarkers:
    """The data the markers are drawn from, and their drawing (called by the view's
    ``drawForeground`` with the painter in viewport pixels)."""

    def __init__(self):
        self.owed: dict[BoardKey, dict[str, int]] = {}     # board -> {"retreats": n, "orders": n, ...}
        self.targets: list[QPointF] = []                   # scene points of the lit targets
        self._pause = None
        self._dislodged: dict[BoardKey, tuple[str, ...]] = {}
        self.shown_badges: list[ShownBadge] = []           # the badges of the last frame drawn

    # -- data ------------------------------------------------------------------------------
    def set_needs(self, needs) -> None:
        """What the seat at the table still owes (:func:`app.match.attention.needs`)."""
        owed: dict[BoardKey, dict[str, int]] = {}
        for n in needs:
            owed.setdefault(n.board, {})[n.what] = n.count
        self.owed = owed

    def set_targets(self, points: list[QPointF]) -> None:
        self.targets = points

    def dislodged(self, world) -> dict[BoardKey, tuple[str, ...]]:
        """The world's dislodged units by board (their locations, coasts included)."""
        pause = world.pause if world is not None else None
        if pause is not self._pause:
            grouped: dict[BoardKey, list[str]] = {}
            for loc in (pause.dislodged if pause is not None else ()):
                grouped.setdefault(loc.board, []).append(loc.loc)
            self._dislodged = {k: tuple(v) for k, v in grouped.items()}
            self._pause = pause
        return self._dislodged

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, painter: QPainter, t: QTransform, free: QRectF, scene, font_family: str) -> bool:
        """Draw every marker. ``t``: scene to viewport; ``free``: the viewport's area not
        under the headers (viewport pixels). Returns whether edge markers were drawn."""
        lay, art = scene.layout, scene.art
        dislodged = self.dislodged(scene.world)
        font = QFont(font_family)
        font.setBold(True)
        painter.setRenderHint(QPainter.Antialiasing, True)
        badges: list[_Badge] = []
        seen = free.adjusted(-40, -40, 40, 40)
        inv, _ok = t.inverted()
        visible = inv.mapRect(seen)          # in scene units: boards out of it cost one test
        for key, locs in dislodged.items():
            rect = _board_rect(lay, key)
            if not rect.intersects(visible):
                continue
            r = t.mapRect(rect)
            owes = self.owed.get(key, {}).get("retreats", 0) > 0
            pen = QPen(DISLODGED, 3.0 if owes else 2.0)
            painter.setPen(pen)
            painter.setBrush(Qt.NoBrush)
            painter.drawRect(r.adjusted(-2.5, -2.5, 2.5, 2.5))
            badges.append(_Badge(self._corner(r), len(locs), DISLODGED, owes))
            if r.width() >= RING_FROM_PX:
                self._rings(painter, t, lay, art, key, locs, r.width() / art.rect.width())
        owed_shown = lay.board_w * t.m11() >= OWED_FROM_PX
        # far out the active frames show where the present is; counts on every board there
        # would hide the boards (dislodged units, rarer and urgent, are badged always)
        for key, owed in (self.owed.items() if owed_shown else ()):
            if key in dislodged or not _board_rect(lay, key).intersects(visible):
                continue
            counted = tuple((what, c) for what, c in owed.items() if what != "retreats" and c)
            n = sum(c for _what, c in counted)
            if n:
                badges.append(_Badge(self._corner(t.mapRect(_board_rect(lay, key))), n, OWED, True, counted))
        self.shown_badges = self._badges(painter, badges, font)
        edges = self.edge_groups(t, free)
        self._paint_edges(painter, edges, font)
        return bool(edges)

    @staticmethod
    def _corner(r: QRectF) -> QPointF:
        """A badge's centre: on the board's top-right corner, inside it once it is big enough."""
        if r.width() > 6 * BADGE_R:
            return QPointF(r.right() - BADGE_R * 0.4, r.top() + BADGE_R * 0.4)
        return QPointF(r.right(), r.top())

    @staticmethod
    def _rings(painter, t, lay, art, key, locs, k: float) -> None:
        """A ring round each dislodged unit (drawn offset up-right of its anchor, as the unit is)."""
        radius = max(12.0, 26.0 * k)
        for loc in locs:
            pt = art.unit_point(loc)
            c = t.map(lay.to_scene(key, pt.x() + 7, pt.y() - 7))
            painter.setBrush(Qt.NoBrush)
            painter.setPen(QPen(QColor(255, 255, 255, 220), 6.0))
            painter.drawEllipse(c, radius, radius)
            painter.setPen(QPen(DISLODGED, 3.0))
            painter.drawEllipse(c, radius, radius)

    def badge_at(self, pos: QPointF) -> ShownBadge | None:
        """The badge drawn under ``pos`` (viewport pixels) in the last frame, if any."""
        return next((b for b in reversed(self.shown_badges) if b.box.contains(pos)), None)

    @staticmethod
    def _badges(painter: QPainter, badges: list[_Badge], font: QFont) -> list[ShownBadge]:
        """Badges too close to share the screen merge into one (their counts summed): far out
        a column of boards a few pixels apart shows one readable badge, not a smear. Returns
        them as drawn, each with what it counts."""
        merged: list[list] = []
        for b in sorted(badges, key=lambda b: (b.colour.rgb(), b.centre.x(), b.centre.y())):
            last = merged[-1] if merged else None
            if (last is not None and last[2] == b.colour.rgb() and abs(last[0].x() - b.centre.x()) < 2 * BADGE_R
                    and abs(last[0].y() - b.centre.y()) < 2 * BADGE_R):
                last[1] += b.count
                last[3] = last[3] or b.filled
                for what, n in b.counted:
                    last[5][what] = last[5].get(what, 0) + n
                last[6] += 1
                continue
            merged.append([b.centre, b.count, b.colour.rgb(), b.filled, b.colour, dict(b.counted), 1])
        font.setPixelSize(11)
        painter.setFont(font)
        shown = []
        for centre, count, _rgb, filled, colour, counted, boards in merged:
            text = str(count) if count < 100 else "99+"
            rw = max(BADGE_R, 3.5 * len(text) + 3)
            box = QRectF(centre.x() - rw, centre.y() - BADGE_R, 2 * rw, 2 * BADGE_R)
            painter.setPen(QPen(QColor(255, 255, 255), 1.5) if filled else QPen(colour, 2.0))
            painter.setBrush(colour if filled else QColor(255, 255, 255))
            painter.drawRoundedRect(box, BADGE_R, BADGE_R)
            painter.setPen(QColor(255, 255, 255) if filled else colour)
            painter.drawText(box, Qt.AlignCenter, text)
            shown.append(ShownBadge(box, badge_tip(colour, count, tuple(counted.items()), boards, filled)))
        return shown

    # -- off-screen targets ----------------------------------------------------------------
    def edge_groups(self, t: QTransform, free: QRectF) -> list[EdgeMarker]:
        """The lit targets outside ``free`` (viewport pixels; ``t``: scene to viewport),
        grouped by where they leave the view: one marker per group."""
        if not self.targets or free.width() < 4 * EDGE_R or free.height() < 4 * EDGE_R:
            return []
        inner = free.adjusted(EDGE_MARGIN, EDGE_MARGIN, -EDGE_MARGIN, -EDGE_MARGIN)
        c = inner.center()
        groups: dict[tuple[int, int], list] = {}
        for scene_pt in self.targets:
            p = t.map(scene_pt)
            if free.contains(p):
                continue
            dx, dy = p.x() - c.x(), p.y() - c.y()
            # where the ray from the centre toward the target leaves the inner rectangle
            fx = (inner.width() / 2) / abs(dx) if dx else math.inf
            fy = (inner.height() / 2) / abs(dy) if dy else math.inf
            f = min(fx, fy)
            e = QPointF(c.x() + dx * f, c.y() + dy * f)
            cell = (round(e.x() / EDGE_BUCKET), round(e.y() / EDGE_BUCKET))
            d = math.hypot(dx, dy)
            g = groups.get(cell)
            if g is None:
                groups[cell] = [e.x(), e.y(), dx / d, dy / d, 1, d, scene_pt]
            else:
                g[0] += e.x()
                g[1] += e.y()
                g[2] += dx / d
                g[3] += dy / d
                g[4] += 1
                if d < g[5]:
                    g[5], g[6] = d, scene_pt
        out = []
        for x, y, ux, uy, n, _d, nearest in groups.values():
            out.append(EdgeMarker(QPointF(x / n, y / n), math.atan2(uy, ux), n, nearest))
        return out

    @staticmethod
    def _paint_edges(painter: QPainter, edges: list[EdgeMarker], font: QFont) -> None:
        if not edges:
            return
        font.setPixelSize(11)
        painter.setFont(font)
        ink = QColor(60, 45, 0)
        for m in edges:
            ca, sa = math.cos(m.angle), math.sin(m.angle)
            tip = QPointF(m.pos.x() + ca * (EDGE_R + 9), m.pos.y() + sa * (EDGE_R + 9))
            side = QPointF(-sa * 8, ca * 8)
            base = QPointF(m.pos.x() + ca * (EDGE_R - 2), m.pos.y() + sa * (EDGE_R - 2))
            head = QPolygonF([tip, base + side, base - side])
            path = QPainterPath()
            path.addEllipse(m.pos, EDGE_R, EDGE_R)
            path.addPolygon(head)
            path = path.simplified()
            painter.setPen(QPen(ink, 1.5))
            painter.setBrush(HIGHLIGHT)
            painter.drawPath(path)
            painter.setPen(ink)
            painter.drawText(QRectF(m.pos.x() - EDGE_R, m.pos.y() - EDGE_R, 2 * EDGE_R, 2 * EDGE_R),
                             Qt.AlignCenter, str(m.count) if m.count < 100 else "99+")

    @staticmethod
    def edge_at(edges: list[EdgeMarker], pt: QPointF) -> EdgeMarker | None:
        """The edge marker under a viewport point."""
        for m in edges:
            if math.hypot(pt.x() - m.pos.x(), pt.y() - m.pos.y()) <= EDGE_R + 6:
                return m
        return None
