"""How good a board is for a nation: the measure the Hard player's search maximises.

:func:`board_worth` looks at the board that follows an adjudication (an
:class:`~app.bots.arena.After`) and adds up, for one nation:

- **centres**: those it will own (after Fall: owned; after Spring: those its units stand
  on, and those it owns that no other unit stands on), each worth :attr:`Worth.centre`
  (a centre it holds on another active board too counts less: victory counts each
  province once);
- **units**: each worth :attr:`Worth.unit` (after Fall, a unit beyond its centres will be
  disbanded and counts a little); a dislodged unit that may still retreat counts a part;
- **prospects** for the next turn: a centre it does not own that a unit of its own can
  move into (more when nobody else can, less when a rival's unit holds it and no second
  unit of its own could back the attack); a centre it owns that a rival can reach and no
  unit of its own stands on or could move into (a loss in waiting).

Reach is by map adjacency (:func:`app.bots.values.map_index`), one unit per province.

In a world of many boards the victory count takes each centre once, whatever the number
of timelines that hold it (RULES.md §5). :class:`Stakes` says what a centre of one board is
worth beyond that board: holding a centre the nation holds on no other active board counts
in full, one it holds elsewhere too counts :attr:`Worth.elsewhere`; and taking from a rival a
centre that rival holds on no other board takes it out of the rival's count, worth more the
nearer that rival is to victory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from app.engine import BoardKey, Variant, World

from .arena import After
from .values import map_index


@dataclass(frozen=True)
class Worth:
    centre: float = 10.0
    unit: float = 3.0
    spare_unit: float = 0.8       # after Fall, a unit beyond the nation's centres
    retreating: float = 1.4       # a dislodged unit that may retreat
    elsewhere: float = 0.25       # a centre also held on another active board counts this share
    deny: float = 0.8             # taking a rival's only copy of a centre, at full urgency (as a share of a centre)
    free_target: float = 2.2      # a centre it does not own, empty, that a unit of its own reaches
    contested_target: float = 1.2  # … that a rival's unit reaches too
    held_target: float = 0.9      # … that a rival's unit stands on, and two of its own reach
    weak_target: float = 0.2      # … that a rival's unit stands on, and one of its own reaches
    open_home: float = 3.0        # a centre it owns, empty of its units, that a rival reaches and it cannot cover
    thin_home: float = 1.2        # … that it could cover, but with fewer units than the rival brings
    pressed_unit: float = 0.6     # a unit of its own on a centre, that rivals outnumber around it
    after_fall: float = 0.6       # prospects after Fall weigh this much (the next Fall is a year away)


WORTH = Worth()


@dataclass(frozen=True)
class Stakes:
    """What the centres of one board are worth beyond it (see the module docstring):
    ``share[c]``, the worth of holding ``c`` here as a share of a centre (1 when absent);
    ``deny[c]``, the rival that holds ``c`` here and nowhere else, and the share of a centre
    that taking it from that rival is worth."""

    share: Mapping[str, float] = field(default_factory=dict)
    deny: Mapping[str, tuple[str, float]] = field(default_factory=dict)


NO_STAKES = Stakes()


class Census:
    """On how many active boards each nation holds each centre (holds: stands on it, or owns
    it with nobody standing there, as :func:`app.bots.common.projected_centres`), and each
    nation's distinct count: what :class:`Stakes` are made from. ``plan`` marks centres the
    nation has planned to take on a board already searched, so that the next board does
    not aim at the same ones."""

    def __init__(self, world: World):
        self.variant = world.variant
        self.counts: dict[str, dict[str, int]] = {}
        self.holders: dict[BoardKey, dict[str, str]] = {}
        for key in world.active_boards():
            board = world.boards[key]
            held = {}
            for sc in self.variant.supply_centres:
                u = board.units.get(sc)
                holder = u.nation if u is not None else board.centres.get(sc)
                if holder is not None:
                    held[sc] = holder
                    per = self.counts.setdefault(holder, {})
                    per[sc] = per.get(sc, 0) + 1
            self.holders[key] = held
        self.boards = len(self.holders)
        self.planned: dict[str, set[str]] = {}

    def union(self, nation: str) -> int:
        return len(self.counts.get(nation, ()))

    def plan(self, nation: str, centres: set[str]) -> None:
        self.planned.setdefault(nation, set()).update(centres)

    def stakes(self, key: BoardKey, nation: str, w: Worth = WORTH) -> Stakes:
        """The stakes of board ``key`` for ``nation`` (none on a world of one board)."""
        if self.boards <= 1:
            return NO_STAKES
        here = self.holders.get(key, {})
        mine = self.counts.get(nation, {})
        planned = self.planned.get(nation, set())
        share = {}
        for sc in self.variant.supply_centres:
            elsewhere = mine.get(sc, 0) - (here.get(sc) == nation)
            if elsewhere > 0 or sc in planned:
                share[sc] = w.elsewhere
        victory = self.variant.victory_centres
        start = 0.6 * victory
        deny = {}
        for sc, holder in here.items():
            if holder == nation or self.counts[holder].get(sc, 0) != 1:
                continue
            urgency = min(1.2, max(0.0, (self.union(holder) - start) / max(1.0, victory - start)))
            if urgency > 0:
                deny[sc] = (holder, w.deny * urgency)
        return Stakes(share, deny)


def board_worth(variant: Variant, after: After, nation: str, fall: bool, stakes: Stakes = NO_STAKES,
                w: Worth = WORTH) -> float:
    """The worth of ``after`` for ``nation`` (see the module docstring). ``fall``: the
    adjudicated board was a Fall board (its centres have changed hands); ``stakes``: what
    its centres are worth beyond the board."""
    ix = map_index(variant)
    reach = ix.reach
    units, centres = after.units, after.centres
    mine = 0
    own_reach: dict[str, int] = {}
    rivals: dict[str, dict[str, int]] = {}
    for u in units.values():
        if u.nation == nation:
            mine += 1
            r = own_reach
        else:
            r = rivals.get(u.nation)
            if r is None:
                r = rivals[u.nation] = {}
        for p in reach.get((u.type, u.loc), ()):
            r[p] = r.get(p, 0) + 1
    rival_list = list(rivals.values())

    def threat(p: str) -> int:
        return max((r.get(p, 0) for r in rival_list), default=0)

    held = 0.0
    owned = 0
    prospects = 0.0
    shares, deny = stakes.share, stakes.deny
    for sc in ix.centres:
        u = units.get(sc)
        owner = centres.get(sc)
        if not fall and u is not None:
            owner = u.nation
        share = shares.get(sc, 1.0)
        if sc in deny:
            rival, d = deny[sc]
            if owner != rival:
                held += d
        if owner == nation:
            held += share
            owned += 1
            t = threat(sc)
            if not t:
                continue
            if u is None or u.nation != nation:
                cover = own_reach.get(sc, 0)
                prospects -= share * (w.open_home if cover == 0 else w.thin_home if cover < t else 0.0)
            elif t > own_reach.get(sc, 0):
                prospects -= share * w.pressed_unit
        else:
            r = own_reach.get(sc, 0)
            if not r:
                continue
            if u is None:
                prospects += share * (w.contested_target if threat(sc) else w.free_target)
            elif u.nation != nation:
                prospects += share * (w.held_target if r >= 2 else w.weak_target)
    worth = w.centre * held
    if fall:
        worth += w.unit * min(mine, owned) + w.spare_unit * max(0, mine - owned)
        prospects *= w.after_fall
    else:
        worth += w.unit * mine
    worth += w.retreating * sum(1 for u in after.retreating.values() if u.nation == nation)
    return worth + prospects
