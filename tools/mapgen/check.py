"""``python -m tools.mapgen.check [VARIANT ...]``: measure generated maps.

For each variant (a name under ``app/variants/builtin/`` or a folder path; default: every
variant the generator makes) it reads the committed SVG with ``app.mapgeo``,
the module the app uses, and prints, on a board scaled to 1000 px wide:

- the smallest inscribed circle (polylabel) of any province;
- the SVG size and its path vertex count;
- geometric adjacency (border of at least ``MIN_BORDER_PX``, plus the
  declared straits) against the variant's ``adjacency.json``, both ways;
- **visible borders**: every adjacent pair that is not a strait shares at
  least ``MIN_VISIBLE_BORDER_PX`` of border;
- **near misses**: no two provinces that are *not* adjacent run within
  ``NEAR_PX`` of each other for more than ``MAX_NEAR_RUN_PX`` of border;
- **crowded markers**: a unit drawn at a province's anchor covers neither
  its label nor its supply-centre marker, and the marker clears the label.

Why these figures.  Borders are stroked about 1.1 px wide and every border
ends in a junction where two more strokes meet, so the first and last 2-3 px
of a border read as a blot, not a line.  12 px leaves a clear line of at
least 6 px between the blots at full size (about two letters of a 9 px label)
and still 3 device pixels on a 250 px thumbnail, the smallest board the
multiverse view draws with borders: enough to see which way a border runs
and so which provinces it separates.  The near-miss test is the converse:
two provinces closer than 3 px (two border strokes and a pixel of gap) look
touching; over 2 px of border that is a visible contact, where a clean
three-province corner has none and a four-province corner, where the two
diagonal provinces meet in a point, has 2 x 3 px and fails, on purpose: on
screen nobody can tell whether the diagonal pair is adjacent.

Exit status 1 when a target is not met.
"""
from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

import shapely
from shapely.ops import polylabel
from shapely.strtree import STRtree

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "app" / "variants" / "builtin"

MIN_BORDER_PX = 3.0           # shared border (at 1000 px) that counts as adjacency
MIN_VISIBLE_BORDER_PX = 12.0  # every adjacent pair (not a strait) shares at least this
NEAR_PX = 3.0                 # non-adjacent provinces closer than this look touching ...
MAX_NEAR_RUN_PX = 2.0         # ... over more than this much border
MIN_CIRCLE_PX = 24.0          # every province holds a circle this wide (a unit is 26 px)
UNIT_RADIUS = 14.0            # board units: app/ui/map_art.paint_unit draws 13, plus its outline
LABEL_CHAR_W, LABEL_H = 6.2, 9.0  # board units: a 9 px bold label
CENTRE_RADIUS = 4.2
MAX_KB = 400.0
MAX_VERTICES = 5000


def variant_folder(name_or_path: str | Path) -> Path:
    """The folder of a variant given by name (``app/variants/builtin/<name>``) or path."""
    p = Path(name_or_path)
    return p if p.is_dir() else DATA / str(name_or_path)


def svg_of(folder: Path) -> Path:
    """A variant's SVG, in its folder (named by ``map`` in variant.json)."""
    meta = json.loads((folder / "variant.json").read_text())
    return folder / meta["map"]


def declared_pairs(folder: Path) -> set[frozenset[str]]:
    """Province pairs joined by an army or fleet edge in ``adjacency.json``."""
    adj = json.loads((folder / "adjacency.json").read_text())
    return {frozenset((a.split("/")[0], b.split("/")[0]))
            for kind in ("army", "fleet") for a, b in adj[kind]}


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


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def short_borders(board, adjacent: set[frozenset[str]], scale: float,
                  minimum: float = MIN_VISIBLE_BORDER_PX) -> list[tuple[str, str, float]]:
    """Adjacent pairs (straits aside) whose shared border, in px at ``scale``, is
    shorter than ``minimum``: ``[(a, b, length_px)]``, shortest first."""
    straits = board.strait_pairs()
    out = []
    for pair in adjacent - straits:
        a, b = sorted(pair)
        if a in board.provinces and b in board.provinces:
            length = board.shared_border(a, b) * scale
            if length < minimum:
                out.append((a, b, round(length, 1)))
    return sorted(out, key=lambda t: t[2])


def near_misses(board, adjacent: set[frozenset[str]], scale: float, near: float = NEAR_PX,
                max_run: float = MAX_NEAR_RUN_PX) -> list[tuple[str, str, float]]:
    """Pairs of provinces that are not adjacent but whose borders run within
    ``near`` px of each other for more than ``max_run`` px: ``[(a, b, run_px)]``."""
    ids = list(board.provinces)
    geoms = [board.provinces[k] for k in ids]
    tree = STRtree(geoms)
    reach = near / scale
    out = []
    for i, a in enumerate(ids):
        zone = geoms[i].buffer(reach)
        for j in tree.query(zone, predicate="intersects"):
            b = ids[int(j)]
            if b <= a or frozenset((a, b)) in adjacent:
                continue
            other = geoms[int(j)]
            run = max(geoms[i].boundary.intersection(other.buffer(reach)).length,
                      other.boundary.intersection(zone).length) * scale
            if run > max_run:
                out.append((*_pair(a, b), round(run, 1)))
    return sorted(out, key=lambda t: -t[2])


