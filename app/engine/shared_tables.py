"""Which entries of a table changed between two worlds that share most of it.

A world made from another (a submission later, or one undone) has its own copies of the
tables (board -> board, board -> orders, ...) but shares every unchanged entry, the very
same object. Telling what changed is then a question of identity, and the usual shape of
the change (some values replaced, keys added at the end or taken from it) lets it be
answered in C, without a Python step per board.

>>> old = {1: "a", 2: "b", 3: "c"}
>>> new = dict(old); new[2] = "B"; new[4] = "d"
>>> differing_keys(old, new)
[2, 4]
>>> differing_keys(new, old)
[2, 4]
"""

from __future__ import annotations

from itertools import compress, islice
from operator import is_not
from typing import Hashable, Mapping

_ABSENT = object()


def differing_keys(old: Mapping, new: Mapping) -> list[Hashable]:
    """The keys whose value is not the very same object in ``old`` and ``new``, or that
    only one of them has: first those ``new`` has, in its order, then those only ``old``
    has."""
    if old is new:
        return []
    n = min(len(old), len(new))
    if list(islice(old, n)) == list(islice(new, n)):   # the same keys, in the same order, first
        out = list(compress(islice(new, n), map(is_not, islice(old.values(), n), islice(new.values(), n))))
        out += islice(new, n, None)
        out += islice(old, n, None)
        return out
    get = old.get
    out = [k for k, v in new.items() if get(k, _ABSENT) is not v]
    out += (k for k in old if k not in new)
    return out


__all__ = ["differing_keys"]
