"""Helpers for tests about worlds: whether two are the same, and a game driven by steps."""

from app.bots.selfplay import random_orders
from app.engine.game import Game, world_to_json


def assert_same_world(a, b) -> None:
    """``a`` and ``b`` hold the same boards, orders, results, index, pause and timelines."""
    assert world_to_json(a) == world_to_json(b)
    assert dict(a.refs) == dict(b.refs) and dict(a.incoming) == dict(b.incoming)
    assert a.pause == b.pause and a.winner == b.winner and dict(a.ends) == dict(b.ends)
    assert a.submissions == b.submissions


def take_step(game: Game, step: str, rng, undone: list, time_travel: float = 0.5) -> None:
    """Apply one of ``submit`` (selfplay orders), ``undo`` or ``redo`` to ``game`` if it can be."""
    if step == "submit" and game.world.phase != "over":
        game.submit(random_orders(game.world, rng, time_travel=time_travel))
        undone.clear()
    elif step == "undo" and game.can_undo():
        undone.append(game.undo())
    elif step == "redo" and undone:
        game.redo(*undone.pop())
