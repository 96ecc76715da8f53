"""The Hard player: it searches, board by board, then looks across boards for what pays.

1. **Each board** where the nation has units is searched (:class:`app.bots.search.BoardSearch`):
   candidate orders for its units against its neighbours' likely replies, each judged by
   adjudicating with the real engine and valuing the board that follows; the best
   response is kept. Convoys within the board are among the candidates.
2. **Across boards** (5D games): moves into the past or to a neighbouring timeline, a
   support of a move or hold that failed on a past board (a unit saved, a centre taken,
   a new timeline where it went better), and between active timelines: supports of its
   own moves, a support to hold for a unit that rivals could attack, a supported attack
   on a rival's or an unowned centre (a timeline where it is weak reinforced from one
   where it is strong); convoys to another board. Never a move that could only bounce its
   own past self. The likeliest to pay are tried first (the present before the past);
   each is adjudicated with the whole world against the rivals' likely orders found in
   step 1 (their likeliest reply and their attack), with the time travel Standard would
   add to them (:mod:`app.bots.forecast`), and kept only for what it gains (:func:`gain`,
   summed over the two): its lead in distinct centres over the best rival (a fork copies
   everyone's units: a new timeline that helps rivals as much gains nothing), then its
   distinct centres, then the rivals' together, then the units it keeps per board, then
   the centres it keeps per board — not a habit. Tried first: an attack on a rival unit
   that supports across boards (it cuts the support; the fork it would make may give the
   rival back a centre it had lost).
3. Retreats, builds and disbands as Standard chooses them (province values).

The adjudications a decision may spend are counted, never timed, so the same position and
seed give the same orders; they shrink as the world grows so that a decision stays near a
second. Progress is reported through :mod:`app.bots.progress`.
"""

from __future__ import annotations

import random

from app.engine import Order, World

from . import forecast, timetravel
from .common import adjustments, complete, movement_boards, projected_centres, retreats
from .judge import Census
from .progress import report
from .search import BoardSearch
from .standard import BoardValues

ONE_BOARD_BUDGET = 900    # adjudications on a world of one active board…
MIN_BOARD_BUDGET = 16     # …at least this many on each board of a larger one where rivals touch it
TOTAL_BUDGET = 4200       # adjudications a decision may spend on all its boards together (a few boards)…
MANY_BOARDS_BUDGET = 1440  # …and at least this many when the boards multiply (480 left 16 a board at 30
                           # boards, Standard's plan barely judged on the forks where it lost centres)
ACROSS_BUDGET = 80        # whole-world adjudications for candidates across boards, at most


