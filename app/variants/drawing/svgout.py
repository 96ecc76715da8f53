"""A board (:class:`.mend.Board`) written as an SVG that follows docs/map-conventions.md:
provinces, impassable areas, split coasts, straits, labels, centre markers, unit anchors."""

from __future__ import annotations

import shapely
from shapely.geometry import Point
from shapely.ops import nearest_points

from app.variants.scaffold import xml_escape

from .data import WIDTH, BoardData
from .mend import Board, coast_lines, inside_towards, parts, pole

STYLE = """.sea{fill:#a9c8e0;stroke:#7fa3c2;stroke-width:0.8}
.land{fill:#efe5c8;stroke:#6e5f45;stroke-width:1.0;stroke-linejoin:round}
.impassable{fill:#8a8173;stroke:none}
.split-coast{fill:none;stroke:none}
.strait{stroke:#6b4a2b;stroke-width:2.6;stroke-linecap:round;stroke-dasharray:0.7,3.4}
.label{font-family:'DejaVu Sans',Verdana,sans-serif;font-size:9px;font-weight:bold;fill:#3b3226;text-anchor:middle;dominant-baseline:central}
.label.sea-label{fill:#2f5678;font-style:italic;font-weight:normal}
.supply-centre{fill:#2b2418;stroke:#fffdf5;stroke-width:1.5}
.unit-anchor{fill:none;stroke:none}"""



def write_svg(data: BoardData, board: Board, height: float, title: str,
              unit_hints: dict[str, tuple[float, float]] | None = None,
              centre_hints: dict[str, tuple[float, float]] | None = None) -> str:
    """The SVG text of ``board`` (1000 wide, ``height`` high). ``unit_hints`` and
    ``centre_hints`` are where a source drawing put units and centre markers; each is used
    when it lies well inside its province."""
    ids = data.provinces
    poles = {p: pole(board.cells[p]) for p in ids}
    lines = coast_lines(data, board)  # may add straits
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {WIDTH:g} {height:.0f}" '
           f'width="{WIDTH:g}" height="{height:.0f}">', f"<title>{xml_escape(title)}</title>",
           f"<style>{STYLE}</style>", '<g id="provinces">']
    for p in ids:
        cls = "sea" if data.kinds[p] == "sea" else "land"
        out.append(f'<path id="{p}" class="province {cls}" d="{_path_d(board.cells[p])}"/>')
    out.append('</g>\n<g id="impassable">')
    for i, g in enumerate(board.blocked):
        out.append(f'<path id="impassable-{i + 1}" class="impassable land" d="{_path_d(g)}"/>')
    out.append('</g>\n<g id="coasts">')
    for c, line in lines.items():
        out.append(f'<path id="coast-{c.replace("/", "-")}" class="split-coast" data-location="{c}" '
                   f'd="{_line_d(line)}"/>')
    out.append('</g>\n<g id="straits">')
    for a, b in board.straits:
        pa, pb = nearest_points(board.cells[a], board.cells[b])
        sa = inside_towards(board.cells[a], pa, poles[a][0], 6)
        sb = inside_towards(board.cells[b], pb, poles[b][0], 6)
        out.append(f'<line id="strait-{a}-{b}" class="strait" data-from="{a}" data-to="{b}" '
                   f'x1="{sa.x:.1f}" y1="{sa.y:.1f}" x2="{sb.x:.1f}" y2="{sb.y:.1f}"/>')
    anchors, labels, markers = _markers(data, board, poles, lines, unit_hints or {}, centre_hints or {})
    anchors = _within_frame(anchors, data, board, height)
    out.append('</g>\n<g id="labels">')
    for p in ids:
        x, y, text = labels[p]
        cls = "label sea-label" if data.kinds[p] == "sea" else "label"
        out.append(f'<text id="label-{p}" class="{cls}" x="{x:.1f}" y="{y:.1f}">{xml_escape(text)}</text>')
    out.append('</g>\n<g id="supply-centres">')
    for p, (x, y) in markers.items():
        out.append(f'<circle id="sc-{p}" class="supply-centre" data-province="{p}" cx="{x:.1f}" cy="{y:.1f}" r="4.2"/>')
    out.append('</g>\n<g id="unit-anchors">')
    for loc, (x, y) in anchors.items():
        out.append(f'<circle id="unit-{loc.replace("/", "-")}" class="unit-anchor" data-location="{loc}" '
                   f'cx="{x:.1f}" cy="{y:.1f}" r="0.5"/>')
    out.append("</g>\n</svg>\n")
    return "\n".join(out)


