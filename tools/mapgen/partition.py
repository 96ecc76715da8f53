"""Cut Natural Earth geography into the game's provinces (board pixels).

``partition(design)`` returns ``{label: shapely geometry}`` covering the whole
board frame (province ids, ``!name`` impassable land and ``~name`` impassable
water), the frame, the warp and the set of labels that are water.
See ``designs/standard.py`` for the rules.
"""
from __future__ import annotations

import sys
from collections import defaultdict

import numpy as np
import shapely
from shapely.geometry import LineString, Point, box
from shapely.strtree import STRtree

from . import source, topojson
from .designs import Design
from .projection import Warp

NEAREST_ISLAND_PX = 12.0  # islands of split countries join the nearest province this close
STRAIT_WIDEN = 1.6  # px: strait water (~names) is widened into the land


def make_warp(design: Design) -> tuple[Warp, tuple[float, float, float, float]]:
    """The lon/lat -> board warp and the frame (x0, y0, x1, y1) in board px."""
    centre, radius, strength = design.FISHEYE
    w0 = Warp(centre, radius, strength, [], 1.0, 1.0, (0.0, 0.0), projection=design.PROJECTION)
    h = design.FRAME_HINTS
    xw, _ = w0(np.array([h["west"][0]]), np.array([h["west"][1]]))
    xe, _ = w0(np.array([h["east"][0]]), np.array([h["east"][1]]))
    _, yn = w0(np.array([h["north"][0]]), np.array([h["north"][1]]))
    _, ys = w0(np.array([h["south"][0]]), np.array([h["south"][1]]))
    scale = design.BOARD_WIDTH / float(xe[0] - xw[0])
    offset = (-float(xw[0]) * scale, -float(yn[0]) * scale)
    w = Warp(centre, radius, strength, design.WARP_POINTS, design.RBF_RADIUS, scale, offset,
             design.LENSES, projection=design.PROJECTION)
    height = round(float(ys[0] - yn[0]) * scale)
    return w, (0.0, 0.0, design.BOARD_WIDTH, float(height))


def _line(design, pts):
    return LineString([design.J[p] if isinstance(p, str) else p for p in pts])


def _seg(geom, step=0.05):
    return shapely.segmentize(geom, step)


def load_countries(warp, clip):
    out = []
    for props, geom in topojson.load(source.world_atlas_file("countries-50m.json"), "countries"):
        g = geom.intersection(box(*clip))
        if g.is_empty:
            continue
        g = shapely.make_valid(warp.geometry(_seg(g)))
        out.append((props["name"], g))
    return out


