"""The orders-and-results transcript: every order line parses back to the order given, the
outcomes are the engine's, and a fogged transcript holds only what the seat sees."""

from __future__ import annotations

import pytest

from app.bots import selfplay
from app.engine.game import Game
from app.engine.notation.notation import parse_order
from app.engine.rules.submission import submit
from app.engine.notation.transcript import SEPARATOR, format_transcript, step_at, transcript
from app.engine.rules.validation import check
from app.match import Match, Seat


@pytest.fixture(scope="module")
def grown():
    """A game with forks and a retreat pause (as tests/engine/test_game.py grows it)."""
    g = selfplay.grow_world(seed=150, turns=12)
    assert len(g.world.timelines) > 1 and any(w.pause for w in g.worlds)
    return g


def _order_lines(text: str) -> list[tuple[str, str]]:
    return [tuple(line.split(SEPARATOR, 1)) for line in text.splitlines()
            if SEPARATOR in line and not line.startswith("#")]


def test_every_line_parses_back_to_an_order_of_the_game(grown):
    g = grown
    text = format_transcript(g)
    lines = _order_lines(text)
    assert len(lines) > 100
    given = {o for i in range(1, len(g.submissions) + 1) for os in g.world_at(i).orders.values() for o in os}
    given |= {o for os in g.world.retreats.values() for o, _ in os}
    given |= {o for s in g.submissions for o in s}
    for order_text, outcome in lines:
        order = g.world.resolve(parse_order(order_text, g.variant))
        assert order in given, order_text
        assert outcome.split(":")[0].split(" (")[0] in ("succeeds", "fails", "invalid"), outcome


def test_each_submitted_order_is_listed_with_the_engines_result(grown):
    g = grown
    steps = transcript(g)
    assert [s.number for s in steps] == list(range(1, len(g.submissions) + 1))
    assert {s.phase for s in steps} == {"orders", "retreats"}
    for s in steps:
        before = g.world_at(s.number - 1)
        report = submit(before, list(g.submissions[s.number - 1]))
        lines = [line for _, ls in s.boards for line in ls] + list(s.refused)
        for o, r in zip(g.submissions[s.number - 1], report.results):
            normal = check(before, o)[0]
            firsts = [(line.first or line.result).status for line in lines if line.order in (o, normal)]
            assert firsts, (s.number, o)
            if r.status != "pending":        # pending: decided once the retreats are in (the line says how)
                assert r.status in firsts, (s.number, o, r, firsts)
        assert set(s.new_boards) == set(report.world.boards) - set(before.boards)


def test_a_result_changed_later_shows_what_it_was_at_first(grown):
    g = grown
    changed = [(s.number, line) for s in transcript(g) for _, ls in s.boards for line in ls if line.first]
    assert changed, "this game has a result changed by a later submission"
    for number, line in changed:
        assert line.text().endswith(f"(at first: {line.first.status}" + (f": {line.first.reason})" if line.first.reason else ")"))
        assert line.first.status != line.result.status or line.first.reason != line.result.reason


def test_refused_order_for_no_board_is_listed_with_its_reason():
    g = Game.new()
    g.submit_text(["A mun - tyr", "A 1:mun:F1901 - 1:boh:F1901"])
    text = format_transcript(g)
    assert "A 1:mun:F1901 - 1:boh:F1901  # invalid: there is no board 1:F1901" in text
    assert "Germany: A 1:mun:S1901 - 1:tyr:S1901  # succeeds" in text
    assert "Austria: A 1:vie:S1901 H  # succeeds (no order given: holds)" in text
    assert "New boards: 1:F1901" in text


def test_fogged_transcript_holds_only_what_the_seat_sees():
    m = Match.new(seats=[Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("Turkey",)),
                         Seat(name="Cy", nations=("Germany", "Austria", "France", "Italy", "Russia"))], fog=True)
    rounds = [(["A lvp - yor"], ["A con - bul"], ["A vie - gal", "A mun - ruh"]),
              (["A yor - wal"], ["A bul - gre"], ["A gal - war"])]
    for orders in rounds:
        for seat, texts in enumerate(orders):
            for t in texts:
                m.add_text(t, seat)
            m.done(seat)
        m.submit()
    full = format_transcript(m.game)
    ada = format_transcript(m.game, lambda w: m.view_for(0, w), own=m.nations_of(0))
    assert "Turkey: A 1:con:S1901 - 1:bul:S1901" in full
    assert "Turkey" not in ada and "gal" not in ada          # far from England: unseen
    assert "England: A 1:lvp:S1901 - 1:yor:S1901  # succeeds" in ada
    assert "England: A 1:yor:F1901 - 1:wal:F1901  # succeeds" in ada


def test_one_step_is_that_step_of_the_whole_transcript(grown):
    steps = transcript(grown)
    assert [step_at(grown, s.number) for s in steps] == steps
    with pytest.raises(IndexError):
        step_at(grown, 0)
