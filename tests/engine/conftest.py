import pytest

from app.bots import selfplay


@pytest.fixture(scope="module")
def grown():
    """A game with forks and a retreat pause (seed 150), and its live worlds."""
    g = selfplay.grow_world(seed=150, turns=12)
    assert len(g.world.timelines) > 1 and any(w.pause for w in g.worlds)
    return g, list(g.worlds)


@pytest.fixture(scope="session")
def selfplay_save(tmp_path_factory):
    """``selfplay_save(n)``: the path of a saved selfplay game of at least ``n`` boards --
    the worlds the benchmarks measure (``python -m app selfplay --boards n --no-victory
    --seed 7``), grown here once a session so that the tests that read them always run."""
    made: dict[int, object] = {}

    def grown_save(boards: int):
        if boards not in made:
            path = tmp_path_factory.mktemp("selfplay") / f"selfplay-7-{boards}.json"
            selfplay.grow_world(seed=7, boards=boards, victory=False).save(path)
            made[boards] = path
        return made[boards]

    return grown_save
