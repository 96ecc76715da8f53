"""Terrain and adjacency read off a map's geometry: what the drawing says the data should be.

The map generator writes a new variant's data with it (``tools/mapgen/derive.py``), and
``variant check`` compares a variant's data with its drawing through it
(:mod:`app.variants.geomcheck`), so both read a drawing the same way:

- terrain: ``sea`` for water, ``coast`` for land sharing a border with a sea, ``land``
  otherwise;
- army edges: land/coast pairs sharing at least ``min_border`` of border, plus the straits;
- fleet edges: sea-sea and sea-coast pairs sharing a border; two coastal provinces when their
  shared border reaches a sea both of them border (a fleet sails along that coast); straits
  between two coastal provinces. A split coast (``coasts``: id -> (seas, a point on that
  coast)) is joined only to the seas it lists and along borders that reach one of them; when
  both coasts of a province list the sea a border reaches, the coast whose point is nearer
  the border takes the edge.

    >>> from shapely.geometry import box
    >>> t = derive_terrain({"a": box(0, 0, 10, 10), "b": box(10, 0, 20, 10), "s": box(0, 10, 20, 20)}, {"s"})
    >>> t.kinds["a"], sorted(t.fleet)
    ('coast', [('a', 'b'), ('a', 's'), ('b', 's')])
"""

from __future__ import annotations

from dataclasses import dataclass, field

import shapely
from shapely.geometry import Point
from shapely.strtree import STRtree

MIN_BORDER = 3.0   # a shared border this long (map units) makes two regions adjacent
TOUCH = 0.5        # a border "reaches" a sea when one of its ends is this close to it


class TerrainError(ValueError):
    """The coasts given do not fit the geometry (a coast lists a sea its province does not border)."""


@dataclass
class Terrain:
    kinds: dict[str, str]
    borders: dict[frozenset, object]                 # pairs sharing at least min_border -> the border
    army: set[tuple[str, str]] = field(default_factory=set)
    fleet: set[tuple[str, str]] = field(default_factory=set)      # location pairs (coasts as "spa/nc")
    coast_seas: dict[frozenset, set[str]] = field(default_factory=dict)  # coastal pair -> seas its border reaches

    def neighbours(self, p: str) -> set[str]:
        return {o for pair in self.borders if p in pair for o in pair if o != p}


def derive_terrain(regions: dict[str, object], water: set[str],
                   coasts: dict[str, tuple[list[str], Point]] | None = None,
                   straits: list[tuple[str, str]] = (), min_border: float = MIN_BORDER,
                   touch: float = TOUCH) -> Terrain:
    """The terrain and adjacency that the geometry of ``regions`` (id -> shapely polygon;
    ``water`` the seas) shows."""
    coasts = coasts or {}
    ids = sorted(regions)
    geoms = [regions[k] for k in ids]
    tree = STRtree(geoms)
    border: dict[frozenset, object] = {}
    for i, a in enumerate(ids):
        for j in tree.query(geoms[i], predicate="intersects"):
            b = ids[int(j)]
            if a < b:
                line = regions[a].boundary.intersection(regions[b].boundary)
                if line.length >= min_border:
                    border[frozenset((a, b))] = line
    seas = {k for k in ids if k in water}
    nbrs = {k: {o for p in border if k in p for o in p if o != k} for k in ids}
    kind = {k: "sea" if k in seas else ("coast" if nbrs[k] & seas else "land") for k in ids}
    coasts_of: dict[str, list[str]] = {}
    for cid, (cseas, _point) in coasts.items():
        prov = cid.split("/")[0]
        coasts_of.setdefault(prov, []).append(cid)
        for s in cseas:
            if frozenset((prov, s)) not in border:
                raise TerrainError(f"coast {cid} lists {s}, which does not border {prov}")

    def fleet_places(prov: str, sea: str, where=None) -> list[str]:
        """Where a fleet of ``prov`` stands to reach ``sea`` (at the point ``where``)."""
        if prov not in coasts_of:
            return [prov]
        found = [c for c in coasts_of[prov] if sea in coasts[c][0]]
        if len(found) > 1 and where is not None:
            found = [min(found, key=lambda c: coasts[c][1].distance(where))]
        return found

    out = Terrain(kind, border)
    for pair, line in border.items():
        a, b = sorted(pair)
        if "sea" not in (kind[a], kind[b]):
            out.army.add((a, b))
        if kind[a] == kind[b] == "sea":
            out.fleet.add((a, b))
        elif "sea" in (kind[a], kind[b]):
            land, sea = (a, b) if kind[b] == "sea" else (b, a)
            if kind[land] == "coast":
                for loc in fleet_places(land, sea):
                    out.fleet.add(tuple(sorted((loc, sea))))
        elif kind[a] == kind[b] == "coast":
            # a fleet sails along the coast where the border meets a sea both border
            common = nbrs[a] & nbrs[b] & seas
            merged = shapely.line_merge(line) if line.geom_type == "MultiLineString" else line
            for end in shapely.get_parts(merged.boundary):
                for s in common:
                    if regions[s].distance(end) < touch:
                        out.coast_seas.setdefault(pair, set()).add(s)
                        for la in fleet_places(a, s, end):
                            for lb in fleet_places(b, s, end):
                                out.fleet.add(tuple(sorted((la, lb))))
    for a, b in straits:
        if a not in kind or b not in kind:
            continue
        if "sea" not in (kind[a], kind[b]):
            out.army.add(tuple(sorted((a, b))))
        if kind[a] == kind[b] == "coast":
            out.fleet.add(tuple(sorted((a, b))))
    return out
