"""The table of friends through the match layer, no window (RULES.md §6): seats that leave and
take over, deadlines on a fake clock, private messages, watching, and a thrown play-out
judged after every season (§9). Privacy is checked on the saved file's bytes too."""

from __future__ import annotations

import json

import pytest

from app.engine.rules.coords import BoardKey
from app.match import Match, MatchError, MatchFileError, Seat
from app.match.storage import open_match, save_match
from app.match.table import MessageRefused, SeatChangeError
from app.match.table.watching import DEFAULT_SECONDS, boards_to_frame, computer_seats

from .sealed_text import text_outside_sealed_boxes

ADA = Seat(name="Ada", colour="#1971c2", nations=("England", "France"))
BEN = Seat(name="Ben", colour="#e8590c", nations=("Russia", "Turkey"))
CLEO = Seat(name="Cleo", colour="#2f9e44", nations=("Austria", "Germany", "Italy"))
SECRET = "A war - gal"
NOTE = "Psst: Galicia is a feint. Burn this."


def three(**kw) -> Match:
    return Match.new(seats=[ADA, BEN, CLEO], seed=3, **kw)


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _texts(m: Match, seat: int) -> list[str]:
    from app.engine.notation.notation import format_order
    return [format_order(o) for o in m.pending(seat)]


# -- leaving -----------------------------------------------------------------------------------

def test_a_seat_leaves_to_the_computer_its_pending_orders_discarded_and_the_computer_plays_it():
    m = three()
    m.add_text("A par - bur"); m.done()
    m.add_text(SECRET)                                   # Ben's order, pending
    m.table.seats.leave(1, "easy")
    assert m.seats[1].controller == "computer" and m.seats[1].level == "easy"
    assert m.seats[1].nations == ("Russia", "Turkey")
    assert m.pending(1) == [] and m.turn == 2             # Cleo's turn now
    assert m.done() is None
    rnd = m.prepare()
    assert {c.nation for c in rnd.computer} == {"Russia", "Turkey"}
    assert all(o.nation not in ("Russia", "Turkey") for o in rnd.orders)   # Ben's order is gone
    rnd.run()
    m.commit(rnd)
    assert m.mode == "hotseat" and m.turn == 0


def test_a_seat_leaves_to_nobody_its_nations_hold():
    m = three()
    m.table.seats.leave(0, None)
    assert m.seats[0].controller == "nobody" and m.turn == 1
    m.done(); m.done()
    rnd = m.prepare()
    assert all(c.nation not in ("England", "France") for c in rnd.computer)
    rnd.run()
    m.commit(rnd)
    f1901 = m.world.boards[BoardKey.parse("1:F1901")]
    assert f1901.units["lon"].nation == "England" and f1901.units["par"].nation == "France"


def test_a_seat_at_the_table_may_submit_its_orders_as_it_leaves():
    m = three()
    m.add_text("A par - bur")
    m.table.seats.leave(0, "random", submit=True)
    assert m.seats[0].is_person and m.is_done(0) and m.turn == 1   # leaves after this round
    assert "England" not in m.table.seats.open_nations()          # its orders stand this round
    with pytest.raises(SeatChangeError):
        m.table.seats.take_over(("France",), "Dev")
    m.done(); m.done()
    m.submit()
    assert m.world.boards[BoardKey.parse("1:F1901")].units["bur"].nation == "France"
    assert m.seats[0].controller == "computer" and m.seats[0].level == "random"
    assert m.turn == 1


def test_a_leaving_pin_seats_sealed_orders_are_dropped_unread(tmp_path):
    m = three(pins={1: "2718"})
    m.done()
    m.add_text(SECRET); m.done()
    path = tmp_path / "g.json"
    save_match(m, path)
    assert "gal" not in text_outside_sealed_boxes(path)
    back = open_match(path)
    assert back.is_locked(1)
    with pytest.raises(SeatChangeError):
        back.table.seats.leave(1, "easy", submit=True)            # sealed: only with the PIN
    back.table.seats.leave(1, "easy")
    assert not back.has_pin(1) and not back.is_locked(1) and back.pending(1) == []
    save_match(back, path)
    raw = json.loads(path.read_text())
    assert "sealed" not in json.dumps(raw["meta"]["seats"][1]) and "gal" not in text_outside_sealed_boxes(path)


