"""The game record as a PDF (Qt's QPdfWriter): a title page with how the game ended, the
centre chart over time and the story's figures (:mod:`app.match.story`), then every
submission's orders and results in the game's notation (the engine's transcript), with
page numbers.

The pages are painted by :func:`paint_record` on any paged device, so the same drawing
could go to a printer.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QMarginsF, QRectF, QSizeF, Qt
from PySide6.QtGui import (QAbstractTextDocumentLayout, QColor, QFont, QPageLayout, QPageSize, QPagedPaintDevice,
                           QPainter, QPalette, QTextDocument)

from app.engine import format_transcript

from ..disk import pdf_bytes, write_bytes_atomic
from ..studio.chart_art import paint_chart
from .animation import Cancelled
from app.match.story import figure_lines

PDF_DPI = 150
MARGIN_MM = 14.0
INK = QColor("#2b2620")
GRID = QColor("#d9d2c3")


def transcript_html(game) -> str:
    """The transcript's lines as HTML: a heading per submission and per board, orders in
    a fixed-width font (the notation lines up)."""
    out = []
    for line in format_transcript(game).splitlines():
        text = html.escape(line)
        if line.startswith("== "):
            out.append(f"<h3 style='margin-top:10px'>{text.strip('= ')}</h3>")
        elif line.startswith("-- "):
            out.append(f"<p style='margin:4px 0 0 0'><b>{text.strip('- ')}</b></p>")
        elif line.startswith("# "):
            out.append(f"<p style='margin:0; color:#6b6259'>{text[2:]}</p>")
        elif line.strip():
            out.append(f"<p style='margin:0 0 0 12px; font-family:\"DejaVu Sans Mono\", monospace'>{text}</p>")
    return "\n".join(out)


def paint_record(device: QPagedPaintDevice, game, story, headline: str,
                 progress: Callable[[int, int], None] | None = None,
                 cancelled: Callable[[], bool] = lambda: False) -> int:
    """Paint the record on ``device``; returns the number of pages."""
    device.setPageLayout(QPageLayout(QPageSize(QPageSize.A4), QPageLayout.Portrait,
                                     QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Millimeter))
    doc = QTextDocument()
    doc.documentLayout().setPaintDevice(device)      # fonts measured at the page's resolution
    base = QFont("DejaVu Sans")
    base.setPointSizeF(8.5)
    doc.setDefaultFont(base)
    doc.setHtml(transcript_html(game))
    p = QPainter(device)
    try:
        page = QRectF(p.viewport())
        footer_h = page.height() * 0.03
        body = QRectF(page.left(), page.top(), page.width(), page.height() - footer_h)
        doc.setPageSize(QSizeF(body.width(), body.height()))
        total = 1 + doc.pageCount()
        _title_page(p, body, game, story, headline)
        _footer(p, page, footer_h, 1, total)
        for i in range(doc.pageCount()):
            if cancelled():
                raise Cancelled
            device.newPage()
            p.save()
            p.translate(body.left(), body.top() - i * body.height())
            _draw_text(doc, p, QRectF(0, i * body.height(), body.width(), body.height()))
            p.restore()
            _footer(p, page, footer_h, i + 2, total)
            if progress is not None:
                progress(i + 1, doc.pageCount())
    finally:
        p.end()
    return total


def _draw_text(doc: QTextDocument, p: QPainter, clip: QRectF) -> None:
    """The part ``clip`` of ``doc``, its text in ink: paper is white whatever the theme
    (``drawContents`` takes the application's palette: in the dark theme, pale text on
    white pages)."""
    context = QAbstractTextDocumentLayout.PaintContext()
    context.palette.setColor(QPalette.Text, INK)
    context.clip = clip
    p.save()
    p.setClipRect(clip)
    doc.documentLayout().draw(p, context)
    p.restore()


def _font(p: QPainter, points: float, bold: bool = False) -> QFont:
    f = QFont("DejaVu Sans")
    f.setPointSizeF(points)
    f.setBold(bold)
    p.setFont(f)
    return f


def _footer(p: QPainter, page: QRectF, height: float, number: int, total: int) -> None:
    _font(p, 7.5)
    p.setPen(QColor("#6b6259"))
    p.drawText(QRectF(page.left(), page.bottom() - height, page.width(), height), Qt.AlignRight | Qt.AlignBottom,
               f"page {number} of {total}")


def _title_page(p: QPainter, body: QRectF, game, story, headline: str) -> None:
    p.setPen(INK)
    y = body.top()
    _font(p, 20, bold=True)
    h = p.fontMetrics().height() * 1.3
    p.drawText(QRectF(body.left(), y, body.width(), h), Qt.AlignLeft | Qt.AlignVCenter, headline)
    y += h
    _font(p, 9.5)
    line_h = p.fontMetrics().height() * 1.25
    p.drawText(QRectF(body.left(), y, body.width(), line_h), Qt.AlignLeft | Qt.AlignVCenter,
               f"5D Diplomacy · {story.variant} · {game.adjacency} adjacency · seed {game.seed}")
    y += line_h * 1.5
    chart_h = body.height() * 0.42
    colours = {n: x.colour for n, x in game.variant.nations.items()}
    s = p.device().logicalDpiX() / 110          # the chart's pixel sizes, as on a screen a little denser than 96 dpi
    p.save()
    p.translate(body.left(), y)
    p.scale(s, s)
    paint_chart(p, QRectF(0, 0, body.width() / s, chart_h / s), story.chart, None, colours, INK, GRID,
                title="Supply centres after each submission (distinct centres on the active boards)")
    p.restore()
    y += chart_h + line_h
    for bold, text in figure_lines(story):
        _font(p, 9.5, bold=bold)
        if bold:
            y += line_h * 0.4
        flags = Qt.AlignLeft | Qt.AlignTop | Qt.TextWordWrap
        need = p.boundingRect(QRectF(body.left(), y, body.width(), body.height()), flags, text).height()
        if y + need > body.bottom():
            break
        p.drawText(QRectF(body.left(), y, body.width(), need), flags, text)
        y += need + line_h * 0.15


def write_pdf(path: Path, game, story, headline: str, progress=None, cancelled=lambda: False) -> int:
    """Write the record to ``path`` through a temporary file and a rename; returns the
    number of pages. Raises OSError, :class:`Cancelled`.

    The pages are painted into memory and written by Python's own file: QPdfWriter on a
    file drops a write error (a full disk left an empty file said to be written)."""
    data, pages = pdf_bytes(f"{headline} — 5D Diplomacy game record", PDF_DPI,
                            lambda writer: paint_record(writer, game, story, headline, progress, cancelled))
    write_bytes_atomic(path, data)
    return pages
