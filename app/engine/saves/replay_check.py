"""The check every opened save file passes: its stored world must be what its own start and
submissions make.

A file's checksum only says that its text is what some writer made of it: anyone can edit
a file and compute the checksum again. So the checksum never switches this check off; it
only lets a big file open at once (read lazily, :mod:`app.engine.saves.lazy_orders`) with the
check still owed. :meth:`ReplayCheck.run` does it: at once for :meth:`Game.load
<app.engine.game.Game.load>`, or on a worker thread after the window has shown the game
(``replay_later``: at 10,000 boards the replay takes seconds).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from ..rules.adjacency import forget_remembered
from ..rules.submission import SubmissionError, submit
from ..variants.variant import without_victory
from .lazy_orders import LazyOrders, Passing, Submissions, Unread, UnreadRefs, raw_copy, raw_value

if TYPE_CHECKING:
    from ..rules.coords import BoardKey
    from ..rules.extension import GameExtension
    from ..rules.world import World
    from .saved_game import GameMaker, SavedGame


def _go_on() -> None:
    """No pause."""


class ReplayMismatch(ValueError):
    """The stored world is not what the file's submissions make. ``replayed``: what they
    make (None when they cannot be replayed at all)."""

    def __init__(self, message: str, replayed: "World | None"):
        super().__init__(message)
        self.replayed = replayed


@dataclass(frozen=True)
class ReplayCheck:
    """What a file's replay check needs, taken when the file was read (the game may go on
    meanwhile: worlds are immutable and the submissions are a copy)."""

    where: str
    start: "World"
    submissions: Sequence
    extension: "GameExtension | None"   # the game's kind's record, as read (a copy)
    world: "World"
    meta: dict      # the file's own (the match part, for a game made of the replay)
    game_type: "GameMaker"  # the class of the game read (this check is below it: it cannot import it)

    @classmethod
    def of(cls, game: "SavedGame", where: str) -> "ReplayCheck":
        extension = game.extension.copy() if game.extension is not None else None
        return cls(where, game.start, game.submissions.copy(), extension, game.world, game.meta, type(game))

    def game_made(self, replayed: "World") -> "SavedGame":
        """The game the file's start and submissions make (``replayed``: their last world,
        from :class:`ReplayMismatch`); its past is replayed when first asked for."""
        game = self.game_type(self.start.variant, self.start.adjacency, self.start.seed, [replayed], self.submissions,
                    dict(self.meta), self.start)
        game.extension = self.extension.copy() if self.extension is not None else None
        return game

    def run(self, pause: Callable[[], None] = _go_on) -> "World":
        """Replay the submissions from the start, calling ``pause`` between submissions;
        the world they make, which is the stored one. Raises :class:`ReplayMismatch` naming
        the file and the first difference."""
        return replay_and_compare(self.where, self.start, self.submissions, self.extension, self.world, pause,
                                  victory=plays_to_win(self.meta))[-1]


def plays_to_win(meta: Mapping) -> bool:
    """False for a game grown so that nobody can win (``selfplay --no-victory``, which says
    so in the file: ``meta.selfplay.victory``): its submissions are replayed that way.

    >>> plays_to_win({}), plays_to_win({"selfplay": {"seed": 7, "victory": False}})
    (True, False)
    """
    grown = meta.get("selfplay") if isinstance(meta, Mapping) else None
    return not (isinstance(grown, Mapping) and grown.get("victory") is False)


def replay_and_compare(where: str, start: "World", submissions: Sequence, extension: "GameExtension | None",
                       stored: "World", pause: Callable[[], None] = _go_on, keep: bool = False,
                       victory: bool = True) -> list["World"]:
    """The worlds the submissions make from ``start`` (every one with ``keep``, else the
    last), with what the game's kind recorded between them (``extension``: gifts), checked
    against ``stored``. ``victory`` False: nobody can win (:func:`plays_to_win`);
    the worlds handed back keep the start's own variant all the same."""
    own = start.variant
    worlds = [start if victory else replace(start, variant=without_victory(own))]
    # A lazily read file's submissions and stored orders are made for the check alone, and
    # so are the templates they are made from and what their texts name: the session keeps
    # none of them (at 10,000 boards they weigh ~100 MB), nor any of the replayed world.
    templates = Passing()
    naming = templates.naming
    seen: dict = {}           # see _lean
    each = submissions.peeked(templates) if isinstance(submissions, Submissions) else submissions
    for i, orders in enumerate(each):
        pause()
        try:
            if extension is not None:     # RULES.md §10: the gifts given before this submission
                worlds[-1] = extension.replay_at(worlds[-1], i)
            made = submit(worlds[-1], list(orders)).world
        except (SubmissionError, ValueError, KeyError, AttributeError) as e:
            raise ReplayMismatch(f"{where}: field 'submissions.{i}': cannot be replayed ({e})", None) from None
        if keep:
            worlds.append(made)
        else:
            if len(made.orders) - len(seen) >= _LEAN_EVERY:
                forget_remembered()      # the convoy memos hold this replay's boards alive
                try:
                    made = _lean(made, stored, templates, naming, seen)
                except ValueError as e:   # an order text of a lazily read file, read at last
                    raise ReplayMismatch(f"{where}: damaged: {e}", None) from None
            worlds[-1] = made
    if extension is not None:
        try:
            worlds[-1] = extension.replay_at(worlds[-1], len(submissions))
        except ValueError as e:
            raise ReplayMismatch(f"{where}: field '{extension.field}': cannot be replayed ({e})", None) from None
    pause()
    try:
        difference = first_difference(worlds[-1], stored, templates)
    except ValueError as e:   # an order text of a lazily read file, read at last
        raise ReplayMismatch(f"{where}: damaged: {e}", None) from None
    forget_remembered()
    if not victory:
        worlds = [replace(w, variant=own) for w in worlds]
    if difference:
        raise ReplayMismatch(f"{where}: field 'world' is not what its own submissions make: {difference}; "
                             "the file is damaged or was edited", worlds[-1])
    return worlds


