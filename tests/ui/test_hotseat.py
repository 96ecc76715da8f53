"""Hotseat privacy through the real window: two seats, Ada with a PIN. Nothing Ada has
pending is shown to Ben: no widget text, tooltip, title, status line, console undo, scene
arrow, nor any byte of a file written (Save, Save As, autosave)."""

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (QAbstractButton, QApplication, QLabel, QLineEdit, QTableWidget, QTreeWidget,
                               QWidget)

from app.engine.notation.notation import format_order

from .helpers import key, submit

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey"]}
PIN = "2718"
DRAFT = "A kie - ho"       # half-typed by Ada, never entered


def visible_texts(window) -> list[str]:
    """Every text the window could show: widget texts, tooltips, status tips, titles,
    list and table items (with their tooltips)."""
    out = [window.windowTitle(), window.statusBar().currentMessage()]
    for w in [window] + window.findChildren(QWidget):
        out += [w.toolTip(), w.statusTip(), w.windowTitle(), w.accessibleName()]
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append(w.text())
        if isinstance(w, QLineEdit):
            out += [w.text(), w.placeholderText()]
        if isinstance(w, QTreeWidget):
            stack = [w.invisibleRootItem()]
            while stack:
                it = stack.pop()
                out += [it.text(0), it.toolTip(0)]
                stack += [it.child(i) for i in range(it.childCount())]
        if isinstance(w, QTableWidget):
            for r in range(w.rowCount()):
                for c in range(w.columnCount()):
                    item = w.item(r, c)
                    if item is not None:
                        out += [item.text(), item.toolTip()]
    for a in window.actions():
        out += [a.text(), a.toolTip(), a.statusTip()]
    if window.scene is not None:          # board tooltips
        out += [it.toolTip() for it in window.scene.items()]
    return [t for t in out if t]


def secrets_of(orders) -> list[str]:
    out = []
    for o in orders:
        out += [format_order(o), format_order(o, with_nation=False)]
        locs = [l for l in (getattr(o, "unit", None), getattr(o, "dest", None)) if l is not None]
        if len(locs) == 2:
            out.append(f"{locs[0].province} - {locs[1].province}")
    return out + [DRAFT, "kie - ho"]


def assert_hidden(window, secrets, files=()):
    texts = "\n".join(visible_texts(window))
    for s in secrets:
        assert s not in texts, f"{s!r} is on screen"
    for p in files:
        raw = p.read_bytes()
        for s in secrets:
            assert s.encode() not in raw, f"{s!r} is in {p}"
    # the board shows the pending arrows of the seat at the table only
    from app.ui.multiverse.state import pending_arrow
    own = {pending_arrow(window.scene.art, o) for o in window.pending.values()}
    drawn = {a for it in window.scene.items_by_key.values() for a in it.pending}
    assert drawn <= own and not window.scene.overlay.pending


