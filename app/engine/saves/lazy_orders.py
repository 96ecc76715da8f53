"""Orders read from a save file when they are first asked for, board by board.

Opening a big world made an order object for every order ever given (a quarter of a
million at 10,000 boards), though a session looks at the orders of few past boards. A
version-3 file stores each board's orders as short texts (:mod:`app.engine.notation.board_text`);
loading checks every distinct text (so a damaged file is still refused at open) and keeps,
for each board, the tuple of its texts. :class:`LazyOrders` is the world's ``orders``
mapping over them: a board's orders are made the first time they are looked up, once for
every world that shares them, and are then the same objects for all of them.

To its users the mapping is an ordinary read-only ``Mapping[BoardKey, tuple[Order, ...]]``
(the world wraps it in a ``MappingProxyType`` as always): lookups, ``get``, iteration,
``items``/``values`` (which read every board), ``copy`` (which stays lazy), equality.

>>> from app.engine.variants.variant import load_variant
>>> from app.engine.notation.board_text import BoardTextReader
>>> from app.engine.rules.coords import BoardKey, Turn
>>> reader, k = BoardTextReader(load_variant()), BoardKey(1, Turn.parse("S1901"))
>>> texts = tuple(reader.own(t) for t in ("Germany: A mun - tyr", "Germany: F kie H"))   # checked
>>> orders = LazyOrders({k: Unread(k, texts, reader)})
>>> raw_value(orders, k).value is None           # nothing made yet
True
>>> from app.engine.notation.notation import format_order
>>> [format_order(o) for o in orders[k]]
['Germany: A 1:mun:S1901 - 1:tyr:S1901', 'Germany: F 1:kie:S1901 H']
>>> orders.copy()[k] is orders[k]                 # made once, shared by every copy
True
"""

from __future__ import annotations

import threading
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ..notation.board_text import shifted_key
from ..rules.coords import BoardKey
from ..rules.orders import Order, Result
from .collector import collector_paused

if TYPE_CHECKING:
    from ..notation.board_text import BoardTextReader, Template

# A board's orders are made once even if two threads ask at once, and the reader (not
# thread-safe: it reads a new text into shared tables) is used by one thread at a time.
_lock = threading.RLock()
_PEEK = object()
_VALUES, _ITEMS = object(), object()


class Later:
    """A value of a :class:`LazyOrders`, made when first asked for (:meth:`read`)."""

    __slots__ = ()

    def read(self) -> Any:
        raise NotImplementedError


class Unread(Later):
    """One board's orders as texts, made into orders when first asked for. The same object
    stands for the same orders in every world that shares them (the save writer
    recognises an unchanged order list by it)."""

    __slots__ = ("key", "texts", "reader", "far", "value")

    def __init__(self, key: BoardKey, texts: tuple[str, ...], reader: BoardTextReader, far: bool = True):
        """``far``: whether a text may name another board (True if not known)."""
        self.key, self.texts, self.reader, self.far = key, texts, reader, far
        self.value: tuple[Order, ...] | None = None

    def read(self) -> tuple[Order, ...]:
        value = self.value
        if value is None:
            with _lock:
                value = self.value
                if value is None:
                    key, reader = self.key, self.reader
                    get = reader.templates.get
                    value = self.value = tuple([(get(t) or reader.template(t))(key) for t in self.texts])
        return value

    def peek(self, templates: dict[str, Template]) -> tuple[Order, ...]:
        """The board's orders, made for the caller alone when they are not made yet: the
        replay check compares every board and keeps none. ``templates``: the caller's
        own, by text (see :meth:`BoardTextReader.passing`), kept only as long as it is."""
        value = self.value
        if value is None:
            with _lock:
                value = self.value
                if value is None:
                    return _made(self.key, self.texts, self.reader, templates)
        return value

    def by_text(self) -> dict[str, Order]:
        """The board's orders by their texts (a submission's orders are the world's own)."""
        return dict(zip(self.texts, self.read()))


