"""The civilisations' colours (app.engine.civ.nations.PALETTE) are told apart at a glance: every
two at least PALETTE_APART (CIEDE2000) apart as unit markers and swatches, and as the tints
of their centres on the map's land, and each well away from the land, the sea, an unknown
civilisation's grey and the window's light and dark backgrounds."""

import itertools

import pytest

from app.engine.variants.colour_distance import blend, delta_e2000, lab_of
from app.engine.civ.nations import PALETTE, PALETTE_APART
from app.match.civ_setup import CivPlayer, colours_apart_from, new_civ_match
from app.ui.multiverse.map_colours import LAND, SEA
from app.ui.theme import DARK, LIGHT

CENTRE_TINT = 0.62        # app.ui.multiverse.map_art.paint_tints: a supply centre's owner tint
UNKNOWN_GREY = "#777777"  # app.ui.multiverse.nation_look.NationLook.colour: a civilisation not met


def test_the_colour_difference_is_ciede2000():
    # Sharma, Wu and Dalal (2005), table 1: pairs 1, 7 and 17 of their test data
    from app.engine.variants.colour_distance import delta_e2000_lab
    assert delta_e2000_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert delta_e2000_lab((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert delta_e2000_lab((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert lab_of("#ffffff") == pytest.approx((100, 0, 0), abs=0.05)


@pytest.mark.parametrize("shown", ["marker", "centre tint"])
def test_every_two_civilisation_colours_are_apart(shown):
    land = LAND.name()
    look = (lambda c: c) if shown == "marker" else (lambda c: blend(c, land, CENTRE_TINT))
    closest = min((delta_e2000(look(a), look(b)), a, b) for a, b in itertools.combinations(PALETTE, 2))
    assert closest[0] >= PALETTE_APART, closest
    assert len(set(PALETTE)) == len(PALETTE) == 24


@pytest.mark.parametrize("theme", [LIGHT, DARK], ids=["light", "dark"])
def test_each_colour_stands_out_from_the_window_in_both_themes(theme):
    for background in (theme.window.name(), theme.base.name(), theme.background.name()):
        nearest = min((delta_e2000(c, background), c) for c in PALETTE)
        assert nearest[0] >= PALETTE_APART, (background, nearest)


def test_each_colour_stands_out_from_the_map_and_an_unknown_civilisation():
    land, sea = LAND.name(), SEA.name()
    for c in PALETTE:
        assert delta_e2000(blend(c, land, CENTRE_TINT), land) >= PALETTE_APART, c     # an owned centre shows
        assert delta_e2000(c, sea) >= PALETTE_APART, c                                 # a fleet at sea shows
        assert delta_e2000(c, UNKNOWN_GREY) >= PALETTE_APART, c


def test_the_computer_keeps_its_colours_apart_from_a_colour_a_person_chose():
    near_red = "#d03030"                                   # a person's own pick, close to the palette's red
    assert delta_e2000(near_red, PALETTE[0]) < PALETTE_APART
    order = colours_apart_from(PALETTE, [near_red])
    assert PALETTE[0] not in order[:15] and order[-1] == PALETTE[0]
    m = new_civ_match([CivPlayer("Ada", "Sumer", near_red)], computers=12, seed=4)
    colours = [m.game.variant.nations[n].colour for n in m.game.variant.nation_names]
    closest = min(delta_e2000(a, b) for a, b in itertools.combinations(colours, 2))
    assert closest >= PALETTE_APART, colours
