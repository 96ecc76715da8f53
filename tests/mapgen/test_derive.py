"""The generator derives terrain and adjacency from geometry; on the standard map the
derivation gives back the hand-kept data exactly (army and fleet edges, split coasts,
straits), which is what new variants rely on."""
from __future__ import annotations

import dataclasses
import json

import pytest

from app.mapgeo import load_map
from tools.mapgen import designs
from tools.mapgen.check import DATA, svg_of
from tools.mapgen.derive import DesignError, derive
from tools.mapgen.partition import make_warp

# a point on each split coast (lon, lat), to tell them apart where one sea touches both
COAST_POINTS = {"spa/nc": (-5.0, 43.5), "spa/sc": (-1.0, 37.5), "bul/ec": (28.0, 43.0),
                "bul/sc": (25.0, 40.9), "stp/nc": (40.0, 67.0), "stp/sc": (28.0, 60.0)}


def _standard_as_design():
    folder = DATA / "standard"
    prov = json.loads((folder / "provinces.json").read_text())
    adj = json.loads((folder / "adjacency.json").read_text())
    kind = {p["id"]: p["kind"] for p in prov["provinces"]}
    seas_of: dict[str, list[str]] = {}
    for a, b in adj["fleet"]:
        for x, y in ((a, b), (b, a)):
            if "/" in x and kind.get(y) == "sea":
                seas_of.setdefault(x, []).append(y)
    spec = {"provinces": {p["id"]: (p["name"], p.get("supply_centre", False), p.get("aliases"))
                          for p in prov["provinces"]},
            "coasts": {c["id"]: (c["name"], seas_of[c["id"]], COAST_POINTS[c["id"]]) for c in prov["coasts"]},
            "nations": [], "units": [], "title": "Standard", "first_year": 1901,
            "victory_centres": 18, "description": ""}
    return dataclasses.replace(designs.load("standard"), VARIANT=spec), prov, adj


def _derive_from_svg(design):
    board = load_map(svg_of(DATA / "standard"))
    water = {k for k, c in board.province_class.items() if c == "sea"}
    return derive(design, board.provinces, water, make_warp(design)[0])


def test_standard_adjacency_is_derived_from_its_map():
    design, prov, adj = _standard_as_design()
    files = _derive_from_svg(design)
    for field in ("army", "fleet"):
        want = {tuple(sorted(e)) for e in adj[field]}
        got = {tuple(e) for e in files["adjacency.json"][field]}
        assert (sorted(want - got), sorted(got - want)) == ([], []), field
    kinds = {p["id"]: p["kind"] for p in files["provinces.json"]["provinces"]}
    assert kinds == {p["id"]: p["kind"] for p in prov["provinces"]}


def test_a_province_the_design_does_not_name_is_refused():
    design, *_ = _standard_as_design()
    names = dict(design.VARIANT["provinces"])
    del names["mun"]
    broken = dataclasses.replace(design, VARIANT={**design.VARIANT, "provinces": names})
    with pytest.raises(DesignError, match="mun"):
        _derive_from_svg(broken)


def test_a_split_coast_on_a_sea_its_province_does_not_border_is_refused():
    design, *_ = _standard_as_design()
    coasts = dict(design.VARIANT["coasts"])
    name, seas, point = coasts["spa/nc"]
    coasts["spa/nc"] = (name, [*seas, "bal"], point)
    broken = dataclasses.replace(design, VARIANT={**design.VARIANT, "coasts": coasts})
    with pytest.raises(DesignError, match="spa/nc lists bal"):
        _derive_from_svg(broken)
