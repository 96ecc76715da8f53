"""A set of a variant's provinces kept as the bits of a number (fog of war's sights).

Sight (:mod:`app.engine.fog.visibility`) is worked out as numbers, a bit per province; most of
its readers then only ask whether a province is in it, or walk it. A :class:`ProvinceSet`
answers both from the number, so a sight of thousands of boards costs an object per
distinct set instead of thousands of ``frozenset`` builds. It behaves as the frozenset of
the same names: equal to it and hashing like it (the hash made on first use), ``in``,
``len``, iteration (in the variant's sorted order of provinces), comparisons, and set
operators and methods, which return plain frozensets. Pickling or copying gives the
frozenset.

>>> names = ProvinceNames(["bre", "lon", "par"])
>>> s = names.set_of(names.bit["lon"] | names.bit["par"])
>>> "lon" in s, "bre" in s, len(s), list(s)
(True, False, 2, ['lon', 'par'])
>>> s == frozenset({"par", "lon"}) and hash(s) == hash(frozenset({"lon", "par"}))
True
>>> s | {"bre"} == {"bre", "lon", "par"}, type(s - {"lon"}).__name__
(True, 'frozenset')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from itertools import chain
from operator import getitem
from typing import AbstractSet, Sequence

_NOTHING: frozenset[str] = frozenset()
_chain = chain.from_iterable


class ProvinceNames:
    """A variant's provinces numbered: ``bit`` gives each province's bit, and for each byte
    of a number and each of its 256 values, the provinces it names (names back from bits,
    a byte at a time)."""

    __slots__ = ("provinces", "bit", "width", "byte_names")

    def __init__(self, provinces: Sequence[str]):
        self.provinces = tuple(provinces)
        self.bit = {p: 1 << i for i, p in enumerate(self.provinces)}
        self.width = (len(self.provinces) + 7) // 8
        tables = []
        for first in range(0, self.width * 8, 8):
            names: list[tuple[str, ...]] = [()]
            for value in range(1, 256):
                high = value.bit_length() - 1                     # the highest bit, and the rest made before
                i = first + high
                names.append(names[value ^ (1 << high)] + ((self.provinces[i],) if i < len(self.provinces) else ()))
            tables.append(tuple(names))
        self.byte_names = tuple(tables)

    def set_of(self, mask: int) -> "ProvinceSet":
        """The provinces whose bits are set in ``mask``."""
        return ProvinceSet(mask, self)

    def names_of(self, mask: int) -> Iterator[str]:
        """The provinces whose bits are set in ``mask``, in order."""
        return _chain(map(getitem, self.byte_names, mask.to_bytes(self.width, "little")))


class ProvinceSet:
    """The provinces whose bits are set in ``mask`` (see the module docstring). Immutable:
    two with the same :class:`ProvinceNames` are equal when their numbers are."""

    __slots__ = ("mask", "names", "_frozen")

    def __init__(self, mask: int, names: ProvinceNames):
        self.mask = mask
        self.names = names
        self._frozen: frozenset[str] | None = None

    def frozen(self) -> frozenset[str]:
        """The same provinces as a frozenset (made once)."""
        got = self._frozen
        if got is None:
            got = self._frozen = _NOTHING.union(self)
        return got

    # -- what readers of a sight ask ---------------------------------------------------

    def __contains__(self, name: object) -> bool:
        return self.mask & self.names.bit.get(name, 0) != 0   # type: ignore[arg-type]

    def __iter__(self) -> Iterator[str]:
        return self.names.names_of(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __hash__(self) -> int:
        return hash(self.frozen())

    def __repr__(self) -> str:
        return f"ProvinceSet({sorted(self)!r})"

    def __reduce__(self):
        return frozenset, (self.frozen(),)

    def __copy__(self) -> "ProvinceSet":
        return self

    def __deepcopy__(self, memo) -> "ProvinceSet":
        return self

    # -- comparisons: as the frozenset of the same names -------------------------------

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ProvinceSet):
            if other.names is self.names:
                return self.mask == other.mask
            return self.frozen() == other.frozen()
        if isinstance(other, (set, frozenset)):
            return len(other) == self.mask.bit_count() and self.frozen() == other
        return NotImplemented

    def __le__(self, other: object) -> bool:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() <= o

    def __lt__(self, other: object) -> bool:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() < o

    def __ge__(self, other: object) -> bool:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() >= o

    def __gt__(self, other: object) -> bool:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() > o

    # -- operators and methods: plain frozensets ---------------------------------------

    def __or__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() | o

    def __ror__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else frozenset(o) | self.frozen()

    def __and__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() & o

    def __rand__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else frozenset(o) & self.frozen()

    def __sub__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() - o

    def __rsub__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else frozenset(o) - self.frozen()

    def __xor__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else self.frozen() ^ o

    def __rxor__(self, other: object) -> frozenset[str]:
        o = _plain(other)
        return NotImplemented if o is None else frozenset(o) ^ self.frozen()

    def union(self, *others: Iterable) -> frozenset[str]:
        return self.frozen().union(*others)

    def intersection(self, *others: Iterable) -> frozenset[str]:
        return self.frozen().intersection(*others)

    def difference(self, *others: Iterable) -> frozenset[str]:
        return self.frozen().difference(*others)

    def symmetric_difference(self, other: Iterable) -> frozenset[str]:
        return self.frozen().symmetric_difference(other)

    def issubset(self, other: Iterable) -> bool:
        return self.frozen().issubset(other)

    def issuperset(self, other: Iterable) -> bool:
        return self.frozen().issuperset(other)

    def isdisjoint(self, other: Iterable) -> bool:
        return not any(map(self.__contains__, other))

    def copy(self) -> "ProvinceSet":
        return self


Set.register(ProvinceSet)


def as_frozenset(provinces: AbstractSet[str]) -> frozenset[str]:
    """``provinces`` as a frozenset (a :class:`ProvinceSet`'s, made once), for a caller
    about to ask it about many names: a frozenset answers ``in`` in C."""
    return provinces.frozen() if isinstance(provinces, ProvinceSet) else frozenset(provinces)


def _plain(other: object) -> AbstractSet[str] | None:
    """``other`` as a set the frozenset operators take, or None when it is not a set (the
    operator then returns NotImplemented, as frozenset's do)."""
    if isinstance(other, ProvinceSet):
        return other.frozen()
    if isinstance(other, (set, frozenset)):
        return other
    if isinstance(other, Set):      # another kind of set (a dict's keys...)
        return frozenset(other)
    return None


__all__ = ["ProvinceNames", "ProvinceSet", "as_frozenset"]
