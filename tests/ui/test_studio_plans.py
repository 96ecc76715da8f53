"""Plans, notes and pasted orders through the real window: arrows and rings drawn with the
mouse (never orders: a click still reaches the board), saved with the game; in a hotseat
game each seat's own, sealed with its PIN, and nothing of them on screen behind the curtain
or for the next seat."""

from PySide6.QtCore import Qt

from app.engine.rules.coords import Location

from .helpers import key, submit
from .test_hotseat import assert_hidden, visible_texts

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey", "Austria", "Italy"]}
PIN = "2718"
NOTE = "Lure Ben into Galicia, then hit Vienna from the past"


def loc(board, place):
    return Location(key(board), place)


def test_plans_are_drawn_with_the_mouse_kept_with_the_game_and_never_orders(qtbot, window, tmp_path):
    window.new_game("sandbox")
    tool = window.studio.plans
    window.studio.a_draw.setChecked(True)
    assert tool.drawing and window.studio.notes.draw_button.isChecked()
    window.studio.notes.colours.button(2).click()
    assert tool.draw_between(loc("1:S1901", "par"), loc("1:S1901", "bur"))
    assert tool.draw_between(loc("1:S1901", "mun"), None)              # a click: a ring
    marks = window.match.plans.of(0)
    assert [(m.kind, m.colour, m.at, m.to) for m in marks] == [
        ("arrow", 2, "1:par:S1901", "1:bur:S1901"), ("mark", 2, "1:mun:S1901", None)]
    assert len(tool.item.marks) == 2 and window.dirty
    assert window.match.pending() == []                              # a plan is no order
    window.studio.a_draw.setChecked(False)
    # Shift held draws too, without the tool
    assert tool.draw_between(loc("1:S1901", "lon"), loc("1:S1901", "nth"))
    # the plan takes no click: a click on Paris selects the army, as always
    assert tool.item.acceptedMouseButtons() == Qt.NoButton
    window.clicks.click_location(key("1:S1901"), "par")
    assert window.entry.unit is not None and window.entry.unit.province == "par"
    window.cancel_entry()
    # take back, save, open: the plans come back; the orders submitted are only the orders
    window.studio.notes.take_back_button.click()
    assert len(window.match.plans.of(0)) == 2
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    assert window.open_game(str(path))
    assert len(window.match.plans.of(0)) == 2 and len(window.studio.plans.item.marks) == 2
    window.console_order("A par - bur")
    report = submit(qtbot, window)
    assert len(report.results) == 1
    assert len(window.studio.plans.item.marks) == 2, "plans outlive the submission"
    window.studio.notes.clear_button.click()
    assert window.match.plans.of(0) == () and window.studio.plans.item.marks == []


def test_notes_are_saved_with_the_game(qtbot, window, tmp_path):
    window.new_game("sandbox")
    pane = window.studio.notes
    window.studio.notes_dock.raise_()
    pane.edit.setFocus()
    qtbot.keyClicks(pane.edit, "Italy is weak")
    assert window.match.notes.of(0) == "Italy is weak" and window.dirty
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    window.new_game("sandbox")
    assert pane.edit.toPlainText() == ""
    assert window.open_game(str(path))
    assert pane.edit.toPlainText() == "Italy is weak"


def test_hotseat_plans_and_notes_are_the_seats_own_and_sealed(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN], pins={0: PIN})
    c = window.curtain
    c.pin.setText(PIN)
    c.button.click()
    qtbot.waitUntil(lambda: not window.table.up, timeout=15000)   # the PIN is checked on a worker
    studio = window.studio
    window.studio.notes_dock.raise_()
    studio.a_draw.setChecked(True)
    assert studio.plans.draw_between(loc("1:S1901", "mun"), loc("1:S1901", "boh"))
    assert studio.plans.draw_between(loc("1:S1901", "vie"), None)
    studio.notes.edit.setFocus()
    qtbot.keyClicks(studio.notes.edit, NOTE)
    assert "Ada's notes and plans" in studio.notes.title.text() and "sealed with the PIN" in studio.notes.title.text()
    window.submit()                                    # Done — pass on: the curtain
    assert window.table.up
    # nothing of Ada's plans or notes on screen
    assert studio.plans.item.marks == [] and studio.plans.item.rubber is None
    assert studio.notes.edit.toPlainText() == "" and studio.notes.edit.isReadOnly()
    assert not studio.notes.edit.document().isUndoAvailable()
    assert not studio.a_draw.isChecked() and not studio.plans.drawing
    assert_hidden(window, [NOTE, "Lure Ben"])
    c.button.click()                                   # Ben (no PIN)
    assert window.seat == 1
    assert studio.plans.item.marks == [] and studio.notes.edit.toPlainText() == ""
    assert "Ben's notes" in studio.notes.title.text()
    assert_hidden(window, [NOTE, "Lure Ben"])
    studio.notes.edit.undo()                           # the undo history holds nothing of Ada's
    assert studio.notes.edit.toPlainText() == ""
    # Ben tries to draw over Ada's: his own plans only
    assert studio.plans.draw_between(loc("1:S1901", "war"), loc("1:S1901", "gal"))
    assert len(window.match.plans.of(1)) == 1
    # every file written now keeps Ada's plans and notes sealed
    path = tmp_path / "g.json"
    assert window.save_as(str(path))
    window.files.autosave_now()
    assert window.files.writer.flush(30)
    for p in (path, window.files.session.autosave_path):
        raw = p.read_bytes()
        assert NOTE.encode() not in raw and b"1:boh:S1901" not in raw and b"1:vie:S1901" not in raw
        assert b"1:gal:S1901" in raw                   # Ben has no PIN: his plans are plain
    # the round ends; Ada gets hers back (behind her PIN)
    submit(qtbot, window)
    assert window.table.up and "Ada" in c.title.text()
    assert_hidden(window, [NOTE])
    c.pin.setText(PIN)
    c.button.click()
    qtbot.waitUntil(lambda: not window.table.up, timeout=15000)   # the PIN is checked on a worker
    assert studio.notes.edit.toPlainText() == NOTE
    assert [(m[1]) for m in studio.plans.item.marks] == ["arrow", "mark"]


