"""What the server says, taken in by a window's :class:`~.remote.RemoteMatch` (on the
window's thread): each kind of message changes the match (its world, its seat's pending
orders, the table's state, its letters, a proposal, a judging, a civilisations game's
offers) and comes back as a :class:`Change` that says what the window must show again.
One small function a kind of message, apart from the match, so that each reads on its
own and the match's module says what a seat does (its way out: :mod:`.remote_outbox`).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import GameFileError

from . import protocol as p
from .client import Client
from .record import game_from_record
from .remote_civ import as_old_map, met_names, RemoteCivTable
from .remote_rounds import SeenRounds
from .remote_world import world_from_view

TIME_RAN_OUT = "Time ran out: your orders were submitted as they stood (units without orders hold)."
"""What a seat is told when the round's deadline ended its turn (RULES.md §6 "Deadlines")."""


@dataclass(frozen=True)
class Change:
    """What a message changed, for the window to show: ``what`` is ``world`` (a new view:
    redraw), ``record`` (a finished game's whole history: redraw), ``pending`` (the seat's
    orders), ``time ran out`` (the deadline ended the
    seat's turn: ``text`` says so), ``state`` (who is done, the deadline), ``offers`` (a
    civilisations game's offers: ``text`` says what is new),
    ``refused`` (``text`` says why), ``letter`` (a message arrived), ``proposal`` (a proposal
    to end the game opened or ended: ``text`` says it), ``judging`` (a thrown play-out's
    judging opened, moved or ended: ``text`` says its outcome), ``ended`` (the game ended:
    ``text`` says how), ``kept`` (a message is kept for a seat away: ``text`` says so) or
    ``nothing``. A ``world`` whose ``text`` is set names the civilisations the seat has just
    met (the map's colours and every list of nations change with them)."""
    what: str
    text: str = ""


def take_message(match, message, client: Client | None) -> Change:
    """Take ``message`` into ``match`` (a :class:`~.remote.RemoteMatch`); ``client``: the
    client it came through, whose view is the whole one (a view arrives as changes)."""
    take = _TAKERS.get(type(message))
    return take(match, message, client) if take is not None else Change("nothing")


def _view(match, message: p.View, client: Client | None) -> Change:
    if not isinstance(match.game, SeenRounds):     # a finished game's record: it changes no more
        return Change("nothing")
    view = client.view if client is not None and client.view is not None else message
    world = match.reader.read(view)
    met = met_names(match.game.world, world)
    if world.variant is not match.game.variant:     # a civilisation met: named from now on
        match.game.variant = world.variant
    if match.game.receive(world):            # a new round: this seat has not ended it yet
        match.ended_here = match.time_ran_out = False
    match.view_message = view
    match.take_pending(view.pending, view.done)
    match.revision += 1
    return Change("world", "" if not met else f"You have met {', '.join(met)}." if world.phase != "over"
                  else f"The game is over: every civilisation is named now ({', '.join(met)}).")


def _pending(match, message: p.Pending, client: Client | None) -> Change:
    pending = client.view.pending if client is not None and client.view is not None else message.pending
    match.take_pending(pending, message.done)
    if message.done and not match.ended_here and not match.time_ran_out and match.me is not None:
        match.time_ran_out = True         # the server ended the turn: the deadline passed (RULES.md §6)
        return Change("time ran out", TIME_RAN_OUT)
    return Change("pending")


def _table_state(match, message: p.TableState, client: Client | None) -> Change:
    match.table_state = message
    return Change("state")


def _refused(match, message: p.Refused, client: Client | None) -> Change:
    if client is not None and client.view is not None:    # what was shown at once goes: the server's stay
        match.take_pending(client.view.pending, client.view.done)
    return Change("refused", f"The server refused {message.text!r}: {message.reason}")


def _welcome(match, message: p.Welcome, client: Client | None) -> Change:
    match.letters = []                   # a connection made again: every message comes again
    if isinstance(match.civ, RemoteCivTable):
        match.civ.reconnected()
    return Change("nothing")


def _mail(match, message: p.Mail, client: Client | None) -> Change:
    if client is None or client.seals is None:
        return Change("nothing")
    match.letters.append((message.sender, client.seals.open_letter(message), message.submissions))
    return Change("letter")


def _record(match, record: p.Record, client: Client | None) -> Change:
    """A finished game's whole record (a watcher's): its history replaces the rounds
    this window saw, so the history bar steps through every submission of the game."""
    if match.me is not None:
        return Change("nothing")
    try:
        game = game_from_record(record)
    except GameFileError as e:
        return Change("refused", f"The finished game's record cannot be read: {e}")
    ended = game.world.phase == "over" or match.table.proposals.ending is not None    # a victory, or agreed
    if not ended or set(game.world.boards) != set(match.world.boards):
        return Change("refused", "The finished game's record is not the game the server showed: "
                                 "its last world is kept, without the history.")
    match.game = game
    match.revision += 1
    return Change("record", f"The whole game, {len(game.submissions)} submissions: step or play through it "
                            "on the history bar.")


def _proposal(match, message: p.ProposalState, client: Client | None) -> Change:
    match.table.proposals.take(message)
    return Change("proposal", message.outcome_text if message.number is None else message.text)


def _judging(match, state: p.JudgingState, client: Client | None) -> Change:
    """A thrown play-out's judging (:mod:`.remote_judging`): ``text`` is a new outcome, or
    who this seat waits for once it has named."""
    before = match.table.judging.state
    match.table.judging.take(state)
    if state.outcome_at is not None and before is not None and before.outcome_at != state.outcome_at:
        return Change("judging", state.outcome_text)
    if state.at is not None and not state.must_name and state.waiting:
        names = ", ".join(match.seats[i].name for i in state.waiting if i < len(match.seats))
        return Change("judging", f"Your name is sealed: waiting for {names} to name the winner.")
    return Change("judging")


def _ended(match, message: p.GameEnded, client: Client | None) -> Change:
    match.table.proposals.take_ending(message)
    return Change("ended", message.text)


def _offers(match, message: p.Offers, client: Client | None) -> Change:
    if not isinstance(match.civ, RemoteCivTable):
        return Change("nothing")
    return Change("offers", match.civ.take(message))


def _map(match, message: p.MapView, client: Client | None) -> Change:
    """A map received, as its giver saw it."""
    if not isinstance(match.civ, RemoteCivTable):
        return Change("nothing")
    shown = p.View(table=message.table, submissions=0, phase="movement", boards=message.boards)
    world = world_from_view(match.game.variant, match.world.adjacency, shown)
    return Change("offers", match.civ.take_map(message.gift, as_old_map(world, match.world)))


def _kept(match, message: p.Kept, client: Client | None) -> Change:
    return Change("kept", f"Your message to {match.seats[message.to].name} is kept for them.")


_TAKERS = {p.View: _view, p.Pending: _pending, p.TableState: _table_state, p.Refused: _refused,
           p.Welcome: _welcome, p.Mail: _mail, p.Record: _record, p.ProposalState: _proposal,
           p.JudgingState: _judging, p.GameEnded: _ended, p.Offers: _offers, p.MapView: _map, p.Kept: _kept}
