"""The thrown-start window, driven through the real view: a throw by mouse drag, the
clean-up captions, choosing turns by clicks, the vote and "Play it out"."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from app.engine.rules.coords import province_of
from app.ui.winks import ThrownStartWindow, random_thrown_game


def _at(win: ThrownStartWindow, x: float, y: float) -> QPoint:
    return win.board.to_widget(QPointF(x, y)).toPoint()


def test_throw_by_drag_cleanup_choosing_by_clicks_and_play_out(qtbot):
    played = []
    win = ThrownStartWindow(("France", "Turkey"), seed=2, on_play_out=played.append)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    board = win.board
    # pick the fleets, then drag from the table towards the Tyrrhenian Sea and release
    fleets = board.pile_point("F")
    qtbot.mouseClick(board, Qt.LeftButton, pos=_at(win, fleets.x(), fleets.y()))
    assert win.chosen_type == "F"
    target = board.art.geo.unit_anchors["tys"]
    lx, ly = win.game.table.launch
    qtbot.mousePress(board, Qt.LeftButton, pos=_at(win, lx, ly - 60))
    qtbot.mouseMove(board, pos=_at(win, (lx + target[0]) / 2, (ly + target[1]) / 2))
    assert board.aim is not None
    qtbot.mouseRelease(board, Qt.LeftButton, pos=_at(win, *target))
    assert win.flight is not None and win.phase == "throwing"     # flying, animated
    qtbot.waitUntil(lambda: win.flight is None, timeout=10000)
    (rec,) = win.game.throws
    assert rec.unit_type == "F" and rec.seat == 0 and win.game.thrower == 1
    x, y = win.game.resting[0]
    assert math.dist((x, y), target) < 80                           # it went where it was aimed
    # everyone else throws at random; the clean-up then plays step by step
    qtbot.mouseClick(win.throw_all_btn, Qt.LeftButton)
    assert win.phase == "clean-up" and win.skip_btn.isVisible()
    qtbot.waitUntil(lambda: "Step 1" in win.caption.text(), timeout=20000)
    qtbot.mouseClick(win.skip_btn, Qt.LeftButton)
    assert win.phase == "choosing", "seed 2 leaves choices to make"
    assert "turn" in win.caption.text()
    # a shared space, then the piece to keep
    layout = win.game.layout
    assert layout.shared() and layout.options, "seed 2 leaves both kinds of choice"
    positions = {d.id: (d.x, d.y) for d in board.pieces}
    space = layout.shared()[0]
    keep = layout.occupants(space)[-1]
    qtbot.mouseClick(board, Qt.LeftButton, pos=_at(win, *positions[keep]))   # the space…
    assert win.selection == ("space", space) and space in board.shared
    qtbot.mouseClick(board, Qt.LeftButton, pos=_at(win, *positions[keep]))   # …then the piece
    assert win.game.choice_steps[0][0].piece == keep
    assert layout.occupants(space) != win.game.layout.occupants(space) == [keep]
    win.skip()
    # an undecided piece, then one of its spaces
    layout = win.game.layout
    positions = {d.id: (d.x, d.y) for d in board.pieces}
    piece, opts = sorted(layout.options.items())[0]
    qtbot.mouseClick(board, Qt.LeftButton, pos=_at(win, *positions[piece]))
    assert win.selection == ("piece", piece) and board.highlight == {province_of(o) for o in opts}
    qtbot.keyClick(win, Qt.Key_Escape)                            # changed my mind…
    assert win.selection is None and not board.highlight
    qtbot.mouseClick(board, Qt.LeftButton, pos=_at(win, *positions[piece]))
    anchor = board.art.geo.unit_anchors[province_of(opts[0])]
    qtbot.mouseClick(board, Qt.LeftButton, pos=_at(win, *anchor))
    assert win.game.choice_steps[1][0].location == opts[0]
    assert win.game.layout.placed[piece] == opts[0]
    while win.phase != "judging":
        if win.phase == "clean-up":
            win.skip()
        else:
            qtbot.mouseClick(win.random_choice_btn, Qt.LeftButton)
    assert win.game.layout.settled and win.judge_box.isVisible()
    assert not win.play_btn.isEnabled()                            # only after a vote without agreement
    win.vote_boxes[0].setCurrentText("France")
    win.vote_boxes[1].setCurrentText("Turkey")
    qtbot.mouseClick(win.judge_btn, Qt.LeftButton)
    assert win.game.winner is None and "No agreement" in win.caption.text()
    qtbot.mouseClick(win.play_btn, Qt.LeftButton)
    (game,) = played
    (key,) = game.world.active_boards()
    assert str(key) == "1:F1901" and dict(game.world.boards[key].centres) == {}
    assert game.meta["thrown"]["seed"] == 2 and len(game.meta["thrown"]["throws"]) == 32


def test_unanimous_vote_ends_the_game_and_throw_again_starts_over(qtbot):
    win = ThrownStartWindow(("England", "Russia"), seed=3, names=["Ada", "Ben"])
    qtbot.addWidget(win)
    win.show()
    assert "Ada (England)" in win.caption.text()                  # hotseat: whose throw it is, by name
    win.throw_all_at_random()
    while win.phase != "judging":
        if win.phase == "clean-up":
            win.skip()
        else:
            win.choose_at_random()
    for cb in win.vote_boxes:
        cb.setCurrentText("Russia")
    qtbot.mouseClick(win.judge_btn, Qt.LeftButton)
    assert win.game.winner == "Russia" and win.phase == "over" and "Russia wins" in win.caption.text()
    assert not win.play_btn.isVisible() and win.again_btn.isVisible()
    qtbot.mouseClick(win.again_btn, Qt.LeftButton)
    assert win.phase == "throwing" and win.game.seed == 4 and not win.game.throws and not win.board.pieces


def test_random_thrown_game_is_ready_to_play():
    game = random_thrown_game(5, seed=2)
    (key,) = game.world.active_boards()
    assert str(key) == "1:F1901" and game.world.homes_at_first_winter
    game.submit([])
    assert str(game.world.active_boards()[0]) == "1:W1901"


def test_new_game_dialog_and_main_window_start_a_thrown_game_that_saves_its_record(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    from app.ui.dialogs.new_game import NewGameDialog
    from app.ui.window.main_window import MainWindow
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    dlg.variant.setCurrentIndex(dlg.variant.findData("standard"))
    dlg.start.setCurrentIndex(dlg.start.findData("random-thrown"))
    dlg.thrown_players.setValue(3)
    s = dlg.settings()
    assert s["start"] == "random-thrown" and s["thrown_players"] == 3 and dlg.problem() is None
    dlg.hotseat.setChecked(True)
    dlg.start.setCurrentIndex(dlg.start.findData("thrown"))
    assert "one nation" in dlg.problem()                 # round-robin dealt several nations per seat

    win = MainWindow(theme="light")
    qtbot.addWidget(win)
    win.files.ask_unsaved = lambda doing: "discard"
    win.start_thrown(s, seed=9)
    world = win.match.game.world
    assert [str(k) for k in world.active_boards()] == ["1:F1901"] and world.homes_at_first_winter
    assert {u.nation for u in world.boards[world.active_boards()[0]].units.values()} <= {"Austria", "England", "France"}
    path = tmp_path / "thrown.5dd.json"
    assert win.save_as(str(path))
    assert win.open_game(str(path))
    assert win.match.thrown["seed"] == 9 and win.match.game.start.homes_at_first_winter
    from app.winks import ThrownGame
    replayed = ThrownGame.from_json(win.match.thrown)          # the saved record replays from its seed
    start = win.match.game.start
    assert sorted(replayed.units()) == sorted((u.nation, u.type, u.loc)
                                              for u in start.boards[start.active_boards()[0]].units.values())
    win.wait_idle()


def test_the_board_turned_on_the_table_is_drawn_turned_and_clicked_in_map_units(qtbot):
    """RULES.md §9, "Rotating the board": "Turn the board" before the first throw; the map,
    the pieces and the clicks of the choosing turns follow the turned board; "Throw again"
    turns it once more."""
    from app.winks.cleanup import Keep, Place
    win = ThrownStartWindow(("France", "Turkey"), seed=6)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    assert win.turn_btn.isVisible()
    win.turn_btn.click()
    g, board = win.game, win.board
    assert g.rotation == 90 and g.table.rotation == 90 and "turned 90°" in win.status.text()
    mp = QPointF(412.0, 388.0)
    tp = board.map_to_table(mp)
    assert (round(tp.x(), 2), round(tp.y(), 2)) == g.table.to_table(412.0, 388.0)
    assert board.table_to_map(tp).toTuple() == pytest.approx(mp.toTuple())
    # a throw aimed at a table point comes to rest near it (in map units: turned back)
    target = g.table.to_table(*board.art.geo.unit_anchors["bur"])
    win.throw("A", aim_at_table(g, target), animate=False)
    assert not win.turn_btn.isVisible()                   # only before the first throw
    (x, y), = g.resting.values()
    assert math.dist(g.table.to_table(x, y), target) < 60
    # every piece thrown, the clean-up skipped: a click on a piece where it is drawn selects it
    win.throw_all_at_random()
    win.skip()
    assert g.phase == "choosing"
    lay = g.layout
    piece = next(iter(lay.options)) if lay.options else lay.occupants(lay.shared()[0])[0]
    drawn = next(d for d in board.pieces if d.id == piece)
    at = board.map_to_table(QPointF(drawn.x, drawn.y))
    qtbot.mouseClick(board, Qt.LeftButton, pos=board.to_widget(at).toPoint())
    assert win.selection is not None
    while win.game.phase == "choosing":
        win.choose_at_random()
        win.skip()
    for cb in win.vote_boxes:
        cb.setCurrentText("Turkey")
    win.judge_btn.click()
    assert g.phase == "over" and win.again_btn.isVisible()
    win.again_btn.click()
    assert win.game.rotation == 180 and board.table.rotation == 180 and win.game.seed == 7


def aim_at_table(game, target):
    from app.winks.physics import aim_at
    return aim_at(game.table, target)


def test_one_click_makes_every_choice_left_at_random(qtbot):
    """"Choose all the rest at random": one click from the first choosing turn to the
    judging, the same game as choosing one turn at a time would give from those clicks'
    random source, and the same next time (seeded from the game)."""
    def window():
        win = ThrownStartWindow(("France", "Turkey", "Russia", "England"), seed=5)
        qtbot.addWidget(win)
        win.resize(1366, 768)
        win.show()
        win.throw_all_at_random()
        win.skip()
        return win

    win = window()
    assert win.phase == "choosing" and len(win.game.options()) > 1, "seed 5 leaves choices to make"
    assert win.random_rest_btn.isVisible()
    qtbot.mouseClick(win.random_rest_btn, Qt.LeftButton)
    assert win.phase == "judging" and win.game.layout.settled and win.judge_box.isVisible()
    assert not win.random_rest_btn.isVisible() and not win.random_choice_btn.isVisible()
    assert len(win.game.choice_steps) > 1, "several turns' choices were made by the one click"
    again = window()
    qtbot.mouseClick(again.random_rest_btn, Qt.LeftButton)
    assert again.game.to_json() == win.game.to_json()


def test_the_window_follows_the_main_window_s_theme_while_open(qtbot):
    """Ctrl+T in the main window with the thrown-pieces window open: its caption takes the
    new theme's text colour (it kept the old one, light grey on the light theme) and the
    table its wood."""
    from PySide6.QtWidgets import QApplication
    from app.ui.winks import open_thrown_start
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    w.show()
    w.new_game(confirmed=True)
    win = open_thrown_start(w, 2, 2, lambda game: None)
    qtbot.waitExposed(win)
    assert not win.board.dark
    for dark in (True, False, True):
        w.commands.dark.setChecked(dark)
        w.toggle_theme()
        QApplication.processEvents()
        text = QApplication.palette().windowText().color()
        assert win.caption.palette().windowText().color() == text
        assert win.board.dark == dark
    win.close()
    w.commands.dark.setChecked(False)
    w.toggle_theme()
