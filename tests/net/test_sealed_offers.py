"""Civilisations' offers at a sealed table (issue 32, RULES.md §10): the gift is sealed to
its receiver (and its giver), the server keeps a commitment; the database files never hold
a gift that was not accepted; an acceptance is checked against the commitment (a tampered
one is refused, the connection stays) and then takes effect; an open sealed offer
survives a restarted server."""

import json

from app.net import protocol as p
from app.net.client import Client

from .serving import clients, run, serving, units
from .test_offers import three_civilisations
from .test_restart import free_port
from .test_sealed_answers import raw_bytes

UNIT = "1:pic:S1901"


def refusals(client: Client) -> list[p.Refused]:
    return [m for m in client.messages if isinstance(m, p.Refused)]


async def seated(server):
    """A sealed three-civilisation table and its three seats' clients (not started)."""
    _, invitations = server.add_table(three_civilisations(), "civ", sealed=True)
    return invitations, [Client(invitation=str(i)) for i in invitations]


def knows_keys(*names):
    return lambda c: c.offers is not None and all(n in c.offers.keys for n in names)


def test_a_sealed_gift_reaches_its_receiver_takes_effect_when_accepted_and_is_never_in_the_database(tmp_path):
    db = tmp_path / "t.db"

    async def play():
        async with serving(db) as server:
            _, (ada, ben, cy) = await seated(server)
            async with clients(ada, ben, cy):
                await ada.wait_for(knows_keys("Akkad", "Elam"))
                await ada.wait_for(lambda c: c.state is not None and len(c.state.public_keys) == 3)
                # the keys to seal offers to a civilisation match no seat's message key: which seat
                # plays Akkad or Elam stays unsaid (a civilisations game names no seat's nations)
                assert not set(ada.offers.keys.values()) & set(ada.state.public_keys.values())
                await ada.offer("unit", "Sumer", "Akkad", unit=UNIT)
                await ben.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
                offer = ben.offers.to_answer[0]
                assert (offer["kind"], offer["from"], offer["to"], offer["unit"]) == ("unit", "Sumer", "Akkad", UNIT)
                await ada.wait_for(lambda c: c.offers is not None and c.offers.made)
                assert ada.offers.made[0]["kind"] == "unit"                 # its own box: the giver reads it
                assert UNIT.encode() not in raw_bytes(db) and b'"kind": "unit"' not in raw_bytes(db)
                assert not any(UNIT in f for f in cy.frames)
                await ben.answer(offer["id"], True)
                await ben.wait_for(lambda c: c.offers is not None and c.offers.answered)
                assert ben.offers.answered[0]["status"] == "accepted"
                await ben.wait_for(lambda c: "Akkad A pic" in units(c.view))       # the unit is Akkad's now
                await ada.wait_for(lambda c: c.offers is not None and c.offers.answered and not c.offers.made)
                assert ada.offers.answered[0]["status"] == "accepted"
    run(play)


def test_a_refused_gift_is_never_read_by_the_server(tmp_path):
    db = tmp_path / "t.db"

    async def play():
        async with serving(db) as server:
            _, (ada, ben, cy) = await seated(server)
            async with clients(ada, ben, cy):
                await ada.wait_for(knows_keys("Elam"))
                await ada.offer("contact", "Sumer", "Elam", third="Akkad")
                await cy.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
                assert cy.offers.to_answer[0]["with"] == "Akkad"
                await cy.answer(cy.offers.to_answer[0]["id"], False)
                await ada.wait_for(lambda c: c.offers is not None and c.offers.answered)
                assert ada.offers.answered[0]["status"] == "not taken" and not ada.offers.made
                await cy.wait_for(lambda c: c.offers is not None and c.offers.answered and not c.offers.to_answer)
                assert not server.tables[next(iter(server.tables))].match.civ.offers     # nothing reached the rules
        data = raw_bytes(db)
        assert b'"kind": "contact"' not in data and b'"third": "Akkad"' not in data
    run(play)


