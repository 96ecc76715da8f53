"""Drawing a centre chart with QPainter: one line per nation over the submissions, the
victory line, axes and a legend. Used by the chart dock, its PNG export and the ``chart``
command (no window needed: a QImage and a QGuiApplication do).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen

if TYPE_CHECKING:
    from app.match.chart import CentreChart


def series(chart: CentreChart, timeline: int | None) -> list[tuple[str, list[int | None]]]:
    """(nation, counts per point) for the victory count (``timeline`` None) or one timeline."""
    out = []
    for j, n in enumerate(chart.nations):
        if timeline is None:
            out.append((n, [row[j] for row in chart.totals]))
        else:
            out.append((n, [None if row is None else row[j] for row in chart.per_timeline.get(timeline, ())]))
    return out


def paint_chart(p: QPainter, rect: QRectF, chart: CentreChart, timeline: int | None, colours: dict[str, str],
                text: QColor, grid: QColor, font_family: str = "DejaVu Sans", title: str | None = None
                ) -> tuple[str, float] | None:
    """The chart in ``rect``. Many points (a long game) are drawn as one path per nation,
    one vertex per point; the axis labels are thinned to fit. Returns the fog of war's
    note drawn above the plot and the room it had (None: no note)."""
    p.save()
    p.setRenderHint(QPainter.Antialiasing, True)
    f = QFont(font_family)
    f.setPixelSize(12)
    p.setFont(f)
    fm = p.fontMetrics()
    lines = series(chart, timeline)
    top_value = max([chart.victory if timeline is None and chart.victory is not None else 0] +
                    [v for _, vs in lines for v in vs if v is not None] + [1])
    top_value = int(top_value * 1.08) + 1
    head = fm.height() + 10 if title else 6
    note_top = rect.top() + head
    if chart.hidden:                      # a band of its own: inside the plot it covered the victory label
        head += fm.height() + 4
    left = fm.horizontalAdvance(str(top_value)) + 14
    # a legend only where there is room for it (a small dock shows the colours alone)
    legend = _legend_layout(lines, fm, rect.left() + left, rect.right()) if rect.height() > 170 else []
    legend_rows = (max(r for r, _x, _l in legend) + 1) if legend else 0
    plot = QRectF(rect.left() + left, rect.top() + head, rect.width() - left - 12,
                  rect.height() - head - fm.height() * 2 - legend_rows * (fm.height() + 2) - 18)
    if plot.width() < 20 or plot.height() < 20:
        p.restore()
        return
    if title:
        bold = QFont(f)
        bold.setBold(True)
        p.setFont(bold)
        p.setPen(text)
        p.drawText(QRectF(rect.left(), rect.top(), rect.width(), head), Qt.AlignLeft | Qt.AlignVCenter,
                   title)
        p.setFont(f)
    n = max(chart.points, 1)
    x_of = lambda i: plot.left() + (plot.width() * i / (n - 1) if n > 1 else plot.width() / 2)  # noqa: E731
    y_of = lambda v: plot.bottom() - plot.height() * v / top_value                             # noqa: E731
    # grid and y axis
    step = max(1, _nice_step(top_value, plot.height() / (fm.height() * 1.8)))
    p.setPen(QPen(grid, 1))
    for v in range(0, top_value + 1, step):
        y = y_of(v)
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        p.setPen(text)
        p.drawText(QRectF(rect.left(), y - fm.height() / 2, left - 6, fm.height()), Qt.AlignRight | Qt.AlignVCenter,
                   str(v))
        p.setPen(QPen(grid, 1))
    # x axis: submission numbers, thinned
    every = max(1, _nice_step(n, plot.width() / (fm.horizontalAdvance("0000") + 8)))
    for i in range(0, n, every):
        x = x_of(i)
        p.setPen(QPen(grid, 1))
        p.drawLine(QPointF(x, plot.bottom()), QPointF(x, plot.bottom() + 4))
        p.setPen(text)
        p.drawText(QRectF(x - 30, plot.bottom() + 5, 60, fm.height()), Qt.AlignHCenter | Qt.AlignTop, str(i))
    p.drawText(QRectF(plot.left(), plot.bottom() + fm.height() + 6, plot.width(), fm.height()),
               Qt.AlignHCenter | Qt.AlignTop, "submission")
    # the victory line
    if timeline is None and chart.victory is not None and chart.victory <= top_value:
        y = y_of(chart.victory)
        p.setPen(QPen(QColor("#c92a2a"), 1.5, Qt.DashLine))
        p.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
        above = y - fm.height() - 2
        grid_above = y_of((chart.victory // step + 1) * step)    # the grid line the label would sit on
        label_y = above if above >= plot.top() and above >= grid_above else y + 2
        p.drawText(QRectF(plot.left() + 4, label_y, plot.width(), fm.height()),
                   Qt.AlignLeft | Qt.AlignBottom, f"{chart.victory} to win")
    # one path per nation
    for nation, values in lines:
        path = QPainterPath()
        started = False
        for i, v in enumerate(values):
            if v is None:
                started = False
                continue
            pt = QPointF(x_of(i), y_of(v))
            if started:
                path.lineTo(pt)
            else:
                path.moveTo(pt)
                started = True
        colour = QColor(colours.get(nation, "#777777"))
        p.setPen(QPen(colour, 2.2, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
        p.setBrush(Qt.NoBrush)
        p.drawPath(path)
        if n <= 60:                          # few points: mark each
            p.setBrush(colour)
            p.setPen(Qt.NoPen)
            for i, v in enumerate(values):
                if v is not None:
                    p.drawEllipse(QPointF(x_of(i), y_of(v)), 2.6, 2.6)
    # legend: each nation with its latest count, in as many rows as it takes
    y0 = rect.bottom() - legend_rows * (fm.height() + 2)
    for (nation, _values), (row, x, label) in zip(lines, legend):
        y = y0 + row * (fm.height() + 2)
        p.setPen(Qt.NoPen)
        p.setBrush(QColor(colours.get(nation, "#777777")))
        p.drawRoundedRect(QRectF(x, y + fm.height() / 2 - 4, 14, 8), 2, 2)
        p.setPen(text)
        p.drawText(QRectF(x + 18, y, fm.horizontalAdvance(label) + 4, fm.height()), Qt.AlignLeft | Qt.AlignVCenter,
                   label)
    if chart.hidden:
        p.setPen(text)
        note = (hidden_note(fm, plot.width() - 4), plot.width() - 4)
        p.drawText(QRectF(plot.left(), note_top, note[1], fm.height()), Qt.AlignRight | Qt.AlignTop, note[0])
    p.restore()
    return note if chart.hidden else None


HIDDEN_NOTES = ("other nations' counts are hidden (fog of war)", "others hidden (fog of war)", "others hidden")


def hidden_note(fm, width: float) -> str:
    """The note that other nations are not shown, as long as ``width`` takes: in the side
    panel the whole sentence ran off the chart's left edge."""
    return next((t for t in HIDDEN_NOTES if fm.horizontalAdvance(t) <= width),
                fm.elidedText(HIDDEN_NOTES[-1], Qt.ElideRight, int(width)))


