"""The computer players never give a convoy the engine refuses: an army's move by convoy
goes out only with a whole chain of its nation's convoy orders, and a convoy order only
with its army's move (app.bots.convoys.mend_convoys, applied to every finished plan)."""

import random

from hypothesis import example, HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import hard
from app.bots.convoys import mend_convoys
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.orders import Convoy, Hold, Move, Support, Unit
from app.engine.rules.submission import submit
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board

VARIANT = load_variant()
SPRING = BoardKey(1, Turn(1903, 0))


def _world(units, centres=None, key=SPRING) -> World:
    return World.from_boards(VARIANT, [make_board(key, [Unit(*u) for u in units], dict(centres or {}))])


def _refused(world: World, orders) -> list[str]:
    report = submit(world, orders)
    return [f"{o}: {r.reason}" for o, r in zip(orders, report.results) if r.status == "invalid"]


def at(province: str) -> Location:
    return Location(SPRING, province)


# A position from a classic tournament (hard,standard*, seed 1, game 8, Spring 1907) where
# Hard used to send London to Holland "via convoy" while the North Sea fleet that was to
# carry it sailed to Heligoland: the engine refused the move.
ENGLAND_1907 = [
    ("Austria", "A", "bud"), ("Austria", "A", "rum"), ("Austria", "A", "vie"), ("England", "A", "den"),
    ("England", "A", "lon"), ("England", "F", "bel"), ("England", "F", "bre"), ("England", "F", "edi"),
    ("England", "F", "eng"), ("England", "F", "nth"), ("England", "F", "nwy"), ("England", "F", "pic"),
    ("England", "F", "tun"), ("France", "A", "kie"), ("France", "A", "ruh"), ("Germany", "A", "mos"),
    ("Germany", "A", "mun"), ("Germany", "A", "tyr"), ("Germany", "F", "ska"), ("Germany", "F", "swe"),
    ("Italy", "A", "rom"), ("Italy", "A", "ser"), ("Italy", "A", "tri"), ("Italy", "A", "ven"),
    ("Italy", "F", "eas"), ("Italy", "F", "ion"), ("Italy", "F", "mao"), ("Italy", "F", "spa/sc"),
    ("Turkey", "A", "bul"), ("Turkey", "F", "aeg"), ("Turkey", "F", "bla"), ("Turkey", "F", "con"),
    ("Turkey", "F", "gre"), ("Turkey", "F", "smy")]
ENGLAND_1907_CENTRES = {
    "ank": "Turkey", "bel": "England", "ber": "Germany", "bre": "England", "bud": "Austria", "bul": "Turkey",
    "con": "Turkey", "den": "England", "edi": "England", "gre": "Turkey", "hol": "England", "kie": "France",
    "lon": "England", "lvp": "England", "mar": "Italy", "mos": "Germany", "mun": "Germany", "nap": "Italy",
    "nwy": "England", "par": "France", "por": "Italy", "rom": "Italy", "rum": "Austria", "ser": "Italy",
    "sev": "Turkey", "smy": "Turkey", "spa": "Italy", "stp": "England", "swe": "Germany", "tri": "Italy",
    "tun": "England", "ven": "Italy", "vie": "Austria", "war": "Germany"}


def test_hard_sends_no_army_by_a_fleet_it_sends_elsewhere():
    key = BoardKey(1, Turn(1907, 0))
    world = _world(ENGLAND_1907, ENGLAND_1907_CENTRES, key)
    orders = hard.decide(world, "England", random.Random("hard/9/England/18/movement"), time_travel=False)
    assert _refused(world, orders) == []
    london = next(o for o in orders if o.unit.province == "lon")
    north_sea = next(o for o in orders if o.unit.province == "nth")
    if london.kind == "move" and london.dest.province == "hol":  # by sea, then the fleet carries it
        assert north_sea.kind == "convoy" and north_sea.army.province == "lon"


def _seaborne_position(seed: int) -> World:
    """Three nations' fleets scattered at sea and armies on the coasts: convoys everywhere."""
    rng = random.Random(seed)
    seas = sorted(p for p, k in VARIANT.kinds.items() if k == "sea")
    coasts = sorted(p for p, k in VARIANT.kinds.items() if k == "coast")
    nations = VARIANT.nation_names[:3]
    units = [(rng.choice(nations), "F", p) for p in rng.sample(seas, 12)]
    units += [(rng.choice(nations), "A", p) for p in rng.sample(coasts, 12)]
    centres = {p: rng.choice(VARIANT.nation_names) for p in sorted(VARIANT.supply_centres)}
    return _world(units, centres)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
