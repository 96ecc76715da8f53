"""Where each province goes on a stand-in board, and the region it gets.

A map's adjacency graph is nearly planar. It is embedded in the plane (networkx's planarity
test; the few borders that do not fit become straits), its faces triangulated, and the
triangles' corners moved until every province's share of them has about the same area (seas
a little more) and every triangle a good shape, without ever turning one over; the drawing is
then stretched out to fill its frame, and brought back inside it where the stretch went too
far. Each province's region is its share of the triangles around it (its corner, the edges'
midpoints, the triangles' centroids): two regions border exactly where the triangulation has
an edge. What lies outside the triangles, up to about a province's width, goes to the nearest
province on the outside; the frame beyond is impassable.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import MultiPoint, Point
from shapely.strtree import STRtree

from .data import WIDTH, BoardData
from .mend import clean


def _graph_distances(n: int, edges: list[tuple[int, int]]) -> np.ndarray:
    nbrs: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges:
        nbrs[a].append(b)
        nbrs[b].append(a)
    d = np.full((n, n), np.inf)
    for s in range(n):
        d[s, s] = 0
        frontier, step = [s], 0
        while frontier:
            step += 1
            nxt = []
            for u in frontier:
                for w in nbrs[u]:
                    if d[s, w] == np.inf:
                        d[s, w] = step
                        nxt.append(w)
            frontier = nxt
    finite = d[np.isfinite(d)]
    d[~np.isfinite(d)] = (finite.max() if finite.size else 1) + 2
    return d


def _stress_layout(d: np.ndarray, iterations: int = 1500) -> np.ndarray:
    """Stress majorization (SMACOF) of graph distances ``d``, started from classical MDS:
    how far apart provinces are, to choose which borders a flat drawing keeps."""
    n = len(d)
    if n < 3:
        return np.array([[float(i), 0.0] for i in range(n)])
    j = np.eye(n) - 1.0 / n
    b = -0.5 * j @ (d ** 2) @ j
    vals, vecs = np.linalg.eigh(b)
    x = vecs[:, -2:] * np.sqrt(np.maximum(vals[-2:], 1e-9))
    x += np.random.default_rng(1).normal(0, 1e-3, x.shape)
    w = np.where(d > 0, 1.0 / np.maximum(d, 1e-9) ** 2, 0.0)
    v = -w
    np.fill_diagonal(v, w.sum(axis=1))
    v_pinv = np.linalg.pinv(v)
    wd = w * d
    for _ in range(iterations):
        dist = np.sqrt(((x[:, None, :] - x[None, :, :]) ** 2).sum(-1))
        bm = -wd / np.where(dist > 1e-9, dist, np.inf)
        np.fill_diagonal(bm, 0)
        np.fill_diagonal(bm, -bm.sum(axis=1))
        moved = v_pinv @ (bm @ x)     # two n×n×2 products, not an n×n×n one (269 provinces: 9 s → 0.3 s)
        settled = float(np.abs(moved - x).max()) < 1e-7 * float(np.ptp(moved))
        x = moved
        if settled:       # the stress no longer changes where any province goes
            break
    return x


@dataclass
class Layout:
    points: dict[str, tuple[float, float]]
    triangles: list[tuple[str, str, str]]
    outer: list[str]                      # provinces on the outside of the triangulation
    dropped: list[tuple[str, str]]        # borders the plane could not hold (drawn as straits)
    height: float
    reach: float = math.inf               # how far the outside provinces reach past the triangles


def _planar(ids: list[str], pairs: set[frozenset], x: np.ndarray):
    """A planar embedding of the adjacency graph: all of it if it is planar, else its borders
    added shortest first (in the stress layout), each kept if the graph stays planar."""
    import networkx as nx
    index = {p: i for i, p in enumerate(ids)}
    # sorted by name first so that equal lengths keep one order whatever the hash seed: the
    # embedding (and so the whole stand-in map) depends on the order edges are added in
    order = sorted(sorted(tuple(sorted(p)) for p in pairs),
                   key=lambda e: float(np.linalg.norm(x[index[e[0]]] - x[index[e[1]]])))
    g = nx.Graph()
    g.add_nodes_from(ids)
    g.add_edges_from(order)
    dropped = []
    if not nx.check_planarity(g)[0]:
        g = nx.Graph()
        g.add_nodes_from(ids)
        for e in order:
            g.add_edge(*e)
            if not nx.check_planarity(g)[0]:
                g.remove_edge(*e)
                dropped.append(e)
    _join_components(g, index)
    return nx.check_planarity(g)[1], dropped


def _join_components(g, index: dict[str, int]) -> None:
    """Join the graph's pieces in a chain, each by its first province, as
    ``triangulate_embedding`` would otherwise do from an arbitrary member of each (a set's
    order, which changes with the hash seed: the same source then drew a different board, or
    none, from one run to the next). An edge between two pieces keeps the graph planar."""
    import networkx as nx
    firsts = sorted((min(c, key=index.__getitem__) for c in nx.connected_components(g)), key=index.__getitem__)
    g.add_edges_from(zip(firsts, firsts[1:]))


SEA_SIZE = 1.2      # a sea's region over a land's: seas read as open water, and their names are longer
# A new game on a 1366×768 screen shows a board at most ~706 px wide and ~500 px tall (its
# title above it): a board taller than 0.7 of its width is shown smaller, and so are its names
# (world at 0.85 was shown 598 px wide: 15% less room for each name across, and down)
TALLEST = 0.70
TALLEST_AT_WORST = 0.85     # a drawing folded over itself may need its own shape (standin.py)
REACH = 0.6         # how far the provinces on the outside reach past the triangles, in provinces' widths


def _tutte(nodes: list[str], tri, outer: list[str]) -> np.ndarray:
    """Tutte's embedding: the outer face on a circle, each other corner at its neighbours'
    mean; planar, with every face convex."""
    idx = {v: i for i, v in enumerate(nodes)}
    p = np.zeros((len(nodes), 2))
    for i, v in enumerate(outer):
        a = 2 * math.pi * i / len(outer)
        p[idx[v]] = (math.cos(a), math.sin(a))
    inner = [v for v in nodes if v not in set(outer)]
    ii = {v: i for i, v in enumerate(inner)}
    m = np.zeros((len(inner), len(inner)))
    rhs = np.zeros((len(inner), 2))
    for v in inner:
        i = ii[v]
        for u in tri.neighbors(v):
            m[i, i] += 1
            if u in ii:
                m[i, ii[u]] -= 1
            else:
                rhs[i] += p[idx[u]]
    if inner:
        sol = np.linalg.lstsq(m, rhs, rcond=None)[0]
        for v in inner:
            p[idx[v]] = sol[ii[v]]
    return p


def _relax(p: np.ndarray, tris: np.ndarray, want: np.ndarray, iterations: int = 1500,
           pinned: np.ndarray | None = None) -> np.ndarray:
    """Move the corners until every province's share of the triangles (a third of each
    triangle around its corner) is about the size it ``want``s, and every triangle has a shape
    close to equilateral; a step that would turn a triangle over is shortened.

    The energy is in logarithms of the areas, and each corner moves in proportion to the size
    of the triangles around it, so the tiny triangles deep inside a Tutte embedding grow as
    fast as the large ones shrink. ``pinned`` corners (a mask) stay where they are."""
    k = 4 * math.sqrt(3)
    mu = 0.3
    n = len(p)
    count = np.bincount(tris.ravel(), minlength=n).astype(float)
    log_want = np.log(want)

    def parts(q):
        a, b, c = q[tris[:, 0]], q[tris[:, 1]], q[tris[:, 2]]
        ab, ac, bc = b - a, c - a, c - b
        area = 0.5 * (ab[:, 0] * ac[:, 1] - ab[:, 1] * ac[:, 0])
        lengths = (ab ** 2).sum(1) + (ac ** 2).sum(1) + (bc ** 2).sum(1)
        return a, b, c, ab, ac, bc, area, lengths

    def shares(area):
        share = np.zeros(n)
        np.add.at(share, tris.ravel(), np.repeat(area / 3, 3))
        return np.maximum(share, 1e-300)

    def misfit(share):
        d = np.log(share) - log_want
        return d - d[count > 0].mean()

    def value(q):
        *_, area, lengths = parts(q)
        if area.min() <= 0:
            return math.inf, area
        off = misfit(shares(area))[count > 0]
        return float((off ** 2).sum() + mu * (lengths / (k * area) - 1).sum()), area

    def gradient(q):
        a, b, c, ab, ac, bc, area, lengths = parts(q)
        share = shares(area)
        per_corner = 2 * misfit(share) / (3 * share)
        ga = 0.5 * np.stack([b[:, 1] - c[:, 1], c[:, 0] - b[:, 0]], 1)
        gb = 0.5 * np.stack([c[:, 1] - a[:, 1], a[:, 0] - c[:, 0]], 1)
        gc = 0.5 * np.stack([a[:, 1] - b[:, 1], b[:, 0] - a[:, 0]], 1)
        d_area = per_corner[tris].sum(1) - mu * lengths / (k * area ** 2)
        d_len = mu / (k * area)
        g = np.zeros_like(q)
        np.add.at(g, tris[:, 0], d_area[:, None] * ga - d_len[:, None] * 2 * (ab + ac))
        np.add.at(g, tris[:, 1], d_area[:, None] * gb + d_len[:, None] * 2 * (ab - bc))
        np.add.at(g, tris[:, 2], d_area[:, None] * gc + d_len[:, None] * 2 * (ac + bc))
        g = g * (share / np.maximum(count, 1) * 3)[:, None]   # scaled by the local size
        if pinned is not None:
            g[pinned] = 0
        return g

    step = 0.05
    e, area = value(p)
    for _ in range(iterations):
        g = gradient(p)
        while step > 1e-9:
            q = p - step * g
            e2, area2 = value(q)
            if e2 < e and bool((area2 > 0.2 * area).all()):
                break
            step *= 0.5
        else:
            break
        p, e, area = q, e2, area2
        step = min(step * 1.5, 0.5)
    return p


def layout(data: BoardData, tallest: float = TALLEST, inside: bool = True) -> Layout:
    """Where each province's corner goes, and the triangles its region is made of; the board
    at most ``tallest`` times as tall as it is wide. ``inside`` False: corners the stretch took
    past the frame stay there (the last resort of a layout that folds over itself)."""
    from networkx.algorithms.planar_drawing import triangulate_embedding
    ids = data.provinces
    index = {p: i for i, p in enumerate(ids)}
    edges = sorted((index[a], index[b]) for a, b in (sorted(p) for p in data.pairs))
    x = _stress_layout(_graph_distances(len(ids), edges))
    emb, dropped = _planar(ids, data.pairs, x)
    if len(ids) < 3:
        return Layout({p: (WIDTH * (i + 0.5) / len(ids), 300.0) for i, p in enumerate(ids)}, [], list(ids),
                      dropped, 600.0)
    tri, outer = triangulate_embedding(emb, fully_triangulate=False)
    nodes = list(tri.nodes())
    triangles = _triangles(tri, outer)
    p = _tutte(nodes, tri, outer)
    idx = {v: i for i, v in enumerate(nodes)}
    tris = np.array([[idx[v] for v in t] for t in triangles], dtype=int)
    a, b, c = p[tris[:, 0]], p[tris[:, 1]], p[tris[:, 2]]
    turned = ((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0]) < 0
    tris[turned] = tris[turned][:, [0, 2, 1]]
    want = np.array([SEA_SIZE if data.kinds.get(v) == "sea" else 1.0 for v in nodes])
    p = _relax(p, tris, want)
    a, b, c = p[tris[:, 0]], p[tris[:, 1]], p[tris[:, 2]]
    area = 0.5 * ((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0])
    reach = REACH * math.sqrt(3 * float(np.median(area)))    # about a province's width
    p, height, scale = _fit(p, reach, tallest)
    stretched = _stretch(p, tris, height, reach * scale)
    p = _within(stretched, tris, [idx[v] for v in outer], height, reach * scale) if inside else stretched
    if p is not stretched:
        p = _even_out(p, tris, want, [idx[v] for v in outer])
    return Layout({v: (float(p[idx[v], 0]), float(p[idx[v], 1])) for v in nodes},
                  [tuple(nodes[i] for i in t) for t in tris], list(outer), dropped, height, reach * scale)


def _triangles(tri, outer: list[str]) -> list[tuple[str, str, str]]:
    """The inner faces of a triangulated embedding (each a triangle; the outer face, walked
    the same way round, is left out even when it has three corners)."""
    seen: set = set()
    turns = [outer[i:] + outer[:i] for i in range(len(outer))]
    out = []
    for v in tri.nodes():
        for w in tri.neighbors_cw_order(v):
            if (v, w) in seen:
                continue
            face = tri.traverse_face(v, w, mark_half_edges=seen)
            if len(face) == 3 and list(face) not in turns:
                out.append(tuple(face))
    return out


def _fit(x: np.ndarray, reach: float, tallest: float = TALLEST) -> tuple[np.ndarray, float, float]:
    """The drawing turned to lie wide and scaled, with ``reach`` around it, to 1000 wide; the
    frame's height and the scale."""
    x = x - x.mean(axis=0)
    if len(x) > 2:
        _, _, vt = np.linalg.svd(x, full_matrices=False)
        x = x @ vt.T
    lo, hi = x.min(axis=0) - reach, x.max(axis=0) + reach
    span = np.maximum(hi - lo, 1e-9)
    scale = WIDTH / span[0]
    height = float(round(np.clip(span[1] * scale, 0.55 * WIDTH, tallest * WIDTH)))
    scale = min(scale, height / span[1])
    x = (x - lo) * scale
    x[:, 0] += (WIDTH - span[0] * scale) / 2
    x[:, 1] += (height - span[1] * scale) / 2
    return x, height, scale


