"""Clean-up steps 1–5 and the choosing turns (RULES.md §9) on the Diplomacywinks
examples, with discs placed at points computed from the real map polygons."""

from __future__ import annotations

import pytest

from app.engine.variants.variant import load_variant
from app.winks.cleanup import (ChoiceError, Keep, Layout, Piece, Place, choices, choose, clean_up,
                               first_chooser)
from tests.winks.spots import footprints, spot

V = load_variant("standard")


def layout(*pieces: tuple[str, str, tuple[str, ...]]) -> Layout:
    """Pieces ``(nation, type, provinces its disc overlaps)``, numbered in order."""
    fp = footprints()
    ps = [Piece(i, n, t, *spot(*where)) for i, (n, t, where) in enumerate(pieces)]
    return Layout.of(ps, {p.id: fp.candidates(p.type, p.x, p.y) for p in ps})


def final(steps) -> Layout:
    return steps[-1].after


def where(lay: Layout) -> dict[int, str]:
    return dict(lay.placed)


def test_fleet_across_paris_and_picardy_moves_to_picardy_but_not_when_the_channel_is_touched_too():
    lay = layout(("France", "F", ("par", "pic")), ("England", "F", ("par", "pic", "eng")))
    assert lay.options[0] == ("pic",)                 # Paris is inland: never a fleet's candidate
    assert lay.options[1] == ("eng", "pic")
    steps = clean_up(lay, V)
    assert steps[1].rule == "2" and steps[1].moved == ((0, "pic"),)
    after2 = steps[1].after
    assert after2.placed == {0: "pic"} and after2.options == {1: ("eng", "pic")}
    # Picardy is resolved by step 3, so step 4 sends the straddler to the Channel.
    end = final(steps)
    assert where(end) == {0: "pic", 1: "eng"} and end.settled


def test_army_on_norway_border_shares_norway_with_a_fleet_inside_it():
    lay = layout(("Russia", "A", ("nwy", "nwg")), ("Germany", "F", ("nwy",)))
    steps = clean_up(lay, V)
    assert dict(steps[1].moved) == {0: "nwy", 1: "nwy"}   # joint custody
    end = final(steps)
    assert end.occupants("nwy") == [0, 1] and end.shared() == ["nwy"]
    assert not end.settled


def test_army_and_fleet_both_on_the_norway_border():
    lay = layout(("Russia", "A", ("nwy", "nwg")), ("Germany", "F", ("nwy", "nwg")))
    steps = clean_up(lay, V)
    assert steps[1].moved == ((0, "nwy"),)               # the army may only be in Norway
    assert steps[1].after.options == {1: ("nwg", "nwy")}  # the fleet is left where it lies
    end = final(steps)                                   # …until Norway is resolved
    assert where(end) == {0: "nwy", 1: "nwg"} and end.settled


def test_ionian_resolved_by_two_fleets_sends_a_straddler_to_tunis():
    lay = layout(("Italy", "F", ("ion",)), ("Turkey", "F", ("ion",)), ("Italy", "F", ("ion", "tun")))
    steps = clean_up(lay, V)
    assert steps[2].rule == "3" and "ion" in steps[2].resolved and not steps[2].removed  # different nations stay
    four = [s for s in steps if s.rule == "4"]
    assert four[0].struck == ((2, "ion"),) and four[0].moved == ((2, "tun"),) and four[0].resolved == ("tun",)
    end = final(steps)
    assert where(end) == {0: "ion", 1: "ion", 2: "tun"} and end.resolved >= {"ion", "tun"}


def test_two_straddlers_of_ionian_and_tunis_share_tunis():
    lay = layout(("Italy", "F", ("ion",)), ("Turkey", "F", ("ion",)),
                 ("Italy", "F", ("ion", "tun")), ("Turkey", "F", ("ion", "tun")))
    end = final(clean_up(lay, V))
    assert end.occupants("tun") == [2, 3] and end.occupants("ion") == [0, 1]


