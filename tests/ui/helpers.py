"""Helpers for the UI tests."""


def key(text):
    from app.engine.rules.coords import BoardKey
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


def start_app(data_dir, *args: str) -> dict:
    """Run ``python -m app *args`` offscreen with ``data_dir`` as its data folder until its
    first painted frame (app/ui/first_paint.py); returns the line it prints then: the time
    to that frame, the CPU time and the modules imported."""
    import json
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", DIPLO5D_DATA_DIR=str(data_dir),
               DIPLO5D_FIRST_PAINT=repr(time.time()))
    run = subprocess.run([sys.executable, "-m", "app", *args], cwd=root, env=env, capture_output=True,
                         text=True, timeout=300)
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert run.returncode == 0 and lines, run.stderr[-3000:]
    return json.loads(lines[-1])
