"""The smaller defects a newcomer met on a 1366×768 laptop (issue 18), each through the real
window: fill-in for a nation with some orders, right-click verbs on another seat's unit,
the view after undo, the history slider's groove, the build menu's words, dialog titles,
Winter column headers far out, the new-game dialog, a restored autosave's file name,
Nations/Results tabs and the arrow keys."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QFileDialog, QStyle, QStyleOptionSlider, QTabBar

from app.engine.notation.notation import format_order
from app.match.attention import needs

from .helpers import key, submit, when_modal

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey"]}


def _play(qtbot, window, *rounds):
    for orders in rounds:
        for t in orders:
            assert window.console_order(t), (t, window.last_status)
        submit(qtbot, window)


def _scene_point(window, board, loc):
    item = window.scene.items_by_key[key(board)]
    return item.mapToScene(window.scene.art.unit_point(loc))


# -- Fill in orders for every nation without orders ------------------------------------------------

def test_fill_in_completes_a_nation_that_has_some_orders(qtbot, window):
    window.new_game(confirmed=True)
    assert window.console_order("A par - bur")          # France: one order of three
    window.commands.bot_menu.fill_in()
    window.commands.bot_menu.wait()
    french = [n for n in needs(window.match.world, window.pending.values(), {"France"})]
    assert french == [], f"France still owes {french}"
    assert "France: A 1:par:S1901 - 1:bur:S1901" in {format_order(o) for o in window.pending.values()}, \
        "the player's own order is kept"
    assert needs(window.match.world, window.pending.values()) == []


FRENCH_BUILDS = (["F bre - mao", "A par - bur", "A mar - spa"], ["F mao - por"])   # two builds at W1901


def test_fill_in_gives_the_builds_still_owed(qtbot, window):
    window.new_game(confirmed=True)
    _play(qtbot, window, *FRENCH_BUILDS)
    owed = [n for n in needs(window.match.world, [], {"France"}) if n.what == "builds"]
    assert owed and owed[0].count == 2
    assert window.console_order("build A par")               # one of the two given
    window.commands.bot_menu.fill_in()
    window.commands.bot_menu.wait()
    assert not [n for n in needs(window.match.world, window.pending.values()) if n.what == "builds"]


# -- right-click verbs on another seat's unit ---------------------------------------------------------

def test_right_click_on_another_seats_unit_offers_no_verbs(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    window.table.lift("")
    assert window.seat == 0
    menu = window.context_menus.open_at(_scene_point(window, "1:S1901", "mos"))
    texts = [a.text() for a in menu.actions() if a.isEnabled()]
    assert not any("\t" in t for t in texts), f"verbs offered on Russia's unit to Ada: {texts}"
    assert any("Russia" in a.text() and "not yours" in a.text() for a in menu.actions())
    menu.close()
    menu = window.context_menus.open_at(_scene_point(window, "1:S1901", "par"))
    assert [a.text().split("\t")[1] for a in menu.actions() if "\t" in a.text() and a.isEnabled()] == \
        ["H", "M", "S", "C", "D"]
    menu.close()


# -- the view after undo ------------------------------------------------------------------------------

def _centre_over_a_board(window):
    c = window.view.mapToScene(window.view.free_rect().center().toPoint())
    return window.scene.key_at(c)


def test_undo_never_leaves_the_view_on_empty_space(qtbot, window):
    window.new_game(confirmed=True)
    _play(qtbot, window, ["A mun - ruh", "A vie - gal", "F lon - nth"])
    _play(qtbot, window, ["A 1:ruh:F1901 - 1:ruh:S1901", "F nth - nwy"])       # a new timeline
    assert len(window.game.world.timelines) == 2
    window.view.show_board(key("2:F1901"), 1.0)
    assert _centre_over_a_board(window) == key("2:F1901")
    window.undo()
    assert key("2:F1901") not in window.scene.items_by_key
    assert _centre_over_a_board(window) is not None, "after undo the view is left on empty space"


# -- the history slider ----------------------------------------------------------------------------

def test_clicking_the_history_groove_jumps_to_the_click(qtbot, window):
    bar = window.history
    bar.set_count(10, 10)
    slider = bar.slider
    opt = QStyleOptionSlider()
    slider.initStyleOption(opt)
    groove = slider.style().subControlRect(QStyle.CC_Slider, opt, QStyle.SC_SliderGroove, slider)
    handle = slider.style().subControlRect(QStyle.CC_Slider, opt, QStyle.SC_SliderHandle, slider)
    span = groove.width() - handle.width()
    x = groove.x() + handle.width() // 2 + round(span * 0.3)
    qtbot.mouseClick(slider, Qt.LeftButton, pos=QPoint(x, groove.center().y()))
    assert slider.value() == 3, f"a click at 30% of the groove went to {slider.value()}"


# -- the build menu ------------------------------------------------------------------------------------

def test_the_build_menu_names_the_province(qtbot, window):
    window.new_game(confirmed=True)
    _play(qtbot, window, *FRENCH_BUILDS)
    window.clicks.click_location(key("1:W1901"), "par")
    menu = window.clicks.menu
    assert menu is not None
    texts = [a.text() for a in menu.actions()]
    assert "Build an army in Paris" in texts, texts
    window.clicks.click_location(key("1:W1901"), "bre")
    texts = [a.text() for a in window.clicks.menu.actions()]
    assert "Build a fleet in Brest" in texts, texts


# -- dialog titles --------------------------------------------------------------------------------------

def _title_width(title: str) -> int:
    """What a window manager needs for ``title`` and the app's name after it, bold, with
    its buttons and icon."""
    f = QFont(QApplication.font())
    f.setBold(True)
    return QFontMetrics(f).horizontalAdvance(f"{title} — 5D Diplomacy") + 130


def test_go_to_board_title_is_not_truncated(qtbot, window):
    window.new_game(confirmed=True)
    window.navigation.go_to_board_dialog()
    dlg = window.prompt
    qtbot.waitUntil(dlg.isVisible)
    assert dlg.width() >= _title_width(dlg.windowTitle()), (dlg.width(), dlg.windowTitle())
    dlg.reject()


def test_export_a_board_title_is_not_truncated(qtbot, window):
    from app.ui.window.export_menu import export_dialog
    window.new_game(confirmed=True)
    seen = []

    def grab(m):
        seen.append((m.width(), m.windowTitle()))
        m.reject()
    when_modal(grab)
    export_dialog(window, "board-png")
    assert seen
    width, title = seen[0]
    assert width >= _title_width(title), (width, title)


# -- Winter column headers far out ---------------------------------------------------------------------

class _Recorder:
    """A stand-in painter that records the texts drawn (the headers' painter calls)."""

    def __init__(self):
        self.texts = []

    def drawText(self, rect, flags, text):
        self.texts.append((QRectF(rect), text))

    def __getattr__(self, name):
        return lambda *a, **k: None


def test_winter_columns_keep_a_header_far_out(qtbot, window):
    from app.ui.multiverse.headers import paint_headers
    window.new_game(confirmed=True)
    _play(qtbot, window, [], [])
    lay = window.scene.layout
    # the zoom where "S1901" still fits a Spring column but "W1901" no longer fits a Winter one
    f = QFont(window.theme.font_family)
    f.setPixelSize(12)
    f.setBold(True)
    fm = QFontMetrics(f)
    s = (fm.horizontalAdvance("S1901") + 10) / lay.board_w
    assert (fm.horizontalAdvance("W1901") + 6) > lay.column_width(key("1:W1901").turn) * s
    window.view._apply_scale(s)
    window.view.centerOn(window.scene.layout.rect(key("1:F1901")).center())
    rec = _Recorder()
    paint_headers(window.view, rec)
    texts = [t for _, t in rec.texts]
    winter_x = (lay.column_x(key("1:W1901").turn) - window.view.mapToScene(0, 0).x()) * s
    assert any(t.startswith("W") and abs(r.center().x() - (winter_x + lay.column_width(key("1:W1901").turn) * s / 2)) < 20
               for r, t in rec.texts), f"no header over Winter 1901: {texts}"


# -- the new-game dialog ------------------------------------------------------------------------------

def _dialog(qtbot, window):
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog(window)
    qtbot.addWidget(dlg)
    dlg.variant.setCurrentIndex(dlg.variant.findData("standard"))
    dlg.show()
    return dlg


def test_the_new_game_dialog_starts_on_standard(qtbot, window):
    """The variants are listed by name (Baltic Crowns first), but a new game defaults to Standard."""
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog(window)
    qtbot.addWidget(dlg)
    assert dlg.variant.itemData(0) != "standard", "the test needs Standard away from the top of the list"
    assert dlg.variant.currentData() == "standard", dlg.variant.currentText()
    dlg.hotseat.setChecked(True)
    ticked = {n for row in dlg.seat_rows for n in row.boxes}
    assert {"England", "France", "Turkey"} <= ticked, ticked       # Standard's nations in the seats
    assert dlg.settings()["variant"] == "standard"


def test_without_standard_the_dialog_starts_on_the_first_variant(qtbot, window, monkeypatch):
    from app.ui.dialogs import new_game
    monkeypatch.setattr(new_game, "variants", lambda: [("isles", "The Isles"), ("baltic", "Baltic Crowns")])
    dlg = new_game.NewGameDialog(window)
    qtbot.addWidget(dlg)
    assert dlg.variant.currentData() == "isles"


def test_many_seats_scroll_so_the_dialog_fits_a_laptop(qtbot, window, monkeypatch):
    """Up to 16 seats (RULES.md §10): past VISIBLE_SEATS the seat rows scroll, and the dialog
    is no taller than with that many rows, every row a scroll away and as wide as before."""
    from app.ui.dialogs import new_game
    monkeypatch.setattr(new_game, "VISIBLE_SEATS", 3)
    dlg = _dialog(qtbot, window)
    dlg.hotseat.setChecked(True)
    dlg.seat_count.setValue(3)
    qtbot.waitUntil(lambda: dlg.seat_scroll.height() >= sum(r.height() for r in dlg.seat_rows))
    qtbot.wait(20)
    three = dlg.height()
    dlg.seat_count.setValue(7)
    qtbot.wait(20)                  # the dialog's own fit (a zero timer) has run: it did not grow
    bar = dlg.seat_scroll.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0, timeout=20000)       # the rows laid out
    assert dlg.height() <= three + 2, (dlg.height(), three)
    last = dlg.seat_rows[-1]
    dlg.seat_scroll.ensureWidgetVisible(last)
    assert last.visibleRegion().boundingRect().height() == last.height()
    assert last.width() >= last.minimumSizeHint().width(), "the scroll bar squeezes the rows"
    assert not dlg.fog.geometry().intersects(dlg.seat_scroll.geometry())


