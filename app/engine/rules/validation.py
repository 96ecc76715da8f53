"""Is an order legal where it is given, and if not, why.

:func:`check` looks at one order against the world as it stands, knowing no other
order of the same submission (matching supports and convoys to moves happens during
adjudication). It returns the order in its normal form (a fleet's coast filled in where
only one is possible, an army's pointless coast dropped) and a reason when the order
is illegal. Reasons are sentences a player can read in the status bar.

Here are the gates every order of a phase passes (the game goes on; in a retreat pause
only retreats and disbands; a unit order's board exists, is active and holds the
ordering nation's unit; the season fits the kind); each kind's own check is in its
module (:mod:`.kinds`). :func:`check_all` makes the commonest checks inline.
"""

from __future__ import annotations

from .coords import PROVINCE_OF
from .kinds import build, convoy, disband, move, retreat, support, waive
from .orders import Order
from .variant_rules import is_neutral, neutral_refusal
from .world import World


# The checks below run for every order of every submission: they index tuples
# (``loc[0]`` is a location's board, ``key[1][1] == 2`` a Winter turn) and look up
# provinces in ``PROVINCE_OF`` rather than call the equivalent properties, which cost a
# Python-level call each.
_WINTER = 2


def check(world: World, order: Order) -> tuple[Order, str | None]:
    """``(normal form, None)`` if ``order`` is legal now, else ``(order, reason)``."""
    if world.winner is not None:
        return order, "the game is over"
    kind = order.kind
    if world.pause is not None and kind not in ("retreat", "disband"):
        # RULES.md §3: while the world waits for retreats, any other order is invalid
        # (builds and waives included, though their Winter board is not paused).
        return order, RETREATS_ONLY
    if kind == "waive":
        return waive.check(world, order)
    if kind == "build":
        return order, build.check(world, order)
    unit_loc = order.unit
    key = unit_loc[0]
    board = world.boards.get(key)
    if board is None:
        return order, f"there is no board {unit_loc.board}"
    if world.pause is not None:
        return retreat.check(world, order)
    prov = PROVINCE_OF[unit_loc[1]]
    unit = board.units.get(prov)
    if unit is None:
        return order, f"there is no unit in {prov} on board {key}"
    if order.nation and order.nation != unit.nation:
        return order, f"the unit in {prov} is {unit.nation}'s, not {order.nation}'s"
    if world.variant.neutral_nation is not None and is_neutral(world.variant, unit):   # (no call without one)
        return order, neutral_refusal(world.variant, prov)
    if kind == "retreat":
        return order, "no unit is waiting to retreat"
    if world.ends.get(key[0]) != key[1]:
        return order, f"board {key} is in the past: its orders are locked"
    winter = key[1][1] == _WINTER
    if kind == "disband":
        return disband.check(order, winter)
    if winter:
        return order, f"board {key} is a Winter board: build, disband or waive"
    if kind == "hold":
        return order, None
    if kind == "move":
        return move.check(world, order, unit.type, unit.loc, prov, board.units)
    if kind == "support":
        return support.check(world, order, unit.type, unit.loc, prov)
    if kind == "convoy":
        return convoy.check(world, order, unit.type)
    return order, "not an order for this phase"


def check_all(world: World, orders: list[Order]) -> list[tuple[Order, str | None]]:
    """:func:`check` for each order of one submission. For a movement order whose unit is
    found where it should be (the usual case) the tests common to all unit orders are made
    inline and the order goes straight to its own check; any other order, and one that
    fails those tests, goes through ``check`` for its reason. (A call to ``check`` per
    order costs as much as a hold's tests.)"""
    if world.winner is not None or world.pause is not None:
        return [check(world, o) for o in orders]
    boards, ends = world.boards, world.ends
    v = world.variant
    legal_moves = move.legal_moves(v)
    reach = v.adjacent_provinces
    army_adjacent = v.army_adjacent
    neutral = v.neutral_nation  # its units take no orders: check() says so
    out = []
    append = out.append
    last_key = None  # the last board found active and not Winter (orders come board by board)
    units = None
    for o in orders:
        kind = o.kind
        if kind in _MOVEMENT_KINDS:
            loc = o.unit
            key = loc[0]
            # check()'s tests for every unit order: the board exists, is active and is not
            # a Winter board, and the ordering nation's unit stands there
            if key is not last_key and key != last_key:
                board = boards.get(key)
                if board is not None and ends.get(key[0]) == key[1] and key[1][1] != _WINTER:
                    last_key, units = key, board.units
                else:
                    append(check(world, o))
                    continue
            prov = PROVINCE_OF[loc[1]]
            unit = units.get(prov)
            if unit is not None and (not o.nation or o.nation == unit.nation) and unit.nation != neutral:
                if kind == "hold":
                    append((o, None))
                elif kind == "move":
                    # the common case inline: a move on its own board in normal form that
                    # the variant's table of moves without a convoy holds (see move.check)
                    dest = o.dest
                    if dest[0] == key and not o.via_convoy \
                            and legal_moves.get((unit.type, unit.loc, dest[1])) == dest[1]:
                        append((o, None))
                    else:
                        append(move.check(world, o, unit.type, unit.loc, prov, units))
                elif kind == "support":
                    # the common case inline, as support.check's first test
                    supported, dest = o.supported, o.dest
                    if supported[0] == key and (dest is None or dest[0] == key):
                        supported_prov = PROVINCE_OF[supported[1]]
                        target_prov = PROVINCE_OF[dest[1]] if dest is not None else supported_prov
                        if supported_prov != prov and target_prov != prov and target_prov in reach(unit.type, unit.loc):
                            other = units.get(supported_prov)
                            if other is None or dest is None or other.type != "A" \
                                    or dest[1] in army_adjacent.get(other.loc, ()):
                                append((o, None))
                                continue
                    append(support.check_in_full(world, o, unit.type, unit.loc, prov))
                else:
                    append(convoy.check(world, o, unit.type))
                continue
        append(check(world, o))
    return out


_MOVEMENT_KINDS = frozenset({"hold", "move", "support", "convoy"})


RETREATS_ONLY = "the world waits for retreats: only retreat or disband dislodged units"
