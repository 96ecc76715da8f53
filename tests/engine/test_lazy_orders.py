"""A file its checksum vouches for is read lazily (app.engine.saves.lazy_orders): each board's
orders, its part of the order index and each submission are made when first asked for.
The game must be exactly the game an eager read makes — its worlds, index, history and
saves — and a damaged file must still be refused at open, naming the field."""

import doctest
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import app.engine.saves.lazy_orders
from app.bots import selfplay
from app.engine.saves import savefile
from app.engine.notation.board_text import BoardTextReader
from app.engine.game import Game, GameFileError
from app.engine.notation.notation import format_order
from app.engine.saves.lazy_orders import LazyOrders, Unread, UnreadRefs, raw_value
from app.engine.variants.variant import load_variant
from app.engine.rules.world import index_orders
from tests.worlds import assert_same_world

def load_both(path: Path, monkeypatch) -> tuple[Game, Game]:
    """The game in ``path`` read lazily, and read eagerly (every order made at open)."""
    lazy = Game.load(path)
    with monkeypatch.context() as m:
        m.setattr(savefile.SaveReader, "lazy_orders", False)
        eager = Game.load(path)
    return lazy, eager


def unread_boards(game: Game) -> int:
    return sum(1 for k in game.world.orders.keys() if isinstance(raw_value(game.world.orders, k), Unread))


def assert_same_game(lazy: Game, eager: Game, steps=None) -> None:
    assert unread_boards(eager) == 0
    n = len(eager.submissions)
    assert len(lazy.submissions) == n
    for i in steps if steps is not None else range(n + 1):
        a, b = lazy.world_at(i), eager.world_at(i)
        assert_same_world(a, b)
        assert a.refs.keys() == b.refs.keys()
        for k in b.refs:   # each space's references in the same order: the adjudicator follows them in it
            assert dict(a.refs[k]) == dict(b.refs[k])
    assert list(lazy.submissions) == list(eager.submissions)


def test_docstring_examples():
    result = doctest.testmod(app.engine.saves.lazy_orders)
    assert result.attempted and not result.failed


def test_a_lazy_read_makes_no_orders_at_open_and_then_the_same_game(grown, tmp_path, monkeypatch):
    g, live = grown
    path = tmp_path / "g.json"
    path.write_text(g.dumps())
    lazy, eager = load_both(path, monkeypatch)
    assert unread_boards(lazy) == len(lazy.world.orders) > 0       # nothing made yet
    assert lazy.dumps() == eager.dumps() == path.read_text()       # saved without making them
    assert unread_boards(lazy) == len(lazy.world.orders)
    assert_same_game(lazy, eager)
    for i, w in enumerate(live):
        assert_same_world(lazy.world_at(i), w)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), adjacency=st.sampled_from(["strict", "loose"]), turns=st.integers(4, 14),
       time_travel=st.sampled_from([0.3, 0.8]))
def test_a_lazy_read_is_an_eager_read(tmp_path, monkeypatch, seed, adjacency, turns, time_travel):
    """Forks, retreats, builds and orders across boards (selfplay's), read both ways."""
    g = selfplay.grow_world(adjacency=adjacency, seed=seed, turns=turns, time_travel=time_travel)
    path = tmp_path / f"g{seed}.json"
    path.write_text(g.dumps())
    lazy, eager = load_both(path, monkeypatch)
    # the index made from the texts is the index of the orders made
    w = lazy.world
    order = sorted(w.orders, key=lambda k: (lazy.index.given.get(k, 0), k))
    refs, incoming = index_orders({k: w.orders[k] for k in order}, w.results)
    assert dict(refs) == dict(w.refs) and dict(incoming) == dict(w.incoming)
    assert_same_game(lazy, eager)


def test_convoys_builds_and_a_fork_read_lazily(tmp_path, monkeypatch):
    g = Game.new()
    g.submit_text(["F lon - nth", "A lvp - yor", "F bre - mao", "A par - bur", "F kie - den"])
    g.submit_text(["F nth C A yor - nwy", "A yor - nwy via convoy", "F mao - spa/nc", "F den - swe"])
    g.submit_text(["England: build F lon", "Germany: build F kie"])
    g.submit_text(["A 1:nwy:S1902 - 1:nwy:F1901", "F 1:nth:S1902 S A 1:nwy:S1902 - 1:nwy:F1901"])
    assert len(g.world.timelines) == 2
    kinds = {o.kind for s in g.submissions for o in s}
    assert {"convoy", "move", "build", "support"} <= kinds
    path = tmp_path / "c.json"
    path.write_text(g.dumps())
    lazy, eager = load_both(path, monkeypatch)
    assert_same_game(lazy, eager)
    assert lazy.dumps() == eager.dumps() == path.read_text()


def test_saves_after_a_lazy_read_are_the_saves_after_an_eager_read(grown, tmp_path, monkeypatch):
    g, _ = grown
    path = tmp_path / "g.json"
    path.write_text(g.dumps())
    lazy, eager = load_both(path, monkeypatch)
    for game in (lazy, eager):
        game.undo()
        game.undo()
        game.submit(selfplay.random_orders(game.world, random.Random(5), time_travel=0.8))
        game.submit(selfplay.random_orders(game.world, random.Random(6), time_travel=0.8))
    assert lazy.dumps() == eager.dumps()
    orders, world = lazy.undo()
    eager.undo()
    assert lazy.dumps() == eager.dumps()
    lazy.redo(orders, world)
    again = tmp_path / "again.json"
    lazy.save(again)
    reread, eager_reread = load_both(again, monkeypatch)
    assert_same_game(reread, eager_reread)


