"""Every opened save file is replayed: a checksum anyone can compute again never vouches
for a stored world that its own submissions do not make."""

import json

import pytest

from app.engine.game import Game, GameFileError
from app.engine.saves.replay_check import ReplayMismatch
from tests.edited_saves import give_a_start_centre, with_checksum, without_checksum


@pytest.fixture
def saved(grown, tmp_path):
    g, _ = grown
    path = tmp_path / "g.json"
    g.save(path)
    return path


def test_the_helper_keeps_an_untouched_file_as_the_game_wrote_it(saved):
    text = saved.read_text()
    assert with_checksum(without_checksum(text)) == text


@pytest.mark.parametrize("checksum", [True, False], ids=["checksum-recomputed", "no-checksum"])
def test_an_edited_start_is_refused_with_or_without_a_checksum(saved, checksum):
    saved.write_text(give_a_start_centre(saved.read_text(), "Austria", "ser", checksum=checksum))
    with pytest.raises(GameFileError, match=r"g\.json: field 'world' is not what its own submissions make: "
                                            r"boards differ at 1:S1901.*edited"):
        Game.load(saved)


def test_an_edited_file_opened_for_later_owes_a_check_that_fails(saved):
    saved.write_text(give_a_start_centre(saved.read_text(), "Austria", "ser"))
    game = Game.load(saved, replay_later=True)      # opens at once: the checksum holds
    assert game.replay_owed is not None
    with pytest.raises(ReplayMismatch, match="is not what its own submissions make") as caught:
        game.replay_owed.run()
    replayed = caught.value.replayed              # what the submissions make, to offer instead
    assert "ser" in [p for p, n in replayed.boards[min(replayed.boards)].centres.items() if n == "Austria"]


def test_an_unedited_file_passes_its_check_later(saved, grown):
    g, live = grown
    game = Game.load(saved, replay_later=True)
    paused = []
    assert game.replay_owed.run(lambda: paused.append(1)) is not None
    assert len(paused) >= len(g.submissions)       # a worker can rest between submissions


def test_an_edited_order_result_with_a_checksum_is_refused(saved):
    data = json.loads(saved.read_text())
    assert data["version"] == 3
    text = without_checksum(saved.read_text())
    # an order that failed now claims success (results are short texts: 's' succeeds, 'f' fails)
    i = text.index('"results":["f')
    edited = text[:i] + '"results":["s' + text[i + len('"results":["f'):]
    saved.write_text(with_checksum(edited))
    with pytest.raises(GameFileError, match="is not what its own submissions make"):
        Game.load(saved)


def test_the_game_the_submissions_make_can_be_played_on(saved, grown):
    g, live = grown
    saved.write_text(give_a_start_centre(saved.read_text(), "Austria", "ser"))
    check = Game.load(saved, replay_later=True).replay_owed
    with pytest.raises(ReplayMismatch) as caught:
        check.run()
    made = check.game_made(caught.value.replayed)
    assert len(made.history()) == len(live) and made.world is caught.value.replayed
    assert made.start.boards[min(made.start.boards)].centres["ser"] == "Austria"
    orders, _ = made.undo()                       # its past is there
    assert orders == tuple(g.submissions[-1])


def test_the_check_leaves_the_stored_orders_and_submissions_unread(saved):
    """The check makes its own orders and lets them go: a big file's stored boards and
    submissions stay texts until the session looks at them (at 10,000 boards, making
    them all cost ~110 MB kept for the rest of the session)."""
    from app.engine.saves.lazy_orders import Unread, UnreadSubmission, raw_values
    game = Game.load(saved, replay_later=True)
    stored = list(raw_values(game.world.orders))
    submissions = game.submissions.tokens()
    assert stored and all(type(v) is Unread and v.value is None for v in stored)
    assert submissions and all(type(s) is UnreadSubmission and s.value is None for s in submissions)
    game.replay_owed.run()
    assert [v for v in raw_values(game.world.orders) if type(v) is not Unread or v.value is not None] == []
    assert [s for s in game.submissions.tokens() if s.value is not None] == []


def test_two_orders_of_a_stored_board_swapped_with_a_checksum_are_caught(saved):
    """An edit of a board's stored order texts (each text still a valid order) is caught
    by the check that leaves unread boards unread."""
    body = without_checksum(saved.read_text())
    data = json.loads(body)
    def listed(texts):
        return json.dumps(texts, separators=(",", ":"))
    board = next(b for b in data["world"]["orders"]
                 if len(set(b["orders"])) > 1 and body.count(listed(b["orders"])) == 1)
    swapped = board["orders"].copy()
    j = next(j for j, t in enumerate(swapped) if t != swapped[0])
    swapped[0], swapped[j] = swapped[j], swapped[0]
    saved.write_text(with_checksum(body.replace(listed(board["orders"]), listed(swapped))))
    game = Game.load(saved, replay_later=True)
    with pytest.raises(ReplayMismatch, match=f"orders differ at {board['board']}"):
        game.replay_owed.run()
    with pytest.raises(GameFileError, match=f"orders differ at {board['board']}"):
        Game.load(saved)


