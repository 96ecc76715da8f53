"""Where each board sits in the scene: rows are timelines, columns are turns.

Boards are drawn in map units (the SVG viewBox); Winter boards are scaled down. Any
coordinate has a place, including ghost boards that do not exist yet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainter

from app.engine import BoardKey, Season, Turn

WINTER_SCALE = 0.55


@dataclass(frozen=True)
class Layout:
    board_w: float
    board_h: float
    first_year: int
    gap_x: float = 300.0
    gap_y: float = 260.0
    _columns: dict = field(default_factory=dict, init=False, compare=False, hash=False, repr=False)

    @property
    def year_w(self) -> float:
        return 2 * (self.board_w + self.gap_x) + self.board_w * WINTER_SCALE + self.gap_x

    def column_x(self, turn: Turn) -> float:
        x = (turn.year - self.first_year) * self.year_w
        if turn.season >= Season.FALL:
            x += self.board_w + self.gap_x
        if turn.season == Season.WINTER:
            x += self.board_w + self.gap_x
        return x

    def column_width(self, turn: Turn) -> float:
        return self.board_w * (WINTER_SCALE if turn.season == Season.WINTER else 1.0)

    def row_y(self, timeline: int) -> float:
        return (timeline - 1) * (self.board_h + self.gap_y)

    def scale(self, key: BoardKey) -> float:
        return WINTER_SCALE if key.turn.season == Season.WINTER else 1.0

    def pos(self, key: BoardKey) -> QPointF:
        s = self.scale(key)
        return QPointF(self.column_x(key.turn), self.row_y(key.timeline) + (1 - s) * self.board_h / 2)

    def place(self, key: BoardKey) -> tuple[float, float, float]:
        """``pos`` and ``scale`` at once, as numbers (x, y, scale): a world of thousands of
        boards is laid out in one pass, each column's part worked out once."""
        turn = key[1]
        col = self._columns.get(turn)
        if col is None:
            s = self.scale(key)
            col = self._columns[turn] = (self.column_x(turn), (1 - s) * self.board_h / 2, s)
        x, dy, s = col
        return x, (key[0] - 1) * (self.board_h + self.gap_y) + dy, s

    def rect(self, key: BoardKey) -> QRectF:
        s = self.scale(key)
        p = self.pos(key)
        return QRectF(p.x(), p.y(), self.board_w * s, self.board_h * s)

    def to_scene(self, key: BoardKey, x: float, y: float) -> QPointF:
        s = self.scale(key)
        p = self.pos(key)
        return QPointF(p.x() + x * s, p.y() + y * s)

    def turn_at_x(self, x: float) -> Turn | None:
        year = self.first_year + int(x // self.year_w)
        for season in Season:
            t = Turn(year, season)
            cx = self.column_x(t)
            if cx <= x <= cx + self.column_width(t):
                return t
        return None

    def timeline_at_y(self, y: float) -> int:
        return int(y // (self.board_h + self.gap_y)) + 1


def painted_area(painter: QPainter, exposed: QRectF) -> QRectF:
    """The part of ``exposed`` (an item's exposed rectangle, in scene units for an item at
    the scene's origin) that lands on the painter's device. ``QGraphicsView.render`` (an
    export, a screenshot, the benchmarks) exposes a large item whole; culling against this
    instead draws only what can be seen, there as on screen."""
    dev = painter.device()
    inverse, ok = painter.worldTransform().inverted()
    if dev is None or not ok or dev.width() <= 0 or dev.height() <= 0:
        return exposed
    return exposed.intersected(inverse.mapRect(QRectF(0, 0, dev.width(), dev.height())))
