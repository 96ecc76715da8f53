"""A civilisations game's part of a seat's view across computers (RULES.md §10, §6 "Across
computers"; issue 32): each seat is told the civilisations it knows, with their colours,
and their state as it may know it, so that its window can rebuild its world; never the
name or colour of a civilisation it has not met, nor another's home centres."""

import json

from app.engine import BoardKey, Game, load_variant, make_board, PALETTE, Turn, with_nations, World
from app.engine.civ.civstart import with_civ
from app.match import Match, Seat
from app.net import protocol as p
from app.net.client import Client

from .serving import clients, run, serving, views_at

SUMER, AKKAD = ("Sumer", PALETTE[0]), ("Akkad", PALETTE[2])


def two_civilisations() -> Match:
    """Sumer (Ada) in Paris, Akkad (Ben) in Berlin, out of each other's sight: after Spring's
    A par - bur and A ber - mun their armies stand side by side, and they meet (§10 rule 2)."""
    v = with_nations(load_variant(), [SUMER, AKKAD])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "par"), ("Akkad", "A", "ber")],
                       {"par": "Sumer", "ber": "Akkad"})
    world = with_civ(World.from_boards(v, [board]))
    return Match(Game.from_world(world), [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",))],
                 fog=True)


def views(client: Client) -> list[dict]:
    return [json.loads(f) for f in client.frames if p.read_server(f).type == "view"]


def test_a_seat_is_told_the_civilisations_it_knows_and_no_other_until_they_meet(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(two_civilisations(), "civ")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                for c in (ada, ben):
                    await c.wait_for(views_at(0))
                first = ben.view.civ
                assert first["nations"] == [list(AKKAD)] and first["seats"] == []
                assert first["state"]["homes"]["table"] == [{"homes": {"Akkad": ["ber"]}, "gained": {"Akkad": ["ber"]}}]
                assert ada.view.civ["nations"] == [list(SUMER)]      # (the check below can fail)
                before = list(ben.frames)
                assert all("Sumer" not in f and SUMER[1] not in f for f in before)
                await ada.order("A par - bur")
                await ben.order("A ber - mun")
                for c in (ada, ben):
                    await c.wait_for(lambda c: len(c.view.pending) == 1)
                    await c.done()
                for c in (ada, ben):
                    await c.wait_for(views_at(1))
                met = ben.view.civ
                assert met["nations"] == [list(AKKAD), list(SUMER)] and met["seats"] == [0]
                assert met["state"]["contacts"] == [["Akkad", "Sumer", 2]]
                homes = met["state"]["homes"]["table"]
                assert all(set(row["homes"]) == {"Akkad"} for row in homes)    # Sumer's homes are Sumer's
                assert "Sumer A bur" in {u for b in ben.view.boards for u in b["units"]}
                assert ada.view.civ["nations"] == [list(SUMER), list(AKKAD)]
    run(play)


def test_a_game_without_civilisations_sends_none():
    from app.net.views import seat_message
    from .serving import two_seats
    assert seat_message(two_seats(), "t", 0).civ is None


def test_a_contact_given_reaches_the_third_civilisation_at_once(tmp_path):
    """§10 contact gift: Sumer introduces Akkad to Elam. Elam is no party to the offer, but
    it has met Akkad now: its computer is told (Akkad's name and colour) without waiting
    for the next round."""
    from .test_offers import NAMES, three_civilisations
    elam_colour = PALETTE[NAMES.index("Elam")]

    def never_met() -> Match:      # as test_offers' table, but Akkad and Elam have not met
        m = three_civilisations()
        from app.engine import changed_civ, civ_of
        from app.engine.civ.contact import pair
        civ = civ_of(m.game.world)
        world = m.game.world.derive(extension=changed_civ(civ, contacts={
            p: t for p, t in civ.contacts.items() if p != pair("Akkad", "Elam")}))
        return Match(Game.from_world(world), m.seats, fog=True)

    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(never_met(), "civ")
            ada, ben, cy = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben, cy):
                for c in (ada, ben, cy):
                    await c.wait_for(lambda c: c.view is not None and c.offers is not None)
                assert [n for n, _ in cy.view.civ["nations"]] == ["Elam", "Sumer"]
                await ada.offer("contact", "Sumer", "Akkad", third="Elam")
                await ben.wait_for(lambda c: bool(c.offers.to_answer))
                await ben.answer(ben.offers.to_answer[0]["id"], True)
                await cy.wait_for(lambda c: [n for n, _ in c.view.civ["nations"]] == ["Elam", "Sumer", "Akkad"],
                                  timeout=20)
                assert ["Akkad", PALETTE[NAMES.index("Akkad")]] in cy.view.civ["nations"]
                assert ["Elam", elam_colour] in ben.view.civ["nations"]
    run(play)


def test_a_map_received_is_sent_to_its_receiver_only(tmp_path):
    """§10 map gift across computers: the receiver's computer is told of the map and gets it
    when it asks (what the giver saw then); another seat asking for it is refused without
    being told whether such a map exists."""
    from .test_offers import three_civilisations

    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(three_civilisations(), "civ")
            ada, ben, cy = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben, cy):
                for c in (ada, ben, cy):
                    await c.wait_for(lambda c: c.view is not None and c.offers is not None)
                await ada.offer("map", "Sumer", "Elam")
                await cy.wait_for(lambda c: bool(c.offers.to_answer))
                await cy.answer(cy.offers.to_answer[0]["id"], True)
                await cy.wait_for(lambda c: bool(c.offers.maps))
                [told] = cy.offers.maps
                assert (told["giver"], told["receiver"], told["turn"]) == ("Sumer", "Elam", "S1901")
                await cy.ask_map(told["gift"])
                await cy.wait_for(lambda c: any(isinstance(m, p.MapView) for m in c.messages))
                [seen] = [m for m in cy.messages if isinstance(m, p.MapView)]
                assert "Sumer A pic" in {u for b in seen.boards for u in b["units"]}      # what Sumer saw
                await ben.ask_map(told["gift"])                  # not Ben's map
                await ben.wait_for(lambda c: any(isinstance(m, p.Refused) for m in c.messages))
                [refused] = [m for m in ben.messages if isinstance(m, p.Refused)]
                assert refused.reason == "no map of that number was given to your seat"
                assert not any(isinstance(m, p.MapView) for m in ben.messages)
                assert not ben.offers.maps and not ada.offers.maps
    run(play)


