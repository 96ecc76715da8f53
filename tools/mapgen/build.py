"""Build a variant's map (and, for new variants, its JSON) from Natural Earth.

Run ``python -m tools.mapgen [VARIANT ...]`` from the repository root.  Steps:
partition the geography into provinces (``partition.py``) as the variant's
design says (``designs/<variant>.py``), simplify the whole coverage at once
with ``shapely.coverage_simplify`` (shared borders stay identical), derive the
variant's JSON from the geometry when the design has a ``VARIANT``
(``derive.py``), place anchors for units, labels and supply centres, and
write the SVG following ``docs/map-conventions.md`` into the variant's folder.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import shapely
import shapely.errors
from shapely.geometry import Point, Polygon, box
from shapely.ops import polylabel

from . import designs
from .check import DATA, svg_of
from .derive import derive
from .partition import partition

STYLE = """
.sea{fill:#a9c8e0;stroke:none}
.sea-border{fill:none;stroke:#8fb0cc;stroke-width:1.4}
.land{fill:#efe5c8;stroke:#6e5f45;stroke-width:1.1;stroke-linejoin:round}
.impassable{fill:#c9c2b0;stroke:#6e5f45;stroke-width:1.0;stroke-linejoin:round}
.impassable.water{fill:#a9c8e0;stroke:none}
.coastline{fill:none;stroke:#4d6479;stroke-width:1.0;stroke-linejoin:round}
.split-coast{fill:none;stroke:none}
.strait{stroke:#5a3a1e;stroke-width:3.2;stroke-linecap:round;stroke-dasharray:0.1,4.2}
.label{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:9px;font-weight:bold;fill:#3b3226;text-anchor:middle;dominant-baseline:central}
.label.sea-label{fill:#2f5678;font-style:italic;font-weight:normal}
.supply-centre{fill:#2b2418;stroke:#fffdf5;stroke-width:1.5}
.unit-anchor{fill:none;stroke:none}
""".strip()


def write_json(folder: Path, files: dict[str, dict]) -> None:
    """Write the variant's JSON files in the layout of app/variants/builtin/standard (indent 1)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, obj in files.items():
        text = json.dumps(obj, indent=1, ensure_ascii=False)
        # keep each adjacency edge on one line, as in app/variants/builtin/standard
        text = re.sub(r'\[\n\s*("[^"]+"),\n\s*("[^"]+")\n\s*\]', r"[\1, \2]", text)
        (folder / name).write_text(text + "\n")


def _parts(g):
    return [p for p in getattr(g, "geoms", [g]) if p.geom_type == "Polygon" and p.area > 0]


def best_point(geom, tol=0.25):
    """Pole of inaccessibility over all parts: (Point, radius)."""
    best = None
    for part in _parts(geom):
        if part.area < 1:
            continue
        p = polylabel(part, tol)
        r = part.boundary.distance(p)
        if best is None or r > best[1]:
            best = (p, r)
    if best is None:
        p = geom.representative_point()
        best = (p, 0.0)
    return best


def _diff(a, b):
    a, b = shapely.make_valid(a), shapely.make_valid(b)
    try:
        return a.difference(b)
    except shapely.errors.GEOSException:
        return shapely.difference(a, b, grid_size=0.01)


UNIT_CLEAR = 15.0  # the app draws a unit 13 units in radius (app/ui/map_art.paint_unit), plus its outline


def place_anchors(geom, is_sea, text_w):
    """Unit, label and supply-centre positions inside one province: the unit at the
    pole of inaccessibility, the label inside the province and clear of the unit
    drawn there (a unit would hide it), the centre marker clear of both."""
    unit, r = best_point(geom)
    disc = unit.buffer(UNIT_CLEAR)
    cands = []
    steps = [15 + 2.5 * i for i in range(13 if not is_sea else 19)]
    for k in range(16):
        dx, dy = np.cos(k * np.pi / 8), np.sin(k * np.pi / 8)
        for d in steps:
            c = Point(unit.x + dx * d, unit.y + dy * d)
            bx = box(c.x - text_w / 2, c.y - 4.5, c.x + text_w / 2, c.y + 4.5)
            outside = bx.difference(geom).area
            hidden = bx.intersection(disc).area
            score = -outside * 10 - hidden * 20 - d * 0.08 + (0.4 if dy > 0.3 else 0)
            cands.append((score, c))
    label = max(cands, key=lambda t: t[0])[1]
    lbox = box(label.x - text_w / 2 - 2.5, label.y - 6.5, label.x + text_w / 2 + 2.5, label.y + 6.5)
    room = geom
    # the marker's spot: clear of the unit and the label if it can be, else of the label
    for inset, clear, avoid_label in ((3.5, UNIT_CLEAR + 5.0, True), (1.5, UNIT_CLEAR, True),
                                      (1.5, 9.0, True), (1.5, 9.0, False)):
        spot = _diff(geom.buffer(-inset), unit.buffer(clear))
        spot = _diff(spot, lbox) if avoid_label else spot
        if not spot.is_empty and spot.area > 1.0:
            room = spot
            break
    main = [p for p in _parts(geom) if p.distance(unit) < 1e-6] or _parts(geom)
    room = room.intersection(main[0]) if not room.is_empty else room
    if room.is_empty:
        room = main[0]
    sc, _ = best_point(room)
    return unit, label, sc


def split_coast_lines(coasts, neighbours, regions, kind):
    """Each split coast's line: its province's border with the seas its fleets reach.

    A sea that washes two coasts of one province (the Mid-Atlantic, on Spain's north
    and south coasts) is split: each connected stretch of that border goes to the coast
    whose own neighbours (those no other coast of the province has: Gascony for Spain's
    north coast, the Western Mediterranean for its south coast) lie nearest to it.
    Without this both of Spain's lines ran along the whole Mid-Atlantic border, and a
    fleet at Cádiz stood on the north coast.  ``neighbours``: coast id -> the provinces
    its fleets reach; ``kind(province)``: "sea", "coast" or "land".
    """
    by_province = {}
    for c in coasts:
        by_province.setdefault(c["province"], []).append(c["id"])
    out = {}
    for prov, ids in by_province.items():
        boundary = regions[prov].boundary
        seas = {c: sorted(s for s in neighbours.get(c, ()) if kind(s) == "sea") for c in ids}
        own = {c: [n for n in neighbours.get(c, ()) if n in regions
                   and sum(n in neighbours.get(d, ()) for d in ids) == 1] for c in ids}
        pieces = {c: [] for c in ids}
        shared = sorted({s for c in ids for s in seas[c] if sum(s in seas[d] for d in ids) > 1})
        for c in ids:
            alone = [s for s in seas[c] if s not in shared]
            if alone:
                pieces[c].append(boundary.intersection(shapely.union_all([regions[s] for s in alone])))
        for s in shared:
            owners = [c for c in ids if s in seas[c]]
            border = boundary.intersection(regions[s])
            border = shapely.line_merge(border) if border.geom_type == "MultiLineString" else border
            for part in getattr(border, "geoms", [border]):
                near = {c: min((part.distance(regions[n]) for n in own[c]), default=float("inf")) for c in owners}
                pieces[min(owners, key=lambda c: (near[c], c))].append(part)
        for c in ids:
            line = shapely.union_all(pieces[c]) if pieces[c] else shapely.LineString()
            line = shapely.line_merge(line) if line.geom_type == "MultiLineString" else line
            out[c] = shapely.simplify(line, 2.0)
    return out


def coast_anchor(prov_geom, coast_line):
    mid = coast_line.interpolate(0.5, normalized=True)
    inner = prov_geom.buffer(-7)
    if inner.is_empty:
        inner = prov_geom.buffer(-3)
    return shapely.ops.nearest_points(inner, mid)[0]


def fmt(v):
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def path_d(geom):
    out = []
    for part in _parts(geom):
        for ring in (part.exterior, *part.interiors):
            cs = list(ring.coords)[:-1]
            out.append("M" + " ".join(f"{fmt(x)},{fmt(y)}" for x, y in cs) + "Z")
    return "".join(out)


def sea_shapes(regions, water_keys, frame, reach=5.0, tol=3.5):
    """Drawn shapes of water areas: each runs up to ``reach`` px under the
    land around it, with a coarse outline there, so coastline vertices are
    stored once (in the land).  Land drawn on top hides the overlap; readers
    subtract land (docs/map-conventions.md), which gives back the exact area.
    """
    F = box(*frame)
    out = {}
    for k in water_keys:
        S = regions[k]
        filled = shapely.union_all([Polygon(p.exterior) for p in _parts(S)])
        others = shapely.union_all([regions[o] for o in water_keys if o != k])
        ext = filled.buffer(reach, join_style="mitre").intersection(F).difference(others.buffer(0.01))
        ext = shapely.simplify(ext, tol, preserve_topology=True)
        g = shapely.union_all([ext, S]).difference(others).intersection(F)
        g = shapely.set_precision(shapely.make_valid(g), 0.1)
        out[k] = shapely.union_all([p for p in _parts(g) if p.area > 1.0])
    return out


def simplify(regions, tol):
    keys = list(regions)
    geoms = [regions[k] for k in keys]
    simp = shapely.coverage_simplify(geoms, tol)
    out = {}
    for k, g in zip(keys, simp):
        g = shapely.make_valid(g)
        polys = [p for p in _parts(g) if p.area > 0.5]
        out[k] = shapely.make_valid(shapely.union_all(polys))
    return out


def build(name="standard", out=None, verbose=True):
    """Generate variant ``name``: its SVG (to ``out`` if given) and, when its design
    has a ``VARIANT``, its JSON.  Returns the SVG path."""
    design = designs.load(name)
    folder = DATA / name
    regions, frame, warp, water = partition(design, verbose=verbose)
    # round to the SVG precision before simplifying so shared edges match
    regions = {k: shapely.set_precision(v, 0.1) for k, v in regions.items()}
    regions = simplify(regions, design.SIMPLIFY_TOLERANCE)
    if design.VARIANT is not None:
        files = derive(design, regions, water, warp)
        if out is None:
            write_json(folder, files)
        provinces, adjacency = files["provinces.json"], files["adjacency.json"]
        title = files["variant.json"]["title"]
        default_out = folder / files["variant.json"]["map"]
    else:
        provinces = json.loads((folder / "provinces.json").read_text())
        adjacency = json.loads((folder / "adjacency.json").read_text())
        title = json.loads((folder / "variant.json").read_text())["title"]
        default_out = svg_of(folder)
    out = default_out if out is None else out
    pinfo = {p["id"]: p for p in provinces["provinces"]}
    missing = set(pinfo) - set(regions)
    if missing:
        raise SystemExit(f"provinces without geometry: {sorted(missing)}")
    x0, y0, x1, y1 = frame
    W, H = x1 - x0, y1 - y0
    land_ids = [k for k in pinfo if pinfo[k]["kind"] != "sea"]
    sea_ids = [k for k in pinfo if pinfo[k]["kind"] == "sea"]
    imp = sorted(k for k in regions if k[0] in "!~")
    L = []
    L.append(f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {fmt(W)} {fmt(H)}" '
             f'width="{fmt(W)}" height="{fmt(H)}" data-variant="{name}">')
    L.append(f"<title>5D Diplomacy: {title}. Geography: Natural Earth (public domain) via "
             "world-atlas; generated by tools/mapgen.</title>")
    L.append(f"<style>{STYLE}</style>")
    L.append(f'<rect id="background" x="0" y="0" width="{fmt(W)}" height="{fmt(H)}" fill="#a9c8e0"/>')
    L.append('<g id="provinces">')
    drawn = sea_shapes(regions, sea_ids + [k for k in imp if k[0] == "~"], frame)
    drawn = {k: v for k, v in drawn.items() if k in sea_ids}  # strait water is drawn exactly
    for k in sea_ids + land_ids:
        kind = pinfo[k]["kind"]
        cls = "province sea" if kind == "sea" else f"province land {kind}"
        L.append(f'<path id="{k}" class="{cls}" d="{path_d(drawn.get(k, regions[k]))}"/>')
    L.append("</g>")
    L.append('<g id="impassable">')
    for k in imp:
        kind = "water" if k[0] == "~" else "land"
        L.append(f'<path id="impassable-{k[1:]}" class="impassable {kind}" '
                 f'd="{path_d(drawn.get(k, regions[k]))}"/>')
    L.append("</g>")
    # sea provinces are stroked in the coastline colour; their borders with
    # each other are then redrawn lighter (few vertices: they are drawn lines)
    water_ids = sea_ids + [k for k in imp if k[0] == "~"]
    seams = []
    for i, a in enumerate(water_ids):
        for b in water_ids[i + 1:]:
            if regions[a].intersects(regions[b]):
                seam = regions[a].boundary.intersection(regions[b].boundary)
                if seam.length > 0:
                    seams.append(seam)
    seam = shapely.line_merge(shapely.union_all(seams))
    L.append(f'<path id="sea-borders" class="sea-border" d="{line_d(seam)}"/>')
    # split coasts
    coasts = provinces.get("coasts", [])
    seas_of = {}
    for a, b in adjacency["fleet"]:
        for x, y in ((a, b), (b, a)):
            if "/" in x:
                seas_of.setdefault(x, set()).add(y.split("/")[0])
    coast_lines = split_coast_lines(coasts, seas_of, regions, lambda k: pinfo.get(k, {}).get("kind"))
    L.append('<g id="coasts">')
    for c in coasts:
        cid = c["id"]
        line = coast_lines[cid]
        L.append(f'<path id="coast-{cid.replace("/", "-")}" class="split-coast" data-location="{cid}" '
                 f'd="{line_d(line)}"/>')
    L.append("</g>")
    # strait markers
    L.append('<g id="straits">')
    for a, b, p, q in design.STRAITS:
        (ax, bx), (ay, by) = warp(np.array([p[0], q[0]]), np.array([p[1], q[1]]))
        L.append(f'<line id="strait-{a}-{b}" class="strait" data-from="{a}" data-to="{b}" '
                 f'x1="{fmt(ax)}" y1="{fmt(ay)}" x2="{fmt(bx)}" y2="{fmt(by)}"/>')
    L.append("</g>")
    # anchors
    units, labels, centres = [], [], []
    for k in sea_ids + land_ids:
        is_sea = pinfo[k]["kind"] == "sea"
        text = pinfo[k]["name"] if is_sea and False else k.capitalize()
        u, lab, sc = place_anchors(regions[k], is_sea, 6.2 * len(text))
        units.append((k, u))
        labels.append((k, lab, text, is_sea))
        if pinfo[k].get("supply_centre"):
            centres.append((k, sc))
    for c in coasts:
        units.append((c["id"], coast_anchor(regions[c["province"]], coast_lines[c["id"]])))
    L.append('<g id="labels">')
    for k, p, text, is_sea in labels:
        cls = "label sea-label" if is_sea else "label"
        L.append(f'<text id="label-{k}" class="{cls}" x="{fmt(p.x)}" y="{fmt(p.y)}">{text}</text>')
    L.append("</g>")
    L.append('<g id="supply-centres">')
    for k, p in centres:
        L.append(f'<circle id="sc-{k}" class="supply-centre" data-province="{k}" '
                 f'cx="{fmt(p.x)}" cy="{fmt(p.y)}" r="4.2"/>')
    L.append("</g>")
    L.append('<g id="unit-anchors">')
    for k, p in units:
        L.append(f'<circle id="unit-{k.replace("/", "-")}" class="unit-anchor" data-location="{k}" '
                 f'cx="{fmt(p.x)}" cy="{fmt(p.y)}" r="0.5"/>')
    L.append("</g>")
    L.append("</svg>")
    text = "\n".join(L) + "\n"
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    Path(out).write_text(text)
    if verbose:
        print(f"wrote {out}: {len(text.encode()) / 1024:.1f} KB")
    return out


def line_d(geom):
    out = []
    for part in getattr(geom, "geoms", [geom]):
        if part.is_empty or part.geom_type not in ("LineString", "LinearRing"):
            continue
        cs = list(part.coords)
        out.append("M" + " ".join(f"{fmt(x)},{fmt(y)}" for x, y in cs))
    return "".join(out)
