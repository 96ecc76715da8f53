"""Import of Parlance's .cfg variants (INI-style, DAIDE tokens, no geometry), on small files of
our own in that format (tests/variants/data/isthmus*.cfg): what the file holds is carried
over, the stand-in map plays, and the check finds nothing wrong with it."""

from pathlib import Path

import pytest

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.variants.check import check_variant
from app.variants.cli import main
from app.variants.importer import ImportError_, import_variant

DATA = Path(__file__).parent / "data"


def _pairs(table):
    return {tuple(sorted((a, b))) for a, bs in table.items() for b in bs}


@pytest.fixture(scope="module")
def isthmus(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cfg") / "isthmus"
    draft = import_variant(DATA / "isthmus.cfg", folder)
    return folder, draft


def test_what_the_file_holds_is_carried_over(isthmus):
    folder, _ = isthmus
    v = load_variant(str(folder))
    assert v.first_year == 1850 and v.title == "The Isthmus (imported)"
    assert v.nation_names == ("North", "South") and v.nations["South"].adjective == "Southern"
    assert {p: m.kind for p, m in v.provinces.items()} == {
        "nse": "sea", "nor": "coast", "ela": "coast", "hil": "land", "sou": "coast", "wba": "sea", "eba": "sea"}
    assert v.provinces["hil"].name == "The Hills" and set(v.coasts) == {"sou/ec", "sou/wc"}
    assert set(v.supply_centres) == {"nor", "hil", "sou", "ela"}
    assert v.home_centres == {"North": {"nor", "hil"}, "South": {"sou"}}
    assert sorted(v.start_units) == ["North A hil", "North F nor", "South F sou/ec"]
    assert _pairs(v.army_adjacent) == {("ela", "hil"), ("ela", "sou"), ("hil", "nor"), ("hil", "sou")}
    # NOR-ELA is listed under FLT only: fleets cross it, armies do not
    assert ("ela", "nor") in _pairs(v.fleet_adjacent) and "ela" not in v.army_adjacent["nor"]
    assert _pairs(v.fleet_adjacent) == {
        ("eba", "ela"), ("eba", "nse"), ("eba", "sou/ec"), ("eba", "wba"), ("ela", "nor"), ("ela", "nse"),
        ("ela", "sou/ec"), ("nor", "nse"), ("nse", "wba"), ("sou/wc", "wba")}


def test_what_is_not_carried_over_is_listed(isthmus):
    notes = "\n".join(isthmus[1].notes)
    for needle in ("stand-in", "colours", "one way only", "army hil → sou", "fleet sou/ec → ela"):
        assert needle in notes


def test_the_stand_in_plays_and_the_check_finds_nothing_wrong(isthmus):
    folder, _ = isthmus
    assert [str(p) for p in check_variant(str(folder)) if p.severity == "error"] == []
    g = Game.new(str(folder))
    g.submit_text(["North: A hil - ela", "South: F sou/ec - eba"])
    board = g.world.boards[g.world.active_boards()[0]]
    assert board.units["ela"].nation == "North" and board.units["eba"].nation == "South"


def test_a_variant_built_on_another(tmp_path):
    import_variant(DATA / "isthmus_east.cfg", tmp_path / "east")
    v = load_variant(str(tmp_path / "east"))
    assert v.home_centres["South"] == {"sou", "ela"} and "South F sou/wc" in v.start_units
    assert v.provinces["hil"].name == "The Hills"  # from the base file


def test_a_variant_built_on_a_variant_here(tmp_path):
    cfg = tmp_path / "fleet_paris.cfg"
    cfg.write_text("[variant]\nname=fleet_paris\ndescription=Fleet Paris\nstart=SPR 1901\nbase=standard\n\n"
                   "[positions]\nFRA=FLT BRE,AMY MAR,AMY PAR\nGER=FLT KIE,AMY BER,AMY MUN\n"
                   "ENG=FLT LON,FLT EDI,AMY LVP\nITA=FLT NAP,AMY ROM,AMY VEN\nAUS=FLT TRI,AMY VIE,AMY BUD\n"
                   "RUS=FLT STP SCS,FLT SEV,AMY MOS,AMY WAR\nTUR=FLT ANK,AMY CON,AMY SMY\n")
    draft = import_variant(cfg, tmp_path / "fp", stand_in=True)
    assert any("base 'standard'" in n for n in draft.notes)
    v = load_variant(str(tmp_path / "fp"))
    assert "Russia F stp/sc" in v.start_units and len(v.provinces) == 75


def test_bad_files_name_the_file_and_the_place(tmp_path, capsys):
    bad = tmp_path / "bad.cfg"
    bad.write_text("[variant]\nname=bad\n\n[borders]\nAAA=AMY BBB\nBBB=AMY AAA, SAIL CCC\n")
    with pytest.raises(ImportError_, match=r"bad.cfg.*BBB.*SAIL CCC"):
        import_variant(bad, tmp_path / "b")
    bad.write_text("hello\n")
    assert main(["import", str(bad), "--out", str(tmp_path / "c")]) == 2
    assert "bad.cfg" in capsys.readouterr().err


def test_command_with_unplayed(tmp_path, capsys):
    assert main(["import", str(DATA / "isthmus.cfg"), "--unplayed", "South", "--out", str(tmp_path / "x")]) == 2
    assert "1 nation(s); a variant has at least 2" in capsys.readouterr().err
    assert main(["import", str(DATA / "isthmus.cfg"), "--unplayed", "West", "--out", str(tmp_path / "y")]) == 2
    assert "no such power in isthmus.cfg (North, South)" in capsys.readouterr().err


def test_centres_home_to_every_power_stay_homes_of_each(tmp_path):
    # hundred3: [homes] lists every centre under each power (Parlance: build in any centre you
    # own); here too a centre may be home to several nations (RULES.md §12).
    text = (DATA / "isthmus.cfg").read_text()
    text = text.replace("STH=South,Southern\n", "STH=South,Southern\nMID=Middle,Middling\n")
    text = text.replace("[homes]\nNTH=NOR,HIL\nSTH=SOU\nUNO=ELA\n",
                        "[homes]\nNTH=NOR,HIL,SOU,ELA\nSTH=NOR,HIL,SOU,ELA\nMID=NOR,HIL,SOU,ELA\nUNO=\n")
    text = text.replace("[ownership]\nNTH=NOR,HIL\n", "[ownership]\nNTH=NOR\nMID=HIL\n")
    text = text.replace("NTH=FLT NOR,AMY HIL\n", "NTH=FLT NOR\nMID=AMY HIL\n")
    cfg = tmp_path / "shared.cfg"
    cfg.write_text(text)
    draft = import_variant(cfg, tmp_path / "shared")
    v = load_variant(str(tmp_path / "shared"))
    every = {"nor", "hil", "sou", "ela"}
    assert v.home_centres == {"North": every, "South": every, "Middle": every}
    assert v.start_centres["North"] == ("nor",) and v.start_centres["Middle"] == ("hil",)
    assert not any("home to one nation" in n or "cannot build in a shared centre" in n for n in draft.notes)
    assert [str(p) for p in check_variant(str(tmp_path / "shared")) if p.severity == "error"] == []


def test_a_shared_home_no_ownership_line_gives_starts_neutral(tmp_path):
    # Without [ownership] a power owns its homes at the start; a home two such powers share
    # cannot have two owners, so it starts neutral (and stays home to both).
    text = (DATA / "isthmus.cfg").read_text()
    text = text.replace("[homes]\nNTH=NOR,HIL\nSTH=SOU\n", "[homes]\nNTH=NOR,HIL\nSTH=SOU,HIL\n")
    text = text.replace("[ownership]\nNTH=NOR,HIL\nSTH=SOU\n", "")
    cfg = tmp_path / "contested.cfg"
    cfg.write_text(text)
    draft = import_variant(cfg, tmp_path / "contested")
    v = load_variant(str(tmp_path / "contested"))
    assert "hil" in v.home_centres["North"] and "hil" in v.home_centres["South"]
    assert v.start_centres == {"North": ("nor",), "South": ("sou",)}
    assert any(n.startswith("hil: home to several powers") for n in draft.notes)
    assert [str(p) for p in check_variant(str(tmp_path / "contested")) if p.severity == "error"] == []
