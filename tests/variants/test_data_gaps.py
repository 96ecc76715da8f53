"""Variant files that used to be accepted and now are refused, each with the file and field
at fault (issue 7): one planted defect per test, in a temp copy of the standard variant."""

import re

import pytest

from app.engine.variants.variant import VariantError, load_variant
from tests.variants.helpers import copy_variant, edit_json


def _refused(folder, file, field, *words):
    with pytest.raises(VariantError) as e:
        load_variant(str(folder))
    msg = str(e.value)
    named = re.match(rf"{re.escape(str(folder / file))}: field '([^']*)': ", msg)
    assert named and field in named.group(1), msg
    for w in words:
        assert w in msg, msg
    return msg


def _province(data, pid):
    return next(i for i, p in enumerate(data["provinces"]) if p["id"] == pid)


@pytest.mark.parametrize("year", [10000, 19010, -1901, 0])
def test_first_year_must_be_writable_with_four_digits(tmp_path, year):
    folder = copy_variant(tmp_path)
    edit_json(folder / "variant.json", lambda d: d.update(first_year=year))
    _refused(folder, "variant.json", "first_year", "from 1 to 9000")


@pytest.mark.parametrize("year", [1618, 901, 1, 99])
def test_another_year_is_fine(tmp_path, year):
    folder = copy_variant(tmp_path)
    edit_json(folder / "variant.json", lambda d: d.update(first_year=year))
    assert load_variant(str(folder)).first_year == year


def test_duplicate_province(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "provinces.json", lambda d: d["provinces"].append(dict(d["provinces"][_province(d, "mun")])))
    _refused(folder, "provinces.json", "provinces.75.id", "'mun'", "twice")


def test_duplicate_nation(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "nations.json", lambda d: d["nations"].append(dict(d["nations"][0], home_centres=[])))
    _refused(folder, "nations.json", "nations.7.name", "'Austria'", "twice")


def test_province_id_that_is_an_order_word(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "provinces.json", lambda d: d["provinces"].append(
        {"id": "to", "name": "Togo", "kind": "land"}))
    _refused(folder, "provinces.json", "provinces.75.id", "'to'", "order")


def test_alias_equal_to_another_provinces_id(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "provinces.json", lambda d: d["provinces"][_province(d, "ber")].update(aliases=["Mun"]))
    _refused(folder, "provinces.json", "aliases.0", "'Mun'", "'mun'")


def test_coast_on_an_inland_province(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "provinces.json", lambda d: d["coasts"].append(
        {"id": "mun/nc", "province": "mun", "name": "Munich (north coast)"}))
    _refused(folder, "provinces.json", "coasts.6.province", "'mun'", "inland")


def test_home_centre_shared_by_two_nations_is_home_to_both(tmp_path):
    # RULES.md §12: a centre may be home to several nations
    folder = copy_variant(tmp_path)
    edit_json(folder / "nations.json", lambda d: d["nations"][0]["home_centres"].append("mun"))
    v = load_variant(str(folder))
    assert "mun" in v.home_centres["Austria"] and "mun" in v.home_centres["Germany"]


def test_home_centre_listed_twice_for_one_nation(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "nations.json", lambda d: d["nations"][0]["home_centres"].append("vie"))
    _refused(folder, "nations.json", "home_centres", "'vie'", "listed twice", "Austria")


def test_start_centre_with_two_owners(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "start.json", lambda d: d["centres"]["Austria"].append("mun"))
    _refused(folder, "start.json", "centres.", "'mun'", "Austria", "Germany")


@pytest.mark.parametrize("field, edge", [("army", ["mun", "mun"]), ("fleet", ["spa/nc", "spa/sc"])])
def test_adjacency_from_a_province_to_itself(tmp_path, field, edge):
    folder = copy_variant(tmp_path)
    edit_json(folder / "adjacency.json", lambda d: d[field].append(edge))
    _refused(folder, "adjacency.json", f"{field}.", f"'{edge[0]}'", "same province")


def test_map_outside_the_folder(tmp_path):
    folder = copy_variant(tmp_path)
    edit_json(folder / "variant.json", lambda d: d.update(map="../../secret.svg"))
    _refused(folder, "variant.json", "map", "outside")
