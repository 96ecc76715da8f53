"""Sight under fog of war (RULES.md §8), checked against a slow, literal reading of the rule
over grown multiverse worlds, plus the cache's promises. The rule's cases one by one are
the scenario files in tests/scenarios/fog/."""

import random

import pytest

from app.engine.fog import visibility
from app.engine.rules.adjacency import boards_adjacent, reaches
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.game import Game
from app.bots.selfplay import random_orders
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board


def literal_sight(world: World, nation: str, key: BoardKey) -> set[str]:
    """§8 word for word: (a) stands or owns, (b) map neighbours of (a), (c) what a unit on an
    adjacent board could reach here by a move without a convoy."""
    v = world.variant
    board = world.boards[key]
    a = {p for p, u in board.units.items() if u.nation == nation} | {c for c, n in board.centres.items() if n == nation}
    seen = set(a)
    for p in a:
        seen |= v.army_adjacent.get(p, set()) | v.fleet_adjacent_provinces.get(p, set())
    for other_key, other in world.boards.items():
        if not boards_adjacent(other_key, key):
            continue
        for u in other.units.values():
            if u.nation != nation:
                continue
            frm = Location(other_key, u.loc)
            for loc in v.locations:
                if reaches(v, world.adjacency, u.type, frm, Location(key, loc)):
                    seen.add(loc.split("/")[0])
    return seen


def grown(adjacency: str, seed: int, submissions: int) -> World:
    rng = random.Random(seed)
    game = Game.new("standard", adjacency, seed)
    for _ in range(submissions):
        if game.world.phase == "over":
            break
        game.submit(random_orders(game.world, rng, time_travel=0.6))
    return game.world


@pytest.mark.parametrize("adjacency", ["strict", "loose"])
def test_sight_matches_the_rule_read_literally(adjacency):
    world = grown(adjacency, seed=5, submissions=9)
    assert len(world.timelines) > 1, "the world should have forked for this test to mean much"
    for nation in world.variant.nation_names:
        whole = visibility.sight(world, nation)
        assert set(whole) == set(world.boards)
        for key in world.boards:
            want = literal_sight(world, nation, key)
            assert whole[key] == want, (nation, str(key), sorted(whole[key] ^ want))
            assert visibility.board_sight(world, nation, key) == want


def test_a_seat_sees_the_union_of_its_nations():
    world = grown("strict", seed=2, submissions=5)
    key = world.active_boards()[0]
    both = visibility.board_sight(world, ("England", "France"), key)
    assert both == visibility.board_sight(world, "England", key) | visibility.board_sight(world, "France", key)
    assert visibility.sight(world, ["England", "France"])[key] == both


def test_cache_never_mixes_up_boards_with_equal_keys():
    """Two different boards at the same coordinate (two worlds) each get their own sight."""
    v = load_variant()
    key = BoardKey(1, Turn.parse("S1901"))
    w1 = World.from_boards(v, [make_board(key, [("England", "A", "lon")], {})])
    w2 = World.from_boards(v, [make_board(key, [("England", "A", "mun")], {})])
    assert "wal" in visibility.board_sight(w1, "England", key)
    assert "wal" not in visibility.board_sight(w2, "England", key)
    assert "boh" in visibility.board_sight(w2, "England", key)
    visibility.clear_cache()
    assert "wal" in visibility.board_sight(w1, "England", key)


def test_unknown_board_is_a_key_error_and_absent_nation_sees_nothing():
    w = World.initial(load_variant())
    with pytest.raises(KeyError):
        visibility.board_sight(w, "England", BoardKey(2, Turn.parse("S1901")))
    assert visibility.board_sight(w, "Nobody", w.active_boards()[0]) == frozenset()


# -- the scenario command's `sight` expectation (spec/SCENARIOS.md) ----------------------------

import json  # noqa: E402

from app.engine.scenarios.scenario import ScenarioError, main as scenario_main, run_file  # noqa: E402


def _scenario(tmp_path, sight, name="s.json"):
    path = tmp_path / name
    path.write_text(json.dumps({
        "start": {"boards": [{"timeline": 1, "turn": "S1901", "units": ["Germany A mun"], "centres": {}}]},
        "steps": [{"orders": [], "expect": {"sight": sight}}]}))
    return path


