"""The window's icons: small SVG line icons drawn for this game (24×24, one stroke colour,
``currentColor``), coloured for the theme when they are loaded, and the app icon.

Our own rather than an icon font: the order verbs (hold, support, convoy, disband) have no
good match in the general sets, and SVG stays crisp at any device pixel ratio."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

ICON_DIR = Path(__file__).parent
APP_ICON = ICON_DIR / "app.svg"         # the desktop entry's icon (app/ui/desktop.py)
SIZES = (16, 20, 32, 40)     # menus and toolbar, at 1× and 2×


def _pixmap(svg: str, size: int) -> QPixmap:
    pm = QPixmap(size, size)
    pm.fill(Qt.transparent)
    p = QPainter(pm)
    p.setRenderHint(QPainter.Antialiasing)
    QSvgRenderer(QByteArray(svg.encode())).render(p, QRectF(0, 0, size, size))
    p.end()
    return pm


@lru_cache(maxsize=None)
def _svg(name: str) -> str:
    return (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")


def icon(name: str, colour: QColor | str, disabled: QColor | str | None = None) -> QIcon:
    """The icon ``name`` (a file ``icons/NAME.svg``) drawn in ``colour``; ``disabled``: the
    colour of its disabled look (Qt's own greying is too faint on a dark theme)."""
    return _icon(name, QColor(colour).name(), QColor(disabled).name() if disabled is not None else None)


@lru_cache(maxsize=256)       # every window and theme switch asks again: draw each once
def _icon(name: str, colour: str, disabled: str | None) -> QIcon:
    svg = _svg(name)
    out = QIcon()
    for mode, c in ((QIcon.Normal, colour), (QIcon.Disabled, disabled)):
        if c is None:
            continue
        text = svg.replace("currentColor", QColor(c).name())
        for size in SIZES:
            out.addPixmap(_pixmap(text, size), mode)
    return out


@lru_cache(maxsize=1)
def app_icon() -> QIcon:
    """The application's icon (window, task bar, desktop entry): a simpler drawing up to
    32 px (``app-small.svg``), where the full one's details would blur."""
    out = QIcon()
    for name, sizes in (("app-small", (16, 20, 24, 32)), ("app", (40, 48, 64, 96, 128, 256))):
        svg = _svg(name)
        for size in sizes:
            out.addPixmap(_pixmap(svg, size))
    return out
