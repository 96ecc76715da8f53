"""A thrown start's play-out judged across computers (RULES.md §9 "Playing it out", §6):
after every adjudicated season each seat's computer names a winner, sealed until every seat
has named; a unanimous name ends the game for every seat and watcher, anything else plays
on; nobody is told who named whom; names survive a restarted server; a deadline ends an owed
judging; there are no draws. Real sockets on 127.0.0.1, a free port each."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from app.match import Match, Seat
from app.net import protocol as p
from app.match.table.judging import leader
from app.net.client import Client
from app.net.server import issue, stored_table
from app.net.store import match_from_text, match_text, Store
from app.winks import throw_at_random
from app.winks.session import thrown_game

from .serving import clients, run, serving, views_at
from .test_endings import lobby, refusals
from .test_restart import free_port


def thrown_table(computer: bool = False) -> tuple[Match, list[str]]:
    """A two-player thrown play-out (Ada and Ben; with ``computer``, a third nation the
    computer plays), and its nations."""
    game = thrown_game(throw_at_random(3 if computer else 2, seed=3))
    nations = game.meta["thrown"]["nations"]
    seats = [Seat(name="Ada", nations=(nations[0],)), Seat(name="Ben", nations=(nations[1],))]
    if computer:
        seats.append(Seat(name="Bot", nations=(nations[2],), controller="computer", level="random"))
    return Match(game, seats), nations


async def first_season(*seats: Client) -> None:
    """Every seat ends its turn (units hold); waits until the judging of submission 1 opens."""
    for c in seats:
        await c.wait_for(views_at(0))
        await c.done()
    for c in seats:
        await c.wait_for(lambda c: c.judging is not None and c.judging.at == 1 and c.judging.must_name)


def judging_frames(client: Client) -> list[dict]:
    """What the client was told of judging and of the game's end, each as sent."""
    out = []
    for frame in client.frames:
        raw = json.loads(frame)
        if raw["type"] in ("judging", "ended"):
            out.append(raw)
    return out