def test_a_window_told_no_civilisations_by_an_older_server_says_so_plainly():
    """A server from before views carried civilisations: the window cannot rebuild the seat's
    world, and says so (naming the seat's own civilisation only) instead of failing inside."""
    import pytest
    from app.net.remote import RemoteMatch
    from app.net.remote_world import RemoteError
    from app.net.views import seat_message, welcome_fields
    m = two_civilisations()
    welcome = p.Welcome(table="t", seat=1, seat_name="Ben", nations=["Akkad"], fog=True, **welcome_fields(m, 1))
    older = seat_message(m, "t", 1).model_copy(update={"civ": None})
    with pytest.raises(RemoteError) as e:
        RemoteMatch(welcome, older, lambda action: None)
    assert "Akkad" in str(e.value) and "python -m app join" in str(e.value) and "Sumer" not in str(e.value)
    assert RemoteMatch(welcome, seat_message(m, "t", 1), lambda action: None).known_civilisations(1) == ["Akkad"]


def test_no_frame_to_a_seat_names_or_colours_a_civilisation_it_has_not_met(tmp_path):
    """Seven civilisations, two of them people's, none met yet: everything Ada's computer
    receives (welcome, view, offers, the table's state) holds her own civilisation's name and
    colour, and no other's — a seat's colour is its civilisation's, so it is not told either."""
    from app.match.civ_setup import CivPlayer, new_civ_match
    match = new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a"), CivPlayer("Ben", "Akkad", "#1971c2")], computers=5,
                          seed=4)
    v = match.game.variant
    assert match.known_civilisations(0) == ["Sumer"]
    unmet = {n: v.nations[n].colour for n in v.nation_names if n != "Sumer"}
    assert unmet["Akkad"] == "#1971c2" and match.seats[1].colour == "#1971c2"     # the seat wears its colour

    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(match, "civilisations")
            ada = Client(invitation=str(invitations[0]))
            async with clients(ada):
                await ada.wait_for(lambda c: c.view is not None and c.offers is not None and c.state is not None)
            every = "\n".join(ada.frames)
            assert "Sumer" in every and "#c92a2a" in every           # (the checks below can fail)
            for name, colour in unmet.items():
                assert name not in every and colour.lower() not in every.lower(), name
    run(play)


