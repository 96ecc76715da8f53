"""A loaded game keeps nothing of the parsed file: the parser's objects are many and
short-lived, and one value kept from among them keeps its whole block of memory."""

import gc
import tracemalloc

import pytest

from app.bots import selfplay
from app.engine.game import Game
from app.engine.variants.variant import Variant


def _reachable(root):
    """Every object reachable from ``root``, the variant (loaded before) left out."""
    seen, stack, out = set(), [root], []
    while stack:
        o = stack.pop()
        if id(o) in seen or isinstance(o, (type, Variant)):
            continue
        seen.add(id(o))
        out.append(o)
        stack.extend(gc.get_referents(o))
    return out


def test_loaded_game_keeps_no_object_of_the_parsed_file(tmp_path):
    g = selfplay.grow_world(seed=150, turns=12)
    g.meta["note"] = "kept as a copy"
    g.save(tmp_path / "g.json")
    tracemalloc.start(25)
    try:
        h = Game.load(tmp_path / "g.json")
        from_parser = [o for o in _reachable(h)
                       if (tb := tracemalloc.get_object_traceback(o)) is not None
                       and any(f.filename.endswith("jsonfile.py") for f in tb)]   # parse_json
    finally:
        tracemalloc.stop()
    # The file's text, one block of its own, is kept for the writer until the first save
    # (it reuses the text's lines); nothing else.
    text = (tmp_path / "g.json").read_text()
    assert [o for o in from_parser if not (isinstance(o, str) and o == text)] == []
    h.dumps()
    assert not any(isinstance(o, str) and o == text for o in _reachable(h))
    assert h.meta["note"] == "kept as a copy"
    names = {id(n) for n in h.variant.nations}
    places = {id(p) for p in h.variant.locations}
    for board in h.world.boards.values():   # the variant's own strings, shared by every board
        assert all(id(p) in places and id(n) in names for p, n in board.centres.items())


def test_loading_leaves_no_cycles_behind(tmp_path):
    """Loading runs with the collector off and freezes what it made: a reference cycle
    among the readers would keep them, and the whole parsed file, for good."""
    g = selfplay.grow_world(seed=151, turns=10)
    g.save(tmp_path / "g.json")
    gc.unfreeze()   # what earlier loads froze, garbage included
    gc.collect()
    # The reading alone: the replay check after it is never frozen (what it makes dies
    # as it goes; the test below holds that none of it is left in cycles).
    h = Game.load(tmp_path / "g.json", replay_later=True)
    gc.unfreeze()
    assert gc.collect() == 0
    assert h.world.boards


def test_opening_a_save_file_leaves_the_scenario_format_unread(tmp_path):
    """Opening a save file reads the civilisations kind's save fields but never its scenario
    half, whose scenario format brings pydantic with it (12 MB and ~70 ms a fresh process
    paid per open when the variant itself was read without it)."""
    import subprocess
    import sys
    selfplay.grow_world(seed=151, turns=4).save(tmp_path / "g.json")
    code = ("import sys; from app.engine import Game; "
            f"g = Game.load({str(tmp_path / 'g.json')!r}); "
            "print(len(g.world.boards) > 0, 'app.engine.civ.kind' in sys.modules, "
            "'app.engine.civ.civ_scenario' in sys.modules, 'app.engine.scenarios.scenario' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.split() == ["True", "True", "False", "False"], out.stderr


def test_the_replay_check_leaves_no_cycles_behind(grown, tmp_path):
    """Game.load runs the replay check with the collector paused (objects all freed by
    reference counting): a reference cycle made while adjudicating would keep a replayed
    world alive until a later collection. (The search for a convoy route that needs a
    given fleet made one: a closure calling itself.)"""
    g, _ = grown
    g.save(tmp_path / "g.json")
    check = Game.load(tmp_path / "g.json", replay_later=True).replay_owed
    gc.collect()
    gc.disable()
    try:
        assert check.run().boards.keys() == g.world.boards.keys()
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_refused_file_leaves_the_collector_as_it_was(grown, tmp_path):
    """The replay runs with the collector paused; a file it refuses leaves it on, as it
    was (and off, with nothing set aside, when it was off)."""
    from app.engine.game import GameFileError
    from tests.edited_saves import give_a_start_centre
    g, _ = grown
    path = tmp_path / "g.json"
    g.save(path)
    path.write_text(give_a_start_centre(path.read_text(), "Austria", "ser"))
    with pytest.raises(GameFileError, match="not what its own submissions make"):
        Game.load(path)
    assert gc.isenabled()
    gc.disable()
    try:
        frozen = gc.get_freeze_count()
        with pytest.raises(GameFileError, match="not what its own submissions make"):
            Game.load(path)
        assert not gc.isenabled() and gc.get_freeze_count() == frozen
    finally:
        gc.enable()
