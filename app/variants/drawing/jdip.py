"""The ``diplomacy`` package's SVG maps (jDip's format), converted at import time into ours.

The package ships drawings for some of its maps (``maps/svg/NAME.svg``; a map built on
another with ``MAP standard.map`` uses that one's). They are read where they are installed and
never copied as they are (the package is AGPL): the importer keeps the geometry of the
provinces and where units and centres stand, and writes a drawing of its own that follows
docs/map-conventions.md.

What the jDip format holds, and what is taken:

- ``<g id="MouseLayer">``: one click area per place (``<path>``/``<polygon>``, or a ``<g
  id="con">`` of them), named by the place's abbreviation or one of its aliases (``mid``
  for ``mao``), ``spa-nc`` for a coast: the provinces' regions, and each split coast's
  stretch of coastline;
- ``<g id="MapLayer">``: the painted map, with ``_con`` ids where a province is painted on
  its own: used for a place the mouse layer lacks;
- ``<jdipNS:PROVINCE name="spa-nc"><jdipNS:UNIT x y>``: where units stand (the top-left of
  the army symbol, ``jdipNS:SYMBOLSIZE name="Army"``);
- ``<g id="SupplyCenterLayer"><use id="sc_BUD" x y width height>``: the centre markers.

The regions are made one clean coverage (overlaps given to one province, slivers to their
neighbour, the rest impassable) and then mended like the stand-in (:mod:`.mend`): where the
drawing and the data disagree, the data wins and the notes say how often.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import shapely
import shapely.affinity
import svgelements as se
from shapely.geometry import LineString, Polygon, box
from shapely.strtree import STRtree

from app.mapgeo import NUMBER_PATTERN, shape_subpaths, path_subpaths, svgelements_subpaths

from .data import WIDTH, BoardData
from .mend import clean, mend, parts, rebuild
from .svgout import write_svg

THIN = 5.0       # px (1000 px wide): a gap no wider than twice this goes to the provinces beside it
SIMPLIFY = 0.8   # px: how far a simplified border may stray from the drawn one


class ConversionError(ValueError):
    """The drawing cannot be used (a province it does not draw, a file that cannot be read)."""


def package_svg(map_path: Path, root: str | None) -> Path | None:
    """The jDip drawing the package has for the map at ``map_path`` (or for the map it is built on)."""
    folder = map_path.parent / "svg"
    for stem in (map_path.stem, root):
        if stem and (folder / f"{stem}.svg").is_file():
            return folder / f"{stem}.svg"
    return None


@dataclass
class _Shapes:
    view_box: tuple[float, float, float, float]
    mouse: dict[str, list] = field(default_factory=dict)       # id -> polygons
    painted: dict[str, list] = field(default_factory=dict)     # MapLayer "_id" -> polygons
    units: dict[str, tuple[float, float]] = field(default_factory=dict)
    centres: dict[str, tuple[float, float]] = field(default_factory=dict)


def _matrix(text: str | None) -> np.ndarray:
    """An SVG ``transform`` as a 3x3 matrix (translate, scale, matrix, rotate)."""
    m = np.eye(3)
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", text or ""):
        v = [float(x) for x in re.findall(NUMBER_PATTERN, args)]
        if name == "translate":
            t = np.array([[1, 0, v[0]], [0, 1, v[1] if len(v) > 1 else 0], [0, 0, 1]])
        elif name == "scale":
            t = np.diag([v[0], v[1] if len(v) > 1 else v[0], 1.0])
        elif name == "matrix" and len(v) == 6:
            t = np.array([[v[0], v[2], v[4]], [v[1], v[3], v[5]], [0, 0, 1]])
        elif name == "rotate":
            a = np.radians(v[0])
            t = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
            if len(v) == 3:
                t = _matrix(f"translate({v[1]},{v[2]})") @ t @ _matrix(f"translate({-v[1]},{-v[2]})")
        else:
            continue
        m = m @ t
    return m


def _polygons(el, tag: str, m: np.ndarray) -> list:
    if tag == "path":
        subpaths = path_subpaths(el.get("d") or "")
        if subpaths is None:
            subpaths = svgelements_subpaths(se.Path(el.get("d")))
    else:
        subpaths = shape_subpaths(tag, el.get)
    out = []
    for ring, _closed in subpaths or []:
        if len(ring) >= 3:
            pts = np.c_[np.array(ring), np.ones(len(ring))] @ m.T
            out += parts(shapely.make_valid(Polygon(pts[:, :2])))
    return out


def _read(svg_path: Path) -> _Shapes:
    try:
        root = ET.parse(svg_path).getroot()
    except (ET.ParseError, OSError) as e:
        raise ConversionError(f"{svg_path}: {e}") from None
    vb = [float(t) for t in re.findall(NUMBER_PATTERN, root.get("viewBox") or "")]
    if len(vb) != 4:
        raise ConversionError(f"{svg_path}: no viewBox")
    out = _Shapes(tuple(vb))  # type: ignore[arg-type]
    symbol = (40.0, 40.0)

    def walk(el, m: np.ndarray, layer: str | None, name: str | None) -> None:
        for child in el:
            tag = child.tag.rsplit("}", 1)[-1]
            cm = m @ _matrix(child.get("transform"))
            cid = child.get("id")
            if tag == "g":
                here = cid if cid in ("MouseLayer", "MapLayer", "SupplyCenterLayer") else layer
                walk(child, cm, here, cid if here == layer and layer else None)
            elif tag in ("path", "polygon", "rect", "circle", "ellipse") and layer in ("MouseLayer", "MapLayer"):
                key = (cid or name or "").lower()
                if not key:
                    continue
                table = out.mouse if layer == "MouseLayer" else out.painted
                if layer == "MapLayer":
                    if not key.startswith("_"):
                        continue
                    key = key[1:]
                table.setdefault(key, []).extend(_polygons(child, tag, cm))
            elif tag == "use" and layer == "SupplyCenterLayer" and (cid or "").lower().startswith("sc_"):
                x, y = float(child.get("x", 0)), float(child.get("y", 0))
                w, h = float(child.get("width", 0)), float(child.get("height", 0))
                pt = cm @ np.array([x + w / 2, y + h / 2, 1.0])
                out.centres[cid[3:].lower()] = (float(pt[0]), float(pt[1]))
            else:
                walk(child, cm, layer, name)

    walk(root, _matrix(root.get("transform")), None, None)
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        if tag == "SYMBOLSIZE" and el.get("name") == "Army":
            symbol = (float(el.get("width", 40)), float(el.get("height", 40)))
    for el in root.iter():
        if el.tag.rsplit("}", 1)[-1] == "PROVINCE":
            for sub in el:
                if sub.tag.rsplit("}", 1)[-1] == "UNIT":
                    out.units[el.get("name", "").lower()] = (float(sub.get("x", 0)) + symbol[0] / 2,
                                                            float(sub.get("y", 0)) + symbol[1] / 2)
    return out


def convert(svg_path: Path, files: dict[str, dict], names: dict[str, str],
            impassable: list[str] = ()) -> tuple[str, list[str]]:
    """Our SVG for the variant whose JSON files are ``files``, from the jDip drawing at
    ``svg_path``; and notes on what was changed. ``names``: every name or alias the drawing
    may use for a place (lower case, ``/`` for coasts) -> its id here."""
    shapes = _read(svg_path)
    data = BoardData.of(files)
    x0, y0, w, h = shapes.view_box
    scale = WIDTH / w
    height = float(round(h * scale))
    frame = box(0, 0, WIDTH, height)

    def to_board(geoms: list) -> object:
        g = shapely.union_all(geoms) if geoms else Polygon()
        return shapely.affinity.affine_transform(g, [scale, 0, 0, scale, -x0 * scale, -y0 * scale])

    shift = 0.0     # how far the board moved up when a bare strip above it was cut off

    def point(xy):
        return ((xy[0] - x0) * scale, (xy[1] - y0) * scale - shift)

    def place(key: str) -> str | None:
        key = key.lower().replace("-", "/")
        return names.get(key) or names.get(key.split("/")[0] if "/" not in key else key)

    raw: dict[str, list] = {}
    for table in (shapes.mouse, shapes.painted):
        for key, geoms in table.items():
            loc = place(key)
            if loc is None:
                continue
            prov = loc.split("/")[0]  # a coast's click area is part of its province
            if table is shapes.painted and prov in raw:
                continue
            raw.setdefault(prov, []).extend(geoms)
    missing = [p for p in data.provinces if p not in raw]
    if missing:
        raise ConversionError(f"{svg_path.name} does not draw {', '.join(missing[:8])}")
    cells, blocked = _coverage({p: to_board(raw[p]) for p in data.provinces},
                               [to_board(raw[p]) for p in impassable if p in raw], data, frame)
    cells, blocked = _simplified(*rebuild(cells, blocked, frame))
    cells, blocked, frame, shift = _cropped(cells, blocked, frame)
    height = frame.bounds[3]
    board = mend(data, cells, frame, blocked)
    units = {}
    for key, xy in shapes.units.items():
        loc = place(key)
        if loc:
            units.setdefault(loc, point(xy))
    centres = {place(k): point(xy) for k, xy in shapes.centres.items() if place(k)}
    svg = write_svg(data, board, height, f"{svg_path.stem} (converted from the diplomacy package's drawing)",
                    units, centres)
    notes = []
    if board.straits:
        notes.append(f"the drawing does not show {len(board.straits)} border(s) of the data: strait markers drawn "
                     f"({', '.join('-'.join(s) for s in board.straits[:6])}{' …' if len(board.straits) > 6 else ''})")
    if board.walls:
        notes.append(f"{len(board.walls)} pair(s) of provinces touch on the drawing but are not adjacent in the "
                     f"data: a thin impassable wall parts them ({', '.join('-'.join(w) for w in board.walls[:6])}"
                     f"{' …' if len(board.walls) > 6 else ''})")
    if board.notches:
        notes.append(f"{board.notches} border(s) of two coastal provinces kept off a sea where the data has no "
                     "fleet route along them")
    return svg, notes


def _cropped(cells: dict[str, object], blocked: list, frame) -> tuple[dict[str, object], list, object, float]:
    """The board without the bare strips along its top and bottom: a drawing's frame may run on
    past the map (ancmed's, modern's bottom), and the strip no province reaches would stand as
    an impassable band along the board's edge. Returns the cells, the impassable areas and the
    frame moved up by the strip cut off the top, and that distance."""
    _, _, width, height = frame.bounds
    land_and_sea = shapely.union_all(list(cells.values()))

    def bare(y: float) -> bool:          # a row the provinces hardly reach (slivers down its ends)
        return LineString([(0, y), (width, y)]).intersection(land_and_sea).length < width / 2
    top = 0.0
    while top < height / 4 and bare(top + 0.5):
        top += 1.0
    bottom = height
    while bottom > height * 3 / 4 and bare(bottom - 0.5):
        bottom -= 1.0
    if top <= THIN and height - bottom <= THIN:
        return cells, blocked, frame, 0.0
    keep = box(0, top, width, bottom)

    def moved(g):
        return shapely.affinity.translate(g.intersection(keep), 0, -top)
    blocked = [b for b in (moved(g) for g in blocked) if not b.is_empty and b.area > THIN ** 2]
    return {p: clean(moved(g)) for p, g in cells.items()}, blocked, box(0, 0, width, bottom - top), top


def _simplified(cells: dict[str, object], blocked: list) -> tuple[dict[str, object], list]:
    """The coverage with its curves (sampled in many short segments) simplified within
    ``SIMPLIFY`` px, every shared border the same on both sides."""
    ids = list(cells)
    geoms = shapely.coverage_simplify([cells[p] for p in ids] + list(blocked), SIMPLIFY)
    return ({p: clean(g) for p, g in zip(ids, geoms[:len(ids)])},
            [g for g in geoms[len(ids):] if not g.is_empty])


def _coverage(raw: dict[str, object], impassable: list, data: BoardData, frame) -> tuple[dict[str, object], list]:
    """One province per point: overlaps go to land before sea (a sea is painted under the
    land); the thin gaps between click areas are shared out between the provinces on either
    side (each point to the nearest); wide areas no province covers are impassable."""
    order = sorted(raw, key=lambda p: (data.kinds[p] == "sea", raw[p].area))
    placed = list(impassable)
    cells = {}
    for p in order:
        g = raw[p].intersection(frame)
        over = [q for q in placed if q.intersects(g)]
        cells[p] = clean(g.difference(shapely.union_all(over)) if over else g)
        placed.append(cells[p])
    gaps = frame.difference(shapely.union_all(placed))
    wide = gaps.buffer(-THIN).buffer(THIN).intersection(gaps)   # what a disc of radius THIN fits in
    thin = gaps.difference(wide)
    blocked = list(impassable) + [g for g in parts(wide) if g.area > THIN ** 2]
    if not thin.is_empty:
        for p, piece in _nearest_share(cells, thin).items():
            cells[p] = clean(shapely.union_all([cells[p], piece]))
    return cells, blocked


def _nearest_share(cells: dict[str, object], gaps) -> dict[str, object]:
    """``gaps`` cut among ``cells``: each point of a gap goes to the nearest cell (Voronoi
    cells of points along the cells' edges that face a gap)."""
    near = gaps.buffer(THIN * 2)
    pts, owner = [], []
    for p, cell in cells.items():
        edge = shapely.segmentize(cell.boundary.intersection(near), 2.0)
        for part in shapely.get_parts(edge):
            for xy in getattr(part, "coords", []):
                pts.append(xy)
                owner.append(p)
    if not pts:
        return {}
    xy, first = np.unique(np.round(np.array(pts), 2), axis=0, return_index=True)
    owner = [owner[i] for i in first]
    points = shapely.points(xy)
    vor = shapely.get_parts(shapely.voronoi_polygons(shapely.MultiPoint(points), tolerance=0.05,
                                                     extend_to=near.envelope))
    tree = STRtree(points)
    cells_of: dict[str, list] = {}
    for v in vor:
        hits = tree.query(v, predicate="contains")
        if len(hits):
            cells_of.setdefault(owner[int(hits[0])], []).append(v)
    gap_parts = parts(gaps)
    gap_tree = STRtree(gap_parts)
    out = {}
    for p, vs in cells_of.items():
        area = shapely.coverage_union_all(vs)   # Voronoi cells tile: a fast union
        near = [gap_parts[int(i)] for i in gap_tree.query(area, predicate="intersects")]
        if near:
            out[p] = area.intersection(shapely.union_all(near))
    return out
