"""The core loop through the real main window: clicks → orders → submission → new boards."""

from app.engine.rules.coords import BoardKey, Location
from app.engine.rules.orders import Convoy, Move, Support

from .helpers import key, submit


def click(window, board, loc):
    return window.clicks.click_location(key(board), loc)


def test_spring_1901_by_clicks_then_fall_board_appears(qtbot, window):
    window.new_game("sandbox")
    assert set(window.scene.items_by_key) == {key("1:S1901")}
    # a move: click the unit, its targets light up, click a target
    click(window, "1:S1901", "par")
    item = window.scene.items_by_key[key("1:S1901")]
    assert {"bur", "pic", "gas", "bre"} <= set(item.highlights)
    assert item.selected_loc == "par"
    click(window, "1:S1901", "bur")
    # a support: unit, S, supported unit, destination
    click(window, "1:S1901", "mar")
    window.clicks.key_order("support")
    click(window, "1:S1901", "par")
    click(window, "1:S1901", "bur")
    # a hold by key, a hold by clicking the unit twice
    click(window, "1:S1901", "bre")
    window.clicks.key_order("hold")
    click(window, "1:S1901", "vie")
    click(window, "1:S1901", "vie")
    # moves for the others
    for a, b in [("lon", "nth"), ("lvp", "yor"), ("edi", "nwg"), ("kie", "den"), ("mun", "ruh"), ("ber", "kie"),
                 ("ven", "tyr"), ("rom", "apu"), ("nap", "ion"), ("bud", "ser"), ("tri", "alb"),
                 ("mos", "ukr"), ("war", "gal"), ("sev", "bla"), ("stp", "bot"), ("con", "bul"),
                 ("ank", "bla"), ("smy", "arm")]:
        click(window, "1:S1901", a)
        out = click(window, "1:S1901", b)
        assert out.order is not None, (a, b, out.message)
    # a convoy is refused with the engine's reason: no fleet is at sea yet
    click(window, "1:S1901", "lon")
    window.clicks.key_order("convoy")
    assert "fleet at sea" in window.status_label.text()
    window.cancel_entry()
    orders = list(window.pending.values())
    assert len(orders) == 22
    kinds = {o.kind for o in orders}
    assert kinds == {"move", "support", "hold"}
    sup = next(o for o in orders if isinstance(o, Support))
    assert sup.supported.province == "par" and sup.dest.province == "bur"
    assert len(window.orders_panel.order_texts()) == 22
    report = submit(qtbot, window)
    assert key("1:F1901") in report.new_boards
    assert key("1:F1901") in window.scene.items_by_key
    assert window.scene.items_by_key[key("1:F1901")].active
    assert not window.scene.items_by_key[key("1:S1901")].active
    w = window.game.world
    assert w.boards[key("1:F1901")].units["bur"].nation == "France"
    # after adjudication the past board's arrows carry outcomes
    st = window.scene.items_by_key[key("1:S1901")].current_state()
    statuses = {a.status for a in st.arrows}
    assert "succeeds" in statuses and "fails" in statuses  # sev-bla and ank-bla bounce
    # Fall: a real convoy by clicks. F nth C A yor - nwy
    click(window, "1:F1901", "nth")
    window.clicks.key_order("convoy")
    click(window, "1:F1901", "yor")
    out = click(window, "1:F1901", "nwy")
    assert isinstance(out.order, Convoy), out.message
    click(window, "1:F1901", "yor")
    out = click(window, "1:F1901", "nwy")
    assert isinstance(out.order, Move)
    report = submit(qtbot, window)
    assert window.game.world.boards[key("1:W1901")].units["nwy"].nation == "England"


def test_refused_click_says_why(qtbot, window):
    window.new_game("sandbox")
    click(window, "1:S1901", "mun")
    out = click(window, "1:S1901", "pru")
    assert out.refused
    assert window.status_label.text().startswith("Refused:")
    assert "reach" in window.status_label.text()
    out = click(window, "1:S1901", "boh")  # an empty province with nothing selected
    window.cancel_entry()
    out = click(window, "1:S1901", "boh")
    assert out.refused and "No unit" in window.status_label.text()


