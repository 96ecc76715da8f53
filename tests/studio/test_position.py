"""The position validator (app.engine.rules.position) and the editor's state (app.match.editor):
illegal positions are refused with a reason, legal ones become start worlds, sandboxes and
scenario starts that `python -m app scenario` runs."""

import doctest
import json
import subprocess
import sys
from pathlib import Path

import pytest

import app.engine.rules.position
import app.match.editor
from app.engine.rules.coords import BoardKey, Turn
from app.engine.game import Game
from app.engine.rules.orders import Unit
from app.engine.rules.position import Position, PositionError, unit_problem
from app.engine.scenarios.scenario import run_file
from app.engine.variants.variant import load_variant
from app.match.editor import EditRefused, PositionEditor
from app.match.storage import open_match, save_match

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("module", [app.engine.rules.position, app.match.editor])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


@pytest.mark.parametrize("nation, utype, loc, reason", [
    ("France", "F", "mun", "a fleet cannot stand inland: Munich is a land province"),
    ("France", "A", "nth", "an army cannot stand at sea: North Sea is a sea province"),
    ("France", "F", "spa", "Spain has two coasts: put the fleet on one of them (spa/nc, spa/sc)"),
    ("Russia", "F", "stp", "St Petersburg has two coasts"),
    ("France", "A", "spa/nc", "an army stands in Spain itself, not on one of its coasts (write 'spa')"),
    ("France", "F", "bre/nc", "'bre/nc' is not a coast of Brest"),
    ("France", "F", "xyz", "'xyz' is not a place on the Standard Europe map"),
    ("Prussia", "A", "ber", "'Prussia' is not a nation of Standard Europe"),
    ("France", "B", "par", "a unit is an army (A) or a fleet (F), not 'B'"),
])
def test_a_unit_where_its_type_cannot_stand_is_refused_with_the_reason(nation, utype, loc, reason):
    v = load_variant()
    got = unit_problem(v, nation, utype, loc)
    assert got is not None and reason in got, got


def test_legal_places_pass():
    v = load_variant()
    for args in [("France", "F", "spa/sc"), ("France", "A", "spa"), ("England", "F", "nth"),
                 ("Germany", "A", "mun"), ("Turkey", "F", "bul/ec")]:
        assert unit_problem(v, *args) is None, args


def test_position_problems_name_every_fault():
    v = load_variant()
    p = Position(v, Turn(1901, 0), (Unit("France", "A", "spa"), Unit("Italy", "F", "spa/sc"), Unit("France", "F", "mun")),
                 {"bur": "France", "par": "Prussia"}, {"France": frozenset({"par", "mar"}), "Germany": frozenset({"par"})})
    problems = p.problems()
    text = "\n".join(problems)
    assert "two units in Spain: the French army in Spain and the Italian fleet in Spain" in text
    assert "France F mun: a fleet cannot stand inland" in text
    assert "centre 'bur': Burgundy is not a supply centre" in text
    assert "centre 'par': 'Prussia' is not a nation" in text
    assert "Paris is a home centre of both France and Germany" in text
    with pytest.raises(PositionError):
        p.world()
    with pytest.raises(PositionError):
        p.scenario()


def test_a_winter_position_starts_in_its_adjustment_phase_with_its_own_home_centres():
    v = load_variant()
    homes = {n: cs for n, cs in v.home_centres.items()}
    homes = dict(homes, France=frozenset({"par", "mar", "spa"}))
    p = Position(v, Turn(1905, 2), (Unit("France", "A", "par"),), {"par": "France", "mar": "France", "spa": "France"},
                 homes, "loose", 3)
    w = p.world()
    key = BoardKey(1, Turn(1905, 2))
    assert w.active_boards() == [key] and not key.turn.is_movement
    assert w.home_centres_of("France") == {"par", "mar", "spa"} and w.adjacency == "loose" and w.seed == 3
    g = Game.from_world(w)
    g.submit_text(["build F spa/sc", "build A mar"])
    units = {str(u) for u in g.world.boards[BoardKey(1, Turn(1906, 0))].units.values()}
    assert units == {"France A par", "France F spa/sc", "France A mar"}