def test_a_fixed_conflict_is_no_longer_reported(qtbot, window):
    dlg = _dialog(qtbot, window)
    dlg.hotseat.setChecked(True)
    dlg.seat_count.setValue(3)
    ada, _ben, cleo = dlg.seat_rows
    assert cleo.boxes["France"].isChecked()
    ada.boxes["France"].setChecked(True)             # France for Ada and Cleo
    dlg.start_btn.click()
    assert "France is ticked for both Ada and Cleo" in dlg.error.text() and dlg.isVisible()
    ada.boxes["France"].setChecked(False)            # fixed
    assert "France" not in dlg.error.text(), dlg.error.text()


def test_the_pin_is_for_people_only(qtbot, window):
    dlg = _dialog(qtbot, window)
    dlg.hotseat.setChecked(True)
    row = dlg.seat_rows[1]
    row.pin.setText("4321")
    row.player.setCurrentIndex(row.player.findText("Computer (easy)"))
    assert not row.pin.isEnabled() and row.pin.text() == "", "a computer seat keeps a PIN field"
    assert 1 not in dlg.settings()["pins"]
    row.player.setCurrentIndex(0)
    assert row.pin.isEnabled()


def test_a_thrown_start_says_which_nations_play(qtbot, window):
    dlg = _dialog(qtbot, window)
    dlg.start.setCurrentIndex(dlg.start.findData("random-thrown"))
    dlg.thrown_players.setValue(4)
    shown = [n for n, box in dlg.opponents.choices.items() if box.isVisibleTo(dlg)]
    assert shown == list(window_variant_first(4)), shown
    assert "4" in dlg.opponents.note.text() and all(n in dlg.opponents.note.text() for n in shown)
    dlg.thrown_players.setValue(3)
    assert [n for n, box in dlg.opponents.choices.items() if box.isVisibleTo(dlg)] == list(window_variant_first(3))
    dlg.start.setCurrentIndex(dlg.start.findData("standard"))
    assert len([n for n, box in dlg.opponents.choices.items() if box.isVisibleTo(dlg)]) == 7


