"""Where a resting piece may be: its footprint disc against the province polygons.

A piece covers a disc the size of a unit marker. Its **candidates** are the provinces
that disc overlaps where its type may stand (RULES.md §9): armies on land and coast,
fleets on coast and sea. A fleet in a province with two coasts stands on the coast
nearer to the disc's centre, so its candidate is that coast (``spa/nc``).

Overlaps thinner than :data:`MIN_OVERLAP` (a hundredth of a square map unit) are taken
as touching a border, not standing on it: a disc exactly tangent to a province must not
count because of a rounding error.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import shapely
from shapely.geometry import Point
from shapely.strtree import STRtree

from app.engine import Variant
from app.mapgeo import MapGeometry, load_map

MIN_OVERLAP = 0.01


@lru_cache(maxsize=None)
def board_geometry(variant: Variant) -> MapGeometry:
    """The variant's map geometry (read once from its SVG)."""
    return load_map(variant.map_path)


class Footprints:
    """Candidates of discs on one variant's board (a spatial index over its provinces)."""

    def __init__(self, variant: Variant, geometry: MapGeometry, radius: float = 13.0):
        self.variant = variant
        self.geometry = geometry
        self.radius = radius
        self._ids = [p for p in geometry.provinces if p in variant.provinces]
        self._tree = STRtree([geometry.provinces[p] for p in self._ids])
        for p in self._ids:  # prepared: the common case, a disc inside one province, is one test
            shapely.prepare(geometry.provinces[p])
        self._ring = np.asarray(Point(0.0, 0.0).buffer(radius, quad_segs=16).exterior.coords)

    @classmethod
    def for_variant(cls, variant: Variant, radius: float = 13.0) -> "Footprints":
        return cls(variant, board_geometry(variant), radius)

    def provinces_under(self, x: float, y: float) -> tuple[str, ...]:
        """Every province the disc at (x, y) overlaps, whatever its terrain, sorted."""
        r = self.radius
        disc = shapely.polygons(self._ring + (x, y))  # a 64-gon: 3× faster than buffering a point
        hits = [self._ids[int(i)] for i in self._tree.query(shapely.box(x - r, y - r, x + r, y + r))]
        provinces = self.geometry.provinces
        for prov in hits:
            if provinces[prov].contains(disc):
                return (prov,)  # the others at most touch its border
        return tuple(sorted(p for p in hits if provinces[p].intersection(disc).area > MIN_OVERLAP))

    def candidates(self, unit_type: str, x: float, y: float) -> tuple[str, ...]:
        """The locations a piece of ``unit_type`` ("A" or "F") at (x, y) may stand in."""
        kinds = ("land", "coast") if unit_type == "A" else ("coast", "sea")
        out = []
        for prov in self.provinces_under(x, y):
            if self.variant.kind(prov) not in kinds:
                continue
            coasts = self.variant.coasts_of.get(prov) if unit_type == "F" else None
            out.append(self.nearer_coast(coasts, x, y) if coasts else prov)
        return tuple(out)

    def nearer_coast(self, coasts: tuple[str, ...], x: float, y: float) -> str:
        """Of a province's coasts, the one whose coastline passes nearer to (x, y)."""
        p = Point(x, y)
        lines = self.geometry.coasts
        return min(coasts, key=lambda c: (lines[c].distance(p) if c in lines else float("inf"), c))
