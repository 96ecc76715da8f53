"""Civilisations' offers across computers (RULES.md §10, §6 "Across computers"): an offer
passes through the server to its receiver's seat only, is answered there, and is kept like
any other action (a restarted server still has it)."""

import json

from app.engine import BoardKey, Game, load_variant, make_board, PALETTE, Turn, with_nations, World
from app.engine.civ.civstart import with_civ
from app.match import Match, Seat
from app.net.client import Client

from .serving import clients, run, serving
from .test_restart import free_port

NAMES = ("Sumer", "Akkad", "Elam")


def three_civilisations() -> Match:
    """Sumer has met Akkad and Elam; Akkad and Elam have met each other too."""
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(NAMES)])
    board = make_board(BoardKey(1, Turn(1901, 0)), [("Sumer", "A", "pic"), ("Akkad", "A", "ruh"),
                                                    ("Elam", "F", "aeg")], {})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad", "Elam"], "Akkad": ["Elam"]})
    seats = [Seat(name=n[:3], nations=(n,)) for n in NAMES]
    return Match(Game.from_world(world), seats, fog=True)


def offer_frames(client: Client) -> list[dict]:
    return [json.loads(f) for f in client.frames if '"type":"offers"' in f]


def test_an_offer_reaches_its_receiver_only_and_is_answered_there(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(three_civilisations(), "civ")
            ada, ben, cy = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben, cy):
                for c in (ada, ben, cy):
                    await c.wait_for(lambda c: c.view is not None and c.offers is not None)
                await ada.offer("map", "Sumer", "Elam")
                await cy.wait_for(lambda c: c.offers.to_answer)
                offer = cy.offers.to_answer[0]
                assert (offer["kind"], offer["from"], offer["to"]) == ("map", "Sumer", "Elam")
                await ada.wait_for(lambda c: c.offers.made)
                await cy.answer(offer["id"], True)
                await cy.wait_for(lambda c: c.offers.answered)
                assert cy.offers.answered[0]["status"] == "accepted"
                await ada.wait_for(lambda c: c.offers.answered)
                assert ada.offers.answered[0]["status"] == "accepted" and not ada.offers.made
                await ben.order("A ruh H")                 # a round trip: anything for Ben has come by now
                await ben.wait_for(lambda c: len(c.view.pending) == 1)
                every_offer_ben_got = offer_frames(ben)
                assert len(every_offer_ben_got) == 1           # at its welcome: not even told something happened
                assert all(not (f["to_answer"] or f["made"] or f["answered"]) for f in every_offer_ben_got)
                assert sum('"type":"view"' in f for f in ben.frames) == 1     # Cy's new map changed nothing of Ben's
    run(play)


def test_the_rules_refuse_an_offer_to_a_civilisation_never_met(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            m = three_civilisations()
            _, invitations = server.add_table(m, "civ")
            ada, ben = Client(invitation=str(invitations[0])), Client(invitation=str(invitations[1]))
            async with clients(ada, ben):
                await ben.wait_for(lambda c: c.offers is not None)
                await ben.offer("map", "Sumer", "Akkad")          # Ben does not play Sumer
                await ben.wait_for(lambda c: any(type(x).__name__ == "Refused" for x in c.messages))
                refused = [x for x in ben.messages if type(x).__name__ == "Refused"][-1]
                assert "does not play Sumer" in refused.reason
    run(play)


def test_an_open_offer_survives_a_restarted_server_and_is_answered_after(tmp_path):
    port = free_port()

    async def play():
        async with serving(tmp_path / "t.db", port) as server:
            table, invitations = server.add_table(three_civilisations(), "civ")
            ada = Client(invitation=str(invitations[0]))
            async with clients(ada):
                await ada.wait_for(lambda c: c.offers is not None)
                await ada.offer("maps", "Sumer", "Akkad")
                await ada.wait_for(lambda c: c.offers.made)
        async with serving(tmp_path / "t.db", port) as server:       # the same database, a new server
            ben = Client(invitation=str(invitations[1]))
            async with clients(ben):
                await ben.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
                assert ben.offers.to_answer[0]["from"] == "Sumer"
                await ben.answer(ben.offers.to_answer[0]["id"], False)
                await ben.wait_for(lambda c: c.offers.answered)
                assert ben.offers.answered[0]["status"] == "rejected"
    run(play)
