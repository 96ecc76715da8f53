"""Helpers for the UI tests."""


def key(text):
    from app.engine.coords import BoardKey
    return BoardKey.parse(text)


def submit(qtbot, window):
    with qtbot.waitSignal(window.submitted, timeout=30000) as blocker:
        window.submit()
    return blocker.args[0]


def when_modal(act, first_ms: int = 50):
    """Call ``act(dialog)`` once a modal dialog is up (for a dialog opened with ``exec``,
    which returns only when it closes): schedule this, then open the dialog."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    def look():
        m = QApplication.activeModalWidget()
        if m is None:
            QTimer.singleShot(20, look)
            return
        act(m)
    QTimer.singleShot(first_ms, look)
