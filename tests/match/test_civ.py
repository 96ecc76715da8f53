"""Civilisations in the match layer (RULES.md §10): known civilisations per seat, offers
answered and lapsing, computer answers, snapshots, sealing, saving."""

import json

import pytest

from app.engine.civ.civ import civ_of, in_contact
from app.engine.civ.civgame import gifts_of
from app.engine.civ.civstart import with_civ
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.game import Game
from app.engine.civ.gifts import Gift
from app.engine.civ.nations import PALETTE, UNKNOWN, with_nations
from app.engine.variants.variant import load_variant
from app.engine.rules.world import World, make_board
from app.match import Match, Seat
from app.match.civ_setup import CivPlayer, new_civ_match
from app.match.civ_table import OfferRefused
from app.match.civ_view import civ_view, known_civilisations

S1901 = BoardKey(1, Turn(1901, 0))
NAMES = ("Sumer", "Akkad", "Elam", "Kish")


def civ_world(units, centres=None, contacts=None, names=NAMES):
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    owners = {c: n for n, cs in (centres or {}).items() for c in cs}
    board = make_board(S1901, [tuple(u.split()) for u in units], owners)
    return with_civ(World.from_boards(v, [board]), contacts=contacts or {})


def hotseat(world, pins=None, computer=()):
    seats = [Seat(name=n[:3], nations=(n,)) for n in world.variant.nation_names if n not in computer]
    if computer:
        seats.append(Seat(name="Computer", nations=tuple(computer), controller="computer", level="easy"))
    return Match(Game.from_world(world), seats, pins=pins or {}, fog=True)


def finish_round(m):
    while m.turn is not None:
        m.done()
    return m.submit()


# -- who a seat knows -------------------------------------------------------------------------


def test_a_seat_knows_its_civilisation_and_those_it_met_only():
    w = civ_world(["Sumer A pic", "Akkad A ruh", "Elam F aeg"])
    m = hotseat(w)
    assert m.known_civilisations(0) == ["Sumer"] and m.known_civilisations(1) == ["Akkad"]
    m.add_text("A pic - bur", 0)
    finish_round(m)
    assert m.in_contact("Sumer", "Akkad") and m.in_contact("Akkad", "Sumer")
    assert m.known_civilisations(0) == ["Sumer", "Akkad"] and m.known_civilisations(2) == ["Elam"]


def test_a_seats_view_calls_unknown_civilisations_unknown():
    w = civ_world(["Sumer A pic", "Akkad A bel", "Elam A bur"], centres={"Akkad": ["bel"]},
                  contacts={"Sumer": ["Elam"]})
    view = civ_view(w, ["Sumer"])
    units = {str(u) for u in view.boards[S1901].units.values()}
    assert units == {"Sumer A pic", f"{UNKNOWN} A bel", "Elam A bur"}
    assert dict(view.boards[S1901].centres) == {"bel": UNKNOWN}
    assert known_civilisations(w, ["Sumer"]) == ["Sumer", "Elam"]
    assert all(n in ("Sumer", "Elam") for p in civ_of(view).contacts for n in p)


def test_an_order_naming_an_unknown_civilisation_reads_as_no_nation_at_all():
    w = civ_world(["Sumer A pic", "Akkad A bel"])
    m = hotseat(w)
    with pytest.raises(Exception) as unknown:
        m.add_text("Akkad: A bel H", 0)
    with pytest.raises(Exception) as nonexistent:
        m.add_text("Zzkad: A bel H", 0)
    assert str(unknown.value).replace("Akkad", "X") == str(nonexistent.value).replace("Zzkad", "X")
    assert "Akkad" not in str(nonexistent.value)


# -- offers ------------------------------------------------------------------------------------


