"""How a computer player answers a proposal to end the game (RULES.md §11): it accepts when
its level judges that its side cannot expect to gain by playing on.

The judgement looks only at supply centres: each side's distinct centres on the active
boards, as the victory counts them (a nation's centres across timelines, each province
once), and it is a pure function of them, the level and a seed, so a game replays the same.

**A draw.** A side's *fair share* is the centres held by every side still in the game,
divided by the number of those sides. A side accepts when its own centres are at most its
level's *content* factor times the fair share:

- ``easy`` (content 1.5): accepts unless clearly ahead;
- ``standard`` (content 1.0): accepts when not ahead of the average;
- ``hard`` (content 0.75): plays on unless clearly behind;
- ``random``: a fair coin, tossed by the seed.

>>> accepts_draw("standard", own=6, others=[10, 8], seed=0)     # fair share 8: behind
True
>>> accepts_draw("standard", own=12, others=[6, 6], seed=0)     # fair share 8: ahead
False
>>> accepts_draw("hard", own=7, others=[8, 9], seed=0)          # fair share 8: 7 > 6
False

**A concession** to another side. A side accepts when that side holds at least its level's
*concede* share of every centre held by the sides still in the game, and more than the
side itself: ``easy`` 0.35, ``standard`` 0.45, ``hard`` 0.55; ``random``: the seed's coin.

>>> accepts_concession("standard", own=4, winner=16, rest=[8], seed=0)   # 16 of 28
True
>>> accepts_concession("hard", own=4, winner=12, rest=[8, 6], seed=0)    # 12 of 30
False
"""

from __future__ import annotations

import zlib
from typing import Sequence

DRAW_CONTENT = {"easy": 1.5, "standard": 1.0, "hard": 0.75}
CONCEDE_AT = {"easy": 0.35, "standard": 0.45, "hard": 0.55}


def coin(seed: int) -> bool:
    """The random level's answer: heads or tails, the same for the same seed."""
    return zlib.crc32(f"ending/{seed}".encode()) % 2 == 0


def _known(level: str, table: dict) -> None:
    if level != "random" and level not in table:
        raise ValueError(f"unknown computer level '{level}' (one of random, {', '.join(table)})")


def accepts_draw(level: str, own: int, others: Sequence[int], seed: int) -> bool:
    """Does a side with ``own`` centres accept a draw with sides holding ``others``?"""
    _known(level, DRAW_CONTENT)
    if level == "random":
        return coin(seed)
    sides = 1 + len(others)
    fair = (own + sum(others)) / sides
    return own <= DRAW_CONTENT[level] * fair


def accepts_concession(level: str, own: int, winner: int, rest: Sequence[int], seed: int) -> bool:
    """Does a side with ``own`` centres concede to a side with ``winner`` centres, the other
    sides still in the game holding ``rest``?"""
    _known(level, CONCEDE_AT)
    if level == "random":
        return coin(seed)
    total = own + winner + sum(rest)
    return winner > own and total > 0 and winner >= CONCEDE_AT[level] * total
