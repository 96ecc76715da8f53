"""Offscreen QPainter helpers shared by the renderer and debugging plots."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import (QBrush, QColor, QFont, QGuiApplication, QImage,  # noqa: E402
                           QPainter, QPainterPath, QPen)

_app = None


def app():
    global _app
    _app = QGuiApplication.instance() or QGuiApplication([])
    return _app


def path_of(geom) -> QPainterPath:
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    polys = getattr(geom, "geoms", [geom])
    for poly in polys:
        if poly.geom_type == "Polygon":
            rings = [poly.exterior, *poly.interiors]
            for ring in rings:
                cs = list(ring.coords)
                path.moveTo(*cs[0])
                for c in cs[1:]:
                    path.lineTo(*c)
                path.closeSubpath()
        elif poly.geom_type in ("LineString", "LinearRing"):
            cs = list(poly.coords)
            path.moveTo(*cs[0])
            for c in cs[1:]:
                path.lineTo(*c)
        elif poly.geom_type in ("MultiLineString", "GeometryCollection", "MultiPolygon"):
            path.addPath(path_of(poly))
    return path


def plot(items, bbox, width, out, texts=()):
    """items: [(geom, fill or None, stroke or None, stroke_width)], bbox in geom units."""
    app()
    x0, y0, x1, y1 = bbox
    s = width / (x1 - x0)
    h = int((y1 - y0) * s)
    img = QImage(width, h, QImage.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing)
    p.scale(s, s)
    p.translate(-x0, -y0)
    for geom, fill, stroke, sw in items:
        p.setBrush(QBrush(QColor(fill)) if fill else Qt.NoBrush)
        if stroke:
            pen = QPen(QColor(stroke))
            pen.setWidthF(sw / s)
            p.setPen(pen)
        else:
            p.setPen(Qt.NoPen)
        p.drawPath(path_of(geom))
    f = QFont("DejaVu Sans")
    f.setPixelSize(max(1, int(11)))
    p.resetTransform()
    p.setFont(f)
    for x, y, t, col in texts:
        p.setPen(QColor(col))
        p.drawText(QPointF((x - x0) * s, (y - y0) * s), t)
    p.end()
    img.save(str(out))