@pytest.fixture
def big_save(selfplay_save, tmp_path):
    """A copy of the benchmarks' world of 1000 boards (big enough for the replayed world
    to share with the stored one as it goes), nobody able to win, as it was grown."""
    from app.engine import load_variant
    standard = load_variant("standard")
    standard.victory_centres, was = 10 ** 6, standard.victory_centres
    path = tmp_path / "big.json"
    path.write_text(selfplay_save(1000).read_text())
    yield path
    standard.victory_centres = was


def test_a_big_file_passes_its_check_and_stays_unread(big_save):
    from app.engine.saves.lazy_orders import Unread, UnreadRefs, raw_values
    game = Game.load(big_save, replay_later=True)
    replayed = game.replay_owed.run()
    assert replayed.orders == Game.load(big_save, replay_later=True).world.orders
    shared = [v for v in raw_values(replayed.orders) if type(v) is Unread]
    assert len(shared) > len(replayed.orders) // 2      # the replayed world let go of most of its orders
    # and of most of its order index: the check read right what each stored text names
    shared_index = [v for v in raw_values(replayed.refs) if type(v) is UnreadRefs]
    assert len(shared_index) > len(replayed.refs) // 2
    assert all(type(v) is Unread and v.value is None for v in raw_values(game.world.orders))
    assert all(type(v) is UnreadRefs and v.value is None for v in raw_values(game.world.refs))


def test_a_big_file_with_an_early_board_edited_is_caught_and_can_be_played_on(big_save):
    body = without_checksum(big_save.read_text())
    i = body.index('"results":["f')
    big_save.write_text(with_checksum(body[:i] + '"results":["s' + body[i + len('"results":["f'):]))
    check = Game.load(big_save, replay_later=True).replay_owed
    with pytest.raises(ReplayMismatch, match="results differ at") as caught:
        check.run()
    made = check.game_made(caught.value.replayed)
    n = len(made.submissions)
    orders, world = made.undo()
    assert len(made.submissions) == n - 1 and orders
    made.redo(orders, world)
    assert made.world.orders == caught.value.replayed.orders
    again = big_save.with_name("made.json")
    made.save(again)                              # what the submissions make, saved, passes its check
    assert Game.load(again).world.orders == made.world.orders


def test_a_big_file_with_a_late_order_swapped_is_caught(big_save):
    body = without_checksum(big_save.read_text())
    data = json.loads(body)
    listed = lambda texts: json.dumps(texts, separators=(",", ":"))   # noqa: E731
    board = next(b for b in reversed(data["world"]["orders"][: len(data["world"]["orders"]) * 3 // 4])
                 if len(set(b["orders"])) > 1 and body.count(listed(b["orders"])) == 1)
    swapped = board["orders"].copy()
    j = next(j for j, t in enumerate(swapped) if t != swapped[0])
    swapped[0], swapped[j] = swapped[j], swapped[0]
    big_save.write_text(with_checksum(body.replace(listed(board["orders"]), listed(swapped))))
    with pytest.raises(ReplayMismatch, match=f"orders differ at {board['board']}"):
        Game.load(big_save, replay_later=True).replay_owed.run()


def test_a_world_grown_past_any_win_is_replayed_as_grown(selfplay_save, tmp_path):
    """A ``selfplay --no-victory`` world is replayed with nobody able to win, as it was
    grown: at 2000 boards a nation holds enough centres that the plain rules would have
    ended the game early, and the file says how it was grown (``meta.selfplay.victory``)."""
    path = selfplay_save(2000)
    game = Game.load(path)                                      # replayed: it passes
    assert game.world.winner is None and len(game.world.boards) >= 2000
    assert game.world.variant.victory_centres <= game.world.variant.centre_count   # its own variant
    assert all(w.variant is game.world.variant for w in game.worlds)
    later = Game.load(path, replay_later=True)                   # the window's way: checked after
    assert later.replay_owed.run().variant is later.world.variant
    # the same file claiming to be an ordinary game: its replay ends in a win, so it is refused
    text = without_checksum(path.read_text())
    assert text.count('"victory":false') == 1
    edited = tmp_path / "claims-victory.json"
    edited.write_text(with_checksum(text.replace('"victory":false', '"victory":true')))
    with pytest.raises(GameFileError, match="won"):
        Game.load(edited)