def test_leaving_checks_what_it_is_asked():
    m = three()
    with pytest.raises(SeatChangeError, match="level"):
        m.table.seats.leave(0, "grandmaster")
    m.table.seats.leave(0, "easy")
    with pytest.raises(SeatChangeError, match="not a person"):
        m.table.seats.leave(0, "easy")
    with pytest.raises(SeatChangeError):
        m.table.seats.leave(7, None)


# -- taking over -------------------------------------------------------------------------------

def test_taking_over_a_computer_seat_gives_an_empty_seat_with_a_new_pin(tmp_path):
    m = three(pins={1: "1111"})
    m.done()
    m.add_text(SECRET)
    m.table.seats.leave(1, "standard")
    seat = m.table.seats.take_over(("Russia", "Turkey"), "Dev", pin="4242")
    assert seat == 1 and m.seats[1].name == "Dev" and m.seats[1].is_person
    assert m.pending(1) == [] and m.has_pin(1) and m.check_pin(1, "4242") and not m.check_pin(1, "1111")
    assert m.turn == 2                                           # Cleo is at the table; Dev orders after her
    m.done()
    assert m.turn == 1
    m.add_text("A mos - ukr"); m.done()
    save_match(m, tmp_path / "g.json")
    clear = text_outside_sealed_boxes(tmp_path / "g.json")
    assert "gal" not in clear and "ukr" not in clear
    back = open_match(tmp_path / "g.json")
    assert back.seats[1].name == "Dev" and back.is_locked(1)
    assert back.check_pin(1, "4242") and ["ukr" in t for t in _texts(back, 1)] == [True]


def test_taking_over_part_of_a_computer_seat_and_nations_nobody_plays():
    m = Match.new(seats=[ADA, Seat(name="Bots", nations=("Russia", "Turkey"), controller="computer",
                                   level="easy"), CLEO.with_nations(("Austria",))])
    assert set(m.table.seats.open_nations()) == {"Russia", "Turkey", "Germany", "Italy"}
    seat = m.table.seats.take_over(("Turkey",), "Dev")
    assert seat == 3 and m.seats[1].nations == ("Russia",) and m.seats[3].nations == ("Turkey",)
    seat = m.table.seats.take_over(("Germany", "Italy"), "Eli")
    assert seat == 4 and m.seats[4].nations == ("Germany", "Italy")
    with pytest.raises(SeatChangeError, match="played by Ada"):
        m.table.seats.take_over(("France",), "Fay")
    with pytest.raises(SeatChangeError, match="name"):
        m.table.seats.take_over(("Russia",), "  ")
    assert m.mode == "hotseat" and len(m._pending) == 5


def test_a_newcomer_may_not_take_the_name_of_a_person_at_the_table():
    """The curtain says "pass to Ada" and messages come from Ada: two people named Ada (in any
    case) could not tell whose turn or letter it is. The computer seat is left as it was."""
    bots = Seat(name="Bots", nations=("Russia", "Turkey"), controller="computer", level="easy")
    m = Match.new(seats=[ADA, bots, CLEO.with_nations(("Austria",))])
    with pytest.raises(SeatChangeError, match="already named ada"):
        m.table.seats.take_over(("Turkey",), " ada ")
    assert m.seats[1] == bots and len(m.seats) == 3
    assert m.table.seats.take_over(("Turkey",), "Ada B") == 3


def test_two_people_with_one_name_are_refused_by_the_match_computers_may_share_one():
    with pytest.raises(MatchError, match="two seats are named Ada"):
        Match.new(seats=[ADA, Seat(name="ADA", nations=("Russia",))])
    computers = [Seat(name="Computer (hard)", nations=(n,), controller="computer", level="hard")
                 for n in ("Russia", "Turkey")]
    assert len(Match.new(seats=[ADA, *computers]).seats) == 3
    m = Match.new(seats=[ADA, BEN])
    with pytest.raises(MatchError, match="named Ada"):
        m.add_seat(Seat(name="Ada", nations=("Italy",)))
    with pytest.raises(MatchError, match="named Ada"):
        m.replace_seat(1, Seat(name="Ada", colour=BEN.colour, nations=BEN.nations))
    assert m.seats == (ADA, BEN)


