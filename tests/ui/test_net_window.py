"""Play across computers through the real window, offscreen, over real sockets on
127.0.0.1 (a server in this process on a free port: app.net.hosting). Each window is a
computer: it joins with its seat's invitation (Table → Join…), gives orders as a player
does, ends its turn with Submit, and shows the world the server adjudicated."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton

from app.engine import format_order
from app.match import Match, Seat
from app.net.hosting import HostedServer
from app.net.remote import RemoteMatch

from .test_hotseat import visible_texts

ADA = Seat(name="Ada", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", nations=("Austria", "Italy", "Russia", "Turkey"))
WAIT = 60_000          # ms: generous, for a slow shared machine


@pytest.fixture
def hosted(tmp_path):
    server = HostedServer(tmp_path / "tables.sqlite3").start()
    yield server
    server.stop()


@pytest.fixture
def windows(qtbot):
    from app.ui.window.main_window import MainWindow
    made = []

    def make():
        w = MainWindow(theme="light")
        qtbot.addWidget(w)
        w.resize(1366, 768)
        w.show()
        w.files.ask_unsaved = lambda doing: "discard"
        w.navigation.ask_missing = lambda owed: True
        made.append(w)
        return w
    yield make
    for w in made:
        w.net.closing()          # before pytest-qt closes them: each thread ends first


def seated(w, submissions: int = 0):
    m = w.match
    return isinstance(m, RemoteMatch) and m.world.submissions == submissions and w.seat == m.me


def two_seated(qtbot, windows, ada_inv, ben_inv):
    """Two new windows joined with Ada's and Ben's invitations, each seated at its table."""
    ada, ben = windows(), windows()
    ada.net.join(str(ada_inv))
    ben.net.join(str(ben_inv))
    qtbot.waitUntil(lambda: seated(ada) and seated(ben), timeout=WAIT)
    return ada, ben


def confirmed(w, count: int) -> bool:
    """The server's answer (``pending``) holds ``count`` orders of the seat."""
    client = w.net.link.client
    return client.view is not None and len(client.view.pending) == count


def units_of(world) -> set[str]:
    return {f"{u.nation} {u.type} {u.loc}" for b in world.boards.values() for u in b.units.values()}


def test_two_seats_and_a_watcher_play_three_turns_through_the_window(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    ada, ben, watcher = windows(), windows(), windows()
    ada.net.join(str(ada_inv))
    ben.net.join(str(ben_inv))
    watcher.net.watch(hosted.address, table)
    qtbot.waitUntil(lambda: seated(ada) and seated(ben), timeout=WAIT)
    qtbot.waitUntil(lambda: isinstance(watcher.match, RemoteMatch), timeout=WAIT)
    assert ada.seat == 0 and ben.seat == 1 and watcher.seat is None
    assert ada.commands.submit.text() == "Done" and not watcher.commands.submit.isEnabled()
    moves = [("A par - bur", "A war - gal"), ("A bur - bel", "A gal - rum"), ("build A par", "build A war")]
    for n, (ada_order, ben_order) in enumerate(moves):
        assert ada.console_order(ada_order) and ben.console_order(ben_order)
        qtbot.waitUntil(lambda: confirmed(ada, 1) and confirmed(ben, 1), timeout=WAIT)
        ada.submit()
        qtbot.waitUntil(lambda: ben.net.match.table_state is not None and 0 in ben.net.match.table_state.done_seats,
                        timeout=WAIT)
        assert ada.world.submissions == n           # nothing adjudicated until every seat is done
        ben.submit()
        for w in (ada, ben, watcher):
            qtbot.waitUntil(lambda: w.match.world.submissions == n + 1, timeout=WAIT)
        assert ada.pending == {} and ben.pending == {}
    # the windows show the server's world: France went to Belgium and built in Paris
    assert {"France A bel", "Russia A rum", "France A par", "Russia A war"} <= units_of(watcher.world)
    assert units_of(ada.world) == units_of(ben.world) == units_of(watcher.world)
    server_world = hosted.server.tables[table].match.world
    assert units_of(server_world) == units_of(watcher.world)
    assert set(watcher.world.boards) == set(server_world.boards)
    assert "adjudicated by the server" in ada.last_status
    # the Results list tells of the last round the server adjudicated (Ada and Ben built)
    title = ada.results_panel.title.text()
    assert "Submission 3" in title and "2 of 2 orders succeeded" in title


def test_a_seat_never_sees_another_seats_pending_orders_in_a_fogged_game(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN], fog=True), "fogged", round_seconds=600)
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    assert ada.console_order("A par - bur") and ada.console_order("F brest - mao")
    qtbot.waitUntil(lambda: confirmed(ada, 2), timeout=WAIT)
    ada.submit()
    qtbot.waitUntil(lambda: ben.net.match.table_state is not None and 0 in ben.net.match.table_state.done_seats,
                    timeout=WAIT)
    # Ben's window: nothing of Ada's orders, in any text, tooltip or scene item
    texts = " ".join(t for t in visible_texts(ben) if t)
    assert "1:bur:" in " ".join(t for t in visible_texts(ada) if t)     # where Ada sees her own orders
    for secret in ("1:bur:", "- bur", "Burgundy", "1:mao:", "- mao", "Mid-Atlantic"):
        assert secret not in texts
    assert not any("1:bur:" in f or "1:mao:" in f for f in ben.net.link.client.frames)
    # nor a unit Ben's nations do not see (fog of war comes from the server)
    assert "England F lon" not in units_of(ben.world) and "England F lon" in units_of(ada.world)
    # the deadline's countdown is in the status bar
    assert "left" in ben.net.chip_text