def test_paste_orders_adds_what_reads_and_keeps_the_rest_with_reasons(qtbot, window):
    window.new_game("sandbox")
    d = window.studio.open_paste()
    assert d.isVisible()
    d.box.setPlainText("France:\nA PAR - BUR\nF Bre-MAO (bounce)\nA Mars - Gas\n\nF NTH C A LON - NWY\nA Par S F Lon")
    report = d.add()
    assert len(report.added) == 2
    assert sorted(o.dest.province for o in window.pending.values()) == ["bur", "mao"]
    problems = [d.problems.item(i).text() for i in range(d.problems.count())]
    assert problems[0] == "line 4, “Mars”: 'Mars' is not a province"
    assert any(p.startswith("line 6") for p in problems) and len(problems) == 3
    # the nation's header stays above its lines left, so that fixed they read as France's again
    assert d.box.toPlainText().splitlines() == ["France:", "A Mars - Gas", "F NTH C A LON - NWY", "A Par S F Lon"]
    assert "2 orders added; 3 lines not used" in d.result.text()
    assert "Pasted: 2 orders added" in window.last_status
    d.box.setPlainText("England:\nF LON - NTH\nRussia:\nA Mos - Ukr\nA War - Atlantis")
    d.add()
    assert d.box.toPlainText().splitlines() == ["Russia:", "A War - Atlantis"]   # England's all went in


def test_the_paste_box_closes_behind_the_curtain(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN])
    window.curtain.button.click()
    d = window.studio.open_paste()
    d.box.setPlainText("A par - bur\nA lon - ecl")
    d.add()
    window.submit()
    assert window.table.up and not d.isVisible()
    assert all("ecl" not in t for t in visible_texts(window))


def test_typing_an_order_or_a_note_does_not_touch_the_plans_keys(qtbot, window):
    window.new_game("sandbox")
    console = window.orders_panel.console
    console.setFocus()
    qtbot.keyClicks(console, "A par - bur")
    assert console.text() == "A par - bur" and not window.studio.a_draw.isChecked()
    window.studio.notes_dock.raise_()
    window.studio.notes.edit.setFocus()
    qtbot.keyClicks(window.studio.notes.edit, "A 1234 O")
    assert window.match.notes.of(0) == "A 1234 O" and not window.studio.a_draw.isChecked()
    assert not window.studio.a_preview.isChecked()


def test_a_long_reason_for_a_pasted_line_is_shown_whole(qtbot, window):
    """"'par' is ambiguous, on boards …; write e.g. 2:par": the advice at the end of a long
    reason wraps in the list, not cut off by the dialog's edge behind a sideways scroll bar."""
    window.new_game("sandbox")
    window.console_order("A mar - bur")
    submit(qtbot, window)
    window.console_order("A 1:bur:F1901 - 1:bur:S1901")      # a second timeline: an army in Paris on each
    submit(qtbot, window)
    d = window.studio.open_paste()
    d.resize(420, 520)                                      # a narrow box, as the player may make it
    qtbot.waitExposed(d)
    d.box.setPlainText("A Par - Pic\nA Xyz - Bur")
    d.add()
    qtbot.waitUntil(lambda: d.problems.isVisible(), timeout=5000)
    lst = d.problems
    long_one = next(lst.item(i) for i in range(lst.count()) if "ambiguous" in lst.item(i).text())
    assert "write e.g." in long_one.text()
    assert lst.fontMetrics().horizontalAdvance(long_one.text()) > lst.viewport().width()   # too long for one line
    assert not lst.horizontalScrollBar().isVisible()
    rect = lst.visualItemRect(long_one)
    assert rect.right() <= lst.viewport().width() and rect.height() >= 2 * lst.fontMetrics().height()


def test_notes_past_their_limit_show_only_what_is_kept(qtbot, window):
    """Typing past the notes' 100,000 characters: the page shows what the game keeps (the
    typed tail stayed on screen, and was gone when the game was opened again), and says so."""
    from app.match.notes import MAX_NOTES
    window.new_game("sandbox")
    pane = window.studio.notes
    window.studio.notes_dock.raise_()
    pane.edit.setPlainText("x" * (MAX_NOTES - 3))
    pane.edit.setFocus()
    pane.edit.moveCursor(pane.edit.textCursor().MoveOperation.End)
    qtbot.keyClicks(pane.edit, "abcdef")
    kept = window.match.notes.of(0)
    assert len(kept) == MAX_NOTES and kept.endswith("abc")
    assert pane.edit.toPlainText() == kept
    assert "Notes hold at most 100,000 characters" in window.last_status
    qtbot.keyClicks(pane.edit, "\b")                   # the cursor stayed at the end: typing goes on from there
    assert window.match.notes.of(0).endswith("xab") and pane.edit.toPlainText() == window.match.notes.of(0)
