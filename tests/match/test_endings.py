"""Ending a game by agreement through the match layer (RULES.md §11): draws, concessions,
resignations; votes secret (in memory, in the outcome and in the file); older files load."""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest

from app.match import Match, MatchError, Seat
from app.match.ending import Ending, nations_in_game
from app.match.storage import open_match, save_match
from app.match.table import ProposalRefused

from .sealed_text import text_outside_sealed_boxes

ADA = Seat(name="Ada", colour="#1971c2", nations=("England",))
BEN = Seat(name="Ben", colour="#e8590c", nations=("France",))
CLEO = Seat(name="Cleo", colour="#2f9e44", nations=("Germany",))
FIXTURES = Path(__file__).parent / "fixtures"


def table(*extra: Seat, **kw) -> Match:
    return Match.new(seats=[ADA, BEN, CLEO, *extra], seed=5, **kw)


def computer(nations, level) -> Seat:
    return Seat(name=f"Computer ({level})", colour="#9c36b5", nations=nations, controller="computer", level=level)


def public(obj) -> dict:
    """Everything a front end can read of ``obj`` without a leading underscore."""
    return {k: v for k, v in vars(obj).items() if not k.startswith("_") and k != "m"}


def test_a_draw_agreed_by_three_hotseat_seats_and_a_computer_player():
    m = table(computer(("Italy",), "standard"))           # Italy 3 centres of 22 in 7 sides: not ahead
    p = m.table.proposals
    assert p.propose(0, "draw") is None
    assert p.waiting() == [1, 2]                           # the computer answered at once
    m.add_text("F lon - nth"); assert m.done() == 1
    assert p.must_answer(1) and p.answer(1, True) is None
    assert m.done() == 2
    out = p.answer(2, True)
    assert out.agreed and out.why == "agreed"
    assert p.ending == Ending("draw", nations_in_game(m.game.world), 0, "Spring 1901")
    assert m.world.phase == "over" and not m.world.winner  # over, nobody alone wins
    assert m.turn is None and not any(m.has_work(i) for i in range(4))
    with pytest.raises(ProposalRefused, match="the game is over"):
        p.propose(1, "draw")


def test_a_computer_that_expects_to_gain_refuses_and_the_draw_fails():
    m = table(computer(("Russia",), "hard"))                # 4 centres, fair share 22/7: ahead
    p = m.table.proposals
    p.propose(0, "draw")
    p.answer(1, True)
    out = p.answer(2, True)
    assert not out.agreed and out.why == "refused" and p.ending is None and m.world.phase == "movement"


def _refused_by(refuser: int) -> tuple[dict, dict, str]:
    m = table()
    p = m.table.proposals
    p.propose(0, "draw")
    first, last = (1, 2)
    assert p.answer(first, first != refuser) is None
    assert p.open is not None                  # a refusal is not announced before the last answer
    out = p.answer(last, last != refuser)
    return public(p), {f.name: getattr(out, f.name) for f in fields(out)}, json.dumps(m.to_meta())


def test_one_refusal_ends_the_draw_and_nothing_tells_who_refused():
    by_ben, by_cleo = _refused_by(1), _refused_by(2)
    assert by_ben[1]["agreed"] is False and by_ben[1]["why"] == "refused"
    assert by_ben == by_cleo                   # the public state, the outcome and the saved part alike


def test_an_adjudication_ends_an_open_proposal():
    m = table()
    p = m.table.proposals
    p.propose(0, "draw")
    m.done(); m.done(); assert m.done() == 1       # everyone ordered; Ben is called back to answer
    with pytest.raises(MatchError):
        table().prepare()                          # (an ordinary round still waits for its seats)
    m.submit()
    assert p.open is None and p.last.why == "adjudicated" and not p.last.agreed
    assert p.ending is None and m.world.phase == "movement" and m.turn == 0
    with pytest.raises(ProposalRefused, match="no proposal"):
        p.answer(1, True)


