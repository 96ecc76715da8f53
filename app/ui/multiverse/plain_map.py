"""A variant's map as plain numbers, kept between runs, so the window draws without shapely.

Reading an SVG into geometry (:func:`app.mapgeo.load_map`) needs shapely, numpy and
svgelements: about half a second of imports and parsing before the first board can be
drawn. What drawing and clicking need of it is small and never changes while the SVG does
not: each province's rings, the coastline, the straits, the anchors and labels. This
module holds exactly that (:class:`PlainMap`), answers "which province is under this
point" without shapely, and keeps it in the data folder's ``cache/maps/`` keyed by the
SVG's content, so every start after the first reads one small JSON file instead.

A damaged, foreign or out-of-date cache file is ignored and written again; a data folder
that cannot be written only costs the cache. No Qt here.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

FORMAT = 1     # bump when the file's layout or what it is computed from changes

Point = tuple[float, float]
Ring = tuple[Point, ...]
Polygon = tuple[Ring, ...]          # the exterior ring, then its holes


class Strait(NamedTuple):
    """A land connection across water, drawn as a dashed line."""
    a: str
    b: str
    start: Point
    end: Point


@dataclass(frozen=True, eq=False)
class PlainMap:
    """What the window draws and hit-tests of one SVG map (see :class:`app.mapgeo.MapGeometry`,
    whose names it keeps). Polygons are rings of points; ``multi``: the provinces made of
    several polygons (the hit test breaks ties on a shared border as the geometry does)."""

    view_box: tuple[float, float, float, float]
    provinces: dict[str, tuple[Polygon, ...]]
    province_class: dict[str, str]
    impassable: dict[str, tuple[Polygon, ...]]
    impassable_water: dict[str, tuple[Polygon, ...]]
    coastline: tuple[tuple[Point, ...], ...]
    straits: tuple[Strait, ...]
    unit_anchors: dict[str, Point]
    label_anchors: dict[str, Point]
    centre_anchors: dict[str, Point]
    labels: dict[str, str]
    multi: frozenset[str] = frozenset()
    _boxes: dict = field(default_factory=dict, compare=False, repr=False)

    # -- from the geometry, to and from a file ---------------------------------------------
    @classmethod
    def from_geometry(cls, geo) -> "PlainMap":
        """The plain form of a :class:`app.mapgeo.MapGeometry` (its shapely shapes as rings)."""
        polygons, lines = polygons_of, lines_of
        return cls(
            view_box=tuple(float(v) for v in geo.view_box),  # type: ignore[arg-type]
            provinces={p: polygons(g) for p, g in geo.provinces.items()},
            province_class=dict(geo.province_class),
            impassable={k: polygons(g) for k, g in geo.impassable.items()},
            impassable_water={k: polygons(g) for k, g in geo.impassable_water.items()},
            coastline=lines(geo.coastline),
            straits=tuple(Strait(s.a, s.b, _point(s.start), _point(s.end)) for s in geo.straits),
            unit_anchors={k: _point(v) for k, v in geo.unit_anchors.items()},
            label_anchors={k: _point(v) for k, v in geo.label_anchors.items()},
            centre_anchors={k: _point(v) for k, v in geo.centre_anchors.items()},
            labels=dict(geo.labels),
            multi=frozenset(p for p, g in geo.provinces.items() if g.geom_type == "MultiPolygon"),
        )

    def to_json(self) -> dict:
        return {"format": FORMAT, "view_box": list(self.view_box), "provinces": self.provinces,
                "province_class": self.province_class, "impassable": self.impassable,
                "impassable_water": self.impassable_water, "coastline": self.coastline,
                "straits": [list(s) for s in self.straits], "unit_anchors": self.unit_anchors,
                "label_anchors": self.label_anchors, "centre_anchors": self.centre_anchors,
                "labels": self.labels, "multi": sorted(self.multi)}

    @classmethod
    def from_json(cls, data: dict) -> "PlainMap":
        """Raises ``KeyError``/``TypeError``/``ValueError``/``IndexError`` on a file not written by
        :meth:`to_json`."""
        if data.get("format") != FORMAT:
            raise ValueError("another cache format")

        def polys(d: dict) -> dict[str, tuple[Polygon, ...]]:
            return {str(k): tuple(tuple(_ring(r) for r in poly) for poly in v) for k, v in d.items()}

        def points(d: dict) -> dict[str, Point]:
            return {str(k): _point(v) for k, v in d.items()}

        return cls(
            view_box=tuple(float(v) for v in data["view_box"]),  # type: ignore[arg-type]
            provinces=polys(data["provinces"]),
            province_class={k: str(v) for k, v in data["province_class"].items()},
            impassable=polys(data["impassable"]),
            impassable_water=polys(data["impassable_water"]),
            coastline=tuple(_ring(line) for line in data["coastline"]),
            straits=tuple(Strait(str(a), str(b), _point(s), _point(e)) for a, b, s, e in data["straits"]),
            unit_anchors=points(data["unit_anchors"]),
            label_anchors=points(data["label_anchors"]),
            centre_anchors=points(data["centre_anchors"]),
            labels={k: str(v) for k, v in data["labels"].items()},
            multi=frozenset(data["multi"]),
        )

    # -- hit testing -------------------------------------------------------------------------
    def province_at(self, x: float, y: float) -> str | None:
        """The province under the point, or None (impassable area, outside); a point on a
        shared border goes to the province whose interior is nearest, as in
        :meth:`app.mapgeo.MapGeometry.province_at`."""
        if not self._boxes:
            for p, polys in self.provinces.items():
                xs = [pt[0] for poly in polys for pt in poly[0]] or [0.0]
                ys = [pt[1] for poly in polys for pt in poly[0]] or [0.0]
                self._boxes[p] = (min(xs), min(ys), max(xs), max(ys))
        hits = []
        for p, (x0, y0, x1, y1) in self._boxes.items():
            if x0 <= x <= x1 and y0 <= y <= y1 and _covers(self.provinces[p], x, y):
                hits.append(p)
        if len(hits) <= 1:
            return hits[0] if hits else None
        return min(hits, key=lambda p: 0.0 if p in self.multi or len(self.provinces[p]) != 1
                   else -_ring_distance(self.provinces[p][0][0], x, y))


def polygons_of(g) -> tuple[Polygon, ...]:
    """A shapely (Multi)Polygon as rings of points (exterior first, then holes)."""
    if g is None or g.is_empty:
        return ()
    parts = list(g.geoms) if g.geom_type == "MultiPolygon" else [g]
    return tuple(tuple(_ring(r.coords) for r in (p.exterior, *p.interiors)) for p in parts)


def lines_of(g) -> tuple[tuple[Point, ...], ...]:
    """A shapely (Multi)LineString as runs of points."""
    if g is None or g.is_empty:
        return ()
    parts = list(g.geoms) if g.geom_type == "MultiLineString" else [g]
    return tuple(_ring(line.coords) for line in parts if line.geom_type == "LineString")


def _point(v) -> Point:
    return (float(v[0]), float(v[1]))


def _ring(coords) -> tuple[Point, ...]:
    """Points as float pairs (a damaged cache file raises ValueError, TypeError or
    IndexError here). A list, not a generator: a start reads ~7,600 points."""
    return tuple([(float(p[0]), float(p[1])) for p in coords])


def _segments(ring: Ring):
    return zip(ring, (*ring[1:], *ring[:1]))


def _covers(polys: tuple[Polygon, ...], x: float, y: float) -> bool:
    """Whether the point is inside the polygons (even-odd over every ring) or on a ring."""
    inside = False
    for poly in polys:
        for ring in poly:
            for (ax, ay), (bx, by) in _segments(ring):
                if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                    inside = not inside
    if inside:
        return True
    return any(_ring_distance(ring, x, y) < 1e-9 for poly in polys for ring in poly)


def _ring_distance(ring: Ring, x: float, y: float) -> float:
    best = float("inf")
    for (ax, ay), (bx, by) in _segments(ring):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / length2))
        px, py = ax + t * dx - x, ay + t * dy - y
        best = min(best, (px * px + py * py) ** 0.5)
    return best


# -- the cache -----------------------------------------------------------------------------------
def cache_dir() -> Path:
    from app.match.storage import data_dir
    return data_dir() / "cache" / "maps"


def cache_path(svg_path: Path, folder: Path | None = None) -> Path:
    """Where the plain form of this SVG's current content is kept."""
    digest = hashlib.sha256(Path(svg_path).read_bytes()).hexdigest()[:32]
    return (folder or cache_dir()) / f"{digest}-{FORMAT}.json"


def load_plain_map(svg_path: str | Path, folder: Path | None = None) -> PlainMap:
    """The plain map of an SVG: from the cache when it holds this content, else read with
    :func:`app.mapgeo.load_map` (which raises :class:`app.mapgeo.MapFileError` on a bad
    file) and kept for the next start."""
    svg_path = Path(svg_path)
    try:
        path = cache_path(svg_path, folder)
    except OSError:
        path = None                       # unreadable: load_map names the file
    if path is not None:
        try:
            return PlainMap.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
            pass                          # none yet, or damaged: made again below
    from app.mapgeo import load_map      # shapely, numpy, svgelements: only now
    plain = PlainMap.from_geometry(load_map(svg_path))
    if path is not None:
        _store(path, plain)
    return plain


def _store(path: Path, plain: PlainMap) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".map-", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(plain.to_json(), separators=(",", ":")))   # dumps: the C encoder
        os.replace(tmp, path)             # whole or not at all: a second instance reads either
    except OSError:
        try:
            os.unlink(tmp)                # type: ignore[possibly-undefined]
        except (OSError, NameError):
            pass


__all__ = ["PlainMap", "Strait", "cache_path", "lines_of", "load_plain_map", "polygons_of"]