@example(seed=31760)   # Austria backed its convoyed move after the move was mended into a hold
def test_hard_orders_are_never_refused_where_convoys_abound(seed):
    """Before the mending, about one Hard decision in nine here had a refused convoyed move."""
    world = _seaborne_position(seed)
    for nation in VARIANT.nation_names[:3]:
        orders = hard.decide(world, nation, random.Random(seed), budget=200, time_travel=False)
        assert _refused(world, orders) == [], nation


def test_a_move_whose_fleet_sails_away_holds_when_it_cannot_walk():
    world = _world([("England", "A", "yor"), ("England", "F", "nth")])
    orders = [Move("England", "A", at("yor"), at("nwy"), True), Move("England", "F", at("nth"), at("hel"))]
    assert mend_convoys(world, orders) == [Hold("England", "A", at("yor")), orders[1]]


def test_a_support_of_a_move_mended_into_a_hold_holds_too():
    """The engine refuses a support of one's own unit that does not do what it says."""
    world = _world([("England", "A", "yor"), ("England", "F", "nth"), ("England", "F", "nwg")])
    orders = [Move("England", "A", at("yor"), at("nwy"), True), Move("England", "F", at("nth"), at("hel")),
              Support("England", "F", at("nwg"), "A", at("yor"), at("nwy"))]
    mended = mend_convoys(world, orders)
    assert mended == [Hold("England", "A", at("yor")), orders[1], Hold("England", "F", at("nwg"))]
    assert _refused(world, mended) == []


def test_a_move_with_a_broken_chain_holds_or_walks_and_its_fleets_hold():
    world = _world([("England", "A", "yor"), ("England", "F", "nth"), ("England", "F", "nwg")])
    # Clyde does not touch the North Sea: the chain stops short, and the army cannot walk there.
    short = [Move("England", "A", at("yor"), at("cly"), True),
             Convoy("England", "F", at("nth"), at("yor"), at("cly")),
             Hold("England", "F", at("nwg"))]
    assert _refused(world, short)
    assert mend_convoys(world, short) == [Hold("England", "A", at("yor")), Hold("England", "F", at("nth")), short[2]]
    # Yorkshire does not touch the Norwegian Sea, but it can walk to Edinburgh.
    detached = [Move("England", "A", at("yor"), at("edi"), True),
                Convoy("England", "F", at("nwg"), at("yor"), at("edi")),
                Hold("England", "F", at("nth"))]
    assert _refused(world, detached)
    mended = mend_convoys(world, detached)
    assert mended == [Move("England", "A", at("yor"), at("edi")), Hold("England", "F", at("nwg")), detached[2]]
    assert _refused(world, mended) == []


def test_a_whole_chain_is_kept():
    world = _world([("England", "A", "yor"), ("England", "F", "nth")])
    one = [Move("England", "A", at("yor"), at("nwy"), True), Convoy("England", "F", at("nth"), at("yor"), at("nwy"))]
    assert _refused(world, one) == []
    assert mend_convoys(world, one) == one


def test_a_whole_chain_of_two_fleets_is_kept():
    world = _world([("England", "A", "lon"), ("England", "F", "eng"), ("England", "F", "mao")])
    orders = [Move("England", "A", at("lon"), at("por"), True),
              Convoy("England", "F", at("eng"), at("lon"), at("por")),
              Convoy("England", "F", at("mao"), at("lon"), at("por"))]
    assert _refused(world, orders) == []
    assert mend_convoys(world, orders) == orders


def test_a_convoy_of_an_army_that_stays_holds_but_one_for_another_nation_is_left():
    world = _world([("England", "A", "yor"), ("England", "F", "nth"), ("France", "A", "bel"),
                    ("England", "F", "eng")])
    orders = [Hold("England", "A", at("yor")),
              Convoy("England", "F", at("nth"), at("yor"), at("nwy")),
              Convoy("England", "F", at("eng"), at("bel"), at("lon"))]
    assert mend_convoys(world, orders) == [orders[0], Hold("England", "F", at("nth")), orders[2]]
