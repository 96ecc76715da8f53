"""A seat is told plainly that the neutral power's units take no orders (RULES.md §12), in a
sandbox (which plays every nation) and at a hotseat table; no seat may play the neutral power."""

import pytest

from app.engine.game import Game
from app.engine.variants.variant import load_variant
from app.match import Match, MatchError, OrderRefused, Seat
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
