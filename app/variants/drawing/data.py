"""What a drawing needs of a variant's data: provinces, kinds, names, centres, coasts, and
which provinces border (by army or fleet), read from the five JSON files as data."""

from __future__ import annotations

from dataclasses import dataclass, field

WIDTH = 1000.0      # boards are drawn 1000 wide (the legibility figures of geomcheck hold as they are)
MIN_BORDER = 3.0    # as app.variants.geomcheck
TOUCH = 0.5         # as app.mapgeo.terrain


@dataclass
class BoardData:
    """The variant's data, as the drawing needs it."""
    provinces: list[str]
    kinds: dict[str, str]
    names: dict[str, str]
    centres: set[str]
    coasts: dict[str, str]                          # coast id -> province
    pairs: set[frozenset]                           # adjacent province pairs (army or fleet)
    fleet: set[tuple[str, str]]                     # location pairs
    fleet_pairs: set[frozenset] = field(default_factory=set)

    @classmethod
    def of(cls, files: dict[str, dict]) -> "BoardData":
        provs = files["provinces.json"]["provinces"]
        coasts = {c["id"]: c["province"] for c in files["provinces.json"].get("coasts", [])}
        adj = files["adjacency.json"]
        pairs = {frozenset((a, b)) for a, b in adj["army"]}
        fleet = {tuple(e) for e in adj["fleet"]}
        fleet_pairs = {frozenset(x.split("/")[0] for x in e) for e in fleet}
        pairs |= fleet_pairs
        return cls([p["id"] for p in provs], {p["id"]: p["kind"] for p in provs},
                   {p["id"]: p["name"] for p in provs}, {p["id"] for p in provs if p.get("supply_centre")},
                   coasts, {p for p in pairs if len(p) == 2}, fleet, {p for p in fleet_pairs if len(p) == 2})
