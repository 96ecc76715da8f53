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
from shapely.geometry import Point

from app.mapgeo.terrain import TOUCH as TOUCH_PX, TerrainError, derive_terrain

from .check import MIN_BORDER_PX


class DesignError(ValueError):
    """The design's VARIANT does not fit its own geometry."""


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
    coasts = spec.get("coasts", {})
    points = {}
    for cid, (_cname, cseas, (lon, lat)) in coasts.items():
        x, y = warp(np.array([lon]), np.array([lat]))
        points[cid] = (list(cseas), Point(float(x[0]), float(y[0])))
    straits = [(a, b) for a, b, *_ in design.STRAITS]
    try:
        terrain = derive_terrain({k: regions[k] for k in ids}, {k for k in ids if k in water}, points,
                                 min_border=MIN_BORDER_PX, touch=TOUCH_PX)
    except TerrainError as e:
        raise DesignError(f"{design.name}: {e}") from None
    kind = terrain.kinds
    army, fleet = terrain.army, terrain.fleet
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