def test_a_concession_to_one_nation_makes_it_the_winner():
    m = table()
    p = m.table.proposals
    with pytest.raises(ProposalRefused, match="you play England"):
        p.propose(0, "concession", to="England")
    p.propose(0, "concession", to="Germany")
    assert p.waiting() == [1]                      # Cleo plays only Germany: she does not answer
    out = p.answer(1, True)
    assert out.agreed and p.ending == Ending("concession", ("Germany",), 0, "Spring 1901")
    assert m.world.phase == "over" and m.world.winner == "Germany"


def test_a_computer_does_not_concede_to_a_nation_no_bigger_than_its_own():
    m = table(computer(("Italy",), "easy"))
    p = m.table.proposals
    p.propose(0, "concession", to="Germany")
    assert not p.answer(1, True).agreed


@pytest.mark.parametrize("level, agreed", [("standard", True), ("hard", False)])
def test_a_seat_that_resigns_to_the_computer_is_answered_for_by_its_level(level, agreed):
    m = table()
    p = m.table.proposals
    p.propose(0, "draw")
    p.answer(1, False)                              # Ben refuses, then resigns: his answer goes with him
    m.table.seats.leave(1, level)
    assert m.seats[1].is_computer and p.open is not None and p.waiting() == [2]
    assert p.answer(2, True).agreed is agreed      # France's computer: 3 centres, fair share 22/7


def test_a_seat_that_resigns_to_nobody_does_not_answer():
    m = table()
    p = m.table.proposals
    p.propose(0, "draw")
    p.answer(2, True)
    m.table.seats.leave(1, None)
    assert p.last is not None and p.last.agreed     # the last answer in was Cleo's


def test_a_sandbox_draw_ends_at_once_and_an_undo_plays_on():
    m = Match.new(seed=2, seats=[Seat(name="You", nations=("England", "France", "Germany")),
                                 computer(("Italy",), "standard")])
    m.submit()
    out = m.table.proposals.propose(0, "draw")
    assert out.agreed and m.world.phase == "over" and m.mode == "sandbox"
    m.undo()
    assert m.table.proposals.ending is None and m.world.phase == "movement"


def test_save_and_open_mid_proposal_keep_a_pin_seats_answer_sealed(tmp_path):
    m = table(pins={1: "2718"})
    p = m.table.proposals
    p.propose(0, "draw")
    p.answer(1, False)                              # Ben (PIN) refuses
    path = tmp_path / "g.json"
    save_match(m, path)
    saved = json.loads(path.read_text())["meta"]["table"]["proposals"]["open"]
    assert saved["votes"] == {"0": True}            # Ada proposed (so accepts, as all know); Ben's is sealed
    assert "false" not in json.dumps(json.loads(text_outside_sealed_boxes(path))["meta"]["table"])
    back = open_match(path)
    q = back.table.proposals
    assert back.is_locked(1) and q.waiting() == [1, 2]      # Ben may have answered: nobody can tell
    assert q.answer(2, True) is None                         # Cleo's answer does not decide it
    assert back.check_pin(1, "2718")                         # Ben's box opens: his refusal counts
    assert q.open is None and q.last.why == "refused"


def test_an_agreed_draw_is_kept_in_the_file(tmp_path):
    m = table()
    p = m.table.proposals
    p.propose(0, "draw"); p.answer(1, True); p.answer(2, True)
    save_match(m, tmp_path / "g.json")
    back = open_match(tmp_path / "g.json")
    assert back.table.proposals.ending == p.ending and back.world.phase == "over"


def test_an_older_file_without_proposals_opens_and_takes_one():
    m = open_match(FIXTURES / "v2_table.json")
    assert "proposals" not in json.loads((FIXTURES / "v2_table.json").read_text())["meta"].get("table", {})
    p = m.table.proposals
    assert p.open is None and p.ending is None
    assert m.check_pin(1, "2718")
    assert p.propose(0, "draw") is None and p.waiting() == [1]


def test_a_damaged_proposal_is_named():
    m = table()
    m.table.proposals.propose(0, "concession", to="Germany")
    meta = m.to_meta()
    meta["table"]["proposals"]["open"]["to"] = "Atlantis"
    m.game.meta = meta
    from app.match import MatchFileError
    with pytest.raises(MatchFileError, match="proposals.open.to.*Atlantis"):
        Match.from_game(m.game, "g.json")


