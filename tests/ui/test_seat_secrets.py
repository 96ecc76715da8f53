"""A hotseat seat never sees what belongs to another seat (the trust audit of the table,
the studio and civilisations): after each hand-over — Done, a deadline that runs out, a seat
that leaves and a newcomer who takes its place — no text anywhere in the window holds another
seat's pending orders, console text, notes, message drafts, messages to others, pasted text or
drawn plans: not a label, button, line or text edit (nor its undo history), list, table, tree,
tab, combo box, tooltip, status tip, window or dock title, action, or an item of the scene;
nor the saved file or the autosave.

Each seat fills in everything private at once (:func:`fill_seat`); the secrets are words no
board, order list or message of another seat could contain by chance."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QAbstractButton, QApplication, QComboBox, QLabel, QLineEdit, QListWidget,
                               QPlainTextEdit, QTabBar, QTableWidget, QTextEdit, QTreeWidget, QWidget)

from app.engine.rules.coords import Location

from .helpers import key

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Germany", "Russia", "Austria"]}
CY = {"name": "Cy", "colour": "#2f9e44", "nations": ["Turkey", "Italy"]}


class FakeClock:
    def __init__(self):
        self.t = 5000.0

    def __call__(self) -> float:
        return self.t


def all_texts(window) -> list[tuple[str, str]]:
    """(where, text) of every text the window and its visible windows hold."""
    out = [("title", window.windowTitle())]
    widgets = [window] + window.findChildren(QWidget)
    for top in QApplication.topLevelWidgets():
        if top is not window and top.isVisible():
            widgets += [top] + top.findChildren(QWidget)
    for w in widgets:
        n = type(w).__name__
        out += [(n + ".tip", w.toolTip()), (n + ".status", w.statusTip()), (n + ".title", w.windowTitle()),
                (n + ".name", w.accessibleName())]
        if isinstance(w, (QLabel, QAbstractButton)):
            out.append((n, w.text()))
        if isinstance(w, QLineEdit):
            out += [(n, w.text()), (n + ".placeholder", w.placeholderText())]
            if w.isUndoAvailable():             # what undo would bring back
                w.undo()
                out.append((n + ".undone", w.text()))
                w.redo()
        if isinstance(w, (QPlainTextEdit, QTextEdit)):
            out.append((n, w.toPlainText()))
            if not w.isReadOnly() and w.document().isUndoAvailable():
                w.document().undo()
                out.append((n + ".undone", w.toPlainText()))
                w.document().redo()
        if isinstance(w, QComboBox):
            out += [(n, w.itemText(i)) for i in range(w.count())]
        if isinstance(w, QListWidget):
            out += [(n, w.item(i).text() + " " + w.item(i).toolTip()) for i in range(w.count())]
        if isinstance(w, QTabBar):
            out += [(n, w.tabText(i) + " " + w.tabToolTip(i)) for i in range(w.count())]
        if isinstance(w, QTreeWidget):
            stack = [w.invisibleRootItem()]
            while stack:
                it = stack.pop()
                out += [(n, it.text(c) + " " + it.toolTip(c)) for c in range(max(1, w.columnCount()))]
                stack += [it.child(i) for i in range(it.childCount())]
        if isinstance(w, QTableWidget):
            for r in range(w.rowCount()):
                for c in range(w.columnCount()):
                    if (item := w.item(r, c)) is not None:
                        out.append((n, item.text() + " " + item.toolTip()))
    for a in window.findChildren(QAction):
        out += [("action", a.text()), ("action", a.toolTip()), ("action", a.statusTip())]
    if window.scene is not None:
        out += [("scene", it.toolTip()) for it in window.scene.items()]
    return [(k, t) for k, t in out if t]


def leaks(window, secrets) -> list:
    QApplication.sendPostedEvents(None, QEvent.DeferredDelete)      # what the event loop deletes next
    found = [(s, k, t[:100]) for k, t in all_texts(window) for s in secrets if s in t]
    studio = window.studio
    if studio.plans.item is not None and studio.plans.item.marks:
        found.append(("a drawn plan on the board", studio.plans.item.marks))
    return found


def loc(place):
    return Location(key("1:S1901"), place)


def lift(qtbot, window, pin=None):
    if pin:
        window.curtain.pin.setText(pin)
    window.curtain.button.click()
    qtbot.waitUntil(lambda: not window.table.up, timeout=15000)


def fill_seat(qtbot, window, tag, order, arrow, to_seat_name) -> list[str]:
    """Everything private a seat can leave in the window at once; returns its secrets
    (except the message sent to ``to_seat_name``, which is that seat's to read)."""
    w = window
    assert w.console_order(order), w.orders_panel.feedback.text()
    studio = w.studio
    studio.a_draw.setChecked(True)
    assert studio.plans.draw_between(loc(arrow[0]), loc(arrow[1]))
    studio.a_draw.setChecked(False)
    studio.notes.edit.setFocus()
    qtbot.keyClicks(studio.notes.edit, f"NOTE{tag} secret")
    msgs = w.table_ui.messages
    msgs.to.setCurrentIndex(msgs.to.findText(to_seat_name))
    assert msgs.to.currentText() == to_seat_name
    msgs.text.setPlainText(f"MSG{tag} sent words")
    msgs.send_btn.click()
    msgs.text.setFocus()
    qtbot.keyClicks(msgs.text, f"DRAFT{tag} half")
    studio.a_preview.setChecked(True)
    qtbot.waitUntil(lambda: studio.preview.current is not None, timeout=15000)
    studio.chart_dock.show()
    studio.chart_dock.raise_()
    studio.chart.build()
    studio.chart.wait()
    qtbot.wait(20)
    studio.open_paste().box.setPlainText(f"PASTE{tag} A xyz - abc")
    w.orders_panel.console.setFocus()
    qtbot.keyClicks(w.orders_panel.console, f"CONSOLE{tag}")
    return [f"NOTE{tag}", f"DRAFT{tag}", f"PASTE{tag}", f"CONSOLE{tag}", order]


def test_no_seat_sees_another_seats_secrets_on_screen_or_in_the_files(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN, CY], pins={0: "1111", 1: "2222"}, fog=True)
    lift(qtbot, window, "1111")
    ada = fill_seat(qtbot, window, "ADA", "A par - bur", ("bre", "gas"), "Cy")
    window.submit()
    assert window.table.up
    assert leaks(window, ada + ["MSGADA"]) == []                          # the curtain
    lift(qtbot, window, "2222")
    assert leaks(window, ada + ["MSGADA"]) == []                          # Ben: Ada wrote to Cy
    ben = fill_seat(qtbot, window, "BEN", "A mun - boh", ("kie", "hol"), "Ada")
    window.submit()
    lift(qtbot, window)
    assert leaks(window, ada + ben + ["MSGBEN"]) == []                    # Cy
    assert [s for s, *_ in leaks(window, ["MSGADA"])] == ["MSGADA"]       # what Cy may read: the test sees
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    window.files.autosave_now()
    window.files.writer.flush(30)
    for f in (path, window.files.session.autosave_path):
        raw = f.read_text()
        assert [s for s in ada + ben + ["MSGBEN", "1:gas", "1:hol"] if s in raw] == [], f.name


