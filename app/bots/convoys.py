"""Convoys on one board: where a nation's own fleets at sea could carry its armies.

Every level that plans a board uses these: Easy convoys an army to a centre it could not
walk to, Standard when the far shore is worth more than anything the army and its fleets
would do otherwise, Hard among the candidates it adjudicates.

>>> from app.engine.game import Game
>>> from app.engine.rules.coords import BoardKey, Location, Turn
>>> from app.engine.rules.orders import Unit
>>> from app.engine.rules.world import make_board, World
>>> from app.engine.variants.variant import load_variant
>>> v = load_variant()
>>> key = BoardKey(1, Turn(1901, 1))
>>> b = make_board(key, [Unit("England", "A", "yor"), Unit("England", "F", "nth")], {})
>>> w = World.from_boards(v, [b])
>>> sorted(convoy_routes(w, key, "England")["yor"])[:4]
['bel', 'den', 'edi', 'hol']
>>> orders = convoy_orders(w, key, "England", "yor", "nwy", convoy_routes(w, key, "England")["yor"]["nwy"])
>>> [o.kind for o in orders]
['move', 'convoy']

A convoyed move is only worth giving with its whole chain: when the fleet is ordered
elsewhere, :func:`mend_convoys` makes the army hold (it cannot walk to Norway) rather
than give an order the engine refuses.

>>> from app.engine.rules.orders import Move
>>> away = Move("England", "F", Location(key, "nth"), Location(key, "hel"))
>>> [o.kind for o in mend_convoys(w, [orders[0], away])]
['hold', 'move']
"""

from __future__ import annotations

from app.engine import BoardKey, Convoy, convoy_step, Hold, Location, Move, Order, reaches, World

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
    seas = {p for p, u in board.units.items() if u.nation == nation and u.type == "F" and p in v.convoy_waters}
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


def mend_convoys(world: World, orders: list[Order]) -> list[Order]:
    """``orders`` with every convoy that cannot happen taken out, each in its place.

    The engine carries an army by convoy when its move says "via convoy", cannot be
    walked, or has a fleet of its own nation ordered to carry it; then only a complete
    chain of convoy orders from shore to shore will do, else it refuses the move
    ("no convoy is ordered along a complete route"). So a move carried by fewer than a
    whole chain of its nation's convoy orders here walks there if it can, else holds,
    and a convoy order of an army of its own nation that is not ordered that very move
    (or was so mended) holds, as does a support of its nation for a move mended into a
    hold; the engine would refuse them too."""
    v, mode = world.variant, world.adjacency
    moves = {o.unit.space: o for o in orders if o.kind == "move" and o.unit_type == "A"}
    carriers: dict = {}
    for o in orders:
        if o.kind == "convoy":
            carriers.setdefault(o.army.space, []).append(o)
    mended: dict = {}
    for space, move in moves.items():
        own = [c for c in carriers.get(space, ()) if c.nation == move.nation and c.dest.space == move.dest.space]
        walks = reaches(v, mode, "A", move.unit, move.dest)
        if not (move.via_convoy or not walks or own):
            continue
        if _chained(v, mode, move, own):
            continue
        mended[space] = (Move(move.nation, "A", move.unit, move.dest) if walks
                         else Hold(move.nation, "A", move.unit))
    out: list[Order] = []
    for o in orders:
        if o.kind == "move" and o.unit.space in mended:
            out.append(mended[o.unit.space])
        elif o.kind == "convoy" and _stranded(world, o, moves, mended):
            out.append(Hold(o.nation, o.unit_type, o.unit))
        elif o.kind == "support" and o.dest is not None and _held_instead(o, mended):
            out.append(Hold(o.nation, o.unit_type, o.unit))   # (the engine refuses backing a move not made)
        else:
            out.append(o)
    return out


def _held_instead(support, mended: dict) -> bool:
    """Whether ``support`` backs a move of its own nation that was mended into a hold."""
    now = mended.get(support.supported.space)
    return now is not None and now.kind == "hold" and now.nation == support.nation


def _chained(variant, mode: str, move: Move, convoys: list[Convoy]) -> bool:
    """Whether ``convoys`` make a chain of steps from the army's shore to its destination."""
    fleets = {c.unit.space for c in convoys}
    frontier = [move.unit.space]
    seen: set = set()
    while frontier:
        at = frontier.pop()
        if at != move.unit.space and convoy_step(variant, mode, at, move.dest.space):
            return True
        for f in fleets - seen:
            if convoy_step(variant, mode, at, f):
                seen.add(f)
                frontier.append(f)
    return False


def _stranded(world: World, convoy: Convoy, moves: dict, mended: dict) -> bool:
    """Whether a convoy order names an army of its own nation that will not make that move."""
    army = world.unit_at(convoy.army)
    if army is None or army.nation != convoy.nation:
        return False
    move = moves.get(convoy.army.space)
    return move is None or convoy.army.space in mended or move.dest.space != convoy.dest.space
