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
