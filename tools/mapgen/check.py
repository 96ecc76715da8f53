"""``python -m tools.mapgen.check``: measure the committed map.

Prints the smallest inscribed circle (polylabel) of any province on a
1000 px wide board, the SVG size, its vertex count and the adjacency
difference against ``data/standard/adjacency.json``.
"""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from shapely.ops import polylabel

ROOT = Path(__file__).resolve().parents[2]
SVG = ROOT / "data" / "standard" / "map.svg"
DATA = ROOT / "data" / "standard"
MIN_BORDER_PX = 3.0  # shared border (at 1000 px) that counts as adjacency


def data_adjacency() -> set[frozenset[str]]:
    adj = json.loads((DATA / "adjacency.json").read_text())
    pairs = set()
    for kind in ("army", "fleet"):
        for a, b in adj[kind]:
            pairs.add(frozenset((a.split("/")[0], b.split("/")[0])))
    return pairs


def inscribed_diameter(geom) -> float:
    best = 0.0
    for part in getattr(geom, "geoms", [geom]):
        p = polylabel(part, 0.05)
        best = max(best, 2 * part.boundary.distance(p))
    return best


def vertex_count(svg_text: str) -> int:
    n = 0
    for d in re.findall(r'\sd="([^"]*)"', svg_text):
        n += len(re.findall(r"-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?", d))
    return n


def measure(svg=SVG):
    from app.mapgeo import load_map
    m = load_map(svg)
    scale = 1000.0 / m.view_box[2]
    diam = {k: inscribed_diameter(g) * scale for k, g in m.provinces.items()}
    geo = m.geometric_adjacency(MIN_BORDER_PX / scale)
    straits = m.strait_pairs()
    want = data_adjacency()
    have = geo | straits
    text = Path(svg).read_text()
    return {
        "diameters": diam,
        "missing": sorted(tuple(sorted(p)) for p in want - have),
        "extra": sorted(tuple(sorted(p)) for p in have - want),
        "strait_overlap": sorted(tuple(sorted(p)) for p in geo & straits),
        "kb": len(text.encode()) / 1024,
        "vertices": vertex_count(text),
        "map": m,
    }


def main(argv=None):
    r = measure()
    d = r["diameters"]
    small = sorted(d.items(), key=lambda t: t[1])[:8]
    print(f"smallest inscribed circle at 1000 px: {small[0][1]:.1f} px ({small[0][0]})")
    print("  next smallest: " + ", ".join(f"{k} {v:.1f}" for k, v in small[1:]))
    print(f"SVG size: {r['kb']:.1f} KB, path vertices: {r['vertices']}")
    print(f"adjacency (border >= {MIN_BORDER_PX} px, plus declared straits): "
          f"missing {len(r['missing'])} {r['missing']}, extra {len(r['extra'])} {r['extra']}")
    ok = (small[0][1] >= 24 and r["kb"] <= 400 and r["vertices"] <= 5000
          and not r["missing"] and not r["extra"])
    print("OK" if ok else "NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
