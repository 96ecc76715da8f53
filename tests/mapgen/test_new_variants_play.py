"""Each new variant plays in the real main window (offscreen): a sandbox on it, a
spring of moves, then a move into the past that forks a second timeline."""
from __future__ import annotations

import pytest

# spring orders, then the time-travel move (loose adjacency: a neighbour one turn back)
PLANS = {
    "isles": (["Ireland: A crk - cnn", "England: A lan - wal"],
              "Ireland: A 1:cnn:F1901 - 1:uls:S1901", "2:F1901"),
    "baltic": (["Denmark: A chr - tro", "Sweden: A got - sca"],
               "Denmark: A 1:tro:F1701 - 1:nrl:S1701", "2:F1701"),
}


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "userdata"))
    from app.ui.window.main_window import MainWindow
    w = MainWindow(theme="light")
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    w.files.ask_unsaved = lambda doing: "discard"
    w.navigation.ask_missing = lambda owed: True     # submit with builds or retreats missing, unasked
    yield w
    w.wait_idle()


def _submit(qtbot, w):
    with qtbot.waitSignal(w.submitted, timeout=30000):
        w.submit()


@pytest.mark.parametrize("variant", sorted(PLANS))
def test_new_variant_plays_and_forks_in_the_window(qtbot, window, variant):
    spring, travel, fork = PLANS[variant]
    assert window.new_game(variant=variant, adjacency="loose", confirmed=True)
    assert window.game.variant.name == variant
    for text in spring:
        assert window.console_order(text), window.last_status
    _submit(qtbot, window)
    assert window.console_order(travel), window.last_status
    _submit(qtbot, window)
    boards = {str(k) for k in window.world.boards}
    assert fork in boards
    assert len(window.scene.items_by_key) == len(window.world.boards)
    img = window.grab()
    assert not img.isNull() and img.width() == 1366
