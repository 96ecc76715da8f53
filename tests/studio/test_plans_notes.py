"""Plans (drawn arrows and marks) and notes, in the match layer: per seat, saved with the
game, sealed in the seat's PIN box, never orders."""

import doctest
import json

import pytest

import app.match.notes
import app.match.plans
import app.match.sealed
from app.engine.game import Game
from app.match import Match, MatchError, MatchFileError, Seat
from app.match.plans import PlanMark, parse_place
from app.match.storage import open_match, save_match

ADA = Seat(name="Ada", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", nations=("Russia", "Turkey", "Austria", "Italy"))
SECRET_NOTE = "Stab Ben in Galicia from the past"


@pytest.mark.parametrize("module", [app.match.plans, app.match.notes, app.match.sealed])
def test_docstring_examples(module):
    result = doctest.testmod(module)
    assert result.attempted and not result.failed


def test_a_plan_mark_is_checked():
    with pytest.raises(ValueError):
        PlanMark(kind="arrow", at="1:par:S1901")            # an arrow without an end
    with pytest.raises(ValueError):
        PlanMark(kind="mark", at="1:par:S1901", to="1:bur:S1901")
    with pytest.raises(ValueError):
        PlanMark(kind="mark", at="par")                     # not a place on a board
    with pytest.raises(ValueError):
        PlanMark(kind="mark", at="1:par:S1901", colour=4)   # four colours: 0 to 3
    assert parse_place("2:spa/nc:F1902").loc == "spa/nc"


def test_sandbox_plans_and_notes_are_saved_with_the_game_and_change_no_orders(tmp_path):
    m = Match.new()
    rev = m.revision
    m.plans.draw(None, PlanMark(kind="arrow", colour=1, at="1:par:S1901", to="1:bur:S1901"))
    m.plans.draw(None, PlanMark(kind="mark", colour=3, at="1:mun:S1901"))
    m.notes.write(None, "Italy looks weak.")
    assert m.revision == rev + 3 and m.pending() == []
    save_match(m, tmp_path / "g.json")
    raw = json.loads((tmp_path / "g.json").read_text())
    assert raw["meta"]["plans"]["0"][0] == {"kind": "arrow", "colour": 1, "at": "1:par:S1901", "to": "1:bur:S1901"}
    assert raw["meta"]["notes"]["0"] == "Italy looks weak."
    back = open_match(tmp_path / "g.json")
    assert [p.kind for p in back.plans.of(0)] == ["arrow", "mark"] and back.notes.of(0) == "Italy looks weak."
    # plans are not orders: nothing was submitted with them, nothing pending
    back.submit()
    assert back.game.submissions == [()]
    assert back.plans.of(0)[1].at == "1:mun:S1901"       # and they outlive the submission
    assert back.plans.take_back(0).kind == "mark" and back.plans.clear(0) == 1 and back.plans.of(0) == ()


def test_a_file_without_plans_or_notes_is_written_as_before(tmp_path):
    m = Match.new()
    save_match(m, tmp_path / "g.json")
    meta = json.loads((tmp_path / "g.json").read_text())["meta"]
    assert "plans" not in meta and "notes" not in meta


def test_hotseat_plans_and_notes_are_each_seats_own_and_sealed_with_its_pin(tmp_path):
    m = Match.new(seats=[ADA, BEN], pins={0: "2718"})
    m.add_text("A par - bur")
    m.plans.draw(None, PlanMark(kind="arrow", colour=0, at="1:mun:S1901", to="1:boh:S1901"))
    m.notes.write(None, SECRET_NOTE)
    m.done()
    assert m.turn == 1
    assert m.plans.of(1) == () and m.notes.of(1) == ""     # Ben's are his own (empty)
    m.notes.write(None, "Ben's plain notes")
    path = tmp_path / "g.json"
    save_match(m, path)
    raw = path.read_bytes()
    for secret in (SECRET_NOTE.encode(), b"1:boh:S1901", b"par - bur"):
        assert secret not in raw
    meta = json.loads(raw)["meta"]
    assert meta["notes"] == {"1": "Ben's plain notes"} and "plans" not in meta   # Ben has no PIN
    back = open_match(path)
    assert back.is_locked(0)
    with pytest.raises(MatchError, match="sealed"):
        back.plans.of(0)
    with pytest.raises(MatchError, match="sealed"):
        back.notes.of(0)
    # saved again while locked: Ada's box goes back as it was read (nothing lost)
    save_match(back, tmp_path / "again.json")
    assert not back.check_pin(0, "0000")
    again = open_match(tmp_path / "again.json")
    assert again.check_pin(0, "2718")
    assert again.notes.of(0) == SECRET_NOTE
    assert [(p.at, p.to) for p in again.plans.of(0)] == [("1:mun:S1901", "1:boh:S1901")]
    assert len(again.pending(0)) == 1 and again.notes.of(1) == "Ben's plain notes"


def test_the_sealed_box_holds_plans_and_notes_beside_orders_and_messages():
    from app.match.sealed import open_box, pack
    assert pack(b'["A par - bur"]', [], "") == b'["A par - bur"]'         # as older files: a list
    assert open_box(b'["A par - bur"]', "f") == (b'["A par - bur"]', [], "")
    both = pack(b'{"orders": ["A par - bur"], "messages": [{"text": "hi"}]}', [], "a note")
    rest, plans, notes = open_box(both, "f")
    assert json.loads(rest) == {"orders": ["A par - bur"], "messages": [{"text": "hi"}]} and notes == "a note"
    with pytest.raises(MatchFileError, match="sealed plan 1"):
        open_box(b'{"plans": [{"kind": "ring", "at": "1:par:S1901"}]}', "f")
    with pytest.raises(MatchFileError, match="plans or notes do not read"):
        open_box(b'{"orders": [], "notes": 3}', "f")


@pytest.mark.parametrize("meta, message", [
    ({"plans": {"0": [{"kind": "mark", "at": "1:xyz:S1901"}]}}, "field 'meta.plans.0': '1:xyz:S1901' is not a place"),
    ({"plans": {"0": [{"kind": "arrow", "at": "1:par:S1901"}]}}, "meta.plans"),
    ({"plans": {"3": []}}, "field 'meta.plans': seat 3 does not exist"),
    ({"notes": {"0": 5}}, "meta.notes"),
])
def test_damaged_plans_or_notes_in_a_file_are_named(tmp_path, meta, message):
    m = Match.new()
    save_match(m, tmp_path / "g.json")
    raw = json.loads((tmp_path / "g.json").read_text())
    raw["meta"].update(meta)
    raw.pop("checksum", None)
    (tmp_path / "g.json").write_text(json.dumps(raw))
    with pytest.raises(MatchFileError) as e:
        open_match(tmp_path / "g.json")
    assert message in str(e.value) and "g.json" in str(e.value)


def test_plans_of_a_pin_seat_may_not_be_written_in_the_open(tmp_path):
    m = Match.new(seats=[ADA, BEN], pins={0: "1111"})
    save_match(m, tmp_path / "g.json")
    raw = json.loads((tmp_path / "g.json").read_text())
    raw["meta"]["notes"] = {"0": "in the open"}
    raw.pop("checksum", None)
    (tmp_path / "g.json").write_text(json.dumps(raw))
    with pytest.raises(MatchFileError, match="seat 0 has a PIN; its notes must be sealed"):
        open_match(tmp_path / "g.json")


def test_plans_are_not_in_the_transcript():
    from app.engine.notation.transcript import format_transcript
    m = Match(Game.new())
    m.plans.draw(None, PlanMark(kind="arrow", at="1:par:S1901", to="1:pic:S1901"))
    m.add_text("A par - bur")
    m.submit()
    text = format_transcript(m.game)
    assert "bur" in text and "pic" not in text
    assert "1:pic:S1901" in json.dumps(m.to_meta())      # the plan is kept, with the match


def test_a_pin_seats_box_keeps_its_messages_plans_and_notes_together(tmp_path):
    m = Match.new(seats=[ADA, BEN], pins={0: "2718", 1: "1111"})
    m.table.mail.write(1, 0, "Ben to Ada: truce in Galicia?")       # Ada receives a sealed message
    m.notes.write(0, SECRET_NOTE)
    m.plans.draw(0, PlanMark(kind="mark", at="1:gal:S1901"))
    path = tmp_path / "g.json"
    save_match(m, path)
    raw = path.read_bytes()
    assert b"truce" not in raw and SECRET_NOTE.encode() not in raw and b"1:gal:S1901" not in raw
    back = open_match(path)
    assert back.check_pin(0, "2718")
    assert back.notes.of(0) == SECRET_NOTE and back.plans.of(0)[0].at == "1:gal:S1901"
    assert [x.text for x in back.table.mail.messages(0)] == ["Ben to Ada: truce in Galicia?"]


def test_clearing_plans_can_be_taken_back():
    """Clear removes every arrow at one click: Take back brings them all back, until the
    seat draws again (they were gone for good)."""
    from app.match.plans import Plans
    p = Plans()
    a, b = PlanMark(kind="mark", at="1:par:S1901"), PlanMark(kind="arrow", at="1:mun:S1901", to="1:boh:S1901")
    p.draw(0, a)
    p.draw(0, b)
    assert p.clear(0) == 2 and p.of(0) == ()
    assert p.take_back(0) == b and p.of(0) == (a, b)       # the clear is taken back whole
    assert p.take_back(0) == b and p.of(0) == (a,)         # then one mark at a time, as before
    p.clear(0)
    p.draw(0, b)                                           # drawing again forgets the cleared ones
    assert p.take_back(0) == b and p.take_back(0) is None and p.of(0) == ()
