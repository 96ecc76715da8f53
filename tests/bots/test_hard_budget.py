"""Hard's search on a world of many timelines (issue 36): each busy board gets a search
worth the name. Shared by 30 boards, the old 480 adjudications left 16 a board: Standard's
plan and seven changes judged against two replies, on the forks where Hard lost centres.
(Counted, never timed: bots_bench times the 300-board world at about 2.3 s CPU for all
seven nations, the target 5 s.)"""

from app.bots import decide
from app.bots.common import movement_boards
from app.bots.hard import board_budgets, tension
from app.engine import Game
from app.engine.rules.coords import BoardKey
from app.engine.rules.world import World, make_board

OLD_SHARE_AT_30 = 16   # adjudications a busy board got at 30 boards before (480 / 30)


def _timelines(count: int) -> World:
    """``count`` timelines, each the standard opening (every board as busy as the next)."""
    start = Game.new().world
    board = start.boards[start.active_boards()[0]]
    boards = [make_board(BoardKey(t, board.key.turn), board.units.values(), board.centres)
              for t in range(1, count + 1)]
    return World.from_boards(start.variant, boards)


def test_every_busy_board_of_thirty_gets_three_times_the_old_search():
    world = _timelines(30)
    boards = movement_boards(world, "France")
    assert len(boards) == 30 and all(tension(world, k, "France") for k in boards)
    shares = board_budgets(world, boards, "France", None)
    assert min(shares) >= 3 * OLD_SHARE_AT_30, shares


def test_a_thirty_timeline_decision_is_whole_and_the_same_for_the_same_seed():
    world = _timelines(30)
    orders = decide("hard", world, "France", seed=3)
    assert len(orders) == 3 * 30            # one order a unit, every board
    assert orders == decide("hard", world, "France", seed=3)
