"""Variant folders: found by name (built-in, then the user's folder) or by path."""

import os

import pytest

from app.engine.game import Game
from app.engine.variants.variant import VariantError, load_variant
from app.engine.variants.catalog import available, find_folder, user_variants_dir
from tests.variants.helpers import copy_variant, edit_json


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))


def test_standard_is_one_folder_with_its_map():
    v = load_variant("standard")
    assert v.map_path.parent == v.folder and v.map_path.suffix == ".svg" and v.map_path.is_file()
    assert v.ref == "standard"


def test_built_in_user_and_path_variants_are_listed(tmp_path):
    user = user_variants_dir(create=True)
    mine = copy_variant(user.parent / "variants", as_name="mine")
    edit_json(mine / "variant.json", lambda d: d.update(title="My Europe"))
    elsewhere = copy_variant(tmp_path, as_name="elsewhere")
    refs = {r.name: r for r in available([elsewhere])}
    assert refs["standard"].source == "built-in"
    assert refs["mine"].source == "user" and refs["mine"].title == "My Europe"
    assert refs[str(elsewhere.resolve())].source == "path"
    assert load_variant("mine").folder == mine and load_variant("mine").ref == "mine"


def test_a_user_folder_cannot_shadow_a_built_in_one(tmp_path):
    copy_variant(user_variants_dir(create=True), as_name="standard")
    assert [r.source for r in available() if r.name == "standard"] == ["built-in"]


def test_load_by_folder_path_and_save_round_trip(tmp_path):
    folder = copy_variant(tmp_path, as_name="alt")
    v = load_variant(str(folder))
    assert v.folder == folder.resolve() and v.ref == str(folder.resolve())
    path = tmp_path / "g.json"
    Game.new(v).save(path)
    assert Game.load(path).variant is v


def test_edited_folder_is_read_again(tmp_path):
    folder = copy_variant(tmp_path, as_name="alt")
    first = load_variant(str(folder))
    assert load_variant(str(folder)) is first
    edit_json(folder / "variant.json", lambda d: d.update(title="Changed"))
    st = (folder / "variant.json").stat()
    os.utime(folder / "variant.json", ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    assert load_variant(str(folder)).title == "Changed"


def test_unknown_variant_names_itself():
    with pytest.raises(VariantError, match="'atlantis'"):
        load_variant("atlantis")
    assert find_folder("atlantis") is None


@pytest.mark.parametrize("bad", ["../standard/map.svg", "/etc/passwd", "map.png", "nomap.svg"])
def test_map_must_be_an_svg_inside_the_folder(tmp_path, bad):
    folder = copy_variant(tmp_path)
    edit_json(folder / "variant.json", lambda d: d.update(map=bad))
    with pytest.raises(VariantError) as e:
        load_variant(str(folder))
    assert "variant.json" in str(e.value) and "field 'map'" in str(e.value)