def test_a_refused_invitation_gives_a_message(qtbot, windows, hosted):
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    wrong = str(ada_inv).rsplit("/", 2)[0] + "/1/" + ada_inv.secret     # Ada's secret for Ben's seat
    w.net.join(wrong)
    qtbot.waitUntil(lambda: "refused" in w.net.last_problem, timeout=WAIT)
    assert "does not open that seat" in w.net.last_problem
    assert isinstance(w._box, QMessageBox) and w._box.isVisible()
    assert w.match is None or not isinstance(w.match, RemoteMatch)


def test_a_server_that_cannot_be_reached_gives_a_message(qtbot, windows, hosted):
    w = windows()
    port = hosted.port
    hosted.stop()
    w.net.join(f"5d://127.0.0.1:{port}/abc/0/{'x' * 32}")
    qtbot.waitUntil(lambda: "Cannot reach" in w.net.last_problem, timeout=WAIT)
    assert w.net.link is None


def test_a_dropped_connection_reconnects_and_finds_its_pending_orders(qtbot, windows, hosted):
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    w.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
    assert w.console_order("A par - bur")
    qtbot.waitUntil(lambda: confirmed(w, 1), timeout=WAIT)
    client = w.net.link.client
    statuses = []
    w.net.carrier.arrived.connect(lambda link, item: statuses.append(item) if isinstance(item, tuple) else None)
    # the network drops: the server side of the connection goes away (not a close on purpose)
    server = hosted.server
    conn = server.tables[table].seats[0]
    hosted.loop.call_soon_threadsafe(conn.transport.abort)
    qtbot.waitUntil(lambda: ("status", "reconnecting…") in statuses, timeout=WAIT)
    qtbot.waitUntil(lambda: client.connections == 2 and client.status == "connected", timeout=WAIT)
    qtbot.waitUntil(lambda: len(w.pending) == 1 and "Online" in w.net.chip_text, timeout=WAIT)
    from app.engine import format_order
    assert [format_order(o) for o in w.pending.values()] == ["France: A 1:par:S1901 - 1:bur:S1901"]


def test_join_through_the_dialog_and_a_pasted_text_that_is_no_invitation(qtbot, windows, hosted):
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    w.net.join_dialog()
    dlg = w.net.dialog
    dlg.invitation.setText("https://example.org/a-game")
    from PySide6.QtWidgets import QDialogButtonBox
    join = dlg.findChild(QDialogButtonBox).button(QDialogButtonBox.Ok)
    join.click()
    assert dlg.isVisible() and "Not an invitation" in dlg.problem.text() and "5d://" in dlg.problem.text()
    dlg.invitation.setText(f"  {ada_inv}  ")
    join.click()
    assert not dlg.isVisible()
    qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
    assert w.match.seats[0].name == "Ada" and w.match.seats[1].name == "Ben"


