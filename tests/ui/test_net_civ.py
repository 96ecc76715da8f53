"""A civilisations table played from the window across computers (RULES.md §10, §6 "Across
computers"; issue 32): two windows join with their invitations, order, end their turns,
meet, and make and answer an offer through the Contacts dock a hotseat game uses. Each
window knows only what its seat may: before they meet, nothing Ben's computer receives or
shows names Ada's civilisation or holds her unit. Real sockets on 127.0.0.1, real windows
offscreen, as in test_net_window."""

from __future__ import annotations

import pytest

from app.engine import BoardKey, Game, load_variant, make_board, Turn, with_nations, World
from app.engine.civ.civstart import with_civ
from app.match import Match, Seat
from tests.net.test_civ_views import AKKAD, SUMER, two_civilisations

from app.ui.window.history_controls import step_history

from .test_hotseat import visible_texts
from .test_net_rounds import play_round
from .test_net_window import hosted, two_seated, units_of, WAIT, windows  # noqa: F401 (fixtures)


def shown(window) -> str:
    """Everything the window shows in words (texts, tooltips, scene items' tooltips) and the
    nations of the units it draws, as one text to search."""
    return "\n".join(visible_texts(window) + sorted(units_of(window.world)))


def frames_of(window) -> list[str]:
    return list(window.net.link.client.frames)


