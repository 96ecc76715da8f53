"""The Studio menu's "Centre chart" and "Notes and plans" say what is true and can be used
(issue 31: both were ticked and greyed out)."""

from PySide6.QtWidgets import QApplication


def _in_front(dock) -> bool:
    QApplication.processEvents()
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


def test_the_studio_menu_brings_the_chart_and_the_notes_forward(qtbot, window):
    window.new_game(confirmed=True)
    studio = window.studio
    results = window.results_dock
    for action, dock in ((studio.a_chart, studio.chart_dock), (studio.a_notes, studio.notes_dock)):
        assert action in studio.menu.actions()
        assert action.isEnabled() and not action.isCheckable() and not action.isChecked()
        results.raise_()
        qtbot.waitUntil(lambda: _in_front(results), timeout=20000)
        assert not _in_front(dock)                       # behind the Results tab
        action.trigger()
        qtbot.waitUntil(lambda: _in_front(dock), timeout=20000)
        assert not _in_front(results)


def test_the_studio_menu_shows_the_side_panel_it_was_hidden(qtbot, window):
    window.new_game(confirmed=True)
    studio = window.studio
    window.side_panel.action.setChecked(False)           # F9: the side panel hidden
    qtbot.waitUntil(lambda: not studio.chart_dock.isVisible(), timeout=20000)
    studio.a_chart.trigger()
    assert window.side_panel.action.isChecked()
    qtbot.waitUntil(lambda: _in_front(studio.chart_dock), timeout=20000)
