"""A window's table rebuilt from what the server sends (app.net.remote): the world a seat's
views describe is the world the seat sees at the server, board for board."""

from app.engine import format_order
from app.net.remote_world import world_from_view
from app.engine import BoardKey
from app.net.views import seat_message, watcher_message, welcome_fields

from .serving import two_seats

TURNS = [["A par - bur", "A mun - tyr"], ["A 1:tyr:F1901 - 1:tyr:S1901", "A bur - bel"], [], ["F lon - nth"]]


def same_world(expected, rebuilt) -> None:
    assert set(rebuilt.boards) == set(expected.boards)
    for key, board in expected.boards.items():
        assert rebuilt.boards[key].position() == board.position(), key
        assert [format_order(o) for o in rebuilt.orders.get(key, ())] == \
               [format_order(o) for o in expected.orders.get(key, ())], key
        assert [(r.status, r.reason) for r in rebuilt.results.get(key, ())] == \
               [(r.status, r.reason) for r in expected.results.get(key, ())]
    assert (rebuilt.parents, rebuilt.starts, rebuilt.ends) == (expected.parents, expected.starts, expected.ends)
    assert (rebuilt.phase, rebuilt.winner) == (expected.phase, expected.winner)


def test_a_seats_views_rebuild_the_world_it_sees_turn_after_turn():
    match = two_seats(fog=True)
    for orders in TURNS:
        for text in orders:
            try:
                match.add_text(text, 0)
            except ValueError:
                pass                   # an order the rules refuse now: the turn goes on without it
        match.done(0)
        match.done(1)
        match.submit()
        for seat in (0, 1):
            rebuilt = world_from_view(match.game.variant, "strict", seat_message(match, "t", seat))
            same_world(match.view_for(seat), rebuilt)
        same_world(match.world, world_from_view(match.game.variant, "strict", watcher_message(match, "t")))
    assert match.world.timelines == [1, 2]          # the army into the past made a timeline: where it branched came too


def test_a_retreat_pause_comes_with_where_each_dislodged_unit_may_go():
    match = two_seats(fog=True)
    for orders in (["A ber - pru", "A mun - sil"], ["A pru - war", "A sil S A pru - war"]):
        for text in orders:
            match.add_text(text, 0)
        match.done(0)
        match.done(1)
        match.submit()
    assert match.world.phase == "retreats"
    for seat in (0, 1):
        seen = match.view_for(seat)
        rebuilt = world_from_view(match.game.variant, "strict", seat_message(match, "t", seat))
        same_world(seen, rebuilt)
        assert dict(rebuilt.pause.dislodged) == dict(seen.pause.dislodged)
    ben = world_from_view(match.game.variant, "strict", seat_message(match, "t", 1))
    assert [str(loc) for loc in ben.pause.dislodged] == ["1:war:F1901"] and ben.pause.dislodged


def test_a_window_keeps_each_round_it_saw_sharing_the_boards_that_did_not_change():
    """The history across computers (app.net.remote_rounds.SeenRounds): each round's world as the
    seat saw it then, an unchanged board the very same object in every world that has it."""
    from app.net import protocol as p
    from app.net.remote import RemoteMatch
    match = two_seats(fog=True)
    welcome = p.Welcome(table="t", seat=0, seat_name="Ada", nations=list(match.seats[0].nations), fog=True,
                        **welcome_fields(match))
    remote = RemoteMatch(welcome, seat_message(match, "t", 0), send=lambda action: None)
    seen_then = []
    for orders in TURNS[:3]:
        seen_then.append(match.view_for(0))
        for text in orders:
            try:
                match.add_text(text, 0)
            except ValueError:
                pass
        match.done(0)
        match.done(1)
        match.submit()
        assert remote.apply(seat_message(match, "t", 0)).what == "world"
    seen_then.append(match.view_for(0))
    history = remote.game.history()
    assert len(history) == 4 and len(remote.game.submissions) == 3
    for then, kept in zip(seen_then, history):
        same_world(then, kept)                   # the fogged past as the seat saw it then
        assert kept.submissions == then.submissions
    first, last = history[0], history[3]
    assert first.boards[BoardKey.parse("1:S1901")] is last.boards[BoardKey.parse("1:S1901")]
    # the same round sent again (a reconnection) replaces the present: no new round
    assert remote.apply(seat_message(match, "t", 0)).what == "world"
    assert len(remote.game.history()) == 4
