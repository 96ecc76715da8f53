"""The thumbnail cache keeps about two screens of boards, within its bounds."""

import pytest

from app.bots.selfplay import grow_world
from app.engine.variants.variant import load_variant
from app.ui.multiverse import thumbnails
from app.ui.multiverse.map_art import BoardState, map_art
from app.ui.multiverse.thumbnails import LEVELS, ThumbnailCache, level_for


def _states(n):
    provinces = sorted(load_variant("standard").supply_centres)
    return [BoardState(units=((provinces[i % len(provinces)], "France", "A", False),),
                       centres=((provinces[i // len(provinces)], "England"),)) for i in range(n)]


def test_thumbnail_budget_follows_the_screen_and_is_respected(qtbot, monkeypatch):
    cache = ThumbnailCache(map_art(load_variant("standard")), threads=1)
    one = {lv: cache.art.layers(lv)[0].sizeInBytes() for lv in LEVELS}
    cache.fit_screen(1, LEVELS[0])
    assert cache.budget == thumbnails.MIN_BUDGET
    cache.fit_screen(40, 384)
    assert cache.budget == 2 * 40 * one[384]
    cache.fit_screen(30, LEVELS[-1])
    assert cache.budget == thumbnails.MAX_BUDGET

    monkeypatch.setattr(thumbnails, "MIN_BUDGET", 0)   # a small budget, quick to fill
    cache.fit_screen(3, 192)                          # room for six images
    states = _states(10)
    for s in states:
        cache.render_now(s, 192)
        assert cache._bytes <= cache.budget
    kept = [s for s in states if cache.get(s, 192) is not None]
    assert kept == states[-6:]                        # the least recently drawn went first
    cache.get(states[4], 192)                         # drawn again: now the most recent
    cache.render_now(_states(11)[-1], 192)
    assert cache.get(states[5], 192) is None and cache.get(states[4], 192) is not None
    cache.pool.shutdown()


@pytest.mark.parametrize("across", [5, 1.5])
def test_every_board_on_screen_fits_in_the_budget(qtbot, window, monkeypatch, across):
    """The budget follows the screen the view paints: it holds the sharp image of every
    board in view (else a board's image would push out another's, frame after frame)."""
    monkeypatch.setattr(thumbnails, "MIN_BUDGET", 0)   # the screen's budget alone
    window.set_game(grow_world(seed=3, boards=40, victory=False), None)
    view, cache = window.view, window.scene.cache
    view.go_to_present()
    view.set_boards_across(across)
    vp = view.viewport()
    for _ in range(6):
        vp.grab()
        cache.wait()
    shown = [it for it in window.scene.items_by_key.values()
             if it.state is not None and view.mapFromScene(it.sceneBoundingRect()).boundingRect().intersects(vp.rect())]
    assert shown
    sharp = [cache.get(it.state, level_for(view.scale_factor() * it.scale() * it._rect.width()))
             for it in shown]
    assert all(img is not None for img in sharp)
    assert sum(img.sizeInBytes() for img in sharp) <= cache.budget


def test_images_asked_for_in_a_frame_are_drawn_once_the_event_loop_runs(qtbot):
    """A frame that asks for new boards' images is not slowed by workers drawing them:
    they start when the event loop next runs (or when somebody waits for them)."""
    cache = ThumbnailCache(map_art(load_variant("standard")), threads=2)
    started = []
    real = cache._work
    cache._work = lambda state, level: (started.append(state), real(state, level))
    a, b, c = _states(3)
    cache.request(a, 96)
    cache.request(b, 96)
    cache.request(a, 96)                        # asked twice in one frame: drawn once
    assert not cache._futures and started == [] and cache.busy()
    qtbot.waitUntil(lambda: cache.get(a, 96) is not None and cache.get(b, 96) is not None)
    assert sorted(map(id, started)) == sorted(map(id, [a, b])) and not cache.busy()
    cache.request(c, 96)
    cache.wait()                                # waiting starts what is queued
    assert cache.get(c, 96) is not None
    cache.close()
