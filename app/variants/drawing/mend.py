"""A drawing made to say exactly what the data says.

Two regions that touch but are not adjacent in the data are parted by a thin impassable wall;
a border of two coastal provinces that reaches a sea both border, where the data has no fleet
route along it, is kept off that sea by an impassable notch; an adjacency the regions cannot
show (or a fleet route along a coast they cannot show) gets a strait marker. Each split coast
gets its stretch of the province's sea border. All geometry is rebuilt as one coverage on a
grid, so that regions read back from the SVG border exactly where they were drawn to.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely
from shapely.geometry import LineString, Point
from shapely.strtree import STRtree

from app.mapgeo.terrain import derive_terrain

from .data import MIN_BORDER, TOUCH, BoardData

WALL = 5.0          # width of the impassable wall between two regions that are not adjacent
NOTCH = 3.5         # radius of the notch that keeps a border off a sea


def _touching(ids: list[str], cells: list) -> dict[frozenset, float]:
    """Pairs of cells that meet (even in a point), with the length of their border."""
    tree = STRtree(cells)
    out = {}
    for i, j in zip(*tree.query(cells, predicate="intersects")):
        if i < j:
            out[frozenset((ids[i], ids[j]))] = cells[i].boundary.intersection(cells[j].boundary).length
    return out


@dataclass
class Board:
    """Provinces' regions, impassable areas and strait markers, ready to be written."""
    cells: dict[str, object]
    blocked: list                                     # impassable areas (walls, notches)
    straits: list[tuple[str, str]] = field(default_factory=list)
    walls: list[tuple[str, str]] = field(default_factory=list)     # pairs parted by a wall
    notches: int = 0                                  # borders kept off a sea


def parts(geom) -> list:
    return [g for g in shapely.get_parts(geom) if g.geom_type == "Polygon" and g.area > 1e-6]


def clean(geom):
    found = parts(shapely.make_valid(geom))
    if not found:
        return shapely.Polygon()
    return found[0] if len(found) == 1 else shapely.MultiPolygon(found)


GRID = 0.1  # every vertex on this grid, shared by the regions on both sides (as written)


def rebuild(cells: dict[str, object], cuts: list, frame) -> tuple[dict[str, object], list]:
    """``cells`` less ``cuts``, as a coverage: the linework is noded on a grid and cut into faces,
    so two regions that meet share every vertex of their border (read back from the SVG, their
    borders coincide exactly)."""
    ids = list(cells)
    cut = shapely.union_all(cuts) if cuts else None
    lines = [frame.boundary] + [cells[p].boundary for p in ids] + [g.boundary for g in cuts]
    noded = shapely.union_all(lines, grid_size=GRID)
    faces = parts(shapely.polygonize(shapely.get_parts(noded)))
    tree = STRtree([cells[p] for p in ids])
    mine: dict[str, list] = {p: [] for p in ids}
    blocked = []
    for f in faces:
        pt = f.representative_point()
        if cut is not None and cut.contains(pt):
            blocked.append(f)
            continue
        hits = tree.query(pt, predicate="intersects")
        if len(hits):
            mine[ids[int(hits[0])]].append(f)
        else:
            blocked.append(f)
    out = {p: clean(shapely.union_all(fs, grid_size=GRID)) if fs else shapely.Polygon() for p, fs in mine.items()}
    return out, (parts(shapely.union_all(blocked, grid_size=GRID)) if blocked else [])


def mend(data: BoardData, cells: dict[str, object], frame, fixed: list = ()) -> Board:
    """Walls between cells that are not adjacent, notches that keep unwanted fleet routes off
    the sea, straits for what the cells cannot show. ``fixed``: impassable areas to keep."""
    ids = list(cells)
    cuts = list(fixed)  # impassable areas of a source drawing
    cells, _ = rebuild(cells, cuts, frame)  # a clean coverage first: borders that coincide exactly
    touching = _touching(ids, [cells[p] for p in ids])
    walls = []
    for pair, length in touching.items():
        if pair not in data.pairs:
            a, b = sorted(pair)
            walls.append((a, b))
            where = cells[a].boundary.intersection(cells[b].boundary)
            cuts.append(where.buffer(WALL / 2) if length > 0.5 else where.buffer(WALL))
    sea = {p for p in ids if data.kinds[p] == "sea"}
    walled, _ = rebuild(cells, cuts, frame)
    # borders of coastal pairs reaching a sea both border, where the data has no fleet route
    terrain = derive_terrain(walled, sea, min_border=MIN_BORDER, touch=TOUCH)
    for pair, seas in terrain.coast_seas.items():
        if pair in data.fleet_pairs:
            continue
        line = terrain.borders[pair]
        merged = shapely.line_merge(line) if line.geom_type == "MultiLineString" else line
        for end in shapely.get_parts(merged.boundary):
            if any(walled[s].distance(end) < TOUCH * 4 for s in seas):
                cuts.append(end.buffer(NOTCH))
    notches = len(cuts) - len(fixed) - len(walls)
    final, blocked = rebuild(cells, cuts, frame)
    board = Board(final, blocked, walls=sorted(walls), notches=notches)
    terrain = derive_terrain(final, sea, min_border=MIN_BORDER, touch=TOUCH)
    fleet_shown = {frozenset(x.split("/")[0] for x in e) for e in terrain.fleet}
    for pair in sorted(data.pairs, key=sorted):
        a, b = sorted(pair)
        if pair not in terrain.borders:
            board.straits.append((a, b))
        elif (pair in data.fleet_pairs and data.kinds[a] == data.kinds[b] == "coast"
              and pair not in fleet_shown):
            board.straits.append((a, b))  # they border by land, their coasts are on different seas
    return board


