"""A match driven with no window: seats, turns, private pending orders, rounds, undo/redo."""

import pytest

from app.engine.rules.coords import BoardKey
from app.engine.rules.orders import Hold, Move
from app.match import Match, MatchError, OrderRefused, Seat

ADA = Seat(name="Ada", colour="#1971c2", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", colour="#e8590c", nations=("Russia", "Turkey"))


def key(text):
    return BoardKey.parse(text)


def test_hotseat_round_keeps_each_seats_orders_apart():
    m = Match.new(seats=[ADA, BEN])
    assert m.mode == "hotseat" and m.turn == 0
    m.add_text("A par - bur")
    with pytest.raises(OrderRefused) as e:
        m.add_text("A war - gal")
    assert e.value.kind == "owner" and "Russia" in e.value.reason
    assert m.done() == 1
    assert m.pending() == [] and m.pending(1) == []
    with pytest.raises(MatchError):
        m.prepare()                     # Ben has not finished
    m.add_text("A war - gal")
    assert m.done() is None and m.round_complete
    m.submit()
    w = m.world
    assert w.boards[key("1:F1901")].units["bur"].nation == "France"
    assert w.boards[key("1:F1901")].units["gal"].nation == "Russia"
    assert m.turn == 0 and m.pending(0) == [] and m.pending(1) == []


def test_refusals_name_the_reason():
    m = Match.new()
    assert m.mode == "sandbox" and m.seats[0].nations == tuple(m.game.variant.nation_names)
    with pytest.raises(OrderRefused) as e:
        m.add_text("A mun - xyz")
    assert e.value.kind == "notation"
    with pytest.raises(OrderRefused) as e:
        m.add_text("A mun - war")
    assert e.value.kind == "illegal" and e.value.reason.startswith("Refused:")
    o = m.add_text("A mun - tyr")
    assert isinstance(o, Move)
    m.add_text("A mun H")               # replaces the move: one order per unit
    assert [type(o) for o in m.pending()] == [Hold]


@pytest.mark.parametrize("text,reason", [("A 1:mun:S1902 - tyr", "there is no board 1:S1902"),
                                         ("A 2:mun:S1901 - tyr", "there is no board 2:S1901"),
                                         ("A 1:boh:S1901 - tyr", "there is no unit in boh")])
def test_an_order_for_no_unit_says_so_not_that_it_is_someone_elses(text, reason):
    # A sandbox that plays every nation answered "That unit is not yours to order; you play
    # Austria, England, … Turkey." to an order on a board that does not exist.
    m = Match.new()
    with pytest.raises(OrderRefused) as e:
        m.add_text(text)
    assert e.value.kind == "illegal" and reason in e.value.reason and "not yours" not in e.value.reason


def test_in_a_retreat_pause_only_seats_with_dislodged_units_order():
    m = Match.new(seats=[Seat(name="Ada", nations=("Austria", "Germany")), Seat(name="Ben", nations=("Russia",)),
                         Seat(name="Cleo", nations=("Turkey",))])
    m.add_text("A ber - pru"); m.add_text("A vie - gal"); m.done()
    m.add_text("A war H"); m.done()
    m.done()
    m.submit()
    m.add_text("A pru - war"); m.add_text("A gal S A pru - war"); m.done()
    m.add_text("A war H"); m.done()
    m.done()
    m.submit()
    assert m.world.phase == "retreats"
    assert [m.has_work(i) for i in range(3)] == [False, True, False]
    assert m.turn == 1, "the curtain goes straight to the seat that must retreat"
    assert m.done() is None


def test_sandbox_undo_puts_orders_back_and_redo_restores():
    m = Match.new()
    start = m.world
    m.add_text("A par - bur"); m.add_text("A mun - ruh")
    m.submit()
    after = m.world
    m.add_text("A bur - bel")           # pending on the new world
    m.undo()
    assert m.world is start
    assert sorted(str(o.dest.province) for o in m.pending()) == ["bur", "ruh"]
    assert m.can_redo()
    m.redo()
    assert m.world is after
    assert [o.dest.province for o in m.pending()] == ["bel"]
    assert not m.can_redo()
    m.undo()
    m.add_text("A vie - gal")           # a change after undo ends the redo chain
    assert not m.can_redo()


def test_hotseat_has_no_undo():
    m = Match.new(seats=[ADA, BEN])
    m.done(); m.done(); m.submit()
    assert not m.can_undo()
    with pytest.raises(MatchError):
        m.undo()


def test_computer_seat_orders_come_from_decide_with_the_nations_view():
    calls = []

    def decide(level, world, nation, *, seed):
        calls.append((level, nation, seed))
        unit = next(u for u in world.boards[key("1:S1901")].units.values() if u.nation == nation)
        from app.engine.rules.coords import Location
        return [Hold(nation, unit.type, Location(key("1:S1901"), unit.loc))]

    seats = [ADA, Seat(name="Bot", nations=("Russia",), controller="computer", level="easy"),
             Seat(name="Nobody", nations=("Turkey",), controller="nobody")]
    m = Match.new(seats=seats, decide=decide)
    assert m.mode == "sandbox"            # one person at the table
    assert m.turn == 0 and not m.has_work(1) and not m.has_work(2)
    m.add_text("A par - bur")
    rnd = m.prepare()
    assert [(c.level, c.nation) for c in rnd.computer] == [("easy", "Russia")]
    rnd.run()
    m.commit(rnd)
    assert calls and calls[0][:2] == ("easy", "Russia")
    assert any(o.nation == "Russia" for o in m.game.submissions[-1])
    seeds = {c[2] for c in calls}
    m2 = Match.new(seats=seats, decide=lambda *a, **k: [])
    assert {c.seed for c in m2.prepare().computer} == seeds, "bot seeds do not depend on the run"


def test_seats_are_checked():
    with pytest.raises(MatchError, match="both"):
        Match.new(seats=[ADA, Seat(name="Ben", nations=("France",))])
    with pytest.raises(MatchError, match="PIN"):
        Match.new(seats=[ADA, BEN], pins={2: "1"})
    with pytest.raises(MatchError, match="not a nation"):
        Match.new(seats=[ADA, Seat(name="Ben", nations=("Narnia",))])


def test_commit_refuses_a_round_from_another_world():
    m = Match.new()
    rnd = m.prepare()
    rnd.run()
    m.submit()
    with pytest.raises(MatchError):
        m.commit(rnd)
