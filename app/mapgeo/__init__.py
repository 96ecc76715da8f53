"""Board geometry read from a variant's SVG map (see docs/map-conventions.md).

The engine needs no geometry; this module is for the UI: hit-testing,
placing units, supply centres and labels, and drawing.  Any variant SVG that
follows the conventions can be loaded::

    from app.mapgeo import load_map
    board = load_map("data/standard/map.svg")
    board.province_at(412, 388)      # -> "mun" (or None over sea border/impassable)
    board.unit_anchor("bul/ec")      # -> (x, y) in SVG user units
    board.provinces["mun"]           # -> shapely Polygon / MultiPolygon

Coordinates are SVG user units (the ``viewBox``); y grows downwards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiLineString, Point, Polygon
from shapely.strtree import STRtree
import svgelements as se

__all__ = ["MapGeometry", "Strait", "load_map"]


@dataclass(frozen=True)
class Strait:
    """A land (and/or fleet) connection across water, drawn as a marker.

    ``a`` and ``b`` are province ids; ``start``/``end`` the marker's ends.
    """
    a: str
    b: str
    start: tuple[float, float]
    end: tuple[float, float]


@dataclass
class MapGeometry:
    """Everything geometric about one board.

    Attributes:
        view_box: (x, y, width, height) of the SVG.
        provinces: province id -> shapely (Multi)Polygon.
        province_class: province id -> "sea" or "land".
        impassable: name -> geometry of impassable land (Switzerland, islands ...).
        impassable_water: name -> geometry of water that is no province (straits).
        coasts: split-coast id (e.g. "bul/ec") -> the coastline it stands for.
        coastline: all land/water boundaries, for drawing (from the SVG's
            ``coastline`` element if it has one, else computed).
        straits: land connections across water (markers).
        unit_anchors / label_anchors / centre_anchors: id -> (x, y).
        labels: province id -> label text.
    """
    view_box: tuple[float, float, float, float]
    provinces: dict[str, object] = field(default_factory=dict)
    province_class: dict[str, str] = field(default_factory=dict)
    impassable: dict[str, object] = field(default_factory=dict)
    impassable_water: dict[str, object] = field(default_factory=dict)
    coasts: dict[str, object] = field(default_factory=dict)
    coastline: object = None
    straits: list[Strait] = field(default_factory=list)
    unit_anchors: dict[str, tuple[float, float]] = field(default_factory=dict)
    label_anchors: dict[str, tuple[float, float]] = field(default_factory=dict)
    centre_anchors: dict[str, tuple[float, float]] = field(default_factory=dict)
    labels: dict[str, str] = field(default_factory=dict)
    _tree: STRtree | None = None
    _ids: list[str] = field(default_factory=list)

    # -- anchors ---------------------------------------------------------------
    def unit_anchor(self, location: str) -> tuple[float, float]:
        """Where a unit in ``location`` (province id or split coast "spa/nc") is drawn."""
        return self.unit_anchors[location]

    def centre_anchor(self, province: str) -> tuple[float, float]:
        """Where the supply-centre marker of ``province`` is drawn."""
        return self.centre_anchors[province]

    def label_anchor(self, province: str) -> tuple[float, float]:
        """Centre of the province's label."""
        return self.label_anchors[province]

    @property
    def supply_centres(self) -> list[str]:
        """Provinces that have a supply-centre marker."""
        return sorted(self.centre_anchors)

    # -- hit testing -------------------------------------------------------------
    def province_at(self, x: float, y: float) -> str | None:
        """Province id under the point, or None (impassable area, outside)."""
        if self._tree is None:
            self._ids = list(self.provinces)
            self._tree = STRtree([self.provinces[i] for i in self._ids])
        p = Point(x, y)
        hits = self._tree.query(p, predicate="intersects")
        if len(hits) == 0:
            return None
        if len(hits) == 1:
            return self._ids[int(hits[0])]
        # on a shared border: the province whose interior is nearest wins
        return min((self._ids[int(i)] for i in hits),
                   key=lambda k: -self.provinces[k].exterior.distance(p)
                   if self.provinces[k].geom_type == "Polygon" else 0)

    # -- topology ----------------------------------------------------------------
    def shared_border(self, a: str, b: str) -> float:
        """Length of the border between two provinces (0 if they do not touch)."""
        ga, gb = self.provinces[a], self.provinces[b]
        if not ga.intersects(gb):
            return 0.0
        return ga.boundary.intersection(gb.boundary).length

    def geometric_adjacency(self, min_border: float) -> set[frozenset[str]]:
        """Pairs of provinces whose shared border is at least ``min_border`` long."""
        ids = list(self.provinces)
        tree = STRtree([self.provinces[i] for i in ids])
        out = set()
        for i, a in enumerate(ids):
            for j in tree.query(self.provinces[a], predicate="intersects"):
                b = ids[int(j)]
                if a < b and self.shared_border(a, b) >= min_border:
                    out.add(frozenset((a, b)))
        return out

    def strait_pairs(self) -> set[frozenset[str]]:
        """Province pairs connected across water (declared in the SVG)."""
        return {frozenset((s.a, s.b)) for s in self.straits}


