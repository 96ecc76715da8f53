"""A variant whose files passed every check is remembered (its validated form, in the data
folder) and loads again without pydantic; any change to the files, or a damaged record,
checks them again (issue 24: the window's start imports no pydantic)."""

import json
import shutil
import subprocess
import sys

import pytest

from app.engine.variants.variant import VariantError, checked_path, load_variant, read_variant


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "data"))
    dst = tmp_path / "mine"
    shutil.copytree(load_variant("standard").folder, dst)
    load_variant.cache_clear()
    yield dst
    load_variant.cache_clear()


def _kept(folder):
    return list((folder.parent / "data" / "cache" / "variants").glob("*.json"))


def _same(a, b):
    for attr in ("name", "title", "first_year", "victory_centres", "nation_names", "supply_centres", "kinds",
                 "home_centres", "home_nation", "coasts_of", "army_adjacent", "fleet_adjacent",
                 "fleet_adjacent_provinces", "start_units", "start_centres", "locations"):
        assert getattr(a, attr) == getattr(b, attr), attr
    for p in a.provinces:
        pa, pb = a.provinces[p], b.provinces[p]
        assert (pa.id, pa.name, pa.kind, pa.supply_centre, list(pa.aliases)) == \
               (pb.id, pb.name, pb.kind, pb.supply_centre, list(pb.aliases))
    for n in a.nations:
        na, nb = a.nations[n], b.nations[n]
        assert (na.adjective, na.colour, list(na.home_centres)) == (nb.adjective, nb.colour, list(nb.home_centres))
    assert a.meta.description == b.meta.description and a.meta.map == b.meta.map
    assert [a.place_name(x) for x in a.locations] == [b.place_name(x) for x in b.locations]


def test_a_checked_variant_is_remembered_and_reads_back_the_same(folder):
    first = read_variant(folder)
    assert len(_kept(folder)) == 1
    again = read_variant(folder)
    assert type(again.provinces["spa"]).__name__ == "Province"       # from the remembered form
    checked = read_variant(folder, remembered=False)                  # checked again, with pydantic
    _same(again, checked)
    _same(first, again)
    # the files as models, for the checks and the designer's tools: validated when asked
    assert again.files["adjacency.json"] == checked.files["adjacency.json"]
    assert again.files["provinces.json"] == checked.files["provinces.json"]


def test_a_changed_file_is_checked_again_and_its_fault_named(folder):
    read_variant(folder)
    path = folder / "nations.json"
    data = json.loads(path.read_text())
    data["nations"][0]["colour"] = "red"
    path.write_text(json.dumps(data))
    with pytest.raises(VariantError, match=r"nations\.json: field 'nations\.0\.colour'"):
        read_variant(folder)


def test_a_damaged_record_is_checked_again(folder):
    read_variant(folder)
    [kept] = _kept(folder)
    kept.write_text('{"variant.json": {"name": 5')
    v = read_variant(folder)
    assert type(v.provinces["spa"]).__name__ == "ProvinceModel"      # validated again
    assert json.loads(kept.read_text())["variant.json"]["name"] == "standard"   # and remembered again


def test_the_map_is_looked_at_every_time(folder):
    read_variant(folder)
    (folder / "map.svg").unlink()
    with pytest.raises(VariantError, match="no file 'map.svg'"):
        read_variant(folder)


def test_the_digest_names_the_text_and_the_checking_code(folder):
    texts = {name: (folder / name).read_text() for name in ("variant.json", "provinces.json", "adjacency.json",
                                                           "nations.json", "start.json")}
    one = checked_path(texts)
    texts["start.json"] += " "
    assert checked_path(texts) != one


def test_a_remembered_variant_loads_without_pydantic(folder):
    read_variant(folder)
    code = (f"import sys; from app.engine.variants.variant import load_variant; v = load_variant({str(folder)!r}); "
            "print(len(v.provinces), 'pydantic' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         env={**__import__("os").environ})
    assert out.stdout.split() == ["75", "False"], out.stderr
