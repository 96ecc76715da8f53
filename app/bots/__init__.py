"""Computer players (no Qt): any nation can be played by the computer.

>>> from app.engine.game import Game
>>> g = Game.new()
>>> orders = decide("standard", g.world, "France", seed=1)
>>> sorted(o.unit.loc for o in orders)
['bre', 'mar', 'par']
>>> orders == decide("standard", g.world, "France", seed=1)
True

Four levels, each legal in every phase (movement, retreats, builds, disbands) and the same
for the same game seed, world and nation:

- ``random``: legal, varied random orders, time travel included (:mod:`.random_player`);
- ``easy``: a greedy rule set — take undefended centres, defend, advance (:mod:`.easy`);
- ``standard``: DumbBot-style province values (:mod:`.values`, :mod:`.standard`);
- ``hard``: a search — its own candidate orders against its neighbours' likely replies,
  each adjudicated by the engine and valued, the best response kept (:mod:`.hard`).

Easy and Standard then look across boards (:mod:`.timetravel`): moves, supports and
convoys into past boards and neighbouring timelines, each kept only when the engine's
adjudicator shows that it helps by the victory measure; Hard does the same with a finer
measure. Every level convoys within a board where it helps (:mod:`.convoys`).

A player decides from the world it is given: under fog of war, pass the nation's view.
``time_travel=False`` keeps a player on its own boards (classic games). A long think
reports its progress (:mod:`.progress`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.engine import Order
    from app.engine import World

    from .progress import Listener

# The players themselves are imported when one first decides: the New game dialog asks
# only for the levels (the window's start, issue 24).
LEVELS = ("random", "easy", "standard", "hard")

RANDOM_TRAVELLERS = 2  # time travellers a Random nation sends per submission, at most


def decide(level: str, world: World, nation: str, *, seed: int, budget: int | None = None,
           time_travel: bool = True, progress: Listener | None = None) -> list[Order]:
    """Orders for every unit and adjustment of ``nation`` in the world's current phase:
    on active movement boards one order per unit, on active Winter boards its builds,
    disbands (or waives), in a retreat pause a retreat or disband per dislodged unit.

    ``seed`` is the game's seed; ``budget`` caps the adjudications a player spends (Easy
    and Standard: time-travel candidates; Hard: its whole search; default: fewer as the
    world grows). ``time_travel=False``: no order leaves its own board. ``progress(done,
    text)`` hears how far a long think has got."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level '{level}' (one of {', '.join(LEVELS)})")
    if world.phase == "over" or nation not in world.variant.nation_names:
        return []   # (the neutral power is no playing nation: its units hold, RULES.md §12)
    from .common import rng_for
    from .progress import reporting_to
    rng = rng_for(level, world, nation, seed)
    if progress is not None:
        with reporting_to(progress):
            return _decide(level, world, nation, rng, budget, time_travel)
    return _decide(level, world, nation, rng, budget, time_travel)


def _decide(level: str, world: World, nation: str, rng, budget: int | None, time_travel: bool) -> list[Order]:
    from . import easy, hard, standard
    from .common import complete
    from .random_player import random_orders
    if level == "random":
        orders = random_orders(world, rng, time_travel=0.3 if time_travel else 0.0,
                               max_travellers=RANDOM_TRAVELLERS if time_travel else 0, nations=frozenset({nation}))
        return orders if world.pause is not None else complete(world, nation, orders)
    if level == "hard":
        return hard.decide(world, nation, rng, budget, time_travel)
    player = easy if level == "easy" else standard
    return player.decide(world, nation, rng, 0 if not time_travel else budget)


__all__ = ["LEVELS", "decide"]
