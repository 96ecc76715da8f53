"""The variant rules of RULES.md §12 on a small hand-made variant (tests/rules_variant.py):
build anywhere, shared homes, ports and neutral units, played through the real engine."""

import pytest

from app.engine.game import Game
from app.engine.rules.targets import build_options
from tests.rules_variant import active_board as _board, play_to_winter as _to_winter, rules_game as _game


# -- build anywhere ----------------------------------------------------------------------------


@pytest.mark.parametrize("anywhere", [True, False])
def test_build_anywhere_lets_a_nation_build_in_an_owned_centre_not_its_home(tmp_path, anywhere):
    g = _game(tmp_path, build_anywhere=anywhere)
    _to_winter(g)
    key, board = _board(g)
    assert board.centres["cape"] == "Avalon" and "cape" not in g.world.home_centres_of("Avalon", key)
    assert ("cape" in build_options(g.world, key, "Avalon")) is anywhere
    g.submit_text(["Avalon: build F cape"])
    result = g.world.results[key][0]
    if anywhere:
        assert result.status == "succeeds"
        assert _board(g)[1].units["cape"].nation == "Avalon"
    else:
        assert result.status == "invalid" and "not a home centre of Avalon" in result.reason
        assert "cape" not in _board(g)[1].units


def test_build_anywhere_still_needs_an_owned_empty_centre(tmp_path):
    g = _game(tmp_path, build_anywhere=True)
    _to_winter(g)
    key, _ = _board(g)
    assert build_options(g.world, key, "Avalon") == {"cape": ["A cape", "F cape"]}   # west is occupied
    g.submit_text(["Avalon: build A dale", "Avalon: build A west"])
    reasons = [r.reason for r in g.world.results[key]]
    assert "does not own dale" in reasons[0] and "west is occupied" in reasons[1]


# -- shared homes ------------------------------------------------------------------------------


@pytest.mark.parametrize("owner", ["Avalon", "Brenn"])
def test_a_shared_home_is_a_build_site_of_whichever_sharer_owns_it(tmp_path, owner):
    def give_mid(files):
        files["start.json"]["centres"][owner].append("mid")
    g = _game(tmp_path, edit=give_mid)
    assert {n for n in ("Avalon", "Brenn") if "mid" in g.world.home_centres_of(n)} == {"Avalon", "Brenn"}
    _to_winter(g)
    key, _ = _board(g)
    assert "mid" in build_options(g.world, key, owner)
    g.submit_text([f"{owner}: build A mid"])
    assert g.world.results[key][0].status == "succeeds"
    assert _board(g)[1].units["mid"].nation == owner


# -- ports -------------------------------------------------------------------------------------


@pytest.mark.parametrize("port", [True, False])
def test_a_fleet_in_a_port_convoys(tmp_path, port):
    def fleet_in_isle(files):
        files["start.json"]["units"].append("Avalon F isle")
    g = _game(tmp_path, edit=fleet_in_isle, port=port)
    key, _ = _board(g)
    g.submit_text(["A west - east via convoy", "F isle C A west - east", "A east - hill"])
    results = g.world.results[key]
    if port:
        assert [r.status for r in results][:3] == ["succeeds"] * 3
        assert _board(g)[1].units["east"].nation == "Avalon"
    else:
        assert results[1].status == "invalid" and "only a fleet at sea" in results[1].reason
        assert _board(g)[1].units["west"].nation == "Avalon"


# -- neutral units -----------------------------------------------------------------------------


def _with_mid_army(files):
    files["start.json"]["units"].append("Avalon A mid")


def test_a_neutral_unit_takes_no_orders_and_is_not_a_playing_nation(tmp_path):
    g = _game(tmp_path)
    v = g.variant
    assert v.nation_names == ("Avalon", "Brenn") and v.neutral_nation == "Garrison"
    key, board = _board(g)
    assert board.units["dale"].nation == "Garrison" and "dale" not in board.centres
    g.submit_text(["A dale - hill"])
    result = g.world.results[key][0]
    assert result.status == "invalid" and "neutral" in result.reason and "takes no orders" in result.reason
    assert "dale" in _board(g)[1].units


def test_a_neutral_unit_holds_may_be_supported_and_is_disbanded_when_dislodged(tmp_path):
    g = _game(tmp_path, edit=_with_mid_army)
    key, _ = _board(g)
    # Brenn supports the neutral army to hold: Avalon's supported attack stands off.
    g.submit_text(["A mid - dale", "A west S A mid - dale", "A east S A dale"])
    assert [r.status for r in g.world.results[key]][:3] == ["fails", "succeeds", "succeeds"]
    key, board = _board(g)
    assert board.units["dale"].nation == "Garrison"
    # Alone it is dislodged, and disbanded at once: no retreat is asked for.
    g.submit_text(["A mid - dale", "A west S A mid - dale", "A east - hill"])
    assert g.world.pause is None
    key, board = _board(g)
    assert board.units["dale"].nation == "Avalon"
    assert not any(u.nation == "Garrison" for u in board.units.values())
    assert board.centres["dale"] == "Avalon"


def test_neutral_centres_count_for_no_nation_and_the_neutral_power_never_adjusts(tmp_path):
    g = _game(tmp_path)
    _to_winter(g)
    key, board = _board(g)
    assert "dale" not in board.centres                      # its unit stood there all year
    assert build_options(g.world, key, "Garrison") == {}
    g.submit_text(["Avalon: build A cape"])
    assert _board(g)[1].units["dale"].nation == "Garrison"  # no centre, yet not disbanded


def test_a_game_with_neutral_units_saves_and_loads(tmp_path):
    g = _game(tmp_path, edit=_with_mid_army)
    g.submit_text(["A mid - hill"])
    g.save(tmp_path / "game.json")
    h = Game.load(tmp_path / "game.json")
    assert _board(h)[1].units["dale"].nation == "Garrison"
    assert h.world.boards == g.world.boards


# -- who builds where: a build written without its nation (clicking: tests/match) ---------------


def test_a_build_without_its_nation_is_its_owners_where_the_rules_let_it_build(tmp_path):
    def give_mid(files):
        files["start.json"]["centres"]["Brenn"].append("mid")   # a home of Avalon too, listed first
    g = _game(tmp_path, edit=give_mid, build_anywhere=True)
    _to_winter(g)
    key, _ = _board(g)
    assert g.parse("build A mid").nation == "Brenn"              # the sharer that owns it
    assert g.parse("build F cape").nation == "Avalon"            # not its home: build anywhere
    g.submit_text(["build A mid", "build F cape"])
    assert [r.status for r in g.world.results[key]] == ["succeeds", "succeeds"]