def test_offers_answered_at_the_receivers_turn_and_the_rules_of_one_open_offer():
    w = civ_world(["Sumer A bur", "Sumer A par", "Akkad A mun", "Elam F ion"],
                  centres={"Sumer": ["par", "mar"], "Akkad": ["mun"]}, contacts={"Sumer": ["Akkad", "Elam"]})
    m = hotseat(w)
    t = m.civ
    with pytest.raises(OfferRefused, match="you know no civilisation called Elam"):
        t.offer(Gift("map", "Akkad", "Elam"))
    m.add_text("A bur - ruh", 0)
    offer = t.offer(Gift("unit", "Sumer", "Akkad", unit=Location(S1901, "bur")))
    with pytest.raises(OfferRefused, match="you have an open offer"):
        t.offer(Gift("map", "Sumer", "Elam"))
    with pytest.raises(OfferRefused, match="you have an open offer"):
        t.offer(Gift("maps", "Akkad", "Sumer"))             # the one that received it, too
    waiting = t.offer(Gift("map", "Elam", "Sumer"))         # a busy receiver: the offer waits (nobody is told)
    assert t.to_answer(["Sumer"]) == [waiting]
    assert t.to_answer(["Akkad"]) == [offer] and t.to_answer(["Elam"]) == []
    m.done()                                               # Sumer passes on; Akkad's turn
    t.answer(offer.id, True)
    assert offer.status == "accepted"
    assert m.world.boards[S1901].units["bur"].nation == "Akkad"
    assert m.pending(0) == []                              # the giver's order for it is dropped
    m.add_text("A bur - ruh", 1)                            # the receiver orders it at once
    t.answer(waiting.id, False)
    assert t.offer(Gift("map", "Sumer", "Elam")).status == "open"    # answered: free to offer again


def test_an_offer_that_no_longer_holds_when_answered_lapses():
    w = civ_world(["Sumer A gas", "Akkad A mun"], centres={"Sumer": ["par"]}, contacts={"Sumer": ["Akkad"]})
    m = hotseat(w)
    offer = m.civ.offer(Gift("unit", "Sumer", "Akkad", unit=Location(S1901, "gas")))
    m.add_text("A gas - spa", 0)
    finish_round(m)                                         # the army moved onto a supply centre
    m.civ.answer(offer.id, True)
    assert offer.status == "lapsed" and "supply centre" in offer.reason
    assert m.world.boards[BoardKey(1, Turn(1901, 1))].units["spa"].nation == "Sumer"
    with pytest.raises(OfferRefused, match="no longer open"):
        m.civ.answer(offer.id, True)


def test_a_rejected_offer_changes_nothing_and_a_computer_answers_at_once():
    w = civ_world(["Sumer A bur", "Akkad A mun", "Elam F ion"], contacts={"Sumer": ["Akkad", "Elam"]})
    m = hotseat(w, computer=("Elam",))
    o = m.civ.offer(Gift("contact", "Sumer", "Akkad", third="Elam"))
    m.civ.answer(o.id, False)
    assert o.status == "rejected" and not m.in_contact("Akkad", "Elam")
    e = m.civ.offer(Gift("maps", "Sumer", "Elam"))
    assert e.status == "accepted"                            # the computer answered by itself
    assert [s.giver for s in m.civ.snapshots("Sumer")] == ["Elam"]
    assert [s.giver for s in m.civ.snapshots("Elam")] == ["Sumer"]


def test_a_snapshot_is_what_the_giver_saw_then_and_never_changes():
    w = civ_world(["Sumer A bur", "Akkad A mun", "Akkad A sil", "Elam A war"],
                  contacts={"Sumer": ["Akkad"], "Akkad": ["Elam"]})
    m = hotseat(w)
    o = m.civ.offer(Gift("map", "Akkad", "Sumer"))
    m.civ.answer(o.id, True)
    [snap] = m.civ.snapshots("Sumer")
    view = m.civ.snapshot_view(snap)
    units = {str(u) for u in view.boards[S1901].units.values()}
    # what Akkad saw, Elam unnamed for Sumer who has not met it
    assert units == {"Akkad A mun", "Akkad A sil", f"{UNKNOWN} A war", "Sumer A bur"}
    assert snap.title(m.game.calendar) == "Map from Akkad, Spring 4000 BC"
    m.add_text("A war - pru", 2)
    finish_round(m)
    later = m.civ.snapshot_view(snap)
    assert set(later.boards) == {S1901} and {str(u) for u in later.boards[S1901].units.values()} == units
    m.civ.answer(m.civ.offer(Gift("contact", "Akkad", "Sumer", third="Elam")).id, True)
    named = {str(u) for u in m.civ.snapshot_view(snap).boards[S1901].units.values()}
    assert "Elam A war" in named                           # once met, named on the old map too


