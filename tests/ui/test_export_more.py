"""Export at a chosen resolution, the whole multiverse as one image (in the background, with
its size planned to fit in memory), PDF and print of a board, the view and the transcript."""

from __future__ import annotations

from PySide6.QtGui import QImage

from app.ui.window import export_multiverse as em
from app.ui.window.export import BOARD_WIDTH, CAPTION_H
from app.ui.window.export_menu import export_dialog, export_to
from app.ui.multiverse.headers import HEADER_H

from .helpers import key, submit, when_modal


def _played(qtbot, window, rounds=2):
    window.new_game(confirmed=True)
    for orders in (["A mun - ruh", "A vie - tyr", "A ven - tyr", "F lon - nth"],
                   ["A 1:ruh:F1901 - 1:ruh:S1901", "F nth - nwy"])[:rounds]:
        for t in orders:
            window.console_order(t)
        submit(qtbot, window)
    return window


def test_the_view_and_a_board_export_at_2x_and_4x(qtbot, window, tmp_path):
    _played(qtbot, window, 1)
    vp = window.view.viewport()
    assert export_to(window, "view-png", tmp_path / "v2.png", scale=2)
    img = QImage(str(tmp_path / "v2.png"))
    assert (img.width(), img.height()) == (vp.width() * 2, vp.height() * 2)
    header = window.scene.theme.header.rgb() & 0xFFFFFF
    # the sticky headers span the whole image, at twice their height (not a quarter-size copy)
    assert img.pixel(img.width() - 5, HEADER_H) & 0xFFFFFF == header
    assert img.pixel(img.width() - 5, HEADER_H * 2 + 8) & 0xFFFFFF != header
    assert window.scene.text_scale == 1.0 and window.view.export_scale == 1.0     # put back
    art = window.scene.art
    for k in (2, 4):
        assert export_to(window, "board-png", tmp_path / f"b{k}.png", key("1:S1901"), scale=k)
        b = QImage(str(tmp_path / f"b{k}.png"))
        h = round(BOARD_WIDTH * k * art.rect.height() / art.rect.width())
        assert (b.width(), b.height()) == (BOARD_WIDTH * k, h + CAPTION_H * k)
        assert len({b.pixel(x, y) for x in range(0, b.width(), 97) for y in range(0, b.height(), 97)}) > 20


def test_the_export_dialog_offers_resolutions_and_names_the_size(qtbot, window, tmp_path):
    _played(qtbot, window, 1)
    seen = []

    def answer(dlg):
        dlg.scale.setCurrentIndex(dlg.scale.findData(4))
        seen.append((dlg.windowTitle(), dlg.note.text()))
        dlg.board.setText("9:S1950")
        seen.append(dlg.ok.isEnabled())
        dlg.reject()
    when_modal(answer)
    export_dialog(window, "view-png")
    vp = window.view.viewport()
    assert seen[0][0] == "Export the view" and f"{vp.width() * 4:,} × {vp.height() * 4:,} pixels" in seen[0][1]
    seen.clear()

    def answer_board(dlg):
        dlg.board.setText("9:S1950")
        seen.append((dlg.ok.isEnabled(), dlg.note.text()))
        dlg.reject()
    when_modal(answer_board)
    export_dialog(window, "board-png")
    assert seen == [(False, "There is no board 9:S1950 in this game.")]


def test_the_whole_multiverse_as_one_image(qtbot, window, tmp_path):
    _played(qtbot, window)
    assert len(window.game.world.timelines) == 2
    out = tmp_path / "all.png"
    p = em.plan(window, 1)
    assert not p.refused and p.width > 3 * em.BOARD_PX[1]
    job = em.export_multiverse(window, out, 1, show_progress=False)
    steps = []
    job.signals.progress.connect(lambda done, total: steps.append((done, total)))
    qtbot.waitUntil(lambda: not job.thread.is_alive(), timeout=60000)
    qtbot.waitUntil(lambda: window.last_status.startswith("Exported"), timeout=20000)
    assert job.error == ""
    img = QImage(str(out))
    assert (img.width(), img.height()) == (p.width, p.height)
    lay = window.scene.layout
    for k in window.game.world.boards:            # every board is drawn where the view lays it out
        r = lay.rect(k)
        x = round((r.center().x() - p.origin.x()) * p.scale)
        y = round((r.center().y() - p.origin.y()) * p.scale)
        assert img.pixel(x, y) != window.scene.theme.background.rgb(), k
    assert steps and steps[-1][0] == steps[-1][1] == len(window.game.world.boards)


def test_a_multiverse_too_large_is_made_smaller_or_refused_saying_so(qtbot, window, tmp_path, monkeypatch):
    _played(qtbot, window)
    full = em.plan(window, 4)
    monkeypatch.setattr(em, "MAX_PIXELS", full.width * full.height // 9)
    smaller = em.plan(window, 4)
    assert not smaller.refused and smaller.width * smaller.height <= em.MAX_PIXELS
    assert "too large" in smaller.text and f"{full.width:,} × {full.height:,}" in smaller.text
    out = tmp_path / "small.png"
    job = em.export_multiverse(window, out, 4, show_progress=False)
    qtbot.waitUntil(lambda: not job.thread.is_alive(), timeout=60000)
    assert QImage(str(out)).width() == smaller.width
    monkeypatch.setattr(em, "MAX_PIXELS", 1_000)
    assert em.plan(window, 1).refused
    assert em.export_multiverse(window, tmp_path / "no.png", 1, show_progress=False) is None
    assert "would not fit in memory" in window.last_message and not (tmp_path / "no.png").exists()


def test_a_cancelled_multiverse_export_writes_nothing(qtbot, window, tmp_path):
    _played(qtbot, window)
    out = tmp_path / "never.png"
    job = em.export_multiverse(window, out, 1, show_progress=False)
    job.cancelled = True
    qtbot.waitUntil(lambda: not job.thread.is_alive(), timeout=60000)
    qtbot.waitUntil(lambda: "cancelled" in window.last_status, timeout=20000)
    assert not out.exists()


def test_pdf_of_a_board_the_view_and_the_transcript(qtbot, window, tmp_path):
    _played(qtbot, window, 1)
    for what, k in (("board-pdf", key("1:S1901")), ("view-pdf", None), ("orders-pdf", None)):
        out = tmp_path / f"{what}.pdf"
        assert export_to(window, what, out, k), window.last_message
        data = out.read_bytes()
        assert data.startswith(b"%PDF") and len(data) > 2000, what


def test_print_a_board_the_view_and_the_transcript(qtbot, window, tmp_path):
    from app.ui.window.printing import print_to, printing_available
    from PySide6.QtPrintSupport import QPrinter
    assert printing_available()
    _played(qtbot, window, 1)
    for what, k in (("board", key("1:S1901")), ("view", None), ("orders", None)):
        printer = QPrinter(QPrinter.HighResolution)
        printer.setOutputFormat(QPrinter.PdfFormat)
        out = tmp_path / f"printed-{what}.pdf"
        printer.setOutputFileName(str(out))
        print_to(window, what, k, printer)
        del printer
        assert out.read_bytes().startswith(b"%PDF"), what
    window.commands.print_menu.aboutToShow.emit()
    assert all(a.isEnabled() for a in window.commands.print_actions.values())
