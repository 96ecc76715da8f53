"""Computer players (no Qt): any nation can be played by the computer.

>>> from app.engine.game import Game
>>> g = Game.new()
>>> orders = decide("standard", g.world, "France", seed=1)
>>> sorted(o.unit.loc for o in orders)
['bre', 'mar', 'par']
>>> orders == decide("standard", g.world, "France", seed=1)
True

Three levels, each legal in every phase (movement, retreats, builds, disbands) and the same
for the same game seed, world and nation:

- ``random``: legal, varied random orders, time travel included (:mod:`.random_player`);
- ``easy``: a greedy rule set — take undefended centres, defend, advance (:mod:`.easy`);
- ``standard``: DumbBot-style province values (:mod:`.values`, :mod:`.standard`).

Easy and Standard then look across boards (:mod:`.timetravel`): moves, supports and
convoys into past boards and neighbouring timelines, each kept only when the engine's
adjudicator shows that it helps by the victory measure.

A player decides from the world it is given: under fog of war, pass the nation's view.
"""

from __future__ import annotations

from app.engine.orders import Order
from app.engine.world import World

from . import easy, standard
from .common import complete, rng_for
from .random_player import random_orders

LEVELS = ("random", "easy", "standard")

RANDOM_TRAVELLERS = 2  # time travellers a Random nation sends per submission, at most


def decide(level: str, world: World, nation: str, *, seed: int, budget: int | None = None) -> list[Order]:
    """Orders for every unit and adjustment of ``nation`` in the world's current phase:
    on active movement boards one order per unit, on active Winter boards its builds,
    disbands (or waives), in a retreat pause a retreat or disband per dislodged unit.

    ``seed`` is the game's seed; ``budget`` (Easy and Standard) caps the time-travel
    candidates adjudicated (default: fewer as the world grows)."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level '{level}' (one of {', '.join(LEVELS)})")
    if world.phase == "over" or nation not in world.variant.nations:
        return []
    rng = rng_for(level, world, nation, seed)
    if level == "random":
        orders = random_orders(world, rng, max_travellers=RANDOM_TRAVELLERS, nations=frozenset({nation}))
        return orders if world.pause is not None else complete(world, nation, orders)
    player = easy if level == "easy" else standard
    return player.decide(world, nation, rng, budget)


__all__ = ["LEVELS", "decide"]