def _markers(data: BoardData, board: Board, poles, lines, unit_hints, centre_hints):
    """Unit anchors at the poles of inaccessibility (or where a source drawing put them) and
    split coasts on their stretch of coast; labels above the unit, centre markers beside it
    (or where the source put them); each inside its province."""
    anchors: dict[str, tuple[float, float]] = {}
    labels: dict[str, tuple[float, float, str]] = {}
    markers: dict[str, tuple[float, float]] = {}
    for p in data.provinces:
        cell = board.cells[p]
        (c, r) = poles[p]
        if p in unit_hints and _well_inside(cell, unit_hints[p], 10):
            c = Point(unit_hints[p])
        anchors[p] = (c.x, c.y)
        text = data.names[p] if len(data.names[p]) * 5.6 <= 2 * r - 6 else p.upper()
        spot = _clear_spot(cell, c, [(0, -1)], (19, 16, 13, 10, 7), 5.0) or c
        labels[p] = (spot.x, spot.y, text)
        if p in data.centres and p in centre_hints and _well_inside(cell, centre_hints[p], 4) \
                and Point(centre_hints[p]).distance(c) >= 14:
            markers[p] = centre_hints[p]
        elif p in data.centres:
            dirs = [(0.82, 0.57), (-0.82, 0.57), (0.0, 1.0), (1.0, 0.0), (-1.0, 0.0), (0.82, -0.57), (-0.82, -0.57)]
            spot = _clear_spot(cell, c, dirs, (17, 15), 5.0, avoid=Point(spot.x, spot.y)) \
                or _clear_spot(cell, c, dirs, (13, 10, 7), 4.5) or c
            markers[p] = (spot.x, spot.y)
    for coast, prov in data.coasts.items():
        line = lines[coast]
        longest = max(shapely.get_parts(line), key=lambda g: g.length)
        mid = longest.interpolate(0.5, normalized=True)
        spot = inside_towards(board.cells[prov], mid, poles[prov][0], 9)
        hint = unit_hints.get(coast)
        if hint and _well_inside(board.cells[prov], hint, 4) and line.distance(Point(hint)) <= 14:
            spot = Point(hint)
        anchors[coast] = (spot.x, spot.y)
    return anchors, labels, markers


UNIT_MARK = 13.5
"""A unit's marker reaches this far from its anchor (map units): an anchor nearer the board's
edge draws a unit cut off by it."""


def _within_frame(anchors: dict[str, tuple[float, float]], data: BoardData, board: Board,
                  height: float) -> dict[str, tuple[float, float]]:
    """Each anchor where its unit's marker stays on the board: an anchor nearer the edge (a
    thin province along it, a coast's middle out at the rim) moves to the nearest point of
    its province that is far enough in, when the province has one."""
    frame = shapely.box(UNIT_MARK, UNIT_MARK, WIDTH - UNIT_MARK, height - UNIT_MARK)
    out = {}
    for loc, (x, y) in anchors.items():
        if min(x, y, WIDTH - x, height - y) >= UNIT_MARK:
            out[loc] = (x, y)
            continue
        room = board.cells[data.coasts.get(loc, loc)].intersection(frame)
        if room.is_empty or room.area <= 0:
            out[loc] = (x, y)
            continue
        inner = room.buffer(-1.0)                  # a hair inside, not on the province's border
        spot = nearest_points(inner if not inner.is_empty else room, Point(x, y))[0]
        out[loc] = (spot.x, spot.y)
    return out


def _well_inside(cell, xy: tuple[float, float], margin: float) -> bool:
    pt = Point(xy)
    return bool(cell.contains(pt)) and cell.boundary.distance(pt) >= margin


def _clear_spot(cell, c: Point, dirs, reaches, margin: float, avoid: Point | None = None) -> Point | None:
    """The first point ``reach`` from ``c`` along one of ``dirs`` that lies ``margin`` inside
    ``cell`` (and 9 px from ``avoid``, a label)."""
    for reach in reaches:
        for dx, dy in dirs:
            p = Point(c.x + dx * reach, c.y + dy * reach)
            if cell.contains(p) and cell.boundary.distance(p) >= margin and \
                    (avoid is None or abs(p.y - avoid.y) > 9 or abs(p.x - avoid.x) > 30):
                return p
    return None


def _path_d(geom) -> str:
    out = []
    for part in parts(geom):
        for ring in [part.exterior, *part.interiors]:
            pts = list(ring.coords)[:-1]
            out.append("M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + "Z")
    return "".join(out)


def _line_d(geom) -> str:
    out = []
    for part in shapely.get_parts(geom):
        if part.geom_type == "LineString" and len(part.coords) >= 2:
            out.append("M" + " ".join(f"{x:.1f},{y:.1f}" for x, y in part.coords))
    return "".join(out)
