"""The variant rules of RULES.md §12 at the table: a seat is told plainly that the neutral
power's units take no orders, no seat plays it, fog hides its units as any nation's, and
clicking a centre offers the builds of whoever may build there."""

import pytest

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.match import Match, MatchError, OrderRefused, Seat
from tests.rules_variant import active_board as _board, play_to_winter as _to_winter, rules_game as _game
from tests.rules_variant import write_rules_variant


@pytest.fixture(scope="module")
def harbour(tmp_path_factory):
    return load_variant(write_rules_variant(tmp_path_factory.mktemp("v") / "harbour"))


def test_a_sandbox_order_to_a_neutral_unit_is_refused_as_neutral(harbour):
    m = Match(Game.new(harbour))
    with pytest.raises(OrderRefused) as e:
        m.add_text("A dale - hill")
    assert e.value.kind == "owner" and "neutral" in e.value.reason and "Garrison" in e.value.reason
    m.add_text("A west - hill")           # a playing nation's unit still takes orders


def test_no_seat_plays_the_neutral_power(harbour):
    with pytest.raises(MatchError, match="Garrison is not a nation"):
        Match(Game.new(harbour), [Seat(name="Ada", nations=("Avalon", "Garrison")),
                                  Seat(name="Ben", nations=("Brenn",))])


def test_neutral_units_are_fogged_like_any_other_nations(tmp_path):
    # RULES.md §8 and §12: a nation sees a neutral unit only where it sees the province.
    from app.engine.fog.visibility import board_sight
    from app.match.fog import fogged_world

    def far_garrison(files):
        files["start.json"]["units"] = ["Avalon A cape", "Brenn A east", "Garrison A mid"]
        files["start.json"]["centres"] = {"Avalon": ["cape"], "Brenn": ["east"]}
    g = _game(tmp_path, edit=far_garrison)
    key, _ = _board(g)
    assert "mid" not in board_sight(g.world, "Avalon", key) and "mid" not in board_sight(g.world, "Brenn", key)
    assert "mid" not in fogged_world(g.world, ["Avalon"]).boards[key].units
    g.submit_text(["A cape - west"])   # west borders mid: now Avalon sees the neutral army
    key, _ = _board(g)
    assert "mid" in board_sight(g.world, "Avalon", key)
    assert fogged_world(g.world, ["Avalon"]).boards[key].units["mid"].nation == "Garrison"
    assert "mid" not in fogged_world(g.world, ["Brenn"]).boards[key].units


def test_clicking_an_owned_centre_offers_its_owners_builds(tmp_path):
    from app.match.order_entry import OrderEntry
    g = _game(tmp_path, build_anywhere=True)
    _to_winter(g)
    key, _ = _board(g)
    entry = OrderEntry(g.world, {"Avalon", "Brenn"})
    offered = entry.click(key, "cape")
    assert offered.menu == ["A cape", "F cape"], offered
    built = entry.choose_build(offered.menu_at, "F cape")
    assert built.order is not None and built.order.nation == "Avalon" and built.order.at.province == "cape"


def test_clicking_a_neutral_unit_says_it_is_neutral(tmp_path):
    from app.match.order_entry import OrderEntry
    g = _game(tmp_path)
    key, _ = _board(g)
    refused = OrderEntry(g.world, {"Avalon", "Brenn"}).click(key, "dale")
    assert refused.refused and "neutral" in refused.message and refused.order is None
