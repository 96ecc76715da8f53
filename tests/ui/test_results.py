"""After a submission the results list names every failed and invalid order with the
engine's reason; a click goes to its board; hovering a unit on a past board tells its fate."""

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QGraphicsSceneHoverEvent

from .helpers import key, submit


def test_results_list_and_past_board_tooltips(window, qtbot):
    window.new_game(confirmed=True)
    assert window.console_order("A vie - gal")
    assert window.console_order("A war - gal")              # both bounce: failed
    assert window.console_order("A mun S A ber - sil")      # Berlin holds: the support is void
    assert window.console_order("F lon - nth")              # succeeds: not listed
    assert "No submission yet" in window.results_panel.title.text()
    submit(qtbot, window)

    panel = window.results_panel
    rows = panel.rows()
    assert len(rows) == 3
    assert any("A 1:vie:S1901 - 1:gal:S1901" in r and "failed: bounced at 1:gal:S1901" in r for r in rows)
    assert any("A 1:war:S1901" in r and "failed: bounced" in r for r in rows)
    assert any("1:mun:S1901 S" in r and "invalid: the supported unit does not do what the support says" in r
               for r in rows)
    assert "3 of 4" not in panel.title.text() and "1 of 4 orders succeeded" in panel.title.text()
    assert window.results_dock.isVisible()

    # clicking a result goes to its board
    board = window.scene.items_by_key[key("1:S1901")].sceneBoundingRect()
    window.view.centerOn(board.center().x() + board.width() * 3, board.center().y())
    assert not board.contains(window.view.mapToScene(window.view.viewport().rect().center()))
    panel.list.clicked.emit(panel.model.index(0))
    assert board.contains(window.view.mapToScene(window.view.viewport().rect().center()))

    # hovering Vienna on the (now past) first board tells the order, its status and reason
    item = window.scene.items_by_key[key("1:S1901")]
    ev = QGraphicsSceneHoverEvent(QEvent.GraphicsSceneHoverMove)
    ev.setPos(item.art.unit_point("vie"))
    window.scene.sendEvent(item, ev)
    tip = item.toolTip()
    assert "Austria: A 1:vie:S1901 - 1:gal:S1901: failed (bounced at 1:gal:S1901)" in tip
    ev.setPos(item.art.unit_point("mun"))
    window.scene.sendEvent(item, ev)
    assert "invalid (the supported unit does not do what the support says)" in item.toolTip()

    # undo: the list no longer claims the taken-back results
    window.undo()
    assert panel.rows() == []


def test_hundreds_of_results_show_at_the_next_frame(qtbot):
    """A submission at 10,000 boards has hundreds of failed orders: all rows are laid out at
    the first pass of the event loop (in batches, the list stayed blank for a second or
    more, until its last batch), and a row cut by the panel's width is whole in its tooltip."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication

    from app.engine.game import Game
    from app.engine.rules.orders import Result
    from app.ui.panels.results import ResultsPanel

    hold = Game.new("standard").parse("A vie H")
    pairs = [(hold, Result("fails", f"reason {i}, a long one: " + "dislodged from somewhere far " * 3))
             for i in range(600)]
    panel = ResultsPanel()
    qtbot.addWidget(panel)
    panel.resize(300, 330)
    panel.show()
    panel.set_results(7, pairs)
    QApplication.processEvents()
    last = panel.model.index(599)
    assert panel.list.indexAt(QPoint(5, 5)).row() == 0
    assert panel.list.visualRect(last).isValid()
    tip = panel.model.data(panel.model.index(0), Qt.ToolTipRole)
    assert "reason 0, a long one" in tip and tip.rstrip().endswith(str(hold.board))


def test_a_winter_order_waiting_for_the_retreats_is_not_counted_as_failed(qtbot):
    from app.engine.game import Game
    from app.engine.rules.orders import Result
    from app.engine.rules.submission import WAITS_FOR_RETREATS
    from app.ui.panels.results import ResultsPanel

    game = Game.new("standard")
    pairs = [(game.parse("A vie H"), Result("succeeds")), (game.parse("A bud - ser"), Result("fails", "bounced")),
             (game.parse("A war H"), WAITS_FOR_RETREATS)]
    panel = ResultsPanel()
    qtbot.addWidget(panel)
    panel.set_results(4, pairs)
    title = panel.title.text()
    assert "1 of 3 orders succeeded" in title
    assert "<b>1</b> failed or invalid" in title and "<b>1</b> waits for the retreats" in title
    rows = panel.rows()
    assert rows[0].endswith("failed: bounced")
    assert rows[1].endswith("waits: its Winter board is adjusted once the retreats are given")
