"""The centre chart dock through the real window: built off the GUI thread from the game,
per timeline, exported as PNG and CSV, and under fog showing only the seat's own nations
(nothing while the curtain is up)."""

import csv

from PySide6.QtGui import QImage

from app.match.chart import ChartBuilder, order_stats

from .helpers import submit

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["France", "England"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Germany", "Italy", "Austria", "Russia", "Turkey"]}


def _shown(qtbot, window):
    pane = window.studio.chart
    window.studio.chart_dock.raise_()
    qtbot.waitUntil(lambda: pane.shown is not None and not pane.busy, timeout=20000)
    return pane


def test_the_chart_shows_every_submission_and_each_timeline_and_exports(qtbot, window, tmp_path):
    window.new_game("sandbox")
    window.console_order("A par - bur")
    window.console_order("F bre - mao")
    submit(qtbot, window)
    window.console_order("F mao - spa/nc")
    window.console_order("A 1:bur:F1901 - 1:bur:S1901")
    submit(qtbot, window)
    pane = _shown(qtbot, window)
    want = ChartBuilder().build(window.game)
    assert pane.shown == want and pane.shown.points == 3
    assert [pane.which.itemText(i) for i in range(pane.which.count())] == \
        ["All timelines", "Timeline 1", "Timeline 2"]
    assert pane.shown.totals_of("France")[-1] == 4          # Spain taken in the Fall
    # the order statistics table
    stats = order_stats(window.game)
    rows = {pane.table.item(r, 0).text(): [pane.table.item(r, c).text() for c in range(1, 5)]
            for r in range(pane.table.rowCount())}
    assert rows["France"] == [str(x) for x in (stats["France"].given, stats["France"].succeeded,
                                               stats["France"].failed, stats["France"].invalid)]
    assert rows["France"][0] == "4"
    # one timeline's chart, drawn
    pane.which.setCurrentIndex(2)
    assert pane.timeline() == 2
    pane.canvas.repaint()
    assert pane.canvas.last_paint_s > 0
    # export
    png, text = tmp_path / "c.png", tmp_path / "c.csv"
    assert pane.export_png(str(png)) and pane.export_csv(str(text))
    img = QImage(str(png))
    assert not img.isNull() and img.width() == 1200
    rows = list(csv.reader(text.open()))
    assert rows[0][:3] == ["submission", "turn", "timeline"] and len([r for r in rows if r[2] == "all"]) == 3
    # a new submission reads one more world and the chart grows
    submit(qtbot, window)
    qtbot.waitUntil(lambda: pane.shown.points == 4 and not pane.busy, timeout=20000)


def test_under_fog_the_chart_shows_the_seats_own_nations_and_nothing_behind_the_curtain(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    window.curtain.button.click()                      # Ada
    pane = _shown(qtbot, window)
    assert pane.shown.nations == ("England", "France")
    assert sorted(pane.stats) == ["England", "France"]
    assert "hidden" in pane.note.text()
    csv_text = pane.shown.to_csv()
    assert "Germany" not in csv_text and "Russia" not in csv_text
    window.submit()                                    # Done — pass on
    assert window.table.up and pane.shown is None and pane.table.rowCount() == 0
    window.curtain.button.click()                      # Ben, who finds his own tab (Nations)
    pane = _shown(qtbot, window)                       # he opens the chart himself
    assert pane.shown.nations == ("Austria", "Germany", "Italy", "Russia", "Turkey")


def test_under_fog_the_note_above_the_chart_fits_the_side_panel(qtbot, window):
    """"other nations' counts are hidden (fog of war)" ran off the chart's left edge in the
    side panel of a laptop's window (a civilisations game): the note drawn is one that fits,
    the whole sentence when there is room."""
    from PySide6.QtGui import QFont, QFontMetrics
    from app.match.civ_setup import CivPlayer
    from app.ui.studio.chart_art import HIDDEN_NOTES
    window.resize(1366, 768)
    settings = {"variant": "standard", "adjacency": "strict",
                "civ": {"players": [CivPlayer("Ada", "Sumer", "#c92a2a", None)], "computers": 8, "levels": ["easy"]}}
    assert window.civ_ui.start(settings, seed=5)
    submit(qtbot, window)
    pane = _shown(qtbot, window)
    font = QFont(window.theme.font_family)
    font.setPixelSize(12)
    fm = QFontMetrics(font)
    pane.canvas.repaint()
    text, room = pane.canvas.note_drawn
    assert fm.horizontalAdvance(HIDDEN_NOTES[0]) > room          # the laptop's panel: the sentence does not fit
    assert text in HIDDEN_NOTES and fm.horizontalAdvance(text) <= room
    pane.canvas.resize(700, 300)                                  # a wide chart: the whole sentence
    pane.canvas.repaint()
    assert pane.canvas.note_drawn[0] == HIDDEN_NOTES[0]