# -- saving and sealing -----------------------------------------------------------------------


def _reload(m):
    m.game.meta = m.to_meta()
    text = m.game.dumps()
    return Match.from_game(Game.from_json(json.loads(text), "g.json", text)), text


def test_open_offers_are_saved_in_the_clear_without_pins():
    w = civ_world(["Sumer A bur", "Akkad A mun"], contacts={"Sumer": ["Akkad"]})
    m = hotseat(w)
    o = m.civ.offer(Gift("unit", "Sumer", "Akkad", unit=Location(S1901, "bur")))
    loaded, _ = _reload(m)
    [again] = loaded.civ.to_answer(["Akkad"])
    assert again.gift == o.gift and again.id == o.id
    loaded.civ.answer(again.id, True)
    loaded2, _ = _reload(loaded)
    assert loaded2.civ.to_answer(["Akkad"]) == [] and loaded2.world.boards[S1901].units["bur"].nation == "Akkad"


def test_an_offer_involving_a_pin_seat_is_sealed_and_opens_with_the_pin():
    w = civ_world(["Sumer A bur", "Akkad A mun", "Elam A war"], contacts={"Sumer": ["Akkad"]})
    m = hotseat(w, pins={0: "1111", 1: "2222"})
    m.civ.offer(Gift("unit", "Sumer", "Akkad", unit=Location(S1901, "bur")))
    loaded, text = _reload(m)
    meta = json.loads(text)["meta"]
    assert "open" not in meta["civ"] and all(s["sealed"] for s in meta["seats"][:2])   # in each party's box
    assert "1:bur:S1901" not in json.dumps(meta)
    assert loaded.civ.to_answer(["Akkad"]) == []            # locked: nothing shown yet
    assert not loaded.check_pin(1, "9999") and loaded.civ.to_answer(["Akkad"]) == []
    assert loaded.check_pin(1, "2222")
    [o] = loaded.civ.to_answer(["Akkad"])
    assert o.gift.unit == Location(S1901, "bur")
    assert loaded.check_pin(0, "1111")
    assert len(loaded.civ.open_offers("Sumer")) == 1        # the same offer, from both boxes, once
    loaded.civ.answer(o.id, True)                          # answered: a box written before brings none back
    again, _ = _reload(loaded)
    assert again.check_pin(0, "1111") and again.civ.open_offers("Sumer") == []


def test_a_new_civ_match_seats_people_and_one_computer_seat_per_level():
    m = new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a"), CivPlayer("Ben", "Akkad", "#1971c2", True, pin="12"),
                       CivPlayer("Cy", "Elam", "#2b8a3e")], computers=6, seed=2, levels=["easy", "random"])
    assert m.mode == "hotseat" and m.fog and m.has_pin(1)
    assert [s.name for s in m.seats] == ["Ada", "Ben", "Cy", "Computer (easy)", "Computer (random)"]
    assert len(m.game.variant.nation_names) == 9
    with pytest.raises(Exception, match="takes 7 to 13"):
        new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a")], computers=3)
    with pytest.raises(Exception, match="province"):
        new_civ_match([CivPlayer("Ada", "Paris", "#c92a2a")], computers=8)


