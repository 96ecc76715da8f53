"""Years before 1000 (the ancient Mediterranean starts in year 1, the Known World in 901): a turn
prints with four digits and every turn, board name, order and save reads back as itself."""

import dataclasses

import pytest
from hypothesis import given, strategies as st

from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.game import Game
from app.engine.notation.notation import parse_order
from app.engine.variants.variant import load_variant
from app.variants.scaffold import starter, write_grid_variant


@given(st.integers(min_value=1, max_value=9999), st.integers(min_value=0, max_value=2))
def test_every_turn_reads_back(year, season):
    turn = Turn(year, season)
    assert Turn.parse(str(turn)) == turn
    key = BoardKey(3, turn)
    assert BoardKey.parse(str(key)) == key
    for loc in ("par", "spa/nc"):
        assert Location.parse(str(Location(key, loc))) == Location(key, loc)


@pytest.mark.parametrize("text", ["par:S1901", "1:par", "x:par:S1901", "1::S1901", "1:par:Z1901", "1:par:S1901:2"])
def test_a_place_that_is_not_one_is_refused_by_name(text):
    with pytest.raises(ValueError, match="is not a"):
        Location.parse(text)


def test_how_early_years_are_written():
    assert str(Turn(1, 0)) == "S0001" and str(Turn(901, 2)) == "W0901"
    assert Turn.parse("S0901") == Turn.parse("S901") == Turn.parse("Spring 901") == Turn(901, 0)
    assert Turn.parse("S01") == Turn(1901, 0)  # two digits are still the 1900s
    assert str(Turn(1901, 1)) == "F1901"
    with pytest.raises(ValueError, match="start at 1"):
        Turn.parse("S0000")


@pytest.fixture
def year_one(tmp_path):
    spec = dataclasses.replace(starter("ancient"), first_year=1)
    return load_variant(str(write_grid_variant(spec, tmp_path / "ancient")))


def test_a_game_in_year_one_plays_saves_and_loads(year_one, tmp_path):
    g = Game.new(year_one)
    assert str(g.world.active_boards()[0]) == "1:S0001"
    order = parse_order("Arden: A 1:a3:S0001 - a2", year_one)
    assert order.unit.turn == Turn(1, 0) and order.unit.province == "a3"
    g.submit_text(["Arden: A a3 - a2", "Brava: A d3 - d2"])
    assert [str(k) for k in g.world.active_boards()] == ["1:F0001"]
    g.save(tmp_path / "g.json")
    back = Game.load(tmp_path / "g.json")
    assert [str(k) for k in back.world.active_boards()] == ["1:F0001"]
    assert back.world.boards[back.world.active_boards()[0]].units["a2"].nation == "Arden"
