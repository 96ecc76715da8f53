"""UI tests drive the real main window offscreen; the per-user data dir is a tmp dir."""

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    d = tmp_path / "userdata"
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(d))
    return d


@pytest.fixture
def window(qtbot):
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.resize(1600, 1000)
    w.show()
    # pytest-qt closes the window after the test: quit without asking. Tests of the
    # unsaved-changes prompt put the real question back (files._ask_unsaved).
    w.files.ask_unsaved = lambda doing: "discard"
    # Submitting with retreats, builds or disbands missing asks first (a modal question):
    # tests submit anyway. Tests of the question put the real one back (navigation).
    w.navigation.ask_missing = lambda owed: True
    yield w
    w.wait_idle()