def decide(world: World, nation: str, rng: random.Random, budget: int | None = None,
           time_travel: bool = True) -> list[Order]:
    vals = BoardValues(world, nation)
    if world.pause is not None:
        return retreats(world, nation, vals)
    census = Census(world)
    rivals: list[list[Order]] = [[], []]
    plan = board_plans(world, nation, rng, budget, census, 0.9 if time_travel else 1.0, rivals,
                       bold=not time_travel)
    if time_travel and plan:
        report(0.9, f"{nation}: across boards")
        replies = tuple(dict.fromkeys(tuple(r) for r in rivals))
        travel = forecast.rivals_across(world, nation, rivals[0], rng)
        if travel:
            replies = tuple(forecast.with_travel(r, travel) for r in replies)
        plan = timetravel.improve(world, nation, plan, rng, _across(world) if budget is None else max(2, budget // 40),
                                  score=gain, rank=_promise(world, nation, census), replies=replies,
                                  first=forecast.cuts(world, nation, travel))
    report(1.0, f"{nation}: done")
    return complete(world, nation, plan + adjustments(world, nation, vals))


def board_plans(world: World, nation: str, rng: random.Random, budget: int | None = None,
                census: Census | None = None, share: float = 1.0, rivals: list[list[Order]] | None = None,
                bold: bool = False) -> list[Order]:
    """The nation's orders on each active movement board where it has units, each board
    searched in turn (step 1 of the module docstring; progress up to ``share``).
    ``rivals`` (two lists) receives the rivals' orders on each board judged in their
    likeliest reply and in their attack (what step 2 adjudicates its candidates against)."""
    boards = movement_boards(world, nation)
    census = census or Census(world)
    per_board = board_budgets(world, boards, nation, budget)
    total = sum(per_board) or 1
    plan: list[Order] = []
    spent = 0
    for i, key in enumerate(boards):
        text = f"{nation}: board {i + 1} of {len(boards)}"

        def progress(done: float, _text: str, i=i, start=spent, text=text) -> None:
            report((start + done * per_board[i]) / total * share, text)

        report(spent / total * share, text)
        search = BoardSearch(world, key, nation, rng, per_board[i], replies=_replies(len(boards)), progress=progress,
                             census=census, bold=bold)
        plan.extend(search.run())
        if rivals is not None:
            for into, reply in zip(rivals, search.likely_rivals()):
                into.extend(reply)
        spent += per_board[i]
    return plan


def gain(world: World, nation: str) -> tuple:
    """What a whole world is worth to ``nation`` after a candidate (see
    :func:`app.bots.timetravel.evaluate`): first its lead in distinct centres over the best
    rival (a fork copies everyone's units, and a new timeline that gives rivals as much as
    the nation gains nothing), then its own distinct centres, then the rivals' distinct
    centres added up, fewer first (a fork that gives a lesser rival back a centre counts
    against), then its units per active board (a unit saved counts; a traveller that
    vanishes, or one that leaves its timeline weaker, costs), then the centres it holds
    per active board (:func:`_copies`: a copy saved or taken on a weak timeline only
    breaks ties)."""
    held = projected_centres(world)
    mine = len(held.get(nation, ()))
    rivals = [len(cs) for n, cs in held.items() if n != nation]
    active = world.active_boards()
    units = sum(1 for k in active for u in world.boards[k].units.values() if u.nation == nation)
    boards = max(1, len(active))
    return (mine - max(rivals, default=0), mine, -sum(rivals), round(units / boards, 6),
            round(_copies(world, active, nation) / boards, 6))


def _copies(world: World, active, nation: str) -> int:
    """The centres ``nation`` holds board by board (one Winter ahead, as
    :func:`app.bots.common.projected_centres`), a centre on two timelines counted twice:
    a copy kept on a timeline where it is weak is a build there and a base to win back
    what it lacks, though the victory measure counts the centre once."""
    centres = world.variant.supply_centres
    count = 0
    for key in active:
        board = world.boards[key]
        for prov in centres:
            u = board.units.get(prov)
            count += (u.nation if u is not None else board.centres.get(prov)) == nation
    return count


def _promise(world: World, nation: str, census: Census):
    """How promising a cross-board candidate looks before it is adjudicated (lower first):
    the present before the past (a fork copies every rival's units too: over 42 tournament
    games without its forks the rivals kept 8.7 centres against 9.8 with them); then one
    that ends on, or backs a move into, a centre the nation holds nowhere, then one about
    any centre; a move that takes a unit off a centre it stands on comes last. (The
    adjudicator still decides: this only orders the budget.)"""
    centres = world.variant.supply_centres
    mine = set(census.counts.get(nation, ()))
    kinds = {"support": 0, "move": 1, "convoy": 2}

    def promise(candidate) -> tuple:
        first = candidate[-1] if candidate[0].kind == "hold" else candidate[0]   # (a hold comes with its support)
        target = first.dest if first.kind != "support" else (first.dest or first.supported)
        p = target.province
        score = (3 if p in centres and p not in mine else 1 if p in centres else 0)
        if first.kind == "move" and first.unit.province in centres:
            score -= 2
        return (not world.is_active(target.board), -score, kinds.get(first.kind, 3))

    return promise


def board_budgets(world: World, boards: list, nation: str, budget: int | None) -> list[int]:
    """Adjudications for each board: the whole budget on a one-board world; on a larger one
    a total that shrinks as the boards multiply (a decision stays near a second), shared by
    tension: the rival units that touch the nation's units or centres there. A quiet board,
    where none do, gets none (Standard's plan is played there unjudged)."""
    if not boards:
        return []
    if budget is not None:
        return [max(4, budget // len(boards))] * len(boards)
    if len(boards) == 1:
        return [ONE_BOARD_BUDGET]
    total = max(MANY_BOARDS_BUDGET, int(TOTAL_BUDGET * 3 / len(boards))) if len(boards) > 3 else TOTAL_BUDGET
    weights = [tension(world, k, nation) for k in boards]
    busy = sum(weights)
    if not busy:
        return [0] * len(boards)
    return [max(MIN_BOARD_BUDGET, int(total * t / busy)) if t else 0 for t in weights]


def tension(world: World, key, nation: str) -> int:
    """How many rival units on board ``key`` could reach a province that a unit of the
    nation could reach, or a centre it owns (where its orders meet theirs)."""
    v = world.variant
    board = world.boards[key]
    ours: set[str] = {p for p, n in board.centres.items() if n == nation}
    for u in board.units.values():
        if u.nation == nation:
            ours.add(u.loc.split("/")[0])
            ours.update(v.adjacent_provinces(u.type, u.loc))
    return sum(1 for u in board.units.values()
               if u.nation != nation and (u.loc.split("/")[0] in ours or not ours.isdisjoint(
                   v.adjacent_provinces(u.type, u.loc))))


def _replies(boards: int) -> int:
    """Likely replies sampled per board: four on a small world, fewer on a large one."""
    return 4 if boards <= 2 else 3 if boards <= 6 else 2


def _across(world: World) -> int:
    """Whole-world adjudications for cross-board candidates (each costs more as it grows)."""
    return max(16, min(ACROSS_BUDGET, int(7200 / (len(world.boards) + 60))))
