"""A table across computers in the real window, past its first round: the history bar
steps and plays back through the rounds the window saw; a deadline that passes; a
finished fogged game watched from the lobby. Real sockets on 127.0.0.1 (a server in this
process on a free port), as in test_net_window."""

from __future__ import annotations

from app.match import Match
from app.net.remote import RemoteMatch
from app.ui.window.history_controls import step_history

from .test_net_window import ADA, BEN, WAIT, confirmed, hosted, seated, two_seated, units_of, windows  # noqa: F401 (fixtures)


def play_round(qtbot, seats, orders, n: int) -> None:
    """Each window gives its orders and ends its turn; waits for round ``n``'s world."""
    for w, order in zip(seats, orders):
        if order:
            assert w.console_order(order)
    for w, order in zip(seats, orders):
        qtbot.waitUntil(lambda: confirmed(w, 1 if order else 0), timeout=WAIT)
    for w in seats:
        w.submit()
    for w in seats:
        qtbot.waitUntil(lambda: w.match.world.submissions == n, timeout=WAIT)


def test_the_history_bar_steps_and_plays_back_through_the_rounds_across_computers(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN], fog=True), "fogged")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    start = units_of(ada.world)
    play_round(qtbot, (ada, ben), ("A par - bur", "A war - gal"), 1)
    after_one = units_of(ada.world)
    play_round(qtbot, (ada, ben), ("A bur - bel", "A gal - rum"), 2)
    assert ada.history.label.text() == "Present · 2 submissions"
    assert "France A bel" in units_of(ada.world)
    step_history(ada, "back")
    assert ada.history.label.text() == "Replay: after submission 1 of 2"
    assert units_of(ada.world) == after_one and "France A bur" in after_one
    assert "Russia A gal" not in after_one             # Ada's sight then, as she saw it then (fog of war)
    step_history(ada, "start")
    assert units_of(ada.world) == start and ada.history.label.text() == "Replay: the start (of 2)"
    assert not ada.commands.submit.isEnabled()         # no orders into the past
    ada.history.play(step_ms=10)
    qtbot.waitUntil(lambda: ada.history.label.text().startswith("Present"), timeout=WAIT)
    assert "France A bel" in units_of(ada.world)


def test_when_the_deadline_passes_the_window_says_time_ran_out(qtbot, windows, hosted):
    """RULES.md §6: at the deadline a seat's pending orders are submitted as they stand; the
    window says so (not "Done", which the player did not do)."""
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN]), "timed", round_seconds=3600)
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    assert ada.console_order("A par - bur")
    qtbot.waitUntil(lambda: confirmed(ada, 1), timeout=WAIT)
    ben.submit()                                   # Ben ended his turn himself; Ada did not
    qtbot.waitUntil(lambda: 1 in ada.net.match.table_state.done_seats, timeout=WAIT)
    hosted._wait(hosted.server.deadline_passed(table))        # as the round's clock does when it runs out
    for w in (ada, ben):
        qtbot.waitUntil(lambda: w.match.world.submissions == 1, timeout=WAIT)
    assert ada.last_status.startswith("Time ran out: your orders were submitted as they stood")
    assert "Submission 1 adjudicated" in ada.last_status
    assert ada.status_label.text().startswith("Time ran out")          # on the status bar
    assert "France A bur" in units_of(ada.world)                 # her order went as it stood
    assert "Time ran out" not in ben.last_status and "Submission 1 adjudicated" in ben.last_status
    # the next round is hers to end again: nothing ran out yet
    assert not ada.net.match.time_ran_out and ada.commands.submit.isEnabled()



