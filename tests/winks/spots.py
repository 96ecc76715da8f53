"""Where to put a disc so that it overlaps exactly the provinces a test names, computed
from the real map polygons (never typed in by hand)."""

from __future__ import annotations

from functools import lru_cache

import shapely

from app.engine.variants.variant import load_variant
from app.winks.footprint import Footprints


@lru_cache(maxsize=1)
def footprints() -> Footprints:
    return Footprints.for_variant(load_variant("standard"))


@lru_cache(maxsize=None)
def spot(*provinces: str) -> tuple[float, float]:
    """A point where a piece's disc overlaps exactly ``provinces`` (one: well inside it;
    several: across their common border), the first found on a 1-unit grid scanned from
    the middle of the region where all of them lie within a disc's radius."""
    fp = footprints()
    geo = fp.geometry
    region = shapely.intersection_all([geo.provinces[p].buffer(fp.radius) for p in provinces])
    if len(provinces) == 1:
        region = geo.provinces[provinces[0]].buffer(-fp.radius - 1)
    assert not region.is_empty, f"{provinces}: no region"
    want = tuple(sorted(provinces))
    cx, cy = region.representative_point().coords[0]
    x0, y0, x1, y1 = region.bounds
    # scan outwards from the representative point: nearest points first
    pts = [(x, y) for x in range(int(x0), int(x1) + 2) for y in range(int(y0), int(y1) + 2)]
    inside = shapely.contains_xy(region, [p[0] for p in pts], [p[1] for p in pts])
    pts = [p for p, ok in zip(pts, inside) if ok]
    pts.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p))
    for x, y in pts:
        if fp.provinces_under(float(x), float(y)) == want:
            if len(provinces) == 1 or _fair(fp, x, y, provinces):
                return float(x), float(y)
    raise AssertionError(f"no spot overlapping exactly {want}")


def _fair(fp: Footprints, x: float, y: float, provinces: tuple[str, ...]) -> bool:
    """Each named province covers a real share of the disc (not a sliver)."""
    disc = shapely.Point(x, y).buffer(fp.radius)
    return all(fp.geometry.provinces[p].intersection(disc).area > 1.0
               for p in provinces)
