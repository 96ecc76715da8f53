"""Acting on a big world: next board needing attention, go to a board by name, and the
question before submitting with builds or disbands missing."""

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.bots.selfplay import grow_world
from app.match.attention import needs

from .helpers import key


def _centre_board(window):
    c = window.view.mapToScene(window.view.viewport().rect().center())
    return next(k for k, it in window.scene.items_by_key.items() if it.sceneBoundingRect().contains(c))


def _grown(window, turns=9):
    del window.navigation.ask_missing            # the real question (the fixture answers it otherwise)
    # The first selfplay world from seed 3 on that waits for orders (not for retreats):
    # which seed does depends on how selfplay plays.
    game = next(g for g in (grow_world(seed=s, turns=turns, victory=False) for s in range(3, 20))
                if g.world.pause is None)
    window.set_game(game, None)
    return game


def test_next_board_cycles_through_the_boards_needing_attention(window, qtbot):
    game = _grown(window)
    expected = sorted({n.board for n in needs(game.world, [])})
    assert len(expected) >= 4 and any(n.what == "builds" for n in needs(game.world, []))
    assert window.commands.next.text() == f"Next board ({len(expected)})"
    seen = []
    for _ in range(len(expected) + 1):
        window.commands.next.trigger()
        seen.append(_centre_board(window))
    assert seen == expected + expected[:1]           # every one in turn, then round again
    assert f"of {len(expected)} needing attention" in window.last_status
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key_N)             # the key does the same
    assert _centre_board(window) == expected[1]

    # orders given on a movement board take it off the list; the counter follows
    first = next(n for n in needs(game.world, []) if n.what == "orders")
    for prov, unit in game.world.boards[first.board].units.items():
        window.match.add_text(f"{unit.type} {first.board.timeline}:{unit.loc}:{first.board.turn} H", window.seat)
    window._orders_changed()
    assert first.board not in {n.board for n in window.navigation.attention()}
    assert window.commands.next.text() == f"Next board ({len(expected) - 1})"


def test_submitting_with_builds_missing_asks_first(window, qtbot):
    game = _grown(window)
    n = len(game.submissions)
    asked = []

    def answer(button_text):
        def click():
            box = window.prompt
            asked.append(box.informativeText())
            next(b for b in box.buttons() if b.text() == button_text).click()
        return click

    QTimer.singleShot(0, answer("Go to the first"))
    window.submit()
    assert asked and "build(s) owed" in asked[0]
    assert len(game.submissions) == n and not window.busy          # nothing submitted
    owed = {x.board for x in needs(game.world, []) if x.what != "orders"}
    assert _centre_board(window) == min(owed | {x.board for x in needs(game.world, [])})

    QTimer.singleShot(0, answer("Submit anyway"))
    with qtbot.waitSignal(window.submitted, timeout=30000):
        window.submit()
    assert len(asked) == 2 and len(game.submissions) == n + 1


def test_the_question_can_be_turned_off_in_a_sandbox(window, qtbot):
    game = _grown(window)

    def never_again():
        box = window.prompt
        box.checkBox().setChecked(True)
        next(b for b in box.buttons() if b.text() == "Submit anyway").click()

    QTimer.singleShot(0, never_again)
    with qtbot.waitSignal(window.submitted, timeout=30000):
        window.submit()
    assert window.settings.value("ask_missing") == "false"
    window.undo()                       # the builds are owed again: no question this time
    assert any(x.what == "builds" for x in window.navigation.attention())
    window.navigation.ask_missing = lambda owed: pytest.fail("asked again")
    assert window.navigation.confirm_missing()


def test_go_to_board_by_name(window, qtbot):
    game = _grown(window, turns=6)
    target = key("3:F1902")
    assert target in game.world.boards
    assert window.navigation.go_to_board_text(" 3:F1902 ")
    assert _centre_board(window) == target
    assert not window.navigation.go_to_board_text("9:S1950")
    assert "no board 9:S1950" in window.last_status
    assert not window.navigation.go_to_board_text("three")
    assert "not a board" in window.last_status
    assert _centre_board(window) == target                 # a bad name moves nothing
    # Ctrl+G opens the question; typing the name goes there
    window.commands.goto.trigger()
    dlg = window.prompt
    dlg.setTextValue("1:S1902")
    dlg.accept()
    assert _centre_board(window) == key("1:S1902")


def test_ctrl_enter_with_no_orders_asks_and_ctrl_enter_again_says_yes(window, qtbot):
    """A movement phase with no order given: Ctrl+Enter asks (every unit would hold) instead
    of passing the turn without a word; Esc goes back, Ctrl+Enter again is done."""
    from .helpers import when_modal
    del window.navigation.ask_missing
    window.new_game("hotseat", seats=[{"name": "Ada", "nations": ["England", "France"]},
                                      {"name": "Ben", "nations": ["Russia", "Turkey"]}])
    window.curtain.button.click()
    assert window.seat == 0
    seen = []

    def look_then(keys):
        def act(box):
            seen.append((box.windowTitle(), box.text(), box.informativeText()))
            qtbot.keyClick(box, *keys)
        return act

    window.view.setFocus()
    when_modal(look_then((Qt.Key_Escape,)))
    qtbot.keyClick(window.view, Qt.Key_Return, Qt.ControlModifier)    # the real shortcut
    assert seen and seen[0][0] == "No orders given"
    assert seen[0][1] == "Ada gave no orders: all 6 units will hold." and "Ctrl+Enter again" in seen[0][2]
    assert window.seat == 0 and not window.table.up and window.match.turn == 0   # nothing passed on
    window.activateWindow()                                # (offscreen, the closed box leaves no window active)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=10000)
    when_modal(look_then((Qt.Key_Return, Qt.ControlModifier)))
    qtbot.keyClick(window.view, Qt.Key_Return, Qt.ControlModifier)
    assert len(seen) == 2 and window.table.up and window.match.turn == 1          # Ada done: all hold
    window.curtain.button.click()
    assert window.console_order("A mos - ukr")
    window.navigation.ask_missing = lambda owed: pytest.fail("asked with an order given")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=10000)
    with qtbot.waitSignal(window.submitted, timeout=30000):
        qtbot.keyClick(window.view, Qt.Key_Return, Qt.ControlModifier)
