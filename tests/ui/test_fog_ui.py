"""Fog of war in the window: a fogged hotseat game never shows a seat what its nations do
not see (boards, arrows, lists, counts), reopening goes through the curtain, the sandbox
can view the world as one nation, and the new-game dialog offers the rule."""

import json

from app.engine.game import Game
from app.engine.fog.visibility import board_sight
from app.match import Match, Seat
from app.ui.window.settle import settle
from app.ui.multiverse.state import board_cross_arrows

from .helpers import key, submit

ADA = {"name": "Ada", "colour": "#1971c2", "nations": ["England", "France", "Germany"]}
BEN = {"name": "Ben", "colour": "#e8590c", "nations": ["Russia", "Turkey"]}


def shown_units(window):
    """Every unit drawn on any board: (board, province, nation)."""
    return {(k, loc.split("/")[0], nation) for k, it in window.scene.items_by_key.items()
            for loc, nation, _t, _d in it.current_state().units}


def assert_sees_only_its_sight(window, nations, full=None):
    full = full or window.match.world
    everything = frozenset(full.variant.provinces)
    for k, item in window.scene.items_by_key.items():
        seen = board_sight(full, nations, k)
        assert item.current_state().fog == everything - seen, k
        for loc, nation, _t, _d in item.current_state().units:
            assert loc.split("/")[0] in seen, (k, loc, nation)
        for arrow in item.current_state().arrows:            # orders drawn start at a seen unit
            x, y = arrow.points[0]
            assert window.scene.art.province_at(x, y) in seen, (k, arrow)
    crosses = [c for k in window.world.boards for c in board_cross_arrows(window.world, k)]
    for cross in crosses:                               # what the overlay draws across boards
        o = cross.order
        assert o.nation in nations or o.unit.province in board_sight(full, nations, o.unit.board)
    rows = {r["nation"]: r for r in window.nations_panel.rows}
    for n, r in rows.items():
        if n in nations:
            assert r["centres"] != "?"
        else:
            assert r["centres"] == "?" and r["units"] == "?", n
    assert window.nations_panel.legend is not None and window.nations_panel.legend.isVisible()


def test_fogged_hotseat_seat_2_never_sees_seat_1s_unseen_units(qtbot, window):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    assert window.match.fog and window.table.up
    assert shown_units(window) == set()                # behind the curtain nothing is drawn
    window.curtain.button.click()
    ada = set(ADA["nations"])
    assert_sees_only_its_sight(window, ada)
    assert window.console_order("A par - bur")
    assert window.console_order("F lon - nth")
    window.submit()                                    # Done — pass on
    assert window.table.up and shown_units(window) == set()
    window.curtain.button.click()
    ben = set(BEN["nations"])
    assert_sees_only_its_sight(window, ben)
    drawn = shown_units(window)
    assert not any(n in ada for _k, _p, n in drawn)    # no English, French, German unit is in sight
    assert any(n == "Russia" for _k, _p, n in drawn)
    assert window.orders_panel.order_texts() == []
    assert window.console_order("A war - gal")
    submit(qtbot, window)                              # the round is complete: adjudicated
    assert window.table.up and shown_units(window) == set()
    window.curtain.button.click()                      # Ada
    assert_sees_only_its_sight(window, ada)
    window.submit()
    window.curtain.button.click()                      # Ben, after the adjudication
    assert_sees_only_its_sight(window, ben)
    assert not any(n in ada for _k, _p, n in shown_units(window))
    status = window.status_label.text() + window.notices.toast.text()
    assert "failed" not in status and "dislodged unit" not in status
    window.show_history(0)                             # a replay is fogged too
    assert window.replay_index == 0
    assert_sees_only_its_sight(window, ben, full=window.game.history()[0])


def _at_bens_seat(qtbot, world):
    """A fresh window (same size, same view) with Ben at the table of a fogged match."""
    from app.ui.window.main_window import MainWindow
    window = MainWindow(theme="light")
    qtbot.addWidget(window)
    window.resize(1600, 1000)
    window.show()
    window.files.ask_unsaved = lambda doing: "discard"
    m = Match(Game.from_world(world), [Seat(**ADA), Seat(**BEN)], fog=True)
    m.done(0)
    window.set_match(m, None)
    window.curtain.button.click()
    assert window.seat == 1
    window.view.go_to_present()
    settle(window)
    return window.view.viewport().grab().toImage(), list(window.nations_panel.rows), window


def test_the_window_looks_the_same_to_seat_2_with_or_without_an_unseen_unit(qtbot, window):
    from app.engine.rules.orders import Unit
    from types import MappingProxyType
    from app.engine.rules.world import Board
    w1 = Game.new().world
    k = key("1:S1901")
    b = w1.boards[k]
    units = dict(b.units)
    units["mao"] = Unit("England", "F", "mao")        # far from Russia and Turkey
    w2 = w1.derive(boards=MappingProxyType({k: Board(k, MappingProxyType(units), b.centres)}))
    assert "mao" not in board_sight(w1, BEN["nations"], k)
    first, rows1, win1 = _at_bens_seat(qtbot, w1)
    second, rows2, win2 = _at_bens_seat(qtbot, w2)
    assert first == second
    assert rows1 == rows2
    # clicking there, or ordering towards it, tells Ben nothing either
    said = []
    for win in (win1, win2):
        out = [win.clicks.click_location(k, "mao").message, win.status_label.text()]
        win.clicks.click_location(k, "sev")                     # Ben's fleet: its targets light up
        out.append(sorted((str(b), sorted(h.items())) for b, it in win.scene.items_by_key.items()
                          for h in [it.highlights] if h))
        out.append(win.console_order("F sev S F 1:mao:S1901 - 1:spa/nc:S1901"))
        out.append(win.orders_panel.feedback.text())
        said.append(out)
    assert said[0] == said[1]


