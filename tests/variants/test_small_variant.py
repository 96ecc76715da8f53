"""The engine, a save and the window take a variant that is not the standard map: three
nations, 16 provinces, 10 centres, victory at 6, a different first year; made in a temp
folder by the scaffold (data + a small SVG)."""

import pytest

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.variants.check import check_variant
from app.variants.scaffold import starter, write_grid_variant


@pytest.fixture
def mini(tmp_path):
    spec = starter("mini")
    spec.first_year = 1618
    return write_grid_variant(spec, tmp_path / "mini")


def test_it_loads_and_passes_the_check(mini):
    v = load_variant(str(mini))
    assert v.nation_names == ("Arden", "Brava", "Corvia")
    assert len(v.provinces) == 16 and len(v.supply_centres) == 10 and v.victory_centres == 6
    assert v.kind("b2") == "land" and v.kind("a2") == "coast" and v.kind("nsea") == "sea"
    assert [p for p in check_variant(str(mini)) if p.severity == "error"] == []


def test_a_movement_then_a_build(mini, tmp_path):
    g = Game.new(str(mini))
    assert [str(k) for k in g.world.active_boards()] == ["1:S1618"]
    g.submit_text(["Corvia: A b3 - b2", "Arden: A a3 - a2", "Brava: F d1 - nsea"])
    board = g.world.boards[g.world.active_boards()[0]]
    assert board.units["b2"].nation == "Corvia" and board.units["nsea"].nation == "Brava"
    g.submit_text([])  # Fall: Corvia holds in b2 and takes the neutral centre
    key = g.world.active_boards()[0]
    assert str(key) == "1:W1618"
    g.submit_text(["Corvia: build A b3"])
    board = g.world.boards[g.world.active_boards()[0]]
    assert str(g.world.active_boards()[0]) == "1:S1619"
    assert board.units["b3"].nation == "Corvia" and board.units["b2"].nation == "Corvia"
    path = tmp_path / "game.json"
    g.save(path)
    assert Game.load(path).world.boards.keys() == g.world.boards.keys()


def test_the_window_plays_it(mini, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"  # closed by pytest-qt without asking
    w.new_game("sandbox", variant=str(mini))
    assert w.game.variant.folder == mini.resolve()
    table = w.nations_panel.table
    assert [table.item(r, 0).text().strip() for r in range(table.rowCount())] == ["Arden", "Brava", "Corvia"]


def test_a_scenario_names_a_variant_folder_next_to_it(tmp_path):
    import json
    from app.engine.scenarios.scenario import run_file
    write_grid_variant(starter("mini"), tmp_path / "maps" / "mini")
    sc = tmp_path / "scenarios" / "move.json"
    sc.parent.mkdir()
    sc.write_text(json.dumps({
        "name": "A move on a variant given by path", "variant": "../maps/mini",
        "steps": [{"orders": ["Corvia: A b3 - b2"],
                   "expect": {"orders": {"Corvia: A b3 - b2": "succeeds"},
                              "boards": {"1:F1901": ["Corvia A b2", "Corvia F c3", "Arden F a1", "Arden A a3",
                                                     "Brava F d1", "Brava A d3"]}}}]}))
    report = run_file(sc)
    assert report["ok"], report
    assert report["steps"][0]["orders"][0]["status"] == "succeeds"


def test_command_line_sandbox_on_a_variant_folder(mini, tmp_path, monkeypatch, qapp, capsys):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    from app.ui.app import main
    out = tmp_path / "shot.png"
    assert main(["--variant", str(mini), "--screenshot", str(out)]) == 0
    assert out.stat().st_size > 10_000
    assert main(["--variant", str(tmp_path / "nowhere"), "--screenshot", str(out)]) == 2
    assert "no such variant" in capsys.readouterr().err


def test_new_game_dialog_offers_the_users_variant_and_caps_seats(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    write_grid_variant(starter("mini"), tmp_path / "userdata" / "variants" / "mini")
    from app.ui.dialogs.new_game import NewGameDialog
    d = NewGameDialog()
    qtbot.addWidget(d)
    names = [d.variant.itemData(i) for i in range(d.variant.count())]
    assert "standard" in names and "mini" in names
    d.variant.setCurrentIndex(names.index("mini"))
    assert "(yours)" in d.variant.currentText()
    assert d.seat_count.maximum() == 3
    assert {n for row in d.seat_rows for n in row.boxes} == {"Arden", "Brava", "Corvia"}
    d.variant.setCurrentIndex(names.index("standard"))
    assert d.seat_count.maximum() == 7
