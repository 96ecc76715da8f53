"""Where the main window opens: its last size and place if they still fit a screen, else a
size that fits the available screen (a 1366×768 laptop included). Remembered in the
window's QSettings (``window/geometry``, ``window/state``)."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication

PREFERRED = QSize(1600, 1000)


def available_rect(w) -> QRect:
    """The screen area the window may use (without task bars and docks of the desktop)."""
    screen = w.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, PREFERRED.width(), PREFERRED.height())


def fitting_size(avail: QRect) -> QSize:
    """The preferred size, shrunk to the available area less room for the window frame."""
    return QSize(min(PREFERRED.width(), max(640, avail.width() - 16)),
                 min(PREFERRED.height(), max(480, avail.height() - 40)))


def place_window(w, settings) -> None:
    """Restore the remembered geometry when it fits the screen now; else fit the screen."""
    avail = available_rect(w)
    geometry = settings.value("window/geometry")
    if geometry is not None and w.restoreGeometry(geometry):
        g = w.frameGeometry()
        if avail.contains(g) or (g.width() <= avail.width() and g.height() <= avail.height()
                                 and avail.intersects(g)):
            state = settings.value("window/state")
            if state is not None:
                w.restoreState(state)
            return
    size = fitting_size(avail)
    w.resize(size)
    w.move(avail.x() + (avail.width() - size.width()) // 2, avail.y() + (avail.height() - size.height()) // 2)


def remember_window(w, settings) -> None:
    settings.setValue("window/geometry", w.saveGeometry())
    settings.setValue("window/state", w.saveState())
