"""Civilisations and privacy (RULES.md §10 with §8): a seat is not told how many
civilisations play. Two games that differ only in a civilisation the seat has not met —
present far away, or not in the game at all — must look the same to the seat: its view,
the civilisations it may name, the targets of its units, the check and the reading of every
order it could type (refusals and their wording), the offers it could make, its
transcript. Each test also shows that the whole world *would* have told the difference,
so it cannot pass vacuously."""

from __future__ import annotations

import pytest

from app.engine.rules import targets
from app.engine.civ.civ import civ_of
from app.engine.civ.civstart import with_civ
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.game import Game
from app.engine.civ.gifts import Gift
from app.engine.civ.nations import PALETTE, with_nations
from app.engine.notation.transcript import format_transcript
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board
from app.match import Match, Seat
from app.match.civ_table import OfferRefused
from app.match.match import seat_view

S1901 = BoardKey(1, Turn(1901, 0))
OURS = ["Sumer A par", "Sumer F bre", "Akkad A mun", "Akkad A ruh"]
THEIRS = ["Kish A ank", "Kish F smy"]
# the same orders for the seats we watch, whatever else is in the game
ROUNDS = [
    {0: ["A par - bur", "F bre - mao"], 1: ["A mun - boh"]},
    {0: ["A bur - mar", "F mao - spa/nc"], 1: ["A boh - vie"]},
    {0: ["build A par", "build F bre"], 1: []},
    {0: ["A par - pic", "F bre - eng"], 1: ["A vie - bud"]},
]
KISH = [["A ank - arm", "F smy - eas"], ["A arm - sev", "F eas - smy"], ["build A ank"], ["A sev - ukr"]]


