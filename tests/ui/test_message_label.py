"""Errors and successes are drawn in colours readable on the theme shown, and follow a switch."""

from PySide6.QtGui import QColor

from app.ui.message_label import MessageLabel, tone_colour
from app.ui.theme import DARK, LIGHT


def _luminance(c: QColor) -> float:
    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue())


def _contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_error_and_success_colours_are_readable_on_both_themes():
    for theme in (LIGHT, DARK):
        for tone in ("error", "ok"):
            colour = QColor(tone_colour(tone, theme is DARK))
            for background in (theme.window, theme.base):
                assert _contrast(colour, background) >= 4.5, (theme.name, tone, background.name())


def test_the_status_line_error_follows_a_theme_switch(window, qtbot):
    window.commands.dark.setChecked(False)
    window.toggle_theme()
    window.set_status("Nothing to submit", error=True)
    label = window.status_label
    assert label.colour() == QColor(LIGHT.error_text) and label.font().bold()
    window.commands.dark.setChecked(True)
    window.toggle_theme()
    qtbot.waitUntil(lambda: label.colour() == QColor(DARK.error_text), timeout=20000)   # heard while shown
    window.set_status("Submitted")
    assert label.tone == "plain" and label.colour() == DARK.text and not label.font().bold()


def test_a_message_label_can_say_plain_error_and_ok(qtbot):
    label = MessageLabel()
    qtbot.addWidget(label)
    plain = label.colour()
    label.show_message("Refused", "error")
    assert label.text() == "Refused" and label.colour() != plain and not label.font().bold()
    red = label.colour()
    label.show_message("Entered", "ok")
    assert label.tone == "ok" and label.colour() not in (plain, red)
    label.show_message("Type an order")
    assert label.colour() == plain


def test_the_orders_dock_says_whose_orders_and_how_many_once(window, qtbot):
    window.new_game()
    dock = next(d for d in window.docks if d.widget() is window.orders_panel)
    assert dock.windowTitle() == "Orders (0)" and not window.orders_panel.title.isVisible()
    assert window.console_order("A par - bur")
    qtbot.waitUntil(lambda: window.orders_panel.count == 1, timeout=20000)
    assert dock.windowTitle() == "Orders (1)"


def test_a_message_in_the_same_tone_after_a_theme_switch_has_the_new_themes_colour(window, qtbot):
    """The label restyles on a tone change and on a theme switch only (not at every message:
    the status line says every order entered); a switch heard while the label was hidden
    still shows in the next message of the same tone."""
    window.commands.dark.setChecked(False)
    window.toggle_theme()
    window.set_status("Nothing to submit", error=True)
    label = window.status_label
    assert label.colour() == QColor(LIGHT.error_text)
    label.hide()
    window.commands.dark.setChecked(True)
    window.toggle_theme()
    label.show()
    window.set_status("Still nothing to submit", error=True)
    qtbot.waitUntil(lambda: label.colour() == QColor(DARK.error_text), timeout=20000)
    window.set_status("Submitted")
    window.set_status("Entered")
    assert label.colour() == DARK.text and not label.font().bold()


def test_plain_status_text_follows_a_switch_in_every_window(qtbot):
    """Each new window starts in its own theme (the application's palette goes light again),
    then is switched to dark: the plain status text of every window must be the dark theme's,
    not stay the light one's (dark grey on dark grey, seen watching a game in a second window)."""
    from app.ui.window.main_window import MainWindow
    windows = []
    for i in range(3):
        w = MainWindow(theme="light")
        qtbot.addWidget(w)
        w.show()
        w.commands.dark.setChecked(True)
        w.toggle_theme()
        w.set_status(f"window {i}")
        windows.append(w)
    for w in windows:
        qtbot.waitUntil(lambda: w.status_label.colour() == DARK.text, timeout=20000)
    assert _contrast(windows[-1].status_label.colour(), DARK.window) >= 4.5