class UnreadRefs(Later):
    """The order index of one board (``World.refs[board]``) made when first asked for:
    the orders of ``sources`` (that board's own, and those of other boards naming it, in
    the order the submissions gave them) that name a space on it."""

    __slots__ = ("board", "sources", "boards", "results", "value")

    def __init__(self, board: BoardKey, sources: list[BoardKey], boards: Mapping[BoardKey, Unread],
                 results: Mapping[BoardKey, tuple[Result, ...]]):
        self.board, self.sources, self.boards, self.results = board, sources, boards, results
        self.value: Mapping | None = None

    def read(self) -> Mapping[str, tuple]:
        value = self.value
        if value is None:
            with _lock:
                value = self.value
                if value is None:
                    value = self.value = MappingProxyType(self._index())
        return value

    def index(self, naming: dict[str, tuple | None]) -> dict[str, tuple]:
        """The index made for the caller alone: neither it nor what the texts name is
        kept by the reader (``naming``: the caller's own, see
        :meth:`BoardTextReader.passing_naming`)."""
        with _lock:
            return self._index(naming)

    def _index(self, passing: dict[str, tuple | None] | None = None) -> dict[str, tuple]:
        inner: dict[str, tuple] = {}
        board = self.board
        for key in self.sources:
            unread = self.boards[key]
            reader = unread.reader
            naming, shifted = reader.naming, reader._shifted
            home = key == board   # a place named without a board is on the source's own
            for idx, text, r in zip(range(len(unread.texts)), unread.texts, self.results[key]):
                if r[5]:   # refused when given: names nothing
                    continue
                named = naming.get(text, _PEEK)
                if named is _PEEK and passing is not None:
                    named = passing.get(text, _PEEK)
                    if named is _PEEK:
                        if len(passing) >= PASSING_TEMPLATES:
                            passing.clear()
                        named = passing[text] = reader.passing_naming(text)
                elif named is _PEEK:
                    reader.template(text)
                    named = naming[text]
                if named is None:   # a build or a waive
                    continue
                for offset, prov in named[0]:
                    if offset is None:
                        if not home:
                            continue
                    elif (shifted.get((key, *offset)) or shifted_key(shifted, key, *offset)) != board:
                        continue
                    got = inner.get(prov)
                    inner[prov] = ((key, idx),) if got is None else got + ((key, idx),)
        return inner


class LazyOrders(dict):
    """A world's orders, some of them :class:`Later` (see the module docstring). Every way
    of reading a value makes it, so a :class:`Later` never leaves the mapping; it stays in
    it, though, so that :func:`raw_value` says what stands for a board's orders in every
    world alike (front ends tell what changed between two worlds by identity)."""

    __slots__ = ()

    def __getitem__(self, key: BoardKey) -> tuple[Order, ...]:
        value = dict.__getitem__(self, key)
        return value.read() if isinstance(value, Later) else value

    def get(self, key: Any, default: Any = None) -> Any:
        if key is _VALUES:      # raw_values / raw_items: the values as stored
            return dict.values(self)
        if key is _ITEMS:
            return dict.items(self)
        value = dict.get(self, key, _PEEK)
        if value is _PEEK:
            return default
        return value.read() if default is not _PEEK and isinstance(value, Later) else value

    def pop(self, key: Any, *default: Any) -> Any:
        value = dict.pop(self, key, *default)
        return value.read() if isinstance(value, Later) else value

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if key in self:
            return self[key]
        dict.__setitem__(self, key, default)
        return default

    def plain(self) -> dict:
        """A plain dictionary of every value, made."""
        return {k: v.read() if isinstance(v, Later) else v for k, v in dict.items(self)}

    def values(self):
        return self.plain().values()

    def items(self):
        return self.plain().items()

    def __iter__(self):
        # Defined so that dict(...) and {**...} of this mapping go through keys() and
        # __getitem__ (a plain dict's fast copy would copy the Later values).
        return dict.__iter__(self)

    def copy(self) -> LazyOrders:
        return LazyOrders(dict.items(self))   # (dict.copy would go through __iter__ and __getitem__)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Mapping):
            return NotImplemented
        return self.plain() == (other.plain() if isinstance(other, LazyOrders) else dict(other.items()))

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None   # type: ignore[assignment]

    def __or__(self, other: Any) -> dict:
        return self.plain() | other

    def __ror__(self, other: Any) -> dict:
        return dict(other) | self.plain()

    def __ior__(self, other: Any) -> LazyOrders:
        dict.update(self, other)
        return self

    def __repr__(self) -> str:
        return f"LazyOrders({self.plain()!r})"

    def __reduce__(self):
        return (dict, (self.plain(),))


def _made(key: BoardKey, texts: tuple[str, ...], reader: BoardTextReader,
          templates: dict[str, Template]) -> tuple[Order, ...]:
    given = templates.given.pop(key, None) if type(templates) is Passing else None
    out = []
    for text in texts:
        if given is not None:
            o = given.get(text)
            if o is not None:
                out.append(o)
                continue
        template = templates.get(text)
        if template is None:
            template = _passing(templates, reader, text)
        out.append(template(key))
    return tuple(out)


