"""Computer players on a variant with the rules of RULES.md §12 (tests/rules_variant.py): they
build where build-anywhere lets them and never order the neutral power's units."""

import random

import pytest

from app.bots import LEVELS, decide
from app.bots.selfplay import random_orders
from app.engine.game import Game
from app.engine.rules.orders import Build
from app.engine.variants.variant import load_variant
from tests.bots.test_players import assert_legal
from tests.rules_variant import write_rules_variant


@pytest.fixture(scope="module")
def harbour(tmp_path_factory):
    return load_variant(write_rules_variant(tmp_path_factory.mktemp("v") / "harbour", build_anywhere=True))


@pytest.mark.parametrize("level", LEVELS)
def test_a_computer_player_builds_in_an_owned_centre_that_is_not_its_home(harbour, level):
    g = Game.new(harbour)
    g.submit_text(["A east - hill"])
    g.submit_text(["A hill - east"])
    world = g.world
    orders = decide(level, world, "Avalon", seed=3)
    assert_legal(world, "Avalon", orders)
    # Avalon owns west (occupied) and cape (no one's home): its one build can only be in cape
    assert [(o.unit_type in ("A", "F"), o.at.province) for o in orders if isinstance(o, Build)] == [(True, "cape")]


@pytest.mark.parametrize("level", LEVELS)
def test_no_computer_player_orders_a_neutral_unit(harbour, level):
    g = Game.new(harbour)
    for nation in ("Avalon", "Brenn"):
        orders = decide(level, g.world, nation, seed=1)
        assert_legal(g.world, nation, orders)
        assert "dale" not in {o.unit.province for o in orders}
    assert decide(level, g.world, "Garrison", seed=1) == []


def test_random_orders_for_every_nation_leave_the_neutral_units_alone(harbour):
    g = Game.new(harbour)
    for seed in range(20):
        orders = random_orders(g.world, random.Random(seed))
        assert all(o.nation != "Garrison" for o in orders)
        assert "dale" not in {o.unit.province for o in orders if hasattr(o, "unit")}
