"""A game being played: the seats around the table, whose turn it is, each seat's pending
orders, the submission round, undo and redo, and what a seat may see. No Qt: the window, a
test, a benchmark or a bot tournament all drive a match the same way.

>>> m = Match.new(seats=[Seat(name="Ada", nations=("England", "France", "Germany")),
...                      Seat(name="Ben", nations=("Russia", "Turkey"))])
>>> m.turn, m.mode
(0, 'hotseat')
>>> _ = m.add_text("A par - bur")          # Ada's order, pending and private to her
>>> m.done()                               # Ada passes the computer on: Ben's turn
1
>>> m.pending(1)
[]
>>> _ = m.add_text("A war - gal"); m.done() is None   # the round is complete
True
>>> report = m.submit()
>>> len(m.game.submissions), m.turn
(1, 0)

The verbs: :meth:`add_order` / :meth:`add_text` / :meth:`remove_order` change the pending
orders of the seat at the table (or a given seat); :meth:`done` ends that seat's turn and
returns the next seat (None: the round is complete); :meth:`submit` adjudicates the round
(or, for a front end that adjudicates off its GUI thread, :meth:`prepare` → ``Round.run()``
in a worker → :meth:`commit`). :meth:`undo` takes back the last submission and puts its
orders back as the seats' pending orders; :meth:`redo` puts the submission back.

Computer seats: :meth:`prepare` returns a :class:`Round` whose ``run()`` first asks
``decide(level, view, nation, seed=...)`` (``app.bots.decide`` by default) for each computer
nation's orders, then adjudicates; a seat played by nobody holds.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence

from app.engine import (Build, check, civ_of, Game, NotationError, Order, parse_order, Report,
                        submit as engine_submit, Waive, World)

from . import sealed as seat_box
from .notes import Notes
from .plans import Plans, unknown_place
from .redo import RedoChain
from .file_error import MatchFileError
from .seats import Seat, shared_name
from .pin_tries import PinTries
from .secret import SeatLocks
from .table import MatchTable

if TYPE_CHECKING:
    from app.engine import Gift

Decide = Callable[..., list[Order]]


class MatchError(ValueError):
    """The match cannot do that now (e.g. adjudicate before every seat is done)."""


class PinWait(MatchError):
    """Too many wrong PINs: the seat may try again in ``seconds``."""

    def __init__(self, seconds: float):
        super().__init__(f"too many wrong PINs: try again in {seconds:.0f} s")
        self.seconds = seconds


class OrderRefused(ValueError):
    """An order the seat may not give. ``reason`` is what the window shows; ``kind`` is
    ``"notation"`` (text not understood), ``"owner"`` (another seat's unit) or ``"illegal"``."""

    def __init__(self, reason: str, kind: str):
        super().__init__(reason)
        self.reason, self.kind = reason, kind


def order_key(order: Order):
    """Orders replace each other per unit (or per build location, or per waived board)."""
    if isinstance(order, Build):
        return ("build", order.at.board, order.at.province)
    if isinstance(order, Waive):
        return ("waive", order.on, order.nation)
    return ("unit", order.unit.board, order.unit.province)


def seat_view(world: World, nations: Iterable[str], fog: bool, keep=None) -> World:
    """What a seat playing ``nations`` may see of ``world``: all of it, or with fog of war
    what its nations see (``app.match.fog``); in a civilisations game always the fogged
    view, unknown civilisations unnamed (``app.match.civ_view``). ``keep``: the match's
    :class:`~app.match.fog.FogKeep`, the seats' last views a new one is made from."""
    if civ_of(world) is not None:
        from .civ_view import civ_view
        return civ_view(world, nations, keep=keep)
    if not fog:
        return world
    from .fog import fogged_world     # h4-fog
    return fogged_world(world, nations, keep)


@dataclass(frozen=True)
class ComputerTurn:
    """A computer seat's nation to ask for orders: ``decide(level, view, nation, seed=seed)``,
    ``view`` being what the seat's ``nations`` see."""

    level: str
    nation: str
    nations: tuple[str, ...]
    seed: int


@dataclass
class Round:
    """One submission in the making: run() reads no match state, so it may run in a worker
    (computer players decide there, on their seat's view of the world)."""

    world: World
    orders: list[Order]
    computer: list[ComputerTurn] = field(default_factory=list)
    decide: Decide | None = None
    fog: bool = False
    report: Report | None = None
    victory: bool = True          # False: nobody wins (a `selfplay --no-victory` game)

    def run(self) -> Report:
        orders = list(self.orders)
        for c in self.computer:
            view = seat_view(self.world, c.nations, self.fog)
            orders.extend(self.decide(c.level, view, c.nation, seed=c.seed))
        self.orders = orders
        report = engine_submit(self.world if self.victory else _without_victory(self.world), orders)
        if report.world.variant is not self.world.variant:
            # the copy in which nobody wins only adjudicates: every world of the game keeps the
            # game's own variant, or what a world says of the victory would change at the
            # first submission after a load (issue 31)
            report.world = replace(report.world, variant=self.world.variant)
        self.report = report
        return self.report


def _without_victory(world: World) -> World:
    """``world`` under a copy of its variant in which nobody can win."""
    from app.engine import without_victory
    v = world.variant
    if v.victory_centres > v.centre_count:
        return world                     # out of reach already
    got = _NO_VICTORY.get(id(v))
    if got is None or got[0] is not v:
        got = _NO_VICTORY[id(v)] = (v, without_victory(v))
    return replace(world, variant=got[1])


_NO_VICTORY: dict[int, tuple] = {}     # a variant's id -> (it, its copy in which nobody wins)


def _default_decide(level: str, world: World, nation: str, *, seed: int) -> list[Order]:
    from app.bots import decide   # h5-bots; imported only when a computer seat plays
    return decide(level, world, nation, seed=seed)


class Match:
    """See the module docstring. ``seats`` empty: a sandbox, one person seat playing every nation."""

    adjudicates = True      # False: a table whose server adjudicates (app.net.remote); Submit ends the seat's turn

    def __init__(self, game: Game, seats: Sequence[Seat] = (), *, pins: dict[int, str] | None = None,
                 fog: bool = False, decide: Decide | None = None):
        self.game = game
        self.sandbox_seat = not seats
        if not seats:
            seats = [Seat(name="You", nations=tuple(game.variant.nation_names))]
        self.seats: tuple[Seat, ...] = tuple(seats)
        self._check_seats(self.seats)
        for i in pins or {}:
            if not (0 <= i < len(self.seats) and self.seats[i].is_person):
                raise MatchError(f"a PIN for seat {i}, which is not a person's seat")
        self.fog = fog
        # a thrown start's record (app.winks), kept with the game so it replays from its seed
        self.thrown = game.meta.get("thrown") if isinstance(game.meta, dict) else None
        self.decide: Decide = decide or _default_decide
        self._pending: list[dict] = [{} for _ in self.seats]
        # each seat's last view: {(nations, fog): (world, view)} (see view_for)
        self._views: dict[tuple[frozenset[str], bool], tuple[World, World]] = {}
        self._fog_keep = None       # app.match.fog.FogKeep, made when a fogged view is first asked for
        self._done: set[int] = set()
        self.locks = SeatLocks(self._aad)
        self.pin_tries = PinTries()           # wrong PINs wait longer each time (its clock may be set)
        for i, pin in (pins or {}).items():
            if pin:
                self.locks.set_pin(i, pin)
        self._redo = RedoChain()
        self.table = MatchTable(self)         # seats that change, deadline, messages, watching, judging
        self.plans = Plans(self._seat, self._touched)     # each seat's drawn plans (app/match/plans.py)
        self.notes = Notes(self._seat, self._touched)     # each seat's notes (app/match/notes.py)
        # a forgotten PIN: whatever was sealed with it goes unread (messages, plans, notes);
        # a seat that leaves takes its plans and notes with it (the table forgets its messages)
        forget_studio = [lambda i: self.plans.restore(i, []), lambda i: self.notes.restore(i, "")]
        self.locks.on_reset += [self.table.mail.forget, *forget_studio]
        self.table.seats.on_leave += forget_studio
        self.provenance = None                # how `python -m app selfplay` made the game, kept on save
        self.source: str | None = None        # the file it was read from (named by a sealed box that does not read)
        self.revision = 0                     # grows with every change (dirty tracking, autosave)
        self.turn: int | None = self._next_seat(0)
        self.civ = None                       # a civilisations game's transactions (RULES.md §10)
        if civ_of(game.world) is not None:
            from .civ_table import CivTable
            self.civ = CivTable(self)
            self.table.mail.rule = self.civ.may_write    # messages pass only between civilisations in contact

    @classmethod
    def new(cls, variant: str = "standard", adjacency: str = "strict", seed: int = 0,
            seats: Sequence[Seat] = (), **kw) -> "Match":
        return cls(Game.new(variant, adjacency=adjacency, seed=seed), seats, **kw)

    def _check_seats(self, seats: Sequence[Seat]) -> None:
        if (name := shared_name(s.name for s in seats if s.is_person)) is not None:
            raise MatchError(f"two seats are named {name}: give each player a name of their own")
        known = set(self.game.variant.nation_names)
        seen: dict[str, str] = {}
        for s in seats:
            for n in s.nations:
                if n not in known:
                    raise MatchError(f"seat {s.name}: {n} is not a nation of {self.game.variant.title}")
                if n in seen:
                    raise MatchError(f"{n} is played by both {seen[n]} and {s.name}")
                seen[n] = s.name

    # -- who plays what ------------------------------------------------------------------
    @property
    def turn(self) -> int | None:
        """The seat whose turn it is to order (None: the round is complete)."""
        return self._turn

    @turn.setter
    def turn(self, seat: int | None) -> None:
        self._turn = seat
        self.table.turn_changed()             # a deadline's clock starts with the turn

    @property
    def world(self) -> World:
        return self.table.world(self.game.world)   # a thrown play-out's agreed winner (table.judging)

    @property
    def mode(self) -> str:
        """``hotseat`` when two or more people share the table (or one person with a PIN:
        the curtain still guards the seat), else ``sandbox``."""
        persons = [i for i, s in enumerate(self.seats) if s.is_person]
        return "hotseat" if len(persons) > 1 or any(self.locks.has_pin(i) for i in persons) else "sandbox"

    @property
    def private(self) -> bool:
        """Do seats' pending orders have to be hidden from each other?"""
        return self.mode == "hotseat"

    def nations_of(self, seat: int) -> frozenset[str]:
        return frozenset(self.seats[seat].nations)

    def seat_of(self, nation: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if nation in s.nations), None)

    def has_work(self, seat: int, world: World | None = None) -> bool:
        """Does the seat have anything to order now? (In a retreat pause only seats with
        dislodged units do, unless fog of war is on: then every seat takes its turn, since
        skipping one would tell the others it has nothing to retreat.)"""
        w = world or self.world
        if w.phase == "over" or not self.seats[seat].is_person:
            return False
        if w.phase == "retreats" and not self.fog:
            nations = self.nations_of(seat)
            return any((u := w.unit_at(loc)) is not None and u.nation in nations for loc in w.pause.dislodged)
        return True

    def view_for(self, seat: int | None, world: World | None = None) -> World:
        """The world (default: the current one) as the seat may see it: fogged when fog of
        war is on, until the game is over; ``seat`` None (nobody at the table): nothing seen."""
        w = world if world is not None else self.world
        if self.world.phase == "over":      # the fog lifts when the game is over
            return w
        # Kept per seat, not only in fog's few shared views: a server's many tables take
        # turns, and every order is read and checked against its seat's view.
        key = (frozenset(self.seats[seat].nations if seat is not None else ()), self.fog)
        kept = self._views.get(key)
        if kept is not None and kept[0] is w:
            return kept[1]
        keep = None
        if w is self.world and (self.fog or civ_of(w) is not None):
            if self._fog_keep is None:
                from .fog import FogKeep
                self._fog_keep = FogKeep()
            keep = self._fog_keep
        view = seat_view(w, key[0], self.fog, keep)
        if w is self.world:        # only the present world's views are kept: the rest go
            self._views = {k: v for k, v in self._views.items() if v[0] is w}
            self._views[key] = (w, view)
        return view

    # -- PINs ----------------------------------------------------------------------------
    def has_pin(self, seat: int) -> bool:
        return self.locks.has_pin(seat)

    def is_locked(self, seat: int) -> bool:
        """A PIN seat whose sealed orders (read from a file) were not opened yet."""
        return self.locks.is_locked(seat)

    def check_pin(self, seat: int, pin: str, key: bytes | None = None) -> bool:
        """Is ``pin`` the seat's PIN? A locked seat's sealed orders open with it. Wrong
        tries make the seat wait longer each time (:mod:`.pin_tries`): a try while it must
        wait raises :class:`PinWait`. ``key``: :meth:`pin_key`'s answer for ``pin``, when a
        front end derived it on a worker thread."""
        if not self.locks.has_pin(seat):
            return True
        if (wait := self.pin_tries.wait_left(seat)) > 0:
            raise PinWait(wait)
        if not self.locks.is_locked(seat):
            ok = self.locks.matches(seat, pin, key)
        else:
            plain = self.locks.unlock(seat, pin, key)
            ok = plain is not None
            if ok:
                where = f"the sealed orders of {self.seats[seat].name}"
                if self.source:                      # name the file and the field, as a load error does
                    where = f"{self.source}: field 'meta.seats.{seat}.sealed' ({where})"
                if self.civ is not None:             # its open offers (RULES.md §10) join the table
                    plain = self.civ.open_box(seat, plain, where)
                rest, plans, notes = seat_box.open_box(plain, where, self.game.variant)   # plans and notes (studio)
                try:
                    texts = self.table.open_payload(seat, rest, where)    # its messages go to its list
                except MatchFileError:
                    raise
                except ValueError:                                        # not JSON, not UTF-8
                    raise MatchFileError(f"{where}: not a list of orders") from None
                self._pending[seat] = self._parse_pending(texts, where, "")
                self.plans.restore(seat, plans)
                self.notes.restore(seat, notes)
        if ok:
            if self.pin_tries.wrong(seat):
                self.revision += 1            # the count kept in the file is made good
            self.pin_tries.succeeded(seat)
        else:
            self.pin_tries.failed(seat)
            self.revision += 1                # saved with the game: reopening does not reset the wait
        return ok

    def pin_key(self, seat: int, pin: str) -> bytes:
        """The key ``pin`` gives the seat: the slow part of :meth:`check_pin` (a third of a
        second), reading nothing that changes, so a worker thread may run it."""
        return self.locks.derive(seat, pin)

    def pin_wait(self, seat: int) -> float:
        """Seconds before the seat may try a PIN again (0: now)."""
        return self.pin_tries.wait_left(seat)

    def reset_pin(self, seat: int, pin: str) -> None:
        """A forgotten PIN, with the table's agreement: the seat's sealed orders are
        discarded unread (nobody, the seat included, learns what they were), ``pin`` is
        its PIN from now on, and it gives its orders again this round."""
        if not self.seats[seat].is_person or not pin:
            raise MatchError("only a person's seat sets a PIN, and a PIN is not empty")
        self.locks.reset(seat, pin)
        self.pin_tries.succeeded(seat)
        self._pending[seat] = {}
        self._done.discard(seat)
        self.revision += 1
        if self.turn is None or self.turn == seat:
            self.next_turn(seat)

    # -- seats that change (app.match.table.seat_changes says who may) ------------------
    def replace_seat(self, seat: int, new: Seat, pin: str | None = None) -> None:
        """``new`` sits in seat ``seat``'s place (with its own ``pin``, if given): nothing of
        the seat that was there stays, neither its pending orders nor its sealed box and PIN."""
        seats = self.seats[:seat] + (new,) + self.seats[seat + 1:]
        self._check_seats(seats)
        self.seats = seats
        self.sandbox_seat = False             # the seats are saved from now on, as they are
        self._pending[seat] = {}
        self._done.discard(seat)
        self.locks.forget(seat)
        if pin:
            self.locks.set_pin(seat, pin)
        self.revision += 1

    def add_seat(self, new: Seat, pin: str | None = None) -> int:
        """``new`` sits at a new place at the end of the table; returns its index."""
        self._check_seats(self.seats + (new,))
        self.seats = self.seats + (new,)
        self.sandbox_seat = False
        self._pending.append({})
        seat = len(self.seats) - 1
        if pin:
            self.locks.set_pin(seat, pin)
        self.revision += 1
        return seat

    def _aad(self, seat: int) -> bytes:
        return f"5d-diplomacy seat {seat} {self.seats[seat].name}".encode("utf-8")

    # -- pending orders ------------------------------------------------------------------
    def _seat(self, seat: int | None) -> int:
        if seat is None:
            if self.turn is None:
                raise MatchError("no seat is at the table (the round is complete)")
            seat = self.turn
        if self.is_locked(seat):
            raise MatchError(f"{self.seats[seat].name}'s orders are sealed: give the PIN first")
        return seat

    def pending(self, seat: int | None = None) -> list[Order]:
        """The seat's pending orders (default: the seat at the table)."""
        return list(self._pending[self._seat(seat)].values())

    def discard_pending(self) -> None:
        """Every open seat's pending orders go: the game ended. (A box still sealed stays
        sealed, with its messages, plans and notes: nothing in it is ever shown unopened.)"""
        for i in range(len(self.seats)):
            if not self.is_locked(i):
                self._pending[i] = {}
        self._done = set()
        self.revision += 1

    def pending_items(self, seat: int | None = None) -> dict:
        """{order key: order} for the seat (see :func:`order_key`)."""
        return dict(self._pending[self._seat(seat)])

    def add_order(self, order: Order, seat: int | None = None) -> Order:
        """Check ``order`` for the seat and add it (replacing the unit's earlier order).
        Returns the order as the engine normalised it; raises :class:`OrderRefused`."""
        i = self._seat(seat)
        nations = self.nations_of(i)
        nation = getattr(order, "nation", "")
        if nation and nation == self.game.variant.neutral_nation:
            raise OrderRefused(f"{nation}'s units are neutral: they hold and take no orders (RULES.md §12).", "owner")
        view = self.view_for(i)                              # under fog: only what the seat sees
        if not nation:      # no unit read there (no such board, an empty place): say which, not whose
            _normal, reason = check(view, order)
            if reason:
                raise OrderRefused(f"Refused: {reason}.", "illegal")
        if nation not in nations:
            raise OrderRefused(f"{nation or 'That unit'} is not yours to order; you play "
                               f"{', '.join(sorted(nations))}.", "owner")
        normal, reason = check(view, order)
        if reason:
            raise OrderRefused(f"Refused: {reason}.", "illegal")
        self._pending[i][order_key(normal)] = normal
        self.mark_changed()
        return normal

    def add_text(self, text: str, seat: int | None = None) -> Order:
        """Read an order in notation and add it (see :meth:`add_order`)."""
        return self.add_order(self.read_order(text, seat), seat)

    def read_order(self, text: str, seat: int | None = None) -> Order:
        """An order in notation, read against what the seat sees (not added); raises
        :class:`OrderRefused` (``kind`` "notation")."""
        try:
            i = self._seat(seat)
            return self.view_for(i).resolve(parse_order(text, self._notation_variant(i)))
        except (NotationError, ValueError) as e:
            raise OrderRefused(str(e), "notation") from None

    def remove_order(self, key, seat: int | None = None) -> Order | None:
        o = self._pending[self._seat(seat)].pop(key, None)
        if o is not None:
            self.mark_changed()
        return o

    def pending_order(self, key, seat: int | None = None) -> Order | None:
        """The seat's pending order under ``key`` (see :func:`order_key`), if any."""
        return self._pending[self._seat(seat)].get(key)

    def replaces(self, order: Order, seat: int | None = None) -> bool:
        return order_key(order) in self._pending[self._seat(seat)]

    def mark_changed(self) -> None:
        """Something the seats did changed the game's course (an order, an offer): worth
        saving, and past what redo can bring back."""
        self.revision += 1
        self._redo.clear()   # as in an editor: a change after undo ends the redo chain

    def _touched(self) -> None:
        """Plans or notes changed: worth saving, but no change to the orders (redo stays)."""
        self.revision += 1

    # -- the round -----------------------------------------------------------------------
    def _next_seat(self, start: int) -> int | None:
        """The first seat from ``start`` on (wrapping round) that still has to order; then a
        done seat whose sealed orders (read from a file) must be opened with its PIN, or that
        must answer a proposal to end the game."""
        n = len(self.seats)
        order = [(start + k) % n for k in range(n)]
        for i in order:
            if i not in self._done and (self.has_work(i) or self.is_locked(i)):
                return i
        # then seats already done that must open their box or answer a proposal (RULES.md §11)
        answering = self.table.proposals.waiting()
        return next((i for i in order if self.is_locked(i) or i in answering), None)

    def is_done(self, seat: int) -> bool:
        return seat in self._done

    def done(self, seat: int | None = None) -> int | None:
        """The seat ends its turn; returns the next seat to come to the table, or None when
        every person seat is done (the round can be adjudicated)."""
        return self.end_turn(self._seat(seat))

    def end_turn(self, seat: int) -> int | None:
        """The seat's turn ends with its orders as they stand, open or still sealed (its
        time ran out, say); returns the next seat to come to the table (see :meth:`done`)."""
        self._done.add(seat)
        self.revision += 1
        return self.next_turn(seat + 1)

    def next_turn(self, start: int = 0) -> int | None:
        """The turn passes to the first seat from ``start`` on that still has to order (or
        to open its sealed orders); returns it (None: the round is complete)."""
        self.turn = self._next_seat(start)
        return self.turn

    @property
    def round_complete(self) -> bool:
        return self.turn is None

    def prepare(self) -> Round:
        """The round's orders (every person seat's pending orders, the computer seats to ask).
        A sandbox needs no :meth:`done`; a hotseat round needs every seat done."""
        if self.mode == "hotseat" and not self.round_complete and not self._only_answers_wait():
            raise MatchError(f"{self.seats[self.turn].name} has not finished ordering")
        if any(self.is_locked(i) for i in range(len(self.seats))):
            raise MatchError("a seat's sealed orders are still locked")
        orders = [o for p in self._pending for o in p.values()]
        world = self.world
        civ = civ_of(world) is not None     # each computer civilisation sees for itself (RULES.md §10)
        computer = [ComputerTurn(s.level or "standard", n, (n,) if civ else s.nations, self._bot_seed(n))
                    for s in self.seats if s.is_computer for n in s.nations]
        if civ:     # a unit given away since its order was entered is no longer the giver's
            orders = [o for o in orders if not hasattr(o, "unit") or getattr(world.unit_at(o.unit), "nation", None)
                      in (o.nation, None)]
        return Round(world, orders, computer, self.decide, self.fog, victory=self.victory)

    def _only_answers_wait(self) -> bool:
        """Is every seat done ordering, the seat called back only to answer a proposal? An
        adjudication may come then: it ends the proposal (RULES.md §11)."""
        return self.turn is not None and self.turn in self._done and not self.is_locked(self.turn)

    def _bot_seed(self, nation: str) -> int:
        # crc32, not hash(): str hashes change from run to run, and bots must be reproducible
        return zlib.crc32(f"{self.game.seed}/{len(self.game.submissions)}/{nation}".encode())

    def commit(self, rnd: Round) -> Report:
        """Record a round that ran (its report's world becomes the present)."""
        if rnd.report is None:
            raise MatchError("the round has not run")
        if rnd.world is not self.world:
            raise MatchError("the world changed while the round ran")
        self.game.redo(tuple(rnd.orders), rnd.report.world)
        self._pending = [{} for _ in self.seats]
        self._done = set()
        self._redo.clear()
        self.revision += 1
        self.table.after_round()              # seats that submitted as they left go now
        self.next_turn()
        if self.civ is not None:
            self.civ.computers_offer()
        return rnd.report

    def submit(self) -> Report:
        """Adjudicate the round here and now (prepare, run, commit)."""
        rnd = self.prepare()
        rnd.run()
        return self.commit(rnd)

    # -- undo and redo -------------------------------------------------------------------
    def can_undo(self) -> bool:
        return self.mode == "sandbox" and self.game.can_undo()

    def can_redo(self) -> bool:
        return self.mode == "sandbox" and bool(self._redo)

    def undo(self) -> None:
        """Take back the last submission: its orders (those of person seats) come back as
        pending orders; the orders pending now are kept for :meth:`redo`."""
        if not self.can_undo():
            raise MatchError("nothing to undo")
        after = [dict(p) for p in self._pending]
        orders, world = self.game.undo()
        self._redo.push(orders, self.game.world, world, after)
        pending: list[dict] = [{} for _ in self.seats]
        for o in orders:
            i = self.seat_of(getattr(o, "nation", ""))
            if i is not None and self.seats[i].is_person:
                pending[i][order_key(o)] = o
        self._pending = pending
        self._done = set()
        self.revision += 1
        self.next_turn()

    def redo(self) -> None:
        """Put the undone submission back, with the orders that were pending after it."""
        if not self.can_redo():
            raise MatchError("nothing to redo")
        u = self._redo.pop()
        self.game.redo(u.orders, u.redone(self.game.world))
        self._pending = u.pending_after
        self._done = set()
        self.revision += 1
        self.next_turn()

    @property
    def victory_target(self) -> int | None:
        """The distinct centres that win (None: nobody can win this game)."""
        return self.game.variant.victory_centres if self.victory else None

    @property
    def victory(self) -> bool:
        """Can a nation win? Not in a game grown with ``selfplay --no-victory`` (kept in
        its file), so that it plays on past the size at which somebody would have won."""
        return self.provenance is None or self.provenance.victory

    # -- the save file's part ------------------------------------------------------------
    def to_meta(self) -> dict[str, Any]:
        """The match part of a save file. PIN seats' pending orders are sealed; a locked
        seat's box is written back as it was read."""
        from .save import MatchPart, SavedSeat, dump_part     # pydantic: when a file is written
        seats, pending = [], {}
        for i, s in enumerate(self.seats):
            sealed = None
            if self.locks.has_pin(i):
                texts = [] if self.is_locked(i) else [self._text(o) for o in self._pending[i].values()]
                payload = seat_box.pack(self.table.sealed_payload(i, texts), self.plans.dump(i), self.notes.dump(i))
                if self.civ is not None:     # its open offers (RULES.md §10)
                    payload = self.civ.pack(i, payload)
                sealed = self.locks.box(i, payload)
            elif self._pending[i]:
                pending[i] = [self._text(o) for o in self._pending[i].values()]
            seats.append(SavedSeat(name=s.name, colour=s.colour, nations=list(s.nations),
                                   controller=s.controller, level=s.level, sealed=sealed))
        plain = [i for i in range(len(self.seats)) if not self.locks.has_pin(i)]
        part = MatchPart(mode=self.mode, seats=[] if self.sandbox_seat else seats, turn=self.turn or 0,
                         done=sorted(self._done), pending=pending, fog=self.fog, selfplay=self.provenance,
                         thrown=self.thrown, table=self.table.to_part(),
                         civ=self.civ.part() if self.civ is not None else None,
                         plans={i: self.plans.dump(i) for i in plain if self.plans.dump(i)},
                         notes={i: self.notes.dump(i) for i in plain if self.notes.dump(i)})
        return dump_part(part)

    @staticmethod
    def _text(o: Order) -> str:
        from app.engine import format_order
        return format_order(o)

    @classmethod
    def from_game(cls, game: Game, where: str = "save", decide: Decide | None = None) -> "Match":
        """The match stored in ``game.meta`` (validated; raises :class:`MatchFileError`)."""
        from .save import read_part                             # pydantic: when a file is read
        part = read_part(game.meta, where)
        from app.bots import LEVELS
        for i, s in enumerate(part.seats):          # a level no computer player has fails every submission
            if s.controller == "computer" and s.level not in LEVELS:
                raise MatchFileError(f"{where}: field 'meta.seats.{i}.level': {s.level!r} is not a computer "
                                     f"level (one of {', '.join(LEVELS)})")
        seats = [Seat(name=s.name, colour=s.colour, nations=tuple(s.nations), controller=s.controller,
                      level=s.level) for s in part.seats]
        try:
            m = cls(game, seats, fog=part.fog, decide=decide)
        except MatchError as e:
            raise MatchFileError(f"{where}: field 'meta.seats': {e}") from None
        for i, s in enumerate(part.seats):
            if s.sealed is not None:
                m.locks.set_box(i, s.sealed)
        for i, texts in part.pending.items():
            m._pending[i] = m._parse_pending(texts, where, f"meta.pending.{i}")
        for i, marks in part.plans.items():
            if (bad := unknown_place(marks, game.variant)) is not None:
                raise MatchFileError(f"{where}: field 'meta.plans.{i}': '{bad}' is not a place on the map")
            m.plans.restore(i, marks)
        for i, text in part.notes.items():
            m.notes.restore(i, text)
        m._done = set(part.done)
        m.table.load_part(part.table, where)
        m.provenance = part.selfplay
        m.source = where
        if m.civ is not None:
            m.civ.read_part(part.civ, where)
        m.next_turn(part.turn)
        game.meta = {}
        return m

    def _parse_pending(self, texts: Iterable[Any], where: str, field: str) -> dict:
        out: dict = {}
        if not isinstance(texts, list):
            raise MatchFileError(f"{where}: field '{field}': not a list of orders")
        for j, t in enumerate(texts):
            at = f"{where}: field '{field}.{j}'" if field else f"{where}, order {j + 1}"
            if not isinstance(t, str):
                raise MatchFileError(f"{at}: not an order text")
            try:
                o = self.game.parse(t)
            except (NotationError, ValueError) as e:
                raise MatchFileError(f"{at}: {e}") from None
            out[order_key(o)] = o
        return out

    def nation_players(self) -> dict[str, str]:
        """Who plays each nation, as the table names them: its seat's name."""
        return {n: s.name for s in self.seats for n in s.nations}

    def nations_in_play(self) -> list[str]:
        """The nations that play: a thrown start's only (RULES.md §9: the others have no
        piece on the board and never will), else every nation of the variant."""
        return self.table.judging.players()

    # -- civilisations (RULES.md §10): the transactions live in app.match.civ_table -------------
    def in_contact(self, a: str, b: str) -> bool:
        """Are civilisations ``a`` and ``b`` in contact (who may write to whom)?"""
        from app.engine import in_contact
        return in_contact(self.world, a, b)

    def known_civilisations(self, seat: int | None) -> list[str]:
        """The nations a seat may name: every nation, except in a civilisations game (its
        own and those in contact: a seat is not told how many play)."""
        if civ_of(self.world) is None or self.world.phase == "over":
            return list(self.game.variant.nation_names)
        from .civ_view import known_civilisations
        return known_civilisations(self.world, self.seats[seat].nations if seat is not None else ())

    def view_for_nations(self, nations) -> World:
        return seat_view(self.world, nations, self.fog)

    def _notation_variant(self, seat: int):
        """The variant orders are read with: in a civilisations game its nations are the
        seat's known ones only (an unknown name reads as no nation at all)."""
        v = self.game.variant
        if civ_of(self.world) is None:
            return v
        known = tuple(self.known_civilisations(seat))
        cache = self.__dict__.setdefault("_notation_variants", {})
        if known not in cache:
            from app.engine import with_nations
            cache[known] = with_nations(v, [(n, v.nations[n].colour) for n in known])
        return cache[known]

    def give(self, gift: Gift) -> None:
        """An accepted gift joins the game now (RULES.md §10): a unit given away takes its
        giver's pending order for it along."""
        from app.engine import follow_unit, give_gift
        moved = follow_unit(self.world, gift.unit) if gift.kind == "unit" else None
        give_gift(self.game, gift)
        giver = self.seat_of(gift.giver)
        if moved is not None and giver is not None and not self.is_locked(giver):
            pending = self._pending[giver]
            for k, o in list(pending.items()):
                if getattr(o, "unit", None) is not None and (o.unit.board, o.unit.province) == (moved.board,
                                                                                                moved.province):
                    del pending[k]
        self.mark_changed()
