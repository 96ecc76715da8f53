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


def _play_round(m: Match) -> None:
    for seat in range(len(NATIONS)):
        m.done(seat)
    m.submit()


def test_the_next_rounds_view_is_made_from_the_seats_last_one_while_other_tables_are_served():
    """A seat's view of the next world is made from its last one, so the boards that did not
    change keep their identity (a server sends a seat only what changed, found by identity,
    and fogs again only the boards that changed). With fog's few shared views long gone
    behind other tables' seats, each round re-fogged every board and sent the seat every
    board again (seen across computers: 100 of 100 boards in every frame)."""
    m = _table()
    first = m.view_for(1)
    _play_round(m)
    before = m.view_for(1)
    others = [_table() for _ in range(KEEP_VIEWS // len(NATIONS) + 2)]
    for other in others:                         # more seats' views than fog keeps
        for seat in range(len(NATIONS)):
            other.view_for(seat)
    _play_round(m)
    after = m.view_for(1)
    past = next(iter(first.boards))              # 1:S1901: a past board now, the same in both worlds
    assert m.world.boards[past] is not None and after.boards[past] is before.boards[past]
    unchanged = [k for k in before.boards if k in m.world.boards and before.boards[k] is after.boards[k]]
    assert len(unchanged) >= len(before.boards) - 1
