"""No text cut short at a laptop's 1366×768 or at 1920×1080, light or dark, through the real
window offscreen: the status line beside the province name, the PIN fields of the new-game
dialog, the centre chart's timeline choice and the Nations table (issue 31).

Each check measures what Qt draws: the text's width in the widget's font against the room
the style gives it (a combo box's edit field, a line edit's contents, a header section)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QStyle, QStyleOptionComboBox, QStyleOptionFrame

from .helpers import submit

SIZES = [(1366, 768), (1920, 1080)]
THEMES = ["light", "dark"]
ADA = {"name": "Alexandra", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Benedict", "colour": "#e8590c", "nations": ["Russia", "Turkey", "Austria", "Italy"]}


@pytest.fixture(params=[(s, t) for s in SIZES for t in THEMES], ids=lambda p: f"{p[0][0]}x{p[0][1]}-{p[1]}")
def shown(request, qtbot):
    from app.ui.window.main_window import MainWindow
    size, theme = request.param
    w = MainWindow(theme=theme)
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    w.navigation.ask_missing = lambda owed: True
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.wait_idle()


def _combo_room(combo) -> int:
    opt = QStyleOptionComboBox()
    combo.initStyleOption(opt)
    return combo.style().subControlRect(QStyle.CC_ComboBox, opt, QStyle.SC_ComboBoxEditField, combo).width()


def _line_edit_room(field) -> int:
    opt = QStyleOptionFrame()
    field.initStyleOption(opt)
    contents = field.style().subElementRect(QStyle.SE_LineEditContents, opt, field)
    margins = field.textMargins()
    return contents.width() - margins.left() - margins.right() - 2 * 2     # QLineEdit's own 2 px a side


def _settle_layout(qtbot, widget) -> None:
    """The posted layout requests handled: every widget has its size (a window's view painted)."""
    from PySide6.QtWidgets import QApplication
    from app.ui.window.settle import settle
    if hasattr(widget, "view"):
        settle(widget, rounds=6)
    for _ in range(4):
        QApplication.processEvents()


def test_the_status_line_never_runs_into_the_province_name(qtbot, shown):
    """A message longer than its room (the plans tool's hint with the preview chip shown)
    ends in "…" inside its own label, the whole message in its tooltip; the province name
    beside it is whole, and apart from it."""
    w = shown
    w.new_game(confirmed=True)
    w.studio.a_preview.setChecked(True)
    w.console_order("A par - bur")
    w.studio.a_draw.setChecked(True)
    w.hover_label.setText("Bohemia")
    chip = w.studio.preview.chip
    qtbot.waitUntil(chip.isVisible, timeout=20000)        # the preview's outcome, beside the others
    _settle_layout(qtbot, w)
    status, hover = w.status_label, w.hover_label
    full = w.last_status
    assert full.startswith("Drawing plans") and status.text() == full
    drawn = status.shown_text()
    assert status.fontMetrics().horizontalAdvance(drawn) <= status.contentsRect().width()
    if drawn != full:                                   # cut: it says so, and the tooltip has it all
        assert drawn.endswith("…") and full.startswith(drawn[:-1]) and status.toolTip() == full
    assert hover.fontMetrics().horizontalAdvance(hover.text()) <= hover.contentsRect().width()
    assert status.geometry().right() < hover.geometry().left() + hover.contentsMargins().left()
    for neighbour in (w.adjacency_label, w.zoom_label, w.studio.preview.chip):
        assert not status.geometry().intersects(neighbour.geometry()), neighbour
    # a short message is drawn whole, with no tooltip
    w.set_status("Order: A par - bur")
    assert status.shown_text() == "Order: A par - bur" and status.toolTip() == ""


def test_the_pin_fields_show_their_whole_hint(qtbot, shown):
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog(shown)
    qtbot.addWidget(dlg)
    dlg.variant.setCurrentIndex(dlg.variant.findData("standard"))
    dlg.hotseat.setChecked(True)
    dlg.show()
    qtbot.waitExposed(dlg)
    _settle_layout(qtbot, dlg)
    row = dlg.seat_rows[0]
    for field in (row.pin, row.pin_again):
        text = field.placeholderText()
        assert field.fontMetrics().horizontalAdvance(text) <= _line_edit_room(field), text
    row.player.setCurrentIndex(1 if row.player.count() > 1 else 0)      # a computer seat, where installed
    _settle_layout(qtbot, dlg)
    text = row.pin.placeholderText()
    assert row.pin.fontMetrics().horizontalAdvance(text) <= _line_edit_room(row.pin), text
    assert dlg.width() <= shown.width()


def test_the_chart_timeline_choice_shows_each_choice_whole(qtbot, shown):
    w = shown
    w.new_game("sandbox")
    w.console_order("A par - bur")
    submit(qtbot, w)
    w.console_order("A 1:bur:F1901 - 1:bur:S1901")        # a second timeline: a choice more
    submit(qtbot, w)
    pane = w.studio.chart
    w.studio.chart_dock.raise_()
    qtbot.waitUntil(lambda: pane.shown is not None and not pane.busy, timeout=20000)
    _settle_layout(qtbot, w)
    combo = pane.which
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts[0] == "All timelines" and len(texts) == 3
    room = _combo_room(combo)
    for text in texts:
        assert combo.fontMetrics().horizontalAdvance(text) <= room, (text, room)
    for button in (pane.png_button, pane.csv_button):
        assert button.fontMetrics().horizontalAdvance(button.text()) < button.width()
        assert button.geometry().right() <= pane.width()


def _columns_fit(table, swatch: int = 0) -> None:
    """Every column whole in the table, no sideways scroll bar (``swatch``: the width of the
    colour before the first column's text)."""
    hh = table.horizontalHeader()
    assert not table.horizontalScrollBar().isVisible(), [hh.sectionSize(i) for i in range(hh.count())]
    assert sum(hh.sectionSize(i) for i in range(hh.count())) <= table.viewport().width()
    for i in range(hh.count()):
        assert hh.sectionSizeHint(i) <= hh.sectionSize(i), table.horizontalHeaderItem(i).text()
        for r in range(table.rowCount()):
            item = table.item(r, i)
            need = table.fontMetrics().horizontalAdvance(item.text()) + (swatch if i == 0 else 0)
            assert need <= hh.sectionSize(i), item.text()


def test_the_nations_table_fits_its_panel_empty_or_full(qtbot, shown):
    """Before any game (no row), in a sandbox, and in a hotseat game with long player names:
    no horizontal scroll bar, and every header (Builds ± too) and every cell whole."""
    w = shown
    table = w.nations_panel.table
    w.nations_panel.parentWidget().raise_()
    _settle_layout(qtbot, w)
    assert table.rowCount() == 0
    _columns_fit(table, swatch=20)
    w.new_game(confirmed=True)
    _settle_layout(qtbot, w)
    _columns_fit(table, swatch=20)
    w.new_game("hotseat", seats=[ADA, BEN], confirmed=True)
    w.curtain.button.click()
    _settle_layout(qtbot, w)
    assert table.rowCount() == 7
    _columns_fit(table, swatch=20)


def test_builds_owed_show_in_the_table_and_whole_in_the_tooltip(qtbot, window):
    """A Winter board with builds owed: the Builds column says which board and how many,
    the table still has no horizontal scroll bar, and the tooltip holds the whole list
    (a long one, of many Winter boards, ends in "…" in the cell)."""
    window.resize(1366, 768)
    window.new_game("sandbox")
    for orders in (["F lon - nth", "A par - bur"], ["F nth - nwy", "A bur - bel"]):
        for text in orders:
            assert window.console_order(text), window.last_status
        submit(qtbot, window)
    window.nations_panel.parentWidget().raise_()
    _settle_layout(qtbot, window)
    table = window.nations_panel.table
    rows = {table.item(r, 0).text(): r for r in range(table.rowCount())}
    for nation in ("England", "France"):
        cell = table.item(rows[nation], 3)
        assert cell.text() == "1:W1901: +1" and cell.toolTip().startswith("1:W1901: +1\n")
    assert table.item(rows["Italy"], 3).text() == "—"
    _columns_fit(table, swatch=20)


@pytest.mark.parametrize("player", ["Ben", "Alexandra Konstantinopoulou"])
def test_a_long_list_of_builds_owed_never_scrolls_the_nations_table_sideways(qtbot, player):
    """Many Winter boards owing builds, seat names beside the nations, a narrow panel: the
    Builds column takes what the others leave (its cells end in "…", whole in their tooltip),
    never a horizontal scroll bar that hides the names (seen watching a game across computers:
    the column was sized to its longest text, wider than the panel). Names too long to leave
    the Builds column its header end in "…" themselves."""
    import random
    from app.bots import selfplay
    from app.engine.game import Game
    from app.ui.panels.nations import NationsPanel
    game, rng = Game.new(seed=3), random.Random(3)
    for _ in range(12):
        game.submit(selfplay.random_orders(game.world, rng, time_travel=0.4))
    panel = NationsPanel()
    qtbot.addWidget(panel)
    panel.resize(290, 400)
    panel.show()
    panel.set_world(game.world, {n: player for n in game.world.variant.nation_names})
    _settle_layout(qtbot, panel)
    table, hh = panel.table, panel.table.horizontalHeader()
    longest = max((table.item(r, 3) for r in range(table.rowCount())),
                  key=lambda item: table.fontMetrics().horizontalAdvance(item.text()))
    assert table.fontMetrics().horizontalAdvance(longest.text()) > table.viewport().width() / 2   # a long one
    assert not table.horizontalScrollBar().isVisible()
    assert sum(hh.sectionSize(i) for i in range(hh.count())) <= table.viewport().width()
    assert hh.sectionSize(3) >= hh.sectionSizeHint(3)               # "Builds ±" whole
    assert longest.toolTip().startswith(longest.text())
    if player == "Ben":                      # short names: whole
        for r in range(table.rowCount()):
            item = table.item(r, 0)
            assert table.fontMetrics().horizontalAdvance(item.text()) + 20 <= hh.sectionSize(0), item.text()


def test_the_order_statistics_fit_the_centres_panel(qtbot, shown):
    """Every column of the order statistics (invalid, the last, too) whole in the panel,
    no sideways scroll bar."""
    w = shown
    w.new_game("sandbox")
    w.console_order("A par - bur")
    w.console_order("A mun S A ber - sil")                  # an invalid order: a count in every column
    submit(qtbot, w)
    pane = w.studio.chart
    w.studio.chart_dock.raise_()
    qtbot.waitUntil(lambda: pane.shown is not None and not pane.busy and pane.table.rowCount() == 7,
                    timeout=20000)
    pane.tabs.setCurrentWidget(pane.table)
    _settle_layout(qtbot, w)
    _columns_fit(pane.table)


def test_the_join_dialog_shows_its_whole_complaint_about_a_pasted_text(qtbot, shown):
    """A pasted address without 5d:// was named in two wrapped lines, the second cut off at
    the dialog's bottom edge (the dialog kept the height it opened with)."""
    shown.net.join_dialog("127.0.0.1:42099/dc77ad5aeb/0/I7J0h3OyugVF1qBzSMjq1qXiqP806fMC")
    dlg = shown.net.dialog
    qtbot.waitExposed(dlg)
    dlg._join()
    _settle_layout(qtbot, dlg)
    label = dlg.problem
    assert "starts with 5d://" in label.text() and dlg.isVisible()
    assert label.height() >= label.heightForWidth(label.width()) > label.fontMetrics().height()
    dlg.close()
