"""A small TopoJSON decoder producing shapely geometries.

Only what world-atlas uses is supported: quantized topologies (``transform``
with delta-encoded arcs) and Polygon / MultiPolygon geometries.  Rings that
cross the antimeridian (Russia's Chukotka) are unwrapped by shifting their
negative longitudes by +360 before anything is clipped, so that they do not
turn into bogus polar bands when made valid.
"""
from __future__ import annotations

import json
from pathlib import Path

from shapely.geometry import MultiPolygon, Polygon
from shapely.validation import make_valid


def _decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    tr = topo.get("transform")
    arcs = []
    for arc in topo["arcs"]:
        if tr:
            (sx, sy), (tx, ty) = tr["scale"], tr["translate"]
            x = y = 0
            pts = []
            for dx, dy in arc:
                x += dx
                y += dy
                pts.append((x * sx + tx, y * sy + ty))
        else:
            pts = [tuple(p) for p in arc]
        arcs.append(pts)
    return arcs


def _ring(arcs, indices):
    pts: list[tuple[float, float]] = []
    for i in indices:
        a = arcs[i] if i >= 0 else arcs[~i][::-1]
        pts.extend(a if not pts else a[1:])
    lons = [p[0] for p in pts]
    if max(lons) - min(lons) > 180:  # antimeridian: unwrap
        pts = [(x + 360 if x < 0 else x, y) for x, y in pts]
    return pts


def _geometry(arcs, g):
    if g["type"] == "Polygon":
        polys = [g["arcs"]]
    elif g["type"] == "MultiPolygon":
        polys = g["arcs"]
    else:
        return None
    out = []
    for rings in polys:
        rr = [_ring(arcs, r) for r in rings]
        if len(rr[0]) < 4:
            continue
        out.append(Polygon(rr[0], [r for r in rr[1:] if len(r) >= 4]))
    geom = MultiPolygon(out) if len(out) > 1 else (out[0] if out else None)
    if geom is not None and not geom.is_valid:
        geom = make_valid(geom)
    return geom


def load(path: str | Path, obj: str) -> list[tuple[dict, object]]:
    """Return ``[(properties + id, shapely geometry), ...]`` for ``objects[obj]``."""
    topo = json.loads(Path(path).read_text())
    arcs = _decode_arcs(topo)
    out = []
    for g in topo["objects"][obj]["geometries"]:
        geom = _geometry(arcs, g)
        if geom is None:
            continue
        props = dict(g.get("properties") or {})
        props["id"] = g.get("id")
        out.append((props, geom))
    return out
