"""A thrown play-out judged across computers in the real window (RULES.md §9): after a season
each window asks its own seat with the hotseat's judging question; the names go sealed to
the server; the outcome is shown as the hotseat shows it. Two windows on real sockets on
127.0.0.1 (a server in this process on a free port), as in test_net_window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from app.match import Match, Seat
from app.net.remote import RemoteMatch
from app.winks import throw_at_random
from app.winks.session import thrown_game

from .test_net_rounds import play_round
from .test_net_window import WAIT, hosted, two_seated, windows  # noqa: F401 (fixtures)


def thrown_two() -> tuple[Match, list[str]]:
    game = thrown_game(throw_at_random(2, seed=3))
    nations = game.meta["thrown"]["nations"]
    return Match(game, [Seat(name="Ada", nations=(nations[0],)), Seat(name="Ben", nations=(nations[1],))]), nations


def asked(w) -> bool:
    return w.net.judging.dialog is not None and w.net.judging.dialog.isVisible()


def name(w, nation: str) -> None:
    """The seat names ``nation`` in its window's question and presses Judge."""
    dlg = w.net.judging.dialog
    (box,) = dlg.boxes.values()                 # its own seat only: the others name at their computers
    box.setCurrentText(nation)
    dlg.judge_btn.click()


def test_each_window_asks_its_seat_and_a_unanimous_name_ends_the_game_for_both(qtbot, windows, hosted):
    match, nations = thrown_two()
    table, (ada_inv, ben_inv) = hosted.add_table(match, "thrown")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    watcher = windows()
    watcher.net.watch(hosted.address, table)
    qtbot.waitUntil(lambda: isinstance(watcher.match, RemoteMatch), timeout=WAIT)
    play_round(qtbot, (ada, ben), (None, None), 1)
    for w in (ada, ben):
        qtbot.waitUntil(lambda: asked(w), timeout=WAIT)
        note = w.net.judging.dialog.findChild(QLabel, "judging-note")
        assert note is not None and "sealed by your computer" in note.text()
        assert not w.table_ui.ending.a_draw.isEnabled()          # a play-out has no draws (RULES.md §9)
    name(ada, nations[1])
    qtbot.waitUntil(lambda: "waiting for Ben" in ada.last_status, timeout=WAIT)
    assert asked(ben) and not asked(ada)
    name(ben, nations[1])
    for w in (ada, ben):
        qtbot.waitUntil(lambda: w.match.world.phase == "over", timeout=WAIT)
        qtbot.waitUntil(lambda: f"{nations[1]} wins: every seat named it" in w.last_status, timeout=WAIT)
        assert w.match.world.winner == nations[1]
        assert w.notices.banner.isVisible() and "everyone named" in w.notices.banner.text()
        assert not w.commands.submit.isEnabled()
    qtbot.waitUntil(lambda: watcher.match.world.winner == nations[1], timeout=WAIT)    # and for its watcher
    assert not asked(watcher) and watcher.notices.banner.isVisible()
    assert "everyone named" in watcher.notices.banner.text()
    server = hosted.server.tables[table].match
    assert server.world.phase == "over" and server.table.judging.ended == nations[1]


def test_play_on_and_a_deadline_that_ends_the_judging_take_the_question_down(qtbot, windows, hosted):
    match, nations = thrown_two()
    table, (ada_inv, ben_inv) = hosted.add_table(match, "timed", round_seconds=3600)
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    play_round(qtbot, (ada, ben), (None, None), 1)
    for w in (ada, ben):
        qtbot.waitUntil(lambda: asked(w), timeout=WAIT)
    ada.net.judging.dialog.play_btn.click()              # Ada names no winner
    qtbot.waitUntil(lambda: "waiting for Ben" in ada.last_status, timeout=WAIT)
    unanswered = ben.net.judging.dialog
    hosted._wait(hosted.server.deadline_passed(table))    # as the round's clock does: Ben's name is owed
    qtbot.waitUntil(lambda: ben.net.judging.dialog is not unanswered, timeout=WAIT)    # taken down unanswered
    for w in (ada, ben):
        qtbot.waitUntil(lambda: w.match.world.submissions == 2, timeout=WAIT)
        qtbot.waitUntil(lambda: asked(w), timeout=WAIT)   # the next season's question
        assert w.match.world.phase != "over"
    assert hosted.server.tables[table].match.table.judging.judged == 1      # the first judging: play on


def test_the_nations_panel_lists_the_nations_in_play_for_seats_and_watchers(qtbot, windows, hosted):
    """A watcher is never told of judging, and a seat at a table that is no play-out neither:
    their Nations panel was empty. It lists the thrown start's nations at a play-out, every
    nation at an ordinary table."""
    from .test_net_window import ADA, BEN
    match, nations = thrown_two()
    thrown, _ = hosted.add_table(match, "thrown")
    plain, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "plain")
    watcher, seat, plain_watcher = windows(), windows(), windows()
    watcher.net.watch(hosted.address, thrown)
    seat.net.join(str(ada_inv))
    plain_watcher.net.watch(hosted.address, plain)
    for w in (watcher, seat, plain_watcher):
        qtbot.waitUntil(lambda: isinstance(w.match, RemoteMatch), timeout=WAIT)
    assert sorted(r["nation"] for r in watcher.nations_panel.rows) == sorted(nations)
    every = sorted(match.game.variant.nation_names)
    for w in (seat, plain_watcher):
        assert sorted(r["nation"] for r in w.nations_panel.rows) == every
