"""The standard variant's data files against independently written map facts, and
clear errors for broken variant files."""

import json
import shutil

import pytest

from app.engine.variants.variant import VariantError, load_variant, parse_unit_text
from tests.engine import standard_facts as facts


def _edges(text):
    return {tuple(e.split("-")) for e in text.split()}


@pytest.fixture(scope="module")
def v():
    return load_variant("standard")


def test_provinces_and_kinds(v):
    want = dict(p.split(":") for p in facts.PROVINCES.split())
    assert {p: m.kind for p, m in v.provinces.items()} == want
    assert len(v.provinces) == 75


def test_names(v):
    want = dict(line.split("=", 1) for line in facts.NAMES.strip().splitlines())
    assert {p: m.name for p, m in v.provinces.items()} == want


def test_coasts(v):
    assert set(v.coasts) == set(facts.COASTS.split())


def test_army_adjacency(v):
    got = {tuple(sorted((a, b))) for a, bs in v.army_adjacent.items() for b in bs}
    assert got == _edges(facts.ARMY_EDGES)


def test_fleet_adjacency(v):
    got = {tuple(sorted((a, b))) for a, bs in v.fleet_adjacent.items() for b in bs}
    assert got == _edges(facts.FLEET_EDGES)
    # Finland-Norway is a land border only: no fleet crosses it.
    assert "nwy" not in v.fleet_adjacent["fin"]
    assert "nwy" in v.army_adjacent["fin"]


def test_supply_centres_and_homes(v):
    want = dict(c.split(":") for c in facts.SUPPLY_CENTRES.split())
    assert set(v.supply_centres) == set(want) and len(want) == 34
    for centre, home in want.items():
        assert v.home_nation.get(centre, "-") == home


def test_starting_units_and_ownership(v):
    assert sorted(v.start_units) == sorted(facts.STARTING_UNITS.strip().splitlines())
    for n, cs in v.start_centres.items():
        assert set(cs) == v.home_centres[n]


def test_nations_have_colours(v):
    assert len(v.nations) == 7
    assert all(n.colour.startswith("#") and len(n.colour) == 7 for n in v.nations.values())


@pytest.fixture
def broken(tmp_path):
    src = load_variant("standard").folder
    dst = tmp_path / "broken"
    shutil.copytree(src, dst)
    load_variant.cache_clear()
    yield dst
    load_variant.cache_clear()


def _edit(path, fn):
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data))


def test_bad_field_names_file_and_field(broken):
    _edit(broken / "provinces.json", lambda d: d["provinces"][3].update(kind="mountain"))
    with pytest.raises(VariantError) as e:
        load_variant(str(broken))
    assert "provinces.json" in str(e.value) and "provinces.3.kind" in str(e.value)


def test_unknown_location_in_adjacency(broken):
    _edit(broken / "adjacency.json", lambda d: d["army"].append(["mun", "atlantis"]))
    with pytest.raises(VariantError) as e:
        load_variant(str(broken))
    assert "adjacency.json" in str(e.value) and "atlantis" in str(e.value)


def test_invalid_json(broken):
    (broken / "nations.json").write_text('{"nations": [')
    with pytest.raises(VariantError) as e:
        load_variant(str(broken))
    assert "nations.json" in str(e.value) and "not valid JSON" in str(e.value)


def test_bad_starting_unit(broken):
    _edit(broken / "start.json", lambda d: d["units"].append("Germany F mun"))
    with pytest.raises(VariantError) as e:
        load_variant(str(broken))
    assert "start.json" in str(e.value) and "units.22" in str(e.value)


def test_parse_unit_text(v):
    assert parse_unit_text("Russia F stp/sc", v) == ("Russia", "F", "stp/sc")
    with pytest.raises(ValueError, match="cannot stand"):
        parse_unit_text("Russia F stp", v)