def _stretch(x: np.ndarray, tris: np.ndarray, height: float, margin: float) -> np.ndarray:
    """The drawing stretched out along rays from its middle until its hull meets the frame
    (less ``margin``) all round: the frame's corners, which a round drawing leaves empty, go
    to the provinces instead of to an impassable border. Where the full stretch would turn a
    triangle over, it is smoothed over neighbours until none turns (none at worst)."""
    hull = MultiPoint([tuple(q) for q in x]).convex_hull
    inner = shapely.box(margin, margin, WIDTH - margin, height - margin)
    if hull.geom_type != "Polygon" or inner.is_empty:
        return x
    c = np.array(hull.centroid.coords[0])
    if not inner.contains(Point(c)):
        return x
    d = x - c
    r = np.linalg.norm(d, axis=1)
    far = 3 * (WIDTH + height)

    def reach_along(shape, u):
        hit = shape.boundary.intersection(shapely.LineString([tuple(c), tuple(c + u * far)]))
        return max((Point(c).distance(g) for g in shapely.get_parts(hit)), default=0.0)
    k = np.ones(len(x))
    for i in np.flatnonzero(r > 1e-9):
        u = d[i] / r[i]
        to_hull = reach_along(hull, u)
        if to_hull > 1e-9:
            k[i] = reach_along(inner, u) / to_hull
    def turn(y):
        a, b, e = y[tris[:, 0]], y[tris[:, 1]], y[tris[:, 2]]
        return np.sign((b - a)[:, 0] * (e - a)[:, 1] - (b - a)[:, 1] * (e - a)[:, 0])
    before = turn(x)     # all one way (the fit may have mirrored the drawing)
    edges = np.concatenate([tris[:, [0, 1]], tris[:, [1, 2]], tris[:, [2, 0]]])
    degree = np.maximum(np.bincount(edges[:, 0], minlength=len(x)), 1)
    for _ in range(60):
        y = c + d * k[:, None]
        if (turn(y) == before).all():
            return y
        # a long thin triangle across a bay turns over when its corners stretch unlike each
        # other: the stretch is smoothed over neighbours (and so stays even, no province squeezed)
        k = 0.5 * k + 0.5 * np.bincount(edges[:, 0], weights=k[edges[:, 1]], minlength=len(x)) / degree
    return x


