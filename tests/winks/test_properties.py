"""Properties over many seeded random throws and layouts (RULES.md §9): the clean-up and
the choosing turns always end with legal terrain and at most one piece per space; the
same seed always gives the same result."""

from __future__ import annotations

import math
import random

from hypothesis import given, settings, strategies as st

from app.engine.rules.coords import province_of
from app.engine.variants.variant import load_variant
from app.winks import throw_at_random
from app.winks.cleanup import Layout, Piece, choices, choose, clean_up
from app.winks.physics import Table, Throw, simulate
from tests.winks.spots import footprints

V = load_variant("standard")
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def random_layout(seed: int) -> tuple[Layout, dict[int, tuple[str, ...]]]:
    rng = random.Random(seed)
    fp = footprints()
    x0, y0, w, h = fp.geometry.view_box
    pieces = [Piece(i, rng.choice(V.nation_names), rng.choice("AF"), rng.uniform(x0, x0 + w), rng.uniform(y0, y0 + h))
              for i in range(rng.randint(1, 60))]
    cands = {p.id: fp.candidates(p.type, p.x, p.y) for p in pieces}
    return Layout.of(pieces, cands), cands


def play_to_the_end(seed: int):
    lay, cands = random_layout(seed)
    steps = clean_up(lay, V)
    rng = random.Random(seed + 1)
    made = []
    turns = [steps[-1].after]
    while not steps[-1].after.settled:
        made.append(rng.choice(choices(steps[-1].after)))
        steps += choose(steps[-1].after, made[-1], V)
        turns.append(steps[-1].after)
    return steps, cands, made, turns


def check_layout(lay: Layout, cands: dict[int, tuple[str, ...]], turn: bool = False) -> None:
    """Legal terrain always; at the end of the clean-up and of each choosing turn, no
    undecided piece still counts a resolved space among its candidates."""
    for i, loc in lay.placed.items():
        p = lay.pieces[i]
        assert V.unit_can_stand(p.type, loc), (p, loc)
        assert loc in cands[i]
    for i, opts in lay.options.items():
        assert set(opts) <= set(cands[i])
        assert not turn or (len(opts) >= 2 and not any(province_of(o) in lay.resolved for o in opts))
    assert set(lay.placed) | set(lay.options) == set(lay.pieces)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(SEEDS)
def test_random_layouts_clean_up_to_a_legal_position(seed):
    steps, cands, made, turns = play_to_the_end(seed)
    assert steps[0].rule == "1" and all(cands[i] for i in steps[0].after.pieces)
    for s in steps[1:]:                                          # from step 2 on
        check_layout(s.after, cands)
    for lay in turns:
        check_layout(lay, cands, turn=True)
    end = steps[-1].after
    assert end.settled and not end.options
    spaces = [province_of(loc) for loc in end.placed.values()]
    assert len(spaces) == len(set(spaces))                       # at most one piece per space
    assert len(made) <= len(cands)                               # every turn settles something
    again = play_to_the_end(seed)[0]
    assert [s.to_json() for s in again] == [s.to_json() for s in steps]


@settings(max_examples=6, deadline=None, derandomize=True)
@given(st.integers(min_value=2, max_value=7), SEEDS)
def test_random_thrown_games_settle_and_replay(players, seed):
    g = throw_at_random(players, seed)
    assert g.phase == "judging" and g.layout.settled
    units = g.units()
    assert len({province_of(loc) for _, _, loc in units}) == len(units)
    assert all(V.unit_can_stand(t, loc) for _, t, loc in units)
    g.play_out()                                                 # a legal engine board
    assert throw_at_random(players, seed).to_json() == g.to_json()


def test_a_thousand_throws_rest_on_the_board_or_are_lost_and_never_overlap():
    table = Table.for_board(footprints().geometry.view_box)
    rng = random.Random(99)
    resting: dict[int, tuple[float, float]] = {}
    for i in range(1000):
        throw = Throw(rng.uniform(-0.6, 0.6), rng.uniform(0.2, 1.0))
        landing = simulate(table, resting, i, throw, random.Random(i))
        if i % 97 == 0:                                          # the same seed lands the same
            assert simulate(table, resting, i, throw, random.Random(i)).rests == landing.rests
        resting.update(landing.rests)
        for p in landing.lost:
            assert not table.on_board(*resting.pop(p))
        assert all(table.on_board(*xy) for xy in resting.values())
        if len(resting) > 70:
            resting.clear()
        for a in landing.rests:
            if a in resting:
                for b, xy in resting.items():
                    if b != a:
                        assert math.dist(resting[a], xy) > 2 * table.radius - 1.0, (i, a, b)
