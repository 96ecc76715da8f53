"""The order console's hint is made from the game's own map and the seat's own units."""

from __future__ import annotations

import pytest

from app.engine.game import Game
from app.engine.rules.validation import check
from app.match.order_entry import example_orders


@pytest.mark.parametrize("variant", ["standard", "isles", "baltic"])
def test_the_example_orders_are_legal_orders_of_the_seats_units_on_this_map(variant):
    g = Game.new(variant)
    for nation in g.variant.nation_names:
        text = example_orders(g.world, (nation,))
        first, second = [t for t in text.removeprefix("e.g.").split("    ") if t.strip()]
        for order_text in (first, second):
            order = g.parse(order_text.strip())
            assert order.nation == nation
            assert check(g.world, order)[1] is None, (variant, nation, order_text)


def test_a_seat_without_units_on_an_active_board_gets_the_plain_form():
    g = Game.new()
    assert "<" in example_orders(g.world, ())
    assert "mun" not in example_orders(g.world, ())


def test_a_build_board_gives_no_example_move_on_it():
    """After Fall 1901 the active board is a Winter board: its example must not be a move
    there (a move on a build board is refused); with no movement board, the plain form."""
    g = Game.new()
    g.submit_text([])
    g.submit_text([])
    assert all(k.turn.season == 2 for k in g.world.active_boards())
    assert "<" in example_orders(g.world, ("England",))