def test_a_deadline_that_runs_out_leaves_nothing_of_the_seat_on_screen(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN, CY], pins={0: "1111"}, fog=True, deadline=120)
    clock = FakeClock()
    window.match.table.deadline.now = clock
    lift(qtbot, window, "1111")
    ada = fill_seat(qtbot, window, "ADA", "A par - bur", ("bre", "gas"), "Cy")
    clock.t += 121
    window.table_ui.deadline.tick()
    assert window.table.up and "Ben" in window.curtain.title.text()
    assert leaks(window, ada + ["MSGADA"]) == []
    lift(qtbot, window)
    assert leaks(window, ada + ["MSGADA"]) == []


def test_a_newcomer_in_a_left_seat_finds_nothing_of_the_player_who_left(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN, CY], pins={0: "1111", 1: "2222"}, fog=True)
    lift(qtbot, window, "1111")
    window.submit()
    lift(qtbot, window, "2222")
    ben = fill_seat(qtbot, window, "BEN", "A mun - boh", ("kie", "hol"), "Ada")
    window.studio.paste_dialog.close()
    window.table_ui.leave()
    dlg = window.table_ui.dialog
    dlg.to.setCurrentIndex(dlg.to.findData("easy"))
    dlg.submit.setChecked(False)
    dlg.accept()
    assert leaks(window, ben + ["MSGBEN"]) == []
    # the notes pane wrote what it showed back to the seat it showed (a computer's now, with no PIN)
    assert window.match.notes.of(1) == "" and not window.match.plans.of(1)
    assert window.save_as(str(tmp_path / "left.json"))
    assert [s for s in ben + ["1:hol"] if s in (tmp_path / "left.json").read_text()] == []
    lift(qtbot, window)
    assert leaks(window, ben + ["MSGBEN"]) == []                          # Cy
    window.table_ui.take_over()
    dlg = window.table_ui.dialog
    dlg.nation.setCurrentIndex(0)
    dlg.name.setText("Dev")
    dlg.accept()
    window.submit()
    if window.table.up:
        lift(qtbot, window)
    assert window.match.seats[window.seat].name == "Dev"
    assert leaks(window, ben + ["MSGBEN"]) == []                          # Dev, in Ben's place
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    raw = path.read_text()
    assert [s for s in ben + ["1:hol"] if s in raw] == []


