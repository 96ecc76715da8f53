"""Civilisations in the window (RULES.md §10): the new-game choice, the nations panel and
every list showing known civilisations only, the Contacts dock (offers made and answered
behind the curtain), old maps, dates BC, and a window that looks the same to a seat
whether or not a civilisation it has not met exists."""

from __future__ import annotations

from app.engine.civ.civ import civ_of
from app.engine.civ.civgame import gifts_of
from app.engine.civ.civstart import with_civ
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.game import Game
from app.engine.civ.nations import PALETTE, with_nations
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board
from app.match import Match, Seat
from app.match.civ_setup import CivPlayer
from app.ui.window.settle import settle

from .helpers import submit

S1901 = BoardKey(1, Turn(1901, 0))


def start_single(window, computers=8, seed=5):
    s = {"variant": "standard", "adjacency": "strict",
         "civ": {"players": [CivPlayer("Ada", "Sumer", "#c92a2a", None)], "computers": computers, "levels": ["easy"]}}
    assert window.civ_ui.start(s, seed=seed)
    return window.match


def play_until_met(qtbot, window, most=40):
    m = window.match
    for _ in range(most):
        if len(m.known_civilisations(0)) > 1:
            return
        submit(qtbot, window)
    raise AssertionError("nobody met in time")


def test_the_new_game_dialog_offers_civilisations(qtbot, window):
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog(window)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.variant.setCurrentIndex(dlg.variant.findData("baltic"))
    dlg.start.setCurrentIndex(dlg.start.findData("civilisations"))
    assert (dlg.civ.count.minimum(), dlg.civ.count.maximum()) == (2, 8)
    dlg.variant.setCurrentIndex(dlg.variant.findData("standard"))
    assert dlg.civ.isVisible() and not dlg.opponents.isVisible() and not dlg.seats_box.isVisible()
    assert (dlg.civ.count.minimum(), dlg.civ.count.maximum(), dlg.civ.count.value()) == (7, 13, 8)   # kept
    dlg.civ.people.setValue(3)
    assert len(dlg.civ.rows) == 3 and all(r.pin.isEnabled() for r in dlg.civ.rows)
    dlg.civ.rows[1].civ.setText("Paris")
    assert "province" in dlg.problem()
    dlg.civ.rows[1].civ.setText("Sumer")
    assert "taken" in dlg.problem()
    dlg.civ.rows[1].civ.setText("Akkad")
    dlg.civ.rows[2].unit.setCurrentIndex(1)            # a fleet, if the centre is on a coast
    assert dlg.problem() is None
    dlg.civ.rows[0].player.setText("Ada")               # two people with one name: the curtain could
    dlg.civ.rows[2].player.setText(" ada")              # not say whose turn it is (the match refuses it)
    assert "Two players are named Ada" in (dlg.problem() or "")
    dlg.civ.rows[2].player.setText("Cleo")
    assert dlg.problem() is None
    s = dlg.settings()
    assert s["start"] == "civilisations" and s["civ"]["computers"] == 5
    assert [p.civilisation for p in s["civ"]["players"]] == ["Sumer", "Akkad", "Elam"]
    assert s["civ"]["players"][2].fleet is True
    dlg.variant.setCurrentIndex(dlg.variant.findData("isles"))
    assert (dlg.civ.count.minimum(), dlg.civ.count.maximum()) == (2, 3)
    assert window.civ_ui.start({**s, "variant": "standard"}, seed=1)
    assert window.match.mode == "hotseat" and window.table.up


def test_a_single_player_sees_only_the_civilisations_it_met_and_dates_bc(qtbot, window):
    m = start_single(window)
    assert window.civ_ui.dock.isVisible()
    assert [r["nation"] for r in window.nations_panel.rows] == ["Sumer"]
    assert window.civ_ui.panel.state.me[0][0] == "Sumer" and window.civ_ui.panel.state.met == []
    assert "4000 BC" in window.last_status
    from app.ui.multiverse.headers import column_label
    from PySide6.QtGui import QFontMetricsF, QFont
    assert column_label(Turn(1901, 1), 500, QFontMetricsF(QFont()), window.game.calendar) == "Fall 3750 BC"
    assert window.orders_panel.calendar.is_civ
    play_until_met(qtbot, window)
    names = [r["nation"] for r in window.nations_panel.rows]
    assert names == m.known_civilisations(0) and len(names) < len(m.game.variant.nation_names)
    assert [n for n, _ in window.civ_ui.panel.state.met] == names[1:]
    assert "BC" in window.last_status or "AD" in window.last_status