def _rings_of(path: se.Path, samples: int = 8) -> list[list[tuple[float, float]]]:
    rings, cur = [], []
    for seg in path.segments():
        if isinstance(seg, se.Move):
            if len(cur) >= 3:
                rings.append(cur)
            cur = [(seg.end.x, seg.end.y)]
        elif isinstance(seg, se.Close):
            if len(cur) >= 3:
                rings.append(cur)
            cur = []
        elif isinstance(seg, se.Line):
            cur.append((seg.end.x, seg.end.y))
        else:  # curves: sample them
            for k in range(1, samples + 1):
                pt = seg.point(k / samples)
                cur.append((pt.x, pt.y))
    if len(cur) >= 3:
        rings.append(cur)
    return rings


def _lines_of(path: se.Path, samples: int = 8):
    lines, cur = [], []
    for seg in path.segments():
        if isinstance(seg, se.Move):
            if len(cur) >= 2:
                lines.append(cur)
            cur = [(seg.end.x, seg.end.y)]
        elif isinstance(seg, se.Close):
            if cur:
                cur.append(cur[0])
        elif isinstance(seg, se.Line):
            cur.append((seg.end.x, seg.end.y))
        else:
            for k in range(1, samples + 1):
                pt = seg.point(k / samples)
                cur.append((pt.x, pt.y))
    if len(cur) >= 2:
        lines.append(cur)
    return MultiLineString(lines) if len(lines) != 1 else LineString(lines[0])


def _polygon_of(path: se.Path):
    """Even-odd fill of all subpaths as one shapely geometry."""
    polys = [shapely.make_valid(Polygon(r)) for r in _rings_of(path)]
    geom = reduce(lambda a, b: a.symmetric_difference(b), polys)
    geom = shapely.make_valid(geom)
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)


def _classes(el) -> set[str]:
    return set((el.values.get("class") or "").split())


def load_map(svg_path: str | Path) -> MapGeometry:
    """Parse a variant SVG (docs/map-conventions.md) into a :class:`MapGeometry`."""
    svg = se.SVG.parse(str(svg_path), reify=True)
    vb = svg.viewbox
    m = MapGeometry(view_box=(vb.x, vb.y, vb.width, vb.height))
    for el in svg.elements():
        cls = _classes(el)
        eid = el.values.get("id") if hasattr(el, "values") else None
        if not cls or eid is None:
            continue
        if isinstance(el, se.Path) and "province" in cls:
            m.provinces[eid] = _polygon_of(el)
            m.province_class[eid] = "sea" if "sea" in cls else "land"
        elif isinstance(el, se.Path) and "impassable" in cls:
            name = eid.removeprefix("impassable-")
            (m.impassable_water if "water" in cls else m.impassable)[name] = _polygon_of(el)
        elif isinstance(el, se.Path) and "split-coast" in cls:
            m.coasts[el.values["data-location"]] = _lines_of(el)
        elif isinstance(el, se.Path) and "coastline" in cls:
            m.coastline = _lines_of(el)
        elif isinstance(el, se.SimpleLine) and "strait" in cls:
            m.straits.append(Strait(el.values["data-from"], el.values["data-to"],
                                    (el.x1, el.y1), (el.x2, el.y2)))
        elif isinstance(el, se.Circle) and "unit-anchor" in cls:
            m.unit_anchors[el.values["data-location"]] = (el.cx, el.cy)
        elif isinstance(el, se.Circle) and "supply-centre" in cls:
            m.centre_anchors[el.values["data-province"]] = (el.cx, el.cy)
        elif isinstance(el, se.Text) and "label" in cls:
            prov = eid.removeprefix("label-")
            m.label_anchors[prov] = (el.x, el.y)
            m.labels[prov] = el.text
    # Water shapes may run under land (they are drawn first): their area is
    # what is left once land provinces and impassable land are taken away.
    land = shapely.union_all([g for k, g in m.provinces.items() if m.province_class[k] == "land"]
                             + list(m.impassable.values()))
    for k in [k for k, c in m.province_class.items() if c == "sea"]:
        m.provinces[k] = _clean(m.provinces[k].difference(land))
    for k in list(m.impassable_water):
        m.impassable_water[k] = _clean(m.impassable_water[k].difference(land))
    if m.coastline is None:
        water = shapely.union_all([g for k, g in m.provinces.items() if m.province_class[k] == "sea"]
                                  + list(m.impassable_water.values()))
        m.coastline = shapely.line_merge(land.boundary.intersection(water.boundary))
    return m


def _clean(geom):
    geom = shapely.make_valid(geom)
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and p.area > 1e-6]
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)
