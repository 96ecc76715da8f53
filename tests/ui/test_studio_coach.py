"""The coach in the studio through the real window (issue 36): "What would Hard do?" runs the
real Hard off the GUI thread on a 5D sandbox position, lists its orders with their reasons and
draws them as a plan in its own colour (never the seat's plans unless kept); "Use these
orders" enters them; a hotseat fogged game's coach shows a seat only its own nations and
what it can see, is cleared when the curtain comes down and never runs behind it."""

from PySide6.QtWidgets import QApplication

from app.bots import decide
from app.engine import format_order

from app.ui.studio.coach import COACH_COLOUR
from app.ui.studio.plans import PLAN_COLOURS

from .helpers import submit

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey"]}


def _order(window, *texts):
    for t in texts:
        assert window.console_order(t), (t, window.last_status)


def _five_d_sandbox(qtbot, window):
    """A sandbox after a move into the past: two timelines (one at Winter, one at Fall)."""
    window.new_game("sandbox")
    _order(window, "A mun - ruh", "A vie - gal", "F lon - nth", "A par - bur", "F kie - den")
    submit(qtbot, window)
    _order(window, "A 1:ruh:F1901 - 1:ruh:S1901", "F nth - nwy", "A bur - bel")
    submit(qtbot, window)
    assert window.game.world.timelines == [1, 2]


def _ask(qtbot, coach, nation):
    pane = coach.pane
    pane.nations.setCurrentIndex(pane.nations.findData(nation))
    pane.ask_button.click()
    assert coach.running
    qtbot.waitUntil(lambda: not coach.running, timeout=120000)


def test_the_coach_runs_hard_on_a_5d_sandbox_and_its_orders_can_be_used(qtbot, window):
    _five_d_sandbox(qtbot, window)
    coach = window.studio.coach
    _ask(qtbot, coach, "Germany")
    m = window.match
    hard = decide("hard", m.view_for(window.seat), "Germany", seed=m.game.seed)
    assert coach.advice.orders == tuple(hard)                  # the real Hard's orders, nothing else
    pane = coach.pane
    assert pane.orders.count() == len(hard) > 0
    for i, (order, reason) in enumerate(zip(hard, coach.advice.reasons)):
        row = pane.orders.item(i).text()
        assert str(order.unit.board if hasattr(order, "unit") else order.at.board) in row
        assert reason.text in row and reason.text
    assert "Standard computer" in pane.assumed.text()           # what the reasons assume, said
    bars = [bar for _label, bar in pane.bar_rows]
    assert len(bars) == 2 and all(b.value() == 4 for b in bars)  # Germany's centres on each timeline
    assert "timeline 2" in pane.bar_rows[1][0].text()
    # drawn as a plan in the coach's colour, never the seat's plans
    assert len(coach.item.marks) == len(hard) and coach.item.palette == (COACH_COLOUR,)
    assert COACH_COLOUR not in PLAN_COLOURS and m.plans.of(window.seat) == ()
    # clicking an order goes to its board
    view = window.view
    for i, order in enumerate(hard):
        board = window.scene.items_by_key[order.unit.board if hasattr(order, "unit") else order.at.board]
        view.centerOn(-5000, -5000)
        pane.orders.itemClicked.emit(pane.orders.item(i))
        assert board.sceneBoundingRect().contains(view.mapToScene(view.viewport().rect().center())), i
    # "Use these orders" enters them as pending orders
    assert m.pending(window.seat) == []
    pane.use_button.click()
    assert sorted(map(format_order, m.pending(window.seat))) == sorted(map(format_order, hard))
    assert window.orders_panel.order_texts()
    # "Keep as plans" makes them the seat's own plans
    pane.keep_button.click()
    assert len(m.plans.of(window.seat)) == len(hard)
    # the position changes: the advice is gone from the pane and the boards
    submit(qtbot, window)
    assert coach.advice is None and pane.orders.count() == 0 and coach.item.marks == []


def test_the_coach_can_be_cancelled_and_says_nothing_after(qtbot, window):
    _five_d_sandbox(qtbot, window)
    coach = window.studio.coach
    pane = coach.pane
    pane.nations.setCurrentIndex(pane.nations.findData("Russia"))
    pane.ask_button.click()
    assert coach.running and pane.cancel_button.isVisible()
    pane.cancel_button.click()
    coach.wait()                                          # the worker has ended…
    QApplication.processEvents()                          # …and whatever it said has arrived
    assert not coach.running and coach.advice is None and pane.orders.count() == 0
    assert "Cancelled" in pane.note.text() and pane.ask_button.isEnabled()


def _texts(window):
    return " ".join(window.studio.coach.pane.texts())