def test_offers_made_and_answered_through_the_contacts_dock(qtbot, window, monkeypatch):
    m = start_single(window)
    play_until_met(qtbot, window)
    other = m.known_civilisations(0)[1]
    panel = window.civ_ui.panel
    for o in m.civ.to_answer(["Sumer"]):                   # offers the computer made meanwhile
        panel.buttons[f"accept {o.id}"].click()
    assert not m.civ.open_offers("Sumer")
    menu = panel.buttons[f"menu {other}"]
    exchange = next(a for a in menu.actions() if a.text() == "Exchange maps")
    exchange.trigger()                                       # the computer answers at once
    assert any(g.kind == "maps" and "Sumer" in g.parties for _, g in gifts_of(m.game)), window.last_status
    maps = window.civ_ui.panel.state.maps
    assert maps and maps[-1][1].startswith(f"Map from {other}, ")
    from app.ui.civ import snapshot
    opened = []
    monkeypatch.setattr(snapshot.SnapshotDialog, "exec", lambda self: opened.append(self) or 0)
    window.civ_ui.panel.buttons[f"map {maps[-1][0]}"].click()
    [dlg] = opened
    assert "OLD MAP" in dlg.banner.text() and other in dlg.banner.text()
    assert dlg.isModal() and dlg.scene.world is not None
    qtbot.waitUntil(lambda: not window.findChildren(snapshot.SnapshotDialog), timeout=20000)  # not kept once closed
    # a unit, offered from the dock's menu
    units = window.civ_ui.panel.state.units
    if units:
        give = panel.buttons[f"menu {other}"].actions()[2].menu().actions()[0]
        give.trigger()
        assert "unit" in window.last_status or "did not take" in window.last_status or "accepted" in window.last_status


def test_a_hotseat_seat_sees_its_offers_only_behind_the_curtain(qtbot, window):
    names = ["Sumer", "Akkad", "Elam"]
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    board = make_board(S1901, [("Sumer", "A", "bur"), ("Akkad", "A", "mun"), ("Elam", "F", "ion")],
                       {"par": "Sumer", "mun": "Akkad", "nap": "Elam"})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad", "Elam"]})
    m = Match(Game.from_world(world), [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",)),
                                       Seat(name="Cy", nations=("Elam",))], fog=True)
    window.set_match(m, None)
    assert window.table.up and window.civ_ui.panel.state.me == []       # the curtain: nothing shown
    curtain_text = "".join(lbl.text() for lbl in window.curtain.findChildren(type(window.curtain.title)))
    assert "Ada" in curtain_text and "Sumer" not in curtain_text      # no civilisation named to the room
    window.curtain.button.click()
    panel = window.civ_ui.panel
    assert [n for n, _ in panel.state.met] == ["Akkad", "Elam"]
    give = next(a for a in panel.buttons["menu Akkad"].actions() if a.text() == "Give a unit").menu()
    [unit] = give.actions()
    assert "Burgundy" in unit.text()
    unit.trigger()
    assert m.civ.made_by(["Sumer"]) and panel.state.waiting
    window.submit()                                         # Done — pass on
    assert window.table.up and window.civ_ui.panel.state.me == []
    window.curtain.button.click()                           # Ben
    panel = window.civ_ui.panel
    assert [n for n, _ in panel.state.met] == ["Sumer"]        # Ben has not met Elam
    [(oid, giver, text)] = panel.state.incoming
    assert giver == "Sumer" and "Burgundy" in text
    panel.buttons[f"accept {oid}"].click()
    assert m.world.boards[S1901].units["bur"].nation == "Akkad"
    assert "Accepted" in window.last_status
    assert window.console_order("A bur - ruh")               # the new unit takes orders at once
    window.submit()
    window.curtain.button.click()                           # Cy
    assert window.civ_ui.panel.state.incoming == [] and [r["nation"] for r in window.nations_panel.rows] == \
        ["Elam", "Sumer"]


def _window_at(qtbot, world_names, units, centres):
    """A fresh window with Sumer's seat at the table of a civilisations match."""
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    w.files.ask_unsaved = lambda doing: "discard"
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(world_names)])
    board = make_board(S1901, [tuple(u.split()) for u in units], centres)
    world = with_civ(World.from_boards(v, [board], seed=2), contacts={"Sumer": ["Akkad"]})
    seats = [Seat(name="Ada", nations=("Sumer",))] + [Seat(name=n[:3], nations=(n,)) for n in world_names[1:]]
    m = Match(Game.from_world(world), seats, fog=True)
    w.set_match(m, None)
    w.curtain.button.click()
    w.view.go_to_present()
    settle(w)
    return w