def near_a_win() -> Match:
    """A fogged table one year from France's 18th centre: Spring A bur - mun, Fall it stays."""
    from app.engine import BoardKey, Game, load_variant, make_board, World
    v = load_variant("standard")
    france = {"par", "mar", "bre", "spa", "por", "bel", "hol", "lon", "lvp", "edi", "nwy", "swe", "den", "kie",
              "ber", "tun", "nap"}
    others = {"mos": "Russia", "sev": "Russia", "stp": "Russia", "war": "Russia", "rum": "Russia", "ser": "Russia",
              "gre": "Russia", "bul": "Russia", "ank": "Turkey", "con": "Turkey", "smy": "Turkey", "vie": "Austria",
              "bud": "Austria", "tri": "Austria", "rom": "Italy", "ven": "Italy", "mun": "Germany"}
    centres = {c: "France" if c in france else others[c] for c in sorted(v.supply_centres)}
    units = [("France", "A", "bur"), ("France", "F", "bre"), ("Russia", "A", "war"), ("Turkey", "F", "ank"),
             ("Italy", "A", "rom"), ("Austria", "A", "vie")]
    world = World.from_boards(v, [make_board(BoardKey.parse("1:S1901"), units, centres)])
    return Match(Game.from_world(world), [ADA, BEN], fog=True)


def lobby_texts(qtbot, w, address: str, count: int) -> list[str]:
    w.net.lobby_dialog(address)
    dlg = w.net.dialog
    qtbot.waitUntil(lambda: dlg.tables.count() == count, timeout=WAIT)
    return [dlg.tables.item(i).text() for i in range(dlg.tables.count())]