def test_a_window_shows_the_orders_of_a_civilisation_not_met_that_it_saw_unnamed():
    """Ben sees Sumer's army in Burgundy (next to his in Munich) leave for Gascony; they do
    not meet. His window's world holds that move, as the hotseat's view does: an order of
    an "Unknown" civilisation (its text names no civilisation a variant has)."""
    from app.net.remote import RemoteMatch
    from app.net.views import seat_message, welcome_fields
    v = with_nations(load_variant(), [SUMER, AKKAD])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "bur"), ("Akkad", "A", "mun")],
                       {"par": "Sumer", "ber": "Akkad"})
    m = Match(Game.from_world(with_civ(World.from_boards(v, [board]))),
              [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",))], fog=True)
    welcome = p.Welcome(table="t", seat=1, seat_name="Ben", nations=["Akkad"], fog=True, **welcome_fields(m, 1))
    ben = RemoteMatch(welcome, seat_message(m, "t", 1), lambda action: None)
    m.add_text("A bur - gas", 0)
    m.done(0)
    m.done(1)
    m.submit()
    assert m.known_civilisations(1) == ["Akkad"]
    sent = seat_message(m, "t", 1)
    assert any(o[0].startswith("Unknown: A 1:bur:S1901 - 1:gas") for b in sent.boards for o in b["orders"])
    ben.apply(sent)
    seen = dict(zip(ben.world.orders[board.key], ben.world.results[board.key]))
    [(move, result)] = [(o, r) for o, r in seen.items() if o.nation == "Unknown"]
    assert (move.kind, move.unit.loc, move.dest.loc, result.status) == ("move", "bur", "gas", "succeeds")


def test_a_past_board_with_an_unknown_civilisations_orders_is_sent_once():
    """Views go as a change: a board already sent, with an unnamed civilisation's order on it
    (Sumer's move that Ben saw), is not sent again at the next round as if it had changed."""
    from app.net.views import seat_message, Sent
    v = with_nations(load_variant(), [SUMER, AKKAD])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "bur"), ("Akkad", "A", "mun")],
                       {"par": "Sumer", "ber": "Akkad"})
    m = Match(Game.from_world(with_civ(World.from_boards(v, [board]))),
              [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",))], fog=True)
    sent = Sent()
    seat_message(m, "t", 1, sent)
    for n, order in enumerate(("A bur - gas", "A gas H")):
        m.add_text(order, 0)
        m.done(0)
        m.done(1)
        m.submit()
        frame = seat_message(m, "t", 1, sent)
        boards = [b["board"] for b in frame.boards]
        if n == 0:
            assert "1:S1901" in boards and any(o[0].startswith("Unknown:") for b in frame.boards for o in b["orders"])
        else:
            assert "1:S1901" not in boards, boards     # unchanged since it was sent
    assert m.known_civilisations(1) == ["Akkad"]


def test_the_window_tells_news_of_offers_not_what_it_was_told_before():
    """An offer made to the seat is news (at its join too); an answer to its own offer is
    news when it comes, not again each time the seat joins and is told its history."""
    from app.net.remote import RemoteMatch
    from app.net.views import seat_message, welcome_fields
    m = two_civilisations()
    welcome = p.Welcome(table="t", seat=0, seat_name="Ada", nations=["Sumer"], fog=True, **welcome_fields(m, 0))
    ada = RemoteMatch(welcome, seat_message(m, "t", 0), lambda action: None)
    made = {"id": 1, "kind": "map", "from": "Sumer", "to": "Akkad", "made_at": 0}
    given = {"id": 2, "kind": "map", "from": "Akkad", "to": "Sumer", "made_at": 0}
    first = ada.apply(p.Offers(table="t", to_answer=[given], answered=[dict(made, status="accepted")]))
    assert first.what == "offers" and first.text == "Akkad made you an offer: answer it in Contacts."
    again = ada.apply(p.Offers(table="t", to_answer=[given], made=[dict(made, id=3)],
                               answered=[dict(made, status="accepted")]))
    assert again.text == ""
    answered = ada.apply(p.Offers(table="t", to_answer=[given], answered=[dict(made, id=3, status="not taken"),
                                                                          dict(made, status="accepted")]))
    assert answered.text == "Your offer to Akkad: not taken."
    assert [o.id for o in ada.civ.to_answer(["Sumer"])] == [2] and ada.civ.made_by(["Sumer"]) == []