def pole(geom) -> tuple[Point, float]:
    best = None
    for part in parts(geom):
        line = shapely.maximum_inscribed_circle(part, 0.5)
        centre, r = Point(line.coords[0]), line.length
        if best is None or r > best[1]:
            best = (centre, r)
    return best if best else (geom.representative_point(), 1.0)


def coast_lines(data: BoardData, board: Board) -> dict[str, object]:
    """Each split coast's stretch of its province's sea border. A sea that washes two coasts
    of a province is split between them, each taking the end nearer its own coastal
    neighbours; a coast that cannot reach a sea or a coastal neighbour it sails to along the
    drawn coast gets a strait marker to it."""
    seas_of: dict[str, list[str]] = {}
    lands_of: dict[str, list[str]] = {}
    for a, b in data.fleet:
        for here, there in ((a, b), (b, a)):
            if here in data.coasts:
                prov = there.split("/")[0]
                (seas_of if data.kinds.get(prov) == "sea" else lands_of).setdefault(here, []).append(prov)
    by_province: dict[str, list[str]] = {}
    for c, prov in data.coasts.items():
        by_province.setdefault(prov, []).append(c)
    out: dict[str, list] = {}
    straits = {frozenset(s) for s in board.straits}
    for prov, coasts in by_province.items():
        cell = board.cells[prov]
        for sea in sorted({s for c in coasts for s in seas_of.get(c, [])}):
            sharing = sorted(c for c in coasts if sea in seas_of.get(c, []))
            line = shapely.line_merge(cell.boundary.intersection(board.cells[sea].boundary))
            if line.length < 2 * MIN_BORDER * len(sharing):
                for c in sharing:  # too short to share out: the marker says it
                    straits.add(frozenset((prov, sea)))
                continue
            for c, piece in zip(*_share(line, sharing, lambda c: [board.cells[n] for n in lands_of.get(c, [])])):
                out.setdefault(c, []).append(piece)
        for c in coasts:
            if c not in out:  # no stretch of sea border to stand for: a short piece of its boundary
                ring = LineString(list(parts(cell)[0].exterior.coords))
                out[c] = [shapely.ops.substring(ring, 0, 2.0)]
            line = shapely.union_all(out[c])
            for n in lands_of.get(c, []):
                if line.distance(board.cells[n]) > 1.0:
                    straits.add(frozenset((prov, n)))
    board.straits = sorted({tuple(sorted(s)) for s in straits})
    return {c: shapely.union_all(parts) for c, parts in out.items()}


def _share(line, coasts: list[str], neighbours) -> tuple[list[str], list]:
    """``line`` cut in as many pieces as ``coasts``, the coasts ordered so that each gets the
    piece nearest its coastal neighbours."""
    if len(coasts) == 1:
        return coasts, [line]
    if line.geom_type != "LineString":
        line = max(shapely.get_parts(line), key=lambda g: g.length)
    step = line.length / len(coasts)
    pieces = [shapely.ops.substring(line, i * step, (i + 1) * step) for i in range(len(coasts))]

    def near(c, piece):
        cells = neighbours(c)
        return min((piece.distance(g) for g in cells), default=0.0)
    best = min(_orders(coasts), key=lambda order: sum(near(c, pc) for c, pc in zip(order, pieces)))
    return list(best), pieces


def _orders(items: list[str]):
    from itertools import permutations
    return permutations(items) if len(items) <= 4 else [items]


def inside_towards(cell, start: Point, target: Point, depth: float) -> Point:
    """A point ``depth`` from ``start`` towards ``target``, kept inside ``cell``."""
    dx, dy = target.x - start.x, target.y - start.y
    d = math.hypot(dx, dy) or 1.0
    for k in (1.0, 0.7, 0.5, 1.5, 2.0, 0.3):
        p = Point(start.x + dx / d * depth * k, start.y + dy / d * depth * k)
        if cell.contains(p) and cell.boundary.distance(p) > 2:
            return p
    # the way to the target leaves the cell (a bay, a spit): the nearest point a little inside
    # it instead; a far-off point anywhere in a big province would lose a coast's unit inland
    for inset in (depth / 2, 2.5, 1.0):
        core = cell.buffer(-inset)
        if not core.is_empty:
            return shapely.ops.nearest_points(core, start)[0]
    return cell.representative_point()
