"""Results always there (issue 18): a reopened game's last submission comes back in the
Results list; under fog of war the list shows what the seat at the table may see (RULES.md
§8: its own orders and those of units in provinces it sees) and nothing once the curtain is
down; hovering a unit on the active board tells the orders that put it there."""

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QGraphicsSceneHoverEvent

from app.engine.notation.notation import format_order
from app.engine.fog.visibility import board_sight
from app.match.results import submission_results

from .helpers import key, submit

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey", "Austria", "Italy"]}


def rows(window):
    return window.results_panel.rows()


def test_a_reopened_game_shows_its_last_results(qtbot, window, tmp_path):
    window.new_game(confirmed=True)
    for t in ("A par - bur", "A mar - bur", "F lon - nth"):     # the two armies bounce
        assert window.console_order(t)
    submit(qtbot, window)
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    window.new_game(confirmed=True)
    assert "No submission yet" in window.results_panel.title.text()
    assert window.open_game(str(path))
    title = window.results_panel.title.text()
    assert "Submission 1" in title and "1 of 3 orders succeeded" in title, title
    assert any("A 1:par:S1901 - 1:bur:S1901" in r and "failed" in r for r in rows(window))


def _hover(window, board, loc):
    item = window.scene.items_by_key[key(board)]
    ev = QGraphicsSceneHoverEvent(QEvent.GraphicsSceneHoverMove)
    ev.setPos(item.art.unit_point(loc))
    window.scene.sendEvent(item, ev)
    return item.toolTip()


def test_hovering_a_unit_on_the_active_board_tells_how_it_came(qtbot, window):
    window.new_game(confirmed=True)
    for t in ("A vie - gal", "A war - gal", "A par - bur"):
        assert window.console_order(t)
    submit(qtbot, window)
    assert window.world.is_active(key("1:F1901"))
    tip = _hover(window, "1:F1901", "vie")
    assert "On 1:S1901:" in tip and "A 1:vie:S1901 - 1:gal:S1901: failed (bounced at 1:gal:S1901)" in tip, tip
    tip = _hover(window, "1:F1901", "bur")
    assert "A 1:par:S1901 - 1:bur:S1901: succeeded" in tip, tip
    tip = _hover(window, "1:F1901", "lon")
    assert "F 1:lon:S1901 H: succeeded" in tip     # no order given: it held


def test_fogged_results_are_the_seats_sight_and_go_behind_the_curtain(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    window.curtain.button.click()                  # Ada
    for t in ("A par - bur", "A mar - bur", "A mun - tyr"):
        assert window.console_order(t)
    window.submit()
    window.curtain.button.click()                  # Ben
    for t in ("A war - gal", "A vie - gal", "A ven - tyr"):
        assert window.console_order(t)
    submit(qtbot, window)
    assert window.table.up
    assert rows(window) == [] and "Submission" not in window.results_panel.title.text()
    window.curtain.button.click()                  # Ada, after the adjudication
    ada = set(ADA["nations"])
    shown = rows(window)
    want = [(o, r) for o, r in submission_results(window.game, 1, ada) if r.status != "succeeds"]
    assert len(shown) == len(want) and shown, (shown, want)
    assert any("A 1:par:S1901 - 1:bur:S1901" in r for r in shown)       # her own bounce
    full = window.game.world
    for o, _r in want:                             # only her orders and those of units she sees
        assert o.nation in ada or o.unit.province in board_sight(full, ada, o.unit.board), format_order(o)
    assert not any("1:war:S1901" in r or "1:vie:S1901" in r for r in shown), "Ben's bounce is out of her sight"
    assert "Ada" in window.results_panel.title.text()
    window.submit()                                # Done: the curtain comes down
    assert window.table.up and rows(window) == []
    window.curtain.button.click()                  # Ben sees his own bounce
    assert any("A 1:war:S1901 - 1:gal:S1901" in r for r in rows(window))