def test_a_civilisations_seat_never_reads_the_name_of_one_it_has_not_met(qtbot, window):
    """RULES.md §10: a seat is not told who plays. With the studio open on everything —
    the position editor, paste orders with a name it does not know, the centre chart, the
    preview — no text of the window names a civilisation the seat has not met."""
    from app.engine.civ.civstart import with_civ
    from app.engine.rules.coords import BoardKey, Turn
    from app.engine.game import Game
    from app.engine.civ.nations import PALETTE, with_nations
    from app.engine.variants.variant import load_variant
    from app.engine.rules.world import World, make_board
    from app.match import Match, Seat
    names = ["Sumer", "Akkad", "Elam", "Kish"]
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    board = make_board(BoardKey(1, Turn(1901, 0)),
                       [("Sumer", "A", "bur"), ("Akkad", "A", "mun"), ("Elam", "F", "ion"), ("Kish", "A", "ruh")],
                       {"par": "Sumer", "mun": "Akkad", "nap": "Elam", "mos": "Kish"})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad"]})
    m = Match(Game.from_world(world), [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",)),
                                       Seat(name="Cy", nations=("Elam",)),
                                       Seat(name="Computer", nations=("Kish",), controller="computer", level="easy")],
              fog=True, pins={0: "1111"})
    window.set_match(m, None)
    lift(qtbot, window, "1111")
    studio = window.studio
    editor = studio.open_editor()
    assert editor is not None, window.last_status               # the board has an unmet army in sight (ruh)
    assert [editor.nation.itemText(i) for i in range(editor.nation.count())] == ["Sumer", "Akkad"]
    editor.close()
    paste = studio.open_paste()
    paste.box.setPlainText("Kish: A ruh H\nZork: A bur H\nA ruh - hol\nA bur - ruh")
    report = paste.add()
    assert len(report.problems) == 3
    assert window.console_order("A bur - ruh")
    studio.a_preview.setChecked(True)
    qtbot.waitUntil(lambda: studio.preview.current is not None, timeout=15000)
    studio.chart_dock.show()
    studio.chart_dock.raise_()
    studio.chart.build()
    studio.chart.wait()
    qtbot.waitUntil(lambda: studio.chart.shown is not None, timeout=20000)     # handed over by the loop
    assert studio.chart.shown.nations == ("Sumer",)
    def unprompted(t):         # the player's own words (the pasted text, quoted back) aside
        for own in ("Kish: A ruh H", "“Kish”: 'Kish' is not a nation"):
            t = t.replace(own, "")
        return t
    told = [(k, t) for k, t in all_texts(window) for n in ("Elam", "Kish", "3 nations", "2 nations")
            if n in unprompted(t)]
    assert told == []
