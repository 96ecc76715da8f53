"""The amber badge on a board says what it counts (issue 31: "the board badge ('22') is
never explained")."""

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip


def _painted(window):
    window.view.viewport().repaint()
    QApplication.processEvents()


def _hover_tip(qtbot, window, at: QPoint) -> str:
    vp = window.view.viewport()
    QApplication.sendEvent(vp, QHelpEvent(QEvent.ToolTip, at, vp.mapToGlobal(at)))
    qtbot.waitUntil(QToolTip.isVisible, timeout=20000)
    return QToolTip.text()


def test_hovering_the_badge_says_it_counts_the_units_without_an_order(qtbot, window):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    start = window.world.active_boards()[0]
    window.view.show_board(start, boards_across=2.0)
    _painted(window)
    badges = window.view.markers.shown_badges
    assert len(badges) == 1
    tip = _hover_tip(qtbot, window, badges[0].box.center().toPoint())
    assert "<b>22</b> units without an order on this board" in tip and "what you still owe" in tip
    # an order given: the badge counts one fewer, and says so
    window.console_order("A Vie-Tyr")
    _painted(window)
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=20000)
    tip = _hover_tip(qtbot, window, window.view.markers.shown_badges[0].box.center().toPoint())
    assert "<b>21</b> units without an order" in tip


def test_away_from_the_badge_the_board_keeps_its_own_tooltip(qtbot, window):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.view.show_board(window.world.active_boards()[0], boards_across=2.0)
    _painted(window)
    box = window.view.markers.shown_badges[0].box
    assert window.view.markers.badge_at(box.center()) is not None
    assert window.view.markers.badge_at(box.center() + (box.bottomRight() - box.topLeft()) * 2) is None


def test_a_badge_tip_names_each_thing_owed_and_the_boards_merged():
    from PySide6.QtGui import QColor
    from app.ui.multiverse.markers import DISLODGED, OWED, badge_tip
    tip = badge_tip(OWED, 4, (("builds", 3), ("orders", 1)), 1, True)
    assert "<b>3</b> builds owed and <b>1</b> unit without an order on this board" in tip
    assert "these 5 boards" in badge_tip(OWED, 9, (("orders", 9),), 5, True)
    assert "2</b> dislodged units" in badge_tip(QColor(DISLODGED), 2, (), 1, True)