def test_step3_removes_extra_pieces_of_one_nation_and_type_only():
    """Two yellow fleets, a yellow army and a green army inside Sevastopol: the extra
    yellow fleet goes, everything else stays."""
    lay = layout(("Turkey", "F", ("sev",)), ("Turkey", "F", ("sev",)), ("Turkey", "A", ("sev",)),
                 ("Austria", "A", ("sev",)))
    steps = clean_up(lay, V)
    assert steps[2].rule == "3" and steps[2].removed == (1,)
    assert final(steps).occupants("sev") == [0, 2, 3]


def test_one_retreat_pieces_share_piedmont_before_a_piece_with_two_retreats():
    lay = layout(("France", "A", ("mar",)), ("Italy", "A", ("ven",)),
                 ("France", "A", ("mar", "pie")), ("Austria", "A", ("ven", "pie")),
                 ("Italy", "F", ("pie", "lyo")))
    steps = clean_up(lay, V)
    four = [s for s in steps if s.rule == "4"]
    assert dict(four[0].moved) == {2: "pie", 3: "pie"} and four[0].resolved == ("pie",)
    assert 4 not in dict(four[0].moved)               # it had two retreats: lower precedence
    assert four[1].moved == ((4, "lyo"),)             # next round it has one left
    end = final(steps)
    assert end.occupants("pie") == [2, 3] and where(end)[4] == "lyo"


def test_rumania_ankara_black_sea_chain():
    lay = layout(("Russia", "A", ("rum",)), ("Turkey", "A", ("ank",)),
                 ("Russia", "F", ("rum", "bla")),   # 2
                 ("Turkey", "F", ("ank", "bla")),   # 3
                 ("Austria", "A", ("rum", "sev")),  # 4
                 ("Russia", "A", ("ukr", "sev")),   # 5
                 ("Turkey", "F", ("sev", "bla")))   # 6
    steps = clean_up(lay, V)
    four = [s for s in steps if s.rule == "4"]
    assert dict(four[0].moved) == {2: "bla", 3: "bla", 4: "sev"}
    assert four[1].removed == (6,)                   # both its spaces resolved: off the board
    assert four[1].moved == ((5, "ukr"),)
    assert len(four) == 2
    end = final(steps)
    assert where(end) == {0: "rum", 1: "ank", 2: "bla", 3: "bla", 4: "sev", 5: "ukr"}
    assert end.shared() == ["bla"]


def test_step1_removes_pieces_with_no_legal_space():
    lay = layout(("England", "A", ("ion",)),
                 ("France", "F", ("par",)), ("Germany", "A", ("mun",)))
    steps = clean_up(lay, V)
    assert steps[0].rule == "1" and steps[0].removed == (0, 1)
    assert where(final(steps)) == {2: "mun"}


def test_fleet_on_a_two_coast_province_takes_the_nearer_coast():
    lay = layout(("France", "F", ("spa", "mao")), ("Italy", "F", ("spa", "lyo")))
    assert lay.options[0] == ("mao", "spa/nc") and lay.options[1] == ("lyo", "spa/sc")


def test_choosing_a_place_makes_others_retreat():
    """The seed's example: a fleet on Denmark/Baltic/Sweden and an army on Sweden/Finland.
    Placing the fleet in Sweden sends the army to Finland."""
    lay = final(clean_up(layout(("Germany", "F", ("den", "bal", "swe")), ("Russia", "A", ("swe", "fin"))), V))
    assert lay.options == {0: ("bal", "den", "swe"), 1: ("fin", "swe")}
    assert Place(0, "swe") in choices(lay)
    steps = choose(lay, Place(0, "swe"), V)
    assert steps[0].rule == "place" and steps[1].moved == ((1, "fin"),)
    assert where(steps[-1].after) == {0: "swe", 1: "fin"} and steps[-1].after.settled
    # Placing the army in Sweden instead strikes Sweden from the fleet's candidates.
    other = choose(lay, Place(1, "swe"), V)[-1].after
    assert other.options == {0: ("bal", "den")}