def test_a_single_player_game_against_computers_makes_contact_and_exchanges_maps():
    m = new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a")], computers=8, seed=5, levels=["easy"])
    for _ in range(30):
        m.submit()
        for o in m.civ.to_answer(["Sumer"]):
            m.civ.answer(o.id, True)
    assert len(m.known_civilisations(0)) > 1
    assert any(g.kind == "maps" for _, g in gifts_of(m.game))
    # a computer civilisation decided from its own view: no order names a unit it could not see
    assert in_contact(m.world, *[n for n in m.known_civilisations(0)][:2])


def test_every_shipped_variant_plays_civilisations():
    from app.engine.civ.civstart import civ_range
    for variant in ("standard", "baltic", "isles"):
        high = civ_range(load_variant(variant))[1]
        m = new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a")], computers=high - 1, seed=1, variant=variant,
                          levels=["easy"])
        for _ in range(6):
            m.submit()
        assert len(m.game.variant.nation_names) == high and civ_of(m.world) is not None
        assert m.known_civilisations(0)[0] == "Sumer"


def test_sixteen_people_at_one_table():
    from app.engine.civ.nations import default_nations
    v = load_variant("baltic")
    # no shipped map holds sixteen starting centres apart: a scenario-like start, one army each
    game_variant = with_nations(v, default_nations(16, variant=v))
    provinces = sorted(p for p in v.provinces if v.kind(p) != "sea")[:16]
    board = make_board(S1901, [(n, "A", p) for n, p in zip(game_variant.nation_names, provinces)], {})
    m = Match(Game.from_world(with_civ(World.from_boards(game_variant, [board]))),
              [Seat(name=n, nations=(n,)) for n in game_variant.nation_names], fog=True)
    assert m.mode == "hotseat" and len(m.seats) == 16
    finish_round(m)
    finish_round(m)
    assert len(m.game.submissions) == 2


def test_messages_pass_only_between_civilisations_in_contact():
    w = civ_world(["Sumer A pic", "Akkad A ruh", "Elam F aeg"], contacts={"Sumer": ["Akkad"]})
    m = hotseat(w)
    mail = m.table.mail
    assert mail.recipients(0) == [1] and mail.recipients(2) == []
    mail.write(0, 1, "Well met.")
    from app.match.table.messages import MessageRefused
    with pytest.raises(MessageRefused, match="not met"):
        mail.write(0, 2, "Hello?")


def test_a_drawn_start_is_seated_with_people_computers_fog_and_pins(tmp_path):
    import pytest
    from app.engine.civ.civ_cli import main as civ_main
    from app.match import MatchError
    from app.match.civ_setup import seat_civ_game
    from app.match.storage import open_match
    path = tmp_path / "civ.json"
    assert civ_main(["--civs", "8", "--seed", "2", "--out", str(path)]) == 0
    opened = open_match(path)
    civs = list(opened.game.variant.nation_names)
    m = seat_civ_game(opened.game, [CivPlayer("Ada", civs[3], "#000000", True, "55"), CivPlayer("Ben", civs[0], "")],
                      ["easy", "random"])
    assert m.fog and m.mode == "hotseat" and m.has_pin(0) and not m.has_pin(1)
    assert m.seats[0].nations == (civs[3],) and m.seats[0].colour == opened.game.variant.nations[civs[3]].colour
    computers = [s for s in m.seats if s.controller == "computer"]
    assert sorted(n for s in computers for n in s.nations) == sorted(civs[1:3] + civs[4:])
    assert {s.level for s in computers} == {"easy", "random"}
    assert m.known_civilisations(1) == [civs[0]]
    with pytest.raises(MatchError, match="no civilisation 'Rome'"):
        seat_civ_game(opened.game, [CivPlayer("Ada", "Rome", "")])
    with pytest.raises(MatchError, match="both chose"):
        seat_civ_game(opened.game, [CivPlayer("Ada", civs[0], ""), CivPlayer("Ben", civs[0], "")])
    with pytest.raises(MatchError, match="at least one person"):
        seat_civ_game(opened.game, [])
    from app.engine.game import Game
    with pytest.raises(MatchError, match="not a civilisations game"):
        seat_civ_game(Game.new(), [CivPlayer("Ada", "France", "")])
