"""Hand-over leaves nothing behind (issue 17): the previous seat's refusal bubble, its zoom and
scroll, and what it copied from the game are gone when the next seat comes to the table."""

from PySide6.QtCore import QPointF
from PySide6.QtGui import QClipboard, QGuiApplication

from app.match import Seat
from tests.ui.helpers import key, submit

ADA = Seat(name="Ada", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", nations=("Russia", "Turkey", "Austria", "Italy"))


def _hotseat(window):
    window.new_game("hotseat", seats=[ADA, BEN])
    window.curtain.button.click()
    assert window.seat == 0


def test_the_previous_seats_refusal_bubble_is_gone(qtbot, window):
    _hotseat(window)
    out = window.clicks.click_location(key("1:S1901"), "war")          # Ben's army: refused, with a bubble
    assert out.refused or window.view.bubble is not None
    assert window.view.bubble is not None and window.view.bubble.isVisible()
    window.submit()                                               # Done — pass on
    assert window.table.up
    assert not window.view.bubble.isVisible()
    window.curtain.button.click()
    assert window.seat == 1 and not window.view.bubble.isVisible()


def test_the_next_seat_starts_at_its_own_place_not_the_previous_seats(qtbot, window):
    _hotseat(window)
    view = window.view
    present = view.place()
    window.goto_board(key("1:S1901"))
    view.set_place((present[0] * 3.1, QPointF(present[1].x() + 400, present[1].y() + 300)))
    ada_place = view.place()
    window.submit()
    window.curtain.button.click()                                 # Ben: the present, not Ada's zoom
    assert window.seat == 1
    assert abs(view.scale_factor() - present[0]) < 1e-6 and abs(view.place()[1].x() - present[1].x()) < 2
    view.set_place((present[0] * 0.5, present[1]))
    report = submit(qtbot, window)                                # the round is played: a new world
    assert report is not None and window.table.up
    window.curtain.button.click()                                 # Ada: the world moved on: the present
    assert window.seat == 0
    assert abs(view.scale_factor() - ada_place[0]) > 1e-3 and abs(view.scale_factor() - present[0] * 0.5) > 1e-3


def test_a_seat_coming_back_to_the_same_world_finds_its_own_place(qtbot, window):
    _hotseat(window)
    view = window.view
    mine = (view.scale_factor() * 2.2, QPointF(view.place()[1].x() - 250, view.place()[1].y() + 120))
    view.set_place(mine)
    kept = view.place()
    window.submit()                                               # Ada done: Ben's turn
    window.curtain.button.click()
    assert window.seat == 1
    view.set_place((kept[0] * 0.4, kept[1]))
    window.match._done.discard(0)                                 # Ada comes back in the same round
    window.match.turn = 0
    window.table.show_curtain(0)
    window.curtain.button.click()
    assert window.seat == 0
    assert abs(view.scale_factor() - kept[0]) < 1e-6
    assert abs(view.place()[1].x() - kept[1].x()) < 2 and abs(view.place()[1].y() - kept[1].y()) < 2


def test_what_a_seat_copied_from_the_game_leaves_the_clipboard(qtbot, window):
    cb = QGuiApplication.clipboard()
    cb.setText("copied before the game")                        # not the seat's: the app was not at a seat
    _hotseat(window)
    assert cb.text() == "copied before the game"
    console = window.orders_panel.console
    console.setText("A par - bur")
    console.selectAll()
    console.copy()
    assert cb.text() == "A par - bur"
    window.submit()
    assert window.table.up and cb.text() == "", "Ada's copy is gone before Ben sees the table"
    if cb.supportsSelection():
        assert "A par" not in cb.text(QClipboard.Selection)
    window.curtain.button.click()
    assert window.seat == 1 and cb.text() == ""


def test_something_copied_elsewhere_is_left_alone(qtbot, window, monkeypatch):
    _hotseat(window)
    cb = QGuiApplication.clipboard()
    monkeypatch.setattr(QGuiApplication, "applicationState", staticmethod(lambda: 0))   # another app active
    cb.setText("a recipe from the browser")
    monkeypatch.undo()
    window.submit()
    assert cb.text() == "a recipe from the browser"


def _on_top(window) -> set[str]:
    """The side panel's tabbed docks whose tab is the one shown."""
    from PySide6.QtWidgets import QDockWidget
    return {d.objectName() for d in window.findChildren(QDockWidget)
            if window.tabifiedDockWidgets(d) and not d.visibleRegion().isEmpty()}


def test_the_side_panel_tab_a_seat_leaves_open_is_its_own(qtbot, window):
    """Ada reads Results and passes on: Ben finds the Nations tab, not hers; each seat finds
    the tab it left when it comes back."""
    _hotseat(window)
    assert _on_top(window) == {"nations"}
    window.results_dock.raise_()
    assert _on_top(window) == {"results"}
    window.submit()                                               # Ada done: Ben's curtain
    assert window.table.up and _on_top(window) == {"nations"}     # nothing of Ada's tab behind it either
    window.curtain.button.click()
    assert window.seat == 1 and _on_top(window) == {"nations"}
    notes = next(d for d in window.findChildren(type(window.results_dock)) if d.objectName() == "notes")
    notes.raise_()
    report = submit(qtbot, window)                                # the round is played: Ada again
    assert report is not None and window.table.up
    window.curtain.button.click()
    assert window.seat == 0 and _on_top(window) == {"results"}   # her own tab, not Ben's Notes
    window.submit()
    window.curtain.button.click()
    assert window.seat == 1 and _on_top(window) == {"notes"}