def test_two_windows_play_a_civilisations_table_and_meet_only_after_contact(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    # each sees its own civilisation, in the civilisations' calendar, and its Contacts dock
    assert "Sumer A par" in units_of(ada.world) and "Sumer" in shown(ada)      # so the checks below can fail
    assert "4000 BC" in shown(ada)
    assert ada.civ_ui.dock.isVisible() and ada.civ_ui.panel.state.me == [SUMER]
    assert ben.civ_ui.panel.state.me == [AKKAD] and ben.civ_ui.panel.state.met == []
    # before contact: nothing Ben's computer received, nor anything his window shows, names Sumer
    # or holds its colour or its unit in Paris
    for frame in frames_of(ben):
        assert "Sumer" not in frame and SUMER[1] not in frame and "A par" not in frame
    assert "Sumer" not in shown(ben) and not any(u.endswith(" par") for u in units_of(ben.world))
    assert "Akkad" not in shown(ada)
    play_round(qtbot, (ada, ben), ("A par - bur", "A ber - mun"), 1)
    # they met: each window names the other now, on the map and in Contacts
    qtbot.waitUntil(lambda: ben.civ_ui.panel.state.met == [SUMER], timeout=WAIT)
    qtbot.waitUntil(lambda: ada.civ_ui.panel.state.met == [AKKAD], timeout=WAIT)
    assert "Sumer A bur" in units_of(ben.world) and "Sumer" in shown(ben)
    assert "You have met Sumer." in ben.last_status
    assert ben.match.game.variant.nation_names == ("Akkad", "Sumer")
    assert ben.scene.art.variant is ben.match.game.variant          # the map draws Sumer in its colour
    assert ben.match.known_civilisations(ben.seat) == ["Akkad", "Sumer"]
    # the history bar steps back to the start as Ben saw it then: Sumer unnamed, out of sight
    step_history(ben, "back")
    assert ben.history.label.text() == "Replay: the start (of 1)"
    assert units_of(ben.world) == {"Akkad A ber"} and ben.world.variant.nation_names == ("Akkad",)
    step_history(ben, "present")
    assert "Sumer A bur" in units_of(ben.world)


@pytest.mark.parametrize("sealed", [False, True], ids=["open table", "sealed table"])
def test_an_offer_made_in_one_window_and_accepted_in_the_other_takes_effect_in_both(qtbot, windows, hosted, sealed):
    """At a sealed table the offer travels sealed to Ben's computer (app.net.sealed_offers):
    the windows show and answer it the same way."""
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations", sealed=sealed)
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    play_round(qtbot, (ada, ben), ("A par - bur", "A ber - mun"), 1)
    qtbot.waitUntil(lambda: ada.civ_ui.panel.state.met == [AKKAD], timeout=WAIT)
    # Ada gives Ben her army in Burgundy, from the Contacts dock's offer menu
    menu = ada.civ_ui.panel.buttons["menu Akkad"]
    units = next(a.menu() for a in menu.actions() if a.text() == "Give a unit")
    give = next(a for a in units.actions() if "Burgundy" in a.text())
    give.trigger()
    qtbot.waitUntil(lambda: bool(ada.civ_ui.panel.state.waiting), timeout=WAIT)
    assert "your offer to Akkad" in ada.civ_ui.panel.state.waiting[0]
    qtbot.waitUntil(lambda: bool(ben.civ_ui.panel.state.incoming), timeout=WAIT)
    assert "Sumer made you an offer" in ben.last_status
    offer_id, giver, text = ben.civ_ui.panel.state.incoming[0]
    assert giver == "Sumer" and "Burgundy" in text
    # the server holds it sealed at a sealed table (the gift opens on Ben's computer only), in the clear at an open one
    assert bool(hosted.server.tables[table].offers_sealed.open) == sealed
    ben.civ_ui.panel.buttons[f"accept {offer_id}"].click()
    for w in (ada, ben):           # the unit is Akkad's at once, in both windows
        qtbot.waitUntil(lambda: "Akkad A bur" in units_of(w.world), timeout=WAIT)
    qtbot.waitUntil(lambda: "accepted" in " ".join(ada.civ_ui.panel.state.log), timeout=WAIT)
    assert "Sumer A bur" not in units_of(ada.world)
    # and after the next round: Ben moved it, Ada (who has no unit left) only ended her turn
    play_round(qtbot, (ada, ben), ("", "A bur - pic"), 2)
    for w in (ada, ben):
        assert "Akkad A pic" in units_of(w.world)


def neighbours_not_met() -> Match:
    """Sumer's army in Burgundy stands next to Akkad's in Munich at the start: each sees the
    other's unit, and they have not met (contact begins with an adjudication, §10)."""
    v = with_nations(load_variant(), [SUMER, AKKAD])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "bur"), ("Akkad", "A", "mun")],
                       {"par": "Sumer", "ber": "Akkad"})
    return Match(Game.from_world(with_civ(World.from_boards(v, [board]))),
                 [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",))], fog=True)


def test_a_unit_of_a_civilisation_not_met_is_drawn_as_unknown(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(neighbours_not_met(), "civilisations")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    assert "Unknown A bur" in units_of(ben.world) and "Unknown A mun" in units_of(ada.world)
    assert "Sumer A bur" in units_of(ada.world)                    # (so the check below can fail)
    assert "Sumer" not in shown(ben) and all("Sumer" not in f and SUMER[1] not in f for f in frames_of(ben))
    assert "Akkad" not in shown(ada) and all("Akkad" not in f and AKKAD[1] not in f for f in frames_of(ada))
    assert ben.match.game.variant.nation_names == ("Akkad",)        # no name, colour or count of another
    assert ben.civ_ui.panel.state.met == []


def test_a_civilisations_game_ended_by_a_draw_names_everyone_and_is_watched_whole(qtbot, windows, hosted):
    """RULES.md §6: a civilisations game can be watched once it has ended; then the fog lifts
    for its seats and its watchers: every civilisation is named."""
    from app.net.remote import RemoteMatch
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    ada.match.table.proposals.propose(0, "draw")
    qtbot.waitUntil(lambda: ben.match.table.proposals.must_answer(1), timeout=WAIT)
    assert "Sumer" not in shown(ben)               # a draw proposed names nobody Ben has not met
    ben.match.table.proposals.answer(1, True)
    for w in (ada, ben):
        qtbot.waitUntil(lambda: w.match.world.phase == "over" and len(w.match.game.variant.nation_names) == 2,
                        timeout=WAIT)
    assert set(ben.match.known_civilisations(ben.seat)) == {"Sumer", "Akkad"}
    assert "Sumer A par" in units_of(ben.world)
    watcher = windows()
    watcher.net.watch(hosted.address, table)
    qtbot.waitUntil(lambda: isinstance(watcher.match, RemoteMatch), timeout=WAIT)
    assert {"Sumer A par", "Akkad A ber"} <= units_of(watcher.world)
    assert watcher.match.game.variant.nation_names == ("Sumer", "Akkad") and watcher.fog_nations() is None
    assert "Civilisations, watching" in watcher.windowTitle() and "Civilisations, network" in ada.windowTitle()
    assert watcher.game.calendar.title(watcher.world.active_boards()[0].turn) == "Spring 4000 BC"


def test_maps_exchanged_across_computers_open_from_contacts(qtbot, windows, hosted, monkeypatch):
    """§10 map exchange: offered and answered in the windows, each receives what the other
    saw, opened from the Contacts dock as at a hotseat table (an old map, read-only)."""
    from app.ui.civ import snapshot
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    play_round(qtbot, (ada, ben), ("A par - bur", "A ber - mun"), 1)
    qtbot.waitUntil(lambda: ada.civ_ui.panel.state.met == [AKKAD], timeout=WAIT)
    menu = ada.civ_ui.panel.buttons["menu Akkad"]
    next(a for a in menu.actions() if a.text() == "Exchange maps").trigger()
    qtbot.waitUntil(lambda: bool(ben.civ_ui.panel.state.incoming), timeout=WAIT)
    offer_id = ben.civ_ui.panel.state.incoming[0][0]
    ben.civ_ui.panel.buttons[f"accept {offer_id}"].click()
    for w, giver in ((ada, "Akkad"), (ben, "Sumer")):
        qtbot.waitUntil(lambda: bool(w.civ_ui.panel.state.maps) and bool(w.match.civ.maps), timeout=WAIT)
        [(index, title)] = w.civ_ui.panel.state.maps
        assert title == f"Map from {giver}, Fall 3750 BC"
        opened = []
        monkeypatch.setattr(snapshot.SnapshotDialog, "exec", lambda self: opened.append(self) or 0)
        w.civ_ui.panel.buttons[f"map {index}"].click()
        [dlg] = opened
        assert "OLD MAP" in dlg.banner.text() and giver in dlg.banner.text()
        assert {"Sumer A bur", "Akkad A mun"} <= units_of(dlg.scene.world)     # both in the giver's sight then
        assert dlg.scene.world.calendar.title(dlg.scene.world.active_boards()[0].turn) == "Fall 3750 BC"


def test_messages_pass_between_windows_once_their_civilisations_have_met(qtbot, windows, hosted):
    """§10: only civilisations in contact send messages; before they meet, Ben's window
    offers nobody to write to (though Ada's computer has joined: its key is known)."""
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    qtbot.waitUntil(lambda: ben.net.match.table_state is not None
                    and 0 in ben.net.match.table_state.public_keys, timeout=WAIT)
    assert ben.net.match.recipients() == [] and ada.net.match.recipients() == []
    assert not ben.net.letters.panel.send_btn.isEnabled()
    play_round(qtbot, (ada, ben), ("A par - bur", "A ber - mun"), 1)
    panel = ben.net.letters.panel
    assert not panel.send_btn.isEnabled() or ben.net.match.recipients() == [0]
    qtbot.waitUntil(lambda: panel.send_btn.isEnabled() and panel.to.currentData() == 0, timeout=WAIT)
    assert ben.net.match.recipients() == [0] and panel.to.currentText() == "Ada"
    panel.text.setPlainText("Well met in Munich")
    panel.send_btn.click()
    qtbot.waitUntil(lambda: "Well met in Munich" in ada.net.letters.panel.list.toPlainText(), timeout=WAIT)
    assert "From Ben" in ada.net.letters.panel.list.toPlainText()


def test_a_civilisation_builds_in_its_home_centres_from_its_window(qtbot, windows, hosted):
    """§10 homes: the first centres a civilisation owns. The window learns its own homes from
    its views, so it offers and checks a build as the server will: Akkad, owning Berlin and
    Munich after Fall, builds in Berlin."""
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    play_round(qtbot, (ada, ben), ("A par - bur", "A ber - mun"), 1)
    play_round(qtbot, (ada, ben), ("", ""), 2)
    winter = ben.match.world.active_boards()[0]
    assert winter.turn.season == 2 and ben.match.world.home_centres_of("Akkad", winter) == {"ber", "mun"}
    play_round(qtbot, (ada, ben), ("", "build A ber"), 3)
    board = ben.match.world.boards[ben.match.world.active_boards()[0]]
    assert board.key.turn.season == 0 and board.units["ber"].nation == "Akkad"      # Spring 3500 BC: built
