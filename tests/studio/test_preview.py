"""The adjudication preview (app.match.preview): it is the submission's own outcome, on
random positions; it changes nothing; a seat previews only its own orders on the world it
sees; stale results are dropped."""

import doctest
import random
import threading

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import app.match.preview
from app.bots.selfplay import random_orders
from app.engine.game import Game
from app.match import Match, OrderRefused, Seat
from app.match.preview import PreviewRunner, preview, seat_input


def test_docstring_examples():
    result = doctest.testmod(app.match.preview)
    assert result.attempted and not result.failed


def _random_match(seed: int, adjacency: str, time_travel: float, submissions: int) -> Match:
    rng = random.Random(seed)
    game = Game.new(adjacency=adjacency, seed=seed)
    for _ in range(submissions):
        if game.world.phase == "over":
            break
        game.submit(random_orders(game.world, rng, time_travel))
    return Match(game)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), adjacency=st.sampled_from(["strict", "loose"]),
       time_travel=st.sampled_from([0.0, 0.3, 0.7]), submissions=st.integers(0, 14))
@example(seed=126578, adjacency="strict", time_travel=0.3, submissions=12)   # an ordered unit dislodged, not retreating
def test_the_preview_equals_the_submission_on_the_same_orders(seed, adjacency, time_travel, submissions):
    m = _random_match(seed, adjacency, time_travel, submissions)
    if m.world.phase == "over":
        return
    for o in random_orders(m.world, random.Random(seed + 1), time_travel):
        try:
            m.add_order(o)
        except OrderRefused:
            pass
    world, orders = seat_input(m, 0)
    before = (m.world, len(m.game.submissions), list(m.pending()))
    p = preview(world, orders)
    assert p.error is None
    assert (m.world, len(m.game.submissions), list(m.pending())) == before      # nothing changed
    report = m.submit()
    assert [(o.order, o.status, o.reason) for o in p.outcomes] == \
        [(o, r.status, r.reason) for o, r in zip(m.game.submissions[-1], report.results)]
    after = report.world
    if after.pause is not None:
        # every unit dislodged: those that retreat, and those the results say are dislodged
        # (a unit with nowhere to retreat to is disbanded at once, so the pause does not name it)
        by_results = {o.unit for o, r in zip(m.game.submissions[-1], report.results) if r.dislodged}
        assert p.dislodged == frozenset(after.pause.dislodged) | {o.order.unit for o in p.held} | by_results
        assert p.phase == "retreats"
    else:
        assert [f.timeline for f in p.forks] == sorted(report.new_timelines)
        assert [(f.parent, f.first) for f in p.forks] == \
            [(after.parents[t], min(k for k in after.boards if k.timeline == t)) for t in sorted(report.new_timelines)]
        assert p.new_boards == tuple(report.new_boards)
        gone = {(o.unit.board, o.unit.province) for key in world.active_boards() if key.turn.is_movement
                for o, r in zip(after.orders.get(key, ()), after.results.get(key, ())) if r.dislodged} \
            if world.pause is None else set()       # retreats dislodge nobody
        assert {(loc.board, loc.province) for loc in p.dislodged} == gone
        assert p.winner == after.winner


def test_a_hotseat_seat_previews_its_own_orders_only():
    m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=(
        "Germany", "England", "Italy", "Austria", "Russia", "Turkey"))])
    m.add_text("A par - bur")
    m.done()
    m.add_text("A mun - bur")          # Ben's order would bounce Ada's …
    world, orders = seat_input(m, 0)
    assert [str(o.unit) for o in orders] == ["1:par:S1901"]
    p = preview(world, orders)
    assert [o.status for o in p.outcomes] == ["succeeds"]    # … but Ada's preview does not know it


def test_under_fog_a_seat_previews_on_what_it_sees():
    m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=(
        "Germany", "England", "Italy", "Austria", "Russia", "Turkey"))], fog=True)
    world, _ = seat_input(m, 0)
    assert world is m.view_for(0) and world is not m.world
    assert not any(u.nation == "Russia" for b in world.boards.values() for u in b.units.values())


def test_without_orders_every_unit_holds():
    g = Game.new()
    p = preview(g.world, [])
    assert p.outcomes == () and p.forks == () and p.error is None and p.dislodged == frozenset()
    assert [str(k) for k in p.new_boards] == ["1:F1901"]


def test_the_runner_drops_stale_requests_and_delivers_the_newest():
    g = Game.new()
    release = threading.Event()
    started = threading.Event()
    delivered = []

    def slow(world, orders):
        started.set()
        release.wait(5)
        return preview(world, orders)

    runner = PreviewRunner(lambda gen, p: delivered.append((gen, len(p.orders))), slow)
    first = runner.ask(g.world, [g.parse("A par - bur")])
    assert started.wait(5)
    second = runner.ask(g.world, [g.parse("A par - bur"), g.parse("A mun - ruh")])
    third = runner.ask(g.world, [g.parse("A par - pic")])      # replaces the second before its turn
    assert not runner.is_current(first) and not runner.is_current(second) and runner.is_current(third)
    release.set()
    runner.wait()
    assert delivered == [(third, 1)]       # the first ran but was stale; the second never ran


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), submissions=st.integers(2, 12))
def test_under_fog_every_seat_previews_on_its_view_without_error(seed, submissions):
    rng = random.Random(seed)
    game = Game.new(seed=seed)
    for _ in range(submissions):
        if game.world.phase == "over":
            return
        game.submit(random_orders(game.world, rng, 0.4))
    seats = [Seat(name="Ada", nations=("France", "England", "Germany")),
             Seat(name="Ben", nations=("Russia", "Turkey", "Austria", "Italy"))]
    m = Match(game, seats, fog=True)
    for i in (0, 1):
        view = m.view_for(i)
        own = [o for o in random_orders(view, random.Random(seed + i), 0.4) if o.nation in seats[i].nations]
        p = preview(view, own)
        assert p.error is None, p.error
        assert len(p.outcomes) == len(own)
        assert p.retreats_only == (view.pause is not None)     # under fog a paused submission is not the seat's
        if p.retreats_only:
            assert p.forks == () and p.new_boards == ()
