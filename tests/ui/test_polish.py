"""Polish through the real window: editing an order keeps it until it is replaced, the
console forgets its error after a submission, the hotseat toolbar keeps its place, icons,
the About box, the adjacency mode and the seat shown, right-click menus."""

from PySide6.QtCore import Qt

from app.engine.notation.notation import format_order
from app.match import order_key

from .helpers import key, submit

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany", "Italy"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Austria", "Russia", "Turkey"]}


def _orders(window) -> set[str]:
    return {format_order(o) for o in window.pending.values()}


def test_edit_keeps_the_order_until_replaced_and_esc_keeps_it(qtbot, window):
    window.new_game("sandbox")
    assert window.console_order("A par - bur")
    (k,) = window.pending
    text = window.orders_panel.order_texts()[0]
    window.edit_order(k, text)
    assert window.orders_panel.console.text() == text
    assert _orders(window) == {"France: A 1:par:S1901 - 1:bur:S1901"}, "Edit must not remove the order"
    window.activateWindow()
    qtbot.keyClick(window.orders_panel.console, Qt.Key_Escape)   # Esc in the console itself
    assert window.orders_panel.console.text() == ""
    assert _orders(window) == {"France: A 1:par:S1901 - 1:bur:S1901"}
    # an edit that is entered replaces the order (same unit)
    window.edit_order(k, text)
    window.orders_panel.console.setText("A par - pic")
    window.orders_panel.console.returnPressed.emit()
    assert _orders(window) == {"France: A 1:par:S1901 - 1:pic:S1901"}
    # an edit turned into another unit's order replaces the edited one too
    (k,) = window.pending
    window.edit_order(k, window.orders_panel.order_texts()[0])
    window.orders_panel.console.setText("A mar - bur")
    window.orders_panel.console.returnPressed.emit()
    assert _orders(window) == {"France: A 1:mar:S1901 - 1:bur:S1901"}
    # a refused edit keeps the old order
    (k,) = window.pending
    window.edit_order(k, window.orders_panel.order_texts()[0])
    window.orders_panel.console.setText("A mar - xyz")
    window.orders_panel.console.returnPressed.emit()
    assert not window.orders_panel.feedback_ok
    assert _orders(window) == {"France: A 1:mar:S1901 - 1:bur:S1901"}
    # the Edit button goes through the same path
    item = window.orders_panel.tree.topLevelItem(0).child(0).child(0)
    window.orders_panel.tree.setCurrentItem(item)
    window.orders_panel.edit_btn.click()
    assert window.orders_panel.console.text() and len(window.pending) == 1


def test_console_error_is_gone_after_a_submission_sandbox_and_hotseat(qtbot, window):
    window.new_game("sandbox")
    assert not window.console_order("A par - nowhere")
    assert window.orders_panel.feedback.text() and not window.orders_panel.feedback_ok
    submit(qtbot, window)
    assert window.orders_panel.feedback.text() == ""
    # hotseat: Ada's error is set aside behind the curtain and must not come back after the round
    window.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    window.table.lift("")
    assert not window.console_order("A par - nowhere")
    window.submit()                                  # Done — pass on
    window.table.lift("")                            # Ben
    submit(qtbot, window)                            # Done — adjudicate
    assert window.table.up and window.match.turn == 0
    window.table.lift("")                            # Ada again
    assert window.orders_panel.feedback.text() == ""


def test_selfplay_names_the_winner_and_when(tmp_path, capsys):
    from app.bots.selfplay import main
    from app.engine.game import Game
    out = tmp_path / "won.json"
    assert main(["--turns", "80", "--seed", "1", "--quiet", "--out", str(out)]) == 0
    line = capsys.readouterr().out
    g = Game.load(out)
    w = g.world
    assert w.winner is not None and len(g.submissions) < 80, "seed 1 no longer wins early: pick another seed"
    assert f"{w.winner} won at submission {len(g.submissions)}, {max(w.ends.values()).title}" in line
    assert "stopped before the 80 submissions asked" in line and "phase over" not in line


def _right_edge(window, action):
    return window.commands.toolbar.widgetForAction(action).geometry().right()


