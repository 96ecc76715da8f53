"""A round's deadline runs on the server: when it runs out every seat still ordering ends its
turn with its orders as they stand (RULES.md §6), and a restarted server keeps the time left."""

import time

from app.net.client import Client

from .serving import clients, run, serving, two_seats, units, views_at
from .test_restart import free_port


def test_at_the_deadline_orders_go_as_they_stand_and_silent_units_hold(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t", round_seconds=3600)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                await ada.wait_for(lambda c: c.view is not None and c.state is not None)
                assert 3500 < ada.state.seconds_left <= 3600
                await ada.order("A par - bur")                 # Ada is not done; Ben never comes
                await ada.wait_for(lambda c: len(c.view.pending) == 1)
                await server.deadline_passed(table)            # as the round's clock does
                await ada.wait_for(views_at(1))
                assert "France A bur" in units(ada.view) and "Russia A war" in units(ada.view)
                assert 3500 < ada.state.seconds_left <= 3600    # the next round's clock started
    run(play)


def test_the_round_clock_runs_out_by_itself(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            table, (ada_inv, _) = server.add_table(two_seats(), "t", round_seconds=0.3)
            ada = Client(invitation=str(ada_inv))
            async with clients(ada):
                # nobody did anything: the round went (and the next ones go on, a third of a second each)
                await ada.wait_for(lambda c: c.view is not None and c.view.submissions >= 1, 60)
    run(play)


def test_a_restarted_server_keeps_the_time_the_round_had_left(tmp_path):
    port = free_port()

    async def play():
        async with serving(tmp_path / "t.db", port) as server:
            table, _ = server.add_table(two_seats(), "t", round_seconds=3600)
            ends = server.tables[table].round_ends
        async with serving(tmp_path / "t.db", port) as server:
            assert server.tables[table].round_ends == ends and ends > time.time() + 3000
    run(play)


def test_a_table_added_while_the_server_runs_gets_its_clock(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            from app.net.store import Store
            other = Store(tmp_path / "t.db")                     # `python -m app table new --deadline`
            table = other.add_table(two_seats(), "later", round_seconds=0.3)
            other.close()
            watcher = Client(server=server.address, table=table)
            async with clients(watcher):
                await watcher.wait_for(lambda c: c.view is not None and c.view.submissions >= 1, 60)
    run(play)
