"""``python -m app variant import FILE.map [--out FOLDER]``: a variant from the ``diplomacy``
package's ``.map`` text format (the DPjudge map format).

What the format holds and how it is carried over:

- ``BEGIN SPRING 1901 MOVEMENT`` → ``first_year``; ``VICTORY n`` → ``victory_centres``
  (without it: more than half the centres);
- a power block ``NAME (ADJECTIVE) HOME HOME …`` followed by unit lines ``A BUD`` /
  ``F STP/SC`` → a nation with its home centres (owned at the start) and starting units;
  ``UNOWNED …`` → neutral supply centres;
- ``Full Name = id alias …`` → province names and aliases (``+`` is a space);
- ``WATER|COAST|LAND|PORT ID ABUTS …`` → province kinds, split coasts (``SPA/NC``) and
  adjacency: an army edge between two non-sea provinces, a fleet edge between two places
  written in upper case (lower case is an army-only border).

The format has no geometry: the board is a placeholder drawn here (the provinces laid out
by their adjacency, as Voronoi cells). Everything not carried over is listed in
:attr:`Imported.notes`; ``variant check`` then lists every border the placeholder map does
not show, which is the designer's list of borders to draw.
"""

from __future__ import annotations

import math
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from shapely.geometry import MultiPoint, Point, box

from app.variants.catalog import looks_like_path, user_variants_dir
from app.variants.scaffold import NATION_COLOURS, STYLE, _dump, _xml

KINDS = {"WATER": "sea", "COAST": "coast", "LAND": "land", "PORT": "coast"}
WIDTH, HEIGHT = 1000.0, 700.0


class ImportError_(ValueError):
    """The file cannot be imported; the message names the file and line."""


@dataclass
class Imported:
    name: str
    first_year: int = 1901
    victory: int | None = None
    nations: dict[str, dict] = field(default_factory=dict)   # name -> {adjective, homes, units}
    unowned: list[str] = field(default_factory=list)
    names: dict[str, tuple[str, list[str]]] = field(default_factory=dict)  # id -> (name, aliases)
    kinds: dict[str, str] = field(default_factory=dict)       # location -> sea/coast/land
    abuts: dict[str, list[str]] = field(default_factory=dict)  # location as written -> neighbours as written
    notes: list[str] = field(default_factory=list)