def test_the_lobby_lists_the_tables_and_watches_one(qtbot, windows, hosted):
    running, _ = hosted.add_table(Match.new(seats=[ADA, BEN]), "open game")
    fogged, _ = hosted.add_table(Match.new(seats=[ADA, BEN], fog=True), "fogged game")
    w = windows()
    w.net.lobby_dialog(hosted.address)
    dlg = w.net.dialog
    qtbot.waitUntil(lambda: dlg.tables.count() == 2, timeout=WAIT)
    texts = [dlg.tables.item(i).text() for i in range(dlg.tables.count())]
    assert any("open game" in t and "seats waiting: Ada, Ben" in t for t in texts)
    assert any("fogged game" in t and "not watchable until it ends" in t for t in texts)
    watchable = next(i for i in range(dlg.tables.count()) if "open game" in dlg.tables.item(i).text())
    dlg.tables.setCurrentRow(watchable)
    assert dlg.watch_button.isEnabled()
    dlg.watch_button.click()
    qtbot.waitUntil(lambda: isinstance(w.match, RemoteMatch) and w.match.me is None, timeout=WAIT)
    assert w.seat is None and not w.commands.submit.isEnabled()
    assert w.match.welcome.table == running != fogged


def test_the_lobby_of_a_server_that_is_not_there(qtbot, windows, hosted):
    w = windows()
    port = hosted.port
    hosted.stop()
    w.net.lobby_dialog(f"127.0.0.1:{port}")
    dlg = w.net.dialog
    qtbot.waitUntil(lambda: "Cannot reach" in dlg.note.text(), timeout=WAIT)


def test_host_a_hotseat_game_and_play_it_from_two_windows(qtbot, windows):
    host, guest = windows(), windows()
    host.new_game("hotseat", seats=[{"name": "Ada", "nations": list(ADA.nations)},
                                    {"name": "Ben", "nations": list(BEN.nations)}], confirmed=True, fog=True)
    lines = host.net.host(port=0, deadline=3600)
    try:
        assert [name for name, _ in lines] == ["Ada", "Ben"] and all(inv.startswith("5d://127.0.0.1:") for _, inv in lines)
        shown = host.net.dialog.text.toPlainText()
        assert lines[1][1] in shown
        qtbot.waitUntil(lambda: seated(host), timeout=WAIT)
        guest.net.join(lines[1][1])
        qtbot.waitUntil(lambda: seated(guest), timeout=WAIT)
        assert host.match.me == 0 and guest.match.me == 1
        assert host.console_order("A par - bur") and guest.console_order("A war - gal")
        qtbot.waitUntil(lambda: confirmed(host, 1) and confirmed(guest, 1), timeout=WAIT)
        host.submit()
        guest.submit()
        qtbot.waitUntil(lambda: host.match.world.submissions == 1 and guest.match.world.submissions == 1,
                        timeout=WAIT)
        assert "France A bur" in units_of(host.world) and "France A bur" not in units_of(guest.world)  # fog
        assert "left" in host.net.chip_text
    finally:
        host.net.closing()
    assert host.net.hosted is None


def test_the_host_replaces_a_seats_invitation_from_the_window(qtbot, windows):
    """Table → Invitations… shows the hosted table's invitations again; "New invitation…"
    replaces Ben's: the window that joined with the old one is told why and closed, the old
    one is refused, and the new one seats Ben."""
    host, guest, again = windows(), windows(), windows()
    assert not host.net.hosted_invitations.action.isEnabled()       # nothing hosted yet
    host.new_game("hotseat", seats=[{"name": "Ada", "nations": list(ADA.nations)},
                                    {"name": "Ben", "nations": list(BEN.nations)}], confirmed=True)
    lines = host.net.host(port=0)
    try:
        old = dict(lines)["Ben"]
        host.net.dialog.close()
        guest.net.join(old)
        qtbot.waitUntil(lambda: seated(host) and seated(guest), timeout=WAIT)
        keeper = host.net.hosted_invitations
        assert keeper.action.isEnabled()
        keeper.action.trigger()
        dlg = keeper.dialog
        assert old in dlg.text.toPlainText() and dlg.seats.count() == 2
        asked = []
        dlg.confirm = lambda name: asked.append(name) or True
        dlg.seats.setCurrentIndex(dlg.seats.findText("Ben"))
        [renew] = [b for b in dlg.findChildren(QPushButton) if b.text() == "New invitation…"]
        renew.click()
        assert asked == ["Ben"]
        new = dlg.text.toPlainText().split("Ben: ", 1)[1].split()[0]
        assert new != old and old not in dlg.text.toPlainText() and new.startswith("5d://127.0.0.1:")
        qtbot.waitUntil(lambda: "Your invitation was replaced" in guest.net.last_problem, timeout=WAIT)
        assert "replaced this seat's invitation" in guest.net.last_problem
        again.net.join(old)
        qtbot.waitUntil(lambda: "refused" in again.net.last_problem, timeout=WAIT)
        again.net.join(new)
        qtbot.waitUntil(lambda: seated(again), timeout=WAIT)
        assert again.match.me == 1
    finally:
        host.net.closing()
    assert not host.net.hosted_invitations.action.isEnabled()