def crowded_markers(board) -> list[tuple[str, str]]:
    """Provinces where a unit standing at its anchor would hide the label, or the
    supply-centre marker touches the unit or the label: ``[(province, what)]``."""
    from shapely.geometry import Point, box
    out = []
    for k, (lx, ly) in sorted(board.label_anchors.items()):
        w = LABEL_CHAR_W * len(board.labels.get(k, k))
        label = box(lx - w / 2, ly - LABEL_H / 2, lx + w / 2, ly + LABEL_H / 2)
        unit = Point(*board.unit_anchors[k]).buffer(UNIT_RADIUS) if k in board.unit_anchors else None
        if unit is not None and label.intersects(unit):
            out.append((k, "a unit would cover the label"))
        if k in board.centre_anchors:
            centre = Point(*board.centre_anchors[k]).buffer(CENTRE_RADIUS)
            if unit is not None and centre.intersects(unit):
                out.append((k, "a unit would cover the centre marker"))
            if centre.intersects(label):
                out.append((k, "the centre marker touches the label"))
    return out


@dataclass
class MapReport:
    """Figures for one variant's map (px on a 1000 px wide board)."""
    variant: str
    svg: Path
    diameters: dict[str, float]
    missing: list[tuple[str, str]]
    extra: list[tuple[str, str]]
    short_borders: list[tuple[str, str, float]]
    near_misses: list[tuple[str, str, float]]
    crowded: list[tuple[str, str]]
    kb: float
    vertices: int
    board: object = field(repr=False, default=None)

    def problems(self) -> list[str]:
        """Each unmet target in words (empty when the map passes)."""
        out = []
        for k, d in sorted(self.diameters.items(), key=lambda t: t[1]):
            if d < MIN_CIRCLE_PX:
                out.append(f"{k}: holds a circle of only {d:.1f} px (at least {MIN_CIRCLE_PX:g})")
        out += [f"{a}-{b}: adjacent in adjacency.json but no border on the map" for a, b in self.missing]
        out += [f"{a}-{b}: touch on the map but not adjacent in adjacency.json" for a, b in self.extra]
        out += [f"{a}-{b}: shared border {n:.1f} px, shorter than {MIN_VISIBLE_BORDER_PX:g} px"
                for a, b, n in self.short_borders]
        out += [f"{a}-{b}: not adjacent but within {NEAR_PX:g} px of each other over {n:.1f} px"
                for a, b, n in self.near_misses]
        out += [f"{k}: {what}" for k, what in self.crowded]
        if self.kb > MAX_KB:
            out.append(f"SVG is {self.kb:.0f} KB (at most {MAX_KB:g})")
        if self.vertices > MAX_VERTICES:
            out.append(f"SVG has {self.vertices} path vertices (at most {MAX_VERTICES})")
        return out


def measure(variant: str | Path = "standard", svg: str | Path | None = None) -> MapReport:
    """Measure a variant's map (``svg`` overrides the variant's own SVG file)."""
    from app.mapgeo import load_map
    folder = variant_folder(variant)
    svg = Path(svg) if svg is not None else svg_of(folder)
    board = load_map(svg)
    scale = 1000.0 / board.view_box[2]
    declared = declared_pairs(folder)
    geo = board.geometric_adjacency(MIN_BORDER_PX / scale)
    have = geo | board.strait_pairs()
    text = svg.read_text()
    return MapReport(
        variant=folder.name, svg=svg,
        diameters={k: inscribed_diameter(g) * scale for k, g in board.provinces.items()},
        missing=sorted(tuple(sorted(p)) for p in declared - have),
        extra=sorted(tuple(sorted(p)) for p in have - declared),
        short_borders=short_borders(board, declared, scale),
        near_misses=near_misses(board, declared, scale),
        crowded=crowded_markers(board),
        kb=len(text.encode()) / 1024, vertices=vertex_count(text), board=board)


def report(r: MapReport) -> bool:
    """Print the figures of one map; True when every target is met."""
    small = sorted(r.diameters.items(), key=lambda t: t[1])[:6]
    board = r.board
    scale = 1000.0 / board.view_box[2]
    borders = sorted((board.shared_border(*sorted(p)) * scale, *sorted(p))
                     for p in declared_pairs(variant_folder(r.variant)) - board.strait_pairs())
    print(f"{r.variant} ({r.svg.relative_to(ROOT) if r.svg.is_relative_to(ROOT) else r.svg}):")
    print(f"  smallest inscribed circle at 1000 px: {small[0][1]:.1f} px ({small[0][0]}); next "
          + ", ".join(f"{k} {v:.1f}" for k, v in small[1:]))
    print(f"  SVG size: {r.kb:.1f} KB, path vertices: {r.vertices}")
    print(f"  adjacency (border >= {MIN_BORDER_PX:g} px, plus declared straits): "
          f"missing {len(r.missing)}, extra {len(r.extra)}")
    print(f"  shortest shared borders: "
          + ", ".join(f"{a}-{b} {n:.1f}" for n, a, b in borders[:4])
          + f" (at least {MIN_VISIBLE_BORDER_PX:g} px)")
    print(f"  near misses (not adjacent, within {NEAR_PX:g} px over > {MAX_NEAR_RUN_PX:g} px): "
          f"{len(r.near_misses)}; labels or centre markers under a unit: {len(r.crowded)}")
    problems = r.problems()
    for p in problems:
        print(f"  PROBLEM {p}")
    print("  OK" if not problems else "  NOT MET")
    return not problems


def main(argv=None):
    from .designs import NAMES
    names = (sys.argv[1:] if argv is None else argv) or list(NAMES)
    ok = all([report(measure(n)) for n in names])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
