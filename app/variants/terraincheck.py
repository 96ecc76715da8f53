"""A variant's terrain and fleet routes against its drawing (part of ``variant check``).

The drawing is read as the map generator reads it (:func:`app.mapgeo.terrain.derive_terrain`)
and compared with the data:

- kinds: a ``coast`` province borders a sea, or a strait marker carries one of its fleet routes
  (to a sea, or along a river to another coast) — else fleets could be built inland; a
  ``land`` province borders no sea;
- fleet edges between two coastal provinces: their shared border reaches a sea both border (a
  fleet sails along that coast), or a strait marker joins them; and the other way, two coastal
  provinces whose border reaches a sea both border have a fleet edge;
- split coasts: each coast line runs along its province's border with the sea, and two coasts
  of a province never share a stretch of coastline.

Lengths are px of a board drawn 1000 px wide, as in :mod:`.geomcheck`.
"""

from __future__ import annotations

from typing import Iterator

import shapely

from app.engine import Problem, province_of, Variant
from app.mapgeo import MapGeometry
from app.mapgeo.terrain import derive_terrain

from .geomcheck import COAST_TOUCH, MIN_BORDER, coast_id

TOUCH = 0.5        # px: a border reaches a sea when one of its ends is this close to it


def terrain_problems(v: Variant, board: MapGeometry) -> list[Problem]:
    return list(_TerrainCheck(v, board).run())


class _TerrainCheck:
    def __init__(self, v: Variant, board: MapGeometry):
        self.v, self.b = v, board
        self.svg = v.meta.map
        self.px = board.view_box[2] / 1000.0 if board.view_box[2] > 0 else 1.0
        drawn = {p: g for p, g in board.provinces.items() if p in v.provinces and not g.is_empty}
        water = {p for p in drawn if board.province_class[p] == "sea"}
        self.terrain = derive_terrain(drawn, water, min_border=MIN_BORDER * self.px, touch=TOUCH * self.px)
        self.straits = board.strait_pairs()
        self.fleet_pairs = {frozenset((province_of(a), province_of(c))) for a, c in v.files["adjacency.json"].fleet}

    def run(self) -> Iterator[Problem]:
        yield from self.kinds()
        yield from self.fleet_routes()
        yield from self.coast_lines()

    def kinds(self) -> Iterator[Problem]:
        v, t = self.v, self.terrain
        index = {p.id: i for i, p in enumerate(v.files["provinces.json"].provinces)}
        for p, drawn in t.kinds.items():
            declared = v.kinds[p]
            if declared == "sea" or drawn == "sea":
                continue  # sea against the drawing's class: app.variants.geomcheck
            seas = sorted(o for o in t.neighbours(p) if t.kinds[o] == "sea")
            if declared == "coast" and drawn == "land":
                # a fleet route across a marker (to a sea, or along a river or canal to a coast)
                across = [q for pair in self.straits if p in pair for q in pair
                          if q != p and (v.kinds.get(q) == "sea" or frozenset((p, q)) in self.fleet_pairs)]
                if not across:
                    yield Problem("provinces.json", f"provinces.{index[p]}.kind", f"'{p}' is declared 'coast', but "
                                  "on the map it borders no sea: fleets could be built and stand inland (make it "
                                  "'land', or draw its coast)", "error", (p,))
            elif declared == "land" and drawn == "coast":
                yield Problem("provinces.json", f"provinces.{index[p]}.kind", f"'{p}' is declared 'land' (inland), "
                              f"but on the map it borders {', '.join(seas)}: make it 'coast', or redraw it away "
                              "from the sea", "error", (p, *seas))

    def fleet_routes(self) -> Iterator[Problem]:
        v, t = self.v, self.terrain
        declared: dict[frozenset, int] = {}
        for i, (a, c) in enumerate(v.files["adjacency.json"].fleet):
            pair = frozenset((province_of(a), province_of(c)))
            if len(pair) == 2:
                declared.setdefault(pair, i)
        derived = {frozenset(province_of(x) for x in e) for e in t.fleet}
        for pair, i in declared.items():
            a, c = sorted(pair)
            if (v.kinds.get(a), v.kinds.get(c)) != ("coast", "coast") or pair in self.straits:
                continue
            if pair in t.borders and pair not in derived:
                yield Problem("adjacency.json", f"fleet.{i}", f"fleet edge {a}-{c}: on the map their border does "
                              "not reach a sea both of them border (their coasts are on different seas), so no "
                              "fleet could sail from one to the other: remove the edge, or draw the border down to "
                              "the sea they share", "error", (a, c))
        for pair, seas in t.coast_seas.items():
            a, c = sorted(pair)
            if pair in declared or (v.kinds.get(a), v.kinds.get(c)) != ("coast", "coast"):
                continue
            yield Problem(self.svg, a, f"{a} and {c} share a stretch of coast on {', '.join(sorted(seas))} (their "
                          "border reaches it), but adjacency.json has no fleet edge between them: add one, or keep "
                          "their border off that sea", "error", (a, c))

    def coast_lines(self) -> Iterator[Problem]:
        v, b = self.v, self.b
        touch = COAST_TOUCH * self.px
        seas = [g for p, g in b.provinces.items() if b.province_class.get(p) == "sea"] + \
            list(b.impassable_water.values())
        sea = shapely.union_all(seas).buffer(touch) if seas else None
        for prov, coasts in v.coasts_of.items():
            if prov not in b.provinces:
                continue
            shore = b.provinces[prov].boundary.intersection(sea) if sea is not None else None
            lines = {c: b.coasts[c] for c in coasts if c in b.coasts}
            for c, line in lines.items():
                off = line.difference(shore.buffer(touch)).length / self.px if shore is not None else line.length
                if off >= MIN_BORDER:
                    yield Problem(self.svg, coast_id(c), f"the coast line of {c} runs {off:.0f} px away from "
                                  f"{prov}'s border with the sea: draw it along that border", "error", (prov,))
            names = sorted(lines)
            for i, c in enumerate(names):
                for d in names[i + 1:]:
                    shared = lines[c].intersection(lines[d].buffer(touch)).length / self.px
                    if shared >= MIN_BORDER:
                        yield Problem(self.svg, coast_id(c), f"the coast lines of {c} and {d} overlap over "
                                      f"{shared:.0f} px: each stretch of {prov}'s coast belongs to one coast "
                                      "(split the shared sea between them)", "error", (prov,))