def test_a_hand_edited_save_with_two_people_of_one_name_names_the_file_and_field(tmp_path):
    path = tmp_path / "twins.5dd"
    save_match(three(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["meta"]["seats"][1]["name"] = "Ada"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(MatchFileError, match=r"twins\.5dd.*meta\.seats.*two seats are named Ada"):
        open_match(path)


def test_three_seats_one_leaves_to_the_computer_and_later_someone_takes_over(tmp_path):
    """The user story of issue 21, through the match and its file."""
    m = three(pins={0: "1234", 2: "9999"})
    m.done(); m.done(); m.done(); m.submit()             # Spring 1901 as three people
    m.add_text("F lon - nth")
    m.table.seats.leave(0, "standard")                   # Ada leaves, her pending order gone
    m.done(); m.done()
    m.submit()
    assert m.seats[0].controller == "computer"
    save_match(m, tmp_path / "g.json")
    back = open_match(tmp_path / "g.json")
    assert back.seats[0].controller == "computer" and not back.has_pin(0)
    seat = back.table.seats.take_over(("England", "France"), "Gus", pin="5555")
    assert seat == 0 and back.pending(0) == [] and back.turn == 1   # Ben is at the table; Gus comes after
    assert back.check_pin(1, "") and back.check_pin(2, "9999")
    back.done(); back.done()
    assert back.turn == 0 and back.pending(0) == []
    back.done()
    assert back.round_complete
    back.submit()
    assert back.turn == 0 and back.seats[0].name == "Gus"


# -- deadlines ---------------------------------------------------------------------------------

def test_a_turn_that_runs_out_is_submitted_as_it_stands_and_the_next_seat_has_full_time():
    m = three()
    clock = FakeClock()
    d = m.table.deadline
    d.now, d.seconds = clock, 120
    d.seated(0)
    m.add_text("A par - bur")
    clock.t += 60
    assert d.remaining() == 60 and not d.expire()
    clock.t += 61
    assert d.expire()
    assert m.is_done(0) and m.turn == 1 and d.remaining() == 120
    d.seated(1)
    clock.t += 500
    assert d.expire() and m.turn == 2
    d.seated(2)
    clock.t += 120
    assert d.expire() and m.round_complete and d.remaining() is None
    report = m.submit()
    assert m.world.boards[BoardKey.parse("1:F1901")].units["bur"].nation == "France"   # Ada's order stood
    assert len(report.results) == 1 and d.remaining() == 120


def test_a_hotseat_turn_starts_when_the_seat_sits_down_not_while_the_computer_is_passed():
    m = three()
    clock = FakeClock()
    d = m.table.deadline
    d.now, d.seconds = clock, 60
    clock.t += 500                       # the curtain waits for Ada: no time runs
    assert d.waiting and d.remaining() == 60 and not d.expire() and m.turn == 0
    d.seated(1)                          # not Ben's turn: nothing starts
    assert d.waiting and d.remaining() == 60
    d.seated(0)                          # Ada's curtain lifts
    clock.t += 20
    assert not d.waiting and d.remaining() == 40
    d.seated(0)                          # sitting down again (the curtain came down and up) restarts nothing
    assert d.remaining() == 40
    m.done()
    clock.t += 45                        # the computer goes to Ben: his minute waits for him
    assert m.turn == 1 and d.waiting and d.remaining() == 60
    d.seated(1)
    clock.t += 61
    assert d.expire() and m.turn == 2


def test_a_waiting_clock_starts_when_the_game_loses_its_curtain():
    """Ben leaves to the computer while the curtain waits for Ada: a sandbox now, with no
    curtain to lift, so her clock starts rather than waiting for ever."""
    m = Match.new(seats=[ADA, BEN], seed=3)
    clock = FakeClock()
    d = m.table.deadline
    d.now, d.seconds = clock, 60
    assert d.waiting and m.private
    m.table.seats.leave(1, "easy")
    assert not m.private and not d.waiting and d.remaining() == 60
    clock.t += 61
    assert d.expire()


def test_a_sandbox_turn_that_runs_out_asks_for_adjudication():
    m = Match.new()
    clock = FakeClock()
    m.table.deadline.now, m.table.deadline.seconds = clock, 60
    assert m.table.deadline.remaining() == 60
    clock.t += 61
    assert m.table.deadline.expire()          # the front end adjudicates now
    m.submit()
    assert m.table.deadline.remaining() == 60


def test_a_reopened_game_resumes_the_time_left(tmp_path):
    m = three()
    clock = FakeClock()
    m.table.deadline.now, m.table.deadline.seconds = clock, 300
    m.done()
    m.table.deadline.seated(1)
    clock.t += 200.0
    save_match(m, tmp_path / "g.json")
    back = open_match(tmp_path / "g.json")
    later = FakeClock()
    back.table.deadline.now = later
    assert back.table.deadline.seconds == 300 and back.turn == 1
    # (the real clock ran between open_match and the swap: on a loaded machine, a millisecond or so)
    assert back.table.deadline.remaining() == 100.0 and back.table.deadline.waiting   # Ben's curtain is up again
    later.t += 1000
    assert back.table.deadline.remaining() == 100.0
    back.table.deadline.seated(1)
    later.t += 100.5
    assert back.table.deadline.expire() and back.turn == 2
    assert back.table.deadline.remaining() == 300


def test_a_sealed_seat_whose_time_runs_out_keeps_its_orders_sealed(tmp_path):
    m = three(pins={0: "1234"})
    m.add_text("A par - bur")
    save_match(m, tmp_path / "g.json")
    back = open_match(tmp_path / "g.json")
    clock = FakeClock()
    back.table.deadline.now, back.table.deadline.seconds = clock, 60
    assert back.is_locked(0) and back.turn == 0
    back.table.deadline.seated(0)        # (as if the seat had sat down without opening its box)
    clock.t += 61
    assert back.table.deadline.expire()
    assert back.is_done(0) and back.is_locked(0) and back.turn == 1
    back.done(); back.done()
    assert back.turn == 0                           # the sealed seat opens its orders to adjudicate
    with pytest.raises(MatchError):
        back.prepare()
    assert back.check_pin(0, "1234") and ["bur" in t for t in _texts(back, 0)] == [True]


# -- messages ----------------------------------------------------------------------------------

def test_a_message_is_kept_for_its_receiver_and_its_writer_only(tmp_path):
    m = three(pins={1: "2718"})
    mail = m.table.mail
    mail.write(0, 1, NOTE)
    assert [x.text for x in mail.messages(1)] == [NOTE] and mail.unread(1) == 1
    assert [x.text for x in mail.messages(0)] == [NOTE] and mail.messages(0)[0].sent
    assert mail.messages(2) == [] and mail.unread(2) == 0
    mail.mark_read(1)
    assert mail.unread(1) == 0
    mail.write(1, 2, "Cleo, a word in plain text")
    path = tmp_path / "g.json"
    save_match(m, path)
    text = path.read_text()
    raw = json.loads(text)
    # Ada (no PIN) keeps her copy in plain text, by her choice; Ben's list is sealed
    assert list(raw["meta"]["table"]["messages"]) == ["0", "2"]
    assert NOTE not in json.dumps(raw["meta"]["seats"][1]) and "Cleo, a word" not in json.dumps(raw["meta"]["seats"])
    back = open_match(path)
    with pytest.raises(MessageRefused):
        back.table.mail.messages(1)                            # sealed until Ben's PIN
    assert back.table.mail.unread(1) == 0
    assert back.check_pin(1, "2718")
    assert [x.text for x in back.table.mail.messages(1)] == [NOTE, "Cleo, a word in plain text"]


def test_every_seat_with_a_pin_keeps_its_messages_sealed(tmp_path):
    m = three(pins={0: "1", 1: "2", 2: "3"})
    m.table.mail.write(0, 1, NOTE)
    save_match(m, tmp_path / "g.json")
    text = (tmp_path / "g.json").read_text()
    assert NOTE not in text and "Psst" not in text and "Galicia" not in text
    assert "messages" not in json.loads(text)["meta"].get("table", {})


def test_what_the_save_file_keeps_readable_is_named_before_writing_and_is_so_in_its_bytes(tmp_path):
    """A message is sealed in the file only when both seats have a PIN; the match names the
    seats whose copy stays readable, and the saved bytes agree in every case."""
    m = three(pins={0: "1111", 1: "2718"})                 # Ada and Ben have a PIN, Cleo none
    mail = m.table.mail
    assert mail.kept_readable(0, 1) == []
    assert mail.kept_readable(0, 2) == ["Cleo"] and mail.kept_readable(2, 0) == ["Cleo"]
    sealed, readable = "For Ben: sealed both ways", "For Cleo: readable in the file"
    mail.write(0, 1, sealed)
    mail.write(0, 2, readable)
    path = tmp_path / "g.json"
    save_match(m, path)
    data = path.read_bytes()
    assert sealed.encode() not in data                     # Ada's and Ben's copies: in their boxes
    assert readable.encode() in data                       # Cleo's copy: in the clear, as the words say
    assert readable in text_outside_sealed_boxes(path)
    assert mail.kept_readable(2, 1) == ["Cleo"]            # Cleo writes to Ben: her own copy is readable
    mail.write(2, 1, "From Cleo to Ben")
    save_match(m, path)
    assert b"From Cleo to Ben" in path.read_bytes()


def test_who_may_write_to_whom():
    m = three()
    mail = m.table.mail
    with pytest.raises(MessageRefused, match="itself"):
        mail.write(0, 0, "hi")
    with pytest.raises(MessageRefused, match="empty"):
        mail.write(0, 1, "   ")
    with pytest.raises(MessageRefused, match="at most"):
        mail.write(0, 1, "x" * 2001)
    m.table.seats.leave(2, "easy")
    with pytest.raises(MessageRefused, match="not a person"):
        mail.write(0, 2, "hi")
    assert mail.recipients(0) == [1]
    # one predicate decides who may write to whom (a variant's rule, e.g. civilisations in contact)
    mail.rule = lambda match, a, b: "not in contact" if {a, b} == {0, 1} else None
    assert mail.recipients(0) == []
    with pytest.raises(MessageRefused, match="not in contact"):
        mail.write(0, 1, "hi")


def test_a_seat_that_leaves_takes_its_messages_with_it():
    m = three()
    m.table.mail.write(0, 1, NOTE)
    m.table.seats.leave(1, "easy")
    m.table.seats.take_over(("Russia", "Turkey"), "Dev")
    assert m.table.mail.messages(1) == []               # the newcomer reads nothing of Ben's
    assert [x.text for x in m.table.mail.messages(0)] == [NOTE]


@pytest.mark.parametrize("submit", [False, True])
def test_a_seat_that_leaves_takes_its_plans_and_notes_with_it(tmp_path, submit):
    """Taking a seat reveals nothing of the seat that left: its notes and drawn plans go with
    it, now or once its submitted round is adjudicated (they stayed, and the newcomer read them)."""
    from app.match.plans import PlanMark
    m = three()
    m.notes.write(1, NOTE)
    m.plans.draw(1, PlanMark(kind="arrow", at="1:war:S1901", to="1:gal:S1901"))
    m.table.seats.leave(1, "easy", submit=submit)
    if submit:
        while m.turn is not None:
            m.done()
        m.submit()
    new = m.table.seats.take_over(("Russia", "Turkey"), "Dev")
    assert new == 1
    assert m.notes.of(1) == "" and not m.plans.of(1)
    save_match(m, tmp_path / "g.json")
    raw = (tmp_path / "g.json").read_text()
    assert "Galicia is a feint" not in raw and "1:gal:S1901" not in raw


def test_a_damaged_message_list_is_named(tmp_path):
    m = three()
    m.table.mail.write(0, 1, NOTE)
    save_match(m, tmp_path / "g.json")
    raw = json.loads((tmp_path / "g.json").read_text())
    raw["meta"]["table"]["messages"]["1"][0]["text"] = ""
    (tmp_path / "g.json").write_text(json.dumps(raw))
    with pytest.raises(MatchFileError, match=r"meta.table.messages.1'.*0.text"):
        open_match(tmp_path / "g.json")


# -- watching ----------------------------------------------------------------------------------

def test_an_all_computer_game_plays_itself_and_a_nation_can_be_taken_over_at_a_pause():
    m = Match.new(seats=computer_seats("standard", ["random", "easy"]), seed=4)
    w = m.table.watch
    assert w.can_watch and w.next_in() == 4.0            # a newcomer's pace (issue 31)
    assert w.set_speed(0.1) == 0.5 and w.set_speed(30) == 10.0
    boards = []
    for _ in range(3):
        boards.append(boards_to_frame(w.step()))
    assert len(m.game.submissions) == 3 and all(boards)
    w.pause()
    assert w.next_in() is None
    seat = m.table.seats.take_over(("France",), "Ada")
    assert m.seats[seat].is_person and not w.can_watch and m.mode == "sandbox" and m.turn == seat
    with pytest.raises(ValueError):
        w.step()


def test_computer_seats_check_their_levels():
    with pytest.raises(ValueError, match="grandmaster"):
        computer_seats("standard", ["grandmaster"])
    seats = computer_seats("standard", ["standard", "random"])
    assert [s.level for s in seats[:3]] == ["standard", "random", "standard"] and len(seats) == 7


# -- judging a thrown play-out after every season -----------------------------------------------

def _thrown_match(**kw):
    from app.winks import throw_at_random
    from app.winks.session import thrown_game
    g = thrown_game(throw_at_random(3, seed=8))
    nations = g.meta["thrown"]["nations"]
    seats = [Seat(name=n[:3], nations=(n,)) for n in nations[:2]]
    seats.append(Seat(name="Bot", nations=(nations[2],), controller="computer", level="random"))
    return Match(g, seats, **kw), nations


def test_a_play_out_is_judged_after_every_season_and_a_unanimous_name_ends_it(tmp_path):
    m, nations = _thrown_match()
    j = m.table.judging
    assert j.active and not j.due
    m.done(); m.done(); m.submit()
    assert j.due
    bot_names = j.computer_votes()[2]
    other = next(n for n in nations if n != bot_names)
    assert j.judge({0: other, 1: other}) is None          # the computer named another: play on
    assert not j.due and m.world.phase != "over"
    m.done(); m.done(); m.submit()
    assert j.due
    save_match(m, tmp_path / "g.json")
    back = open_match(tmp_path / "g.json")
    assert back.table.judging.due
    leader = back.table.judging.computer_votes()[2]
    assert back.table.judging.judge({0: leader, 1: leader}) == leader
    assert back.world.phase == "over" and back.world.winner == leader and back.turn is None
    save_match(back, tmp_path / "g2.json")
    again = open_match(tmp_path / "g2.json")
    assert again.world.winner == leader and again.world.phase == "over"
    assert again.game.world.winner is None                  # the engine's world keeps the rules' winner


def test_judging_refuses_what_it_cannot_take():
    from app.match.table.judging import JudgingError
    m, nations = _thrown_match()
    with pytest.raises(JudgingError, match="nothing to judge"):
        m.table.judging.judge({0: nations[0], 1: nations[0]})
    m.done(); m.done(); m.submit()
    with pytest.raises(JudgingError, match="has not named"):
        m.table.judging.judge({0: nations[0]})
    with pytest.raises(JudgingError, match="not in this game"):
        m.table.judging.judge({0: "Narnia", 1: nations[0]})
    m.table.judging.play_on()
    assert not m.table.judging.due
    assert not Match.new().table.judging.active


def test_undoing_the_judged_season_takes_the_judgement_back():
    from app.winks import throw_at_random
    from app.winks.session import thrown_game
    g = thrown_game(throw_at_random(2, seed=8))
    nations = g.meta["thrown"]["nations"]
    m = Match(g, [Seat(name="You", nations=tuple(nations))])      # a sandbox play-out
    m.submit()
    assert m.table.judging.judge({0: nations[1]}) == nations[1] and m.world.phase == "over"
    m.undo()
    assert m.world.phase != "over" and m.turn == 0 and not m.table.judging.due
    m.redo()
    assert m.world.winner == nations[1]


def test_a_sandbox_player_who_leaves_to_the_computer_leaves_a_watched_game(tmp_path):
    m = Match.new(seed=2)
    assert m.sandbox_seat and not m.table.watch.can_watch
    m.table.seats.leave(0, "random")
    assert m.table.watch.can_watch and m.turn is None
    m.table.watch.step()
    save_match(m, tmp_path / "g.json")
    back = open_match(tmp_path / "g.json")
    assert back.seats[0].controller == "computer" and back.table.watch.can_watch
    assert json.loads((tmp_path / "g.json").read_text())["meta"]["table"]["watch_seconds"] == DEFAULT_SECONDS