def test_two_seats_with_a_pin_never_show_seat_1s_orders_to_seat_2(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN], pins={0: PIN})
    c = window.curtain
    assert window.table.up and c.isVisible() and c.pin.isVisible()
    # the curtain covers the whole window: menu bar, board, toolbar, docks, console, status bar
    covered = c.geometry()
    for w in [window.menuBar(), window.centralWidget(), window.statusBar(), window.commands.toolbar] + list(window.docks):
        if not w.isVisible() or w.visibleRegion().isEmpty():
            continue           # a dock in a tab behind another shows nothing
        r = w.geometry()
        assert covered.contains(r.topLeft()) and covered.contains(r.bottomRight()), w
    assert {a.text() for a in c.menu_button.menu().actions()} >= {"&File", "&View", "&Help"}
    # a wrong PIN does not lift it
    c.pin.setText("1111")
    c.button.click()
    qtbot.waitUntil(lambda: "not Ada's PIN" in c.error.text(), timeout=10000)
    assert window.table.up
    c.pin.setText(PIN)
    qtbot.keyClick(c.pin, Qt.Key_Return)
    qtbot.waitUntil(lambda: not window.table.up, timeout=10000)
    assert window.seat == 0
    # Ada: a click order, a console order, a half-typed draft with its feedback line
    window.clicks.click_location(key("1:S1901"), "par")
    window.clicks.click_location(key("1:S1901"), "bur")
    assert window.console_order("F lon - nth")
    assert "Added" in window.orders_panel.feedback.text()
    console = window.orders_panel.console
    console.setFocus()
    qtbot.keyClicks(console, DRAFT)
    ada_orders = window.match.pending(0)
    assert len(ada_orders) == 2
    secrets = secrets_of(ada_orders)
    window.submit()                                   # Done — pass on
    assert window.table.up and "Ben" in c.title.text()
    assert "trust" in c.trust.text() and not c.pin.isVisible(), "Ben has no PIN: the curtain says so"
    assert_hidden(window, secrets)
    c.button.click()
    assert window.seat == 1
    assert_hidden(window, secrets)
    # Ctrl+Z in the console brings nothing of Ada's back
    console.setFocus()
    assert not console.isUndoAvailable()
    qtbot.keyClick(console, Qt.Key_Z, Qt.ControlModifier)
    assert console.text() == ""
    assert_hidden(window, secrets)
    # Ben orders; every file written during his turn keeps Ada's orders sealed
    assert window.console_order("A war - gal")
    save, save_as = tmp_path / "g.json", tmp_path / "g2.json"
    assert window.files.save_as(str(save))
    assert window.files.save_as(str(save_as))
    window.files.autosave_now()
    assert window.files.writer.flush(30)
    auto = window.files.session.autosave_path
    assert_hidden(window, secrets, files=[save, save_as, auto])
    # reopening the file goes through the curtain (Ben's turn) and Ada's PIN
    window.files.ask_unsaved = lambda doing: "discard"
    assert window.open_game(str(save))
    assert window.table.up and "Ben" in c.title.text()
    c.button.click()
    assert_hidden(window, secrets)
    assert [o.dest.province for o in window.pending.values()] == ["gal"]
    window.submit()                                   # Ben done: Ada's sealed orders need her PIN
    assert window.table.up and "Ada" in c.title.text() and c.pin.isVisible()
    c.pin.setText("0000")
    c.button.click()
    qtbot.waitUntil(lambda: "not Ada's PIN" in c.error.text(), timeout=10000)
    assert window.table.up
    c.pin.setText(PIN)
    c.button.click()
    qtbot.waitUntil(lambda: not window.table.up, timeout=10000)
    assert sorted(o.dest.province for o in window.pending.values()) == ["bur", "nth"]
    assert console.text() == "", "a reopened game has no one's draft"
    report = submit(qtbot, window)
    w = window.game.world
    assert w.boards[key("1:F1901")].units["bur"].nation == "France"
    assert w.boards[key("1:F1901")].units["gal"].nation == "Russia"
    assert window.table.up and "Ada" in c.title.text()


def test_each_seat_gets_its_own_draft_back(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN])
    window.curtain.button.click()
    window.orders_panel.console.setText("A par - pi")
    window.submit()
    window.curtain.button.click()
    assert window.orders_panel.console.text() == ""
    window.orders_panel.console.setText("A war - ")
    # Ben is the last seat: Done adjudicates; the next round starts with Ada again
    submit(qtbot, window)
    window.curtain.button.click()
    assert window.orders_panel.console.text() == "A par - pi"


def test_leaving_a_hotseat_game_behind_the_curtain_reenables_everything(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN])
    assert window.table.up and not window.commands.submit.isEnabled() and not window.orders_panel.isEnabled()
    window.new_game("sandbox")
    assert not window.table.up and not window.curtain.isVisible()
    assert window.commands.submit.isEnabled() and window.orders_panel.isEnabled()
    assert window.console_order("A par - bur")


def test_new_game_dialog_gives_seats_and_pins(qtbot):
    from app.match import Seat
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog()
    qtbot.addWidget(dlg)
    assert dlg.problem() is None and dlg.settings()["seats"] == []
    dlg.hotseat.setChecked(True)
    dlg.seat_rows[0].pin.setText("2718")
    assert "differ" in dlg.problem(), "a PIN is typed twice"
    dlg.seat_rows[0].pin_again.setText("2718")
    s = dlg.settings()
    assert s["mode"] == "hotseat" and s["pins"] == {0: "2718"}
    assert all(isinstance(x, Seat) and x.controller == "person" for x in s["seats"])
    assert sorted(n for x in s["seats"] for n in x.nations) == sorted(dlg.seat_rows[0].boxes)
    dlg.seat_rows[1].boxes[s["seats"][0].nations[0]].setChecked(True)
    assert "both" in dlg.problem()
