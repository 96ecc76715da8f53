"""The tutorial through the real window: each step waits for the real action (a click on a
unit, an order, a submission, a click on a result, a move through time, undo), can be done
for the player, can be ended, and is offered once on the first start, never again."""

from PySide6.QtCore import Qt

from app.ui.tutorial import Tutorial, offer_on_first_start
from app.ui.tutorial.steps import STEPS, S1901, F1901

from .helpers import submit


def _wait_next(qtbot, t, index):
    qtbot.waitUntil(lambda: t.index == index, timeout=20000)


def test_the_tutorial_watches_each_real_step(qtbot, window):
    t = Tutorial.start(window)
    assert t.card.isVisible() and t.index == 0 and "step 1 of" in t.card.counter.text()
    assert window.game is not None and not window.pending
    t.card.next_btn.click()                                    # the welcome: read, then Start
    assert t.index == 1 and t.card.do_btn.isVisible() and not t.card.next_btn.isVisible()
    qtbot.wait(400)
    assert t.index == 1, "a step waits for the player"
    window.clicks.click_location(S1901, "par")                        # select the army in Paris
    _wait_next(qtbot, t, 2)
    window.clicks.click_location(S1901, "bur")                        # move it to Burgundy
    _wait_next(qtbot, t, 3)
    window.clicks.click_location(S1901, "mar")                        # Marseilles supports the move
    window.clicks.key_order("support")
    window.clicks.click_location(S1901, "par")
    window.clicks.click_location(S1901, "bur")
    _wait_next(qtbot, t, 4)
    window.clicks.click_location(S1901, "mun")                        # Germany's rival move
    window.clicks.click_location(S1901, "bur")
    _wait_next(qtbot, t, 5)
    window.clicks.click_location(S1901, "bre")                        # the fleet sails to the Channel
    window.clicks.click_location(S1901, "eng")
    _wait_next(qtbot, t, 6)
    submit(qtbot, window)
    _wait_next(qtbot, t, 7)
    panel = window.results_panel
    rows = panel.rows()
    assert any("1:mun:S1901" in r for r in rows), rows        # Germany's failed move, with its reason
    panel.list.clicked.emit(panel.model.index(0))
    _wait_next(qtbot, t, 8)
    window.clicks.click_location(F1901, "eng")                        # through time: the Channel, a season back
    window.clicks.click_location(S1901, "eng")
    _wait_next(qtbot, t, 9)
    submit(qtbot, window)
    assert len(window.game.world.timelines) == 2
    _wait_next(qtbot, t, 10)
    qtbot.keyClick(window, Qt.Key_Z, Qt.ControlModifier)       # undo
    _wait_next(qtbot, t, 11)
    assert len(window.game.world.timelines) == 1
    assert t.card.next_btn.text() == "Finish"
    t.card.next_btn.click()
    assert t.finished and window.settings.value("tutorial/done") == "true"


def test_every_step_can_be_done_for_the_player(qtbot, window):
    t = Tutorial.start(window)
    t.card.next_btn.click()
    for i in range(1, len(STEPS) - 1):
        assert t.index == i
        t.card.do_btn.click()
        _wait_next(qtbot, t, i + 1)
    assert len(window.game.submissions) == 1 and len(window.game.world.timelines) == 1


def test_ending_it_is_remembered_and_it_is_offered_once(qtbot, window):
    asked = []
    assert offer_on_first_start(window, ask=lambda w: asked.append(1) or False) is False
    assert asked == [1]
    assert offer_on_first_start(window, ask=lambda w: asked.append(2) or True) is False
    assert asked == [1], "offered once, never again"
    t = Tutorial.start(window)                                  # Help → Tutorial, any time
    assert t is not None and t.card.isVisible()
    t.card.end_btn.click()
    assert t.finished and not t.card.isVisible()
    assert window.settings.value("tutorial/done") == "true"
    window.commands.tutorial.trigger()
    assert window.tutorial is not t and window.tutorial.card.isVisible()
    window.new_game(confirmed=True)                             # another game: the tutorial steps aside
    window.tutorial.check()
    assert window.tutorial.finished
