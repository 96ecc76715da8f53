"""Hotseat privacy, save and reopen, undo, bad files, the screenshot command."""

import json

from app.engine.game import Game
from app.engine.notation.notation import format_order

from .helpers import key, submit

SEATS = [
    {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]},
    {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey"]},
]


def test_hotseat_never_shows_seat_1_orders_to_seat_2(qtbot, window):
    window.new_game("hotseat", seats=SEATS)
    assert window.table.up and window.curtain.isVisible()
    assert "Ada" in window.curtain.title.text()
    window.curtain.button.click()
    assert not window.table.up and not window.curtain.isVisible()
    # seat 1 may not order seat 2's units
    out = window.clicks.click_location(key("1:S1901"), "mos")
    assert out.refused and "Russia" in window.status_label.text()
    window.clicks.click_location(key("1:S1901"), "par")
    window.clicks.click_location(key("1:S1901"), "bur")
    assert window.console_order("F lon - nth")
    assert not window.console_order("A war - gal")
    secret = set(window.orders_panel.order_texts())
    assert len(secret) == 2
    window.submit()  # Done — pass on
    assert window.table.up
    assert "Ben" in window.curtain.title.text()
    assert window.orders_panel.order_texts() == []
    window.curtain.button.click()
    # seat 2 sees none of seat 1's orders: not in the list, not on any board, not across boards
    assert window.orders_panel.order_texts() == []
    assert all(not it.pending for it in window.scene.items_by_key.values())
    assert not window.scene.overlay.pending
    assert window.pending == {}
    assert window.console_order("A war - gal")
    assert set(window.orders_panel.order_texts()).isdisjoint(secret)
    report = submit(qtbot, window)
    w = window.game.world
    assert w.boards[key("1:F1901")].units["bur"].nation == "France"
    assert w.boards[key("1:F1901")].units["gal"].nation == "Russia"
    assert w.boards[key("1:F1901")].units["nth"].nation == "England"
    # back to the first seat behind the curtain
    assert window.table.up
    assert "Ada" in window.curtain.title.text()


def test_save_reopen_same_world(qtbot, window, tmp_path):
    window.new_game("sandbox", adjacency="loose")
    window.console_order("A par - bur")
    submit(qtbot, window)
    window.console_order("A mun - tyr")  # pending, saved with the game
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    before = window.game.world
    window.new_game("sandbox")
    window.files.ask_unsaved = lambda doing: "discard"
    window.console_order("A vie - gal")    # unsaved: Open asks, the test discards
    assert window.open_game(str(path))
    after = window.game.world
    assert sorted(after.boards) == sorted(before.boards)
    for k in before.boards:
        assert after.boards[k].same_position(before.boards[k])
    assert window.game.adjacency == "loose"
    assert [o.kind for o in window.pending.values()] == ["move"]
    assert str(path.resolve()) in window.files.recent.list()


def test_undo_restores_previous_world(qtbot, window):
    window.new_game("sandbox")
    start = window.game.world
    window.console_order("A par - bur")
    submit(qtbot, window)
    assert key("1:F1901") in window.scene.items_by_key
    window.undo()
    assert window.game.world is start
    assert set(window.scene.items_by_key) == {key("1:S1901")}
    assert window.scene.items_by_key[key("1:S1901")].active
    assert [format_order(o) for o in window.pending.values()] == ["France: A 1:par:S1901 - 1:bur:S1901"]
    assert window.orders_panel.order_texts() == ["France: A 1:par:S1901 - 1:bur:S1901"]
    window.redo()
    assert key("1:F1901") in window.scene.items_by_key and window.pending == {}


def test_history_slider_replays(qtbot, window):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    submit(qtbot, window)
    submit(qtbot, window)
    assert window.history.slider.maximum() == 2
    window.history.slider.setValue(0)
    assert set(window.scene.items_by_key) == {key("1:S1901")}
    out = window.clicks.click_location(key("1:S1901"), "mun")
    assert "replay" in window.status_label.text().lower()
    window.history.slider.setValue(2)
    assert key("1:W1901") in window.scene.items_by_key


def test_bad_save_file_shows_message_and_keeps_running(qtbot, window, tmp_path):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "5d-diplomacy-save", "version": 1, "variant": "standard"')
    assert not window.open_game(str(bad))
    assert "not valid JSON" in window.last_message
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": 1}))
    assert not window.open_game(str(other))
    assert "not a 5D Diplomacy save file" in window.last_message
    assert not window.open_game(str(tmp_path / "missing.json"))
    # the game in progress is untouched
    assert window.game is not None and len(window.pending) == 1
    submit(qtbot, window)


def test_autosave_and_crash_restore(qtbot, tmp_path):
    from app.ui.window.main_window import MainWindow
    w1 = MainWindow(theme="light")
    qtbot.addWidget(w1)
    w1.files.ask_unsaved = lambda doing: "discard"
    w1.new_game("sandbox")
    w1.console_order("A par - bur")
    submit(qtbot, w1)
    auto = w1.files.session.autosave_path
    assert w1.files.writer.flush(30) and auto.exists()
    assert Game.load(auto).world.boards[key("1:F1901")].units["bur"].nation == "France"
    w1.files.session.abandon()          # as a crash: the files stay, the OS lock goes
    w2 = MainWindow(theme="light")
    qtbot.addWidget(w2)
    w2.files.ask_unsaved = lambda doing: "discard"
    w2.files.ask_restore = lambda path: True
    assert w2.files.offer_restore()
    assert key("1:F1901") in w2.game.world.boards
    # the restored game is untitled and unsaved; its autosave is w2's own, the old one is gone
    assert w2.files.path is None and w2.dirty
    assert not auto.exists()
    assert w2.files.session.autosave_path.exists()
    assert "Untitled" in w2.windowTitle()


def test_screenshot_command(tmp_path):
    from app.ui.app import main
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out)]) == 0
    from PySide6.QtGui import QImage
    img = QImage(str(out))
    assert img.width() == 1600 and img.height() == 1000
    assert main(["--open", str(tmp_path / "nope.json"), "--screenshot", str(out)]) == 2


def test_curtain_is_dark_so_its_white_text_reads(qtbot, window):
    """The curtain paints its own dark background in the light theme too."""
    window.new_game("hotseat", seats=SEATS)
    assert window.table.up
    from PySide6.QtCore import QPoint
    img = window.grab().toImage()  # the whole window, as the players see it
    c = window.curtain
    origin = c.mapTo(window, QPoint(0, 0))
    w, h = c.width(), c.height()
    for x, y in [(w // 10, h - 10), (w // 2, h - 10), (w - 10, h // 2)]:
        colour = img.pixelColor(origin.x() + x, origin.y() + y)
        assert colour.lightness() < 120, (x, y, colour.name())
