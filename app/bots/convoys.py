"""Convoys on one board: where a nation's own fleets at sea could carry its armies.

Every level that plans a board uses these: Easy convoys an army to a centre it could not
walk to, Standard when the far shore is worth more than anything the army and its fleets
would do otherwise, Hard among the candidates it adjudicates.

>>> from app.engine.game import Game
>>> from app.engine.coords import BoardKey, Location, Turn
>>> from app.engine.orders import Unit
>>> from app.engine.world import make_board, World
>>> from app.engine.variant import load_variant
>>> v = load_variant()
>>> key = BoardKey(1, Turn(1901, 1))
>>> b = make_board(key, [Unit("England", "A", "yor"), Unit("England", "F", "nth")], {})
>>> w = World.from_boards(v, [b])
>>> sorted(convoy_routes(w, key, "England")["yor"])[:4]
['bel', 'den', 'edi', 'hol']
>>> orders = convoy_orders(w, key, "England", "yor", "nwy", convoy_routes(w, key, "England")["yor"]["nwy"])
>>> [o.kind for o in orders]
['move', 'convoy']
"""

from __future__ import annotations

from app.engine.coords import BoardKey, Location
from app.engine.orders import Convoy, Move, Order
from app.engine.world import World

LONGEST = 3  # fleets in a chain, at most


def convoy_routes(world: World, key: BoardKey, nation: str, fleets: frozenset[str] | set[str] | None = None,
                  longest: int = LONGEST) -> dict[str, dict[str, tuple[str, ...]]]:
    """For each army of ``nation`` on a coast of board ``key``: the coasts (other than its
    own) that a chain of the nation's fleets at sea could carry it to, each with the
    shortest such chain (sea provinces, from the army's side). ``fleets``: only these sea
    provinces may take part (default: every sea with a fleet of the nation). Chains are
    found in a fixed order, so the answer is the same every time."""
    v = world.variant
    board = world.boards[key]
    kinds, adj = v.kinds, v.fleet_adjacent_provinces
    seas = {p for p, u in board.units.items() if u.nation == nation and u.type == "F" and kinds[p] == "sea"}
    if fleets is not None:
        seas &= set(fleets)
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    if not seas:
        return out
    for army, u in sorted(board.units.items()):
        if u.nation != nation or u.type != "A" or kinds[army] != "coast":
            continue
        found: dict[str, tuple[str, ...]] = {}
        frontier = [(s,) for s in sorted(adj[army]) if s in seas]
        seen = {c[0] for c in frontier}
        while frontier:
            nxt = []
            for chain in frontier:
                for p in sorted(adj[chain[-1]]):
                    if kinds[p] == "coast":
                        if p != army and p not in found:
                            found[p] = chain
                    elif p in seas and p not in seen and len(chain) < longest:
                        seen.add(p)
                        nxt.append(chain + (p,))
            frontier = nxt
        if found:
            out[army] = found
    return out


def convoy_orders(world: World, key: BoardKey, nation: str, army: str, dest: str,
                  chain: tuple[str, ...]) -> list[Order]:
    """The army's move "via convoy" to ``dest`` and each fleet's convoy order."""
    at = Location(key, army)
    to = Location(key, dest)
    return [Move(nation, "A", at, to, True)] + [Convoy(nation, "F", Location(key, s), at, to) for s in chain]


def is_convoyed(world: World, order: Order) -> bool:
    """Whether a move order is an army's move by convoy (said "via convoy", or to a place
    it could not walk to on its own board)."""
    if order.kind != "move" or order.unit_type != "A":
        return False
    if order.via_convoy:
        return True
    return order.dest.board == order.unit.board and \
        order.dest.province not in world.variant.army_adjacent.get(order.unit.loc, ())