def first_difference(replayed: "World", stored: "World", templates: dict | None = None) -> str | None:
    """Where ``stored`` differs from ``replayed`` first, or None. Stored orders not made
    yet are made for the comparison alone (``templates``: see :meth:`Unread.peek`)."""
    templates = {} if templates is None else templates
    for name in ("boards", "orders", "results", "retreats", "parents", "starts"):
        a, b = getattr(replayed, name), getattr(stored, name)
        if a.keys() != b.keys():
            only = sorted(map(str, a.keys() ^ b.keys()))
            return f"{name} differ at {', '.join(only[:3])}"
        same = (lambda k, a=a, b=b: _same_orders(a, b, k, templates)) if name == "orders" \
            else (lambda k, a=a, b=b: a[k] == b[k])
        for k in sorted(a):
            if not same(k):
                return f"{name} differ at {k}"
    if replayed.pause != stored.pause:
        return "the retreats waited for differ"
    if replayed.winner != stored.winner:
        return f"the winner should be {replayed.winner}, not {stored.winner}"
    if replayed.submissions != stored.submissions:
        return "the number of submissions differs"
    kind = replayed.extension if replayed.extension is not None else stored.extension
    return kind.difference(replayed, stored) if kind is not None else None     # RULES.md §10



def _same_orders(replayed: Mapping, stored: Mapping, key: "BoardKey", templates: dict) -> bool:
    """Whether a board's orders are the same in both worlds; those not made yet are made
    for the comparison alone (or compared by their texts, when both are texts)."""
    a, b = raw_value(replayed, key), raw_value(stored, key)
    if type(a) is Unread and type(b) is Unread and a.texts == b.texts:
        return True
    return _unkept(a, templates) == _unkept(b, templates)


def _unkept(value, templates: dict) -> tuple:
    """Orders as stored (:func:`raw_value`), made for the caller alone if not made yet."""
    return value.peek(templates) if type(value) is Unread else value


# How many boards' orders the replay makes before it lets go of those the stored world has
# too: each time the world's tables are copied (~40 times at 10,000 boards), and between
# times the replayed world holds a few hundred boards' orders of its own
_LEAN_EVERY = 256


def _lean(made: "World", stored: "World", templates: dict, naming: dict, seen: dict) -> "World":
    """``made`` sharing with a lazily read ``stored`` world what they have the same, so
    that the replayed world weighs little more than the stored one: the stored board and
    results objects, and the orders standing as texts in objects of the check's own
    (nothing is made or kept in the stored world). A board's orders, once given, stay;
    a board is looked at once, a round after its orders were first seen (``seen``: board
    → whether looked at), since the next submissions often read them again (to make the
    next boards, to finish retreats)."""
    orders, results, boards = raw_copy(made.orders), dict(made.results), dict(made.boards)
    refs = raw_copy(made.refs)
    stored_orders, stored_refs = stored.orders, stored.refs
    stored_results, stored_boards = stored.results, stored.boards
    leaner = False
    for key, value in orders.items():
        looked = seen.get(key)
        if looked is None:
            seen[key] = False
            continue
        if looked:
            continue
        seen[key] = True
        kept = raw_value(stored_orders, key)
        if type(value) is tuple and type(kept) is Unread and kept.peek(templates) == value:
            orders[key] = Unread(key, kept.texts, kept.reader, kept.far)
            leaner = True
        index = refs.get(key)
        kept = raw_value(stored_refs, key)
        if index is not None and type(index) is not UnreadRefs and type(kept) is UnreadRefs \
                and index == (kept.value if kept.value is not None else kept.index(naming)):
            refs[key] = UnreadRefs(key, kept.sources, kept.boards, kept.results)
            leaner = True
        for table, theirs in ((results, stored_results), (boards, stored_boards)):
            mine, same = table.get(key), theirs.get(key)
            if same is not None and mine is not same and mine == same:
                table[key] = same
                leaner = True
    if not leaner:
        return made
    return made.derive(orders=MappingProxyType(LazyOrders(orders)), results=MappingProxyType(results),
                       boards=MappingProxyType(boards), refs=MappingProxyType(LazyOrders(refs)))
