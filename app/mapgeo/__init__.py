"""Board geometry read from a variant's SVG map (see docs/map-conventions.md).

The engine needs no geometry; this module is for the UI: hit-testing,
placing units, supply centres and labels, and drawing.  Any variant SVG that
follows the conventions can be loaded::

    from app.mapgeo import load_map
    board = load_map("app/variants/builtin/standard/map.svg")
    board.province_at(412, 388)      # -> "mun" (or None over sea border/impassable)
    board.unit_anchor("bul/ec")      # -> (x, y) in SVG user units
    board.provinces["mun"]           # -> shapely Polygon / MultiPolygon

Coordinates are SVG user units (the ``viewBox``); y grows downwards.
"""
from __future__ import annotations

import math
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
# The file is read with ElementTree; path data of lines and Bézier curves (what the
# generator writes, and most drawings) is parsed here, ten times faster than svgelements,
# which also reads arcs. A file with transforms is read wholly by svgelements.

NUMBER_PATTERN = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_PATH_TOKEN = re.compile(rf"([MmLlHhVvZzCcSsQqTt])|({NUMBER_PATTERN})|([A-Za-z])")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2}
CURVE_SAMPLES = 8  # points a Bézier curve is read as (as svgelements' reading here)

Ring = list[tuple[float, float]]


def path_subpaths(d: str) -> list[tuple[Ring, bool]] | None:
    """Subpaths (points, closed?) of path data with M, L, H, V, C, S, Q, T, Z commands (curves
    sampled); None when it has arcs (read by svgelements instead)."""
    out: list[tuple[Ring, bool]] = []
    cur: Ring = []
    x = y = 0.0
    start = (0.0, 0.0)
    last_ctrl: tuple[str, float, float] | None = None   # for S and T: the previous control point

    def flush(closed: bool) -> None:
        nonlocal cur
        if cur:
            out.append((cur, closed))
        cur = []

    def curve(pts: list[tuple[float, float]]) -> None:
        n = len(pts) - 1
        for k in range(1, CURVE_SAMPLES + 1):
            t = k / CURVE_SAMPLES
            if n == 3:
                a, b, c, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
                cur.append((a * pts[0][0] + b * pts[1][0] + c * pts[2][0] + e * pts[3][0],
                            a * pts[0][1] + b * pts[1][1] + c * pts[2][1] + e * pts[3][1]))
            else:
                a, b, c = (1 - t) ** 2, 2 * (1 - t) * t, t ** 2
                cur.append((a * pts[0][0] + b * pts[1][0] + c * pts[2][0], a * pts[0][1] + b * pts[1][1] + c * pts[2][1]))

    def run(cmd: str, args: list[float]) -> None:
        nonlocal x, y, start, last_ctrl
        rel = cmd.islower()
        c = cmd.upper()
        step = _ARITY[c]
        if len(args) % step or not args:
            raise ValueError(f"path data: wrong number of coordinates after '{cmd}'")
        for k in range(0, len(args), step):
            a = args[k:k + step]
            if c in "HV":
                if c == "H":
                    x = a[0] + (x if rel else 0)
                else:
                    y = a[0] + (y if rel else 0)
                cur.append((x, y))
                last_ctrl = None
                continue
            pts = [(a[i] + (x if rel else 0), a[i + 1] + (y if rel else 0)) for i in range(0, step, 2)]
            if c in "ML":
                x, y = pts[0]
                if c == "M" and k == 0:
                    flush(False)
                    start = (x, y)
                cur.append((x, y))
                last_ctrl = None
                continue
            if not cur:
                cur.append((x, y))
            if c in "ST":  # the first control point mirrors the previous curve's last one
                kind = "C" if c == "S" else "Q"
                mirror = (2 * x - last_ctrl[1], 2 * y - last_ctrl[2]) if last_ctrl and last_ctrl[0] == kind else (x, y)
                pts = [mirror] + pts
            curve([(x, y)] + pts)
            last_ctrl = ("C" if c in "CS" else "Q", pts[-2][0], pts[-2][1])
            x, y = pts[-1]

    cmd = None
    nums: list[float] = []
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
            last_ctrl = None
    if cmd is not None:
        run(cmd, nums)
    flush(False)
    return out


def svgelements_subpaths(path: se.Path, samples: int = 8) -> list[tuple[Ring, bool]]:
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


REGION_TAGS = ("path", "polygon", "rect", "circle", "ellipse")
_CIRCLE_SIDES = 64  # a round region is read as a 64-gon


def _points(text: str) -> Ring:
    """The ``points`` of a ``<polygon>``: numbers separated by commas and/or spaces."""
    nums = [float(t) for t in re.findall(NUMBER_PATTERN, text or "")]
    if len(nums) % 2:
        raise ValueError("polygon points: odd number of coordinates")
    return list(zip(nums[0::2], nums[1::2]))


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> Ring:
    import math
    return [(cx + rx * math.cos(2 * math.pi * k / _CIRCLE_SIDES), cy + ry * math.sin(2 * math.pi * k / _CIRCLE_SIDES))
            for k in range(_CIRCLE_SIDES)]