# The most templates a caller of the peek methods keeps at once: a bound for files with
# very many distinct texts (the benchmarks' 10,000 boards have ~15,000, all kept)
PASSING_TEMPLATES = 16384


class Passing(dict):
    """What a caller of the peek methods reads for itself and keeps only as long as it
    keeps this: the templates by text (the dictionary itself) and what each text names
    (``naming``, see :meth:`UnreadRefs.index`), both from one reading of the text; and
    the orders its submissions' peeks made, by board and text (``given``), until that
    board's stored orders are peeked: a stored text that a submission gave on the board
    then stands for the very order made of it (the same template on the same board
    makes an equal one), so that comparing the two compares identities."""

    __slots__ = ("naming", "given")

    def __init__(self):
        super().__init__()
        self.naming: dict[str, tuple | None] = {}
        self.given: dict[BoardKey, dict[str, Order]] = {}


def _passing(templates: dict, reader: BoardTextReader, text: str) -> Template:
    naming = templates.naming if type(templates) is Passing else None
    if len(templates) >= PASSING_TEMPLATES:
        templates.clear()
        if naming is not None:
            naming.clear()
    template = templates[text] = reader.passing(text, naming)
    return template


def raw_value(orders: Mapping, key: BoardKey) -> Any:
    """The value stored for ``key`` without making it: the orders, or the :class:`Unread`
    standing for them (through a world's read-only proxy too); None if there is none."""
    value = orders.get(key, _PEEK)
    return None if value is _PEEK else value


class UnreadSubmission:
    """One submission's orders as ``(board, text)`` pairs, made when first asked for; an
    order also stored in the world is the world's own object."""

    __slots__ = ("pairs", "boards", "reader", "value")

    def __init__(self, pairs: tuple[tuple[BoardKey, str], ...], boards: Mapping[BoardKey, Unread],
                 reader: BoardTextReader):
        self.pairs, self.boards, self.reader = pairs, boards, reader
        self.value: tuple[Order, ...] | None = None

    def read(self) -> tuple[Order, ...]:
        value = self.value
        if value is None:
            with _lock:   # the reader reads a text not read yet one at a time
                value = self.value
                if value is None:
                    value = self.value = self._make()
        return value

    def peek(self, templates: dict[str, Template]) -> tuple[Order, ...]:
        """The submission's orders, made for the caller alone when they are not made yet:
        neither they nor any stored board's orders are kept (see :meth:`Unread.peek`)."""
        value = self.value
        if value is None:
            with _lock:
                value = self.value
                if value is None:
                    reader, out = self.reader, []
                    given = templates.given if type(templates) is Passing else None
                    for key, text in self.pairs:
                        template = templates.get(text)
                        if template is None:
                            template = _passing(templates, reader, text)
                        o = template(key)
                        out.append(o)
                        if given is not None:
                            on_board = given.get(key)
                            if on_board is None:
                                on_board = given[key] = {}
                            on_board[text] = o
                    return tuple(out)
        return value

    def _make(self) -> tuple[Order, ...]:
        known: dict[BoardKey, dict[str, Order]] = {}
        out = []
        for key, text in self.pairs:
            on_board = known.get(key)
            if on_board is None:
                stored = self.boards.get(key)
                on_board = known[key] = stored.by_text() if stored is not None else {}
            o = on_board.get(text)
            if o is None:
                o = (self.reader.templates.get(text) or self.reader.template(text))(key)
            out.append(o)
        return tuple(out)


