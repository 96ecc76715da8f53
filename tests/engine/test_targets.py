"""The click queries agree with validation: everything offered is legal."""

import ast
from pathlib import Path

from app.bots import selfplay
from app.engine.rules import targets
from app.engine.rules.coords import Location
from app.engine.rules.orders import Convoy, Move, Support
from app.engine.rules.validation import check


def test_offered_targets_are_legal():
    game = selfplay.play(16, seed=11)
    w = game.world
    if w.pause is not None:
        game.submit(selfplay.random_orders(w, __import__("random").Random(1)))
        w = game.world
    checked = 0
    for key in w.active_boards():
        board = w.boards[key]
        if not board.is_movement:
            continue
        for u in list(board.units.values())[:8]:
            loc = Location(key, u.loc)
            for dest in targets.move_targets(w, loc):
                order, reason = check(w, Move(u.nation, u.type, loc, dest))
                assert reason is None, (str(loc), str(dest), reason)
                checked += 1
            for supported, options in targets.support_options(w, loc).items():
                for dest in options:
                    order, reason = check(w, Support(u.nation, u.type, loc, None, supported, dest))
                    assert reason is None, (str(loc), str(supported), str(dest), reason)
                    checked += 1
            for army, dests in targets.convoy_options(w, loc).items():
                for dest in dests:
                    _, reason = check(w, Convoy(u.nation, u.type, loc, army, dest))
                    assert reason is None, (str(loc), str(army), str(dest), reason)
    assert checked > 100


def test_time_travel_targets_in_strict_mode():
    from app.engine.game import Game
    g = Game.new()
    g.submit_text([])
    w = g.world
    key = w.active_boards()[0]
    got = {str(t) for t in targets.move_targets(w, Location(key, "mun"))}
    assert "1:mun:S1901" in got  # its own province one turn back
    assert "1:tyr:S1901" not in got  # diagonal-ish neighbours only in loose mode
    assert "1:tyr:F1901" in got


def test_engine_never_imports_qt():
    for path in Path("app/engine").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", "") or ""]
                assert not any(n.startswith(("PySide6", "shiboken", "app.ui", "app.mapgeo")) for n in names), path


def test_support_options_are_complete_for_active_units():
    """Every legal support of a unit on an active board is offered (checked by brute force)."""
    game = selfplay.play(12, seed=21)
    w = game.world
    if w.pause is not None:
        game.submit(selfplay.random_orders(w, __import__("random").Random(2)))
        w = game.world
    key = next(k for k in w.active_boards() if w.boards[k].is_movement)
    supporters = list(w.boards[key].units.values())[:6]
    for u in supporters:
        loc = Location(key, u.loc)
        offered = {(s, d) for s, ds in targets.support_options(w, loc).items() for d in ds}
        for k in targets.reachable_boards(w, key):
            if not w.is_active(k) or not w.boards[k].is_movement:
                continue
            for other in w.boards[k].units.values():
                target = Location(k, other.loc)
                for dest in [None] + targets.move_targets(w, target):
                    _, reason = check(w, Support(u.nation, u.type, loc, other.type, target, dest))
                    if reason is None:
                        assert (target, dest) in offered, (str(loc), str(target), str(dest))


