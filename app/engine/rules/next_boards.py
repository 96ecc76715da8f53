"""After adjudication: next boards, forks and victory.

Every active board gets its next board: a movement board's units move, are dislodged
(retreating where their retreat took them, or gone) or stay, and after a Fall board the
centres change hands; a Winter board applies its builds and disbands
(:mod:`.adjustments`). A past board whose results were computed again gets a next board
too, and when that differs from every board that already follows it a new timeline
starts from it (RULES.md §4). Then victory is counted (RULES.md §5).
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from types import MappingProxyType
from typing import Mapping

from .adjustments import adjust
from .coords import PROVINCE_OF, BoardKey, Season, Turn
from .orders import Move, Unit, unit_of
from .world import Board, World


def finish(world: World, touched: set[BoardKey]) -> tuple[World, list[BoardKey], list[int], list[BoardKey]]:
    """Every active board's next board, and a new timeline from each board of ``touched``
    (past boards whose results were computed again) whose next board differs from all its
    children. Returns the new world (victory counted), the new boards, the new
    timelines, and the past boards that forked."""
    boards = world.boards.copy()
    ends = world.ends.copy()
    starts = world.starts.copy()
    parents = world.parents.copy()
    new_results = world.results.copy()
    new_boards: list[BoardKey] = []
    changed: list[BoardKey] = []
    forks: list[tuple[BoardKey, dict[str, Unit], Mapping[str, str], Board]] = []
    active_boards = world.active_boards()
    active = set(active_boards)
    for key in active_boards:
        board = world.boards[key]
        if board.is_movement:
            units = next_units(world, key)
            centres = _centres_after(world, board, units)
        else:
            units, centres, adj_results = adjust(world, key)
            centres = MappingProxyType(centres)
            new_results[key] = adj_results
        nxt = BoardKey(key.timeline, key.turn.next())
        boards[nxt] = Board(nxt, MappingProxyType(units), centres)
        ends[key.timeline] = nxt.turn
        new_boards.append(nxt)
    for key in sorted(touched - active, key=lambda k: (k.turn, k.timeline)):
        board = world.boards[key]
        if not board.is_movement:
            continue
        units = next_units(world, key)
        centres = _centres_after(world, board, units)
        candidate = Board(BoardKey(0, key.turn.next()), MappingProxyType(units), centres)
        if any(_same_child(world, c, candidate) for c in world.children(key)):
            continue
        if any(src == key and candidate.same_position(b) for src, b in ((f[0], f[3]) for f in forks)):
            continue
        forks.append((key, units, centres, candidate))
    forks.sort(key=lambda f: (f[0].turn, f[0].timeline))
    new_timelines = []
    next_timeline = max(ends) + 1
    for src, units, centres, _ in forks:
        t = next_timeline
        next_timeline += 1
        k = BoardKey(t, src.turn.next())
        boards[k] = Board(k, MappingProxyType(units), centres)
        parents[t] = src
        starts[t] = k.turn
        ends[t] = k.turn
        new_boards.append(k)
        new_timelines.append(t)
        changed.append(src)
    world = world.derive(boards=MappingProxyType(boards), ends=MappingProxyType(ends),
                         starts=MappingProxyType(starts), parents=MappingProxyType(parents),
                         results=MappingProxyType(new_results), pause=None,
                         submissions=world.submissions + 1, winner=_winner(world.variant, boards, ends))
    world = world.with_first_winter_homes(new_boards)  # RULES.md §9
    return world, new_boards, new_timelines, changed


def _same_child(world: World, child: BoardKey, candidate: Board) -> bool:
    """Whether a past board's recomputed next board is its existing ``child``: the same
    position once the units the game's kind moved to another nation on the child (a gift,
    RULES.md §10) are moved again."""
    transfers = world.extension.moved_units(child) if world.extension is not None else None
    if transfers:
        units = {p: (unit_of(nation, u.type, u.loc) if (u := candidate.units.get(p)) is not None else None)
                 for p, nation in transfers.items()}
        candidate = candidate._replace(units={**candidate.units, **{p: u for p, u in units.items() if u}})
    return world.boards[child].same_position(candidate)


def _centres_after(world: World, board: Board, units: dict[str, Unit]) -> Mapping[str, str]:
    """The centre owners of ``board``'s next board, read-only: they change only after a
    Fall board; otherwise the next board shares this board's (immutable) mapping."""
    centres = board.centres
    if board.key[1][1] == Season.FALL:
        centres = dict(centres)
        supply_centres = world.variant.supply_centres
        neutral = world.variant.neutral_nation  # takes no centre: its centres count for no nation (§12)
        for prov, u in units.items():
            if prov in supply_centres and u.nation != neutral:
                centres[prov] = u.nation
        return MappingProxyType(centres)
    if type(centres) is MappingProxyType:
        return centres
    return MappingProxyType(dict(centres))


def next_units(world: World, key: BoardKey, retreats: bool = True) -> dict[str, Unit]:
    """Units of ``key``'s next board, from the current results (dislodged units that have
    not retreated are left out; all of them, without ``retreats``), keyed by province."""
    results = world.results
    board_units = world.boards[key].units
    units: dict[str, Unit] = {}
    gone: set[str] = set()
    arrivals: list[Move] = []
    for o, r in zip(world.orders.get(key, ()), results.get(key, ())):
        if r.moved:
            gone.add(PROVINCE_OF[o.unit[1]])
            if o.dest[0] == key:
                arrivals.append(o)
        elif r.dislodged and not r.illegal:
            prov = PROVINCE_OF[o.unit[1]]
            gone.add(prov)
            if r.retreat_to and retreats:
                u = board_units[prov]
                units[PROVINCE_OF[r.retreat_to]] = unit_of(u.nation, u.type, r.retreat_to)
    if not gone:
        units.update(board_units)
    elif not units:  # no retreat placed first: a C-level copy, then the few that left
        units = board_units.copy()
        for p in gone:
            del units[p]
    else:
        for p, u in board_units.items():
            if p not in gone:
                units[p] = u
    for k, i in world.incoming.get(key, ()):
        if results[k][i].moved:
            arrivals.append(world.orders[k][i])
    for o in arrivals:
        dest = o.dest[1]
        units[PROVINCE_OF[dest]] = unit_of(o.nation, o.unit_type, dest)
    return units


def _winner(variant, boards: Mapping[BoardKey, Board], ends: Mapping[int, Turn]) -> str | None:
    """RULES.md §5: the nation owning the most distinct centres on active boards, if it
    has at least the variant's victory count and strictly more than every other."""
    victory = variant.victory_centres
    if len(ends) == 1:
        [(t, turn)] = ends.items()
        owners = boards[(t, turn)].centres.values()
        if len(owners) < victory:  # not enough centres owned for anyone to have won
            return None
        counts = Counter(owners)
    else:
        owned: set[tuple[str, str]] = set()  # (province, nation): a province counts once per nation
        for t, turn in ends.items():
            owned.update(boards[(t, turn)].centres.items())
        counts = Counter(map(itemgetter(1), owned))
    if not counts:
        return None
    best = max(counts.values())
    if best < victory:
        return None
    top = [n for n, c in counts.items() if c == best]
    return top[0] if len(top) == 1 else None