def _legend_layout(lines, fm, left: float, right: float) -> list[tuple[int, float, str]]:
    """(row, x, label) of each nation's legend entry, wrapped to the width."""
    out, row, x = [], 0, left
    for nation, values in lines:
        last = next((v for v in reversed(values) if v is not None), None)
        label = f"{nation} {last if last is not None else '–'}"
        w = fm.horizontalAdvance(label) + 28
        if x + w > right and x > left:
            row, x = row + 1, left
        out.append((row, x, label))
        x += w
    return out


def _nice_step(span: int, slots: float) -> int:
    """A step of 1, 2, 5, 10, 20, 50… that puts at most about ``slots`` marks over ``span``."""
    raw = span / max(slots, 1.0)
    step = 1
    while step < raw:
        step = step * 5 // 2 if str(step)[0] == "2" else step * 2      # 1, 2, 5, 10, 20, 50, …
    return step


def chart_image(chart: CentreChart, timeline: int | None, colours: dict[str, str], width: int = 1200,
                height: int = 700, dark: bool = False, title: str | None = None) -> QImage:
    """The chart as an image (PNG export, the ``chart`` command)."""
    img = QImage(width, height, QImage.Format_ARGB32_Premultiplied)
    img.fill(QColor("#22262c") if dark else QColor("#fffdf8"))
    p = QPainter(img)
    text, grid = (QColor("#e6e9ef"), QColor("#4b5260")) if dark else (QColor("#2b2620"), QColor("#d9d2c3"))
    paint_chart(p, QRectF(16, 12, width - 32, height - 24), chart, timeline, colours, text, grid, title=title)
    p.end()
    return img
