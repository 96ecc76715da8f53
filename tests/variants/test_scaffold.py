"""``variant new``: a folder a designer can start from."""

from app.engine.variants.variant import load_variant
from app.engine.variants.catalog import available
from app.variants.check import check_variant
from app.variants.cli import main


def test_new_in_the_user_folder_loads_and_lists_next_steps(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    assert main(["new", "alps"]) == 0
    folder = tmp_path / "userdata" / "variants" / "alps"
    assert "Next:" in capsys.readouterr().out
    assert load_variant("alps").folder == folder
    assert [r.source for r in available() if r.name == "alps"] == ["user"]
    problems = check_variant("alps")
    assert problems and all(p.severity == "warning" and "placeholder" in p.message for p in problems)
    assert {p.element for p in problems} >= {"title", "description", "provinces.4.name"}


def test_new_refuses_a_non_empty_folder_and_a_bad_name(tmp_path, capsys):
    target = tmp_path / "x"
    target.mkdir()
    (target / "keep.txt").write_text("mine")
    assert main(["new", str(target)]) == 2
    assert main(["new", str(tmp_path / "Bad Name")]) == 2
    assert (target / "keep.txt").read_text() == "mine"


def test_new_where_a_folder_cannot_be_is_one_clear_line(tmp_path, capsys):
    # A path that is a file, or lies inside one, gave a NotADirectoryError traceback.
    a_file = tmp_path / "notes"
    a_file.write_text("mine")
    assert main(["new", str(a_file)]) == 2
    assert "is a file" in capsys.readouterr().err and a_file.read_text() == "mine"
    assert main(["new", str(a_file / "alps")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: cannot make the variant") and str(a_file / "alps") in err


def test_new_refuses_a_built_in_variants_name(tmp_path, monkeypatch, capsys):
    # A user folder named like a built-in variant is never played nor checked (the built-in
    # one is found first), so 'variant new standard' made a folder whose edits changed nothing.
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    assert main(["new", "standard"]) == 2
    assert "built-in variant" in capsys.readouterr().err
    assert not (tmp_path / "userdata" / "variants" / "standard").exists()
    assert main(["new", str(tmp_path / "standard")]) == 0      # a folder given by path is found by path


def test_import_refuses_a_built_in_variants_name_without_out(tmp_path, monkeypatch, capsys):
    import shutil
    from pathlib import Path
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    source = tmp_path / "isles.map"
    shutil.copy(Path(__file__).parent / "data" / "lakes.map", source)
    assert main(["import", str(source)]) == 2
    err = capsys.readouterr().err
    assert "built-in variant" in err and "--out" in err
    assert not (tmp_path / "userdata" / "variants" / "isles").exists()