def test_both_seats_name_one_nation_and_the_game_ends_for_both_and_a_watcher(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            match, nations = thrown_table()
            table, invitations = server.add_table(match, "thrown")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            watcher = Client(server=server.address, table=table)
            async with clients(ada, ben, watcher):
                await first_season(ada, ben)
                assert ada.judging.nations == nations and ada.judging.waiting == [0, 1]
                await ada.judge(nations[1], 1)
                for c in (ada, ben):           # Ada has named: who still owes a name, nothing more
                    await c.wait_for(lambda c: c.judging.waiting == [1])
                assert not ada.judging.must_name and ben.judging.must_name
                await ben.judge(nations[1], 1)
                for c in (ada, ben, watcher):
                    await c.wait_for(lambda c: c.ended is not None)
                    assert (c.ended.kind, c.ended.nations) == ("victory", [nations[1]])
                    assert c.ended.text == f"{nations[1]} wins: every seat named it (Winter 1901)."
                    await c.wait_for(lambda c: c.view.phase == "over" and c.view.winner == nations[1])
                for c in (ada, ben):
                    assert c.judging.outcome == "agreed" and c.judging.winner == nations[1]
                    assert c.judging.outcome_text == f"{nations[1]} wins: every seat named it."
                assert watcher.judging is None            # a watcher is told the end, not the judging
                await watcher.wait_for(lambda c: any(isinstance(m, p.Record) for m in c.messages))
                entry = await lobby(server)
                assert entry["finished"] and entry["ending"] == f"{nations[1]} wins: every seat named it (Winter 1901)"
                await ada.done()                           # nothing to play after the end
                await ada.wait_for(lambda c: refusals(c))
                assert "nothing to order" in refusals(ada)[-1].reason
    run(play)


def test_different_names_play_on_and_seat_b_is_never_told_seat_a_s_name(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            match, nations = thrown_table(computer=True)
            table, invitations = server.add_table(match, "thrown")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await first_season(ada, ben)
                # Ada names Ben's nation, Ben names the computer's: not unanimous
                await ada.judge(nations[1], 1)
                await ben.wait_for(lambda c: c.judging.waiting == [1])
                stored = server.store.actions(table)
                sealed = [a for a in stored if a.kind == "judge"]
                assert len(sealed) == 1 and not any(n in sealed[0].text for n in nations)   # the holder: a box
                await ben.judge(nations[2], 1)
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.judging.outcome == "play on")
                    assert c.judging.outcome_text == "The seats did not agree: play on (the next season is judged again)."
                    assert c.judging.at is None and c.judging.winner is None and c.ended is None
                judged = server.store.actions(table)          # (spent at the next adjudication)
                ada_box = json.loads(next(a.text for a in judged if (a.seat, a.kind) == (0, "judge")))
                ada_key = next(a.text for a in judged if (a.seat, a.kind) == (0, "judge_key"))
                # the next season goes on: played, adjudicated, judged again
                for c in (ada, ben):
                    await c.done()
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.judging.at == 2 and c.judging.must_name)
                assert server.tables[table].match.world.phase != "over"
            # Ben's frames: never Ada's box, key or commitment; his judging news names no nation
            # Ada named (only the list of nations that may be named, and the same to both)
            secrets = (ada_box["box"], ada_box["commitment"], ada_key)
            assert all(len(s) >= 40 for s in secrets)
            assert not any(s in f for s in secrets for f in ben.frames)
            for frame in judging_frames(ben):
                frame.pop("nations", None)
                assert nations[1] not in json.dumps(frame)
            told_ada = [{k: v for k, v in f.items() if k not in ("must_name", "key_owed")} for f in judging_frames(ada)]
            told_ben = [{k: v for k, v in f.items() if k not in ("must_name", "key_owed")} for f in judging_frames(ben)]
            assert told_ada[-1] == told_ben[-1]             # the outcome: the same words to both
    run(play)


