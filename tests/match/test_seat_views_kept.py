"""A table keeps each seat's view of its present world: a server holds many fogged
tables whose seats take turns, and every order is read and checked against its seat's
view, so the view must not be made again for each order (fog's own few shared views are
long gone by the time the same seat sends its next order)."""

from app.engine.game import Game
from app.match import Match, Seat
from app.match.fog import KEEP_VIEWS, fogged_world

NATIONS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def _table() -> Match:
    return Match(Game.new(), [Seat(name=n, nations=(n,)) for n in NATIONS], fog=True)


def test_a_seat_gets_the_same_view_while_other_tables_are_served():
    m = _table()
    view = m.view_for(1)
    others = [_table() for _ in range(KEEP_VIEWS // len(NATIONS) + 2)]
    for other in others:                         # more seats' views than fog keeps
        for seat in range(len(NATIONS)):
            other.view_for(seat)
    assert m.view_for(1) is view
    m.add_text("F lon - nth", 1)                  # and the order is checked on that view
    assert m.view_for(1) is view


def test_after_the_round_the_view_is_of_the_new_world_and_as_fog_makes_it():
    m = _table()
    before = m.view_for(1)
    m.add_text("F lon - nth", 1)
    for seat in range(len(NATIONS)):
        m.done(seat)
    m.submit()
    after = m.view_for(1)
    assert after is not before
    fresh = fogged_world(m.world, ("England",))
    assert after.boards.keys() == fresh.boards.keys()
    assert all(after.boards[k].units == fresh.boards[k].units for k in fresh.boards)
    assert any(u.loc == "nth" for b in after.boards.values() for u in b.units.values())


def test_a_view_of_another_world_is_not_kept_in_place_of_the_present_one():
    m = _table()
    present = m.view_for(1)
    m.view_for(1, Game.new().world)               # an old or other world asked about once
    assert m.view_for(1) is present
