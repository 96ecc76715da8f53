"""Two seats and a watcher play through a real server over real sockets."""

from app.engine import Game
from app.net.client import Client
from app.net.store import match_from_text, Store
from app.net import protocol as p

from .serving import clients, run, serving, two_seats, units, views_at


def test_two_seats_and_a_watcher_play_three_turns(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, ben_inv) = server.add_table(two_seats(), "friends")
            ada, ben = Client(invitation=str(ada_inv)), Client(invitation=str(ben_inv))
            watcher = Client(server=server.address, table=table)
            async with clients(ada, ben, watcher):
                for c in (ada, ben, watcher):
                    await c.wait_for(views_at(0))
                assert ada.welcome.seat == 0 and ben.welcome.nations == ["Austria", "Italy", "Russia", "Turkey"]
                assert watcher.welcome.seat is None
                moves = [("A par - bur", "A war - gal"), ("A bur - bel", "A gal - rum"), ("build A par", "build A war")]
                for n, (ada_order, ben_order) in enumerate(moves):
                    await ada.order(ada_order)
                    await ada.wait_for(lambda c: len(c.view.pending) == 1)
                    await ben.order(ben_order)
                    await ben.wait_for(lambda c: len(c.view.pending) == 1)
                    assert ben.view.pending != ada.view.pending
                    await ada.done()
                    await ben.wait_for(lambda c: c.state is not None and 0 in c.state.done_seats)
                    await ben.done()
                    for c in (ada, ben, watcher):
                        await c.wait_for(views_at(n + 1))
                        assert c.view.pending == []
            assert watcher.view.submissions == 3
            # each view after an adjudication was a change: the first board, adjudicated once, is not sent again
            views = [m for m in ada.messages if isinstance(m, p.View)]
            assert [v.full for v in views] == [True, False, False, False]
            assert "1:S1901" in {b["board"] for b in views[1].boards}
            assert "1:S1901" not in {b["board"] for b in views[2].boards + views[3].boards}
            # and the changes add up to the whole: a connection made now receives the same world
            late = Client(server=server.address, table=table)
            async with clients(late):
                await late.wait_for(views_at(3))
            by_board = lambda v: sorted(v.boards, key=lambda b: b["board"])
            assert by_board(late.view) == by_board(watcher.view) and late.view.boards
        # the server's own game, read back from its database, is the game the seats saw
        store = Store(tmp_path / "t.db")
        match = match_from_text(store.table(table).save, "t")
        store.close()
        assert len(match.game.submissions) == 3
        assert units(watcher.view) == {f"{u.nation} {u.type} {u.loc}" for b in match.world.boards.values()
                                       for u in b.units.values()}
        assert {"France A bel", "Russia A rum", "France A par", "Russia A war"} <= units(watcher.view)
    run(play)


def test_an_order_the_rules_refuse_is_refused_and_the_connection_stays(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.order("A war - gal")            # Russia's unit: not Ada's
                await ada.wait_for(lambda c: any(isinstance(m, p.Refused) for m in c.messages))
                refused = next(m for m in ada.messages if isinstance(m, p.Refused))
                assert "not yours" in refused.reason
                await ada.order("A par - bur")
                await ada.wait_for(lambda c: len(c.view.pending) == 1)
                await ada.remove("A par - bur")
                await ada.wait_for(lambda c: c.view.pending == [])
                assert ada.closed is None
    run(play)


def test_a_saved_game_is_hosted_and_a_table_exports_as_a_save_file(tmp_path):
    async def play():
        saved = two_seats()
        saved.add_text("A par - bur", 0)
        saved.done(0)
        saved.add_text("A war - gal", 1)
        saved.done(1)
        saved.submit()
        async with serving(tmp_path / "t.db") as server:
            table, invitations = server.add_table(saved, "from a file")
            ada = Client(invitation=str(invitations[0]))
            async with clients(ada):
                await ada.wait_for(views_at(1))
                assert "France A bur" in units(ada.view)
        store = Store(tmp_path / "t.db")
        path = tmp_path / "export.json"
        path.write_text(store.table(table).save, encoding="utf-8")
        store.close()
        game = Game.load(path)           # an ordinary save file, with its replay check
        assert len(game.submissions) == 1
    run(play)


def test_many_orders_go_in_one_message_and_each_is_checked(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t")
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.orders(["A par - bur", "A war - gal", "F kie - den", "A mun - ruh"])
                await ada.wait_for(lambda c: len(c.view.pending) == 3)
                refused = [m for m in ada.messages if isinstance(m, p.Refused)]
                assert [r.text for r in refused] == ["A war - gal"] and "not yours" in refused[0].reason
                assert len(server.store.actions(table)) == 3
    run(play)
