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

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import reduce
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiLineString, Point, Polygon
from shapely.strtree import STRtree
import svgelements as se

__all__ = ["MapFileError", "MapGeometry", "Strait", "load_map"]


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
        duplicates: ids of elements that repeat an earlier province, label, anchor or marker
            (the later one wins; the variant check reports them).
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
    duplicates: list[str] = field(default_factory=list)
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


# -- reading the SVG ----------------------------------------------------------------------
#
# The file is read with ElementTree; path data made only of straight segments (what the
# generator writes) is parsed here, ten times faster than svgelements, which reads curves
# and arcs. A file with transforms is read wholly by svgelements.

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_PATH_TOKEN = re.compile(rf"([MmLlHhVvZz])|({_NUMBER})|([A-Za-z])")

Ring = list[tuple[float, float]]


def _straight_subpaths(d: str) -> list[tuple[Ring, bool]] | None:
    """Subpaths (points, closed?) of path data with only M, L, H, V, Z commands; None when
    it has curves or arcs (read by svgelements instead)."""
    out: list[tuple[Ring, bool]] = []
    cur: Ring = []
    cmd = None
    x = y = 0.0
    start = (0.0, 0.0)
    nums: list[float] = []

    def flush(closed: bool) -> None:
        nonlocal cur
        if cur:
            out.append((cur, closed))
        cur = []

    def run(c: str, args: list[float]) -> None:
        nonlocal x, y, start, cur
        rel = c.islower()
        c = c.upper()
        step = 1 if c in "HV" else 2
        if len(args) % step:
            raise ValueError(f"path data: odd number of coordinates after '{c}'")
        for k in range(0, len(args), step):
            if c == "H":
                x = args[k] + (x if rel else 0)
            elif c == "V":
                y = args[k] + (y if rel else 0)
            else:
                nx, ny = args[k], args[k + 1]
                x, y = (x + nx, y + ny) if rel else (nx, ny)
            if c == "M" and k == 0:
                flush(False)
                start = (x, y)
            cur.append((x, y))

    for m in _PATH_TOKEN.finditer(d):
        if m.group(3):
            return None
        if m.group(2):
            nums.append(float(m.group(2)))
            continue
        if cmd is not None:
            run(cmd, nums)
        nums = []
        cmd = m.group(1)
        if cmd in "Zz":
            if cur:
                flush(True)
                x, y = start
            cmd = None
    if cmd is not None:
        run(cmd, nums)
    flush(False)
    return out


def _svgelements_subpaths(path: se.Path, samples: int = 8) -> list[tuple[Ring, bool]]:
    out: list[tuple[Ring, bool]] = []
    cur: Ring = []
    for seg in path.segments():
        if isinstance(seg, se.Move):
            if cur:
                out.append((cur, False))
            cur = [(seg.end.x, seg.end.y)]
        elif isinstance(seg, se.Close):
            if cur:
                out.append((cur, True))
            cur = []
        elif isinstance(seg, se.Line):
            cur.append((seg.end.x, seg.end.y))
        else:  # curves: sample them
            for k in range(1, samples + 1):
                pt = seg.point(k / samples)
                cur.append((pt.x, pt.y))
    if cur:
        out.append((cur, False))
    return out


def _polygon_of(subpaths: list[tuple[Ring, bool]]):
    """Even-odd fill of all subpaths as one shapely geometry."""
    polys = [shapely.make_valid(Polygon(r)) for r, _ in subpaths if len(r) >= 3]
    if not polys:
        return Polygon()
    geom = reduce(lambda a, b: a.symmetric_difference(b), polys)
    geom = shapely.make_valid(geom)
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon"]
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)


def _lines_of(subpaths: list[tuple[Ring, bool]]):
    lines = [r + [r[0]] if closed else r for r, closed in subpaths if len(r) >= 2]
    return MultiLineString(lines) if len(lines) != 1 else LineString(lines[0])


@dataclass
class _Element:
    """What the loader needs of one SVG element, however it was read."""
    tag: str
    id: str | None
    classes: set[str]
    attrs: dict[str, str]
    subpaths: list[tuple[Ring, bool]] | None = None  # paths
    point: tuple[float, float] | None = None  # circles, text
    end: tuple[float, float] | None = None  # lines (start in point)
    text: str = ""


def _length(value: str | None) -> float:
    return float((value or "0").strip().removesuffix("px") or 0)


