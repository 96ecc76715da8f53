"""Import from the diplomacy package's .map text format, with a small file written by us
(tests/variants/data/lakes.map): what it holds is carried over, the rest is listed."""

from pathlib import Path

import pytest

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.variants.check import check_variant
from app.variants.cli import main
from app.variants.importer import ImportError_, import_map, import_variant

LAKES = Path(__file__).parent / "data" / "lakes.map"


@pytest.fixture
def lakes(tmp_path):
    folder = tmp_path / "lakes"
    imp = import_map(LAKES, folder)
    return folder, imp


def _pairs(edges):
    return {tuple(sorted(e)) for e in edges}


def test_what_the_format_holds_is_carried_over(lakes):
    folder, _ = lakes
    v = load_variant(str(folder))
    assert v.first_year == 1850 and v.victory_centres == 4
    assert v.nation_names == ("Northland", "Southmark")
    assert v.nations["Southmark"].adjective == "Southern"
    assert v.home_centres["Northland"] == {"nor", "hil"}
    assert set(v.supply_centres) == {"nor", "hil", "sou", "dal", "val"}
    assert sorted(v.start_units) == ["Northland A hil", "Northland F nor", "Southmark F sou/ec"]
    assert {p: m.kind for p, m in v.provinces.items()} == {
        "dal": "coast", "grl": "sea", "hil": "land", "nor": "coast", "sou": "coast", "val": "coast", "wbay": "sea"}
    assert set(v.coasts) == {"sou/ec", "sou/wc"}
    assert v.lookup_province("Great Lake") == "grl" and v.lookup_province("smark") == "sou"
    army = _pairs((a, b) for a, bs in v.army_adjacent.items() for b in bs)
    fleet = _pairs((a, b) for a, bs in v.fleet_adjacent.items() for b in bs)
    # lower case 'sou' in DAL's line: an army-only border (dal-sou is in army, not in fleet)
    assert army == {("dal", "hil"), ("dal", "nor"), ("dal", "sou"), ("hil", "nor"), ("hil", "val"), ("sou", "val")}
    assert fleet == {("dal", "grl"), ("dal", "nor"), ("grl", "nor"), ("grl", "sou/ec"), ("grl", "wbay"),
                     ("nor", "wbay"), ("sou/wc", "val"), ("sou/wc", "wbay"), ("val", "wbay")}


def test_what_is_not_carried_over_is_listed(lakes):
    _, imp = lakes
    notes = "\n".join(imp.notes)
    for needle in ("stand-in", "colours", "impassable 'ice'", "line 34: not understood", "sou(ec)"):
        assert needle in notes


def test_the_import_plays_on_its_stand_in_map_which_the_check_finds_right(lakes):
    folder, _ = lakes
    g = Game.new(str(folder))
    g.submit_text(["Northland: A hil - val", "Southmark: F sou/ec - grl"])
    board = g.world.boards[g.world.active_boards()[0]]
    assert board.units["val"].nation == "Northland" and board.units["grl"].nation == "Southmark"
    assert [str(p) for p in check_variant(str(folder)) if p.severity == "error"] == []


def test_command_and_bad_files(tmp_path, capsys):
    assert main(["import", str(LAKES), "--out", str(tmp_path / "x")]) == 0
    out = capsys.readouterr().out
    assert "Not carried over, or changed:" in out and "loads and plays" in out
    assert main(["import", str(LAKES), "--out", str(tmp_path / "x")]) == 2  # not empty: refused
    bad = tmp_path / "bad.map"
    bad.write_text("hello world\n")
    with pytest.raises(ImportError_, match="bad.map"):
        import_map(bad, tmp_path / "y")
    assert main(["import", str(bad), "--out", str(tmp_path / "z")]) == 2


def test_a_coast_of_a_province_the_map_never_declares_is_named(tmp_path, capsys):
    """``COAST SOU/EC ABUTS …`` with no ``… SOU ABUTS …`` line: the file and the coast are
    named (the importer failed with KeyError: 'sou')."""
    text = "\n".join(line for line in LAKES.read_text().splitlines() if not line.startswith("COAST   sou "))
    bad = tmp_path / "coastal.map"
    bad.write_text(text)
    with pytest.raises(ImportError_, match=r"coastal\.map.*SOU/EC.*SOU"):
        import_map(bad, tmp_path / "y")
    assert main(["import", str(bad), "--out", str(tmp_path / "z")]) == 2
    assert "SOU/EC" in capsys.readouterr().err


def test_a_power_nobody_plays_is_the_neutral_power_and_its_centres_start_neutral(tmp_path):
    # DUMMY marks a power nobody plays (known_world_901's NEUTRAL-STATE guards 49 centres):
    # here it is the variant's neutral power (RULES.md §12), its units placed to hold.
    source = tmp_path / "wardens.map"
    source.write_text(LAKES.read_text().replace(
        "UNOWNED DAL VAL\n", "WARDENS (WARDEN) DAL VAL\nDUMMY\nA DAL\nA VAL\n"))
    draft = import_map(source, tmp_path / "wardens")
    v = load_variant(str(tmp_path / "wardens"))
    assert v.nation_names == ("Northland", "Southmark") and v.neutral_nation == "Wardens"
    assert sorted(v.start_units) == ["Northland A hil", "Northland F nor", "Southmark F sou/ec",
                                     "Wardens A dal", "Wardens A val"]
    assert set(v.supply_centres) == {"nor", "hil", "sou", "dal", "val"}
    assert {c for cs in v.start_centres.values() for c in cs} == {"nor", "hil", "sou"}
    assert v.home_centres["Wardens"] == frozenset()
    note = next(n for n in draft.notes if "DUMMY" in n)
    assert "neutral power Wardens" in note and "2 units hold" in note and "2 centres count for no nation" in note
    assert not any("left out" in n and "Wardens" in n for n in draft.notes)
    assert [str(p) for p in check_variant(str(tmp_path / "wardens")) if p.severity == "error"] == []


def test_a_victory_of_half_the_centres_is_raised_and_said(tmp_path):
    """Lakes has 5 centres; a source asking for 2 would let two nations win at once."""
    source = tmp_path / "lakes.map"
    source.write_text(LAKES.read_text().replace("VICTORY 4", "VICTORY 2"))
    draft = import_variant(source, tmp_path / "out")
    assert load_variant(str(tmp_path / "out")).victory_centres == 3
    assert any("the source's 2 of 5 centres is not more than half; here it is 3" in n for n in draft.notes)


def test_a_drawing_that_cannot_be_used_is_said_once(tmp_path):
    """The note said both 'the source has no drawing' and 'the package's drawing could not be used'."""
    (tmp_path / "svg").mkdir()
    (tmp_path / "svg" / "lakes.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"/>')
    source = tmp_path / "lakes.map"
    source.write_text(LAKES.read_text())
    draft = import_variant(source, tmp_path / "out")
    said = [n for n in draft.notes if n.startswith("map:") or "could not be used" in n]
    assert len(said) == 1 and "lakes.svg could not be used" in said[0] and "has no drawing" not in said[0], said