def test_keeping_one_piece_of_a_shared_space():
    lay = final(clean_up(layout(("Russia", "A", ("nwy", "nwg")), ("Germany", "F", ("nwy",))), V))
    assert choices(lay) == [Keep("nwy", 0), Keep("nwy", 1)]
    end = choose(lay, Keep("nwy", 1), V)[-1].after
    assert where(end) == {1: "nwy"} and end.settled
    with pytest.raises(ChoiceError):
        choose(end, Keep("nwy", 1), V)
    with pytest.raises(ChoiceError):
        choose(lay, Place(0, "nwg"), V)


def test_first_chooser_has_the_fewest_pieces_ties_to_the_one_who_threw_last():
    """RULES.md §9 as corrected against the seed: "If there's a tie, it goes to the guy who
    went closest to last during Phase I"."""
    lay = final(clean_up(layout(("Russia", "A", ("nwy", "nwg")), ("Germany", "F", ("nwy",)),
                                ("Germany", "A", ("mun",))), V))
    assert first_chooser(lay, ("Germany", "Russia")) == 1
    assert first_chooser(lay, ("Russia", "France", "Germany")) == 1   # France has none left
    # France and Italy both have none: the one who threw last chooses first
    assert first_chooser(lay, ("France", "Italy"), {0: 10, 1: 11}) == 1
    assert first_chooser(lay, ("France", "Italy"), {0: 11, 1: 10}) == 0
    # without a record of the throws, seats threw in turn: the later seat threw last
    assert first_chooser(lay, ("France", "Italy")) == 1
    # three tied, the middle one threw last
    assert first_chooser(lay, ("France", "Italy", "Austria"), {0: 3, 1: 5, 2: 4}) == 1


def test_a_choice_runs_steps_3_to_5_again_and_removes_extra_pieces_of_one_nation_and_type():
    """The seed's "mini Phase II": placing England's fleet in Heligoland leaves both German
    fleets straddling Heligoland and the North Sea one retreat, the North Sea; they move
    there together, and the extra German fleet is removed (no choosing turn is wasted on
    keeping one of two identical pieces)."""
    lay = final(clean_up(layout(("England", "F", ("hel", "nth")), ("Germany", "F", ("hel", "nth")),
                                ("Germany", "F", ("hel", "nth"))), V))
    assert set(lay.options) == {0, 1, 2}
    steps = choose(lay, Place(0, "hel"), V)
    rules = [s.rule for s in steps]
    assert rules[0] == "place" and "4" in rules and rules[-1] == "5"
    assert steps[-1].removed == (2,)
    end = steps[-1].after
    assert where(end) == {0: "hel", 1: "nth"} and end.settled


def test_a_choice_without_a_chain_reaction_adds_no_empty_steps():
    lay = final(clean_up(layout(("Russia", "A", ("nwy", "nwg")), ("Germany", "F", ("nwy",))), V))
    steps = choose(lay, Keep("nwy", 1), V)
    assert [s.rule for s in steps] == ["keep"]


JARGON = ("resolved", "struck", "candidate", "undecided", "retreat", "legal", "duplicates")


def test_captions_speak_plain_words_a_player_knows():
    """Every caption a clean-up or a choice shows, over a handful of random games, names
    what happened in the players' words: no word of the rules' inner bookkeeping."""
    from app.winks.session import throw_at_random
    seen = set()
    for seed in range(6):
        game = throw_at_random(4, seed=seed)
        steps = list(game.cleanup_steps) + [s for _, chosen in game.choice_steps for s in chosen]
        for step in steps:
            seen.add(step.rule)
            words = step.caption.lower()
            assert not [w for w in JARGON if w in words], step.caption
    assert {"1", "2", "3", "4", "5", "keep", "place"} <= seen, "the seeds show every kind of step"


def test_captions_count_pieces_in_plain_plurals():
    """Step 1 names what leaves the board: "2 German armies", never "2 German armys"."""
    lay = layout(("Germany", "A", ("nth",)), ("Germany", "A", ("bal",)), ("France", "F", ("par",)),
                 ("France", "F", ("mun",)), ("Italy", "F", ("bur",)), ("England", "A", ("lon",)))
    step = clean_up(lay, V)[0]
    assert step.rule == "1" and len(step.removed) == 5
    assert "2 German armies, 2 French fleets and Italian fleet" in step.caption
    assert "armys" not in step.caption
