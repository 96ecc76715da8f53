"""The save writer costs what changed (it keeps the text of the last save with the tables it
was made from): whatever happened between two saves — submissions, undo, redo, forks, a
reload of a lazily read file —, the text it writes is the text written from scratch."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.bots import selfplay
from app.engine.saves import save_compact
from app.engine.game import Game


def from_scratch(g: Game) -> str:
    """The save text of ``g`` made with nothing kept from an earlier save."""
    s = g.snapshot()
    s.fragments = {}
    return s.dumps()


def saved_and_checked(g: Game) -> str:
    """Save as an autosave does (a snapshot, sharing what the writer keeps) and check it."""
    text = g.snapshot().dumps()
    assert text == from_scratch(g)
    return text


ACTIONS = st.lists(st.sampled_from(["submit", "submit", "undo", "redo", "reload", "save"]), min_size=4, max_size=12)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS, seed=st.integers(0, 10 ** 6))
def test_every_save_is_the_text_written_from_scratch(grown, tmp_path, actions, seed):
    g0, _ = grown
    path = tmp_path / "g.json"
    g0.save(path)
    g = Game.load(path)                 # a lazily read version-3 file: the writer starts from its lines
    rng = random.Random(seed)
    undone = []
    saved_and_checked(g)
    for action in actions:
        if action == "submit":
            g.submit(selfplay.random_orders(g.world, rng, 0.6, 8))   # often a fork
            undone.clear()
        elif action == "undo" and g.can_undo():
            undone.append(g.undo())
        elif action == "redo" and undone:
            g.redo(*undone.pop())
        elif action == "reload":
            g.save(path)
            g = Game.load(path)
            undone.clear()
        saved_and_checked(g)
    g.save(path)
    assert path.read_text(encoding="utf-8") == from_scratch(g)


def test_a_save_after_one_submission_makes_only_the_new_boards(grown, monkeypatch):
    g0, _ = grown
    g = Game(g0.variant, g0.adjacency, g0.seed, list(g0.worlds), g0.submissions, {}, g0.start)
    g.snapshot().dumps()
    before = set(g.world.boards)
    g.submit(selfplay.random_orders(g.world, random.Random(5)))
    made = []
    real = save_compact.board_json
    monkeypatch.setattr(save_compact, "board_json", lambda b: made.append(b.key) or real(b))
    pauses = []
    text = "".join(g.snapshot().dump_pieces(pause=lambda: pauses.append(1)))
    new = set(g.world.boards) - before
    assert new and set(made) - set(g.start.boards) == new
    assert len(pauses) >= len(new)        # the writer's thread may rest between pieces
    monkeypatch.undo()
    assert text == from_scratch(g)


def test_an_index_copy_keeps_its_history_while_the_game_goes_on(grown):
    """An autosave's snapshot shares the lists of the index with the live game: a later
    submission or undo must replace them, never change them."""
    g0, _ = grown
    g = Game(g0.variant, g0.adjacency, g0.seed, list(g0.worlds), g0.submissions, {}, g0.start)
    copy = g.index.copy()
    frozen = ({k: list(v) for k, v in copy.versions.items()}, {k: list(v) for k, v in copy.retreat_at.items()})
    rng = random.Random(8)
    for _ in range(3):
        g.submit(selfplay.random_orders(g.world, rng, 0.6, 8))
    for _ in range(5):
        g.undo()
    assert ({k: list(v) for k, v in copy.versions.items()}, {k: list(v) for k, v in copy.retreat_at.items()}) == frozen