def test_an_acceptance_that_does_not_match_its_commitment_is_refused_and_the_connection_stays(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, (ada, ben, cy) = await seated(server)
            async with clients(ada, ben, cy):
                await ada.wait_for(knows_keys("Akkad"))
                await ada.offer("map", "Sumer", "Akkad")
                await ben.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
                oid = ben.offers.to_answer[0]["id"]
                content, nonce = ben.gifts[oid]
                tampered = json.dumps({**json.loads(content), "kind": "unit", "unit": UNIT}, sort_keys=True)
                await ben.send(p.AnswerSealedOffer(type="answer_sealed", offer=oid, accept=True, content=tampered,
                                                   nonce=nonce))
                await ben.wait_for(lambda c: refusals(c))
                assert "do not match what was offered" in refusals(ben)[-1].reason
                await ben.send(p.AnswerSealedOffer(type="answer_sealed", offer=oid, accept=True))
                await ben.wait_for(lambda c: len(refusals(c)) == 2)
                assert "carries the gift and the nonce" in refusals(ben)[-1].reason
                assert "Akkad A pic" not in units(ben.view) and ben.offers.to_answer
                await ben.answer(oid, True)                   # the true gift: the connection stayed
                await ben.wait_for(lambda c: c.offers is not None and c.offers.answered)
                assert ben.offers.answered[0]["status"] == "accepted" and ben.closed is None
    run(play)


def test_at_a_sealed_table_an_offer_in_the_clear_to_a_person_is_refused(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, (ada, ben, _) = await seated(server)
            async with clients(ada, ben):
                await ada.wait_for(knows_keys("Akkad"))
                await ada.send(p.MakeOffer(type="offer", kind="map", giver="Sumer", receiver="Akkad"))
                await ada.wait_for(lambda c: refusals(c))
                assert "seals offers between people" in refusals(ada)[-1].reason
                await ada.send(p.SealOffer(type="seal_offer", giver="Sumer", receiver="Akkad", box="AA", own="AA",
                                           commitment="0" * 63 + "g"))
                await ada.wait_for(lambda c: len(refusals(c)) == 2)
                assert "64 hexadecimal digits" in refusals(ada)[-1].reason and ada.closed is None
    run(play)


def test_an_open_sealed_offer_survives_a_restarted_server(tmp_path):
    port = free_port()

    async def play():
        async with serving(tmp_path / "t.db", port) as server:
            invitations, (ada, ben, _) = await seated(server)
            async with clients(ada, ben):
                await ada.wait_for(knows_keys("Akkad"))
                await ada.offer("unit", "Sumer", "Akkad", unit=UNIT)
                await ben.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
        async with serving(tmp_path / "t.db", port) as server:       # the same database, a new server
            ada, ben = Client(invitation=str(invitations[0])), Client(invitation=str(invitations[1]))
            async with clients(ada, ben):
                await ben.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
                offer = ben.offers.to_answer[0]
                assert (offer["kind"], offer["unit"]) == ("unit", UNIT)
                await ada.wait_for(lambda c: c.offers is not None and c.offers.made)
                await ada.offer("map", "Sumer", "Elam")       # one open offer at a time, sealed or not
                await ada.wait_for(lambda c: refusals(c))
                assert "you have an open offer" in refusals(ada)[-1].reason
                await ben.answer(offer["id"], True)
                await ben.wait_for(lambda c: "Akkad A pic" in units(c.view))
        async with serving(tmp_path / "t.db", port) as server:       # and the gift is kept (replayed)
            assert server.tables[next(iter(server.tables))].match.civ.offers[offer["id"]].status == "accepted"
    run(play)


def test_an_open_sealed_offer_outlives_a_round_and_lapses_unread_when_its_receiver_goes_to_the_computer(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, invitations = server.add_table(three_civilisations(), "civ", sealed=True, round_seconds=3600)
            ada, ben = Client(invitation=str(invitations[0])), Client(invitation=str(invitations[1]))
            async with clients(ada):
                async with clients(ben):
                    await ada.wait_for(knows_keys("Akkad"))
                    await ada.offer("map", "Sumer", "Akkad")
                    await ben.wait_for(lambda c: c.offers is not None and c.offers.to_answer)
                await server.deadline_passed(table)          # a round adjudicated: the offer stays open
                await ada.wait_for(lambda c: c.view.submissions == 1 and c.offers.made)
                await server.deadline_passed(table)          # Ben was not there for a whole round
                await ada.wait_for(lambda c: c.view.submissions == 2 and c.state.away_seats == [1, 2])
                await server.hand_to_computer(table, 1)
                await ada.wait_for(lambda c: c.offers.answered and not c.offers.made)
                assert ada.offers.answered[0]["status"] == "not taken"
                assert not server.tables[table].offers_sealed.open and not server.tables[table].match.civ.offers
    run(play)
