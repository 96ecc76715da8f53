"""Each connection receives only what its seat may see: every frame sent to seat B of a
fogged game is recorded, and none holds seat A's pending orders or a unit B does not see."""

import json

from app.match.fog import fogged_world
from app.net import protocol as p
from app.net.client import Client

from .serving import ADA, BEN, clients, run, serving, two_seats, units, views_at

ADA_ORDERS = ["A par - bur", "A mun - boh", "F kie - den"]
ADA_TEXTS = ["France: A 1:par:S1901 - 1:bur:S1901", "Germany: A 1:mun:S1901 - 1:boh:S1901",
             "Germany: F 1:kie:S1901 - 1:den:S1901"]


def seen_units(world, nations) -> set[str]:
    view = fogged_world(world, nations)
    return {f"{u.nation} {u.type} {u.loc}" for b in view.boards.values() for u in b.units.values()}


def every_unit(world) -> set[str]:
    return {f"{u.nation} {u.type} {u.loc}" for b in world.boards.values() for u in b.units.values()}


def test_seat_b_receives_none_of_seat_a_pending_orders_nor_an_unseen_unit(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(fog=True), "fogged")
            match = server.tables[table].match
            ada, ben = Client(invitation=str(ada_inv)), Client(invitation=str(ben_inv))
            async with clients(ada, ben):
                await ada.wait_for(views_at(0))
                await ben.wait_for(views_at(0))
                for text in ADA_ORDERS:
                    await ada.order(text)
                await ada.wait_for(lambda c: len(c.view.pending) == 3)
                assert sorted(ada.view.pending) == sorted(ADA_TEXTS)
                await ada.done()
                await ben.wait_for(lambda c: c.state is not None and 0 in c.state.done_seats)
                before_adjudication = list(ben.frames)
                world_before = match.world
                await ben.order("A war - gal")
                await ben.done()
                await ben.wait_for(views_at(1))
                await ada.wait_for(views_at(1))
                world_after = match.world

        unseen = every_unit(world_before) - seen_units(world_before, BEN.nations)
        assert {"Germany A mun", "France A par"} <= unseen            # the test has something to find
        for frame in before_adjudication:
            assert not any(t in frame for t in ADA_TEXTS), frame
            assert not any(u in frame for u in unseen), frame
            assert "bur" not in frame and "boh" not in frame and "den" not in frame, frame
        for frame in ben.frames:
            message = p.read_server(frame)
            if isinstance(message, p.View):
                world = world_before if message.submissions == 0 else world_after
                assert units(message) <= seen_units(world, BEN.nations)
                assert all(o.startswith(("Austria", "Italy", "Russia", "Turkey")) for o in message.pending)
                assert set(json.loads(frame)) <= set(p.View.model_fields)
        assert units(ada.view) - seen_units(world_after, ADA.nations) == set()
    run(play)


def test_a_fogged_game_cannot_be_watched_before_its_end(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, _ = server.add_table(two_seats(fog=True), "fogged")
            watcher = Client(server=server.address, table=table)
            async with clients(watcher):
                await watcher.wait_for(lambda c: c.closed is not None)
            assert watcher.closed[0] == p.CLOSE_REFUSED and "once it has ended" in watcher.closed[1]
            assert watcher.frames == []
    run(play)


def test_a_watcher_of_an_open_game_receives_no_pending_order(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "open")
            ada, watcher = Client(invitation=str(ada_inv)), Client(server=server.address, table=table)
            async with clients(ada, watcher):
                await watcher.wait_for(views_at(0))
                await ada.wait_for(views_at(0))
                await ada.order("A par - bur")
                await ada.done()
                await ada.wait_for(lambda c: c.view.done)
                lobby = Client(server=server.address)           # the lobby shows the table as watchable
                async with clients(lobby):
                    await lobby.wait_for(lambda c: c.lobby is not None)
                assert lobby.lobby.tables[0]["table"] == table and lobby.lobby.tables[0]["watchable"]
            assert not any("bur" in f for f in watcher.frames)
            assert all(p.read_server(f).type in ("welcome", "view") for f in watcher.frames)
    run(play)


def test_a_civilisations_table_names_no_civilisation_a_seat_has_not_met_in_welcome_or_lobby(tmp_path):
    """RULES.md §10 and issue 32: never the name or number of a civilisation a seat has not
    met. The welcome names the seat's own; the lobby, open to anyone, names none."""
    from app.engine import civ_of
    from app.match.civ_setup import CivPlayer, new_civ_match
    match = new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a"), CivPlayer("Ben", "Akkad", "#1971c2")], computers=5,
                          seed=4)
    civ = civ_of(match.world)
    assert civ is not None
    met_by_ada = set(match.known_civilisations(0))
    unmet = [s.nations for s in match.seats if not set(s.nations) & met_by_ada]
    unmet_names = {n for nations in unmet for n in nations}
    assert "Akkad" in unmet_names                     # the test can fail: Ada has not met Ben's civilisation

    async def play():
        async with serving(tmp_path / "t.db") as server:
            _, invitations = server.add_table(match, "civilisations")
            ada = Client(invitation=str(invitations[0]))
            async with clients(ada):
                await ada.wait_for(lambda c: c.view is not None)
                lobby = Client(server=server.address)
                async with clients(lobby):
                    await lobby.wait_for(lambda c: c.lobby is not None)
            welcome = next(f for f in ada.frames if p.read_server(f).type == "welcome")
            assert "Sumer" in welcome
            for name in unmet_names:
                assert name not in welcome
                assert all(name not in f for f in lobby.frames)
            entry = lobby.lobby.tables[0]
            assert all(s["nations"] == [] for s in entry["seats"])
    run(play)