def test_a_fogged_hotseat_coach_shows_a_seat_only_its_own(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    coach = window.studio.coach
    assert window.table.up
    assert not coach.ask()                                  # never behind the curtain
    window.curtain.button.click()                           # Ada
    assert [coach.pane.nations.itemData(i) for i in range(coach.pane.nations.count())] == \
        ["England", "France", "Germany", ""]
    _ask(qtbot, coach, "France")
    assert coach.advice.orders and {o.nation for o in coach.advice.orders} == {"France"}
    ada_said = _texts(window)
    assert "France" in ada_said and coach.pane.orders.count() == len(coach.advice.orders)
    _order(window, "A par - bur")
    window.submit()                                         # Done — pass on: the curtain comes down
    assert window.table.up
    assert coach.advice is None and coach.pane.orders.count() == 0 and coach.item.marks == []
    assert "France" not in _texts(window) and coach.pane.bar_rows == []
    assert not coach.ask()
    window.curtain.button.click()                           # Ben
    assert [coach.pane.nations.itemData(i) for i in range(coach.pane.nations.count())] == ["Russia", "Turkey", ""]
    _ask(qtbot, coach, "")                                  # all of Ben's nations
    assert {o.nation for o in coach.advice.orders} == {"Russia", "Turkey"}
    assert {s.nation for s in coach.advice.standings} == {"Russia", "Turkey"}
    said = _texts(window)
    world = window.match.world
    view = window.match.view_for(window.seat)
    for k, board in world.boards.items():                   # no unit Ben cannot see is named
        for prov, unit in board.units.items():
            if prov not in view.boards[k].units:
                name = world.variant.provinces[prov].name
                assert name not in said, (name, said)
    for n in ADA["nations"]:              # nor Ada's nations (none is in Ben's sight at the start)
        adjective = world.variant.nations[n].adjective
        assert n not in said and adjective not in said, n
    assert "bur" not in said.lower().split() and "Burgundy" not in said
    assert all(o.nation in BEN["nations"] for o in coach.advice.orders)


def _bens_coach_says(qtbot, world):
    """Every text of Ben's Coach pane, asked for all his nations, in a fresh fogged hotseat window."""
    from app.engine.game import Game
    from app.match import Match, Seat
    from app.ui.window.main_window import MainWindow
    window = MainWindow(theme="light")
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    window.files.ask_unsaved = lambda doing: "discard"
    m = Match(Game.from_world(world), [Seat(**ADA), Seat(**BEN)], fog=True)
    m.done(0)
    window.set_match(m, None)
    window.curtain.button.click()
    assert window.seat == 1
    coach = window.studio.coach
    _ask(qtbot, coach, "")
    return coach.pane.texts(), coach.item.marks


def test_a_unit_ben_cannot_see_changes_nothing_his_coach_shows(qtbot):
    """A German army in Greece, out of Ben's sight, would change Hard's advice for Russia and
    Turkey if Ben could see it; his Coach pane reads the same, word for word, with it or
    without it (and draws the same plan)."""
    from types import MappingProxyType
    from app.bots.coach import advise
    from app.engine.fog.visibility import board_sight
    from app.engine.game import Game
    from app.engine.rules.orders import Unit
    from app.engine.rules.world import Board
    without = Game.new().world
    k = without.active_boards()[0]
    board = without.boards[k]
    units = dict(board.units)
    units["gre"] = Unit("Germany", "A", "gre")
    with_it = without.derive(boards=MappingProxyType({k: Board(k, MappingProxyType(units), board.centres)}))
    ben = BEN["nations"]
    assert "gre" not in board_sight(with_it, ben, k)
    assert advise(with_it, ben, seed=0) != advise(without, ben, seed=0)     # seen, it would matter
    assert _bens_coach_says(qtbot, with_it) == _bens_coach_says(qtbot, without)


def test_in_a_civilisations_game_the_coach_names_boards_by_the_game_s_dates(qtbot, window):
    """RULES.md §10: the boards are "1: Fall 3750 BC" everywhere in the window; the coach's
    orders said "1:F1901", a year the game never shows."""
    from app.match.civ_setup import CivPlayer
    from app.engine import calendar_of
    settings = {"variant": "standard", "adjacency": "strict",
                "civ": {"players": [CivPlayer("Ada", "Sumer", "#c92a2a", None)], "computers": 8, "levels": ["easy"]}}
    assert window.civ_ui.start(settings, seed=5)
    submit(qtbot, window)
    coach = window.studio.coach
    window.studio.ask_coach()
    qtbot.waitUntil(lambda: not coach.running, timeout=120000)
    cal = calendar_of(window.world)
    rows = [coach.pane.orders.item(i).text() for i in range(coach.pane.orders.count())]
    assert rows and coach.advice.orders
    for order, row in zip(coach.advice.orders, rows):
        key = order.unit.board if hasattr(order, "unit") else order.at.board
        assert row.startswith(f"{key.timeline}: ") and cal.title(key.turn) in row and str(key) not in row, row