def test_sight_is_reported_for_what_the_expectation_names(tmp_path):
    report = run_file(_scenario(tmp_path, {"germany": {"1:F1901": ["mun", "ber", "boh", "bur", "kie", "ruh", "sil", "tyr"]}}))
    assert report["ok"], report["steps"][0]["failures"]
    assert report["steps"][0]["sight"] == {"germany": {"1:F1901": ["ber", "boh", "bur", "kie", "mun", "ruh", "sil", "tyr"]}}


def test_a_wrong_sight_expectation_fails_in_words(tmp_path, capsys):
    path = _scenario(tmp_path, {"Germany": {"1:F1901": ["mun", "war"], "3:F1901": []}})
    report = run_file(path)
    assert not report["ok"]
    failures = report["steps"][0]["failures"]
    assert any("sight of Germany on 1:F1901" in f and "'war'" in f and "'tyr'" in f for f in failures), failures
    assert "sight: board 3:F1901 does not exist" in failures
    assert report["steps"][0]["sight"]["Germany"]["3:F1901"] is None
    assert scenario_main([str(path)]) == 1
    assert run_file(path, check=False)["ok"]


@pytest.mark.parametrize("sight, words", [
    ({"Prussia": {"1:F1901": []}}, "unknown nation 'Prussia'"),
    ({"Germany": {"F1901": []}}, "expect.sight.Germany"),
    ({"Germany": {"1:F1901": ["spa/nc"]}}, "not province ids (without coasts): spa/nc"),
])
def test_a_sight_expectation_naming_nonsense_is_a_file_error(tmp_path, capsys, sight, words):
    path = _scenario(tmp_path, sight)
    with pytest.raises(ScenarioError, match="step 1") as err:
        run_file(path)
    assert words in str(err.value)
    assert scenario_main([str(path)]) == 2
    assert words in capsys.readouterr().err


# -- sight made from the world before it --------------------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402

from tests.worlds import take_step  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), adjacency=st.sampled_from(["strict", "loose"]),
       steps=st.lists(st.sampled_from(["submit", "submit", "submit", "undo", "redo"]), min_size=4, max_size=16))
def test_sight_kept_from_the_world_before_equals_sight_from_scratch(seed, adjacency, steps):
    """After any run of submissions, undos and redos, each nation's and seat's sight made
    from the previous world's equals the sight computed from scratch (and the rule)."""
    rng = random.Random(seed)
    game = Game.new("standard", adjacency, seed)
    undone = []
    visibility.clear_cache()
    nations = game.world.variant.nation_names
    seats = [(n,) for n in nations] + [("England", "France"), tuple(nations)]
    for step in steps:
        take_step(game, step, rng, undone, 0.5)
        world = game.world
        seat = rng.choice(seats)
        kept = visibility.sight(world, seat)              # derived from the last world asked about
        scratch = visibility.WorldSight.build(world).of(seat)
        assert kept == scratch
        key = rng.choice(sorted(world.boards))
        assert kept[key] == literal_seat_sight(world, seat, key)


def literal_seat_sight(world, seat, key):
    out = set()
    for n in seat:
        out |= literal_sight(world, n, key)
    return out


def test_kept_sights_are_bounded():
    world = grown("strict", seed=3, submissions=8)
    visibility.clear_cache()
    game = Game.from_world(world)
    rng = random.Random(1)
    for _ in range(visibility.KEEP_WORLDS + 6):
        game.submit(random_orders(game.world, rng))
        visibility.sight(game.world, "France")
        visibility.sight(game.world, ("France", "Italy"))
    assert len(visibility._STATES) == visibility.KEEP_WORLDS
    state = visibility.world_sight(game.world)
    for n in game.world.variant.nation_names:
        state.of((n,))
    state.of(("England", "France"))
    for n in game.world.variant.nation_names:
        state.of((n, "England"))
    assert len(state._of) == visibility.WorldSight.KEEP_SEATS


@settings(max_examples=60, deadline=None)
@given(st.sets(st.integers(0, 200)))
def test_provinces_read_back_from_their_bits_with_their_neighbours(picks):
    masks = visibility._masks(load_variant())
    chosen = [masks.provinces[i % len(masks.provinces)] for i in picks]
    m = 0
    for p in chosen:
        m |= masks.bit[p]
    assert masks.as_set(m) == frozenset(chosen)
    near = set(chosen)
    for p in chosen:
        near |= load_variant().army_adjacent.get(p, frozenset()) | load_variant().fleet_adjacent_provinces.get(p, frozenset())
    assert masks.as_set(masks.near_of(m)) == near