def partition(design: Design, verbose=True):
    warp, frame = make_warp(design)
    F = box(*frame)
    countries = [(n, g.intersection(F)) for n, g in load_countries(warp, design.LONLAT_CLIP)]
    countries = [(n, shapely.make_valid(g)) for n, g in countries if not g.is_empty and g.area > 0]
    land = shapely.union_all([g for _, g in countries])
    water = F.difference(land)
    eps = 0.05
    land_b, water_b = land.buffer(eps), water.buffer(eps)
    lines = [F.boundary] + [g.boundary for _, g in countries]
    for pts in design.LAND_LINES.values():
        lines.append(warp.geometry(_seg(_line(design, pts))).intersection(land_b))
    for pts in design.SEA_LINES.values():
        lines.append(warp.geometry(_seg(_line(design, pts))).intersection(water_b))
    noded = shapely.union_all([shapely.line_merge(l) if l.geom_type == "MultiLineString" else l
                               for l in lines if not l.is_empty])
    polys, cuts, dangles, invalid = shapely.polygonize_full([noded])
    if verbose:
        for d in shapely.get_parts(dangles):
            if d.length > 1.0:
                c = d.centroid
                print(f"  dangling line {d.length:.1f}px at {c.x:.0f},{c.y:.0f}", file=sys.stderr)
    faces = list(shapely.get_parts(polys))
    faces = [f for f in faces if f.area > 1e-6]
    n = len(faces)
    reps = [f.representative_point() for f in faces]
    is_land = np.array([land.contains(p) for p in reps])
    tree = STRtree(faces)

    # neighbours and shared border lengths
    nbrs: list[dict[int, float]] = [dict() for _ in range(n)]
    for i, f in enumerate(faces):
        for j in tree.query(f, predicate="intersects"):
            j = int(j)
            if j <= i:
                continue
            L = f.boundary.intersection(faces[j].boundary).length
            if L > 0:
                nbrs[i][j] = L
                nbrs[j][i] = L
    label: list[str | None] = [None] * n

    def warp_pt(lon, lat):
        x, y = warp(np.array([lon]), np.array([lat]))
        return Point(float(x[0]), float(y[0]))

    # a) seeds
    for name, pts in design.SEEDS.items():
        for lon, lat in pts:
            p = warp_pt(lon, lat)
            hits = [int(j) for j in tree.query(p, predicate="within")] or \
                   [int(j) for j in tree.query(p, predicate="intersects")]
            if not hits:
                print(f"seed {name} {lon},{lat} outside board", file=sys.stderr)
                continue
            j = hits[0]
            if label[j] is not None and label[j] != name:
                raise SystemExit(f"seed conflict in one face: {label[j]} vs {name} at {lon},{lat}")
            label[j] = name
    # b) small islands are dropped
    for i in range(n):
        if label[i] is None and is_land[i] and not any(is_land[j] for j in nbrs[i]) \
                and faces[i].area < design.ISLAND_DROP_AREA:
            label[i] = "-"
    # c) whole-country provinces
    ctree = STRtree([g for _, g in countries])
    for i in range(n):
        if label[i] is None and is_land[i]:
            hits = [int(j) for j in ctree.query(reps[i], predicate="within")]
            for j in hits:
                lab = design.COUNTRY_PROVINCE.get(countries[j][0])
                if lab:
                    label[i] = lab
    # d) join the neighbour of the same kind with the longest shared border
    changed = True
    while changed:
        changed = False
        for i in range(n):
            if label[i] is not None:
                continue
            best = max(((L, j) for j, L in nbrs[i].items()
                        if label[j] not in (None, "-") and is_land[j] == is_land[i]), default=None)
            if best:
                label[i] = label[best[1]]
                changed = True
                if verbose and faces[i].area > 20:
                    print(f"  face area {faces[i].area:.0f} at {reps[i].x:.0f},{reps[i].y:.0f} "
                          f"joined {label[i]}", file=sys.stderr)
    # e) islands of split countries: nearest province, else impassable
    provinces_so_far = defaultdict(list)
    for i in range(n):
        if label[i] and label[i][0] not in "!~-" and is_land[i]:
            provinces_so_far[label[i]].append(faces[i])
    for i in range(n):
        if label[i] is None and is_land[i]:
            best = min(((shapely.distance(faces[i], shapely.union_all(g)), k)
                        for k, g in provinces_so_far.items()), default=None)
            label[i] = best[1] if best and best[0] < NEAREST_ISLAND_PX else "!isl"
            if verbose:
                print(f"  island area {faces[i].area:.0f} at {reps[i].x:.0f},{reps[i].y:.0f} "
                      f"-> {label[i]}", file=sys.stderr)
    # f) lakes and dropped islands join their longest neighbour (any kind / sea)
    for rounds in range(5):
        for i in range(n):
            if label[i] is None or label[i] == "-":
                want_sea = label[i] == "-"
                best = max(((L, j) for j, L in nbrs[i].items()
                            if label[j] not in (None, "-") and (not want_sea or not is_land[j])),
                           default=None)
                if best:
                    label[i] = label[best[1]]
    missing = [i for i in range(n) if label[i] in (None, "-")]
    if missing:
        print(f"unlabelled faces: {[(round(reps[i].x), round(reps[i].y)) for i in missing]}",
              file=sys.stderr)
    groups = defaultdict(list)
    for i in range(n):
        if label[i] not in (None, "-"):
            groups[label[i]].append(faces[i])
    regions = {k: shapely.union_all(v) for k, v in groups.items()}
    # strait water is widened a little into the land so that it stays visible
    for k in [k for k in regions if k[0] == "~"]:
        land_keys = [o for o in regions if o[0] != "~" and land.contains(regions[o].representative_point())]
        grow = regions[k].buffer(STRAIT_WIDEN).intersection(
            shapely.union_all([regions[o] for o in land_keys]))
        for o in land_keys:
            if regions[o].intersects(grow):
                regions[o] = shapely.make_valid(regions[o].difference(grow))
        regions[k] = shapely.union_all([regions[k], grow])
    # water: mostly outside the land (a sea may have absorbed a dropped islet)
    water = {k for k, g in regions.items() if g.intersection(land).area < 0.5 * g.area}
    return regions, frame, warp, water