def parse_map(path: Path) -> Imported:
    """Read a ``.map`` file; unknown lines become notes, never silently dropped."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as e:
        raise ImportError_(f"{path}: {e.strerror or e}") from None
    out = Imported(name=re.sub(r"[^a-z0-9_]", "_", path.stem.lower()).strip("_") or "imported")
    if not out.name[0].isalpha():
        out.name = "v" + out.name
    current: str | None = None
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        head = words[0].upper()
        if head == "BEGIN" and len(words) >= 3 and words[2].isdigit():
            out.first_year = int(words[2])
        elif head == "VICTORY" and len(words) == 2 and words[1].isdigit():
            out.victory = int(words[1])
        elif "=" in line:
            name, _, ids = line.partition("=")
            ids = ids.split()
            if ids:
                loc = ids[0].lower()
                aliases = [a.replace("+", " ") for a in ids[1:] if re.fullmatch(r"[a-z0-9+.]+", a, re.I)]
                dropped = [a for a in ids[1:] if a.replace("+", " ") not in aliases]
                if "/" not in loc:
                    out.names[loc] = (name.strip(), aliases)
                if dropped:
                    out.notes.append(f"line {no}: aliases {' '.join(dropped)} of '{loc}' not kept "
                                     "(coast spellings are typed as 'spa/nc' here)")
        elif len(words) >= 3 and words[2].upper() == "ABUTS" and head in KINDS:
            out.kinds[words[1].lower()] = KINDS[head]
            out.abuts[words[1]] = words[3:]
        elif len(words) >= 3 and words[2].upper() == "ABUTS" and head == "SHUT":
            out.notes.append(f"line {no}: impassable '{words[1].lower()}' left out (draw it as an "
                             "impassable area of the map if you want it)")
        elif head == "UNOWNED":
            out.unowned += [w.lower() for w in words[1:]]
            current = None
        elif len(words) >= 2 and words[1].startswith("(") and words[0].isalpha():
            adjective = words[1].strip("()").split(":")[0].capitalize()
            nation = re.sub(r"[^A-Za-z]", "", words[0]).capitalize()
            homes = [w.lower() for w in words[2:]]
            out.nations[nation] = {"adjective": adjective, "homes": homes, "units": []}
            current = nation
        elif head in ("A", "F") and len(words) == 2 and current is not None:
            out.nations[current]["units"].append(f"{current} {head} {words[1].lower()}")
        else:
            out.notes.append(f"line {no}: not understood, left out: {line[:80]}")
    if not out.kinds:
        raise ImportError_(f"{path}: no 'KIND ID ABUTS …' lines: not a .map file of the diplomacy package")
    if not out.nations:
        raise ImportError_(f"{path}: no power ('NAME (ADJECTIVE) HOME …') defined")
    return out


def _province(loc: str) -> str:
    return loc.split("/")[0].lower()


def build_data(imp: Imported) -> dict[str, dict]:
    """The five JSON files of the variant."""
    provinces = sorted({_province(loc) for loc in imp.kinds})
    kind = {p: imp.kinds.get(p, imp.kinds.get(next((loc for loc in imp.kinds if _province(loc) == p), p), "land"))
            for p in provinces}
    coasts = sorted(loc for loc in imp.kinds if "/" in loc)
    for c in coasts:
        kind[_province(c)] = "coast"
    centres = set(imp.unowned) | {h for n in imp.nations.values() for h in n["homes"]}
    army, fleet = set(), set()
    for loc_written, neighbours in imp.abuts.items():
        loc = loc_written.lower()
        here = _province(loc)
        for n_written in neighbours:
            n = n_written.lower()
            there = _province(n)
            if there not in kind or there == here:
                continue
            if "sea" not in (kind[here], kind[there]):
                army.add(tuple(sorted((here, there))))
            fleet_here = loc_written.upper() == loc_written and kind[here] != "land"
            fleet_there = n_written.upper() == n_written and kind[there] != "land"
            if fleet_here and fleet_there:
                a = loc if "/" in loc or here not in {_province(c) for c in coasts} else None
                b = n if "/" in n or there not in {_province(c) for c in coasts} else None
                if a and b:
                    fleet.add(tuple(sorted((a, b))))
    total = len(centres)
    victory = imp.victory or total // 2 + 1
    names = {}
    for p in provinces:
        name, aliases = imp.names.get(p, (p.upper(), []))
        names[p] = (name, [a for a in aliases if a.lower() != p and a.lower() != name.lower()])
    return {
        "variant.json": {"name": imp.name, "title": f"{imp.name.replace('_', ' ').title()} (imported)",
                         "map": "map.svg", "first_year": imp.first_year, "victory_centres": victory,
                         "description": "Imported from a .map file: the map is a placeholder to redraw."},
        "provinces.json": {"provinces": [
            {"id": p, "name": names[p][0], "kind": kind[p], **({"supply_centre": True} if p in centres else {}),
             **({"aliases": names[p][1]} if names[p][1] else {})} for p in provinces],
            "coasts": [{"id": c, "province": _province(c),
                        "name": imp.names.get(c, (f"{names[_province(c)][0]} ({c.split('/')[1]})", []))[0]}
                       for c in coasts]},
        "adjacency.json": {"army": [list(e) for e in sorted(army)], "fleet": [list(e) for e in sorted(fleet)]},
        "nations.json": {"nations": [
            {"name": n, "adjective": d["adjective"] or n, "colour": NATION_COLOURS[i % len(NATION_COLOURS)],
             "home_centres": d["homes"]} for i, (n, d) in enumerate(imp.nations.items())]},
        "start.json": {"units": [u for d in imp.nations.values() for u in d["units"]],
                       "centres": {n: d["homes"] for n, d in imp.nations.items()}},
    }


def _layout(provinces: list[str], edges: set[tuple[str, str]], seed: int = 1) -> dict[str, tuple[float, float]]:
    """Spring layout of the adjacency graph in the board's box (neighbours end up close)."""
    rng = random.Random(seed)
    pos = {p: [rng.uniform(0.1, 0.9) * WIDTH, rng.uniform(0.1, 0.9) * HEIGHT] for p in provinces}
    k = math.sqrt(WIDTH * HEIGHT / max(1, len(provinces)))
    temp = WIDTH / 8
    for _ in range(150):
        disp = {p: [0.0, 0.0] for p in provinces}
        for i, a in enumerate(provinces):
            for b in provinces[i + 1:]:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                d = max(0.01, math.hypot(dx, dy))
                f = k * k / d
                disp[a][0] += dx / d * f
                disp[a][1] += dy / d * f
                disp[b][0] -= dx / d * f
                disp[b][1] -= dy / d * f
        for a, b in edges:
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            d = max(0.01, math.hypot(dx, dy))
            f = d * d / k
            disp[a][0] -= dx / d * f
            disp[a][1] -= dy / d * f
            disp[b][0] += dx / d * f
            disp[b][1] += dy / d * f
        for p in provinces:
            dx, dy = disp[p]
            d = max(0.01, math.hypot(dx, dy))
            pos[p][0] = min(WIDTH * 0.95, max(WIDTH * 0.05, pos[p][0] + dx / d * min(d, temp)))
            pos[p][1] = min(HEIGHT * 0.95, max(HEIGHT * 0.05, pos[p][1] + dy / d * min(d, temp)))
        temp *= 0.97
    return {p: (x, y) for p, (x, y) in pos.items()}


