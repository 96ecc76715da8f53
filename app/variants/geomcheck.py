"""A variant's map against its data, and how readable the map is (see docs/variants.md).

Lengths are in pixels of a board drawn 1000 px wide (the SVG's own units scaled by
``1000 / viewBox width``), so the thresholds mean the same on every map:

- two provinces are adjacent on the map when they share at least ``MIN_BORDER`` px of border
  (the rule of docs/map-conventions.md); a border players can see is ``VISIBLE_BORDER`` px;
- two provinces that are not adjacent must not come within ``NEAR_MISS`` px of each other
  over ``MIN_BORDER`` px or more (they would look adjacent);
- each province holds a circle of ``MIN_CIRCLE`` px (room for a unit and its label).
"""

from __future__ import annotations

import math
from typing import Iterator

import shapely
from shapely.geometry import Point, box
from shapely.strtree import STRtree

from app.engine import province_of, Variant
from app.mapgeo import MapGeometry
from app.engine import Problem

MIN_BORDER = 3.0
VISIBLE_BORDER = 8.0
NEAR_MISS = 1.0
MIN_CIRCLE = 24.0
COAST_TOUCH = 2.0          # a split coast's line within this of a sea touches it
UNIT_RADIUS = 13.0         # as drawn by the window (app/ui/multiverse/map_art.py)
FAR_FROM_COAST = 2 * UNIT_RADIUS   # px: a split coast's unit anchor further off is an error
LABEL_HEIGHT = 9.0         # the labels' font size
LABEL_CHAR_WIDTH = 5.6     # average width of a bold 9 px character
MIN_GAP_AREA = 4.0         # px²: smaller gaps and overlaps are rounding


def unit_id(loc: str) -> str:
    return "unit-" + loc.replace("/", "-")


def coast_id(loc: str) -> str:
    return "coast-" + loc.replace("/", "-")


def geometry_problems(v: Variant, board: MapGeometry) -> list[Problem]:
    """Every disagreement between ``board`` and ``v``'s data, and every legibility problem."""
    return list(_GeometryCheck(v, board).run())


