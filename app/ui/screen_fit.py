"""Windows that fit the screen they open on, a 1366×768 laptop included.

Every top-level window and dialog asks for the size it would like through
:func:`fit_to_screen`; it gets that size, or less when the screen's available area (without
the desktop's task bars) is smaller, and is placed inside that area. Room is left for the
window manager's title bar and borders, which Qt only learns once the window is shown.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QRect, QSize
from PySide6.QtGui import QGuiApplication

from .guard import guarded

# What a window manager adds around a window (borders, a title bar), kept free around the
# window's own size so that its frame, title-bar buttons included, stays on the screen.
FRAME_ROOM = QSize(16, 40)


def available_rect(widget=None) -> QRect:
    """The area of ``widget``'s screen (or the primary one) a window may use."""
    screen = None
    if widget is not None:
        parent = widget.parentWidget()
        screen = (parent.window().screen() if parent is not None else None) or widget.screen()
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1600, 1000)


def room(widget=None) -> QSize:
    """The largest window (without its frame) that fits the available area."""
    a = available_rect(widget)
    return QSize(max(320, a.width() - FRAME_ROOM.width()), max(240, a.height() - FRAME_ROOM.height()))


def fitting(width: int, height: int, widget=None) -> QSize:
    """``width`` × ``height``, shrunk to :func:`room` where the screen is smaller."""
    r = room(widget)
    return QSize(min(width, r.width()), min(height, r.height()))


def fit_to_screen(widget, width: int, height: int) -> QSize:
    """Give ``widget`` (a top-level window) the size it would like, within the screen, and
    place it over its parent window's centre (or the screen's), inside the available area.
    A layout whose minimum is larger than the room is shown at the room's size all the same
    (its scroll areas and elided texts take the difference)."""
    r = room(widget)
    hint = widget.minimumSizeHint()
    size = QSize(min(max(width, hint.width()), r.width()), min(max(height, hint.height()), r.height()))
    widget.resize(size)
    place_inside(widget, size)
    return size


def place_inside(widget, size: QSize | None = None) -> None:
    """Move ``widget`` so that its frame lies inside the available area, centred on its
    parent window when it has one (a window's position is its frame's)."""
    size = size or widget.size()
    a = available_rect(widget)
    parent = widget.parentWidget()
    centre = parent.window().frameGeometry().center() if parent is not None else a.center()
    outer_w, outer_h = size.width() + FRAME_ROOM.width(), size.height() + FRAME_ROOM.height()
    x = max(a.left(), min(centre.x() - outer_w // 2, a.right() + 1 - outer_w))
    y = max(a.top(), min(centre.y() - outer_h // 2, a.bottom() + 1 - outer_h))
    widget.move(QPoint(x, y))


class _KeepInside(QObject):
    """Puts its window back inside the available area whenever it is shown or resized."""

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if event.type() in (QEvent.Show, QEvent.Resize) and obj.isWindow() and obj.isVisible() and not fits(obj):
            place_inside(obj)
        return False


def keep_inside(widget) -> None:
    """Keep ``widget`` (a top-level window whose content grows, such as the new-game dialog
    when seats are added) inside the available area: a window that grows past the screen's
    bottom edge is moved up, over its parent's centre where there is room."""
    widget.installEventFilter(_KeepInside(widget))


def fits(widget) -> bool:
    """Whether ``widget``'s frame lies inside the available area, with room for a title bar."""
    a = available_rect(widget)
    g = widget.frameGeometry()
    return a.contains(g) and widget.height() + FRAME_ROOM.height() <= a.height() \
        and widget.width() + FRAME_ROOM.width() <= a.width()


APP_NAME = "5D Diplomacy"
TITLE_BAR_EXTRAS = 130     # a title bar's icon and buttons, beside the title


def title_width(widget) -> int:
    """How wide ``widget`` must be for a window manager to show its whole title, with the
    application's name it appends (" — 5D Diplomacy"), in a bold title-bar font."""
    from PySide6.QtGui import QFont, QFontMetrics
    title = widget.windowTitle()
    full = title if title.endswith(APP_NAME) else f"{title} — {APP_NAME}"
    f = QFont(widget.font())
    f.setBold(True)
    return QFontMetrics(f).horizontalAdvance(full) + TITLE_BAR_EXTRAS


def fit_title(widget) -> None:
    """Make ``widget`` at least as wide as its title needs (within the screen): a short
    dialog's title is never cut to "Export a …iplomacy"."""
    from PySide6.QtWidgets import QInputDialog, QLabel, QMessageBox, QSizePolicy, QSpacerItem
    want = min(room(widget).width(), max(widget.minimumWidth(), title_width(widget)))
    label = widget.findChild(QLabel) if isinstance(widget, QInputDialog) else None
    if isinstance(widget, QMessageBox):
        # a message box sizes itself to its text: a strut across its grid widens it
        grid = widget.layout()
        m = grid.contentsMargins()
        grid.addItem(QSpacerItem(want - m.left() - m.right(), 0, QSizePolicy.Minimum, QSizePolicy.Expanding),
                     grid.rowCount(), 0, 1, grid.columnCount())
    elif label is not None:
        # an input dialog sets its own minimum from its layout on every show: widen its label
        label.setMinimumWidth(want)
    else:
        widget.setMinimumWidth(want)