class Submissions:
    """A game's submissions, oldest first: a list of order tuples, some of them made only
    when first asked for (a loaded game's). Supports what a list of them is used for:
    ``len``, indexing and slices, iteration, ``append``, ``pop``, ``copy``, equality."""

    __slots__ = ("_items",)

    def __init__(self, items=()):
        self._items: list = [i if type(i) is UnreadSubmission else tuple(i) for i in items]

    def __len__(self) -> int:
        return len(self._items)

    def __bool__(self) -> bool:
        return bool(self._items)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._read(x) for x in self._items[i]]
        return self._read(self._items[i])

    @staticmethod
    def _read(item):
        return item.read() if type(item) is UnreadSubmission else item

    def __iter__(self):
        return map(self._read, self._items)

    def __reversed__(self):
        return map(self._read, reversed(self._items))

    def peeked(self, templates: dict[str, Template]):
        """Each submission in turn as :meth:`UnreadSubmission.peek` makes it: nothing is
        kept here for a submission not made yet."""
        return (item.peek(templates) if type(item) is UnreadSubmission else item for item in self._items)

    def append(self, orders) -> None:
        self._items.append(tuple(orders))

    def pop(self, i: int = -1) -> tuple[Order, ...]:
        return self._read(self._items.pop(i))

    def copy(self) -> Submissions:
        new = Submissions()
        new._items = self._items.copy()
        return new

    def token(self, i: int) -> Any:
        """What stands for submission ``i`` without making it (the save writer
        recognises an unchanged submission by it)."""
        return self._items[i]

    def tokens(self) -> tuple:
        return tuple(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Submissions):
            other = list(other)
        if isinstance(other, (list, tuple)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None   # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Submissions({list(self)!r})"


def lazy_index(in_order: list[BoardKey], boards: Mapping[BoardKey, Unread],
               results: Mapping[BoardKey, tuple[Result, ...]], reader: BoardTextReader) -> tuple[Mapping, Mapping]:
    """``World.refs`` and ``World.incoming`` of orders still as texts, given in the order
    ``in_order``: the same as :func:`app.engine.rules.world.index_orders` makes of the orders.
    Each board's part of ``refs`` is made when first asked for (:class:`UnreadRefs`); only
    the few texts naming another board are looked at now (``reader.far``)."""
    sources: dict[BoardKey, list[BoardKey]] = {}
    incoming: dict[BoardKey, tuple] = {}
    far, naming, shifted = reader.far, reader.naming, reader._shifted
    for key in in_order:
        if key[1][1] == 2:   # Winter: adjustment orders name nothing
            continue
        unread, rs = boards[key], results[key]
        if not all(r[5] for r in rs):   # an order not refused names its own unit's space
            sources.setdefault(key, []).append(key)
        if far.isdisjoint(unread.texts):
            continue
        for idx, text, r in zip(range(len(rs)), unread.texts, rs):
            if r[5] or text not in far or naming[text] is None:
                continue
            places, move = naming[text]
            for offset, _ in places:
                if offset is None:
                    continue
                there = shifted.get((key, *offset)) or shifted_key(shifted, key, *offset)
                if there == key:
                    continue
                named_by = sources.setdefault(there, [])
                if not named_by or named_by[-1] != key:
                    named_by.append(key)
                if move:   # a move's destination on another board: it arrives there
                    incoming[there] = incoming.get(there, ()) + ((key, idx),)
    refs = LazyOrders({board: UnreadRefs(board, keys, boards, results) for board, keys in sources.items()})
    return MappingProxyType(refs), MappingProxyType(incoming)


def raw_get(table: Mapping, key: Any, default: Any = None) -> Any:
    """``table.get(key, default)``, what stands for orders not made yet left unmade."""
    value = table.get(key, _PEEK)
    return default if value is _PEEK else value


def raw_values(table: Mapping):
    """``table.values()``, what stands for orders not made yet left unmade (in order)."""
    got = table.get(_VALUES)
    return table.values() if got is None else got


def raw_items(table: Mapping):
    """``table.items()``, what stands for orders not made yet left unmade (in order)."""
    got = table.get(_ITEMS)
    return table.items() if got is None else got


def raw_copy(orders: Mapping) -> dict:
    """A plain copy of ``orders`` holding each value or what stands for it (see
    :func:`raw_value`): nothing is made."""
    copied = orders.copy()
    return dict(dict.items(copied)) if isinstance(copied, LazyOrders) else dict(copied)


def stays_on_board(orders: Mapping, key: BoardKey) -> bool:
    """Whether the orders given on ``key`` are known, without making them, to name no
    other board (True only for orders still as texts, none naming another board)."""
    value = raw_value(orders, key)
    return type(value) is Unread and not value.far


def read_every_board(world) -> None:
    """Make every board's orders and order index of ``world`` now, if it was read lazily:
    for a game that reads them all at once anyway (a fogged seat's view walks every
    board). Made as a load makes them, with the collector off and then frozen: made one
    board at a time among other work, collections of the growing heap doubled the cost."""
    with collector_paused(set_aside=True):
        for table in (world.orders, world.refs):
            copied = table.copy()
            if isinstance(copied, LazyOrders):
                for value in dict.values(copied):
                    if isinstance(value, Later):
                        value.read()
