"""A generated variant's JSON, with terrain and adjacency read off its geometry.

The design names the provinces, centres, nations and start (``VARIANT`` in a
design module); everything geometric is derived from the simplified regions
the SVG is written from, so the data cannot disagree with the map:

- terrain: ``sea`` for water, ``coast`` for land sharing a border with a sea,
  ``land`` otherwise;
- army edges: land/coast pairs sharing at least ``MIN_BORDER_PX`` of border,
  plus the design's straits;
- fleet edges: sea-sea and sea-coast pairs sharing a border; two coastal
  provinces when their shared border reaches a sea both of them border (a
  fleet sails along that coast); straits between two coastal provinces.
  A split coast (``VARIANT["coasts"]``: id -> (name, seas, (lon, lat) of a
  point on that coast)) is joined only to the seas it lists and along borders
  that reach one of them; when both coasts of a province list the sea a
  border reaches, the coast whose point is nearer the border takes the edge.
"""
from __future__ import annotations

import numpy as np
import shapely
from shapely.geometry import Point
from shapely.strtree import STRtree

from .check import MIN_BORDER_PX

TOUCH_PX = 0.5  # a border "reaches" a sea when one of its ends is this close to it


class DesignError(ValueError):
    """The design's VARIANT does not fit its own geometry."""


def _border(a, b):
    return a.boundary.intersection(b.boundary)


def derive(design, regions: dict, water: set[str], warp) -> dict[str, dict]:
    """``{file name: JSON object}`` for variant.json, provinces.json, adjacency.json,
    nations.json and start.json."""
    spec = design.VARIANT
    names = spec["provinces"]
    drawn = {k for k in regions if k[0] not in "!~"}
    if set(names) != drawn:
        raise DesignError(f"{design.name}: provinces drawn but not named {sorted(drawn - set(names))}, "
                          f"named but not drawn {sorted(set(names) - drawn)}")
    ids = sorted(names)
    geoms = [regions[k] for k in ids]
    tree = STRtree(geoms)
    border: dict[frozenset, object] = {}
    for i, a in enumerate(ids):
        for j in tree.query(geoms[i], predicate="intersects"):
            b = ids[int(j)]
            if a < b:
                line = _border(regions[a], regions[b])
                if line.length >= MIN_BORDER_PX:
                    border[frozenset((a, b))] = line
    seas = {k for k in ids if k in water}
    nbrs = {k: {o for p in border if k in p for o in p if o != k} for k in ids}
    kind = {k: "sea" if k in seas else ("coast" if nbrs[k] & seas else "land") for k in ids}
    straits = [(a, b) for a, b, *_ in design.STRAITS]
    coasts = spec.get("coasts", {})
    coasts_of: dict[str, list[str]] = {}
    coast_point = {}
    for cid, (_cname, cseas, (lon, lat)) in coasts.items():
        x, y = warp(np.array([lon]), np.array([lat]))
        coast_point[cid] = Point(float(x[0]), float(y[0]))
        prov = cid.split("/")[0]
        coasts_of.setdefault(prov, []).append(cid)
        for s in cseas:
            if frozenset((prov, s)) not in border:
                raise DesignError(f"{design.name}: coast {cid} lists {s}, which does not border {prov}")

    def fleet_places(prov: str, sea: str, where=None) -> list[str]:
        """Where a fleet of ``prov`` stands to reach ``sea`` (at the point ``where``)."""
        if prov not in coasts_of:
            return [prov]
        found = [c for c in coasts_of[prov] if sea in coasts[c][1]]
        if len(found) > 1 and where is not None:
            found = [min(found, key=lambda c: coast_point[c].distance(where))]
        return found

    army, fleet = set(), set()
    for pair, line in border.items():
        a, b = sorted(pair)
        if "sea" not in (kind[a], kind[b]):
            army.add((a, b))
        if kind[a] == kind[b] == "sea":
            fleet.add((a, b))
        elif "sea" in (kind[a], kind[b]):
            land, sea = (a, b) if kind[b] == "sea" else (b, a)
            if kind[land] == "coast":
                for loc in fleet_places(land, sea):
                    fleet.add(tuple(sorted((loc, sea))))
        elif kind[a] == kind[b] == "coast":
            # a fleet sails along the coast where the border meets a sea both border
            common = nbrs[a] & nbrs[b] & seas
            merged = shapely.line_merge(line) if line.geom_type == "MultiLineString" else line
            for end in shapely.get_parts(merged.boundary):
                for s in common:
                    if regions[s].distance(end) < TOUCH_PX:
                        for la in fleet_places(a, s, end):
                            for lb in fleet_places(b, s, end):
                                fleet.add(tuple(sorted((la, lb))))
    for a, b in straits:
        if "sea" in (kind[a], kind[b]):
            raise DesignError(f"{design.name}: strait {a}-{b} must join two land provinces")
        army.add(tuple(sorted((a, b))))
        if kind[a] == kind[b] == "coast":
            fleet.add(tuple(sorted((a, b))))
    provinces = []
    for k in ids:
        name, centre, *rest = names[k]
        p = {"id": k, "name": name, "kind": kind[k]}
        if centre:
            p["supply_centre"] = True
        if rest and rest[0]:
            p["aliases"] = list(rest[0])
        provinces.append(p)
    nations = [{"name": n, "adjective": adj, "colour": col, "home_centres": sorted(homes)}
               for n, adj, col, homes in spec["nations"]]
    meta = {"name": design.name, "title": spec["title"], "map": "map.svg",
            "first_year": spec["first_year"], "victory_centres": spec["victory_centres"],
            "description": spec["description"]}
    return {
        "variant.json": meta,
        "provinces.json": {"provinces": provinces,
                           "coasts": [{"id": c, "province": c.split("/")[0], "name": n}
                                      for c, (n, *_rest) in sorted(coasts.items())]},
        "adjacency.json": {"army": [list(e) for e in sorted(army)],
                           "fleet": [list(e) for e in sorted(fleet)]},
        "nations.json": {"nations": nations},
        "start.json": {"units": list(spec["units"]),
                       "centres": {n["name"]: n["home_centres"] for n in nations}},
    }
