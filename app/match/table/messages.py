"""Private messages between seats (RULES.md §6, "Messages").

A seat at the table writes to another person's seat; the message is kept in both seats'
own lists (the receiver's inbox, the sender's copy) and shown only behind that seat's
curtain. A seat's list is saved with the game like its pending orders: in plain text
when the seat has no PIN, sealed in the seat's box (:mod:`app.match.secret`) when it has
one. Nothing of one seat's list is ever handed out for another seat.

>>> from app.match import Match, Seat
>>> m = Match.new(seats=[Seat(name="Ada", nations=("France",)), Seat(name="Ben", nations=("Russia",))])
>>> mail = m.table.mail
>>> _ = mail.write(0, 1, "Lay off Galicia and Rumania is yours.")
>>> [x.text for x in mail.messages(1)], mail.unread(1)
(['Lay off Galicia and Rumania is yours.'], 1)
>>> mail.messages(0)[0].sent                  # Ada's own copy
True

A message has two copies, so it is sealed in the file only when *both* seats have a PIN;
:meth:`Mailbox.kept_readable` names the seats whose copy the save file keeps readable, so
the window can say what is true before the message is written (sealing for a seat without
a PIN is impossible: there is no key to seal it with).

>>> mail.kept_readable(0, 1)                  # neither seat has a PIN
['Ada', 'Ben']

Who may write to whom is one predicate, :attr:`Mailbox.rule` ``(match, sender, receiver) ->
reason or None``: by default any person's seat to any other; a variant's rule (e.g. only
between civilisations in contact) replaces or wraps it. Nobody writes to a seat that leaves
after this round (``leaving``, the seat changes' list).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Container

from .host import Host
from .limits import MAX_LENGTH

if TYPE_CHECKING:
    from .saved import Message


class MessageRefused(ValueError):
    """A message that cannot be sent; the text says why."""


Rule = Callable[[Host, int, int], "str | None"]


def any_person(match: Host, sender: int, receiver: int) -> str | None:
    """The default rule: a person's seat may write to any other person's seat."""
    return None


class Mailbox:
    """The messages of a match's seats, seat by seat (see the module docstring)."""

    def __init__(self, match: Host, leaving: Container[int] = ()):
        self.m = match
        self.leaving = leaving
        self.rule: Rule = any_person
        self._lists: dict[int, list[Message]] = {}

    # -- writing -------------------------------------------------------------------------
    def refusal(self, sender: int, receiver: int) -> str | None:
        """Why ``sender`` may not write to ``receiver`` now (None: it may)."""
        m = self.m
        seats = m.seats
        if not (0 <= sender < len(seats) and 0 <= receiver < len(seats)):
            return "there is no such seat"
        if sender == receiver:
            return "a seat does not write to itself"
        if not seats[sender].is_person:
            return f"{seats[sender].name} is not a person"
        if not seats[receiver].is_person or receiver in self.leaving:
            return f"{seats[receiver].name} is not a person at the table"
        if m.is_locked(receiver):
            return (f"{seats[receiver].name}'s messages are sealed until {seats[receiver].name} gives the PIN "
                    f"(this game was reopened); write after their next turn")
        return self.rule(m, sender, receiver)

    def recipients(self, sender: int) -> list[int]:
        """The seats ``sender`` may write to now."""
        return [i for i in range(len(self.m.seats)) if self.refusal(sender, i) is None]

    def kept_readable(self, sender: int, receiver: int) -> list[str]:
        """The names of the two seats (sender first) whose copy of a message between them the
        save file keeps readable: those without a PIN. Empty: sealed in both boxes."""
        m = self.m
        return [m.seats[i].name for i in (sender, receiver) if not m.has_pin(i)]

    def write(self, sender: int, receiver: int, text: str) -> Message:
        """``sender`` (the seat at the table) leaves ``text`` for ``receiver``. Raises
        :class:`MessageRefused` naming the reason."""
        text = text.strip()
        if not text:
            raise MessageRefused("the message is empty")
        if len(text) > MAX_LENGTH:
            raise MessageRefused(f"the message is {len(text)} characters long; at most {MAX_LENGTH}")
        why = self.refusal(sender, receiver)
        if why:
            raise MessageRefused(why)
        m = self.m
        from .saved import Message
        msg = Message(sender=m.seats[sender].name, receiver=m.seats[receiver].name, text=text,
                      when=len(m.game.submissions))
        self._lists.setdefault(receiver, []).append(msg)
        self._lists.setdefault(sender, []).append(msg.model_copy(update={"sent": True, "read": True}))
        m.revision += 1
        return msg

    # -- reading (only ever for the seat whose list it is) -------------------------------
    def messages(self, seat: int) -> list[Message]:
        """The seat's own list, oldest first. Ask only for the seat at the table."""
        if self.m.is_locked(seat):
            raise MessageRefused(f"{self.m.seats[seat].name}'s messages are sealed: give the PIN first")
        return list(self._lists.get(seat, ()))

    def unread(self, seat: int) -> int:
        if self.m.is_locked(seat):
            return 0
        return sum(1 for x in self._lists.get(seat, ()) if not x.read)

    def mark_read(self, seat: int) -> None:
        lst = self._lists.get(seat)
        if lst and any(not x.read for x in lst):
            self._lists[seat] = [x if x.read else x.model_copy(update={"read": True}) for x in lst]
            self.m.revision += 1

    def forget(self, seat: int) -> None:
        """The seat left: its list goes with it (a newcomer in its place reads none of it)."""
        self._lists.pop(seat, None)

    # -- the save file -------------------------------------------------------------------
    def plain_lists(self) -> dict[int, list[dict[str, Any]]]:
        """The lists of seats without a PIN (saved in plain text)."""
        return {i: [x.model_dump() for x in lst] for i, lst in sorted(self._lists.items())
                if lst and not self.m.has_pin(i)}

    def sealed_list(self, seat: int) -> list[dict[str, Any]]:
        """A PIN seat's list, to go into its sealed box."""
        return [x.model_dump() for x in self._lists.get(seat, ())]

    def load(self, seat: int, raw: Any, where: str) -> None:
        """A seat's list read from a file (plain, or just unsealed)."""
        from ..file_error import MatchFileError
        if not isinstance(raw, list):
            raise MatchFileError(f"{where}: not a list of messages")
        from .saved import Message
        out = []
        for j, x in enumerate(raw):
            try:
                out.append(Message.model_validate(x))
            except ValueError as e:
                first = e.errors()[0] if hasattr(e, "errors") else {"loc": (), "msg": str(e)}
                loc = ".".join(str(p) for p in first.get("loc", ()))
                raise MatchFileError(f"{where}.{j}{'.' + loc if loc else ''}: {first.get('msg')}") from None
        self._lists[seat] = out


def __getattr__(name: str):
    if name == "Message":     # pydantic models of the save file: imported when first named
        from . import saved
        return getattr(saved, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
