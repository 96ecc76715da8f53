"""A round's update frames: made once for the connections that are to receive the same bytes,
never shared with a connection that is to receive something else (no engine stand-ins: a
real match, adjudicated by the engine)."""

from app.match import Match, Seat
from app.net.protocol import dump, read_server
from app.net.views import BoardCodes, seat_message, Sent, update_frames, watcher_message

SEATS = [Seat(name=n, nations=(n,)) for n in ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")]


def _played(fog: bool) -> tuple[Match, list]:
    """A seven-seat match, each seat and two watchers sent their first view, then a round
    adjudicated (every unit holds). Returns the match and the targets update_frames takes."""
    m = Match.new(seats=SEATS, fog=fog)
    targets = [(f"seat {i}", i, Sent(), None) for i in range(len(SEATS))] + \
              [(f"watcher {k}", None, Sent(), None) for k in range(2)]
    for _, seat, sent, box in targets:
        if seat is None:
            watcher_message(m, "t", sent)
        else:
            seat_message(m, "t", seat, sent, box)
    for i in range(len(SEATS)):
        m.end_turn(i)
    m.submit()
    return m, targets


def test_without_fog_every_seat_and_watcher_receive_one_frame_made_once():
    m, targets = _played(fog=False)
    frames = update_frames(m, "t", targets, BoardCodes())
    assert len({id(frame) for frame, _ in frames}) == 1
    assert {b["board"] for b in read_server(frames[0][0]).boards} == {"1:S1901", "1:F1901"}
    # ... and it is, byte for byte, what each would have been sent on its own (the same game again)
    again, alone = _played(fog=False)
    for target, (frame, holds_boards) in zip(alone, frames):
        assert holds_boards and update_frames(again, "t", [target])[0][0] == frame


def test_a_seat_with_pending_orders_or_a_box_receives_a_frame_of_its_own():
    m, targets = _played(fog=False)
    m.add_text("A vie - gal", 0)
    targets[1] = (targets[1][0], 1, targets[1][2], "a sealed box")
    frames = update_frames(m, "t", targets, BoardCodes())
    ada, box, other, watcher = frames[0][0], frames[1][0], frames[2][0], frames[-1][0]
    assert read_server(ada).pending == ["Austria: A 1:vie:F1901 - 1:gal:F1901"]
    assert read_server(box).box == "a sealed box"
    assert read_server(other).pending == [] and read_server(other).box is None
    assert len({ada, box, other}) == 3 and other is watcher


def test_under_fog_each_seat_receives_its_own_sight():
    m, targets = _played(fog=True)
    frames = update_frames(m, "t", targets[:7], BoardCodes())
    assert len({id(frame) for frame, _ in frames}) == 7
    seen = [{u for b in read_server(frame).boards for u in b["units"]} for frame, _ in frames]
    assert "Turkey F ank" not in seen[0] and "Turkey F ank" in seen[6]


def test_an_ended_civilisations_game_s_seats_and_watcher_each_receive_their_own_civ_field():
    from .test_civ_views import two_civilisations
    m = two_civilisations()
    m.table.proposals.propose(0, "draw")
    m.table.proposals.answer(1, True)
    assert m.world.phase == "over"          # the fog lifts: a seat's view is the world a watcher sees
    targets = [("ada", 0, Sent(), None), ("ben", 1, Sent(), None), ("watcher", None, Sent(), None)]
    frames = [frame for frame, _ in update_frames(m, "t", targets, BoardCodes())]
    alone = [dump(seat_message(m, "t", 0, Sent())), dump(seat_message(m, "t", 1, Sent())),
             dump(watcher_message(m, "t", Sent()))]
    assert frames == alone
    assert "seats" in read_server(frames[0]).civ and "seats" not in read_server(frames[2]).civ
