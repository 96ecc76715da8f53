"""Properties of the world that hold after every submission of any selfplay game."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import selfplay
from app.engine.rules.coords import province_of
from app.engine.game import Game, world_to_json
from app.engine.rules.world import World


def _check_world(world: World, before: World | None):
    v = world.variant
    for key, board in world.boards.items():
        seen = set()
        for prov, unit in board.units.items():
            # each unit stands on one location, of the right kind for its type
            assert province_of(unit.loc) == prov
            assert v.unit_can_stand(unit.type, unit.loc), (key, unit)
            assert prov not in seen
            seen.add(prov)
        for centre, nation in board.centres.items():
            assert centre in v.supply_centres and nation in v.nations
    if before is not None:
        # a board never changes once it exists (only its orders' results may)
        for key, old in before.boards.items():
            assert key in world.boards
            assert world.boards[key].position() == old.position(), key
            assert world.orders.get(key, ()) == before.orders.get(key, ()) or before.is_active(key) \
                or (before.pause is not None)
    # every timeline's boards are contiguous from its first to its last turn
    for t in world.timelines:
        for key in world.timeline_boards(t):
            assert key in world.boards, key
        assert sum(1 for k in world.boards if k.timeline == t) == len(world.timeline_boards(t))
    # forks hang from existing boards of earlier timelines, one turn before their first board
    for t, parent in world.parents.items():
        if parent is not None:
            assert parent in world.boards and parent.timeline < t
            assert parent.turn.next() == world.starts[t]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), adjacency=st.sampled_from(["strict", "loose"]),
       time_travel=st.sampled_from([0.1, 0.3, 0.6]), submissions=st.integers(4, 22))
def test_selfplay_invariants(seed, adjacency, time_travel, submissions):
    rng = random.Random(seed)
    game = Game.new(adjacency=adjacency, seed=seed)
    before = None
    for _ in range(submissions):
        if game.world.phase == "over":
            break
        orders = selfplay.random_orders(game.world, rng, time_travel)
        report = game.submit(orders)
        assert len(report.results) == len(orders)
        _check_world(game.world, before)
        before = game.world


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), submissions=st.integers(1, 20))
def test_save_load_gives_an_equal_world(tmp_path_factory, seed, submissions):
    game = selfplay.play(submissions, seed)
    path = tmp_path_factory.mktemp("saves") / "g.json"
    game.save(path)
    loaded = Game.load(path)
    assert world_to_json(loaded.world) == world_to_json(game.world)
    # and the loaded game carries on exactly like the original
    rng1, rng2 = random.Random(seed + 1), random.Random(seed + 1)
    if game.world.phase != "over":
        a = game.submit(selfplay.random_orders(game.world, rng1))
        b = loaded.submit(selfplay.random_orders(loaded.world, rng2))
        assert world_to_json(a.world) == world_to_json(b.world)


def test_same_seed_same_world():
    a = selfplay.play(12, seed=42)
    b = selfplay.play(12, seed=42)
    c = selfplay.play(12, seed=43)
    assert world_to_json(a.world) == world_to_json(b.world)
    assert world_to_json(a.world) != world_to_json(c.world)


def test_replayed_history_equals_live_history():
    game = selfplay.play(10, seed=3)
    live = [world_to_json(w) for w in game.worlds]
    game.worlds = [game.worlds[-1]]  # as after loading: history is replayed on demand
    assert [world_to_json(w) for w in game.history()] == live