def hotseat(w, fog: bool = False):
    w.new_game("hotseat", seats=[{"name": "Ada", "nations": list(ADA.nations)},
                                 {"name": "Ben", "nations": list(BEN.nations)}], confirmed=True, fog=fog)


def test_a_host_who_closed_the_window_hosts_the_table_again_and_takes_its_seat(qtbot, windows):
    """The window that hosted a table is closed (the server stops with it); a new window
    (Table → Host my tables again) serves it from the data folder where it was, takes the
    host's seat with the invitation kept there, and the guest comes back with theirs."""
    import json
    import os
    first, guest = windows(), windows()
    hotseat(first)
    lines = dict(first.net.host(port=0))
    first.net.dialog.close()
    guest.net.join(lines["Ben"])
    qtbot.waitUntil(lambda: seated(first) and seated(guest), timeout=WAIT)
    assert first.console_order("A par - bur")
    qtbot.waitUntil(lambda: confirmed(first, 1), timeout=WAIT)
    kept = first.net.hosting._own_seats().path
    assert [s["seat_name"] for s in json.loads(kept.read_text())] == ["Ada"]
    assert lines["Ben"] not in kept.read_text()          # only the host's own seat reaches its disk
    if os.name == "posix":
        assert kept.stat().st_mode & 0o077 == 0          # readable by its owner only
    first.net.closing()                                   # the window closes: its server stops
    qtbot.waitUntil(lambda: "Reconnecting" in guest.net.chip_text or "Disconnected" in guest.net.chip_text,
                    timeout=WAIT)
    again = windows()
    assert again.net.hosting.may_host_again()
    try:
        assert again.net.hosting.host_again()
        qtbot.waitUntil(lambda: seated(again), timeout=WAIT)
        assert again.match.me == 0 and "Ada" in again.last_status
        qtbot.waitUntil(lambda: confirmed(again, 1), timeout=WAIT)       # her order is where she left it
        qtbot.waitUntil(lambda: seated(guest), timeout=WAIT)             # the guest reconnects by itself
        keeper = again.net.hosted_invitations
        keeper.action.trigger()
        text = keeper.dialog.text.toPlainText()
        assert lines["Ada"] in text and lines["Ben"] not in text and "New invitation" in text
    finally:
        again.net.closing()      # before pytest-qt closes the window: no "stop hosting?" question


def test_closing_a_window_that_hosts_asks_first(qtbot, windows):
    w = windows()
    hotseat(w)
    w.net.host(port=0)
    w.net.dialog.close()
    qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
    asked = []
    w.net.hosting.ask_stop = lambda n: asked.append(n) or False
    w.close()
    assert asked == [1] and w.isVisible() and w.net.hosted is not None     # "no": it keeps serving
    w.net.hosting.ask_stop = lambda n: asked.append(n) or True
    w.close()
    assert asked == [1, 1] and not w.isVisible() and w.net.hosted is None