def _read_plain(svg_path: Path) -> tuple[tuple[float, float, float, float], list[_Element]] | None:
    """The elements of a transform-free SVG read with ElementTree; None if it has transforms."""
    root = ET.parse(svg_path).getroot()
    vb_text = root.get("viewBox")
    if vb_text:
        vb = tuple(float(t) for t in re.split(r"[\s,]+", vb_text.strip()))
    else:
        vb = (0.0, 0.0, _length(root.get("width")), _length(root.get("height")))
    if len(vb) != 4:
        raise ValueError(f"viewBox '{vb_text}' is not four numbers")
    out = []
    for el in root.iter():
        if "transform" in el.attrib:
            return None
        tag = el.tag.rsplit("}", 1)[-1]
        cls = set((el.get("class") or "").split())
        eid = el.get("id")
        if not cls or eid is None:
            continue
        e = _Element(tag, eid, cls, dict(el.attrib))
        if tag == "path":
            e.subpaths = _straight_subpaths(el.get("d") or "")
            if e.subpaths is None:
                e.subpaths = _svgelements_subpaths(se.Path(el.get("d")))
        elif tag == "circle":
            e.point = (_length(el.get("cx")), _length(el.get("cy")))
        elif tag == "line":
            e.point = (_length(el.get("x1")), _length(el.get("y1")))
            e.end = (_length(el.get("x2")), _length(el.get("y2")))
        elif tag == "text":
            e.point = (_length(el.get("x")), _length(el.get("y")))
            e.text = "".join(el.itertext()).strip()
        out.append(e)
    return tuple(vb), out  # type: ignore[return-value]


def _read_svgelements(svg_path: Path) -> tuple[tuple[float, float, float, float], list[_Element]]:
    svg = se.SVG.parse(str(svg_path), reify=True)
    vb = svg.viewbox
    out = []
    for el in svg.elements():
        values = getattr(el, "values", {})
        cls = set((values.get("class") or "").split())
        eid = values.get("id")
        if not cls or eid is None:
            continue
        attrs = {k: v for k, v in values.items() if isinstance(v, str)}
        if isinstance(el, se.Path):
            out.append(_Element("path", eid, cls, attrs, subpaths=_svgelements_subpaths(el)))
        elif isinstance(el, se.Circle):
            out.append(_Element("circle", eid, cls, attrs, point=(el.cx, el.cy)))
        elif isinstance(el, se.SimpleLine):
            out.append(_Element("line", eid, cls, attrs, point=(el.x1, el.y1), end=(el.x2, el.y2)))
        elif isinstance(el, se.Text):
            out.append(_Element("text", eid, cls, attrs, point=(el.x, el.y), text=el.text or ""))
    return (vb.x, vb.y, vb.width, vb.height), out


class MapFileError(ValueError):
    """The SVG cannot be read (not XML, bad path data, a required attribute missing)."""


def load_map(svg_path: str | Path) -> MapGeometry:
    """Parse a variant SVG (docs/map-conventions.md) into a :class:`MapGeometry`.

    An unreadable file raises :class:`MapFileError` naming the file (and the element)."""
    svg_path = Path(svg_path)
    try:
        read = _read_plain(svg_path)
        view_box, elements = read if read is not None else _read_svgelements(svg_path)
    except (ET.ParseError, ValueError, OSError) as e:
        raise MapFileError(f"{svg_path}: {e}") from None
    m = MapGeometry(view_box=view_box)
    for e in elements:
        try:
            _add(m, e)
        except (KeyError, ValueError) as err:
            missing = f"attribute {err} is missing" if isinstance(err, KeyError) else str(err)
            raise MapFileError(f"{svg_path}: element '{e.id}': {missing}") from None
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


def _add(m: MapGeometry, e: _Element) -> None:
    cls, eid = e.classes, e.id
    if e.tag == "path" and "province" in cls:
        if eid in m.provinces:
            m.duplicates.append(eid)
        m.provinces[eid] = _polygon_of(e.subpaths)
        m.province_class[eid] = "sea" if "sea" in cls else "land"
    elif e.tag == "path" and "impassable" in cls:
        name = eid.removeprefix("impassable-")
        (m.impassable_water if "water" in cls else m.impassable)[name] = _polygon_of(e.subpaths)
    elif e.tag == "path" and "split-coast" in cls:
        m.coasts[e.attrs["data-location"]] = _lines_of(e.subpaths)
    elif e.tag == "path" and "coastline" in cls:
        m.coastline = _lines_of(e.subpaths)
    elif e.tag == "line" and "strait" in cls:
        m.straits.append(Strait(e.attrs["data-from"], e.attrs["data-to"], e.point, e.end))
    elif e.tag == "circle" and "unit-anchor" in cls:
        loc = e.attrs["data-location"]
        if loc in m.unit_anchors:
            m.duplicates.append(eid)
        m.unit_anchors[loc] = e.point
    elif e.tag == "circle" and "supply-centre" in cls:
        prov = e.attrs["data-province"]
        if prov in m.centre_anchors:
            m.duplicates.append(eid)
        m.centre_anchors[prov] = e.point
    elif e.tag == "text" and "label" in cls:
        prov = eid.removeprefix("label-")
        if prov in m.label_anchors:
            m.duplicates.append(eid)
        m.label_anchors[prov] = e.point
        m.labels[prov] = e.text


def _clean(geom):
    geom = shapely.make_valid(geom)
    parts = [p for p in shapely.get_parts(geom) if p.geom_type == "Polygon" and p.area > 1e-6]
    return parts[0] if len(parts) == 1 else shapely.MultiPolygon(parts)
