"""A map's provinces and lines as painter paths (the board painter's, the fog's and the
variant preview's)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath

from .plain_map import lines_of, polygons_of


def poly_path(polygons) -> QPainterPath:
    """A province's polygons (rings of points, :class:`.plain_map.PlainMap`; or a shapely
    shape, as the variant preview has them) as one path."""
    if hasattr(polygons, "geom_type"):
        polygons = polygons_of(polygons)
    path = QPainterPath()
    path.setFillRule(Qt.OddEvenFill)
    for poly in polygons:
        for ring in poly:
            # the elements addPolygon makes, at half the cost (no QPointF per point): the
            # start's map has ~7,600 points, made once on the GUI thread and once per worker
            if ring:
                path.moveTo(*ring[0])
                for x, y in ring[1:]:
                    path.lineTo(x, y)
            path.closeSubpath()
    return path


def line_path(lines) -> QPainterPath:
    """Runs of points (or a shapely line) as one path."""
    if hasattr(lines, "geom_type"):
        lines = lines_of(lines)
    path = QPainterPath()
    for coords in lines:
        if not coords:
            continue
        path.moveTo(*coords[0])
        for x, y in coords[1:]:
            path.lineTo(x, y)
    return path