def test_hotseat_toolbar_keeps_its_place_when_done_changes(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    window.table.lift("")
    qtbot.wait(10)
    assert window.commands.submit.text() == "Done — pass on"
    btn = window.commands.toolbar.widgetForAction(window.commands.submit)
    before = (btn.width(), _right_edge(window, window.commands.undo), _right_edge(window, window.commands.rules))
    window.submit()                                  # Ada is done: Ben is the last seat
    window.table.lift("")
    qtbot.wait(10)
    assert window.commands.submit.text() == "Done — adjudicate"
    assert (btn.width(), _right_edge(window, window.commands.undo), _right_edge(window, window.commands.rules)) == before
    # the counter on Next board does not move the buttons after it either
    assert window.commands.next.text().startswith("Next board")
    fit = _right_edge(window, window.commands.fit)
    window.commands.next.setText("Next board (123)")
    qtbot.wait(10)
    assert _right_edge(window, window.commands.fit) == fit


def test_every_toolbar_action_has_an_icon_and_the_toolbar_fits_1366(qtbot, window):
    from PySide6.QtGui import QIcon
    window.resize(1366, 768)
    window.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    window.table.lift("")
    qtbot.wait(10)
    acts = [a for a in window.commands.toolbar.actions() if not a.isSeparator() and a.text()]
    assert len(acts) >= 16
    for a in acts:
        assert not a.icon().isNull(), a.text()
        for dpr in (1.0, 2.0):                     # crisp at 1× and 2×: drawn at that size, not scaled up
            pm = a.icon().pixmap(window.commands.toolbar.iconSize(), dpr)
            assert pm.width() == round(20 * dpr), (a.text(), dpr, pm.width())
        for mode in (QIcon.Normal, QIcon.Disabled):  # the disabled look is drawn, not Qt's grey guess
            assert a.icon().availableSizes(mode), (a.text(), mode)
    # all of it fits: no button is pushed into the overflow menu, the seat chip included
    assert window.commands.seat_chip.isVisible() and window.commands.seat_label.isVisible()
    right = max(window.commands.toolbar.widgetForAction(a).geometry().right() for a in window.commands.toolbar.actions()
                if window.commands.toolbar.widgetForAction(a) is not None and window.commands.toolbar.widgetForAction(a).isVisible())
    assert right <= window.commands.toolbar.width()
    # the icons follow the theme: the dark theme's icons are light
    def ink(action):
        img = action.icon().pixmap(24, 24).toImage()
        return max((img.pixelColor(x, y) for x in range(24) for y in range(24) if img.pixelColor(x, y).alpha() > 200),
                   key=lambda c: c.alpha()).lightness()
    light = ink(window.commands.move)
    window.commands.dark.trigger()
    assert ink(window.commands.move) > light + 100
    window.commands.dark.trigger()


def test_seat_chip_and_adjacency_mode_are_shown(qtbot, window):
    window.new_game("sandbox", adjacency="loose")
    assert window.adjacency_label.text() == "Loose adjacency"
    assert "loose adjacency" in window.windowTitle()
    assert not window.commands.seat_chip.isVisible()          # a sandbox has nobody to name
    window.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    assert window.adjacency_label.text() == "Strict adjacency"
    assert window.table.up and not window.commands.seat_chip.isVisible()   # behind the curtain: nobody
    window.table.lift("")
    assert window.commands.seat_chip.isVisible() and window.commands.seat_label.text() == "Playing: Ada"
    assert ADA["colour"] in window.commands.seat_label.styleSheet()
    assert "England" in window.commands.seat_label.toolTip()
    window.submit()
    assert not window.commands.seat_chip.isVisible()           # the curtain is down again
    window.table.lift("")
    assert window.commands.seat_label.text() == "Playing: Ben" and BEN["colour"] in window.commands.seat_label.styleSheet()


def test_app_names_itself_and_has_an_icon(qtbot, window):
    from PySide6.QtWidgets import QApplication
    from app.ui.app import name_app
    app = QApplication.instance()
    name_app(app)
    assert app.desktopFileName() == "fived-diplomacy"
    assert app.applicationName() == "5D Diplomacy"
    assert not app.windowIcon().isNull() and not window.windowIcon().isNull()
    assert window.windowIcon().pixmap(64, 64).toImage().pixelColor(32, 8).alpha() == 255


def test_install_desktop_writes_entry_and_icon(tmp_path, capsys):
    from app.__main__ import main
    assert main(["install-desktop", "--dir", str(tmp_path)]) == 0
    entry = tmp_path / "applications" / "fived-diplomacy.desktop"
    icon = tmp_path / "icons" / "hicolor" / "scalable" / "apps" / "fived-diplomacy.svg"
    text = entry.read_text()
    fields = dict(line.split("=", 1) for line in text.splitlines() if "=" in line)
    assert text.startswith("[Desktop Entry]\n")
    assert fields["Type"] == "Application" and fields["Name"] == "5D Diplomacy"
    assert fields["Icon"] == "fived-diplomacy" and fields["Exec"].endswith(" -m app")
    assert "<svg" in icon.read_text()
    assert str(entry) in capsys.readouterr().out
    assert main(["install-desktop", "--uninstall", "--dir", str(tmp_path)]) == 0
    assert not entry.exists() and not icon.exists()


def test_about_box_names_version_licences_and_map_credit(qtbot, window):
    from importlib import metadata
    window.new_game("sandbox")
    window.commands.about.trigger()
    box = window._about
    assert box.isVisible()
    text = box.browser.toPlainText()
    try:
        assert metadata.version("fived-diplomacy") in text
    except metadata.PackageNotFoundError:
        assert "development copy" in text
    for dep, lic in (("PySide6-Essentials", "LGPL-3.0"), ("shapely", "BSD-3-Clause"), ("svgelements", "MIT"),
                     ("pydantic", "MIT"), ("cryptography", "Apache-2.0"), ("platformdirs", "MIT")):
        lines = text.splitlines()
        i = next(i for i, l in enumerate(lines) if l.startswith(dep))
        line = " ".join(lines[i:i + 2])                 # the table's row: name and version, licence
        assert lic in line, line
        assert metadata.version(dep) in line
    assert "Natural Earth" in text and "public domain" in text
    assert window.commands.about in window.menuBar().actions()[-1].menu().actions()     # Help → About
    box.close()


def test_the_about_box_names_every_package_the_app_is_installed_with():
    # networkx, Pillow and websockets came with the app but were missing from its licences.
    import re
    from importlib import metadata
    from app.ui.dialogs.about import about_html
    try:
        required = metadata.requires("fived-diplomacy") or []
    except metadata.PackageNotFoundError:
        import pytest
        pytest.skip("the app is not installed: no list of what it is installed with")
    names = [re.match(r"[A-Za-z0-9_.-]+", r).group(0) for r in required if "extra ==" not in r]
    text = about_html()
    assert names and all(f"<b>{n}</b>" in text for n in names), [n for n in names if f"<b>{n}</b>" not in text]


def _scene_point(window, board, loc):
    item = window.scene.items_by_key[key(board)]
    return item.mapToScene(window.scene.art.unit_point(loc))


def _menu_action(menu, starts):
    return next(a for a in menu.actions() if a.text().startswith(starts))


def test_right_click_menus_on_a_unit_and_a_board(qtbot, window):
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QContextMenuEvent, QGuiApplication
    window.new_game("sandbox")
    view = window.view
    # a real right click's context menu event on the viewport opens the menu
    vp_point = view.mapFromScene(_scene_point(window, "1:S1901", "par"))
    event = QContextMenuEvent(QContextMenuEvent.Mouse, vp_point, view.viewport().mapToGlobal(vp_point))
    QGuiApplication.sendEvent(view.viewport(), event)
    menu = window.context_menus.menu
    assert menu is not None and menu.isVisible()
    texts = [a.text() for a in menu.actions()]
    assert texts[0] == "France A par on 1:S1901"
    assert [t.split("\t")[1] for t in texts if "\t" in t] == ["H", "M", "S", "C", "D"]
    # Support… selects the unit and starts a support, as S would
    _menu_action(menu, "Support").trigger()
    assert window.entry.unit is not None and window.entry.unit.province == "par"
    assert window.entry.stage == "support_pick"
    menu.close()
    # Hold gives the order at once
    window.context_menus.open_at(_scene_point(window, "1:S1901", "mar"))
    _menu_action(window.context_menus.menu, "Hold").trigger()
    assert {format_order(o) for o in window.pending.values()} == {"France: A 1:mar:S1901 H"}
    window.context_menus.menu.close()
    # Move… lights the unit's targets
    window.context_menus.open_at(_scene_point(window, "1:S1901", "vie"))
    _menu_action(window.context_menus.menu, "Move").trigger()
    assert window.entry.stage == "move" and window.entry.targets
    window.context_menus.menu.close()
    # on a board without a unit there: go to the board, copy its name
    window.context_menus.open_at(_scene_point(window, "1:S1901", "boh"))
    menu = window.context_menus.menu
    assert not any("\t" in a.text() for a in menu.actions())
    _menu_action(menu, "Copy its name").trigger()
    assert QGuiApplication.clipboard().text() == "1:S1901"
    _menu_action(menu, "Go to board").trigger()
    menu.close()
    # no menu off the boards
    assert window.context_menus.open_at(QPointF(-1e6, -1e6)) is None
    # the unit's pending order, and on a past board what it was ordered and what became of it
    window.context_menus.open_at(_scene_point(window, "1:S1901", "mar"))
    assert "Pending: A 1:mar:S1901 H" in [a.text() for a in window.context_menus.menu.actions()]
    window.context_menus.menu.close()
    assert window.console_order("A par - pic")
    submit(qtbot, window)
    window.context_menus.open_at(_scene_point(window, "1:S1901", "par"))
    texts = [a.text() for a in window.context_menus.menu.actions()]
    assert "Ordered: A 1:par:S1901 - 1:pic:S1901 — succeeds" in texts
    assert not any("\t" in t for t in texts)            # a past board's orders are locked: no verbs
    window.context_menus.menu.close()


def test_a_long_seat_name_is_elided_and_the_chip_still_fits_1366(qtbot, window):
    window.resize(1366, 768)
    long = dict(ADA, name="Bartholomew Smithers-Carrington")
    window.new_game("hotseat", seats=[long, BEN], confirmed=True)
    window.table.lift("")

    def elided_and_shown():       # once the toolbar is laid out again
        assert window.commands.seat_label.text().endswith("…") and window.commands.seat_label.text().startswith("Playing: Bart")
        assert window.commands.seat_label.isVisible(), "pushed into the toolbar's overflow"
    qtbot.waitUntil(elided_and_shown, timeout=20000)
    assert "Bartholomew Smithers-Carrington" in window.commands.seat_label.toolTip()


def test_the_toolbar_shows_the_order_being_clicked_in(qtbot, window):
    window.new_game("sandbox")
    checked = lambda: [a.text() for a in window.commands.orders if a.isChecked()]
    assert checked() == []
    window.clicks.click_location(key("1:S1901"), "par")
    assert checked() == ["Move"]
    window.clicks.key_order("support")
    assert checked() == ["Support"]
    window.commands.cancel.trigger()
    assert checked() == []
    window.clicks.click_location(key("1:S1901"), "lon")
    window.commands.move.trigger()                          # pressing the checked button keeps it checked
    assert checked() == ["Move"]
    window.clicks.click_location(key("1:S1901"), "nth")     # the order is given: nothing is being entered
    assert checked() == [] and len(window.pending) == 1


def test_a_seats_menu_is_gone_behind_the_curtain_and_menus_do_not_pile_up(qtbot, window):
    from PySide6.QtWidgets import QMenu
    window.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    window.table.lift("")
    assert window.console_order("A par - bur")
    for _ in range(3):
        window.context_menus.open_at(_scene_point(window, "1:S1901", "par"))
        qtbot.wait(1)
    assert "Pending: A 1:par:S1901 - 1:bur:S1901" in [a.text() for a in window.context_menus.menu.actions()]
    qtbot.waitUntil(lambda: len([m for m in window.findChildren(QMenu) if "Pending" in str(
        [a.text() for a in m.actions()])]) == 1)
    window.submit()                                  # Ada is done: the curtain comes down for Ben
    assert window.table.up
    qtbot.waitUntil(lambda: not any("Pending" in a.text() for m in window.findChildren(QMenu) for a in m.actions()))
    assert window.context_menus.menu is None
