import pytest

from app.bots import selfplay


@pytest.fixture(scope="module")
def grown():
    """A game with forks and a retreat pause (seed 150), and its live worlds."""
    g = selfplay.grow_world(seed=150, turns=12)
    assert len(g.world.timelines) > 1 and any(w.pause for w in g.worlds)
    return g, list(g.worlds)
