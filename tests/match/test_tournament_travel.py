"""The tournament counts orders across boards by kind, and those between active timelines
(issue 36): on a real two-turn, two-timeline world, each kind of order is named as the
rules define it (RULES.md §2: the same turn on the next timeline is adjacent; a board no
longer active is the past)."""

from app.engine.game import Game
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.rules.orders import Convoy, Hold, Move, Support
from app.engine.rules.world import make_board, World
from app.match.tournament import between_timelines, LevelFigures, travel_kind, travel_table


def _two_timelines():
    """Two timelines at Spring 1902, each with the standard opening's units."""
    start = Game.new().world
    board = start.boards[start.active_boards()[0]]
    keys = [BoardKey(t, Turn.parse("S1902")) for t in (1, 2)]
    return World.from_boards(start.variant, [make_board(k, board.units.values(), board.centres) for k in keys]), keys


def test_each_kind_is_named_and_the_present_is_told_from_the_past():
    world, (one, two) = _two_timelines()
    at = lambda key, loc: Location(key, loc)  # noqa: E731
    assert travel_kind(world, Hold("France", "A", at(one, "par"))) is None
    assert travel_kind(world, Move("France", "A", at(one, "par"), at(one, "bur"))) is None
    assert travel_kind(world, Move("France", "A", at(one, "par"), at(two, "par"))) == "move to another timeline"
    assert travel_kind(world, Support("France", "A", at(one, "par"), "A", at(two, "par"), None)) \
        == "support to another timeline"
    assert travel_kind(world, Support("France", "A", at(one, "par"), "A", at(two, "bur"), at(two, "par"))) \
        == "support to another timeline"
    assert travel_kind(world, Convoy("England", "F", at(one, "nth"), at(one, "yor"), at(two, "nwy"))) \
        == "convoy to another timeline"


def test_a_board_no_longer_active_is_the_past():
    game = Game.new()
    spring = game.world.active_boards()[0]
    game.submit([])
    world = game.world
    fall = world.active_boards()[0]
    assert travel_kind(world, Move("France", "A", Location(fall, "par"), Location(spring, "par"))) \
        == "move into the past"
    assert travel_kind(world, Support("France", "A", Location(fall, "par"), "A", Location(spring, "mar"),
                                      Location(spring, "bur"))) == "support into the past"
    assert travel_kind(world, Convoy("England", "F", Location(fall, "lon"), Location(spring, "yor"),
                                     Location(fall, "nwy"))) == "convoy into the past"


def test_between_timelines_sums_the_present_kinds_only_and_the_table_shows_it():
    travel = {"move to another timeline": 2, "support to another timeline": 3, "convoy to another timeline": 1,
              "move into the past": 7, "support into the past": 4}
    assert between_timelines(travel) == 6
    figures = {"hard": LevelFigures(travel=travel), "standard": LevelFigures()}
    text = travel_table(figures, games=2)
    last = text.splitlines()[-1].split()
    assert last[:3] == ["between", "active", "timelines"] and last[3:] == ["3.00", "0.00"], text
    assert figures["hard"].as_json()["between_timelines"] == 6
