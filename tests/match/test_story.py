"""The story of a game (app/match/story.py) on a real grown game: each figure checked
against the worlds themselves, read another way than the story reads them."""

from __future__ import annotations

from collections import Counter

import pytest

from app.bots.selfplay import grow_world
from app.engine import Move
from app.match.chart import ChartBuilder
from app.match.story import story_of


@pytest.fixture(scope="module")
def game():
    return grow_world(seed=3, turns=30, time_travel=0.05, max_travellers=1)


def test_steps_account_for_every_board_and_timeline(game):
    story = story_of(game)
    start = game.world_at(0)
    assert story.submissions == len(game.submissions) == 30
    made = [k for s in story.steps for k in s.new_boards]
    assert len(made) == len(set(made)) == len(game.world.boards) - len(start.boards)
    assert set(made) == set(game.world.boards) - set(start.boards)
    assert sum(s.new_timelines for s in story.steps) == len(game.world.timelines) - 1 > 0
    # each board was made by the submission after which it first exists
    for s in story.steps:
        for k in s.new_boards:
            assert k in game.world_at(s.number).boards and k not in game.world_at(s.number - 1).boards


def test_biggest_fork_is_the_submission_that_started_most_timelines(game):
    story = story_of(game)
    world = game.world
    started = Counter()
    for t in world.timelines:
        if world.parents.get(t) is not None:
            first = (t, world.starts[t])
            started[next(i for i in range(1, len(game.submissions) + 1) if first in game.world_at(i).boards)] += 1
    most = max(started.values())
    fork = story.biggest_fork
    assert fork is not None and started[fork.number] == fork.new_timelines == most
    assert fork.travels, "a fork comes from a move to another board"
    assert all(" - " in t for t in fork.travels)


def test_nations_best_worst_and_travels(game):
    story = story_of(game)
    world = game.world
    for n in game.variant.nation_names:
        ns = story.nation(n)
        counts = {t: sum(1 for owner in world.boards[world.active_key(t)].centres.values() if owner == n)
                  for t in world.timelines}
        assert ns.best.centres == max(counts.values()) and counts[ns.best.timeline] == ns.best.centres
        assert ns.worst.centres == min(counts.values()) and counts[ns.worst.timeline] == ns.worst.centres
        assert ns.centres == story.chart.totals_of(n)[-1]
        crossing = [(o, r) for key in world.orders for o, r in zip(world.orders[key], world.results[key])
                    if isinstance(o, Move) and o.nation == n and o.dest.board != o.unit.board]
        assert ns.travels == len(crossing)
        assert ns.travels_succeeded == sum(r.status == "succeeds" for _o, r in crossing) <= ns.travels
    assert sum(ns.travels for ns in story.nations) > 0


def test_longest_timeline_and_chart(game):
    story = story_of(game)
    by_timeline = Counter(k.timeline for k in game.world.boards)
    assert story.longest.boards == max(by_timeline.values()) == by_timeline[story.longest.timeline]
    assert story.chart == ChartBuilder().build(game)
    assert story.chart.points == 31


def test_a_game_without_forks_has_none():
    story = story_of(grow_world(seed=1, turns=4, time_travel=0.0))
    assert story.biggest_fork is None and story.timelines == 1
    assert [len(s.new_boards) for s in story.steps] == [1, 1, 1, 1]