def test_the_window_looks_the_same_to_a_seat_whether_or_not_an_unmet_civilisation_plays(qtbot, window):
    from app.ui.window.export import transcript_text
    base = ["Sumer A par", "Sumer F bre", "Akkad A mun"]
    seen = []
    for extra in ([], ["Kish A ank", "Kish F smy"]):
        names = ["Sumer", "Akkad"] + (["Kish"] if extra else [])
        centres = {"par": "Sumer", "bre": "Sumer", "mun": "Akkad", **({"ank": "Kish"} if extra else {})}
        w = _window_at(qtbot, names, base + extra, centres)
        assert len(w.match.game.variant.nation_names) == len(names)
        out = [w.view.viewport().grab().toImage(), list(w.nations_panel.rows), w.civ_ui.panel.state,
               w.clicks.click_location(S1901, "ank").message, w.status_label.text()]
        w.clicks.click_location(S1901, "par")
        out.append(sorted(str(k) for k, it in w.scene.items_by_key.items() if it.highlights))
        out.append(w.console_order("Kish: A ank H"))
        out.append(w.orders_panel.feedback.text())
        w.civ_ui.make_offer("map", "Kish", None, None)
        out.append(w.status_label.text())
        out.append(transcript_text(w).split("\n", 3)[3])     # past the heading's seed and board counts
        seen.append(out)
    assert seen[0] == seen[1]
    assert "Kish" in seen[1][-3] and "no civilisation called Kish" in seen[1][-2]


def test_the_tables_seat_dialogs_name_no_unmet_civilisation(qtbot, window):
    from app.ui.table.seat_dialogs import LeaveDialog, TakeOverDialog
    names = ["Sumer", "Akkad", "Elam", "Kish"]
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    board = make_board(S1901, [("Sumer", "A", "bur"), ("Akkad", "A", "mun"), ("Elam", "F", "ion"), ("Kish", "A", "mos")],
                       {})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad"]})
    m = Match(Game.from_world(world), [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Elam",)),
                                       Seat(name="Computer", nations=("Akkad", "Kish"), controller="computer",
                                            level="easy")], fog=True)
    window.set_match(m, None)
    window.curtain.button.click()                            # Ada at the table
    leave = LeaveDialog(m, window.seat, window)
    qtbot.addWidget(leave)
    texts = [leave.seat.itemText(i) for i in range(leave.seat.count())]
    assert texts == ["Ada — Sumer", "Ben"]                   # Ben's civilisation is not named
    take = TakeOverDialog(m, window)
    qtbot.addWidget(take)
    offered = [take.nation.itemText(i) for i in range(take.nation.count())]
    assert len(offered) == 1 and offered[0].startswith("Akkad")       # met; Kish is not named
    assert window.table_ui is not None


def test_the_dialog_says_no_civilisations_start_on_a_map_whose_centres_are_all_adjacent(qtbot, window, tmp_path):
    from app.ui.dialogs.new_game import NewGameDialog
    from tests.engine.test_civ import _cliques_map
    folder = _cliques_map(tmp_path, 6).folder
    dlg = NewGameDialog(window)
    qtbot.addWidget(dlg)
    dlg.show()
    dlg.start.setCurrentIndex(dlg.start.findData("civilisations"))
    dlg.civ.set_variant(str(folder))
    assert not dlg.civ.count.isEnabled() and dlg.civ.impossible_note.isVisible()
    assert "No civilisations game can start" in dlg.civ.impossible_note.text()
    assert "No civilisations game can start" in dlg.problem()
    (tmp_path / "two").mkdir()
    dlg.civ.set_variant(str(_cliques_map(tmp_path / "two", 5, 4).folder))       # 9 centres, only 2 apart
    assert (dlg.civ.count.minimum(), dlg.civ.count.maximum()) == (2, 2) and dlg.civ.count.isEnabled()
    assert not dlg.civ.impossible_note.isVisible() and dlg.problem() is None


# -- a civilisations start opened from a file (python -m app civ … --out FILE; --open FILE) ------


def _civ_file(tmp_path, civs=9, seed=3):
    from app.__main__ import main
    path = tmp_path / "civ.json"
    assert main(["civ", "--civs", str(civs), "--seed", str(seed), "--out", str(path)]) == 0
    return path


