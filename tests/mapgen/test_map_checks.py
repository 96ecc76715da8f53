"""The generated maps meet the legibility targets of tools.mapgen.check, and the
checks themselves catch the defects they are for (planted in small SVGs)."""
from __future__ import annotations

import pytest

from app.engine.variants.variant import load_variant
from app.mapgeo import load_map
from app.variants.check import check_variant
from app.engine.variants.variant_checks import data_problems
from tools.mapgen import check
from tools.mapgen.designs import NAMES as GENERATED


@pytest.fixture(scope="module")
def reports():
    return {}


def _report(reports, variant):
    if variant not in reports:
        reports[variant] = check.measure(variant)
    return reports[variant]


@pytest.mark.parametrize("variant", GENERATED)
def test_generated_map_meets_every_target(reports, variant):
    assert _report(reports, variant).problems() == []


@pytest.mark.parametrize("variant", [n for n in GENERATED if n != "standard"])
def test_new_variant_loads_in_the_engine_and_its_map_matches(reports, variant):
    v = load_variant(variant)
    board = _report(reports, variant).board
    assert set(board.provinces) == set(v.provinces)
    assert set(board.centre_anchors) == set(v.supply_centres)
    assert set(board.unit_anchors) == set(v.locations)
    assert {k: ("sea" if v.kind(k) == "sea" else "land") for k in v.provinces} == board.province_class
    assert 2 <= len(v.nation_names) <= 10 and v.victory_centres <= len(v.supply_centres)
    assert data_problems(v) == []
    assert check_variant(variant) == []   # `python -m app variant check`: no error, no warning


def test_standard_channel_and_north_sea_border_belgium_visibly(reports):
    """The case that started these checks: the Channel/North Sea border used to land
    on the Belgium/Picardy corner (7 px of Channel coast, a 4-way corner)."""
    r = _report(reports, "standard")
    board, scale = r.board, 1000.0 / r.board.view_box[2]
    for a, b in (("bel", "eng"), ("bel", "nth"), ("cly", "nwg")):
        assert board.shared_border(a, b) * scale >= check.MIN_VISIBLE_BORDER_PX, (a, b)
    assert board.provinces["nth"].distance(board.provinces["pic"]) * scale > check.NEAR_PX


def _svg(paths: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><g id="provinces">'
            + paths + "</g></svg>")


def _square(pid, x0, y0, x1, y1):
    return f'<path id="{pid}" class="province land land" d="M{x0},{y0} {x1},{y0} {x1},{y1} {x0},{y1}Z"/>'


def test_short_border_is_reported(tmp_path):
    # a and b meet along 8 px only (a notch), below the visible minimum
    f = tmp_path / "m.svg"
    f.write_text(_svg(_square("a", 0, 0, 100, 100)
                      + '<path id="b" class="province land land" d="M100,0 200,0 200,100 108,100 108,8 100,8Z"/>'
                      + '<path id="c" class="province land land" d="M100,8 108,8 108,100 100,100Z"/>'))
    board = load_map(f)
    pairs = {frozenset(p) for p in (("a", "b"), ("a", "c"), ("b", "c"))}
    assert check.short_borders(board, pairs, 1.0) == [("a", "b", 8.0)]


def test_four_way_corner_is_a_near_miss(tmp_path):
    # four squares meet in one point: the diagonal pairs are not adjacent but touch
    f = tmp_path / "m.svg"
    f.write_text(_svg(_square("nw", 0, 0, 100, 100) + _square("ne", 100, 0, 200, 100)
                      + _square("sw", 0, 100, 100, 200) + _square("se", 100, 100, 200, 200)))
    board = load_map(f)
    sides = {frozenset(p) for p in (("nw", "ne"), ("sw", "se"), ("nw", "sw"), ("ne", "se"))}
    near = check.near_misses(board, sides, 1.0)
    assert sorted((a, b) for a, b, _ in near) == [("ne", "sw"), ("nw", "se")]
    assert all(run == pytest.approx(2 * check.NEAR_PX, abs=0.2) for *_, run in near)
    # a clean three-province corner has no near miss
    assert check.near_misses(board, sides | {frozenset(("ne", "sw")), frozenset(("nw", "se"))}, 1.0) == []


def test_narrow_channel_between_unconnected_provinces_is_a_near_miss(tmp_path):
    f = tmp_path / "m.svg"
    f.write_text(_svg(_square("a", 0, 0, 100, 100) + _square("b", 102, 0, 200, 100)
                      + _square("c", 0, 100, 200, 200)))
    board = load_map(f)
    pairs = {frozenset(("a", "c")), frozenset(("b", "c"))}
    assert [(a, b) for a, b, _ in check.near_misses(board, pairs, 1.0)] == [("a", "b")]


def test_a_label_under_the_unit_is_reported(tmp_path):
    f = tmp_path / "m.svg"
    f.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><g id="provinces">'
                 + _square("aaa", 0, 0, 200, 200) + _square("bbb", 200, 0, 400, 200) + "</g>"
                 '<g id="labels"><text id="label-aaa" class="label" x="100" y="110">Aaa</text>'
                 '<text id="label-bbb" class="label" x="300" y="150">Bbb</text></g>'
                 '<g id="supply-centres"><circle id="sc-bbb" class="supply-centre" data-province="bbb" '
                 'cx="305" cy="103" r="4"/></g><g id="unit-anchors">'
                 '<circle id="unit-aaa" class="unit-anchor" data-location="aaa" cx="100" cy="100" r="0.5"/>'
                 '<circle id="unit-bbb" class="unit-anchor" data-location="bbb" cx="300" cy="100" r="0.5"/>'
                 "</g></svg>")
    assert check.crowded_markers(load_map(f)) == [("aaa", "a unit would cover the label"),
                                                  ("bbb", "a unit would cover the centre marker")]
