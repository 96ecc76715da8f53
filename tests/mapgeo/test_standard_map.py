"""The committed standard map agrees with the variant's data.

Parses ``app/variants/builtin/standard/map.svg`` with ``app.mapgeo`` (the module the UI
uses) and compares it with ``app/variants/builtin/standard``.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.mapgeo import load_map

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "app" / "variants" / "builtin" / "standard"
SVG = DATA / "map.svg"
# Two provinces are adjacent on the board when their shared border is at
# least this long (SVG user units; the board is 1000 units wide).  Corners
# where three or four provinces meet have length 0.
MIN_BORDER = 3.0


@pytest.fixture(scope="module")
def board():
    return load_map(SVG)


@pytest.fixture(scope="module")
def data():
    provinces = json.loads((DATA / "provinces.json").read_text())
    adjacency = json.loads((DATA / "adjacency.json").read_text())
    return provinces, adjacency


def _data_pairs(adjacency):
    return {frozenset((a.split("/")[0], b.split("/")[0]))
            for kind in ("army", "fleet") for a, b in adjacency[kind]}


def test_geometric_adjacency_equals_data(board, data):
    _, adjacency = data
    want = _data_pairs(adjacency)
    geometric = board.geometric_adjacency(MIN_BORDER)
    straits = board.strait_pairs()
    have = geometric | straits
    missing = sorted(tuple(sorted(p)) for p in want - have)
    extra = sorted(tuple(sorted(p)) for p in have - want)
    assert (missing, extra) == ([], [])
    assert len(want) == 206


def test_straits_are_water_not_land(board, data):
    """Strait connections are declared, and the two sides do not touch."""
    straits = board.strait_pairs()
    assert straits == {frozenset(p) for p in (("den", "swe"), ("con", "ank"), ("con", "smy"))}
    for pair in straits:
        a, b = sorted(pair)
        assert board.shared_border(a, b) == 0.0
        assert board.provinces[a].distance(board.provinces[b]) > 1.0


def test_no_near_miss_borders(board, data):
    """No pair of non-adjacent provinces touches along a sliver of border."""
    _, adjacency = data
    want = _data_pairs(adjacency)
    ids = sorted(board.provinces)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            if frozenset((a, b)) not in want:
                assert board.shared_border(a, b) < 0.5, (a, b)


def test_every_data_element_is_in_the_svg_and_back(board, data):
    provinces, _ = data
    pids = {p["id"] for p in provinces["provinces"]}
    coasts = {c["id"] for c in provinces["coasts"]}
    centres = {p["id"] for p in provinces["provinces"] if p.get("supply_centre")}
    assert set(board.provinces) == pids
    assert set(board.coasts) == coasts
    assert set(board.unit_anchors) == pids | coasts
    assert set(board.label_anchors) == pids
    assert set(board.centre_anchors) == centres
    assert len(centres) == 34
    kinds = {p["id"]: ("sea" if p["kind"] == "sea" else "land") for p in provinces["provinces"]}
    assert board.province_class == kinds


def test_anchors_lie_in_their_province(board):
    for loc, (x, y) in board.unit_anchors.items():
        prov = loc.split("/")[0]
        assert board.province_at(x, y) == prov, loc
    for prov, (x, y) in board.centre_anchors.items():
        assert board.province_at(x, y) == prov, prov
    for prov, (x, y) in board.label_anchors.items():
        assert board.province_at(x, y) == prov, prov


def test_split_coast_anchor_is_near_its_coast(board):
    from shapely.geometry import Point
    for loc, line in board.coasts.items():
        assert line.length > 5
        x, y = board.unit_anchor(loc)
        assert line.distance(Point(x, y)) < 15, loc
    # the two coasts of a province are apart
    for prov in ("bul", "spa", "stp"):
        cs = [board.unit_anchor(c) for c in board.coasts if c.startswith(prov + "/")]
        (x1, y1), (x2, y2) = cs
        assert ((x1 - x2) ** 2 + (y1 - y2) ** 2) ** 0.5 > 12


def test_partition_is_a_clean_coverage(board):
    import shapely
    geoms = list(board.provinces.values()) + list(board.impassable.values()) \
        + list(board.impassable_water.values())
    for g in geoms:
        assert g.is_valid
    total = shapely.union_all(geoms)
    x, y, w, h = board.view_box
    assert total.area == pytest.approx(w * h, rel=1e-3)
    assert sum(g.area for g in geoms) == pytest.approx(w * h, rel=1e-3)  # no overlaps


def test_hit_testing(board):
    assert board.province_at(-10, -10) is None
    for k in ("mun", "nth", "bul", "stp"):
        x, y = board.label_anchor(k)
        assert board.province_at(x, y) == k
    # Switzerland is impassable
    sw = board.impassable["swi"].representative_point()
    assert board.province_at(sw.x, sw.y) is None