def _answering(act):
    """``act(dialog)`` for :func:`when_modal`; should it fail, the dialog is cancelled (never a
    test left waiting on it) and the failure kept in ``failed`` for the test to raise."""
    failed = []

    def answer(dlg):
        try:
            act(dlg)
        except BaseException as e:          # noqa: BLE001 - raised again by the test
            failed.append(e)
            dlg.reject()
    return answer, failed


def _seat_people(people, levels=("easy",)):
    """An answer to the dialog that seats a drawn start: ``people`` as (player, civilisation
    index, PIN), typed and chosen in the dialog as a person would."""
    from PySide6.QtWidgets import QDialogButtonBox
    from app.ui.dialogs.civ_file import CivFileDialog
    seen = {}

    def act(dlg):
        assert isinstance(dlg, CivFileDialog), dlg
        seen["count"] = (dlg.civ.count.value(), dlg.civ.count.isEnabled())
        dlg.civ.people.setValue(len(people))
        for row, (player, civ_index, pin) in zip(dlg.civ.rows, people):
            row.player.setText(player)
            row.civ.setCurrentIndex(civ_index)
            row.pin.setText(pin)
            seen.setdefault("unit shown", row.unit.isVisible())
        for level, box in dlg.civ.level_boxes.items():
            box.setChecked(level in levels)
        dlg.buttons.button(QDialogButtonBox.Ok).click()
    answer, failed = _answering(act)
    seen["failed"] = failed
    return answer, seen


def test_opening_a_civ_file_asks_who_plays_and_starts_a_real_civilisations_game(qtbot, window, tmp_path):
    from .helpers import when_modal
    path = _civ_file(tmp_path)
    civs = list(__import__("json").loads(path.read_text())["start"]["nations"])
    answer, seen = _seat_people([("Ada", 2, "")])
    when_modal(answer)
    opened = window.open_game(str(path))                 # what `python -m app --open civ.json` calls
    if seen["failed"]:
        raise seen["failed"][0]
    assert opened
    mine = civs[2]
    m = window.match
    assert seen["count"] == (9, False) and seen["unit shown"] is False     # the start's count and units
    assert m.fog and civ_of(m.world) is not None and not window.table.up
    assert [s.nations for s in m.seats if s.controller == "person"] == [(mine,)]
    [computer] = [s for s in m.seats if s.controller == "computer"]
    assert sorted(computer.nations) == sorted(c for c in civs if c != mine) and computer.level == "easy"
    assert m.known_civilisations(0) == [mine]
    assert [r["nation"] for r in window.nations_panel.rows] == [mine]
    shown = window.world.boards[window.world.active_boards()[0]]
    assert {u.nation for u in shown.units.values()} <= {mine, "Unknown"}
    assert len(shown.units) < 9                                           # the others are in the fog
    assert mine in window.last_status and "alone" in window.last_status
    assert "Civilisations, against the computer" in window.windowTitle() and "civ.json" in window.windowTitle()
    before = len(m.game.submissions)
    submit(qtbot, window)                                    # the computer's civilisations play too
    assert len(m.game.submissions) == before + 1
    moved = [o for o in m.game.submissions[-1] if getattr(o, "nation", None) in computer.nations]
    assert moved, "the computer gave its civilisations no orders"


def test_a_civ_file_opened_from_the_recent_menu_seats_a_hotseat_with_pins(qtbot, window, tmp_path):
    from .helpers import when_modal
    path = _civ_file(tmp_path, civs=7, seed=8)
    window.files.recent.add(path)
    window.files.fill_recent_menu()
    [action] = [a for a in window.commands.recent_menu.actions() if a.text() == str(path)]
    answer, seen = _seat_people([("Ada", 0, "1234"), ("Ben", 4, "")], levels=("random",))
    when_modal(answer)
    action.trigger()
    if seen["failed"]:
        raise seen["failed"][0]
    m = window.match
    names = list(m.game.variant.nation_names)
    assert [(s.name, s.nations) for s in m.seats[:2]] == [("Ada", (names[0],)), ("Ben", (names[4],))]
    assert m.has_pin(0) and not m.has_pin(1) and m.check_pin(0, "1234") and not m.check_pin(0, "9999")
    assert m.seats[2].controller == "computer" and len(m.seats[2].nations) == 5
    assert m.fog and m.mode == "hotseat" and window.table.up                # the curtain first
    assert names[0] not in window.last_status and names[4] not in window.last_status


