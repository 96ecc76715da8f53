"""One rule for convoy routes, whatever the world holds (RULES.md §3: a chain may cross
boards and timelines; DATC 4.E.1: an order is legal when, not knowing the orders yet, it
could be valid).

A convoy is legal when some chain of fleets that could still take part (fleets at sea on
its board, on neighbouring active boards, or past fleets already convoying that army)
could carry the army and needs this fleet. It is invalid when no such chain exists. When
it is legal but the chain is not wholly ordered, it fails and the army's move is refused.

So the same convoy is invalid with its board alone and fails when a neighbouring timeline
holds the fleets that could complete the route: the two worlds differ, not the rule. That
the neighbouring fleets really could carry the army is shown by ordering them to.
"""

from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.orders import Convoy, Hold, Move
from app.engine.rules.submission import submit
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board

VARIANT = load_variant()
HERE, THERE = BoardKey(1, Turn(1901, 0)), BoardKey(2, Turn(1901, 0))
NEXT_HERE = BoardKey(1, Turn(1901, 1))

# London to North Africa by the English Channel and the Western Mediterranean: the two
# do not touch, so the route needs a fleet in the Mid-Atlantic between them.
ENGLAND = [("England", "A", "lon"), ("England", "F", "eng"), ("England", "F", "wes")]
MOVE = Move("England", "A", Location(HERE, "lon"), Location(HERE, "naf"), True)
ENGLISH_CONVOYS = [Convoy("England", "F", Location(HERE, p), MOVE.unit, MOVE.dest) for p in ("eng", "wes")]
# On the neighbouring timeline, France's fleets in the Channel, the Mid-Atlantic and the
# Western Mediterranean: a chain Channel (1) → Channel (2) → Mid-Atlantic (2) → Western
# Mediterranean (2) → Western Mediterranean (1), each step one a unit could make.
FRANCE_THERE = [("France", "F", "eng"), ("France", "F", "mao"), ("France", "F", "wes")]
FRENCH_CONVOYS = [Convoy("France", "F", Location(THERE, p), MOVE.unit, MOVE.dest) for p in ("eng", "mao", "wes")]


def _statuses(world: World, orders) -> list[str]:
    return [r.status for r in submit(world, orders).results]


def test_alone_on_its_board_the_convoy_is_invalid():
    world = World.from_boards(VARIANT, [make_board(HERE, ENGLAND, {})])
    report = submit(world, [MOVE] + ENGLISH_CONVOYS)
    assert [r.status for r in report.results] == ["invalid", "invalid", "invalid"]
    assert "no convoy route" in report.results[1].reason


def test_fleets_elsewhere_on_a_neighbouring_timeline_change_nothing():
    far = [("France", "F", "bla"), ("France", "F", "ion"), ("France", "F", "bal")]
    world = World.from_boards(VARIANT, [make_board(HERE, ENGLAND, {}), make_board(THERE, far, {})])
    assert _statuses(world, [MOVE] + ENGLISH_CONVOYS) == ["invalid", "invalid", "invalid"]


def test_fleets_that_could_complete_the_route_on_a_neighbouring_timeline_make_it_legal_and_it_fails():
    world = World.from_boards(VARIANT, [make_board(HERE, ENGLAND, {}), make_board(THERE, FRANCE_THERE, {})])
    report = submit(world, [MOVE] + ENGLISH_CONVOYS)
    assert [r.status for r in report.results] == ["invalid", "fails", "fails"]
    assert "no convoy is ordered along a complete route" in report.results[0].reason
    assert "lon" in report.world.boards[NEXT_HERE].units


def test_the_route_across_timelines_is_real_when_its_fleets_are_ordered():
    world = World.from_boards(VARIANT, [make_board(HERE, ENGLAND, {}), make_board(THERE, FRANCE_THERE, {})])
    report = submit(world, [MOVE] + ENGLISH_CONVOYS + FRENCH_CONVOYS)
    assert all(r.status == "succeeds" for r in report.results)
    assert report.world.boards[NEXT_HERE].units["naf"].nation == "England"


def test_on_one_board_a_fleet_merely_present_makes_the_convoy_legal_too():
    """The same rule on a board alone: the Mid-Atlantic fleet holds instead of convoying,
    so the route is not ordered whole, and the Channel's convoy fails as it does across
    timelines. (Here the Western Mediterranean's convoy is invalid: the Mid-Atlantic
    touches North Africa, so no route needs it.)"""
    world = World.from_boards(VARIANT, [make_board(HERE, ENGLAND + [("France", "F", "mao")], {})])
    hold = Hold("France", "F", Location(HERE, "mao"))
    assert _statuses(world, [MOVE] + ENGLISH_CONVOYS + [hold]) == ["invalid", "fails", "invalid", "succeeds"]
