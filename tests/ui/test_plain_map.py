"""The map kept as plain numbers between runs (app/ui/multiverse/plain_map.py): it answers
like the geometry it was made from, it is read back instead of the SVG, a damaged or stale
file is made again, and a start with it imports none of the SVG and geometry libraries."""

import json
from pathlib import Path

import pytest

from app.engine.variants.variant import load_variant
from app.mapgeo import load_map
from app.ui.multiverse import plain_map
from app.ui.multiverse.plain_map import PlainMap, cache_path, load_plain_map
from app.engine.variants.catalog import BUILTIN_DIR

from .helpers import start_app

VARIANTS = sorted(p.name for p in BUILTIN_DIR.iterdir() if (p / "variant.json").exists())


@pytest.mark.parametrize("name", VARIANTS)
def test_the_plain_map_finds_the_same_province_as_the_geometry_everywhere(name):
    geo = load_map(load_variant(name).map_path)
    plain = PlainMap.from_json(json.loads(json.dumps(PlainMap.from_geometry(geo).to_json())))
    x0, y0, w, h = geo.view_box
    step = max(w, h) / 120
    points = [(x0 + i * step + 0.37, y0 + j * step + 0.61) for i in range(int(w / step) + 1)
              for j in range(int(h / step) + 1)]
    # and points on the anchors, where clicks land most
    points += list(geo.unit_anchors.values()) + list(geo.centre_anchors.values())
    differ = [(x, y, geo.province_at(x, y), plain.province_at(x, y)) for x, y in points
              if geo.province_at(x, y) != plain.province_at(x, y)]
    assert not differ, differ[:10]
    assert plain.unit_anchors == {k: tuple(map(float, v)) for k, v in geo.unit_anchors.items()}
    assert plain.labels == geo.labels
    assert set(plain.provinces) == set(geo.provinces)


def test_a_second_load_reads_the_cache_not_the_svg(tmp_path, monkeypatch):
    svg = Path(load_variant("standard").map_path)
    first = load_plain_map(svg, tmp_path)
    assert cache_path(svg, tmp_path).is_file()

    def no_svg(path):
        raise AssertionError("the SVG was read again")
    import app.mapgeo
    monkeypatch.setattr(app.mapgeo, "load_map", no_svg)
    again = load_plain_map(svg, tmp_path)
    assert again.provinces == first.provinces
    assert again.coastline == first.coastline and again.straits == first.straits
    assert again.province_at(*first.unit_anchors["par"]) == "par"


@pytest.mark.parametrize("damage", ["not json at all", '{"format": 1, "view_box": [0, 0]}', "[1, 2, 3]",
                                    '{"format": 999}', ""])
def test_a_damaged_cache_file_is_made_again(tmp_path, damage):
    svg = Path(load_variant("standard").map_path)
    path = cache_path(svg, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(damage)
    plain = load_plain_map(svg, tmp_path)
    assert plain.province_at(*plain.unit_anchors["mun"]) == "mun"
    assert json.loads(path.read_text())["format"] == plain_map.FORMAT     # written afresh


def test_a_cache_file_with_a_point_cut_short_is_made_again(tmp_path):
    """A point of one number (a damaged file that is still JSON of the right shape)."""
    svg = Path(load_variant("standard").map_path)
    load_plain_map(svg, tmp_path)
    path = cache_path(svg, tmp_path)
    data = json.loads(path.read_text())
    first = next(iter(data["provinces"]))
    data["provinces"][first][0][0][0] = [1.0]
    path.write_text(json.dumps(data))
    plain = load_plain_map(svg, tmp_path)
    assert plain.province_at(*plain.unit_anchors["mun"]) == "mun"
    assert all(len(p) == 2 for p in plain.provinces[first][0][0])
    assert json.loads(path.read_text())["provinces"][first][0][0][0] != [1.0]    # written afresh


def test_a_changed_svg_is_read_again(tmp_path):
    src = Path(load_variant("standard").map_path)
    svg = tmp_path / "map.svg"
    svg.write_bytes(src.read_bytes())
    text = svg.read_text(encoding="utf-8")
    label = load_plain_map(svg, tmp_path / "cache").labels["par"]
    svg.write_text(text.replace(f">{label}<", ">Lutetia<", 1), encoding="utf-8")
    assert load_plain_map(svg, tmp_path / "cache").labels["par"] == "Lutetia"
    assert len(list((tmp_path / "cache").glob("*.json"))) == 2


def test_a_cache_folder_that_cannot_be_written_only_costs_the_cache(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would be")
    plain = load_plain_map(load_variant("standard").map_path, blocker / "maps")
    assert plain.province_at(*plain.unit_anchors["lon"]) == "lon"


def test_a_new_game_paints_without_the_svg_geometry_pins_or_computer_players(tmp_path):
    """The first start reads the SVG (and keeps its plain form and the names fitted to its
    regions); the next paints its first frame having imported none of shapely, numpy,
    svgelements, cryptography, the variant preview or the computer players (``modules``
    lists those imported by then)."""
    start_app(tmp_path, "--new", "sandbox")
    assert list((tmp_path / "cache" / "maps").glob("*-labels.json")), "the names are kept"
    second = start_app(tmp_path, "--new", "sandbox")
    assert second["what"] == "view"
    assert not set(second["modules"]) & {"numpy", "shapely", "svgelements", "cryptography", "app.mapgeo",
                                         "app.ui.preview", "app.bots.common"}, second["modules"]