def test_reopening_a_fogged_hotseat_game_goes_through_the_curtain(qtbot, window, tmp_path):
    window.new_game("hotseat", seats=[ADA, BEN], fog=True)
    window.curtain.button.click()
    window.console_order("A par - bur")
    window.submit()
    path = tmp_path / "fog.json"
    assert window.save_as(str(path))
    saved = json.loads(path.read_text())
    assert len(saved["world"]["boards"][0]["units"]) == 22    # the save keeps the whole world
    window.new_game("sandbox", confirmed=True)
    assert window.open_game(str(path))
    assert window.match.fog and window.table.up and shown_units(window) == set()
    assert "Ben" in window.curtain.title.text()
    window.curtain.button.click()
    assert_sees_only_its_sight(window, set(BEN["nations"]))


def test_sandbox_view_as_a_nation(qtbot, window):
    window.new_game("sandbox")
    assert window.fog_nations() is None
    window.set_view_as("Turkey")
    assert window.fog_nations() == ("Turkey",)
    assert_sees_only_its_sight(window, {"Turkey"})
    assert not any(n == "England" for _k, _p, n in shown_units(window))
    window.commands.view_as_menu.aboutToShow.emit()
    titles = [a.text() for a in window.commands.view_as_menu.actions()]
    assert "Everything" in titles and "Turkey (fog of war)" in titles
    window.commands.view_as_menu.actions()[0].trigger()         # Everything
    assert window.fog_nations() is None
    assert all(not it.current_state().fog for it in window.scene.items_by_key.values())
    assert any(n == "England" for _k, _p, n in shown_units(window))


def test_new_game_dialog_offers_fog_of_war_for_hotseat(qtbot, window):
    from app.ui.dialogs.new_game import NewGameDialog
    dlg = NewGameDialog(window)
    qtbot.addWidget(dlg)
    dlg.hotseat.setChecked(True)
    assert dlg.fog.isVisibleTo(dlg)
    dlg.fog.setChecked(True)
    assert dlg.settings()["fog"] is True
    dlg.sandbox.setChecked(True)
    assert dlg.settings()["fog"] is False


def test_scene_veils_each_board_in_the_seats_sight(qtbot, window):
    from app.bots.selfplay import grow_world
    from app.match.fog import fogged_world
    game = grow_world(seed=4, turns=3)
    game.meta = {}
    window.set_match(Match(game), None)
    seat = ["Germany"]
    window.scene.set_world(fogged_world(game.world, seat), fog=seat)
    everything = frozenset(game.world.variant.provinces)
    for k, item in window.scene.items_by_key.items():
        assert item.current_state().fog == everything - board_sight(game.world, seat, k)
        shown = {loc.split("/")[0] for loc, *_ in item.current_state().units}
        assert shown <= board_sight(game.world, seat, k)
    window.scene.set_world(game.world)                   # fog off again: nothing veiled
    assert all(not item.current_state().fog for item in window.scene.items_by_key.values())


def test_far_overview_never_shows_the_last_seats_miniatures_while_refilling(qtbot, window):
    """Far away the scene draws cached miniatures, refilled in batches on a large world: a
    board whose sight changed is cleared at once, not left showing another seat's view."""
    from app.bots.selfplay import grow_world
    from app.match.fog import fogged_world
    game = grow_world(seed=4, turns=3)
    game.meta = {}
    window.set_match(Match(game), None)
    scene = window.scene
    ov = scene.overview
    ada, ben = ("England", "France", "Germany"), ("Russia", "Turkey")
    scene.set_world(fogged_world(game.world, ada), fog=ada)
    ov.flush()
    k = game.world.active_boards()[0]
    r = scene.layout.rect(k)
    x, y = int((r.x() + r.width() / 2) * ov.k), int((r.y() + r.height() / 2) * ov.k)
    from PySide6.QtGui import QImage

    def ground(colour):
        """A colour as the overview's 16-bit tiles hold it."""
        img = QImage(1, 1, QImage.Format_RGB16)
        img.fill(colour)
        return img.pixel(0, 0)
    bare = {ground(window.theme.background), ground(window.theme.band)}
    tile = ov.tiles[(x // 512, y // 512)]
    assert tile.pixel(x % 512, y % 512) not in bare               # Ada's miniature is there
    scene.set_world(fogged_world(game.world, ben), fog=ben)      # Ben's turn, not yet refilled
    assert k in ov.dirty
    assert ov.tiles[(x // 512, y // 512)].pixel(x % 512, y % 512) in bare   # the bare ground
