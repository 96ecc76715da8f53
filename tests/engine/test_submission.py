"""Submission rules read from RULES.md §3 that scenario files cannot state directly."""

from app.engine.notation.notation import parse_order
from app.engine.rules.submission import submit
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board
from app.engine.rules.coords import BoardKey, Turn


def _world(units, turn="S1901"):
    v = load_variant()
    board = make_board(BoardKey(1, Turn.parse(turn)), [u.split() for u in units],
                       {c: n for n, cs in v.start_centres.items() for c in cs})
    return World.from_boards(v, [board])


def _submit(world, texts):
    return submit(world, [world.resolve(parse_order(t, world.variant)) for t in texts])


def test_a_repeated_move_is_the_same_order_and_the_latest_word_counts():
    # mun - tyr, then mun - boh, then mun - tyr again: the unit's latest word is tyr, which
    # counts at its first place; the copy fails (it counts once), boh is replaced.
    w = _world(["Germany A mun"])
    rep = _submit(w, ["A mun - tyr", "A mun - boh", "A mun - tyr"])
    assert [r.status for r in rep.results] == ["succeeds", "invalid", "fails"]
    assert "replaced" in rep.results[1].reason
    nxt = rep.world.boards[BoardKey(1, Turn.parse("F1901"))]
    assert {u.loc for u in nxt.units.values()} == {"tyr"}
    assert len(rep.world.orders[BoardKey(1, Turn.parse("S1901"))]) == 2  # tyr once, boh (replaced) once


def test_a_different_later_order_replaces_a_repeated_one():
    w = _world(["Germany A mun"])
    rep = _submit(w, ["A mun - tyr", "A mun - tyr", "A mun - boh"])
    assert [r.status for r in rep.results] == ["invalid", "fails", "succeeds"]
    nxt = rep.world.boards[BoardKey(1, Turn.parse("F1901"))]
    assert {u.loc for u in nxt.units.values()} == {"boh"}


def test_two_waives_waive_two_builds():
    # Waives are not merged: each waives one build (Germany has two builds here).
    w = _world(["Germany A mun"], turn="W1901")
    rep = _submit(w, ["Germany waive", "Germany waive", "Germany waive"])
    assert [r.status for r in rep.results] == ["succeeds", "succeeds", "fails"]
