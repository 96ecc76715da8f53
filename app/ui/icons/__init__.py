"""The window's icons: small SVG line icons drawn for this game (24×24, one stroke colour,
``currentColor``), coloured for the theme when they are loaded, and the app icon.

Our own rather than an icon font: the order verbs (hold, support, convoy, disband) have no
good match in the general sets, and SVG stays crisp at any device pixel ratio."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QIconEngine, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QStyleOption

from ..guard import guarded

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


class ThemedSvgEngine(QIconEngine):
    """Draws an SVG icon at the size, scale and mode asked, when first asked, and keeps it:
    a toolbar asks for one size at the screen's scale, and drawing every size of every
    icon up front cost a start ~50 ms. ``svgs``: the icon's SVG text per mode (Normal, and
    Disabled when its disabled look is drawn rather than Qt's grey guess)."""

    def __init__(self, svgs: dict, small: str | None = None, sizes: tuple[int, ...] = SIZES):
        super().__init__()
        self.svgs = svgs
        self.small = small           # a simpler drawing for 32 px and less (the app icon's)
        self.sizes = sizes
        self._pixmaps: dict[tuple, QPixmap] = {}

    def _draw(self, size: QSize, mode, scale: float) -> QPixmap:
        side = max(1, round(min(size.width(), size.height()) * scale))
        svg = self.svgs.get(mode) or self.svgs[QIcon.Normal]
        if self.small is not None and side <= 32:
            svg = self.small
        key = (side, svg is self.svgs[QIcon.Normal], mode == QIcon.Disabled)
        pm = self._pixmaps.get(key)
        if pm is None:
            pm = _pixmap(svg, side)
            if mode == QIcon.Disabled and QIcon.Disabled not in self.svgs:
                pm = QApplication.style().generatedIconPixmap(QIcon.Disabled, pm, QStyleOption())
            pm.setDevicePixelRatio(scale)
            self._pixmaps[key] = pm
        return pm

    @guarded
    def pixmap(self, size, mode, state):
        return self._draw(size, mode, 1.0)

    @guarded
    def scaledPixmap(self, size, mode, state, scale):
        return self._draw(size, mode, scale)

    @guarded
    def paint(self, painter, rect, mode, state) -> None:
        dev = painter.device()
        painter.drawPixmap(rect, self._draw(rect.size(), mode, dev.devicePixelRatioF() if dev is not None else 1.0))

    @guarded
    def actualSize(self, size, mode, state):
        side = min(size.width(), size.height())
        return QSize(side, side)

    @guarded
    def availableSizes(self, mode=QIcon.Normal, state=QIcon.Off):
        return [QSize(s, s) for s in self.sizes] if mode in self.svgs or mode != QIcon.Disabled else []

    @guarded
    def clone(self):
        return ThemedSvgEngine(self.svgs, self.small, self.sizes)

    @guarded
    def key(self) -> str:
        return "ThemedSvgEngine"


@lru_cache(maxsize=256)       # every window and theme switch asks again: one engine each
def _icon(name: str, colour: str, disabled: str | None) -> QIcon:
    svg = _svg(name)
    svgs = {mode: svg.replace("currentColor", QColor(c).name())
            for mode, c in ((QIcon.Normal, colour), (QIcon.Disabled, disabled)) if c is not None}
    return QIcon(ThemedSvgEngine(svgs))


@lru_cache(maxsize=1)
def app_icon() -> QIcon:
    """The application's icon (window, task bar, desktop entry): a simpler drawing up to
    32 px (``app-small.svg``), where the full one's details would blur. Drawn at the sizes
    asked, when asked."""
    return QIcon(ThemedSvgEngine({QIcon.Normal: _svg("app")}, small=_svg("app-small"),
                                 sizes=(16, 20, 24, 32, 40, 48, 64, 96, 128, 256)))