def _within(x: np.ndarray, tris: np.ndarray, rim: list[int], height: float, margin: float) -> np.ndarray:
    """The drawing brought inside the frame (less ``margin``) where the stretch took it past:
    the outside ring of corners (``rim``, in order round) laid on the frame's inner edge, each
    other corner where its neighbours' mean value weights (Floater's shape-preserving
    embedding) put it. A ring laid in order on a convex line cannot fold, and a corner at the
    same weighted mean of its neighbours keeps every triangle's turn, so no border is lost.
    The stretch smooths its reach over neighbours and so took corners past the frame, and the
    band beyond the triangles with them (Known World 901's West Sea was 98 % off the board)."""
    if ((x >= 0) & (x <= [WIDTH, height])).all() or len(rim) < 4 or len(set(rim)) != len(rim):
        return x        # the band beyond the triangles is cut at the frame: only corners past it matter
    lo, hi = np.array([margin, margin]), np.array([WIDTH - margin, height - margin])
    target = _on_frame(x[rim], lo, hi)
    n = len(x)
    weights = np.zeros((n, n))
    for t in tris:
        for i in range(3):
            v, a, b = t[i], t[(i + 1) % 3], t[(i + 2) % 3]
            da, db = x[a] - x[v], x[b] - x[v]
            la, lb = float(np.hypot(*da)), float(np.hypot(*db))
            angle = math.acos(max(-1.0, min(1.0, float(da @ db) / max(la * lb, 1e-12))))
            half = math.tan(angle / 2)
            weights[v, a] += half / max(la, 1e-12)
            weights[v, b] += half / max(lb, 1e-12)
    fixed = np.zeros(n, dtype=bool)
    fixed[rim] = True
    fixed |= weights.sum(axis=1) <= 0          # a corner in no triangle stays where it is
    y = x.copy()
    y[rim] = target
    free = np.flatnonzero(~fixed)
    if free.size:
        w = weights[np.ix_(free, free)]
        m = np.diag(weights[free].sum(axis=1)) - w
        rhs = weights[np.ix_(free, np.flatnonzero(fixed))] @ y[fixed]
        y[free] = np.linalg.solve(m, rhs)
    y = np.clip(y, 0.0, [WIDTH, height])       # corners in no triangle (rare) kept on the board
    a, b, c = y[tris[:, 0]], y[tris[:, 1]], y[tris[:, 2]]
    ax, bx, cx = x[tris[:, 0]], x[tris[:, 1]], x[tris[:, 2]]
    turn = np.sign((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0])
    was = np.sign((bx - ax)[:, 0] * (cx - ax)[:, 1] - (bx - ax)[:, 1] * (cx - ax)[:, 0])
    return y if (turn == was).all() else x


