"""Memory that stays flat in a long session: past worlds are rebuilt rather than kept,
undone worlds deep in the redo chain are kept as what they changed, and every cache is
bounded by size. Counts and sizes, not timings."""

import random

from app.bots.selfplay import random_orders
from app.engine import without_victory
from app.engine.fog import visibility
from app.engine.game import Game
from app.engine.saves.save_compact import kept_texts
from app.engine.variants.variant import load_variant
from app.match import fog
from app.match.match import Match
from app.match.redo import REDO_WORLDS_KEPT
from tests.worlds import assert_same_world


def _play(game: Game, n: int, seed: int = 1) -> list:
    rng = random.Random(seed)
    live = [game.world]
    for _ in range(n):
        game.submit(random_orders(game.world, rng, 0.4))
        live.append(game.world)
    return live


def test_a_game_keeps_only_a_few_past_worlds_and_rebuilds_the_rest():
    g = Game.new()
    live = _play(g, 30)
    assert len(g._cache) <= Game.PAST_WORLDS_KEPT + 1
    for i in (0, 7, 29, 15, 30):
        assert_same_world(g.world_at(i), live[i])
        assert len(g._cache) <= Game.PAST_WORLDS_KEPT + 1
    assert g.world is live[-1]
    history = g.history()
    assert_same_world(history[12], live[12])
    for _ in range(12):
        g.undo()
        assert len(g._cache) <= Game.PAST_WORLDS_KEPT + 1
    assert_same_world(g.world, live[18])


def test_a_long_redo_chain_keeps_few_worlds_and_redoes_them_all_exactly():
    m = Match.new()
    live = _play(m.game, 14, seed=4)
    undone = []
    for _ in range(12):
        undone.append(m.world)
        m.undo()
    kept = [u.world for u in m._redo._chain if u.world is not None]
    assert len(kept) == REDO_WORLDS_KEPT
    for i in range(12):
        m.redo()
        assert_same_world(m.world, live[3 + i])
        if i < REDO_WORLDS_KEPT:
            assert m.world is undone[-1 - i]   # the last few undone come back as the very same world
    assert not m.can_redo()


def test_fog_views_and_sights_stay_bounded_over_many_cycles():
    fog.clear_cache()
    visibility.clear_cache()
    m = Match.new(fog=True)
    rng = random.Random(2)
    for cycle in range(40):
        m.game.submit(random_orders(m.world, rng, 0.4))
        for seat in (("England",), ("France", "Germany")):
            fog.fogged_world(m.world, seat)
        if cycle % 3 == 0:
            m.undo()
            fog.fogged_world(m.world, ("England",))
    assert len(fog._VIEWS) <= fog.KEEP_VIEWS
    assert len(visibility._STATES) <= visibility.KEEP_WORLDS and len(visibility._TOLD) <= visibility.KEEP_WORLDS
    masks = visibility._masks(m.world.variant)
    assert len(masks.centres) <= masks.CENTRES_KEPT + 1
    assert len(masks.kept_units) <= masks.UNITS_KEPT + 1
    assert all(len(t) <= masks.UNITS_KEPT + 1 for t in masks.units.values())
    assert all(len(t) == 256 for t in masks.names.byte_names)   # the variant's, fixed


def test_the_writers_text_is_that_of_the_present_world_only():
    g = Game.new()
    _play(g, 10)
    g.dumps()
    for _ in range(4):
        g.undo()
    _play(g, 2, seed=9)
    g.dumps()
    kinds = kept_texts(g)
    assert kinds["board"] == set(g.world.boards) and kinds["orders"] == set(g.world.orders)
    assert kinds["submission"] == set(range(len(g.submissions)))


def test_walking_the_history_forwards_costs_a_few_steps_each():
    g = Game.new(without_victory(load_variant()))
    live = _play(g, 60, seed=6)
    steps = []
    real = g.index.step_back

    def counted(world, j):
        steps.append(j)
        return real(world, j)

    g.index.step_back = counted
    for i in range(len(live)):                 # the history slider played from the start
        assert_same_world(g.world_at(i), live[i])
    assert len(steps) < 4 * len(live)          # keeping only the last few, it would be ~n²/16
    assert len(g._checkpoints) <= Game.CHECKPOINTS and len(g._cache) <= Game.PAST_WORLDS_KEPT + 1