def shape_subpaths(tag: str, get) -> list[tuple[Ring, bool]] | None:
    """The outline of a ``<polygon>``, ``<rect>``, ``<circle>`` or ``<ellipse>`` (``get`` reads
    an attribute), as closed subpaths; None for other tags."""
    if tag == "polygon":
        return [(_points(get("points")), True)]
    if tag == "rect":
        x, y, w, h = (_length(get(k)) for k in ("x", "y", "width", "height"))
        return [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    if tag == "circle":
        r = _length(get("r"))
        return [(_ellipse(_length(get("cx")), _length(get("cy")), r, r), True)]
    if tag == "ellipse":
        return [(_ellipse(_length(get("cx")), _length(get("cy")), _length(get("rx")), _length(get("ry"))), True)]
    return None


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
            e.subpaths = path_subpaths(el.get("d") or "")
            if e.subpaths is None:
                e.subpaths = svgelements_subpaths(se.Path(el.get("d")))
        elif tag in ("polygon", "rect", "ellipse"):
            e.subpaths = shape_subpaths(tag, el.get)
        elif tag == "circle":
            e.point = (_length(el.get("cx")), _length(el.get("cy")))
            e.subpaths = shape_subpaths(tag, el.get)
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
            out.append(_Element("path", eid, cls, attrs, subpaths=svgelements_subpaths(el)))
        elif isinstance(el, se.Circle):
            out.append(_Element("circle", eid, cls, attrs, point=(el.cx, el.cy),
                                subpaths=svgelements_subpaths(se.Path(el))))
        elif isinstance(el, (se.Polygon, se.Rect, se.Ellipse)):
            tag = "polygon" if isinstance(el, se.Polygon) else "rect" if isinstance(el, se.Rect) else "ellipse"
            out.append(_Element(tag, eid, cls, attrs, subpaths=svgelements_subpaths(se.Path(el))))
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
    problem = _view_box_problem(view_box)
    if problem:
        raise MapFileError(f"{svg_path}: {problem}")
    _check_size(svg_path, elements)
    m = MapGeometry(view_box=view_box)
    ids: set[str] = set()
    for e in elements:
        if e.id and e.id in ids:
            m.duplicates.append(e.id)   # two elements, one id: a link or a style meant for one hits the other
        ids.add(e.id)
        try:
            _add(m, e)
        except (KeyError, ValueError) as err:
            missing = f"attribute {err} is missing" if isinstance(err, KeyError) else str(err)
            raise MapFileError(f"{svg_path}: element '{e.id}': {missing}") from None
        except (shapely.errors.GEOSException, OverflowError) as err:
            raise MapFileError(f"{svg_path}: element '{e.id}': its shape cannot be read ({err})") from None
    if not m.provinces:
        raise MapFileError(f"{svg_path}: no provinces: a map draws each province as an element with "
                           "class 'province' and the province's id (docs/map-conventions.md)")
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


MAX_SIZE = 1e6
"""The largest coordinate and viewBox size read (the shipped maps are about 1000 wide)."""
MAX_SHAPE_POINTS = 20_000
MAX_MAP_POINTS = 400_000
"""Points read in one shape and in the whole map (the standard map: 222 and 12,000). Making
a self-crossing shape valid costs more than the square of its points: a shape of 300,000
took minutes."""


def _view_box_problem(view_box: tuple) -> str | None:
    x, y, w, h = view_box
    if not all(math.isfinite(v) for v in view_box):
        return f"viewBox {' '.join(map(str, view_box))} is not four finite numbers"
    if w <= 0 or h <= 0:
        return f"viewBox {' '.join(map(str, view_box))}: its width and height must be more than 0"
    if max(abs(x), abs(y), w, h) > MAX_SIZE:
        return f"viewBox {' '.join(map(str, view_box))}: larger than {MAX_SIZE:,.0f} user units"
    return None


def _check_size(svg_path: Path, elements: list[_Element]) -> None:
    total = 0
    for e in elements:
        n = sum(len(ring) for ring, _ in e.subpaths or ())
        if n > MAX_SHAPE_POINTS:
            raise MapFileError(f"{svg_path}: element '{e.id}': {n:,} points; a shape may have at most "
                               f"{MAX_SHAPE_POINTS:,} (simplify it)")
        total += n
        if total > MAX_MAP_POINTS:
            raise MapFileError(f"{svg_path}: more than {MAX_MAP_POINTS:,} points in its shapes (simplify them)")


def _add(m: MapGeometry, e: _Element) -> None:
    cls, eid = e.classes, e.id
    if e.tag in REGION_TAGS and "province" in cls:
        if eid in m.provinces:
            m.duplicates.append(eid)
        m.provinces[eid] = _polygon_of(e.subpaths)
        m.province_class[eid] = "sea" if "sea" in cls else "land"
    elif e.tag in REGION_TAGS and "impassable" in cls:
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