def _even_out(p: np.ndarray, tris: np.ndarray, want: np.ndarray, rim: list[int]) -> np.ndarray:
    """The drawing brought inside the frame relaxed again, the outside ring and its neighbours
    held where they are: bringing it in squeezed the middle of the board (Known World 901: 27
    provinces too small for a unit and its name, where 7 were) while the outside ones kept
    their size; holding the ring's neighbours too keeps the outside ones as thick as they were."""
    pinned = np.zeros(len(p), dtype=bool)
    pinned[rim] = True
    pinned[np.unique(tris[pinned[tris].any(axis=1)])] = True
    a, b, c = p[tris[:, 0]], p[tris[:, 1]], p[tris[:, 2]]
    mirrored = ((b - a)[:, 0] * (c - a)[:, 1] - (b - a)[:, 1] * (c - a)[:, 0]).sum() < 0   # the fit may mirror
    return _relax(p, tris[:, [0, 2, 1]] if mirrored else tris, want, pinned=pinned)


def _on_frame(ring: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    """Points of a closed ring moved onto the rectangle ``lo``..``hi``, its sides bowed out a
    little so that no three points lie on one line (a triangle of three would have no area):
    each point straight out from the middle if the ring goes once round it (the provinces keep
    their bearings: their regions stay as thick as they were), else each as far round the
    rectangle (by length) as it was round the ring."""
    steps = np.hypot(*(np.roll(ring, -1, axis=0) - ring).T)
    along = np.concatenate([[0.0], np.cumsum(steps)[:-1]]) / max(float(steps.sum()), 1e-12)
    w, h = hi - lo
    perimeter = 2 * (w + h)
    bow = 0.25 * min(lo)

    def at(t):
        s = (t % 1.0) * perimeter
        if s < w:
            f = s / w
            return np.array([lo[0] + s, lo[1] - bow * math.sin(math.pi * f)])
        s -= w
        if s < h:
            f = s / h
            return np.array([hi[0] + bow * math.sin(math.pi * f), lo[1] + s])
        s -= h
        if s < w:
            f = s / w
            return np.array([hi[0] - s, hi[1] + bow * math.sin(math.pi * f)])
        s -= w
        f = s / h
        return np.array([lo[0] - bow * math.sin(math.pi * f), hi[1] - s])
    middle = (lo + hi) / 2
    angles = np.unwrap(np.arctan2(*(ring - middle).T[::-1]))
    turns = np.diff(np.append(angles, angles[0] + math.copysign(2 * math.pi, angles[-1] - angles[0])))
    if (np.sign(turns) == np.sign(turns[0])).all():
        edge = np.array([at(t) for t in np.linspace(0, 1, 2000, endpoint=False)])
        edge_angles = np.arctan2(*(edge - middle).T[::-1])
        out = []
        for a in angles:
            gap = np.abs((edge_angles - a + math.pi) % (2 * math.pi) - math.pi)
            out.append(edge[int(np.argmin(gap))])
        return np.array(out)
    direction = 1.0 if _signed_area(ring) * _signed_area(np.array([at(i / 8) for i in range(8)])) > 0 else -1.0
    best = None
    for start in np.linspace(0.0, 1.0, 96, endpoint=False):
        placed = np.array([at(start + direction * t) for t in along])
        cost = float(((placed - ring) ** 2).sum())
        if best is None or cost < best[0]:
            best = (cost, placed)
    return best[1]


def _signed_area(ring: np.ndarray) -> float:
    x, y = ring[:, 0], ring[:, 1]
    return 0.5 * float((x * np.roll(y, -1) - np.roll(x, -1) * y).sum())


def regions(lay: Layout, frame) -> dict[str, object]:
    """Each province's share of the triangles around it; what lies outside the triangles, up
    to the layout's reach, goes to the nearest province on the outside (so that those are not
    drawn many times the size of the others); the frame beyond is left to be impassable."""
    pieces: dict[str, list] = {p: [] for p in lay.points}
    for t in lay.triangles:
        pts = [np.array(lay.points[v]) for v in t]
        g = sum(pts) / 3
        for i, v in enumerate(t):
            a, b, c = pts[i], pts[(i + 1) % 3], pts[(i + 2) % 3]
            pieces[v].append(shapely.Polygon([tuple(a), tuple((a + b) / 2), tuple(g), tuple((a + c) / 2)]))
    inside = shapely.union_all([q for qs in pieces.values() for q in qs]) if lay.triangles else shapely.Polygon()
    rest = frame.difference(inside)
    if math.isfinite(lay.reach) and lay.triangles:
        rest = rest.intersection(inside.buffer(lay.reach, join_style="mitre", mitre_limit=1.5))
    outer = [v for v in dict.fromkeys(lay.outer)]
    if not rest.is_empty and outer:
        cells = _voronoi([lay.points[v] for v in outer], frame)
        for v, cell in zip(outer, cells):
            part = cell.intersection(rest)
            if not part.is_empty:
                pieces[v].append(part)
    return {p: clean(shapely.union_all(qs)) if qs else shapely.Polygon() for p, qs in pieces.items()}


def _voronoi(points: list[tuple[float, float]], frame) -> list:
    """The Voronoi cell of each point, inside the frame (same order as ``points``)."""
    if len(points) == 1:
        return [frame]
    regions = shapely.get_parts(shapely.voronoi_polygons(MultiPoint(points), extend_to=frame))
    tree = STRtree(regions)
    out = []
    for pt in points:
        hits = tree.query(Point(pt), predicate="intersects")
        out.append(regions[int(hits[0])].intersection(frame) if len(hits) else Point(pt).buffer(1))
    return out
