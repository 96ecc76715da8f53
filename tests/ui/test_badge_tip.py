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
    qtbot.waitUntil(QToolTip.isVisible, timeout=5000)
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
    assert "<b>22</b>" in tip and "22 units without an order" in tip and "this board" in tip
    # an order given: the badge counts one fewer, and says so
    window.console_order("A Vie-Tyr")
    _painted(window)
    QToolTip.hideText()
    qtbot.waitUntil(lambda: not QToolTip.isVisible(), timeout=5000)
    tip = _hover_tip(qtbot, window, window.view.markers.shown_badges[0].box.center().toPoint())
    assert "21 units without an order" in tip


def test_away_from_the_badge_the_board_keeps_its_own_tooltip(qtbot, window):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.view.show_board(window.world.active_boards()[0], boards_across=2.0)
    _painted(window)
    box = window.view.markers.shown_badges[0].box
    assert window.view.markers.badge_at(box.center()) is not None
    assert window.view.markers.badge_at(box.center() + (box.bottomRight() - box.topLeft()) * 2) is None
