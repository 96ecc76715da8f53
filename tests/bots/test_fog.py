"""Under fog of war a computer player decides from its nation's view alone: two worlds that
differ only in what the nation cannot see give the same orders (RULES.md §6, §8)."""

from types import MappingProxyType

from app.bots import LEVELS, decide
from app.bots.selfplay import grow_world
from app.engine.fog import visibility
from app.engine.rules.orders import Unit
from app.engine.rules.world import Board, World
from app.match import fog


def _with_strangers(world: World, nation: str, rival: str, limit: int = 6) -> World:
    """The same world with armies of ``rival`` put in empty inland provinces of the active
    boards that ``nation`` does not see, and every centre it does not see given to ``rival``."""
    seen = visibility.sight(world, nation)
    v = world.variant
    boards = dict(world.boards)
    added = 0
    for key in world.active_boards():
        b = boards[key]
        if not b.is_movement:
            continue
        units = dict(b.units)
        for prov in sorted(v.provinces):
            if added >= limit:
                break
            if prov in seen[key] or prov in units or v.kind(prov) != "land":
                continue
            units[prov] = Unit(rival, "A", prov)
            added += 1
        centres = {p: (rival if p not in seen[key] else n) for p, n in b.centres.items()}
        centres.update((p, rival) for p in v.supply_centres if p not in seen[key])
        boards[key] = Board(key, MappingProxyType(units), MappingProxyType(centres))
    assert added, "no unseen empty province to put a stranger in"
    return world.derive(boards=MappingProxyType(boards))


def test_orders_do_not_depend_on_what_the_nation_cannot_see():
    differed = []
    for seed, turns in ((3, 0), (5, 7), (8, 13), (2, 16)):
        world = grow_world(seed=seed, turns=turns, time_travel=0.4).world
        if world.phase != "movement":
            continue
        for nation in ("England", "Turkey"):
            rival = "Russia" if nation == "England" else "France"
            other = _with_strangers(world, nation, rival)
            for level in LEVELS:
                a = decide(level, fog.fogged_world(world, [nation]), nation, seed=seed)
                b = decide(level, fog.fogged_world(other, [nation]), nation, seed=seed)
                assert a == b, (seed, turns, level, nation)
                if decide(level, world, nation, seed=seed) != decide(level, other, nation, seed=seed):
                    differed.append((seed, level, nation))
    assert differed, "the strangers changed no decision even without fog: the test would prove nothing"