def test_a_thrown_game_lists_only_the_nations_that_play(qtbot, window):
    """Four nations thrown: the Nations table lists those four, not the other three with
    nothing (they never had a piece); a standard game lists all seven."""
    window.start_thrown({"start": "random-thrown", "mode": "sandbox", "seats": [], "pins": {},
                         "thrown_players": 4, "variant": "standard", "adjacency": "strict"}, seed=3)
    listed = [window.nations_panel.table.item(i, 0).text()
              for i in range(window.nations_panel.table.rowCount())]
    assert sorted(listed) == sorted(window_variant_first(4)), listed
    window.new_game(confirmed=True)
    assert window.nations_panel.table.rowCount() == 7


def window_variant_first(n):
    from app.engine.variants.variant import load_variant
    return load_variant("standard").nation_names[:n]


# -- a restored autosave keeps its game's name ---------------------------------------------------------

def test_a_restored_autosave_proposes_its_games_file_name(qtbot, tmp_path, monkeypatch):
    from app.ui.window.main_window import MainWindow
    named = tmp_path / "my-campaign.json"
    w1 = MainWindow(theme="light")
    qtbot.addWidget(w1)
    w1.files.ask_unsaved = lambda doing: "discard"
    w1.new_game("sandbox", confirmed=True)
    assert w1.save_as(str(named))
    w1.console_order("A par - bur")
    submit(qtbot, w1)
    w1.files.autosave_now()
    assert w1.files.writer.flush(30)
    w1.files.session.abandon()                 # a crash
    w2 = MainWindow(theme="light")
    qtbot.addWidget(w2)
    w2.files.ask_unsaved = lambda doing: "discard"
    w2.files.ask_restore = lambda path: True
    assert w2.files.offer_restore()
    assert "my-campaign" in w2.windowTitle()
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append(a), ("", ""))[1])
    w2.files.save()
    assert asked and asked[0][2] == str(named), asked


