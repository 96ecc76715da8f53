"""The adjudication preview through the real window: drawn on a multi-board world, it
follows the pending orders, changes nothing, equals what the submission does, is gone on
submit, and in a hotseat game shows one seat's own orders and nothing behind the curtain."""

from app.match.preview import preview, seat_input

from .helpers import key, submit
from .test_hotseat import assert_hidden, secrets_of

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["France"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Germany", "England", "Italy", "Austria", "Russia", "Turkey"]}


def _forked(qtbot, window):
    """A sandbox of two timelines (a move into the past made timeline 2), both waiting
    for movement orders: 1:F1902 and 2:S1902."""
    window.new_game("sandbox")
    window.console_order("A par - bur")
    submit(qtbot, window)
    assert window.console_order("A 1:bur:F1901 - 1:bur:S1901")
    submit(qtbot, window)
    while not all(k.turn.is_movement for k in window.game.world.active_boards()):
        submit(qtbot, window)
    assert window.game.world.active_boards() == [key("1:F1902"), key("2:S1902")]


def _wait_preview(qtbot, window):
    with qtbot.waitSignal(window.studio.preview.shown, timeout=20000) as blocker:
        pass
    return blocker.args[0]


def test_the_preview_follows_the_orders_on_a_multi_board_world_and_is_gone_on_submit(qtbot, window):
    _forked(qtbot, window)
    studio = window.studio
    studio.a_preview.setChecked(True)
    world_before, subs = window.game.world, len(window.game.submissions)
    with qtbot.waitSignal(studio.preview.shown, timeout=20000) as shown:
        assert window.console_order("A 1:mar:F1902 - 1:bur:F1902")     # bounces with the army in Burgundy …
        assert window.console_order("A 2:mar:S1902 - 2:gas:S1902")
    p = shown.args[0]
    assert [o.status for o in p.outcomes] == [o.status for o in preview(*seat_input(window.match, 0)).outcomes]
    item = studio.preview.item
    assert len(item.badges) == len(p.outcomes) == 2
    from app.engine.rules.coords import Location
    for loc in (Location(key("1:F1902"), "mar"), Location(key("2:S1902"), "spa/sc"), Location(key("1:W1901"), "par")):
        assert item._point(loc) == window.scene.loc_point(loc)     # the placer is the scene's own geometry
    assert {b[1] for b in item.badges} == {"succeeds", "fails"}
    assert "1 succeed · 1 fail" in studio.preview.chip.text() and studio.preview.chip.isVisible()
    # the game did not change
    assert window.game.world is world_before and len(window.game.submissions) == subs
    # a change to the orders previews again: now the army in Burgundy moves out of the way
    with qtbot.waitSignal(studio.preview.shown, timeout=20000) as shown:
        assert window.console_order("A 1:bur:F1902 - 1:pic:F1902")
    p2 = shown.args[0]
    assert [o.status for o in p2.outcomes] == ["succeeds"] * 3
    assert "3 succeed · 0 fail" in studio.preview.chip.text()
    assert studio.preview.item.badges[0][2] == ""          # nothing to say of a success
    # a move into the past would fork: the preview draws the timeline it would make
    with qtbot.waitSignal(studio.preview.shown, timeout=20000) as shown:
        assert window.console_order("A 2:par:S1902 - 1:par:S1902")
    p3 = shown.args[0]
    assert [f.timeline for f in p3.forks] == [3] and len(item.forks) == 1
    assert "timeline 3 would fork" in studio.preview.chip.text()
    report = submit(qtbot, window)
    assert item.empty and not studio.preview.chip.isVisible()        # gone on submit
    assert report.new_timelines == [3]
    assert [r.status for r in report.results] == [o.status for o in p3.outcomes]


def test_turning_the_preview_off_and_a_replay_show_none(qtbot, window):
    window.new_game("sandbox")
    window.studio.a_preview.setChecked(True)
    with qtbot.waitSignal(window.studio.preview.shown, timeout=20000):
        window.console_order("A par - bur")
    assert not window.studio.preview.item.empty
    window.studio.a_preview.setChecked(False)
    assert window.studio.preview.item.empty and not window.studio.preview.chip.isVisible()
    window.studio.a_preview.setChecked(True)
    _wait_preview(qtbot, window)
    window.delete_order(("unit", key("1:S1901"), "par"))
    assert window.studio.preview.item.empty, "no orders pending: nothing to preview"


def test_in_hotseat_the_preview_is_the_seats_own_and_nothing_of_it_passes_the_curtain(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], pins={0: "2718"})
    c = window.curtain
    c.pin.setText("2718")
    c.button.click()
    qtbot.waitUntil(lambda: not window.table.up, timeout=15000)   # the PIN is checked on a worker
    window.studio.a_preview.setChecked(True)
    with qtbot.waitSignal(window.studio.preview.shown, timeout=20000) as shown:
        window.console_order("A par - bur")
    assert [o.status for o in shown.args[0].outcomes] == ["succeeds"]
    secrets = secrets_of(window.match.pending(0))
    window.submit()                                   # Done — pass on
    assert window.table.up
    assert window.studio.preview.item.empty and not window.studio.preview.chip.isVisible()
    assert_hidden(window, secrets + ["1 succeed"])
    c.button.click()                                  # Ben: no orders, no preview
    assert window.seat == 1 and window.studio.preview.item.empty
    with qtbot.waitSignal(window.studio.preview.shown, timeout=20000) as shown:
        window.console_order("A mun - bur")
    # Ben's preview knows nothing of Ada's order into Burgundy
    assert [o.status for o in shown.args[0].outcomes] == ["succeeds"]
    assert_hidden(window, secrets)
    assert len(window.studio.preview.item.badges) == 1          # Ben's one order, nothing of Ada's