def test_time_travel_creates_a_timeline_row_with_fork_arrow(qtbot, window):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    submit(qtbot, window)
    # A 1:bur:F1901 - 1:bur:S1901: strict adjacency, same province one movement turn back
    click(window, "1:F1901", "bur")
    item = window.scene.items_by_key[key("1:S1901")]
    assert "bur" in item.highlights, "targets light up on other boards too"
    out = click(window, "1:S1901", "bur")
    assert isinstance(out.order, Move) and out.order.dest.board == key("1:S1901")
    assert window.scene.overlay.pending, "a pending order across boards is drawn as an arrow"
    report = submit(qtbot, window)
    assert report.new_timelines == [2]
    w = window.game.world
    assert 2 in w.timelines
    first = BoardKey(2, w.starts[2])
    assert first in window.scene.items_by_key
    row1 = window.scene.items_by_key[key("1:S1901")].pos().y()
    assert window.scene.items_by_key[first].pos().y() > row1
    assert len(window.scene.overlay.forks) == 1
    assert window.scene.overlay.arrows, "the time-travel move is drawn across boards"


def test_console_orders_and_bad_text(qtbot, window):
    window.new_game("sandbox")
    assert not window.console_order("A mun - xyz")
    assert window.orders_panel.feedback.text()
    assert not window.console_order("A mun - war")
    assert "Refused" in window.orders_panel.feedback.text()
    assert window.console_order("A mun - tyr")
    assert len(window.pending) == 1
    k = next(iter(window.pending))
    window.edit_order(k, "A mun - tyr")
    # the order stays until the console's order replaces it (test_polish: Esc keeps it)
    assert len(window.pending) == 1 and window.orders_panel.console.text() == "A mun - tyr"
    assert window.console_order("A mun - boh")
    assert [o.dest.province for o in window.pending.values()] == ["boh"]


def test_winter_build_by_menu(qtbot, window):
    window.new_game("sandbox")
    for t in ["F kie - den", "A par - bur", "A mun - ruh"]:
        window.console_order(t)
    submit(qtbot, window)
    for t in ["A ruh - bel", "F den H", "A bur - spa"]:
        window.console_order(t)
    submit(qtbot, window)
    w = window.game.world
    assert key("1:W1901") in w.boards
    out = click(window, "1:W1901", "kie")
    assert out.menu and "F kie" in out.menu
    window.clicks.choose_build(out.menu_at, "F kie")
    assert any(o.kind == "build" for o in window.pending.values())
    report = submit(qtbot, window)
    assert window.game.world.boards[key("1:S1902")].units["kie"].type == "F"


def test_support_on_a_ghost_board(qtbot, window):
    window.new_game("sandbox")
    submit(qtbot, window)
    click(window, "1:F1901", "mun")
    window.clicks.key_order("support")
    ghost = key("2:F1901")
    assert ghost in window.scene.ghosts, "ghost boards appear next to the supporter's board"
    out = window.clicks.click_location(ghost, "mun")
    assert not out.refused, out.message
    out = window.clicks.click_location(ghost, "mun")
    assert isinstance(out.order, Support) and out.order.supported.board == ghost and out.order.dest is None
    assert not window.scene.ghosts, "ghosts go away once the order is given"



def test_convoy_on_a_ghost_board(qtbot, window):
    """A fleet at sea convoys an army that will stand on a board that does not exist yet."""
    from app.engine.game import Game
    from app.engine.rules.orders import Convoy
    game = Game.new(adjacency="loose")
    game.submit_text(["F lon - nth", "A lvp - yor"])
    game.meta = {"mode": "sandbox", "seats": []}
    window.set_game(game, None)
    click(window, "1:F1901", "nth")
    window.clicks.key_order("convoy")
    ghost = key("1:S1902")
    assert ghost in window.scene.ghosts, "ghost boards appear next to the convoying fleet's board"
    out = window.clicks.click_location(ghost, "yor")
    assert not out.refused, out.message
    out = window.clicks.click_location(ghost, "bel")
    assert isinstance(out.order, Convoy), out.message
    assert out.order.army == Location(ghost, "yor") and out.order.dest == Location(ghost, "bel")
    assert not window.scene.ghosts, "ghosts go away once the order is given"
    # an inland province on the ghost board is refused with a reason
    click(window, "1:F1901", "nth")
    window.clicks.key_order("convoy")
    out = window.clicks.click_location(ghost, "mun")
    assert out.refused and "coast" in out.message