# -- the Nations/Results tabs and the arrow keys ----------------------------------------------------------

def test_arrow_keys_pan_after_a_tab_was_clicked(qtbot, window):
    window.new_game(confirmed=True)
    window.activateWindow()
    bars = [b for b in window.findChildren(QTabBar) if b.parent() is window and b.isVisible()
            and {b.tabText(i) for i in range(b.count())} >= {"Nations", "Results"}]
    assert bars, "the Nations and Results docks are tabbed"
    bar = bars[0]
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None)
    assert QApplication.focusWidget() is window.view, "a new game's arrow keys go to the boards"
    results = next(i for i in range(bar.count()) if bar.tabText(i) == "Results")
    qtbot.mouseClick(bar, Qt.LeftButton, pos=bar.tabRect(results).center())
    assert bar.currentIndex() == results
    h = window.view.horizontalScrollBar().value()
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Left)
    assert bar.currentIndex() == results, "the arrow key switched the tab"
    assert window.view.horizontalScrollBar().value() < h, "the arrow key panned the boards"
    for _ in range(30):                      # Tab through every focusable widget: never the tab bar
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
        assert QApplication.focusWidget() is not bar



def test_dock_tabs_show_whole_names_however_many_docks_are_tabbed(qtbot, window):
    """Six tabbed docks (a civilisations seat's) used to read "Nat… Re… Con…": names are never
    cut, the bar scrolls instead."""
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.studio.chart_dock.show()
    qtbot.waitUntil(lambda: any(b.parent() is window and b.count() >= 3 for b in window.findChildren(QTabBar)))
    for bar in (b for b in window.findChildren(QTabBar) if b.parent() is window):
        assert bar.elideMode() == Qt.ElideNone and bar.usesScrollButtons()
        for i in range(bar.count()):
            assert bar.tabRect(i).width() >= QFontMetrics(bar.font()).horizontalAdvance(bar.tabText(i))

# -- a thrown start from the command line is playable --------------------------------------------------

def test_a_thrown_scenario_opens_as_a_new_game(qtbot, window, tmp_path):
    from app.__main__ import main
    out = tmp_path / "t.json"
    assert main(["throw", "--players", "4", "--seed", "7", "--out", str(out)]) == 0
    before = out.read_bytes()
    assert window.open_game(str(out)), window.last_message
    w = window.game.world
    assert [str(k) for k in w.active_boards()] == ["1:F1901"] and not w.boards[key("1:F1901")].centres
    assert {u.nation for u in w.boards[key("1:F1901")].units.values()} <= set(window_variant_first(4))
    assert window.files.path is None and "t-game.json" in str(window.files.proposed)
    assert "from t.json" in window.windowTitle()
    for o in _some_orders(window):
        assert window.add_order(o)
    submit(qtbot, window)
    assert len(window.game.submissions) == 1
    assert out.read_bytes() == before, "the scenario file is never written over"


def _some_orders(window):
    from app.engine.rules.orders import Hold
    from app.engine.rules.coords import Location
    w = window.game.world
    k = w.active_boards()[0]
    return [Hold(u.nation, u.type, Location(k, u.loc)) for u in w.boards[k].units.values()]


def test_a_scenario_with_steps_opens_after_its_steps(qtbot, window, tmp_path):
    import json
    sc = tmp_path / "steps.json"
    sc.write_text(json.dumps({"name": "two steps", "steps": [{"orders": ["A par - bur"]}, {"orders": ["A bur - bel"]}]}))
    assert window.open_game(str(sc)), window.last_message
    assert len(window.game.submissions) == 2
    assert window.game.world.boards[key("1:W1901")].units["bel"].nation == "France"
    window.undo()
    assert len(window.game.submissions) == 1
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"steps": [{"orders": ["A par - mars"]}]}))
    assert not window.open_game(str(bad))
    assert "bad.json" in window.last_message and "step 1" in window.last_message


