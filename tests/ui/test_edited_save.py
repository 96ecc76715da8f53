"""A save file edited and given a new checksum opens at once in the window, and is then
replayed on a worker: the player is told and chooses what the submissions make, or to
close it; the game as the edited file claims it is never played on silently."""

import pytest

from app.bots import selfplay
from tests.edited_saves import give_a_start_centre


@pytest.fixture(scope="module")
def played():
    return selfplay.grow_world(seed=150, turns=8)


@pytest.fixture
def edited(played, tmp_path):
    path = tmp_path / "g.json"
    played.save(path)
    path.write_text(give_a_start_centre(path.read_text(), "Austria", "ser"))
    return path


def asked(window, answer):
    questions = []

    def ask(where, problem, can_replay, changed):
        questions.append((where, problem, can_replay, changed))
        return answer
    window.files.ask_mismatch = ask
    return questions


def start_owner(window, centre):
    start = window.game.start
    return start.boards[min(start.boards)].centres.get(centre)


def test_an_edited_file_with_a_new_checksum_is_caught_and_what_its_orders_make_is_offered(qtbot, window, edited):
    questions = asked(window, "replayed")
    assert window.open_game(str(edited))               # opens at once: the check runs after
    opened = window.match
    qtbot.waitUntil(lambda: bool(questions), timeout=60000)
    where, problem, can_replay, changed = questions[0]
    assert where == str(edited) and can_replay and not changed
    assert "g.json: field 'world' is not what its own submissions make: boards differ at 1:S1901" in problem
    assert window.match is not opened                  # the game on screen is what the orders make
    assert start_owner(window, "ser") == "Austria"
    assert window.files.path is None                   # untitled: the edited file is never written over
    assert window.files.proposed.name == "g-replayed.json"
    assert "g.json" in window.last_status


def test_closing_an_edited_file_leaves_a_new_game(qtbot, window, edited):
    questions = asked(window, "close")
    assert window.open_game(str(edited))
    qtbot.waitUntil(lambda: bool(questions) and window.files.path is None, timeout=60000)
    assert start_owner(window, "ser") is None and len(window.game.submissions) == 0
    assert "Closed g.json" in window.last_status


def test_an_unedited_file_is_checked_and_kept(qtbot, window, played, tmp_path):
    questions = asked(window, "close")
    path = tmp_path / "g.json"
    played.save(path)
    with qtbot.waitSignal(window.files.replay_watch.passed, timeout=60000):
        assert window.open_game(str(path))
    assert questions == [] and window.files.path == path
    assert len(window.game.submissions) == len(played.submissions)


def test_a_passed_check_leaves_nothing_of_itself_behind(qtbot, window, played, tmp_path, monkeypatch):
    """The worker lets go of the check (the file's submissions, its stored world, the
    replayed world) once it has passed: nothing of it stays for the rest of the session."""
    import gc
    import weakref
    from app.engine.saves.replay_check import ReplayCheck
    made = []
    of = ReplayCheck.of

    def watched(cls, game, where):
        check = of(game, where)
        made.append(weakref.ref(check))
        return check
    monkeypatch.setattr(ReplayCheck, "of", classmethod(watched))
    path = tmp_path / "g.json"
    played.save(path)
    with qtbot.waitSignal(window.files.replay_watch.passed, timeout=60000):
        assert window.open_game(str(path))
    qtbot.waitUntil(lambda: not window.files.replay_watch.running, timeout=60000)
    gc.collect()
    assert len(made) == 1 and made[0]() is None