def test_a_message_between_two_windows_is_sealed_on_the_way(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN], fog=True), "fogged")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    qtbot.waitUntil(lambda: ada.net.match.recipients() == [1], timeout=WAIT)
    panel = ada.net.letters.panel
    panel.text.setPlainText("Meet me in Galicia")
    panel.send_btn.click()
    qtbot.waitUntil(lambda: "Meet me in Galicia" in ben.net.letters.panel.list.toPlainText(), timeout=WAIT)
    assert "From Ada" in ben.net.letters.panel.list.toPlainText()
    assert "To Ben" in panel.list.toPlainText()
    # on the way the text is sealed: the server's database never holds it
    assert not any("Galicia" in f for f in ben.net.link.client.frames)
    stored = [f for f in hosted.db.parent.iterdir() if f.name.startswith(hosted.db.name)]   # with its WAL
    assert stored and not any(b"Galicia" in f.read_bytes() for f in stored)


def test_orders_given_while_the_server_is_down_reach_it_once_it_is_back(qtbot, windows, tmp_path):
    first = HostedServer(tmp_path / "tables.sqlite3").start()
    port = first.port
    table, (ada_inv, _) = first.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    try:
        w.net.join(str(ada_inv))
        qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
        first.stop()
        qtbot.waitUntil(lambda: "Reconnecting" in w.net.chip_text, timeout=WAIT)
        # a server that comes back at another address would never answer: the way back is said
        assert "Connection lost: reconnecting" in w.last_status and "Table → Join" in w.last_status
        assert w.console_order("A par - bur")           # shown at once, kept for the server
        qtbot.waitUntil(lambda: "once the connection is back" in w.last_status, timeout=WAIT)
        again = HostedServer(tmp_path / "tables.sqlite3", port=port).start()
    finally:
        first.stop()
    try:
        qtbot.waitUntil(lambda: confirmed(w, 1) and "Online" in w.net.chip_text, timeout=WAIT)
        assert again.server.tables[table].match.pending(0)[0].unit.loc == "par"
    finally:
        w.net.closing()
        again.stop()


def test_many_orders_at_once_go_in_few_messages(qtbot, windows, hosted):
    """The computer's suggestions or a paste give every unit an order at once: one message
    each would be a flood the server closes the connection for."""
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    w.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
    from app.net.server import BURST
    from app.net import protocol as p
    units = [u for b in w.world.boards.values() for u in b.units.values() if u.nation in ADA.nations]
    for _ in range(3 * BURST // len(units)):         # far more changes than the server's burst allows
        for u in units:
            assert w.console_order(f"{u.type} {u.loc} H")
    qtbot.waitUntil(lambda: confirmed(w, len(units)), timeout=WAIT)
    assert w.net.link.client.closed is None and w.net.link.client.status == "connected"
    pendings = [m for m in w.net.link.client.messages if isinstance(m, p.Pending)]
    assert len(pendings) == 1        # all given in one go (one event): one message, one answer


def test_join_with_window_and_an_invitation_link_open_the_window_on_the_seat(monkeypatch):
    import app.ui.app as ui
    from app.__main__ import main
    got = []
    monkeypatch.setattr(ui, "main", lambda args: got.append(args) or 0)
    link = "5d://192.168.1.20:8765/0123456789/1/" + "s" * 32
    assert main(["join", link, "--window"]) == 0 and main([link]) == 0
    assert got == [["--join", link], ["--join", link]]
    assert ui.parser().parse_args(got[0]).join == link


def test_a_seat_taken_over_from_another_window_is_told_why(qtbot, windows, hosted):
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    first, second = windows(), windows()
    first.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(first), timeout=WAIT)
    second.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(second), timeout=WAIT)
    qtbot.waitUntil(lambda: "taken over" in first.net.last_problem, timeout=WAIT)
    assert "joined again from another connection" in first.net.last_problem
    assert "Disconnected" in first.net.chip_text


def test_opening_another_game_leaves_the_table(qtbot, windows, hosted):
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    w.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
    link = w.net.link
    w.new_game(confirmed=True)
    assert w.net.link is None and not link.thread.is_alive()
    qtbot.waitUntil(lambda: 0 not in hosted.server.tables[table].seats, timeout=WAIT)
    assert not isinstance(w.match, RemoteMatch) and w.net.chip_text == ""