def _civilisations() -> Match:
    from app.engine.civ.civstart import with_civ
    from app.engine.civ.nations import PALETTE, with_nations
    from app.engine.game import Game
    from app.engine.rules.coords import BoardKey, Turn
    from app.engine.rules.world import World, make_board
    from app.engine.variants.variant import load_variant
    names = ("Sumer", "Akkad", "Elam")
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    board = make_board(BoardKey(1, Turn(1901, 0)), [tuple(u.split()) for u in ("Sumer A bur", "Akkad A mun", "Elam F ion")],
                       {"par": "Sumer", "ber": "Akkad", "nap": "Elam"})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad"]})
    return Match(Game.from_world(world), [Seat(name=n[:3], nations=(n,)) for n in names], fog=True)


def test_civilisations_concede_only_to_one_they_know_and_are_told_of_none_they_have_not_met():
    m = _civilisations()
    p = m.table.proposals
    with pytest.raises(ProposalRefused, match="Elam is not a nation still in the game that you know"):
        p.propose(0, "concession", to="Elam")
    p.propose(0, "concession", to="Akkad")
    assert "Akkad" in p.describe(0)
    assert "Akkad" not in p.describe(2) and "a civilisation you have not met" in p.describe(2)
    assert p.waiting() == [2]
    p.answer(2, False)
    m2 = _civilisations()
    m2.table.proposals.propose(2, "draw")
    told = m2.table.proposals.describe(0)
    assert "every civilisation still in the game" in told and not any(n in told for n in ("Sumer", "Akkad", "Elam"))


def test_nations_in_game_answers_each_world_for_itself():
    """The last answer is kept for a window's many redraws of one world; another world, even
    a changed copy of it, is read anew."""
    import dataclasses
    from app.engine import Game
    from app.match.ending import nations_in_game
    world = Game.new().world
    key = world.active_boards()[0]
    board = world.boards[key]
    without_italy = board._replace(units={p: u for p, u in board.units.items() if u.nation != "Italy"},
                                   centres={p: n for p, n in board.centres.items() if n != "Italy"})
    changed = dataclasses.replace(world, boards={**world.boards, key: without_italy})
    assert "Italy" in nations_in_game(world) and nations_in_game(world) == nations_in_game(world)
    assert "Italy" not in nations_in_game(changed)
    assert "Italy" in nations_in_game(world)


def test_a_thrown_play_out_refuses_a_draw_and_its_judged_winner_is_said_so():
    """RULES.md §9: a play-out has no draws; the game it ends by judging is told as such."""
    from app.winks import throw_at_random
    from app.winks.session import thrown_game
    game = thrown_game(throw_at_random(2, seed=3))
    a, b = game.meta["thrown"]["nations"]
    m = Match(game, [Seat(name="Ada", nations=(a,)), Seat(name="Ben", nations=(b,))])
    p = m.table.proposals
    assert p.refusal(0, "draw") == "a thrown start's play-out has no draws: after every season each seat names " \
                                   "the winner instead"
    with pytest.raises(ProposalRefused):
        p.propose(0, "draw")
    m.done(0), m.done(1)
    m.submit()
    assert m.table.judging.judge({0: b, 1: b}) == b
    assert p.ending == Ending("victory", (b,), 1, "Winter 1901", how="every seat named it")
    assert p.ending.describe() == f"{b} wins: every seat named it (Winter 1901)"


def test_a_civilisations_game_ends_dated_as_it_is_played():
    """Its turns are named in years BC (RULES.md §10): the ending says when in them, not in
    the notation's 1901 (seen: "A draw shared by Sumer and Akkad (Spring 1901)")."""
    from tests.net.test_civ_views import two_civilisations
    m = two_civilisations()
    p = m.table.proposals
    p.propose(0, "draw")
    outcome = p.answer(1, True)
    assert outcome is not None and outcome.agreed
    text = p.ending.describe()
    assert text.startswith("A draw shared by") and "BC)" in text and "1901" not in text