@pytest.mark.parametrize("size", [300, 1000])
def test_the_benchmarks_worlds_read_lazily_are_read_eagerly(size, monkeypatch, selfplay_save):
    path = selfplay_save(size)
    load_variant("standard").victory_centres, was = 10 ** 6, load_variant("standard").victory_centres
    try:
        lazy, eager = load_both(path, monkeypatch)
        assert unread_boards(lazy) > 0      # the read really is lazy
        n = len(eager.submissions)
        assert len(eager.world.boards) >= size
        assert lazy.dumps() == eager.dumps()
        assert_same_game(lazy, eager, steps=[n, n - 1, n - 7, n // 2])
    finally:
        load_variant("standard").victory_centres = was


def test_orders_are_made_once_for_every_world_that_shares_them(grown, tmp_path):
    g, _ = grown
    path = tmp_path / "g.json"
    path.write_text(g.dumps())
    h = Game.load(path)
    k = next(iter(h.world.orders))
    before = h.world_at(len(h.submissions) - 1)      # a copy of the mapping, still unread
    assert h.world.orders[k] is before.orders[k] is h.world.orders.copy()[k]
    assert h.world.refs.get(k) is before.refs.get(k)


def test_a_lazy_world_is_read_only(grown, tmp_path):
    g, _ = grown
    path = tmp_path / "g.json"
    path.write_text(g.dumps())
    w = Game.load(path).world
    k = next(iter(w.orders))
    with pytest.raises(TypeError):
        w.orders[k] = ()
    with pytest.raises(TypeError):
        w.refs[k] = {}
    assert dict(w.orders) == {key: w.orders[key] for key in w.orders}   # a plain copy is every order made
    assert all(type(v) is tuple for v in dict(w.orders).values())


def test_the_lazy_mapping_never_hands_out_an_unread_value():
    reader = BoardTextReader(load_variant())
    from app.engine.rules.coords import BoardKey, Turn
    k = BoardKey(1, Turn(1901, 0))
    own = reader.own("Germany: A mun - tyr")

    def fresh():
        return LazyOrders({k: Unread(k, (own,), reader)})
    for take in (lambda m: m[k], lambda m: m.get(k), lambda m: list(m.values())[0], lambda m: dict(m)[k],
                 lambda m: {**m}[k], lambda m: dict(m.items())[k], lambda m: m.copy()[k], lambda m: m.pop(k),
                 lambda m: (m | {})[k], lambda m: ({} | m)[k], lambda m: m.setdefault(k)):
        value = take(fresh())
        assert type(value) is tuple and format_order(value[0]) == "Germany: A 1:mun:S1901 - 1:tyr:S1901"
    assert fresh() == {k: fresh()[k]} and not fresh() != {k: fresh()[k]}
    assert "Unread" not in repr(fresh())
    assert dict(UnreadRefs(k, [], {}, {}).read()) == {}


# -- damaged files are refused at open ---------------------------------------------------------


def resign(text: str, old: str, new: str) -> str:
    body = text[:text.rfind(',"checksum":"')].replace(old, new, 1) + "}"
    return body[:-1] + f',"checksum":"{savefile._checksum(body)}"}}'


@pytest.mark.parametrize("old, new, why", [
    ('"Germany: A mun H"', '"Germany: A xyz H"', "'xyz' is not a location"),
    ('"Germany: A mun H"', '"Germany: A mun Z"', "is not an order"),
    ('"Germany: A mun H"', '"Prussia: A mun H"', "unknown nation 'Prussia'"),
    ('"Germany: A mun H"', '"Germany: A mun - mun@+0-9999"', "is no board"),
])
def test_a_bad_order_text_in_a_vouched_for_file_is_refused_at_open(tmp_path, old, new, why):
    g = Game.new()
    g.submit_text(["A par - bur"])
    text = g.dumps()
    assert old in text
    path = tmp_path / "bad.json"
    path.write_text(resign(text, old, new))
    assert savefile._checksum_holds(path.read_text())
    with pytest.raises(GameFileError, match=rf"bad\.json: field 'world\.orders\.0\.orders\.\d+'.*{why}"):
        Game.load(path)


def test_a_bad_order_text_in_a_submission_of_a_vouched_for_file_is_refused_at_open(tmp_path):
    g = Game.new()
    g.submit_text(["A par - bur"])
    path = tmp_path / "bad.json"
    path.write_text(resign(g.dumps(), '"1:S1901 France: A par - bur"', '"1:S1901 France: A par - qqq"'))
    with pytest.raises(GameFileError, match=r"bad\.json: field 'submissions\.0\.0'.*'qqq' is not a location"):
        Game.load(path)


def test_a_damaged_order_text_is_refused_at_open_naming_the_field(grown, tmp_path):
    g, _ = grown
    data = json.loads(g.dumps())
    data["world"]["orders"][1]["orders"][2] = "Germany: A nowhere H"    # the checksum no longer holds
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError, match=r"damaged\.json: field 'world\.orders\.1\.orders\.2'.*'nowhere'"):
        Game.load(path)


def test_the_quick_check_of_a_text_never_passes_what_the_reader_refuses():
    """BoardTextReader._well_formed is sure of its True: every text it passes is read."""
    v = load_variant()
    reader = BoardTextReader(v)
    nations = ["Germany", "", "Prussia"]
    words = ["A", "F", "?", "H", "D", "R", "S", "C", "-", "via", "convoy", "build", "waive", "mun", "tyr", "stp/sc", "xx", ""]
    rng = random.Random(4)
    passed = 0
    for _ in range(20000):
        n = rng.choice(nations)
        body = " ".join(rng.choice(words) for _ in range(rng.randint(1, 7)))
        text = rng.choice([f"{n}: {body}", f"{n} waive", body])
        if reader._well_formed(text):
            passed += 1
            reader.template(text)   # raises if the quick check was wrong
    assert passed > 100
