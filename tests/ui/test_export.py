"""File → Export through the real window: images load at their size, SVG is XML with
content, the transcript's order lines parse back to the game's orders, a hotseat export
holds no other seat's pending orders, and a write that fails says which file."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog

from app.engine.notation.notation import parse_order
from app.engine.notation.transcript import SEPARATOR
from app.ui.window import export_menu
from app.ui.window.export import BOARD_WIDTH, CAPTION_H
from app.ui.window.export_menu import export_to
from app.ui.window.export_options import ExportOptions

from .helpers import key, submit
from .test_hotseat import ADA, BEN, secrets_of

SVG = "{http://www.w3.org/2000/svg}"


def _played(qtbot, window):
    """A sandbox game with one submission holding a failed and an invalid order."""
    window.new_game()
    for t in ("A mun - tyr", "A vie - tyr", "A ber S A mun - sil", "A par - bur"):
        assert window.console_order(t), t
    submit(qtbot, window)
    return window


def _order_lines(text: str) -> list[str]:
    return [line.split(SEPARATOR)[0] for line in text.splitlines() if SEPARATOR in line and not line.startswith("#")]


def test_view_exports_as_png_and_svg(qtbot, window, tmp_path):
    _played(qtbot, window)
    png, svg = tmp_path / "view.png", tmp_path / "view.svg"
    assert export_to(window, "view-png", png)
    img = QImage(str(png))
    assert not img.isNull() and img.size() == window.view.viewport().size()
    assert len({img.pixel(x, y) for x in range(0, img.width(), 37) for y in range(0, img.height(), 37)}) > 20
    assert export_to(window, "view-svg", svg)
    root = ET.parse(svg).getroot()
    assert root.tag == SVG + "svg"
    assert len(list(root.iter(SVG + "image"))) >= 1       # the boards
    drawn = [e for e in root.iter() if e.tag[len(SVG):] in ("path", "polyline", "polygon", "rect", "text")]
    assert len(drawn) > 5                                  # frames, headers, arrows as vectors
    assert window.last_status.startswith("Exported")


def test_one_board_exports_as_png_and_as_vector_svg(qtbot, window, tmp_path):
    _played(qtbot, window)
    art = window.scene.art
    png, svg = tmp_path / "b.png", tmp_path / "b.svg"
    assert export_to(window, "board-png", png, key("1:S1901"))
    img = QImage(str(png))
    h = round(BOARD_WIDTH * art.rect.height() / art.rect.width())
    assert (img.width(), img.height()) == (BOARD_WIDTH, h + CAPTION_H)
    assert export_to(window, "board-svg", svg, key("1:S1901"))
    root = ET.parse(svg).getroot()
    assert root.tag == SVG + "svg"
    assert len(list(root.iter(SVG + "path"))) > 50         # provinces, units, arrows as vectors
    assert "1:S1901" in svg.read_text()                     # the caption
    assert not list(root.iter(SVG + "image"))


def test_board_export_from_the_menu_asks_which_board_and_where(qtbot, window, tmp_path, monkeypatch):
    _played(qtbot, window)
    out = tmp_path / "chosen"
    asked = []

    def ask(w, what, start, describe):
        asked.append((what, str(start), describe(ExportOptions(key("1:F1901"), 1))))
        return ExportOptions(key("1:F1901"), 1)
    monkeypatch.setattr(export_menu, "ask_options", ask)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    window.commands.export_menu.aboutToShow.emit()
    assert window.commands.export_actions["board-png"].isEnabled()
    window.commands.export_actions["board-png"].trigger()
    assert QImage(str(out) + ".png").width() == BOARD_WIDTH
    assert asked and asked[0][0] == "board" and f"{BOARD_WIDTH:,} ×" in asked[0][2]


def test_transcript_lines_parse_back_to_the_games_orders(qtbot, window, tmp_path):
    _played(qtbot, window)
    window.console_order("A 1:tyr:F1901 - 1:boh:F1901")    # bounced earlier: no unit there
    window.console_order("A 1:bur:F1901 - 1:mun:F1901")
    submit(qtbot, window)
    path = tmp_path / "orders.txt"
    assert export_to(window, "orders", path)
    text = path.read_text(encoding="utf-8")
    g = window.game
    parsed = [g.world.resolve(parse_order(t, g.variant)) for t in _order_lines(text)]
    stored = [o for i in (1, 2) for k in sorted(g.index.given) if g.index.given[k] == i
              for o in g.world.orders[k]]
    assert parsed == stored
    assert "Germany: A 1:ber:S1901 S A 1:mun:S1901 - 1:sil:S1901  # invalid: " in text
    assert "Germany: A 1:mun:S1901 - 1:tyr:S1901  # fails: bounced at 1:tyr:S1901" in text
    assert "== Submission 2: Fall 1901 (orders) ==" in text


def test_a_hotseat_export_holds_no_other_seats_pending_orders(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN])
    window.curtain.button.click()
    before = tmp_path / "before.png"
    assert export_to(window, "board-png", before, key("1:S1901"))
    assert window.console_order("A par - bur") and window.console_order("F lon - nth")
    secrets = secrets_of(window.match.pending(0))
    window.submit()                                        # Ada: done, pass on
    window.curtain.button.click()                          # Ben at the table
    assert window.seat == 1 and window.console_order("A war - gal")
    files = {what: tmp_path / f"ben.{what}" for what in ("orders", "view-png", "view-svg", "board-png", "board-svg")}
    for what, p in files.items():
        assert export_to(window, what, p, key("1:S1901")), what
    for p in files.values():
        raw = p.read_bytes()
        for s in secrets + ["A 1:war:S1901 - 1:gal:S1901"]:
            assert s.encode() not in raw, f"{s!r} is in {p.name}"
    assert QImage(str(files["board-png"])) == QImage(str(before))
    # once adjudicated the orders are public: the transcript then holds them (the test can fail)
    submit(qtbot, window)
    window.curtain.button.click()
    assert export_to(window, "orders", files["orders"])
    assert "England: F 1:lon:S1901 - 1:nth:S1901  # succeeds" in files["orders"].read_text()


def test_under_fog_the_export_is_the_seats_view_and_needs_a_seat(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    assert window.table.up
    assert not export_to(window, "orders", tmp_path / "nobody.txt")
    assert "take a seat" in window.last_message and not (tmp_path / "nobody.txt").exists()
    window.curtain.button.click()
    assert window.console_order("A par - bur")
    window.submit()
    window.curtain.button.click()
    assert window.console_order("A war - gal")
    submit(qtbot, window)
    window.curtain.button.click()                          # Ada again
    path = tmp_path / "ada.txt"
    assert export_to(window, "orders", path)
    text = path.read_text()
    assert "France: A 1:par:S1901 - 1:bur:S1901  # succeeds" in text
    assert "gal" not in text and "Russia:" not in text     # Russia's orders far east: unseen by Ada
    assert "As Ada sees it" in text


def test_a_failed_write_names_the_file_and_raises_nothing(qtbot, window, tmp_path):
    _played(qtbot, window)
    missing = tmp_path / "no such folder" / "x.png"
    assert not export_to(window, "board-png", missing, key("1:S1901"))
    assert str(missing) in window.last_message and "No such file" in window.last_message
    if os.geteuid() != 0:                                  # root writes anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            assert not export_to(window, "orders", locked / "o.txt")
            assert str(locked / "o.txt") in window.last_message and "ermission" in window.last_message
        finally:
            locked.chmod(0o700)
    assert not list(tmp_path.rglob("*.tmp"))


@pytest.mark.parametrize("what", ["board-png", "orders"])
def test_export_without_a_game_says_so(window, tmp_path, what):
    assert not export_to(window, what, tmp_path / "x", key("1:S1901"))
    assert "no game" in window.last_message
    assert not (tmp_path / "x").exists()


def test_export_menu_is_in_the_file_menu(window):
    titles = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert "E&xport" in titles
    assert set(window.commands.export_actions) == set(export_menu._KINDS)


def test_screenshots_tool_writes_the_windows_pngs(qtbot, tmp_path):
    import importlib.util
    from pathlib import Path
    spec = importlib.util.spec_from_file_location("screenshots", Path(__file__).parents[2] / "tools" / "screenshots.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.main([str(tmp_path), "--only", "fresh", "--sizes", "800x600"]) == 0
    shots = sorted(p.name for p in tmp_path.glob("*.png"))
    assert shots == ["fresh-800x600-dark.png", "fresh-800x600-light.png"]
    light, dark = (QImage(str(tmp_path / s)) for s in ("fresh-800x600-light.png", "fresh-800x600-dark.png"))
    assert light.width() == 800 and dark.width() == 800 and light != dark


def test_the_menus_transcript_is_written_by_a_worker_and_matches(qtbot, window, tmp_path, monkeypatch):
    _played(qtbot, window)
    out = tmp_path / "orders.txt"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(out), "")))
    window.commands.export_actions["orders"].trigger()
    assert "Writing the orders" in window.last_status
    qtbot.waitUntil(lambda: window.last_status.startswith("Exported"), timeout=10000)
    assert out.read_text(encoding="utf-8") == export_menu.transcript_text(window)
    # a failure in the worker's write is told, naming the file
    bad = tmp_path / "missing" / "o.txt"
    assert export_menu.export_transcript_in_background(window, bad)
    qtbot.waitUntil(lambda: str(bad) in window.last_message, timeout=10000)


def test_far_away_the_view_export_waits_for_every_miniature(qtbot, window, tmp_path):
    from app.bots.selfplay import grow_world
    from app.ui.multiverse.overview import BATCH
    window.set_game(grow_world(seed=7, boards=max(BATCH + 10, 160), victory=False), None)
    window.view.fit_all()
    assert window.scene.far                                # far: the overview draws the boards
    window.scene.set_theme(window.theme)                   # every miniature to be blitted again, in batches
    assert len(window.scene.overview.dirty) > BATCH        # more than a frame blits by itself
    assert export_to(window, "view-png", tmp_path / "far.png")
    assert not window.scene.overview.dirty


def test_sandbox_view_as_a_nation_exports_that_nations_sight(qtbot, window, tmp_path):
    window.new_game(confirmed=True)
    assert window.console_order("F lon - nth") and window.console_order("A con - bul")
    submit(qtbot, window)
    window.set_view_as("England")
    assert export_to(window, "orders", tmp_path / "england.txt")
    text = (tmp_path / "england.txt").read_text()
    assert "England: F 1:lon:S1901 - 1:nth:S1901  # succeeds" in text and "As England sees it" in text
    assert "Turkey:" not in text
    window.set_view_as(None)
    assert export_to(window, "orders", tmp_path / "all.txt")
    assert "Turkey: A 1:con:S1901 - 1:bul:S1901  # succeeds" in (tmp_path / "all.txt").read_text()