def test_the_exported_scenario_runs_with_the_scenario_command_and_sets_up_the_same_board(tmp_path):
    v = load_variant()
    ed = PositionEditor.empty(v, Turn(1903, 1))
    ed.place("France", "F", "spa/nc")
    ed.place("Germany", "A", "bur")
    ed.place("England", "F", "nth")
    ed.set_owner("spa", "France")
    ed.set_owner("bel", "England")
    ed.set_home("bel", "England")           # a home centre the variant does not give
    path = tmp_path / "start.json"
    path.write_text(json.dumps(ed.scenario("From the editor")))
    out = subprocess.run([sys.executable, "-m", "app", "scenario", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["ok"] and report["name"] == "From the editor"
    # the file's start is the editor's world, board for board
    sc = json.loads(path.read_text())
    assert sc["start"]["boards"][0]["turn"] == "F1903"
    assert sc["start"]["home_centres"]["England"] == ["bel", "edi", "lon", "lvp"]
    from app.engine.scenarios.scenario import load, start_world
    w = start_world(load(path), path)
    mine = ed.start_world()
    assert w.boards[BoardKey(1, Turn(1903, 1))].same_position(mine.boards[BoardKey(1, Turn(1903, 1))])
    assert w.home_centres == mine.home_centres
    # steps can be added by hand and run from the exported start
    sc["steps"] = [{"orders": ["F spa/nc - mao", "A bur - par"],
                    "expect": {"boards": {"1:W1903": ["France F mao", "Germany A par", "England F nth"]}}}]
    path.write_text(json.dumps(sc))
    assert run_file(path)["ok"]


def test_the_editor_refuses_illegal_changes_and_keeps_the_position_as_it_was():
    g = Game.new()
    ed = PositionEditor.from_board(g.world, g.world.active_boards()[0])
    before = ed.position
    with pytest.raises(EditRefused, match="The German army in Munich stands there: remove it first"):
        ed.place("France", "A", "mun")
    with pytest.raises(EditRefused, match="a fleet cannot stand inland"):
        ed.place("France", "F", "bur")
    with pytest.raises(EditRefused, match="Spain has two coasts"):
        ed.place("France", "F", "spa")
    with pytest.raises(EditRefused, match="Burgundy is not a supply centre"):
        ed.set_owner("bur", "France")
    with pytest.raises(EditRefused, match="only supply centres are home centres"):
        ed.set_home("bur", "France")
    assert ed.position is before and not ed.can_undo()
    # a fleet moves to the other coast of its province: the same unit, placed again
    ed.place("Russia", "F", "stp/nc")
    assert ed.unit_in("stp") == Unit("Russia", "F", "stp/nc")
    assert sum(1 for u in ed.position.units if u.loc.startswith("stp")) == 1


def test_editing_homes_turn_and_undo():
    g = Game.new(adjacency="loose")
    ed = PositionEditor.from_board(g.world, g.world.active_boards()[0])
    ed.set_home("par", "Germany")             # taken from France
    assert ed.home_nation_of("par") == "Germany"
    assert "par" not in ed.position.home_centres()["France"]
    ed.set_turn(Turn(1910, 2))
    ed.remove("lon")
    ed.set_owner("lon", None)
    assert ed.unit_in("lon") is None and "lon" not in ed.position.centres
    ed.undo()
    ed.undo()
    assert ed.unit_in("lon") is not None
    ed.redo()
    assert ed.unit_in("lon") is None
    m = ed.start_match()
    assert m.mode == "sandbox" and m.world.adjacency == "loose"
    assert m.world.active_boards() == [BoardKey(1, Turn(1910, 2))]
    assert m.world.home_centres_of("Germany") >= {"par"}


def test_a_sandbox_from_any_board_keeps_variant_adjacency_and_home_centres_and_saves(tmp_path):
    g = Game.new(adjacency="loose")
    g.submit_text(["A par - bur", "A mun - ruh"])
    past = BoardKey(1, Turn(1901, 0))
    ed = PositionEditor.from_board(g.world, BoardKey(1, Turn(1901, 1)))
    assert ed.unit_in("bur").nation == "France" and ed.position.turn == Turn(1901, 1)
    ed.set_home("bel", "France")
    m = ed.start_match()
    save_match(m, tmp_path / "s.json")
    back = open_match(tmp_path / "s.json")
    assert back.world.adjacency == "loose"
    assert back.world.home_centres_of("France") == {"par", "mar", "bre", "bel"}
    assert back.world.boards[back.world.active_boards()[0]].same_position(m.world.boards[m.world.active_boards()[0]])
    assert past not in back.world.boards


def test_the_editor_knows_when_its_position_would_be_lost():
    """Changed since opened: unkept; undone back to the start, or kept (exported, started): not."""
    g = Game.new()
    ed = PositionEditor.from_board(g.world, g.world.active_boards()[0])
    assert not ed.unkept
    ed.remove("par")
    assert ed.unkept
    ed.undo()
    assert not ed.unkept
    ed.redo()
    ed.kept()
    assert not ed.unkept
    with pytest.raises(EditRefused):
        ed.place("France", "F", "mun")           # a refused change is no change
    assert not ed.unkept
    ed.undo()                                     # back before what was kept: that is a change again
    assert ed.unkept
