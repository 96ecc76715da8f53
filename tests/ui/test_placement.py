"""The window opens at a size that fits the screen and remembers its size between runs."""

from PySide6.QtCore import QRect, QSize

from app.ui.window.placement import available_rect, fitting_size


def _open(qtbot):
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.files.ask_unsaved = lambda doing: "discard"
    return w


def test_a_fresh_window_fits_the_available_screen(qtbot):
    w = _open(qtbot)
    w.new_game(confirmed=True)
    w.show()
    avail = available_rect(w)                   # 800×800 on the offscreen platform
    assert w.width() <= avail.width() and w.height() <= avail.height()
    assert w.minimumSizeHint().height() <= 768 - 40 and w.minimumSizeHint().width() <= 1366
    assert fitting_size(QRect(0, 0, 1366, 728)) == QSize(1350, 688)
    assert fitting_size(QRect(0, 0, 2560, 1400)) == QSize(1600, 1000)


def test_the_size_is_remembered_only_while_it_fits(qtbot):
    w = _open(qtbot)
    w.show()
    w.resize(700, 500)
    w.close()
    again = _open(qtbot)
    assert again.size() == QSize(700, 500)
    again.resize(3000, 2000)                     # larger than the screen: not restored as is
    again.close()
    third = _open(qtbot)
    avail = available_rect(third)
    assert third.width() <= avail.width() and third.height() <= avail.height()
