"""Hard in classic games also weighs rivals who never ask whether a move can succeed
(DumbBot's way, issue 36's one-board figure): a reply in which each rival unit goes where it
values most, into an occupied centre too, with a fellow's support."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import decide
from app.bots.search import BoardSearch
from app.bots.selfplay import grow_world
from app.engine import Location, Move, submit, Support
from app.engine.rules.coords import BoardKey, Turn
from app.engine.rules.world import World, make_board
from app.engine.variants.variant import load_variant

from .test_players import BUILT_IN, assert_legal

KEY = BoardKey(1, Turn(1902, 0))


def _trieste() -> World:
    """Austria's fleet holds Trieste; Italy's army in Venice and fleet in the Adriatic both
    reach it, and Trieste is worth more to Italy than anything else near."""
    board = make_board(KEY, [("Austria", "F", "tri"), ("Austria", "A", "vie"), ("Austria", "A", "bud"),
                             ("Italy", "A", "ven"), ("Italy", "F", "adr"), ("Italy", "A", "rom")],
                       {"tri": "Austria", "vie": "Austria", "bud": "Austria",
                        "ven": "Italy", "rom": "Italy", "nap": "Italy"})
    return World.from_boards(load_variant("standard"), [board])


def _at(loc: str) -> Location:
    return Location(KEY, loc)


BOLD_ITALY = [Move("Italy", "A", _at("ven"), _at("tri")),
              Support("Italy", "F", _at("adr"), "A", _at("ven"), _at("tri")),
              Move("Italy", "A", _at("rom"), _at("ven"))]


def test_the_bold_reply_attacks_an_occupied_centre_with_support():
    world = _trieste()
    bold = BoardSearch(world, KEY, "Austria", random.Random(1), 900, bold=True).replies[-1][1]
    assert sorted(bold, key=str) == sorted(BOLD_ITALY, key=str)
    # Standard's samples and the attack sample never back the move into Trieste
    for _, reply in BoardSearch(world, KEY, "Austria", random.Random(1), 900).replies:
        assert not any(o.kind == "support" and o.dest == _at("tri") for o in reply)


def test_classic_hard_keeps_the_centre_that_bold_rivals_attack():
    world = _trieste()
    for seed in (1, 2, 3):
        mine = decide("hard", world, "Austria", seed=seed, time_travel=False)
        after = submit(world, mine + BOLD_ITALY).world
        assert after.pause is None, f"seed {seed}: {mine} lets Italy dislodge the fleet in Trieste"
        unit = after.boards[after.active_boards()[0]].units["tri"]
        assert (unit.nation, unit.type) == ("Austria", "F")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), turns=st.integers(0, 18), variant=st.sampled_from(BUILT_IN))
def test_classic_hard_orders_are_legal_in_every_phase(seed, turns, variant):
    world = grow_world(variant, seed=seed, turns=turns, time_travel=0.0).world
    if world.phase == "over":
        return
    assert len(world.active_boards()) == 1
    for nation in world.variant.nation_names:
        assert_legal(world, nation, decide("hard", world, nation, seed=seed, budget=60, time_travel=False))


def test_a_plan_backs_its_fleet_on_the_coast_it_enters():
    """A support kept from an earlier plan named Spain's south coast while the fleet came to
    move to the north coast: the engine voids such a support (seen once in 28 classic games)."""
    from app.bots.search import tidy_plan
    from app.engine import Hold
    board = make_board(KEY, [("France", "F", "mao"), ("France", "A", "por"), ("Italy", "F", "wes")], {})
    world = World.from_boards(load_variant("standard"), [board])
    fleet = Move("France", "F", _at("mao"), _at("spa/nc"))
    stale = Support("France", "A", _at("por"), "F", _at("mao"), _at("spa/sc"))
    plan = tidy_plan(world, {"mao": fleet, "por": stale})
    assert plan["por"] == Support("France", "A", _at("por"), "F", _at("mao"), _at("spa/nc"))
    report = submit(world, list(plan.values()) + [Move("Italy", "F", _at("wes"), _at("spa/sc"))])
    assert [r.status for r in report.results] == ["succeeds", "succeeds", "fails"]
    elsewhere = tidy_plan(world, {"mao": Move("France", "F", _at("mao"), _at("gas")), "por": stale})
    assert elsewhere["por"] == Hold("France", "A", _at("por"))
