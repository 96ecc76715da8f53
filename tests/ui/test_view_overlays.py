"""Headers and notices stay put while the view pans (pixels read back from the window's
backing store, i.e. what the screen shows, not a fresh render)."""

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication

from app.ui.app import settle
from app.ui.world_view import HEADER_H, HEADER_W


def _screen(window):
    QApplication.processEvents()
    return window.screen().grabWindow(window.winId()).toImage()


def _band(img, window, x0, y0, x1, y1):
    """The band's pixels as a list of rows (viewport coordinates)."""
    o = window.view.viewport().mapTo(window, QPoint(0, 0))
    return [[img.pixel(o.x() + x, o.y() + y) for x in range(x0, x1, 3)] for y in range(y0, y1)]


def test_panning_keeps_the_header_bands_intact(window, qtbot):
    window.new_game(confirmed=True)
    window.resize(1366, 768)
    window.view.go_to_present()
    settle(window)
    vp = window.view.viewport()
    before = _screen(window)
    row_header = _band(before, window, 0, HEADER_H + 1, HEADER_W - 1, vp.height(), )
    h, v = window.view.horizontalScrollBar(), window.view.verticalScrollBar()
    x0, y0 = h.value(), v.value()
    for _ in range(12):                 # a pan, painted step by step as a drag would be
        h.setValue(h.value() + 23)
        v.setValue(v.value() + 17)
        QApplication.processEvents()
    for _ in range(12):
        h.setValue(h.value() - 23)
        v.setValue(v.value() - 17)
        QApplication.processEvents()
    assert (h.value(), v.value()) == (x0, y0)
    after = _screen(window)
    # back where it started: the header bands are exactly as before
    assert _band(after, window, 0, 0, vp.width(), HEADER_H) == _band(before, window, 0, 0, vp.width(), HEADER_H)
    assert _band(after, window, 0, HEADER_H + 1, HEADER_W - 1, vp.height()) == row_header
    # and while panned, the band is still the header colour (no board pixels slid into it)
    h.setValue(h.value() + 200)
    QApplication.processEvents()
    panned = _screen(window)
    theme = window.scene.theme.header.rgb()
    corner = _band(panned, window, 0, 0, HEADER_W - 2, HEADER_H - 2)
    assert all(p == theme for row in corner for p in row)


def test_notices_are_not_inside_the_scrolled_view(window, qtbot):
    window.new_game(confirmed=True)
    settle(window)
    window.show_toast("<b>Submission 1</b>")
    for notice in (window.toast, window.banner):
        w = notice.parentWidget()
        while w is not None:
            assert w is not window.view
            w = w.parentWidget()
    vp = window.view.viewport()
    pos = window.toast.mapTo(window, QPoint(0, 0))
    window.view.horizontalScrollBar().setValue(window.view.horizontalScrollBar().value() + 300)
    QApplication.processEvents()
    assert window.toast.mapTo(window, QPoint(0, 0)) == pos
    centre = vp.mapTo(window, QPoint(vp.width() // 2, 0)).x()
    assert abs(pos.x() + window.toast.width() // 2 - centre) <= 1
