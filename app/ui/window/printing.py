"""PDF and print: a board (as vectors, with its caption), the view (as on the screen, at
twice its resolution) or the orders and results (paginated text), on any paged device —
a PDF (Qt's QPdfWriter, always there) or a printer (QtPrintSupport's QPrinter and its
dialog, when the installation has it). What is drawn is what the seat at the table may see,
as for every export (:mod:`.export`)."""

from __future__ import annotations

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import QFont, QFontDatabase, QPageLayout, QPageSize, QPagedPaintDevice, QPainter, QTextDocument

from app.engine import BoardKey

from .. import disk
from ..guard import guarded
from ..multiverse.map_art import paint_board

try:                                   # print support is a separate Qt module: PDF works without it
    from PySide6.QtPrintSupport import QPrintDialog, QPrinter
except ImportError:                    # pragma: no cover - PySide6-Essentials ships it on every platform
    QPrintDialog = QPrinter = None

PDF_DPI = 300
MARGIN_MM = 10.0


def printing_available() -> bool:
    return QPrinter is not None


def _layout_for(device: QPagedPaintDevice, landscape: bool) -> None:
    device.setPageLayout(QPageLayout(QPageSize(QPageSize.A4),
                                     QPageLayout.Landscape if landscape else QPageLayout.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Millimeter))


def paint_pages(w, what: str, key: BoardKey | None, device: QPagedPaintDevice) -> None:
    """Draw ``what`` (``board``, ``view`` or ``orders``) on ``device`` (a PDF or a printer)."""
    from .export import board_state, board_caption, check_seated, transcript_text, view_image
    check_seated(w)
    if what == "orders":
        _layout_for(device, landscape=False)
        doc = QTextDocument()
        font = QFontDatabase.systemFont(QFontDatabase.FixedFont)
        font.setPointSizeF(8.5)
        doc.setDefaultFont(font)
        doc.setPlainText(transcript_text(w))
        doc.setPageSize(QSizeF(device.pageLayout().paintRectPixels(device.resolution()).size()))
        doc.print_(device)
        return
    if what == "board":
        state = board_state(w, key)
        art = w.scene.art
        _layout_for(device, landscape=art.rect.width() > art.rect.height())
        p = QPainter(device)
        page = QRectF(p.viewport())
        caption_h = page.height() * 0.045
        f = QFont(w.font())
        f.setPixelSize(max(8, int(caption_h * 0.5)))
        f.setBold(True)
        p.setFont(f)
        p.drawText(QRectF(page.left(), page.top(), page.width(), caption_h), Qt.AlignLeft | Qt.AlignVCenter,
                   board_caption(w, key))
        body = QRectF(page.left(), page.top() + caption_h, page.width(), page.height() - caption_h)
        s = min(body.width() / art.rect.width(), body.height() / art.rect.height())
        p.translate(body.left() + (body.width() - art.rect.width() * s) / 2, body.top())
        p.scale(s, s)
        p.setClipRect(art.rect)
        p.setRenderHint(QPainter.Antialiasing)
        # the names as large on paper as on a board printed 16 cm across at 96 dpi
        paint_board(p, art, state, detail=True, text_scale=max(1.0, s * art.rect.width() / 1600))
        p.end()
        return
    if what == "view":
        img = view_image(w, 2)
        _layout_for(device, landscape=img.width() >= img.height())
        p = QPainter(device)
        page = QRectF(p.viewport())
        s = min(page.width() / img.width(), page.height() / img.height())
        p.setRenderHint(QPainter.SmoothPixmapTransform)
        p.drawImage(QRectF(page.left(), page.top(), img.width() * s, img.height() * s), img)
        p.end()
        return
    raise ValueError(what)


def pdf_bytes(w, what: str, key: BoardKey | None = None) -> bytes:
    """``what`` as a PDF document (A4, 300 dpi)."""
    title = {"board": f"Board {key}", "view": "The view", "orders": "Orders and results"}[what]
    return disk.pdf_bytes(title, PDF_DPI, lambda writer: paint_pages(w, what, key, writer))[0]


def print_to(w, what: str, key: BoardKey | None, printer) -> None:
    """Print ``what`` on ``printer`` (a configured QPrinter)."""
    paint_pages(w, what, key, printer)


@guarded
def print_dialog(w, what: str) -> None:
    """File → Print ▸: ask which board (for a board), then the system's print dialog."""
    from .export import ExportError, board_under_cursor, seated
    from .export_sizes import describe
    from .export_options import ask_options
    if not seated(w, "print"):
        return
    key = None
    if what == "board":
        options = ask_options(w, "print-board", board_under_cursor(w), lambda o: describe(w, "board-pdf", o))
        if options is None:
            return
        key = options.key
    printer = QPrinter(QPrinter.HighResolution)
    dlg = QPrintDialog(printer, w)
    dlg.setWindowTitle({"board": f"Print board {key}", "view": "Print the view",
                        "orders": "Print the orders and results"}[what])
    w.hold_prompt(dlg)
    try:
        if dlg.exec() != QPrintDialog.Accepted:
            return
    finally:
        w.hold_prompt(None)
    try:
        print_to(w, what, key, printer)
    except ExportError as e:
        w.show_message("Cannot print", str(e))
        return
    w.set_status("Sent to the printer.")


