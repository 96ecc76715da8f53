"""The preview's map scene: the board drawn from the SVG, and one switchable layer per overlay.

Each overlay is a :class:`Layer` (a QGraphicsItem that paints a list of shapes), so turning
one on or off is ``setVisible`` and nothing is rebuilt.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from app.engine import province_of, Variant
from app.mapgeo import MapGeometry
from app.ui.guard import guarded
from app.ui.multiverse.map_art import MapArt
from app.ui.multiverse.map_paths import line_path, poly_path
from app.variants.geomcheck import coast_id, unit_id
from app.engine import Problem

OVERLAYS = (("ids", "Province ids and labels"), ("anchors", "Unit anchors and coasts"),
            ("centres", "Centre markers"), ("army", "Army edges"), ("fleet", "Fleet edges"),
            ("problems", "Problems"))
ERROR = QColor("#e03131")
WARNING = QColor("#f08c00")
ARMY = QColor("#8a4b16")
FLEET = QColor("#1864ab")
ANCHOR = QColor("#5f3dc4")


class MapItem(QGraphicsItem):
    """The static map (fills, borders, coastline, labels) painted as vectors."""

    def __init__(self, art: MapArt):
        super().__init__()
        self.art = art

    def boundingRect(self) -> QRectF:
        return self.art.rect

    @guarded
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        self.art.paint_fills(p)
        self.art.paint_lines(p, labels=False)


class Layer(QGraphicsItem):
    """Shapes painted together: (kind, geometry, pen, brush) tuples."""

    def __init__(self, rect: QRectF, z: float):
        super().__init__()
        self.rect = QRectF(rect)
        self.shapes: list[tuple] = []
        self.setZValue(z)

    def boundingRect(self) -> QRectF:
        return self.rect.adjusted(-40, -40, 40, 40)

    def add_path(self, path: QPainterPath, pen: QPen, brush=Qt.NoBrush) -> None:
        self.shapes.append(("path", path, pen, brush))

    def add_text(self, at: QPointF, text: str, colour: QColor, size: float = 8.0, bold: bool = False) -> None:
        self.shapes.append(("text", (at, text, size, bold), QPen(colour), None))

    @guarded
    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        for kind, what, pen, brush in self.shapes:
            if kind == "path":
                p.setPen(pen)
                p.setBrush(brush)
                p.drawPath(what)
            else:
                at, text, size, bold = what
                font = QFont("DejaVu Sans")
                font.setPointSizeF(size)
                font.setBold(bold)
                p.setFont(font)
                metrics = p.fontMetrics()
                path = QPainterPath()
                path.addText(at.x() - metrics.horizontalAdvance(text) / 2,
                             at.y() + (metrics.ascent() - metrics.descent()) / 2, font, text)
                p.strokePath(path, QPen(QColor(255, 255, 255, 220), 2.2))
                p.fillPath(path, pen.color())


def _pen(colour: QColor, width: float, style=Qt.SolidLine) -> QPen:
    pen = QPen(colour, width, style, Qt.RoundCap, Qt.RoundJoin)
    pen.setCosmetic(False)
    return pen


def _circle(x: float, y: float, r: float) -> QPainterPath:
    path = QPainterPath()
    path.addEllipse(QPointF(x, y), r, r)
    return path


def _line(a: tuple[float, float], b: tuple[float, float]) -> QPainterPath:
    path = QPainterPath(QPointF(*a))
    path.lineTo(QPointF(*b))
    return path


class PreviewScene(QGraphicsScene):
    """The map and its overlays for one state of a variant's files."""

    def __init__(self, board: MapGeometry, variant: Variant | None, problems: list[Problem], parent=None):
        super().__init__(parent)
        self.board = board
        self.variant = variant
        self.art = MapArt(variant, board)  # type: ignore[arg-type]
        rect = self.art.rect
        self.setSceneRect(rect.adjusted(-20, -20, 20, 20))
        self.addItem(MapItem(self.art))
        self.layers: dict[str, Layer] = {}
        for z, (key, _title) in enumerate(OVERLAYS):
            layer = Layer(rect, 10 + z)
            self.layers[key] = layer
            self.addItem(layer)
        self.selection = Layer(rect, 50)
        self.addItem(self.selection)
        self._ids()
        self._anchors()
        self._centres()
        if variant is not None:
            self._edges()
        self._problems(problems)

    # -- overlays ------------------------------------------------------------------------
    def _ids(self) -> None:
        b, layer = self.board, self.layers["ids"]
        for p, (x, y) in b.label_anchors.items():
            layer.add_text(QPointF(x, y - 3), b.labels.get(p, ""), QColor("#3b3226"), 7.5, True)
            layer.add_text(QPointF(x, y + 6), p, QColor("#5f3dc4"), 6.5)

    def _anchors(self) -> None:
        b, layer = self.board, self.layers["anchors"]
        for c, line in b.coasts.items():
            layer.add_path(line_path(line), _pen(QColor("#0ca678"), 3.2))
        for loc, (x, y) in b.unit_anchors.items():
            path = _circle(x, y, 5.5)
            path.moveTo(x - 8, y)
            path.lineTo(x + 8, y)
            path.moveTo(x, y - 8)
            path.lineTo(x, y + 8)
            layer.add_path(path, _pen(ANCHOR, 1.1))
            if "/" in loc:
                layer.add_text(QPointF(x, y + 11), loc.split("/")[1], ANCHOR, 6)
        for port in sorted(self.variant.ports if self.variant is not None else ()):
            # a port (RULES.md §12): its fleet convoys as one at sea
            if port in b.unit_anchors:
                x, y = b.unit_anchors[port]
                layer.add_path(_circle(x, y, 10), _pen(FLEET, 1.6, Qt.DashLine))
                layer.add_text(QPointF(x, y + 17), "port", FLEET, 6.5, True)   # below: the id sits above

    def _centres(self) -> None:
        b, layer = self.board, self.layers["centres"]
        for _p, (x, y) in b.centre_anchors.items():
            layer.add_path(_circle(x, y, 7), _pen(QColor("#2b2418"), 1.6))
            layer.add_path(_circle(x, y, 3.5), _pen(QColor("#2b2418"), 0.1), QColor("#2b2418"))

    def _edges(self) -> None:
        v, b = self.variant, self.board
        anchors = b.unit_anchors

        def point(loc):
            return anchors.get(loc) or anchors.get(province_of(loc)) or b.label_anchors.get(province_of(loc))

        for key, table, colour, style, shift in (("army", v.army_adjacent, ARMY, Qt.SolidLine, -1.5),
                                                 ("fleet", v.fleet_adjacent, FLEET, Qt.DashLine, 1.5)):
            seen = set()
            pen = _pen(colour, 1.4, style)
            for a, bs in table.items():
                for c in bs:
                    pair = frozenset((a, c))
                    pa, pc = point(a), point(c)
                    if pair in seen or pa is None or pc is None:
                        continue
                    seen.add(pair)
                    self.layers[key].add_path(_line((pa[0] + shift, pa[1] + shift), (pc[0] + shift, pc[1] + shift)), pen)

    def _problems(self, problems: list[Problem]) -> None:
        layer = self.layers["problems"]
        for prob in problems:
            colour = ERROR if prob.severity == "error" else WARNING
            path = self.problem_path(prob)
            if path is not None and not path.isEmpty():
                fill = QColor(colour)
                # light fills: with many problems the map must stay readable under them
                fill.setAlpha(30 if prob.severity == "error" else 12)
                layer.add_path(path, _pen(colour, 2.4), fill)

    # -- where a problem is --------------------------------------------------------------
    def problem_path(self, prob: Problem) -> QPainterPath | None:
        """The outline of what a problem is about (its provinces, or the element)."""
        b = self.board
        path = QPainterPath()
        point = self.element_point(prob.element) or prob.where
        if point is not None:
            path.addPath(_circle(point[0], point[1], 9))
        for p in prob.provinces:
            if p in b.provinces:
                path.addPath(poly_path(b.provinces[p]))
        coast = next((c for c in b.coasts if coast_id(c) == prob.element), None)
        if coast is not None:
            path.addPath(_stroke(line_path(b.coasts[coast])))
        return None if path.isEmpty() else path

    def element_point(self, element: str) -> tuple[float, float] | None:
        b = self.board
        if element.startswith("label-") and element[6:] in b.label_anchors:
            return b.label_anchors[element[6:]]
        if element.startswith("sc-") and element[3:] in b.centre_anchors:
            return b.centre_anchors[element[3:]]
        for loc, xy in b.unit_anchors.items():
            if unit_id(loc) == element:
                return xy
        for s in b.straits:
            if element == f"strait-{s.a}-{s.b}":
                return ((s.start[0] + s.end[0]) / 2, (s.start[1] + s.end[1]) / 2)
        return None

    def problem_rect(self, prob: Problem) -> QRectF | None:
        path = self.problem_path(prob)
        if path is None:
            return None
        return path.boundingRect().adjusted(-40, -40, 40, 40)

    def select(self, prob: Problem | None) -> None:
        self.selection.shapes.clear()
        if prob is not None:
            path = self.problem_path(prob)
            if path is not None:
                self.selection.add_path(path, _pen(ERROR if prob.severity == "error" else WARNING, 5.0),
                                        QColor(224, 49, 49, 70))
        self.selection.update()


def _stroke(path: QPainterPath) -> QPainterPath:
    from PySide6.QtGui import QPainterPathStroker
    stroker = QPainterPathStroker()
    stroker.setWidth(6)
    return stroker.createStroke(path)
