"""``python -m app variant new NAME``: a small playable variant a designer starts from.

The scaffold is a 4 x 3 grid of land provinces ringed by four seas, three nations with two
home centres each and four neutral centres: every file of a variant, a map that follows
docs/map-conventions.md, and adjacency computed from the drawn borders (so the two agree).
It loads and plays as it is; ``variant check`` then lists the placeholders to replace.

The same generator builds any grid (``write_grid_variant``): tests use it for small variants.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from shapely.geometry import box

from app.engine import BUILTIN_DIR, is_variant_folder, looks_like_path, user_variants_dir

PLACEHOLDER = "TODO"
STYLE = """.sea{fill:#a9c8e0;stroke:#8fb0cc;stroke-width:1.4}
.land{fill:#efe5c8;stroke:#6e5f45;stroke-width:1.1;stroke-linejoin:round}
.label{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:9px;font-weight:bold;fill:#3b3226;text-anchor:middle;dominant-baseline:central}
.label.sea-label{fill:#2f5678;font-style:italic;font-weight:normal}
.supply-centre{fill:#2b2418;stroke:#fffdf5;stroke-width:1.5}
.unit-anchor{fill:none;stroke:none}"""
# 24 colours, one a nation (a variant has up to 24): the first ten as before, then six more far
# from them in hue or lightness, then eight more (below).
NATION_COLOURS = ["#c94c4c", "#2e5aa8", "#3f9a4f", "#d9a21b", "#7b4fa8", "#2aa198", "#e8590c",
                  "#6b6b6b", "#b5517e", "#8c6d3f", "#5fa8d3", "#9bbf3b", "#1c3d5a", "#d65db1",
                  "#c6a0e0", "#2f4f2f",
                  # up to 24 nations (RULES.md §12): each farthest from those above and the neutral grey
                  "#660000", "#440044", "#00eeaa", "#eeaaaa", "#66eeee", "#2200ee", "#664444", "#006666"]


@dataclass
class Area:
    """One province of a grid variant: a rectangle (x0, y0, x1, y1) in map units."""
    id: str
    name: str
    rect: tuple[float, float, float, float]
    sea: bool = False
    centre: bool = False


@dataclass
class GridVariant:
    name: str
    title: str
    areas: list[Area]
    nations: dict[str, list[str]]            # nation -> home centres
    units: list[str]                         # "Nation A id"
    width: float = 1000.0
    height: float = 600.0
    first_year: int = 1901
    description: str = ""
    victory_centres: int | None = None
    extra: dict = field(default_factory=dict)


def starter(name: str) -> GridVariant:
    """The scaffold: a 4 x 3 land grid (columns a-d, rows 1-3) between four seas."""
    seas = [Area("nsea", "North Sea", (0, 0, 1000, 120), True), Area("ssea", "South Sea", (0, 480, 1000, 600), True),
            Area("wsea", "West Sea", (0, 120, 120, 480), True), Area("esea", "East Sea", (880, 120, 1000, 480), True)]
    land = []
    centres = {"a1", "a3", "d1", "d3", "b3", "c3", "b1", "c1", "b2", "c2"}
    for ci, col in enumerate("abcd"):
        for row in (1, 2, 3):
            x0, y0 = 120 + ci * 190, 120 + (row - 1) * 120
            pid = f"{col}{row}"
            land.append(Area(pid, f"{PLACEHOLDER} {col.upper()}{row}", (x0, y0, x0 + 190, y0 + 120),
                             centre=pid in centres))
    return GridVariant(
        name=name, title=f"{PLACEHOLDER}: title of {name}",
        description=f"{PLACEHOLDER}: one or two sentences for players choosing a variant.",
        areas=seas + land,
        nations={"Arden": ["a1", "a3"], "Brava": ["d1", "d3"], "Corvia": ["b3", "c3"]},
        units=["Arden F a1", "Arden A a3", "Brava F d1", "Brava A d3", "Corvia A b3", "Corvia F c3"])


def write_grid_variant(spec: GridVariant, folder: Path) -> Path:
    """Write every file of ``spec`` into ``folder`` (created; must not hold a variant yet)."""
    folder.mkdir(parents=True, exist_ok=True)
    geoms = {a.id: box(*a.rect) for a in spec.areas}
    sea = {a.id for a in spec.areas if a.sea}
    sea_union = shapely.union_all([geoms[s] for s in sea]) if sea else None
    kinds = {}
    for a in spec.areas:
        if a.sea:
            kinds[a.id] = "sea"
        else:
            touches = sea_union is not None and geoms[a.id].boundary.intersection(sea_union.boundary).length >= 3
            kinds[a.id] = "coast" if touches else "land"
    army, fleet = [], []
    ids = [a.id for a in spec.areas]
    for i, p in enumerate(ids):
        for q in ids[i + 1:]:
            border = geoms[p].boundary.intersection(geoms[q].boundary)
            if border.length < 3:
                continue
            if "sea" not in (kinds[p], kinds[q]):
                army.append([p, q])
            if "land" in (kinds[p], kinds[q]):
                continue
            # Two coasts are fleet-adjacent when their border reaches the sea.
            if kinds[p] == kinds[q] == "coast" and not border.intersects(sea_union):
                continue
            fleet.append([p, q])
    centres = [a.id for a in spec.areas if a.centre]
    victory = spec.victory_centres or len(centres) // 2 + 1
    write_json(folder / "variant.json", {"name": spec.name, "title": spec.title, "map": "map.svg",
                                    "first_year": spec.first_year, "victory_centres": victory,
                                    "description": spec.description})
    write_json(folder / "provinces.json", {"provinces": [
        {"id": a.id, "name": a.name, "kind": kinds[a.id], **({"supply_centre": True} if a.centre else {})}
        for a in spec.areas], "coasts": []})
    write_json(folder / "adjacency.json", {"army": army, "fleet": fleet})
    write_json(folder / "nations.json", {"nations": [
        {"name": n, "adjective": n if n.endswith("n") else n + "n", "colour": NATION_COLOURS[i % len(NATION_COLOURS)],
         "home_centres": homes} for i, (n, homes) in enumerate(spec.nations.items())]})
    write_json(folder / "start.json", {"units": spec.units, "centres": dict(spec.nations)})
    (folder / "map.svg").write_text(_svg(spec), encoding="utf-8")
    return folder


def write_json(path: Path, data) -> None:
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _svg(spec: GridVariant) -> str:
    def rect_path(r):
        x0, y0, x1, y1 = r
        return f"M{x0:g},{y0:g} {x1:g},{y0:g} {x1:g},{y1:g} {x0:g},{y1:g}Z"

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {spec.width:g} {spec.height:g}" '
           f'width="{spec.width:g}" height="{spec.height:g}" data-variant="{spec.name}">',
           f"<title>{xml_escape(spec.title)}</title>", f"<style>{STYLE}</style>", '<g id="provinces">']
    for a in spec.areas:
        cls = "province sea" if a.sea else "province land"
        out.append(f'<path id="{a.id}" class="{cls}" d="{rect_path(a.rect)}"/>')
    out.append('</g>\n<g id="labels">')
    anchors = {}
    for a in spec.areas:
        x0, y0, x1, y1 = a.rect
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        anchors[a.id] = (cx, cy)
        label = a.id.upper() if not a.sea else a.name
        cls = "label sea-label" if a.sea else "label"
        out.append(f'<text id="label-{a.id}" class="{cls}" x="{cx:g}" y="{cy - 30:g}">{xml_escape(label)}</text>')
    out.append('</g>\n<g id="supply-centres">')
    for a in spec.areas:
        if a.centre:
            cx, cy = anchors[a.id]
            out.append(f'<circle id="sc-{a.id}" class="supply-centre" data-province="{a.id}" '
                       f'cx="{cx + 40:g}" cy="{cy + 10:g}" r="4.2"/>')
    out.append('</g>\n<g id="unit-anchors">')
    for a in spec.areas:
        cx, cy = anchors[a.id]
        out.append(f'<circle id="unit-{a.id}" class="unit-anchor" data-location="{a.id}" '
                   f'cx="{cx:g}" cy="{cy + 10:g}" r="0.5"/>')
    out.append("</g>\n</svg>\n")
    return "\n".join(out)


def xml_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def placeholder_problems(folder: Path):
    """Warnings for the scaffold's placeholders still in the data files (what to do next)."""
    from app.engine import Problem
    out = []
    for name in ("variant.json", "provinces.json", "nations.json"):
        try:
            data = json.loads((folder / name).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        for path, value in _strings(data):
            if PLACEHOLDER in value:
                out.append(Problem(name, path, f"still the scaffold's placeholder '{value}': replace it",
                                   "warning"))
    return out


def _strings(data, prefix=""):
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(v, f"{prefix}.{k}" if prefix else k)
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _strings(v, f"{prefix}.{i}")
    elif isinstance(data, str):
        yield prefix, data


NEXT_STEPS = """Next:
  1. Draw your map in {svg} (any SVG editor; keep the ids and classes: docs/map-conventions.md).
  2. Edit the JSON files beside it: provinces, adjacency, nations, start (docs/variants.md).
  3. python -m app variant check {target}      # lists what is wrong or still a placeholder
  4. python -m app preview {target}            # the map with overlays, reloading as you save
  5. python -m app --variant {target}          # play a sandbox on it"""


def main(argv: list[str]) -> int:
    """``variant new NAME`` (in the user's variants folder) or ``variant new PATH``."""
    if len(argv) != 1 or argv[0].startswith("-"):
        print("usage: python -m app variant new NAME_OR_FOLDER", file=sys.stderr)
        return 2
    target = argv[0]
    if looks_like_path(target):
        folder = Path(target).expanduser()
        name = folder.name
    else:
        name = target
        folder = user_variants_dir() / name
        if is_variant_folder(BUILTIN_DIR / name):     # the built-in one would be found, never this
            print(f"error: '{name}' is the name of a built-in variant; choose another name", file=sys.stderr)
            return 2
    if not re.fullmatch(r"[a-z][a-z0-9_-]*", name):
        print(f"error: '{name}': a variant's name is lower-case letters, digits, '-' and '_', "
              "starting with a letter", file=sys.stderr)
        return 2
    if folder.exists() and not folder.is_dir():
        print(f"error: {folder} is a file; choose another name", file=sys.stderr)
        return 2
    if folder.is_dir() and any(folder.iterdir()):
        print(f"error: {folder} exists and is not empty; choose another name", file=sys.stderr)
        return 2
    existed = folder.is_dir()
    try:
        write_grid_variant(starter(name), folder)
    except OSError as e:
        take_back(folder, existed)     # else the half-made folder refuses the next try
        print(f"error: cannot make the variant in {folder}: {e.strerror or e}", file=sys.stderr)
        return 1
    print(f"Created {folder}")
    print(NEXT_STEPS.format(svg=folder / "map.svg", target=target if looks_like_path(target) else name))
    return 0


def take_back(folder: Path, existed: bool) -> None:
    """Remove what a failed ``variant new`` or ``import`` wrote: the folder it made, or the
    files it put in the empty folder it was given."""
    if not existed:
        shutil.rmtree(folder, ignore_errors=True)
        return
    for child in folder.iterdir():
        try:
            child.unlink()
        except OSError:
            pass
