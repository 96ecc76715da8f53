"""Helpers for the UI tests."""


def key(text):
    from app.engine.coords import BoardKey
    return BoardKey.parse(text)


def submit(qtbot, window):
    with qtbot.waitSignal(window.submitted, timeout=30000) as blocker:
        window.submit()
    return blocker.args[0]
