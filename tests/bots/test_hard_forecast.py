"""Hard judges its orders against the rivals' likely time travel (issue 36), and cuts a
rival's support into the past when the fork it would make gives that rival back a centre.

The position: timeline 1 is a Winter ahead of timeline 2. On timeline 1's Spring 1902 (now
a past board) Germany's army in Ruhr bounced off France's in Burgundy; that Fall France
took Munich, which Germany now holds on no timeline. On timeline 2 (Spring 1902, active)
a German army stands in Burgundy, where it can support the old attack (strict adjacency:
the same province, the neighbouring timeline, the same turn). If it does, the past board
gives a new result and a new timeline forks from it, one where Germany still owns Munich:
Germany's distinct count rises to France's. France's army in Picardy can cut the support
by attacking Burgundy, or take Belgium, which France already holds on timeline 1."""

import pytest

from app.bots import decide
from app.engine import submit
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.orders import Hold, Move, Support, Unit
from app.engine.rules.world import World, make_board
from app.engine.variants.variant import load_variant

OWNERS = {"par": "France", "bre": "France", "mar": "France", "bel": "France",
          "mun": "Germany", "ber": "Germany", "kie": "Germany", "hol": "Germany"}


def _at(timeline: int, turn: str, loc: str) -> Location:
    return Location(BoardKey(timeline, Turn.parse(turn)), loc)


def _world() -> World:
    v = load_variant()
    one = make_board(BoardKey(1, Turn.parse("S1902")),
                     [Unit("France", "A", "bel"), Unit("France", "A", "bur"),
                      Unit("Germany", "A", "ruh"), Unit("Germany", "F", "kie")], OWNERS)
    two = make_board(BoardKey(2, Turn.parse("F1901")),
                     [Unit("France", "A", "pic"), Unit("Germany", "A", "bur"), Unit("Germany", "F", "hol")],
                     {**OWNERS, "bel": "Germany", "mun": "France"})
    w = World.from_boards(v, [one, two])
    w = submit(w, [Move("Germany", "A", _at(1, "S1902", "ruh"), _at(1, "S1902", "bur")),
                   Hold("France", "A", _at(1, "S1902", "bur"))]).world
    return submit(w, [Move("France", "A", _at(1, "F1902", "bur"), _at(1, "F1902", "mun"))]).world


def _settled(world: World, orders) -> World:
    after = submit(world, orders).world
    return submit(after, []).world if after.pause is not None else after


def test_the_position_is_as_described():
    world = _world()
    assert world.boards[world.active_boards()[1]].key == BoardKey(2, Turn.parse("S1902"))
    assert "mun" not in world.centres_on_active_boards()["Germany"]
    support = Support("Germany", "A", _at(2, "S1902", "bur"), "A", _at(1, "S1902", "ruh"), _at(1, "S1902", "bur"))
    forked = _settled(world, [support])
    assert len(forked.active_boards()) == 3
    assert "mun" in forked.centres_on_active_boards()["Germany"]   # the fork gives Munich back


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_cuts_the_support_that_would_fork_a_timeline_for_its_rival(seed):
    world = _world()
    france = decide("hard", world, "France", seed=seed)
    cut = Move("France", "A", _at(2, "S1902", "pic"), _at(2, "S1902", "bur"))
    assert cut in france, france
    germany = decide("standard", world, "Germany", seed=seed)
    assert any(o.kind == "support" and o.supported.board != o.unit.board for o in germany)   # as Hard foresaw
    after = _settled(world, france + germany)
    assert len(after.active_boards()) == 2                              # no fork
    held = after.centres_on_active_boards()
    assert len(held["France"]) > len(held["Germany"]) and "mun" not in held["Germany"]
    # Taking Belgium instead (main's Hard did) lets the fork through: Germany draws level.
    other = [o for o in france if o != cut] + [Move("France", "A", _at(2, "S1902", "pic"), _at(2, "S1902", "bel"))]
    held = _settled(world, other + germany).centres_on_active_boards()
    assert len(held["France"]) == len(held["Germany"])


def test_hards_measure_counts_a_lesser_rivals_centre_given_back(monkeypatch):
    """Italy leads; the fork gives Germany, a lesser rival, Munich back. France's lead and
    its own count are unchanged, so only the rivals' total (the third part of Hard's
    measure, before units and copies per board) tells the worlds apart."""
    from app.bots.hard import gain
    monkeypatch.setitem(OWNERS, "rom", "Italy")
    for c in ("nap", "ven", "tun", "tri", "vie", "bud", "ser"):
        monkeypatch.setitem(OWNERS, c, "Italy")
    world = _world()
    support = Support("Germany", "A", _at(2, "S1902", "bur"), "A", _at(1, "S1902", "ruh"), _at(1, "S1902", "bur"))
    cut = Move("France", "A", _at(2, "S1902", "pic"), _at(2, "S1902", "bur"))
    forked, spared = _settled(world, [support]), _settled(world, [support, cut])
    assert len(forked.active_boards()) == 3 and len(spared.active_boards()) == 2
    worse, better = gain(forked, "France"), gain(spared, "France")
    assert worse[:2] == better[:2]                    # Italy still leads by as much; France holds as many
    assert worse[2] == better[2] - 1 and worse < better