def test_throw_can_write_a_save_to_play(tmp_path, capsys):
    from app.__main__ import main
    from app.match.storage import open_match
    out = tmp_path / "thrown-game.json"
    assert main(["throw", "--players", "3", "--seed", "5", "--save", str(out)]) == 0
    m = open_match(out)
    assert [str(k) for k in m.world.active_boards()] == ["1:F1901"] and m.thrown is not None
    assert "--open" in capsys.readouterr().out


def test_a_finished_adjudication_is_not_followed_by_a_stale_adjudicating(qtbot, window):
    # When the window waits for an adjudication (a new game or a file opened meanwhile),
    # the computer players' last progress step, still queued from the worker, arrived after
    # the result and left "Adjudicating…" in the status bar for good.
    from app.match import Seat
    seats = [Seat(name="You", nations=("England",)),
             Seat(name="Computer", nations=("France",), controller="computer", level="easy")]
    window.new_game("sandbox", seats=seats)
    assert window.console_order("F lon - nth")
    window.submit()
    window.wait_idle()
    assert window.last_status.startswith("Submission 1")
    for _ in range(20):
        QApplication.processEvents()
    assert window.last_status.startswith("Submission 1"), window.last_status
    assert not window.adjudicator.progress.isVisible()


def test_a_variant_of_yours_with_errors_is_named_not_silently_left_out(qtbot, window, _data_dir):
    # A designer's variant with an error vanished from the Variant list without a word.
    import json
    from app.ui.dialogs.new_game import NewGameDialog
    from app.variants.scaffold import starter, write_grid_variant
    mine = write_grid_variant(starter("fjords"), _data_dir / "variants" / "fjords")
    nations = json.loads((mine / "nations.json").read_text())
    nations["nations"][0]["home_centres"] = ["nowhere"]
    (mine / "nations.json").write_text(json.dumps(nations))
    write_grid_variant(starter("lakes"), _data_dir / "variants" / "lakes")
    dlg = NewGameDialog(window)
    qtbot.addWidget(dlg)
    dlg.show()
    assert dlg.variant.findData("lakes") >= 0 and dlg.variant.findData("fjords") < 0
    note = dlg.variant_note
    assert note.isVisible() and "fjords" in note.text() and "lakes" not in note.text()
    assert "variant check fjords" in note.text()


def test_with_every_variant_playable_there_is_no_note(qtbot, window):
    dlg = _dialog(qtbot, window)
    assert not dlg.variant_note.isVisible()


def test_undo_names_the_submission_taken_back_and_the_start_as_the_start(qtbot, window):
    # "Undone: back to the world after submission 0; its orders are pending again": no
    # submission 0, and "its" read as that one's.
    window.new_game("sandbox")
    _play(qtbot, window, ["A par - bur"], ["A bur - mun"])
    window.undo()
    assert window.last_status.startswith("Undone: submission 2 is taken back") and "after submission 1" in window.last_status
    window.undo()
    said = window.last_status
    assert said.startswith("Undone: submission 1 is taken back") and "the start of the game" in said
    assert "submission 0" not in said and "pending again" in said


def test_two_hotseat_seats_with_one_name_are_refused(qtbot, window):
    # Two players both "Ada" (or both left blank: "Player") made a table whose curtain said
    # "Pass the computer to Ada" for either seat, and whose messages went "To Ada" twice.
    dlg = _dialog(qtbot, window)
    dlg.hotseat.setChecked(True)
    first, second = dlg.seat_rows[:2]
    first.name.setText("Ada")
    second.name.setText(" ada ")
    assert "Two seats are named Ada" in (dlg.problem() or "")
    first.name.setText("")
    second.name.setText("")
    assert "Two seats are named Player" in (dlg.problem() or "")
    second.name.setText("Ben")
    assert dlg.problem() is None


def test_a_hotseat_players_name_is_not_cut_to_three_letters(qtbot, window):
    # Squeezed by the nation boxes, the name field was 42 pixels wide: "Christopher" showed
    # as "Chr", and "Ada" only just fitted.
    dlg = _dialog(qtbot, window)
    dlg.hotseat.setChecked(True)
    row = dlg.seat_rows[0]
    row.name.setText("Christopher")
    qtbot.waitUntil(lambda: row.name.isVisible())
    assert row.name.width() >= row.name.fontMetrics().horizontalAdvance("Christopher") + 8
    assert dlg.width() <= 1366
