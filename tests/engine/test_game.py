"""Games: submissions, undo, and save files that never crash the reader."""

import json

import pytest

from app.engine.game import Game, GameFileError, world_to_json
from app.engine.submission import SubmissionError


def test_submit_and_undo():
    g = Game.new()
    g.submit_text(["A mun - tyr", "A par - bur"])
    assert g.world.boards[g.world.active_boards()[0]].units["tyr"].nation == "Germany"
    g.undo()
    assert "mun" in g.world.boards[g.world.active_boards()[0]].units
    assert not g.can_undo()


def test_save_is_atomic_and_loads(tmp_path):
    g = Game.new(adjacency="loose", seed=9)
    g.submit_text(["A mun - tyr"])
    g.meta["mode"] = "sandbox"
    path = tmp_path / "game.json"
    g.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind
    h = Game.load(path)
    assert world_to_json(h.world) == world_to_json(g.world)
    assert h.adjacency == "loose" and h.seed == 9 and h.meta == {"mode": "sandbox"}


@pytest.mark.parametrize("content,needle", [
    ("", "not valid JSON"),
    ('{"format": "5d-diplomacy-save", "version": 1, "variant": "standard", "sta', "truncated"),
    ('{"format": "chess"}', "not a 5D Diplomacy save file"),
    ('{"format": "5d-diplomacy-save", "version": 99}', "newer version"),
    ('[1, 2, 3]', "not a 5D Diplomacy save file"),
])
def test_bad_files_say_what_is_wrong(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    assert needle in str(e.value) and "bad.json" in str(e.value)


def test_bad_field_is_named(tmp_path):
    g = Game.new()
    g.submit_text(["A mun - tyr"])
    data = g.to_json()
    data["world"]["boards"][0]["units"][0] = "Germany A atlantis"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    assert "world.boards.0" in str(e.value) and "atlantis" in str(e.value)


def test_missing_file(tmp_path):
    with pytest.raises(GameFileError, match="no such file"):
        Game.load(tmp_path / "nope.json")


def test_no_orders_after_victory():
    from app.engine.coords import BoardKey, Turn
    from app.engine.variant import load_variant
    from app.engine.world import World, make_board
    v = load_variant()
    centres = {c: "France" for c in sorted(v.supply_centres)[:18]}
    b = make_board(BoardKey(1, Turn.parse("F1901")), [("France", "A", "par")], centres)
    g = Game.from_world(World.from_boards(v, [b]))
    g.submit([])
    assert g.world.winner == "France" and g.world.phase == "over"
    with pytest.raises(SubmissionError, match="over"):
        g.submit([])