def game_of(with_kish: bool) -> Match:
    names = ["Sumer", "Akkad"] + (["Kish"] if with_kish else [])
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    centres = {"par": "Sumer", "bre": "Sumer", "mun": "Akkad"}
    if with_kish:
        centres.update({"ank": "Kish", "smy": "Kish"})
    board = make_board(S1901, [tuple(u.split()) for u in OURS + (THEIRS if with_kish else [])], centres)
    world = with_civ(World.from_boards(v, [board], seed=3), contacts={"Sumer": ["Akkad"]})
    seats = [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",))]
    if with_kish:
        seats.append(Seat(name="Cy", nations=("Kish",)))
    m = Match(Game.from_world(world), seats, fog=True)
    for i, orders in enumerate(ROUNDS):
        for seat, texts in orders.items():
            for t in texts:
                m.add_text(t, seat)
        if with_kish:
            for t in KISH[i]:
                m.add_text(t, 2)
        while m.turn is not None:
            m.done()
        m.submit()
    return m


@pytest.fixture(scope="module")
def pair():
    return game_of(False), game_of(True)


def seen(view: World) -> tuple:
    """Everything of a view a seat can be shown (its variant's list of names excepted:
    nothing shown reads it in a civilisations game)."""
    return (
        {k: (sorted(map(str, b.units.values())), sorted(b.centres.items())) for k, b in view.boards.items()},
        {k: (tuple(map(repr, os)), view.results[k]) for k, os in view.orders.items()},
        dict(view.retreats), dict(view.parents), dict(view.ends), view.phase, view.winner,
        dict(civ_of(view).contacts), {k: (dict(h.homes), dict(h.gained)) for k, h in civ_of(view).homes.items()},
    )


def test_the_whole_worlds_differ(pair):
    without, with_ = pair
    assert len(with_.game.variant.nation_names) == 3 > len(without.game.variant.nation_names)
    assert seen(with_.world) != seen(without.world)
    assert any(u.nation == "Kish" for b in with_.world.boards.values() for u in b.units.values())


def test_the_seats_view_and_lists_are_the_same(pair):
    without, with_ = pair
    for seat in (0, 1):
        assert seen(without.view_for(seat)) == seen(with_.view_for(seat))
        assert without.known_civilisations(seat) == with_.known_civilisations(seat)
    assert with_.known_civilisations(0) == ["Sumer", "Akkad"]


def test_the_targets_of_every_own_unit_are_the_same(pair):
    without, with_ = pair
    a, b = without.view_for(0), with_.view_for(0)
    for key in a.active_boards():
        for u in a.boards[key].units.values():
            if u.nation != "Sumer":
                continue
            loc = Location(key, u.loc)
            assert targets.move_targets(a, loc) == targets.move_targets(b, loc)
            assert targets.support_options(a, loc) == targets.support_options(b, loc)
            assert targets.convoy_options(a, loc) == targets.convoy_options(b, loc)
        for key2 in a.active_boards():
            if not a.boards[key2].is_movement:
                assert targets.build_options(a, key2, "Sumer") == targets.build_options(b, key2, "Sumer")


TYPED = ["A pic - bel", "Kish: A ank H", "A ank - con", "Kish waive", "build A ank", "A sev H", "Akkad: A bud H",
         "F eng - lon", "Zork: A pic H", "A pic S A ank - arm", "F eng C A ank - con"]


@pytest.mark.parametrize("text", TYPED)
def test_every_typed_order_reads_and_is_refused_alike(pair, text):
    without, with_ = pair

    def outcome(m):
        try:
            return ("ok", repr(m.add_text(text, 0)))
        except Exception as e:                               # the refusal, word for word
            return (type(e).__name__, str(e))
        finally:
            for k in list(m.pending_items(0)):
                m.remove_order(k, 0)
    assert outcome(without) == outcome(with_)


@pytest.mark.parametrize("gift", [Gift("map", "Sumer", "Kish"), Gift("maps", "Sumer", "Kish"),
                                  Gift("contact", "Sumer", "Akkad", third="Kish"),
                                  Gift("unit", "Sumer", "Kish", unit=Location(S1901, "par"))])
def test_an_offer_naming_an_unmet_civilisation_is_refused_alike(pair, gift):
    without, with_ = pair
    messages = []
    for m in (without, with_):
        with pytest.raises(OfferRefused) as e:
            m.civ.offer(gift)
        messages.append(str(e.value))
    assert messages[0] == messages[1] == "you know no civilisation called Kish"


def test_the_transcript_is_the_same(pair):
    without, with_ = pair
    texts = []
    for m in (without, with_):
        view = (lambda w: seat_view(w, ("Sumer",), True))
        texts.append(format_transcript(m.game, view, ("Sumer",)))
    assert texts[0] == texts[1]
    assert "Kish" not in texts[1]
    whole = format_transcript(with_.game)
    assert "Kish" in whole                               # the whole game would have told


PASTED = ["Kish: A ank H", "Zork: A pic H", "Kish:\nA ank - con\nF smy H", "Unknown: A ank H", "A ank - con",
          "Sumer: A pic - bel\nKish: F smy - eas"]


@pytest.mark.parametrize("text", PASTED)
def test_pasted_orders_read_and_are_refused_alike(pair, text):
    """Paste orders reads with the seat's known civilisations, as typed orders do (it read
    with every name, and "'Zork' is not a nation (the nations are Sumer, Akkad, Kish)"
    told the seat who plays)."""
    from app.match.paste import add_pasted
    without, with_ = pair

    def outcome(m):
        r = add_pasted(m, text, 0)
        try:
            return [(p.line, p.word, p.reason) for p in r.problems], [repr(o) for _, o in r.added]
        finally:
            for k in list(m.pending_items(0)):
                m.remove_order(k, 0)
    assert outcome(without) == outcome(with_)
    assert "(the nations are Sumer, Akkad, Kish)" not in str(outcome(with_))


def test_the_position_editor_and_a_sandbox_from_a_board_name_only_known_civilisations(pair):
    """Edit position / New sandbox from a board, for a civilisations seat: only the
    civilisations it knows may be placed or named, and units it sees of others ("Unknown")
    are left out — the editor listed every civilisation of the game, or refused the board
    naming them all."""
    from app.match.editor import EditRefused, PositionEditor
    without, with_ = pair
    eds = [PositionEditor.for_seat(m, 0, m.world.active_boards()[0]) for m in pair]
    assert eds[0].variant.nation_names == eds[1].variant.nation_names == ("Sumer", "Akkad")
    assert eds[0].position.units == eds[1].position.units
    assert dict(eds[0].position.centres) == dict(eds[1].position.centres)
    for ed in eds:
        with pytest.raises(EditRefused) as e:
            ed.place("Kish", "A", "ber")
        assert "Kish" not in str(e.value).replace("'Kish'", "")
    assert [m.game.variant.nation_names for m in (eds[0].start_match(), eds[1].start_match())] == \
        [("Sumer", "Akkad")] * 2
    whole = PositionEditor.from_board(with_.world, with_.world.active_boards()[0])
    assert "Kish" in whole.variant.nation_names                 # the whole game would have told


def test_the_centre_chart_says_alike_what_it_hides(pair):
    """The chart's fog note does not count the civilisations a seat does not know ("Fog of
    war: 1 nations' counts are hidden" told Ada that a third civilisation plays)."""
    from app.match.chart import ChartBuilder, hidden_note, visible_nations
    without, with_ = pair
    notes = [hidden_note(m, visible_nations(m, 0)) for m in pair]
    assert notes[0] == notes[1] != ""
    assert [ChartBuilder().build(m.game).only(visible_nations(m, 0)).nations for m in pair] == [("Sumer",)] * 2
    from app.match import Match, Seat
    fog = Match.new(seats=[Seat(name="Ada", nations=("France", "England")),
                           Seat(name="Ben", nations=("Germany", "Italy", "Austria", "Russia", "Turkey"))], fog=True)
    assert hidden_note(fog, visible_nations(fog, 0)) == "Fog of war: 5 nations' counts are hidden."
    assert hidden_note(without.__class__.new(), visible_nations(without.__class__.new(), 0)) == ""


def test_a_failed_order_of_a_civilisation_not_met_does_not_name_it_in_its_reason():
    """A Winter board in Sumer's sight where Elam, not met, orders a build it has not got:
    the engine's reason names Elam; the seat's view says "an unknown civilisation"."""
    v = with_nations(load_variant(), [("Sumer", PALETTE[0]), ("Elam", PALETTE[2])])
    winter = make_board(BoardKey(1, Turn(1901, 2)), [("Sumer", "A", "pic"), ("Elam", "A", "hol"), ("Elam", "A", "kie")],
                        {"par": "Sumer", "bel": "Elam"})
    m = Match(Game.from_world(with_civ(World.from_boards(v, [winter]))),
              [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Elam",))], fog=True)
    m.done(0)
    m.add_text("build A bel", 1)
    m.done(1)
    m.submit()
    reasons = [r.reason for r in m.world.results[winter.key]]
    assert reasons == ["Elam has no build left on 1:W1901"]             # the whole world names Elam
    view = m.view_for(0)
    [order] = view.orders[winter.key]
    assert order.nation == "Unknown"
    assert [r.reason for r in view.results[winter.key]] == ["An unknown civilisation has no build left on 1:W1901"]
    assert [r.reason for r in m.view_for(1).results[winter.key]] == reasons      # Elam's own reads as it was