def test_a_finished_fogged_game_is_watched_from_the_lobby_whole(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(near_a_win(), "fogged to the end")
    ada, ben, watcher = windows(), windows(), windows()
    assert "not watchable until it ends" in lobby_texts(qtbot, watcher, hosted.address, 1)[0]
    watcher.net.dialog.reject()
    ada.net.join(str(ada_inv))
    ben.net.join(str(ben_inv))
    qtbot.waitUntil(lambda: seated(ada) and seated(ben), timeout=WAIT)
    play_round(qtbot, (ada, ben), ("A bur - mun", None), 1)
    play_round(qtbot, (ada, ben), (None, None), 2)
    assert ada.match.world.phase == "over" and ada.match.world.winner == "France"
    for w in (ada, ben):                # every seat is told how the game ended (RULES.md §11)
        qtbot.waitUntil(lambda: w.net.link.client.ended is not None, timeout=WAIT)
        assert (w.net.link.client.ended.kind, w.net.link.client.ended.nations) == ("victory", ["France"])
    # the lobby lists it as finished, and watchable now
    [entry] = lobby_texts(qtbot, watcher, hosted.address, 1)
    assert "fogged to the end" in entry and "finished" in entry and "not watchable" not in entry
    dlg = watcher.net.dialog
    dlg.tables.setCurrentRow(0)
    assert dlg.watch_button.isEnabled()
    dlg.watch_button.click()
    qtbot.waitUntil(lambda: isinstance(watcher.match, RemoteMatch) and len(watcher.game.submissions) == 2,
                    timeout=WAIT)
    # the whole adjudicated game, unfogged: every nation's units, the winner
    assert watcher.match.world.winner == "France" and watcher.fog_nations() is None
    assert {"France A mun", "Russia A war", "Turkey F ank"} <= units_of(watcher.world)
    assert watcher.history.label.text() == "Present · 2 submissions"
    assert "step or play through it" in watcher.last_status
    from app.net import protocol as p
    [record] = [m for m in watcher.net.link.client.messages if isinstance(m, p.Record)]
    assert "Ada" not in record.game and "Ben" not in record.game     # the game only: no seat, PIN or message
    assert watcher.net.link.client.ended.text == "France wins (Winter 1901)."
    step_history(watcher, "back")
    assert watcher.history.label.text() == "Replay: after submission 1 of 2"
    assert "France A mun" in units_of(watcher.world)
    step_history(watcher, "start")
    assert "France A bur" in units_of(watcher.world) and "Russia A war" in units_of(watcher.world)
    watcher.history.play(step_ms=10)
    qtbot.waitUntil(lambda: watcher.history.label.text().startswith("Present"), timeout=WAIT)


def test_the_window_joins_and_watches_a_tls_server_whose_certificate_it_is_told_to_trust(qtbot, windows, tmp_path):
    from app.net.hosting import HostedServer
    from tests.net.tls_files import self_signed, server_context
    certfile, keyfile = self_signed(tmp_path)
    server = HostedServer(tmp_path / "tables.sqlite3", ssl=server_context(certfile, keyfile)).start()
    try:
        table, (ada_inv, _) = server.add_table(Match.new(seats=[ADA, BEN]), "secure")
        trusting, wary = windows(), windows()
        trusting.net.cafile = str(certfile)                  # python -m app --cafile FILE
        assert str(ada_inv).startswith("5ds://")
        trusting.net.join(str(ada_inv))
        qtbot.waitUntil(lambda: seated(trusting), timeout=WAIT)
        assert trusting.net.link.client.url.startswith("wss://") and "Online" in trusting.net.chip_text
        assert trusting.console_order("A par - bur")
        qtbot.waitUntil(lambda: confirmed(trusting, 1), timeout=WAIT)
        # the lobby over TLS too
        trusting.net.lobby_dialog(f"wss://{server.address}")
        qtbot.waitUntil(lambda: trusting.net.dialog.tables.count() == 1, timeout=WAIT)
        trusting.net.dialog.reject()
        # a window not told to trust it: refused, with the reason, no endless reconnecting
        wary.net.join(str(ada_inv))
        qtbot.waitUntil(lambda: "certificate is not trusted" in wary.net.last_problem, timeout=WAIT)
        assert "Cannot connect securely" in wary.net.last_problem and not isinstance(wary.match, RemoteMatch)
        assert seated(trusting)                        # the seat was not taken over by the refused window
    finally:
        for w in (trusting, wary):
            w.net.closing()
        server.stop()


def test_a_window_that_joins_late_numbers_the_rounds_as_the_server_does(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    play_round(qtbot, (ada, ben), ("A par - bur", None), 1)
    late = windows()
    late.net.watch(hosted.address, table)               # comes after the first round
    qtbot.waitUntil(lambda: isinstance(late.match, RemoteMatch), timeout=WAIT)
    assert late.history.label.text() == "Present · 1 submission"
    play_round(qtbot, (ada, ben), ("A bur - bel", None), 2)
    qtbot.waitUntil(lambda: late.match.world.submissions == 2, timeout=WAIT)
    assert late.history.label.text() == "Present · 2 submissions"
    step_history(late, "back")                          # as far back as this window saw: submission 1
    assert late.history.label.text() == "Replay: after submission 1 of 2"
    assert "France A bur" in units_of(late.world)
    step_history(late, "start")
    assert late.history.label.text() == "Replay: after submission 1 of 2"


def test_a_thrown_start_joined_from_the_window_knows_its_own_home_centres(qtbot, windows, hosted):
    """RULES.md §9: a thrown start's home centres are those owned after its first Winter;
    each window learns its own nations' (to offer and check builds as the server will), and
    no other nation's (under fog they may be out of its sight)."""
    from app.match import Seat
    from app.winks import throw_at_random
    from app.winks.session import thrown_game
    game = thrown_game(throw_at_random(3, seed=8))
    nations = game.meta["thrown"]["nations"]
    seats = [Seat(name="Ada", nations=(nations[0],)), Seat(name="Ben", nations=(nations[1],)),
             Seat(name="Bot", nations=(nations[2],), controller="computer", level="random")]
    table, (ada_inv, ben_inv) = hosted.add_table(Match(game, seats), "thrown")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    assert ada.match.world.homes_at_first_winter and not ada.match.world.home_centres_of(nations[0])
    play_round(qtbot, (ada, ben), (None, None), 1)              # Fall 1901: the first Winter's board is made
    server_world = hosted.server.tables[table].match.world
    assert not server_world.homes_at_first_winter
    for w, mine, other in ((ada, nations[0], nations[1]), (ben, nations[1], nations[0])):
        assert w.match.world.home_centres_of(mine) == server_world.home_centres_of(mine)
        assert w.match.world.home_centres_of(mine)          # it owned centres after the play-out
        assert not w.match.world.home_centres_of(other)     # another nation's: not told
        assert not w.match.world.homes_at_first_winter
