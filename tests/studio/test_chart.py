"""The centre chart and order statistics (app.match.chart): the victory count after each
submission and per timeline, as replaying the game says; a builder that reads only new
worlds; what a seat may see under fog; CSV."""

import csv
import doctest
import io
import random

import app.match.chart
from app.bots.selfplay import random_orders
from app.engine.rules.coords import BoardKey
from app.engine.game import Game
from app.match import Match, Seat
from app.match.chart import ChartBuilder, OrderStats, StatsBuilder, order_stats, visible_nations


def test_docstring_examples():
    result = doctest.testmod(app.match.chart)
    assert result.attempted and not result.failed


def _played(seed=3, submissions=14, time_travel=0.5):
    rng = random.Random(seed)
    g = Game.new(seed=seed)
    worlds = [g.world]
    for _ in range(submissions):
        g.submit(random_orders(g.world, rng, time_travel))
        worlds.append(g.world)
    return g, worlds


def test_the_chart_is_the_victory_count_of_each_world_and_the_counts_on_each_timeline():
    g, worlds = _played()
    chart = ChartBuilder().build(g.snapshot())
    assert chart.points == len(worlds) and len(chart.timelines) > 1      # it forked
    for i, w in enumerate(worlds):
        owned = w.centres_on_active_boards()
        assert chart.totals[i] == tuple(len(owned.get(n, ())) for n in chart.nations)
        for t in chart.timelines:
            row = chart.per_timeline[t][i]
            if t not in w.ends:
                assert row is None
            else:
                board = w.boards[BoardKey(t, w.ends[t])]
                assert row == tuple(board.centre_count(n) for n in chart.nations)


def test_the_builder_reads_only_new_worlds_and_follows_an_undo():
    g, _ = _played(submissions=6)
    b = ChartBuilder()
    first = b.build(g.snapshot())
    asked = []
    real = Game.world_at

    class Counting:
        def __init__(self, game):
            self.game = game
            self.submissions = game.submissions
            self.variant = game.variant

        def world_at(self, i):
            asked.append(i)
            return real(self.game, i)

    g.submit([])
    second = b.build(Counting(g))
    assert asked == [7] and second.totals[:7] == first.totals
    g.undo()
    g.undo()
    asked.clear()
    third = b.build(Counting(g))
    assert asked == [] and third.totals == first.totals[:6]
    g.submit([])
    fourth = b.build(g.snapshot())
    fresh = ChartBuilder().build(g.snapshot())
    assert fourth == fresh


def test_the_csv_has_a_row_per_submission_and_timeline():
    g, _ = _played(submissions=8)
    chart = ChartBuilder().build(g)
    rows = list(csv.reader(io.StringIO(chart.to_csv())))
    assert rows[0] == ["submission", "turn", "timeline", *g.variant.nation_names]
    alls = [r for r in rows[1:] if r[2] == "all"]
    assert [int(r[0]) for r in alls] == list(range(9))
    assert [tuple(int(x) for x in r[3:]) for r in alls] == list(chart.totals)
    assert rows[1][1] == "start"


def test_under_fog_a_seat_sees_its_own_nations_counts_until_the_game_is_over():
    ada = Seat(name="Ada", nations=("France", "England"))
    ben = Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey"))
    m = Match.new(seats=[ada, ben], fog=True)
    assert visible_nations(m, 0) == ("England", "France")
    assert visible_nations(m, None) == ()
    chart = ChartBuilder().build(m.game).only(visible_nations(m, 1))
    assert chart.nations == ("Austria", "Germany", "Italy", "Russia", "Turkey")
    assert set(chart.hidden) == {"England", "France"} and "France" not in chart.to_csv()
    open_match = Match.new(seats=[ada, ben])
    assert len(visible_nations(open_match, 0)) == 7


def test_order_statistics_count_given_succeeded_failed_and_invalid():
    g = Game.new()
    g.submit_text(["A par - bur", "A mar - bur", "A mun - kie", "F kie - den", "A ber - sil", "A par - pic"])
    # France: par - bur is replaced by par - pic (invalid), mar - bur succeeds; Germany: the
    # fleet leaves Kiel for Denmark, so mun - kie succeeds
    stats = order_stats(g)
    assert stats["France"] == OrderStats(given=3, succeeded=2, failed=0, invalid=1)
    assert stats["Germany"] == OrderStats(given=3, succeeded=3, failed=0, invalid=0)
    g.submit_text(["A bur - mun", "A kie - mun", "A pic - bel", "F lon - nth", "F edi - nth", "A lvp - mos"])
    stats = order_stats(g)
    assert stats["France"] == OrderStats(given=5, succeeded=3, failed=1, invalid=1)
    assert stats["Germany"] == OrderStats(given=4, succeeded=3, failed=1, invalid=0)
    assert stats["England"] == OrderStats(given=3, succeeded=0, failed=2, invalid=1)   # a bounce and no way to Moscow
    assert order_stats(g, ["Italy"]) == {"Italy": OrderStats()}


def test_the_statistics_builder_counts_again_only_what_changed_and_always_agrees():
    rng = random.Random(11)
    g = Game.new(seed=11)
    b = StatsBuilder()
    for i in range(16):
        g.submit(random_orders(g.world, rng, 0.6))     # time travel re-adjudicates past boards
        assert b.build(g) == order_stats(g)
        if i % 5 == 4:
            g.undo()
            assert b.build(g) == order_stats(g)
