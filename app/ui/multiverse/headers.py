"""The view's sticky headers: each visible column named by its turn, each row by its
timeline. A name is the longest that fits the part of its column in view, or none: never a
clipped one."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter

from app.engine import Season, Turn, YEARS

from ..civ.names import calendar_for

HEADER_H = 26
HEADER_W = 92


def paint_headers(view, painter: QPainter) -> None:
    """The sticky headers over the view (painter in viewport pixels): the turns' names over
    their columns, the timelines' beside their rows."""
    theme = view.ws.theme
    lay = view.ws.layout
    world = view.ws.world
    vp = view.viewport().rect()
    painter.setRenderHint(QPainter.Antialiasing, False)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    painter.fillRect(QRectF(0, 0, vp.width(), HEADER_H), theme.header)
    painter.fillRect(QRectF(0, 0, HEADER_W, vp.height()), theme.header)
    f = QFont(theme.font_family)
    f.setPixelSize(12)
    f.setBold(True)
    painter.setFont(f)
    fm = QFontMetricsF(f)
    painter.setPen(theme.header_text)
    s = view.scale_factor()
    left = view.mapToScene(0, 0)
    right = view.mapToScene(vp.width(), vp.height())
    # columns: the longest name that fits its column (the year over a whole year's columns
    # when even "S1901" does not); nothing rather than a clipped name
    year0 = lay.first_year + int((left.x()) // lay.year_w) - 1
    year1 = lay.first_year + int((right.x()) // lay.year_w) + 1
    last = max(world.ends.values()) if world.ends else None
    if last is not None and view.ws.ghosts:      # ghost boards (support into the future) are named too
        last = max([last, *(k.turn for k in view.ws.ghosts)])
    cal = calendar_for(world)               # a civilisations game names years BC (RULES.md §10)

    def year_text(y: int) -> str:
        return cal.year(Turn(y, Season.SPRING)) if cal.is_civ else str(y)
    year_need = fm.horizontalAdvance(year_text(lay.first_year)) + 8
    if (lay.year_w - lay.gap_x) * s < year_need:
        # far out: every 2nd, 5th, 10th… year, at the start of its columns, as on a time axis
        step = next((n for n in (2, 5, 10, 20, 50, 100) if n * lay.year_w * s >= year_need), 200)
        for year in range(year0 - step, year1 + 1):
            if year < lay.first_year or (year - lay.first_year) % step:
                continue
            if last is not None and Turn(year, Season.SPRING) > last:
                break
            x0 = (lay.column_x(Turn(year, Season.SPRING)) - left.x()) * s
            a, b = max(x0, HEADER_W) + 3, min(x0 + step * lay.year_w * s, vp.width())
            if fm.horizontalAdvance(year_text(year)) + 3 <= b - a:
                painter.drawText(QRectF(a, 0, b - a, HEADER_H), Qt.AlignLeft | Qt.AlignVCenter, year_text(year))
        year1 = year0 - 1                        # no season names
    for year in range(year0, year1 + 1):
        if year < lay.first_year:
            continue
        for season in Season:
            t = Turn(year, season)
            if last is not None and t > last:
                break
            x0 = (lay.column_x(t) - left.x()) * s
            w = lay.column_width(t) * s
            if x0 + w < HEADER_W or x0 > vp.width():
                continue
            if column_label(t, w, fm, cal) is None and season == Season.SPRING:
                w = (lay.year_w - lay.gap_x) * s        # the year, over its columns
                short = True
            else:
                short = False
            # named within the part of the column in view: a name half under the row
            # headers or past the window's edge moves in, or shortens, or is left out
            a, b = max(x0, HEADER_W), min(x0 + w, vp.width())
            if short:
                text = year_text(year) if fm.horizontalAdvance(year_text(year)) + 6 <= b - a else None
            else:
                text = column_label(t, b - a, fm, cal)
            if text is not None:
                painter.drawText(QRectF(a, 0, b - a, HEADER_H), Qt.AlignCenter, text)
            if short:
                break                                   # the year stands over Fall and Winter too
    # rows
    for tl in world.timelines:
        y0 = (lay.row_y(tl) - left.y()) * s
        h = lay.board_h * s
        if y0 + h < HEADER_H or y0 > vp.height():
            continue
        if h < 14 and tl % max(1, int(14 / max(h, 0.1)) + 1) != 0:
            continue
        label = f"Timeline {tl}" if h > 60 else str(tl)
        painter.drawText(QRectF(4, y0, HEADER_W - 8, max(h, 14)), Qt.AlignVCenter | Qt.AlignLeft, label)
    painter.setPen(theme.past_frame)
    painter.drawLine(0, HEADER_H, vp.width(), HEADER_H)
    painter.drawLine(HEADER_W, 0, HEADER_W, vp.height())


def column_label(turn: Turn, width: float, fm: QFontMetricsF, cal=YEARS) -> str | None:
    """The longest of a turn's names that fits ``width`` pixels in the font of ``fm``: a
    Winter column, narrower than its year's others, keeps its initial when its short name
    no longer fits (the year stands over the Spring and Fall beside it)."""
    long, short = (cal.title(turn), cal.short(turn)) if cal.is_civ else (turn.title, str(turn))
    names = (long, short) + ((long[0],) if turn.season == Season.WINTER and long else ())
    for text in names:
        if fm.horizontalAdvance(text) + 6 <= width:
            return text
    return None