class _GeometryCheck:
    def __init__(self, v: Variant, board: MapGeometry):
        self.v, self.b = v, board
        self.svg = v.meta.map
        self.px = board.view_box[2] / 1000.0 if board.view_box[2] > 0 else 1.0  # SVG units per px
        self.ids = [p for p in board.provinces if not board.provinces[p].is_empty]
        self.tree = STRtree([board.provinces[p] for p in self.ids])

    def problem(self, element: str, message: str, severity: str = "error", *provinces: str,
                file: str | None = None, where: tuple[float, float] | None = None) -> Problem:
        return Problem(file or self.svg, element, message, severity, tuple(provinces), where)  # type: ignore[arg-type]

    def run(self) -> Iterator[Problem]:
        yield from self.drawn_once()
        yield from self.tiling()
        yield from self.adjacency()
        yield from self.split_coasts()
        yield from self.anchors()
        yield from self.legibility()

    # -- every province drawn once --------------------------------------------------------

    def drawn_once(self) -> Iterator[Problem]:
        v, b = self.v, self.b
        for eid in dict.fromkeys(b.duplicates):   # once, though both its id and its place repeat
            yield self.problem(eid, f"'{eid}' is drawn twice (ids are unique; the later one is used)",
                               "error", *([eid] if eid in b.provinces else []))
        for p, model in v.provinces.items():
            if p not in b.provinces:
                yield self.problem(p, f"province '{p}' ({model.name}) is not drawn: add "
                                   f"<path id=\"{p}\" class=\"province ...\"> to the map")
            elif b.provinces[p].is_empty:
                yield self.problem(p, f"province '{p}' has no area on the map", "error", p)
            elif (model.kind == "sea") != (b.province_class[p] == "sea"):
                want = "province sea" if model.kind == "sea" else "province land"
                yield self.problem(p, f"'{p}' is kind '{model.kind}' in provinces.json; its class "
                                   f"should be '{want}'", "error", p)
        for p in b.provinces:
            if p not in v.provinces:
                yield self.problem(p, f"'{p}' is drawn as a province but provinces.json has no "
                                   "such province", "error", p)

    def tiling(self) -> Iterator[Problem]:
        b = self.b
        geoms = [b.provinces[p] for p in self.ids] + list(b.impassable.values()) \
            + list(b.impassable_water.values())
        names = self.ids + [f"impassable-{k}" for k in b.impassable] + [f"impassable-{k}" for k in b.impassable_water]
        union = shapely.union_all(geoms)
        x, y, w, h = b.view_box
        tol = MIN_GAP_AREA * self.px ** 2
        gaps = [g for g in shapely.get_parts(box(x, y, x + w, y + h).difference(union)) if g.area > tol]
        for g in sorted(gaps, key=lambda g: -g.area)[:5]:
            c = g.representative_point()
            yield self.problem("provinces", f"a gap of {g.area / self.px ** 2:.0f} px² near "
                               f"({c.x:.0f}, {c.y:.0f}) belongs to no province or impassable area",
                               where=(c.x, c.y))
        if len(gaps) > 5:
            yield self.problem("provinces", f"{len(gaps) - 5} more gaps")
        if sum(g.area for g in geoms) - union.area <= tol:
            return
        tree = STRtree(geoms)
        for i, j in zip(*tree.query(geoms, predicate="intersects")):
            if i < j:
                area = geoms[i].intersection(geoms[j]).area
                if area > tol:
                    yield self.problem(names[i], f"'{names[i]}' and '{names[j]}' overlap by "
                                       f"{area / self.px ** 2:.0f} px² (each point belongs to one area)",
                                       "error", *[n for n in (names[i], names[j]) if n in b.provinces])

    # -- shared borders against declared adjacency ----------------------------------------

    def borders(self) -> dict[frozenset[str], float]:
        """Length (px) of every non-zero shared border."""
        if not hasattr(self, "_borders"):
            geoms = [self.b.provinces[p] for p in self.ids]
            out: dict[frozenset[str], float] = {}
            for i, j in zip(*self.tree.query(geoms, predicate="intersects")):
                if i < j:
                    shared = geoms[i].boundary.intersection(geoms[j].boundary).length / self.px
                    if shared > 0:
                        out[frozenset((self.ids[i], self.ids[j]))] = shared
            self._borders = out
        return self._borders

    def declared(self) -> dict[frozenset[str], str]:
        """Province pairs of adjacency.json, each with the first field that declares it."""
        data = self.v.files["adjacency.json"]
        out: dict[frozenset[str], str] = {}
        for field, edges in (("army", data.army), ("fleet", data.fleet)):
            for i, (a, c) in enumerate(edges):
                pair = frozenset((province_of(a), province_of(c)))
                if len(pair) == 2:
                    out.setdefault(pair, f"{field}.{i}")
        return out

    def adjacency(self) -> Iterator[Problem]:
        v, b = self.v, self.b
        borders = self.borders()
        declared = self.declared()
        straits = {}
        for s in b.straits:
            sid = f"strait-{s.a}-{s.b}"
            unknown = [p for p in (s.a, s.b) if p not in v.provinces]
            if unknown:
                yield self.problem(sid, f"strait marker names unknown province '{unknown[0]}'")
                continue
            straits[frozenset((s.a, s.b))] = sid
            if frozenset((s.a, s.b)) not in declared:
                yield self.problem(sid, f"a strait marker joins {s.a} and {s.b}, but adjacency.json "
                                   "has no edge between them", "error", s.a, s.b)
            elif borders.get(frozenset((s.a, s.b)), 0) >= MIN_BORDER and not self.sails_across(s.a, s.b):
                yield self.problem(sid, f"{s.a} and {s.b} share a border: the strait marker is not "
                                   "needed", "warning", s.a, s.b)
        for pair, where in declared.items():
            a, c = sorted(pair)
            if a not in b.provinces or c not in b.provinces or pair in straits:
                continue
            shared = borders.get(pair, 0.0)
            if shared < MIN_BORDER:
                yield self.problem(where, f"{a}-{c} is declared adjacent, but on the map they share "
                                   f"{shared:.1f} px of border (at least {MIN_BORDER:g} px counts) and no "
                                   "strait marker joins them", "error", a, c, file="adjacency.json")
            elif shared < VISIBLE_BORDER:
                yield self.problem(a, f"the border of {a} and {c} is only {shared:.1f} px long on a "
                                   f"1000 px board: make it at least {VISIBLE_BORDER:g} px so players see "
                                   "they are adjacent", "warning", a, c)
        for pair, shared in borders.items():
            if shared >= MIN_BORDER and pair not in declared and all(p in v.provinces for p in pair):
                a, c = sorted(pair)
                yield self.problem(a, f"{a} and {c} share {shared:.1f} px of border on the map, but "
                                   "adjacency.json has no edge between them (add one, or redraw the border)",
                                   "error", a, c)
        yield from self.near_misses(borders, declared, straits)
        linked = {p for pair in borders if borders[pair] >= MIN_BORDER for p in pair} | \
            {p for pair in straits for p in pair}
        for p in self.ids:
            if p not in linked and p in v.provinces:
                yield self.problem(p, f"'{p}' touches no other province and no strait marker reaches it",
                                   "warning", p)

    def sails_across(self, a: str, b: str) -> bool:
        """Whether a fleet route between ``a`` and ``b`` may need a marker although they share a
        border: a border by land does not show that fleets sail between two coasts (their
        coasts may be on different seas), nor which split coast reaches the other."""
        kinds = self.v.kinds
        if not any({province_of(x), province_of(y)} == {a, b} for x, y in self.v.files["adjacency.json"].fleet):
            return False
        return kinds.get(a) == kinds.get(b) == "coast" or a in self.v.coasts_of or b in self.v.coasts_of

    def near_misses(self, borders, declared, straits) -> Iterator[Problem]:
        geoms = [self.b.provinces[p] for p in self.ids]
        near = NEAR_MISS * self.px
        for i, j in zip(*self.tree.query(geoms, predicate="dwithin", distance=near)):
            pair = frozenset((self.ids[i], self.ids[j]))
            if i >= j or pair in declared or pair in straits or borders.get(pair, 0) >= MIN_BORDER:
                continue
            close = geoms[i].boundary.intersection(geoms[j].buffer(near)).length / self.px
            if close >= MIN_BORDER:
                a, c = sorted(pair)
                yield self.problem(a, f"{a} and {c} are not adjacent, but come within {NEAR_MISS:g} px of "
                                   f"each other over {close:.1f} px: players will read them as neighbours",
                                   "warning", a, c)

    # -- split coasts -----------------------------------------------------------------------

    def split_coasts(self) -> Iterator[Problem]:
        v, b = self.v, self.b
        for c in v.coasts:
            if c not in b.coasts:
                yield self.problem(coast_id(c), f"split coast '{c}' is not drawn: add <path "
                                   f"class=\"split-coast\" data-location=\"{c}\"> along its coastline",
                                   "error", province_of(c))
        for c, line in b.coasts.items():
            if c not in v.coasts:
                yield self.problem(coast_id(c), f"'{c}' is drawn as a split coast but provinces.json "
                                   "has no such coast")
        data = self.v.files["adjacency.json"]
        touch = COAST_TOUCH * self.px
        for i, (x, y) in enumerate(data.fleet):
            for here, there in ((x, y), (y, x)):
                if here not in b.coasts or province_of(there) not in b.provinces:
                    continue
                # Along a sea the coast runs for a while; a coastal neighbour it meets at its end.
                other = b.provinces[province_of(there)]
                if b.province_class[province_of(there)] == "sea":
                    along = b.coasts[here].intersection(other.buffer(touch)).length / self.px
                else:
                    along = MIN_BORDER if b.coasts[here].distance(other) <= touch else 0.0
                if along < MIN_BORDER and frozenset((province_of(here), province_of(there))) not in b.strait_pairs():
                    yield Problem("adjacency.json", f"fleet.{i}", f"split coast {here} is declared adjacent "
                                  f"to {there}, but its coastline ({self.svg} {coast_id(here)}) does not touch "
                                  f"{province_of(there)} (they share {along:.1f} px; at least {MIN_BORDER:g})",
                                  "error", (province_of(here), province_of(there)))

    # -- anchors, markers, labels -----------------------------------------------------------

    def _inside(self, prov: str, x: float, y: float) -> bool:
        return bool(shapely.intersects_xy(self.b.provinces[prov], x, y))

    def _where(self, x: float, y: float) -> str:
        p = self.b.province_at(x, y)
        return f"in '{p}'" if p else "outside every province"

    def anchors(self) -> Iterator[Problem]:
        v, b = self.v, self.b
        for loc in v.locations:
            if loc not in b.unit_anchors:
                yield self.problem(unit_id(loc), f"no unit anchor for '{loc}': add <circle "
                                   f"class=\"unit-anchor\" data-location=\"{loc}\">", "error", province_of(loc))
        for loc, (x, y) in b.unit_anchors.items():
            prov = province_of(loc)
            if loc not in v.locations:
                yield self.problem(unit_id(loc), f"unit anchor for unknown location '{loc}'")
            elif prov in b.provinces and not self._inside(prov, x, y):
                yield self.problem(unit_id(loc), f"the unit anchor of {loc} is {self._where(x, y)}, "
                                   f"not in {prov}", "error", prov)
            elif loc in b.coasts and shapely.distance(b.coasts[loc], shapely.points(x, y)) > 15 * self.px:
                off = b.coasts[loc].distance(Point(x, y)) / self.px
                # past two unit radii the fleet no longer touches its coast: a player reads it
                # as standing on another coast, or inland
                yield self.problem(unit_id(loc), f"the unit anchor of {loc} is {off:.0f} px from its coastline"
                                   + (" (a fleet there does not touch its coast)" if off > FAR_FROM_COAST else ""),
                                   "error" if off > FAR_FROM_COAST else "warning", prov)
        for c in sorted(v.supply_centres):
            if c not in b.centre_anchors:
                yield self.problem(f"sc-{c}", f"supply centre '{c}' has no marker: add <circle "
                                   f"class=\"supply-centre\" data-province=\"{c}\">", "error", c)
        for c, (x, y) in b.centre_anchors.items():
            if c not in v.supply_centres:
                yield self.problem(f"sc-{c}", f"a centre marker for '{c}', which is not a supply centre "
                                   "in provinces.json", "error", *([c] if c in b.provinces else []))
            elif c in b.provinces and not self._inside(c, x, y):
                yield self.problem(f"sc-{c}", f"the centre marker of {c} is {self._where(x, y)}", "error", c)
        for p in v.provinces:
            if p not in b.label_anchors:
                yield self.problem(f"label-{p}", f"province '{p}' has no label", "warning", p)
        for p, (x, y) in b.label_anchors.items():
            if p not in v.provinces:
                yield self.problem(f"label-{p}", f"a label for unknown province '{p}'")
            elif p in b.provinces and not self._inside(p, x, y):
                yield self.problem(f"label-{p}", f"the label of {p} is {self._where(x, y)}", "error", p)

    # -- legibility -------------------------------------------------------------------------

    def legibility(self) -> Iterator[Problem]:
        b = self.b
        for p in self.ids:
            d = _inscribed_diameter(b.provinces[p], self.px) / self.px
            if d < MIN_CIRCLE:
                yield self.problem(p, f"'{p}' holds a circle of only {d:.0f} px on a 1000 px board "
                                   f"(at least {MIN_CIRCLE:g}, for a unit and its label)", "warning", p)
        for p, (x, y) in b.centre_anchors.items():
            if p in b.unit_anchors and math.dist((x, y), b.unit_anchors[p]) < (UNIT_RADIUS + 1) * self.px:
                yield self.problem(f"sc-{p}", f"the centre marker of {p} is under its unit (closer than "
                                   f"{UNIT_RADIUS + 1:g} px to {unit_id(p)})", "warning", p)
        anchors = sorted(b.unit_anchors.items())
        pts = [Point(xy) for _, xy in anchors]
        if pts:
            tree = STRtree(pts)
            for i, j in zip(*tree.query(pts, predicate="dwithin", distance=1.5 * UNIT_RADIUS * self.px)):
                (la, _), (lb, _) = anchors[i], anchors[j]
                if i < j and province_of(la) != province_of(lb):
                    yield self.problem(unit_id(la), f"units in {la} and {lb} would overlap (anchors "
                                       f"{pts[i].distance(pts[j]) / self.px:.0f} px apart)", "warning",
                                       province_of(la), province_of(lb))
        boxes = {p: self.label_box(p) for p in b.label_anchors}
        names = sorted(boxes)
        if names:
            tree = STRtree([boxes[p] for p in names])
            for i, j in zip(*tree.query([boxes[p] for p in names], predicate="intersects")):
                if i < j:
                    yield self.problem(f"label-{names[i]}", f"the labels of {names[i]} and {names[j]} overlap",
                                       "warning", names[i], names[j])
            markers = sorted(b.centre_anchors.items())
            points = shapely.points([xy for _, xy in markers]) if markers else []
            for i, j in zip(*tree.query(points, predicate="dwithin", distance=1.5 * self.px)):
                p, q = markers[i][0], names[j]
                yield self.problem(f"sc-{p}", f"the centre marker of {p} touches the label of {q}",
                                   "warning", p, q)

    def label_box(self, p: str):
        x, y = self.b.label_anchors[p]
        w = len(self.b.labels.get(p, "")) * LABEL_CHAR_WIDTH * self.px / 2
        h = LABEL_HEIGHT * self.px / 2
        return box(x - w, y - h, x + w, y + h)


def _inscribed_diameter(geom, px: float) -> float:
    """Diameter of the largest circle inside the largest part of ``geom`` (SVG units)."""
    best = 0.0
    for part in getattr(geom, "geoms", [geom]):
        if hasattr(shapely, "maximum_inscribed_circle"):
            radius = shapely.maximum_inscribed_circle(part, 0.5 * px).length
        else:  # shapely < 2.1
            from shapely.ops import polylabel
            radius = part.boundary.distance(polylabel(part, 0.5 * px))
        best = max(best, 2 * radius)
    return best
