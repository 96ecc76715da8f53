"""The autosave's writer keeps out of the window's way: between short stretches of its
Python work it rests, leaving the interpreter lock to the window's thread (which would
otherwise wait for it at every event) — except while somebody waits for it in flush()."""

import threading

from app.engine.game import Game
from app.match import storage
from app.match.match import Match
from app.match.storage import BackgroundWriter, Pacer, snapshot


def test_the_writer_rests_after_each_stretch_of_work_unless_hurried(monkeypatch):
    slept = []
    monkeypatch.setattr(storage.time, "sleep", slept.append)
    hurry = threading.Event()
    pace = Pacer(hurry, work=0.0, rest=0.003)
    pace()
    pace()
    assert slept == [0.003, 0.003]
    hurry.set()
    pace()
    assert slept == [0.003, 0.003]


def test_the_save_rests_between_its_pieces_and_is_the_same_text():
    match = Match(Game.new())
    for _ in range(3):
        match.game.submit_text([])
    calls = []
    snap = snapshot(match)
    pieces = snap.pieces(lambda: calls.append(1))
    assert calls and "".join(pieces) == snapshot(match).to_text()


def test_a_flush_hurries_the_writer_and_the_next_write_lets_it_rest_again(tmp_path):
    writer = BackgroundWriter()
    match = Match(Game.new())
    writer.write(tmp_path / "a.json", snapshot(match))
    assert writer.flush(timeout=10)
    assert writer._hurry.is_set() and writer.written == [tmp_path / "a.json"]
    writer.write(tmp_path / "a.json", snapshot(match))
    assert not writer._hurry.is_set()
    assert writer.flush(timeout=10)