def test_ghost_convoy_targets_are_legal_and_become_valid():
    """A fleet convoys an army on a board that does not exist yet; later the army arrives
    there and is ordered along: the long-void convoy carries it."""
    from app.engine.rules.coords import BoardKey, Turn
    from app.engine.game import Game
    g = Game.new(adjacency="loose")
    g.submit_text(["F lon - nth", "A lvp - yor"])  # Spring 1901
    w = g.world
    fleet = Location(BoardKey(1, Turn.parse("F1901")), "nth")
    ghost_army = Location(BoardKey(1, Turn.parse("S1902")), "yor")
    assert ghost_army.board not in w.boards
    dests = targets.ghost_convoy_targets(w, fleet, ghost_army)
    assert Location(BoardKey(1, Turn.parse("S1902")), "bel") in dests
    for d in dests:
        _, reason = check(w, Convoy("England", "F", fleet, ghost_army, d))
        assert reason is None, (str(d), reason)
    # an inland army or an existing board is not a ghost convoy
    assert targets.ghost_convoy_targets(w, fleet, Location(ghost_army.board, "mun")) == []
    assert targets.ghost_convoy_targets(w, fleet, Location(fleet.board, "yor")) == []
    report = g.submit([Convoy("England", "F", fleet, ghost_army, Location(ghost_army.board, "bel"))])
    assert report.results[0].status == "invalid"  # void until the army's move appears
    g.submit_text([])  # Winter 1901
    report = g.submit_text(["A 1:yor:S1902 - 1:bel:S1902"])
    assert report.results[0].status == "succeeds"


def _support_options_by_search(world, loc):
    """support_options as first written: every space tested for reach, every unit's move
    and convoy targets searched in full. Slow; the reference for the fast one."""
    from app.engine.rules.adjacency import adjacent_board_keys, convoy_possible, reaches, reaches_province
    from app.engine.rules.coords import Space
    unit = world.unit_at(loc)
    if unit is None or not loc.board.turn.is_movement:
        return {}
    v = world.variant
    frm = Location(loc.board, unit.loc)
    reach = [k for k in targets.reachable_boards(world, loc.board) if k.turn.is_movement]
    reach_spaces = {Space(k, p) for k in reach for p in v.provinces
                    if reaches_province(v, world.adjacency, unit.type, frm, Space(k, p)) and Space(k, p) != frm.space}
    reach_provinces = {sp.province for sp in reach_spaces}
    near = reach_provinces | {q for p in reach_provinces for q in v.army_adjacent.get(p, ())} \
        | {q for p in reach_provinces for q in v.fleet_adjacent_provinces.get(p, ())}
    boards = set(reach)
    for k in reach:
        boards.update(kk for kk in adjacent_board_keys(k) if kk in world.boards)
    out = {}
    for key in sorted(boards):
        board = world.boards[key]
        if not board.is_movement:
            continue
        for prov, other in board.units.items():
            target = Location(key, other.loc)
            if target.space == frm.space:
                continue
            far = prov not in near
            if far and not (other.type == "A" and v.kinds[prov] == "coast"):
                continue
            options = []
            if world.is_active(key):
                if target.space in reach_spaces:
                    options.append(None)
                found = targets.convoy_targets(world, target) if far else targets.move_targets(world, target)
                # a fleet cannot both convoy and support (DATC 6.D.31): a move by convoy is
                # supported only if a route without the supporter carries it
                options += [d for d in found if d.space in reach_spaces
                            and (reaches(v, world.adjacency, other.type, target, d)
                                 or convoy_possible(world, target.space, d.space, without=frm.space))]
            else:
                given = world.order_of(Space(key, prov))
                if given is None:
                    continue
                if isinstance(given[0], Move):
                    if given[0].dest.space in reach_spaces:
                        options.append(given[0].dest)
                elif target.space in reach_spaces:
                    options.append(None)
            if options:
                out[target] = options
    return out


def test_support_options_equal_a_full_search():
    # The fast support_options (fleet chains grouped once per world, reach read from the
    # map) must give exactly what searching every unit's moves and convoys gives.
    for adjacency, seed in (("strict", 3), ("loose", 4)):
        world = selfplay.grow_world("standard", adjacency, seed, boards=45, victory=False).world
        if world.pause is not None:
            world = world.derive(pause=None)
        units = [Location(k, u.loc) for k in world.active_boards() if k.turn.is_movement
                 for u in world.boards[k].units.values()]
        assert len(units) > 40
        for loc in units:
            assert targets.support_options(world, loc) == _support_options_by_search(world, loc), (adjacency, loc)