def test_an_order_after_done_is_refused_by_the_server_and_taken_off_the_screen(qtbot, windows, hosted):
    table, (ada_inv, _) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    w.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
    w.submit()
    qtbot.waitUntil(lambda: w.net.link.client.view.done, timeout=WAIT)
    assert w.console_order("A par - bur")          # checked here against the seat's view: legal
    qtbot.waitUntil(lambda: "ended its turn" in w.last_status, timeout=WAIT)
    assert w.pending == {} and hosted.server.tables[table].match.pending(0) == []


def test_a_sealed_table_plays_through_the_window(qtbot, windows, hosted):
    """The seat's computer seals its orders (not even the server reads them before every
    seat is done); the window plays it as any other table."""
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN]), "sealed", sealed=True)
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    assert ada.console_order("A par - bur") and ada.console_order("A mar - spa")
    qtbot.waitUntil(lambda: confirmed(ada, 2), timeout=WAIT)
    assert hosted.server.tables[table].match.pending(0) == []      # the server holds a box it cannot open
    ada.submit()
    ben.submit()
    qtbot.waitUntil(lambda: ada.match.world.submissions == 1 and ben.match.world.submissions == 1, timeout=WAIT)
    assert {"France A bur", "France A spa"} <= units_of(ben.world)


def test_a_draw_proposed_from_the_game_menu_ends_a_fogged_table_across_computers(qtbot, windows, hosted):
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN], fog=True), "fogged")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    assert ada.console_order("A par - bur")
    qtbot.waitUntil(lambda: confirmed(ada, 1), timeout=WAIT)
    ada.submit()
    ben.submit()
    qtbot.waitUntil(lambda: seated(ada, 1) and seated(ben, 1), timeout=WAIT)
    e = ada.table_ui.ending
    assert e.a_draw.isEnabled()
    e.a_draw.trigger()
    e.dialog.yes.click()                         # Ada proposes: it goes to the server
    asked = lambda: ben.table_ui.ending.dialog is not None and ben.table_ui.ending.dialog.isVisible()
    qtbot.waitUntil(asked, timeout=WAIT)         # Ben's window asks him
    assert "Ada proposes a draw" in ben.table_ui.ending.dialog.text.text()
    # one proposal at a time (Ada's window hears of it from the server: perhaps after Ben's)
    qtbot.waitUntil(lambda: not e.a_draw.isEnabled(), timeout=WAIT)
    ben.table_ui.ending.dialog.yes.click()
    for w in (ada, ben):
        qtbot.waitUntil(lambda: w.match.world.phase == "over" and w.notices.banner.isVisible(), timeout=WAIT)
        assert "A draw" in w.notices.banner.text()
        assert not w.commands.submit.isEnabled() and not w.table_ui.ending.a_draw.isEnabled()
    assert "England F lon" in units_of(ben.world)        # the fog lifted: Ben sees Ada's fleet
    assert hosted.server.tables[table].match.world.phase == "over"
    # the lobby lists it as finished; a watcher receives the whole game, ended as agreed
    watcher = windows()
    watcher.net.lobby_dialog(hosted.address)
    dlg = watcher.net.dialog
    qtbot.waitUntil(lambda: dlg.tables.count() == 1, timeout=WAIT)
    assert "finished" in dlg.tables.item(0).text() and "not watchable" not in dlg.tables.item(0).text()
    dlg.tables.setCurrentRow(0)
    dlg.watch_button.click()
    qtbot.waitUntil(lambda: isinstance(watcher.match, RemoteMatch) and len(watcher.match.game.submissions) == 1,
                    timeout=WAIT)
    assert watcher.match.world.phase == "over" and "France A bur" in units_of(watcher.world)
    assert watcher.match.table.proposals.ending.kind == "draw"
    assert "The whole game" in watcher.last_status


def test_a_refused_draw_tells_each_window_only_that_a_seat_refused(qtbot, windows, hosted):
    _, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN]), "draw")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    ben.table_ui.ending.a_draw.trigger()
    ben.table_ui.ending.dialog.yes.click()
    asked = lambda: ada.table_ui.ending.dialog is not None and ada.table_ui.ending.dialog.isVisible()
    qtbot.waitUntil(asked, timeout=WAIT)
    ada.table_ui.ending.dialog.no.click()
    for w in (ada, ben):
        qtbot.waitUntil(lambda: w.notices.toast.isVisible(), timeout=WAIT)
        shown = w.notices.toast.text()
        assert "at least one seat refused" in shown and "Ada" not in shown
        assert w.match.world.phase != "over" and w.table_ui.ending.a_draw.isEnabled()   # play on


