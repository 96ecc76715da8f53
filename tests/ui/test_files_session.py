"""Files in a long session (issue 17): a second instance on the same file is asked before it
overwrites; a declined restore is kept aside; interrupted saves are cleaned at the next start
beside any game; a damaged file is a named error in the window too."""

import json
from pathlib import Path

import pytest

from app.engine.game import Game
from app.match import Match
from app.match.storage import RECOVERED, SAVING, Session, save_match
from tests.ui.helpers import key


@pytest.fixture
def two(qtbot, window, tmp_path):
    """Two windows (two instances) with the same game file open."""
    from app.ui.window.main_window import MainWindow
    path = tmp_path / "shared.json"
    save_match(Match.new(), path)
    other = MainWindow(theme="light")
    qtbot.addWidget(other)
    other.files.ask_unsaved = lambda doing: "discard"
    assert window.open_game(str(path)) and other.open_game(str(path))
    return window, other, path


def _pending_in(path: Path) -> list[str]:
    return json.loads(path.read_text())["meta"].get("pending", {}).get("0", [])


def test_a_second_instance_is_asked_before_it_overwrites(two):
    a, b, path = two
    asked = []
    b.files.ask_changed = lambda p: asked.append(p) or "cancel"
    a.console_order("A par - bur")
    assert a.files.save()
    b.console_order("A mun - ruh")
    assert not b.files.save()
    assert asked == [path], "b was asked"
    assert any("bur" in t for t in _pending_in(path)), "a's save is still there"
    assert b.dirty
    a.console_order("F lon - nth")                        # a saves again: no question for its own file
    a.files.ask_changed = lambda p: pytest.fail("a's own earlier save is not another's")
    assert a.files.save()


def test_overwrite_reload_or_save_as(two, tmp_path, monkeypatch):
    a, b, path = two
    a.console_order("A par - bur")
    assert a.files.save()
    b.console_order("A mun - ruh")
    b.files.ask_changed = lambda p: "overwrite"
    assert b.files.save()
    assert any("ruh" in t for t in _pending_in(path)) and not any("bur" in t for t in _pending_in(path))
    # now a is behind: reload shows b's orders
    a.files.ask_changed = lambda p: "reload"
    a.console_order("F lon - nth")
    a.files.save()
    assert [o.dest.province for o in a.pending.values()] == ["ruh"] and not a.dirty
    # b saves elsewhere
    b.console_order("A ven - tyr")
    a.console_order("A vie - gal")
    assert a.files.save()
    mine = tmp_path / "mine.json"
    from PySide6.QtWidgets import QFileDialog
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *x, **k: (str(mine), ""))
    b.files.ask_changed = lambda p: "save_as"
    assert b.files.save()
    assert b.files.path == mine and any("tyr" in t for t in _pending_in(mine))
    assert any("gal" in t for t in _pending_in(path)), "a's save is untouched"


def test_declining_a_restore_keeps_the_autosave_aside(qtbot, window, _data_dir):
    crashed = Session()
    m = Match.new()
    m.add_text("A par - bur")
    m.submit()
    save_match(m, crashed.autosave_path)
    crashed.abandon()
    window.files.ask_restore = lambda path: False
    assert not window.files.offer_restore()
    kept = list((_data_dir / RECOVERED).glob("*.json"))
    assert len(kept) == 1 and not crashed.autosave_path.exists()
    assert "30 days" in window.last_status and str(_data_dir / RECOVERED) in window.last_status
    assert not window.files.offer_restore(), "not offered again"
    assert window.open_game(str(kept[0]))
    assert key("1:F1901") in window.game.world.boards


def test_an_interrupted_save_beside_any_game_goes_at_the_next_start(qtbot, _data_dir, tmp_path):
    from app.ui.window.main_window import MainWindow
    games = tmp_path / "not-recent"
    games.mkdir()
    game = games / "g.json"
    dead = Session()
    stale = games / ".g.json.abc.tmp"
    stale.write_text("half a save")                       # fresh: seconds old, not 120
    (_data_dir / SAVING).mkdir(exist_ok=True)
    (_data_dir / SAVING / f"{dead.id}.1.path").write_text(str(game.resolve()))
    dead.abandon()
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    assert not stale.exists() and stale in w.files.stale_removed


def test_a_damaged_file_is_a_named_error_in_the_window(qtbot, window, tmp_path):
    g = Game.new().to_json()
    g["start"][0]["centres"] = {"England": [{"lon": 1}]}    # version 3 writes the owners as one text
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(g))
    assert not window.open_game(str(path))
    assert str(path) in window.last_message and "centres" in window.last_message


def test_saves_go_through_the_notes_of_the_session(qtbot, window, tmp_path, _data_dir, monkeypatch):
    """The window's own saves and autosaves are noted while written (so a crash mid-save
    is cleaned next time)."""
    import app.match.storage as storage
    seen = []
    real = storage.write_text_atomic

    def spy(path, text):
        seen.append((path, [p.read_text() for p in (_data_dir / SAVING).glob("*.path")]))
        return real(path, text)

    monkeypatch.setattr(storage, "write_text_atomic", spy)
    window.new_game("sandbox")
    window.console_order("A par - bur")
    assert window.files.save_as(str(tmp_path / "a.json"))
    window.files.autosave_now()
    assert window.files.writer.flush()
    noted = {Path(p) for _, notes in seen for p in notes}
    assert (tmp_path / "a.json").resolve() in noted
    assert window.files.session.autosave_path.resolve() in noted
    assert not list((_data_dir / SAVING).glob("*.path"))
