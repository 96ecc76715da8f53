"""Who has met whom (RULES.md §10): contact rules 1–3, read from what one submission
adjudicated and the boards it made.

Contact between civilisations A and B begins when, on one and the same board,

1. a move of A and a move of B into the same province both failed, or a move of one
   failed against the other's unit standing there — on every board the submission
   adjudicated (past boards adjudicated again included, whether or not a new board
   results);
2. on a board a movement turn produced (a Fall board, or the Winter board after a Fall),
   a unit of A stands in or next to a province holding a unit of B (any army or fleet
   edge, as fog of war's sight rule (b));
3. on such a board, a unit of one stands in or next to a supply centre the other owns there.

Rule 4 (a civilisation in contact with both gives the contact) is a gift
(:mod:`app.engine.civ.gifts`); the contacts found join the world's state at a submission's
end (:meth:`app.engine.civ.civ.Civ.after_submission`). The work is proportional to what the
submission touched, never to the whole world: its adjudicated boards' moves for rule 1, its
new boards' units for rules 2 and 3.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from ..rules.coords import PROVINCE_OF, BoardKey, Season
from ..variants.variant import Variant
from ..rules.world import World

_NOTHING: frozenset[str] = frozenset()


def pair(a: str, b: str) -> frozenset[str]:
    """Contact is the same both ways: one key per pair of civilisations."""
    return frozenset((a, b))


@lru_cache(maxsize=16)
def _near(variant: Variant) -> dict[str, frozenset[str]]:
    """Each province with itself and its map neighbours (army or fleet, any coast)."""
    return {p: frozenset({p}) | variant.army_adjacent.get(p, _NOTHING)
            | variant.fleet_adjacent_provinces.get(p, _NOTHING) for p in variant.provinces}


def bounces(world: World, boards: Iterable[BoardKey]) -> set[frozenset[str]]:
    """Rule 1 on ``boards`` (those a submission adjudicated), from their current results."""
    found: set[frozenset[str]] = set()
    orders, results, all_boards, incoming = world.orders, world.results, world.boards, world.incoming
    for key in boards:
        if key[1][1] == Season.WINTER or key not in all_boards:
            continue
        failed: dict[str, set[str]] = {}
        left: set[str] = set()     # provinces whose unit moved away
        for o, r in zip(orders.get(key, ()), results.get(key, ())):
            if r.moved:
                left.add(PROVINCE_OF[o.unit[1]])
            elif o.kind == "move" and o.dest[0] == key and _bounced(r):
                failed.setdefault(PROVINCE_OF[o.dest[1]], set()).add(o.nation)
        for k, i in incoming.get(key, ()):
            if _bounced(results[k][i]):
                o = orders[k][i]
                failed.setdefault(PROVINCE_OF[o.dest[1]], set()).add(o.nation)
        if not failed:
            continue
        units = all_boards[key].units
        for prov, nations in failed.items():
            stander = units.get(prov)
            if stander is not None and prov not in left:
                nations = nations | {stander.nation}
            if len(nations) > 1:
                for a in nations:
                    for b in nations:
                        if a < b:
                            found.add(pair(a, b))
    return found


def _bounced(r) -> bool:
    """A move that reached its destination and was stopped there (not a broken convoy)."""
    return r.status == "fails" and not r.moved and not r.illegal and not r.reason.startswith("the convoy was disrupted")


def meetings(world: World, boards: Iterable[BoardKey], known: frozenset[frozenset[str]] = frozenset()
             ) -> set[frozenset[str]]:
    """Rules 2 and 3 on those of ``boards`` that a movement turn produced (pairs in
    ``known`` need not be looked for). Per board and civilisation, the provinces its units
    stand in or next to, against the provinces each other civilisation stands in or owns."""
    found: set[frozenset[str]] = set()
    near = _near(world.variant)
    for key in boards:
        if key[1][1] == Season.SPRING or key not in world.boards:
            continue     # a Spring board follows a Winter: no movement produced it
        board = world.boards[key]
        stands: dict[str, list[str]] = {}
        present: dict[str, set[str]] = {}
        for prov, unit in board.units.items():
            stands.setdefault(unit.nation, []).append(prov)
            present.setdefault(unit.nation, set()).add(prov)
        for prov, owner in board.centres.items():
            present.setdefault(owner, set()).add(prov)
        if len(present) < 2:
            continue
        for a, provs in stands.items():
            reach = None
            for b, there in present.items():
                if b == a:
                    continue
                p = pair(a, b)
                if p in found or p in known:
                    continue
                if reach is None:
                    reach = set().union(*[near.get(x, (x,)) for x in provs])
                if not reach.isdisjoint(there):
                    found.add(p)
    return found


__all__ = ["bounces", "meetings", "pair"]