def serve_in_a_process(db, port: int) -> subprocess.Popen:
    """``python -m app serve`` on ``port``, listening once this returns."""
    proc = subprocess.Popen([sys.executable, "-m", "app", "serve", "--db", str(db), "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()           # it says so once it listens
    assert line.startswith("serving 1 table(s)"), (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc


def ended(proc: subprocess.Popen, sig: int) -> int:
    try:
        proc.send_signal(sig)
        return proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(30)
        proc.stdout.close()
        proc.stderr.close()


def test_names_given_before_a_server_killed_with_sigkill_still_count(tmp_path):
    db, port = tmp_path / "t.db", free_port()
    match, nations = thrown_table()
    store = Store(db)
    table = store.add_table(match, "thrown")
    invitations = [str(issue(store, f"127.0.0.1:{port}", table, seat)) for seat in (0, 1)]
    store.close()

    async def before_the_kill():
        ada, ben = (Client(invitation=i) for i in invitations)
        async with clients(ada, ben):
            await first_season(ada, ben)
            await ada.judge(nations[0], 1)
            await ben.wait_for(lambda c: c.judging.waiting == [1])      # answered: stored
    proc = serve_in_a_process(db, port)
    try:
        run(before_the_kill)
    finally:
        ended(proc, signal.SIGKILL)

    async def after():
        ada, ben = (Client(invitation=i) for i in invitations)
        async with clients(ada, ben):
            await ben.wait_for(lambda c: c.judging is not None)
            assert ben.judging.at == 1 and ben.judging.must_name and ben.judging.waiting == [1]
            await ada.wait_for(lambda c: c.judging is not None)
            assert not ada.judging.must_name                 # her name is kept
            await ben.judge(nations[0], 1)
            for c in (ada, ben):
                await c.wait_for(lambda c: c.ended is not None)
                assert c.ended.nations == [nations[0]]
    proc = serve_in_a_process(db, port)
    try:
        run(after)
    finally:
        assert ended(proc, signal.SIGTERM) == 0

    async def and_after_that():               # the end is kept too: in the lobby, and in an export
        async with serving(db, port) as server:
            entry = await lobby(server)
            assert entry["finished"] and entry["ending"].startswith(f"{nations[0]} wins: every seat named it")
            exported = match_from_text(match_text(stored_table(server.store.table(table), server.store).match), "export")
            assert exported.table.judging.ended == nations[0] and exported.world.phase == "over"
    run(and_after_that)


def test_a_deadline_ends_an_owed_judging_unagreed_and_the_season_is_adjudicated(tmp_path):
    port = free_port()

    async def play():
        match, nations = thrown_table()
        async with serving(tmp_path / "t.db", port) as server:
            table, invitations = server.add_table(match, "timed", round_seconds=3600)
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await first_season(ada, ben)
                await ada.judge(nations[0], 1)
                for c in (ada, ben):                     # both end their turn; Ben's name is owed
                    await c.done()
                    await c.wait_for(lambda c: c.view.done)
                await ada.wait_for(lambda c: c.state is not None and c.state.done_seats == [0, 1])
                assert len(server.tables[table].match.game.submissions) == 1     # the judging comes first
        async with serving(tmp_path / "t.db", port) as server:      # restarted: still waiting, its clock running
            assert len(server.tables[table].match.game.submissions) == 1
            assert server.tables[table].deadline_timer is not None
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await ben.wait_for(lambda c: c.judging is not None and c.judging.must_name)
                await server.deadline_passed(table)        # as the round's clock does
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.judging.outcome_at == 1)
                    assert c.judging.outcome == "play on" and "deadline" in c.judging.outcome_text
                    await c.wait_for(views_at(2))
                    assert c.ended is None
                await ben.judge(nations[0], 1)            # too late: that judging is over
                await ben.wait_for(lambda c: refusals(c))
                assert "not 1" in refusals(ben)[-1].reason
    run(play)


def test_a_thrown_play_out_refuses_a_draw_and_says_why(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            match, _ = thrown_table()
            _, invitations = server.add_table(match, "thrown")
            ada = Client(invitation=str(invitations[0]))
            async with clients(ada):
                await ada.wait_for(views_at(0))
                await ada.propose_draw()
                await ada.wait_for(lambda c: refusals(c))
                assert refusals(ada)[-1].reason == ("a thrown start's play-out has no draws: after every season each "
                                                    "seat names the winner instead")
    run(play)


def test_a_computer_seat_names_the_leader_as_at_a_hotseat_table(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            match, nations = thrown_table(computer=True)
            table, invitations = server.add_table(match, "thrown")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            m = server.tables[table].match
            async with clients(ada, ben):
                await first_season(ada, ben)
                ahead = leader(m.game.world, nations)
                other = next(n for n in nations if n != ahead)
                for c in (ada, ben):               # both people agree, but not with the computer
                    await c.judge(other, 1)
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.judging.outcome == "play on")
                    await c.done()
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.judging.at == 2 and c.judging.must_name)
                ahead = leader(m.game.world, nations)
                for c in (ada, ben):               # now they name whom the computer names
                    await c.judge(ahead, 2)
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.ended is not None)
                    assert c.ended.nations == [ahead]
    run(play)


def test_a_seat_that_names_no_winner_plays_on(tmp_path):
    async def play():
        async with serving(tmp_path / "t.db") as server:
            match, nations = thrown_table()
            _, invitations = server.add_table(match, "thrown")
            ada, ben = (Client(invitation=str(i)) for i in invitations)
            async with clients(ada, ben):
                await first_season(ada, ben)
                await ada.judge(None, 1)                  # "Play on": sealed like a name
                await ben.judge(nations[0], 1)
                for c in (ada, ben):
                    await c.wait_for(lambda c: c.judging.outcome == "play on")
                    assert c.ended is None
    run(play)
