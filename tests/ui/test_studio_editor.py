"""The position editor through the real window: opened on a board from its right-click
menu, clicks place and remove units and set owners and homes, illegal positions are refused
with the engine's reason, the position starts a new sandbox or is exported as a scenario
start that the scenario command runs; "new sandbox from this board" from any board."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from PySide6.QtCore import Qt

from app.engine.rules.coords import Turn

from .helpers import key, submit

ROOT = Path(__file__).resolve().parents[2]
ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["France"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Germany", "England", "Italy", "Austria", "Russia", "Turkey"]}


def _menu_action(window, board: str, text: str):
    item = window.scene.items_by_key[key(board)]
    menu = window.context_menus.open_at(item.mapToScene(window.scene.art.unit_point("bur")))
    return next(a for a in menu.actions() if a.text().startswith(text))


def test_edit_a_board_and_start_a_sandbox_from_it(qtbot, window, tmp_path):
    window.new_game("sandbox", adjacency="loose")
    window.console_order("A par - bur")
    submit(qtbot, window)
    _menu_action(window, "1:F1901", "Edit position from board 1:F1901").trigger()
    d = window.studio.editor_dialog
    assert d is not None and d.isVisible() and "1:F1901" in d.windowTitle()
    assert d.editor.unit_in("bur").nation == "France"
    # an army of Germany into Burgundy, where the French army stands: refused, with the reason
    d.nation.setCurrentIndex(d.nation.findData("Germany"))
    d.tool_buttons["army"].click()
    assert "Refused: The French army in Burgundy stands there" in d.click_location("bur")
    assert d.message.tone == "error" and d.message.font().bold()
    # right click removes it; then the German army goes in
    assert "Removed the French army in Burgundy" in d.click_location("bur", Qt.RightButton.value)
    assert "The German army in Burgundy" in d.click_location("bur")
    # a fleet goes on the coast nearest the click where a province has two
    d.nation.setCurrentIndex(d.nation.findData("Italy"))
    d.tool_buttons["fleet"].click()
    d.click_location("spa/sc")
    assert d.editor.unit_in("spa").loc == "spa/sc"
    # a fleet inland is refused with the engine's reason
    assert "a fleet cannot stand inland: Munich is a land province" in d.click_location("mun")
    # centres and home centres
    d.tool_buttons["owner"].click()
    d.click_location("spa")
    assert d.editor.position.centres["spa"] == "Italy"
    d.tool_buttons["home"].click()
    d.click_location("spa")
    assert d.editor.home_nation_of("spa") == "Italy"
    # the turn and its phase
    d.season.setCurrentIndex(d.season.findData(2))
    d.year.setValue(1907)
    assert d.editor.position.turn == Turn(1907, 2)
    d.undo_button.click()
    assert d.editor.position.turn == Turn(1901, 2)
    d.redo_button.click()
    # export, then run the scenario command on the file
    path = tmp_path / "pos.json"
    assert d.export(str(path))
    out = subprocess.run([sys.executable, "-m", "app", "scenario", str(path)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["ok"]
    board = json.loads(path.read_text())["start"]["boards"][0]
    assert board["turn"] == "W1907" and "Italy F spa/sc" in board["units"] and "Germany A bur" in board["units"]
    # start a sandbox: the window plays the edited position, variant and adjacency kept
    old_game = window.game
    assert d.start_sandbox()
    assert not d.isVisible() and window.game is not old_game and len(old_game.submissions) == 1
    w = window.game.world
    assert w.active_boards() == [key("1:W1907")] and w.adjacency == "loose"
    assert w.boards[key("1:W1907")].units["spa"].loc == "spa/sc"
    assert "spa" in w.home_centres_of("Italy")
    assert window.mode == "sandbox" and window.match.revision == 0 and not window.table.up


def test_new_sandbox_from_a_past_board_keeps_only_what_the_seat_sees(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    window.curtain.button.click()                      # Ada (France), no PIN
    seen = window.world.boards[key("1:S1901")]
    assert "mos" not in seen.units                      # fog: Moscow is out of France's sight
    window.files.ask_unsaved = lambda doing: "discard"
    _menu_action(window, "1:S1901", "New sandbox from board 1:S1901").trigger()
    assert window.mode == "sandbox" and not window.match.fog
    units = window.game.world.boards[key("1:S1901")].units
    assert "par" in units and "mos" not in units and "ber" not in units
    assert set(units) == set(seen.units)


def test_the_editor_closes_when_the_curtain_comes_down(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN])
    window.curtain.button.click()
    d = window.studio.open_editor(key("1:S1901"))
    assert d.isVisible()
    window.submit()                                    # Done — pass on: the curtain
    assert window.table.up and not d.isVisible() and window.studio.editor_dialog is None
    assert window.studio.open_editor(key("1:S1901")) is None     # nobody at the table: no editor


def test_the_editor_names_the_provinces_like_the_boards_do(qtbot, window):
    """The editor's board carries the province names the main boards show at that size:
    where the fitter puts each name (an empty land or sea province, away from any unit or
    centre ring), the canvas differs from the same board drawn without names."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter
    from app.ui.multiverse.labels import fitter
    from app.ui.multiverse.map_art import render_board_image
    window.new_game("sandbox")
    d = window.studio.open_editor(key("1:S1901"))
    d.resize(1366, 768)
    qtbot.waitExposed(d)
    canvas = d.canvas
    shown = canvas.grab().toImage().convertToFormat(QImage.Format_ARGB32)
    s, off = canvas._fit()
    r = canvas.art.rect
    plain = QImage(shown.size(), QImage.Format_ARGB32)
    p = QPainter(plain)
    p.fillRect(plain.rect(), window.theme.background)
    p.setRenderHint(QPainter.SmoothPixmapTransform, True)
    width = max(200, int(round(r.width() * s / 200.0)) * 200)
    p.drawImage(QRectF(off.x() + r.x() * s, off.y() + r.y() * s, r.width() * s, r.height() * s),
                render_board_image(canvas.art, canvas.state(), width))
    p.end()
    variant = window.game.variant
    busy = set(d.editor.position.centres) | {u.loc.split("/")[0] for u in d.editor.position.units}
    labels = [lab for lab in fitter(canvas.art).labels(s) if lab.province not in busy
              and not variant.provinces[lab.province].supply_centre]
    assert len(labels) >= 15, "the board is large enough for names"

    def inked(lab) -> int:
        x0, y0, x1, y1 = lab.box
        a, b = canvas.to_widget(x0, y0), canvas.to_widget(x1, y1)
        count = 0
        for x in range(int(a.x()), int(b.x()) + 1):
            for y in range(int(a.y()), int(b.y()) + 1):
                c, q = shown.pixelColor(x, y), plain.pixelColor(x, y)
                count += max(abs(c.red() - q.red()), abs(c.green() - q.green()), abs(c.blue() - q.blue())) > 60
        return count
    named = [lab.province for lab in labels if inked(lab) >= 6]
    assert len(named) >= 0.9 * len(labels), (len(named), len(labels))