def _cells(provs: list[str], pos: dict[str, tuple[float, float]]) -> dict:
    """Each province's Voronoi cell around its laid-out point, inside the board."""
    frame = box(0, 0, WIDTH, HEIGHT)
    cells = shapely.voronoi_polygons(MultiPoint([Point(pos[p]) for p in provs]), extend_to=frame)
    cell_of = {}
    for cell in shapely.get_parts(cells):
        for p in provs:
            if cell.contains(Point(pos[p])):
                cell_of[p] = cell.intersection(frame)
    return cell_of


def placeholder_svg(data: dict[str, dict]) -> str:
    """A board that follows docs/map-conventions.md: Voronoi cells of the laid-out provinces."""
    provs = [p["id"] for p in data["provinces.json"]["provinces"]]
    kinds = {p["id"]: p["kind"] for p in data["provinces.json"]["provinces"]}
    edges = {tuple(e) for e in data["adjacency.json"]["army"]} | \
        {(_province(a), _province(b)) for a, b in data["adjacency.json"]["fleet"]}
    wanted = {frozenset(e) for e in edges if e[0] != e[1]}
    best = None
    for seed in range(1, 9):  # the layout whose cells border as the data says, of a few tries
        pos = _layout(provs, edges, seed)
        cell_of = _cells(provs, pos)
        drawn = {frozenset((a, b)) for i, a in enumerate(provs) for b in provs[i + 1:]
                 if cell_of[a].intersection(cell_of[b]).length >= 3}
        score = len(wanted ^ drawn)
        if best is None or score < best[0]:
            best = (score, pos, cell_of)
    _, pos, cell_of = best
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {WIDTH:g} {HEIGHT:g}" '
           f'width="{WIDTH:g}" height="{HEIGHT:g}">', "<title>Placeholder board: redraw it</title>",
           f"<style>{STYLE}</style>", '<g id="provinces">']
    for p in provs:
        ring = list(cell_of[p].exterior.coords)[:-1]
        d = "M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in ring) + "Z"
        out.append(f'<path id="{p}" class="province {"sea" if kinds[p] == "sea" else "land"}" d="{d}"/>')
    out.append('</g>\n<g id="coasts">')
    coasts = data["provinces.json"]["coasts"]
    anchors: dict[str, tuple[float, float]] = {}
    for p in provs:
        rep = cell_of[p].representative_point() if not cell_of[p].contains(Point(pos[p])) else Point(pos[p])
        anchors[p] = (rep.x, rep.y)
    fleet = data["adjacency.json"]["fleet"]
    for c in coasts:
        cell = cell_of[c["province"]]
        # the coast runs along the cell's border with the seas it is adjacent to, if they touch
        seas = [_province(b if a == c["id"] else a) for a, b in fleet if c["id"] in (a, b)]
        along = [shapely.line_merge(cell.boundary.intersection(cell_of[sea].boundary))
                 for sea in seas if sea in cell_of and kinds[sea] == "sea"]
        along = [g for g in along if g.length > 0]
        if along:
            line = max(shapely.get_parts(shapely.union_all(along)), key=lambda g: g.length)
            pts = list(line.coords) if hasattr(line, "coords") else list(line.geoms[0].coords)
        else:
            ring = list(cell.exterior.coords)
            side = len([x for x in coasts if x["province"] == c["province"] and x["id"] < c["id"]])
            pts = [ring[side % (len(ring) - 1)], ring[side % (len(ring) - 1) + 1]]
        d = "M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        out.append(f'<path id="coast-{c["id"].replace("/", "-")}" class="split-coast" '
                   f'data-location="{c["id"]}" d="{d}"/>')
        cx, cy = anchors[c["province"]]
        mx, my = pts[len(pts) // 2] if len(pts) > 2 else ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2)
        anchors[c["id"]] = (cx + (mx - cx) * 0.7, cy + (my - cy) * 0.7)
    out.append('</g>\n<g id="labels">')
    names = {p["id"]: p["name"] for p in data["provinces.json"]["provinces"]}
    for p in provs:
        x, y = anchors[p]
        cls = "label sea-label" if kinds[p] == "sea" else "label"
        out.append(f'<text id="label-{p}" class="{cls}" x="{x:.1f}" y="{y - 12:.1f}">{_xml(names[p][:14])}</text>')
    out.append('</g>\n<g id="supply-centres">')
    for prov in data["provinces.json"]["provinces"]:
        if prov.get("supply_centre"):
            x, y = anchors[prov["id"]]
            out.append(f'<circle id="sc-{prov["id"]}" class="supply-centre" data-province="{prov["id"]}" '
                       f'cx="{x + 16:.1f}" cy="{y + 6:.1f}" r="4.2"/>')
    out.append('</g>\n<g id="unit-anchors">')
    for loc, (x, y) in anchors.items():
        out.append(f'<circle id="unit-{loc.replace("/", "-")}" class="unit-anchor" data-location="{loc}" '
                   f'cx="{x:.1f}" cy="{y:.1f}" r="0.5"/>')
    out.append("</g>\n</svg>\n")
    return "\n".join(out)


def import_map(path: Path, folder: Path) -> Imported:
    """Write the variant imported from ``path`` into ``folder`` (new or empty)."""
    imp = parse_map(path)
    data = build_data(imp)
    folder.mkdir(parents=True, exist_ok=True)
    for name, content in data.items():
        _dump(folder / name, content)
    (folder / "map.svg").write_text(placeholder_svg(data), encoding="utf-8")
    imp.notes[:0] = ["geometry: the .map format has none; map.svg is a placeholder (provinces laid out "
                     "by adjacency): redraw it, then 'variant check' lists the borders still to fix",
                     "colours: the format has none; each nation got one from the palette (nations.json)"]
    return imp


def main(argv: list[str]) -> int:
    args = list(argv)
    out = None
    if "--out" in args:
        i = args.index("--out")
        if i + 1 >= len(args):
            print("error: --out needs a folder", file=sys.stderr)
            return 2
        out = Path(args[i + 1]).expanduser()
        del args[i:i + 2]
    if len(args) != 1:
        print("usage: python -m app variant import FILE.map [--out FOLDER]", file=sys.stderr)
        return 2
    source = Path(args[0]).expanduser()
    try:
        imp = parse_map(source)
    except ImportError_ as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    folder = out or user_variants_dir(create=True) / imp.name
    if folder.exists() and any(folder.iterdir()):
        print(f"error: {folder} exists and is not empty; give another with --out", file=sys.stderr)
        return 2
    imp = import_map(source, folder)
    from app.engine.variant import VariantError, read_variant
    print(f"Imported {source} into {folder}")
    print("Not carried over:")
    for note in imp.notes:
        print(f"  - {note}")
    try:
        read_variant(folder)
        target = str(folder) if out or looks_like_path(str(folder)) else imp.name
        print(f"It loads and plays. Next: python -m app preview {target}")
    except VariantError as e:
        print(f"It does not load yet: {e}")
        return 1
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