def test_a_civ_file_whose_seating_is_cancelled_is_not_opened(qtbot, window, tmp_path):
    from .helpers import when_modal
    path = _civ_file(tmp_path)
    before = window.match
    when_modal(lambda dlg: dlg.reject())
    assert not window.files.open_game(str(path), confirmed=True)          # File → Open's route
    assert window.match is before and "Not opened" in window.last_status


def test_two_people_cannot_take_one_civilisation_of_a_civ_file(qtbot, window, tmp_path):
    from PySide6.QtWidgets import QDialogButtonBox
    from .helpers import when_modal
    path = _civ_file(tmp_path)
    said = {}

    def act(dlg):
        dlg.civ.people.setValue(2)
        dlg.civ.rows[1].civ.setCurrentIndex(dlg.civ.rows[0].civ.currentIndex())
        dlg.buttons.button(QDialogButtonBox.Ok).click()
        said["error"], said["open"] = dlg.error.text(), dlg.isVisible()
        dlg.civ.rows[1].civ.setCurrentIndex(dlg.civ.rows[0].civ.currentIndex() + 1)
        said["fixed"] = dlg.error.text()
        dlg.reject()
    answer, failed = _answering(act)
    when_modal(answer)
    window.files.open_game(str(path), confirmed=True)
    if failed:
        raise failed[0]
    assert "both chose" in said["error"] and said["open"] and said["fixed"] == ""


def test_a_civilisations_game_writes_its_dates_one_way_everywhere(qtbot, window):
    """Board labels, the orders panel, column headers, the status after going to a board and
    the results' tooltips: the calendar's 'Spring 4000 BC' / 'Winter before 3500 BC', never
    the notation's S1901 beside it nor a second way of writing a Winter ('W 3500 BC')."""
    import re
    from PySide6.QtGui import QFont, QFontMetricsF
    from app.engine.rules.coords import Season
    from app.ui.multiverse.headers import column_label
    m = start_single(window, computers=6, seed=2)
    while not any(k.turn.season == Season.WINTER for k in m.world.boards) or \
            m.world.active_boards()[0].turn.season != Season.SPRING:
        submit(qtbot, window)
    cal = window.game.calendar
    date = re.compile(r"^(Spring|Fall) \d+ (BC)$|^Winter before \d+ BC$|^(Spring|Fall) AD \d+$")
    shown: list[str] = []
    for key, item in window.scene.items_by_key.items():
        label = item.label_text()
        shown.append(label)
        head, _, rest = label.partition(": ")
        assert head == str(key.timeline) and date.match(rest.replace("   active", "")), label
    active = m.world.active_boards()[0]
    assert window.navigation.next_attention() is not None                    # N: the next board needing orders
    assert window.last_status.startswith(f"{active.timeline}: {cal.title(active.turn)}: "), window.last_status
    shown.append(window.last_status)
    unit = next(u for u in m.world.boards[active].units.values() if u.nation == "Sumer")
    assert window.console_order(f"{unit.type} {active.timeline}:{unit.loc}:{active.turn} H"), window.last_status
    heads = [window.orders_panel.tree.topLevelItem(i) for i in range(window.orders_panel.tree.topLevelItemCount())]
    boards = [h.child(j).text(0) for h in heads for j in range(h.childCount())] + [h.text(0) for h in heads]
    assert f"1: {cal.title(active.turn)}" in boards, boards
    shown += boards
    fm = QFontMetricsF(QFont())
    for key in m.world.boards:
        for width in (600, 140, 90, 30):
            text = column_label(key.turn, width, fm, cal)
            if text:
                shown.append(text)
                assert text in (cal.title(key.turn), cal.short(key.turn), "W"), text
                assert cal.title(key.turn).endswith(text) or text == "W", text      # a shortening, never another form
    assert window.navigation.go_to_board_text(cal.board(active))           # the Go-to-board box reads a date as shown
    shown.append(window.last_status)
    assert window.last_status == f"Board 1: {cal.title(active.turn)}."
    model = window.results_panel.model
    shown += [model.data(model.index(i), 0x03) or "" for i in range(model.rowCount())]
    for text in shown:
        assert not re.search(r"\b[SFW]\d{4}\b", text), text      # no notation beside a date
        assert not re.search(r"\bW \d", text), text                 # no second way of writing a Winter
    winters = [cal.short(k.turn) for k in m.world.boards if k.turn.season == Season.WINTER]
    assert winters and all(w.startswith("before ") for w in winters)