def test_a_window_whose_seat_was_taken_over_takes_no_more_orders_and_says_why(qtbot, windows, hosted):
    """The seat joined from a second window: the first one is told, and an order, a message or
    Done given there is refused with why, never shown as 'with the server' (it reached nothing)."""
    table, (ada_inv, ben_inv) = hosted.add_table(Match.new(seats=[ADA, BEN]), "friends")
    ada, ben = two_seated(qtbot, windows, ada_inv, ben_inv)
    qtbot.waitUntil(lambda: ada.net.match.recipients() == [1], timeout=WAIT)
    again = windows()
    again.net.join(str(ada_inv))
    qtbot.waitUntil(lambda: seated(again) and "taken over" in ada.net.last_problem, timeout=WAIT)
    assert not ada.console_order("A par - bur")
    assert "Join again" in ada.orders_panel.feedback.text() and ada.pending == {}
    ada.submit()
    assert "taken over" in ada.last_status and "with the server" not in ada.last_status
    assert not ada.match.is_done(0)
    panel = ada.net.letters.panel
    panel.text.setPlainText("still here?")
    panel.send_btn.click()
    assert "taken over" in panel.feedback.text() and ada.net.match.written == []
    # the window that took the seat over plays it
    assert again.console_order("A par - bur")
    qtbot.waitUntil(lambda: confirmed(again, 1), timeout=WAIT)
    assert [format_order(o) for o in hosted.server.tables[table].match.pending(0)] == \
        ["France: A 1:par:S1901 - 1:bur:S1901"]


def test_a_hotseat_game_whose_seat_sealed_its_orders_with_a_pin_is_not_hosted(qtbot, windows):
    """Ada gave her orders behind her PIN and passed on; Ben hosts the game: the server could
    not open her orders (her window would reconnect for ever), so hosting is refused with why
    and the hotseat game goes on as it was."""
    w = windows()
    w.new_game("hotseat", seats=[ADA, BEN], pins={0: "tulip-42"})
    c = w.curtain
    c.pin.setText("tulip-42")
    c.button.click()
    qtbot.waitUntil(lambda: not w.table.up, timeout=WAIT)
    assert w.console_order("A par - bur")
    w.submit()                                       # Ada is done: Ben's turn
    c.button.click()
    assert w.seat == 1
    assert w.net.host(port=0) == []
    assert "Ada sealed this round's orders with a PIN" in w.net.last_problem
    assert w.net.hosted is None and not isinstance(w.match, RemoteMatch) and w.seat == 1
    assert w.match.is_done(0) and not w.match.is_done(1)


def test_orders_given_while_the_server_moved_reach_it_when_the_seat_joins_it_again(qtbot, windows, tmp_path):
    """The host started the server again at another port: an order given meanwhile waited in
    the window, and joining with the invitation at the new address dropped it unasked (the
    new connection started empty). It goes to the server the seat joined."""
    first = HostedServer(tmp_path / "tables.sqlite3").start()
    table, (ada_inv, _) = first.add_table(Match.new(seats=[ADA, BEN]), "friends")
    w = windows()
    try:
        w.net.join(str(ada_inv))
        qtbot.waitUntil(lambda: seated(w), timeout=WAIT)
        assert w.console_order("A par - bur")
        qtbot.waitUntil(lambda: confirmed(w, 1), timeout=WAIT)
        first.stop()
        qtbot.waitUntil(lambda: "Reconnecting" in w.net.chip_text, timeout=WAIT)
        assert w.console_order("F brest - mao")           # kept in the window: nothing answers
    finally:
        first.stop()
    moved = HostedServer(tmp_path / "tables.sqlite3").start()     # another free port
    try:
        w.net.join(str(ada_inv).replace(f":{first.port}/", f":{moved.port}/"))
        qtbot.waitUntil(lambda: seated(w) and confirmed(w, 2), timeout=WAIT)
        held = moved.server.tables[table].match.pending(0)
        assert sorted(o.unit.loc for o in held) == ["bre", "par"]
    finally:
        w.net.closing()
        moved.stop()
