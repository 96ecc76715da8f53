"""A civilisations table played from the window across computers (RULES.md §10, §6 "Across
computers"; issue 32): two windows join with their invitations, order, end their turns,
meet, and make and answer an offer through the Contacts dock a hotseat game uses. Each
window knows only what its seat may: before they meet, nothing Ben's computer receives or
shows names Ada's civilisation or holds her unit. Real sockets on 127.0.0.1, real windows
offscreen, as in test_net_window."""

from __future__ import annotations

from tests.net.test_civ_views import AKKAD, SUMER, two_civilisations

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


def test_an_offer_made_in_one_window_and_accepted_in_the_other_takes_effect_in_both(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(two_civilisations(), "civilisations")
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
    ben.civ_ui.panel.buttons[f"accept {offer_id}"].click()
    for w in (ada, ben):           # the unit is Akkad's at once, in both windows
        qtbot.waitUntil(lambda: "Akkad A bur" in units_of(w.world), timeout=WAIT)
    qtbot.waitUntil(lambda: "accepted" in " ".join(ada.civ_ui.panel.state.log), timeout=WAIT)
    assert "Sumer A bur" not in units_of(ada.world)
    # and after the next round: Ben moved it, Ada (who has no unit left) only ended her turn
    play_round(qtbot, (ada, ben), ("", "A bur - pic"), 2)
    for w in (ada, ben):
        assert "Akkad A pic" in units_of(w.world)