def _answer(text: str):
    """Click the button ``text`` of the modal question once it is up (helpers.when_modal)."""
    from PySide6.QtWidgets import QMessageBox
    from .helpers import when_modal
    asked = []

    def click(box):
        assert isinstance(box, QMessageBox)
        asked.append(box.text())
        next(b for b in box.buttons() if b.text() == text).click()
    when_modal(click)
    return asked


def test_closing_the_editor_with_changes_asks_first(qtbot, window, tmp_path):
    """The edited position lives only in the editor: Close, Esc and a second editor ask
    before dropping it; unchanged, undone back, exported or started, it closes unasked."""
    from PySide6.QtCore import Qt
    window.new_game("sandbox")
    d = window.studio.open_editor(key("1:S1901"))
    d.close()
    assert not d.isVisible()                                   # nothing changed: no question
    d = window.studio.open_editor(key("1:S1901"))
    d.click_location("par", Qt.RightButton.value)             # the French army in Paris goes
    asked = _answer("Keep editing")
    d.close()
    assert asked                                              # (the question is modal: answered by now)
    assert d.isVisible() and d.editor.unit_in("par") is None   # kept: still open, the change still there
    assert "neither exported nor started" in asked[0]
    asked = _answer("Keep editing")
    qtbot.keyClick(d, Qt.Key_Escape)                          # Esc asks as well
    assert asked and d.isVisible()
    asked = _answer("Keep editing")
    again = window.studio.open_editor(key("1:S1901"))         # a second editor would replace this one
    assert asked and again is d and d.editor.unit_in("par") is None
    d.undo_button.click()                                     # back as opened: nothing to lose
    d.close()
    assert not d.isVisible()
    d = window.studio.open_editor(key("1:S1901"))
    d.click_location("par", Qt.RightButton.value)
    assert d.export(str(tmp_path / "pos.json"))               # kept in a file: closes unasked
    d.close()
    assert not d.isVisible()
    d = window.studio.open_editor(key("1:S1901"))
    d.click_location("par", Qt.RightButton.value)
    asked = _answer("Discard the changes")
    d.close()
    assert asked and not d.isVisible()


def test_new_open_and_quit_ask_about_an_edited_position_first(qtbot, window, tmp_path):
    """New game, Open and Quit dropped the open editor's changes without a word (the window
    asked only about the game); starting a sandbox from the editor itself asks nothing more."""
    from PySide6.QtCore import Qt
    window.new_game("sandbox")
    before = window.match
    d = window.studio.open_editor(key("1:S1901"))
    d.click_location("par", Qt.RightButton.value)
    asked = _answer("Keep editing")
    assert not window.new_game("sandbox")
    assert asked and window.match is before and d.isVisible() and d.editor.unit_in("par") is None
    asked = _answer("Keep editing")
    assert not window.files.open_game(str(tmp_path / "nowhere.json"))
    assert asked and d.isVisible()
    asked = _answer("Keep editing")
    window.close()
    assert asked and window.isVisible() and d.isVisible()
    asked = _answer("Discard the changes")
    assert window.new_game("sandbox")
    assert asked and window.match is not before and not d.isVisible()
    d = window.studio.open_editor(key("1:S1901"))
    d.click_location("par", Qt.RightButton.value)
    assert d.start_sandbox()                                 # kept by the new game: no question
    assert not d.isVisible() and window.match.world.boards[next(iter(window.match.world.boards))].units.get("par") is None


def test_the_editor_with_changes_closes_unasked_when_the_curtain_comes_down(qtbot, window):
    """Privacy first: the next seat must not find the editor (nor a question about it)."""
    from PySide6.QtCore import Qt
    window.new_game("hotseat", seats=[ADA, BEN])
    window.curtain.button.click()
    d = window.studio.open_editor(key("1:S1901"))
    d.click_location("par", Qt.RightButton.value)
    assert d.editor.unkept
    d.ask_discard = lambda: pytest.fail("asked while the curtain came down")
    window.submit()
    assert window.table.up and not d.isVisible() and window.studio.editor_dialog is None
