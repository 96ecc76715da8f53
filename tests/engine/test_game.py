"""Games: submissions, undo, and save files that never crash the reader."""

import json

import pytest

from app.engine.game import Game, GameFileError, world_to_json
from app.engine.rules.submission import SubmissionError
from app.engine.saves.save_fields import SAVE_VERSION
from tests.worlds import assert_same_world


def test_submit_and_undo():
    g = Game.new()
    g.submit_text(["A mun - tyr", "A par - bur"])
    assert g.world.boards[g.world.active_boards()[0]].units["tyr"].nation == "Germany"
    g.undo()
    assert "mun" in g.world.boards[g.world.active_boards()[0]].units
    assert not g.can_undo()


def test_save_is_atomic_and_loads(tmp_path):
    g = Game.new(adjacency="loose", seed=9)
    g.submit_text(["A mun - tyr"])
    g.meta["mode"] = "sandbox"
    path = tmp_path / "game.json"
    g.save(path)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary left behind
    h = Game.load(path)
    assert world_to_json(h.world) == world_to_json(g.world)
    assert h.adjacency == "loose" and h.seed == 9 and h.meta == {"mode": "sandbox"}


@pytest.mark.parametrize("content,needle", [
    ("", "not valid JSON"),
    ('{"format": "5d-diplomacy-save", "version": 1, "variant": "standard", "sta', "truncated"),
    ('{"format": "chess"}', "not a 5D Diplomacy save file"),
    ('{"format": "5d-diplomacy-save", "version": 99}', "newer version"),
    ('[1, 2, 3]', "not a 5D Diplomacy save file"),
])
def test_bad_files_say_what_is_wrong(tmp_path, content, needle):
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    assert needle in str(e.value) and "bad.json" in str(e.value)


def test_bad_field_is_named(tmp_path):
    g = Game.new()
    g.submit_text(["A mun - tyr"])
    data = g.to_json()
    data["world"]["boards"][0]["units"][0] = "Germany A atlantis"
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    assert "world.boards.0" in str(e.value) and "atlantis" in str(e.value)


def test_missing_file(tmp_path):
    with pytest.raises(GameFileError, match="no such file"):
        Game.load(tmp_path / "nope.json")


def test_no_orders_after_victory():
    from app.engine.rules.coords import BoardKey, Turn
    from app.engine.variants.variant import load_variant
    from app.engine.rules.world import World, make_board
    v = load_variant()
    centres = {c: "France" for c in sorted(v.supply_centres)[:18]}
    b = make_board(BoardKey(1, Turn.parse("F1901")), [("France", "A", "par")], centres)
    g = Game.from_world(World.from_boards(v, [b]))
    g.submit([])
    assert g.world.winner == "France" and g.world.phase == "over"
    with pytest.raises(SubmissionError, match="over"):
        g.submit([])


# -- history without replay ------------------------------------------------------------

import os  # noqa: E402
import random  # noqa: E402
import threading  # noqa: E402
from pathlib import Path  # noqa: E402

from app.bots import selfplay  # noqa: E402
from app.engine import game as game_module  # noqa: E402
from app.engine.saves import replay_check  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures"


def test_past_worlds_are_rebuilt_exactly(grown):
    g, live = grown
    fresh = game_module.Game(g.variant, g.adjacency, g.seed, live, g.submissions, {}, live[0])
    fresh.worlds = [live[-1]]  # only the present: the past comes from the history index
    for i, w in enumerate(live):
        assert_same_world(fresh.world_at(i), w)


def test_loaded_game_has_its_history_without_replaying(grown, tmp_path, monkeypatch):
    g, live = grown
    g.save(tmp_path / "g.json")

    def no_replay(*a, **k):
        raise AssertionError("replayed")

    monkeypatch.setattr(game_module, "submit", no_replay)
    monkeypatch.setattr(replay_check, "submit", no_replay)
    h = Game.load(tmp_path / "g.json", replay_later=True)
    assert len(h.history()) == len(live)
    assert_same_world(h.history()[len(live) - 2], live[-2])
    orders, undone = h.undo()
    assert orders == g.submissions[-1]
    assert_same_world(undone, live[-1])
    assert_same_world(h.world, live[-2])
    assert_same_world(h.world_at(3), live[3])
    monkeypatch.undo()
    h.redo(orders, undone)
    assert_same_world(h.world, live[-1])
    h.undo()
    h.submit(list(g.submissions[-1]))  # adjudicating again on the rebuilt world gives the same
    assert_same_world(h.world, live[-1])


def test_saving_again_reuses_and_matches(grown, tmp_path):
    g, _ = grown
    first = g.dumps()
    assert g.dumps() == first  # from the cached pieces
    g2 = game_module.Game(g.variant, g.adjacency, g.seed, list(g.worlds), g.submissions, dict(g.meta), g.start)
    assert g2.dumps() == first  # from scratch
    (tmp_path / "g.json").write_text(first)
    assert Game.load(tmp_path / "g.json").dumps() == first  # from the text kept when opening


def test_version_1_save_still_loads(tmp_path):
    """A file written by the version-1 writer (kept as a fixture) loads, is checked by
    replaying it, and saves again as the current version."""
    path = FIXTURES / "v1_selfplay.json"
    assert json.loads(path.read_text())["version"] == 1
    g = Game.load(path)
    assert len(g.world.boards) == 33 and len(g.history()) == len(g.submissions) + 1
    g.save(tmp_path / "v2.json")
    data = json.loads((tmp_path / "v2.json").read_text())
    assert data["version"] == SAVE_VERSION and data["checksum"].startswith("sha256:")
    h = Game.load(tmp_path / "v2.json")
    for i in range(len(g.submissions) + 1):
        assert_same_world(h.world_at(i), g.world_at(i))


# -- files that must be refused ----------------------------------------------------------


def _small_game():
    g = Game.new()
    g.submit_text(["A mun - tyr", "F kie - den"])
    g.submit_text(["A 1:tyr:F1901 - 1:tyr:S1901"])
    return g


def _refused(tmp_path, data, *needles, name="bad.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    for needle in (name, *needles):
        assert needle in str(e.value)
    return str(e.value)


@pytest.mark.parametrize("version", [0, -1, True, "2", None, 2.0])
def test_bad_versions_are_refused(tmp_path, version):
    data = _small_game().to_json()
    data["version"] = version
    _refused(tmp_path, data, "version")


def test_future_version_is_refused(tmp_path):
    data = _small_game().to_json()
    data["version"] = SAVE_VERSION + 1
    _refused(tmp_path, data, "newer version")


def _add_centre(board, part):
    board["centres"] += "; " + part


@pytest.mark.parametrize("edit,needle", [
    (lambda d: d["world"]["orders"][0]["results"].__setitem__(0, "susceeds"), "susceeds"),
    (lambda d: _add_centre(d["world"]["boards"][0], "Atlantis: mun"), "Atlantis"),
    (lambda d: d["world"]["boards"][0].update(centres=d["world"]["boards"][0]["centres"].replace(
        "Germany: ber", "Germany: ber xyz")), "xyz"),
    (lambda d: d["world"]["boards"][0].update(centres=d["world"]["boards"][0]["centres"].replace(
        "Germany: ber", "Germany: ber par")), "par"),
    (lambda d: _add_centre(d["start"][0], "Narnia: par"), "Narnia"),
    (lambda d: d["world"]["orders"][0]["results"].__setitem__(0, "fd=nowhere"), "nowhere"),
    (lambda d: d["world"].update(winner="Atlantis"), "Atlantis"),
    (lambda d: d["world"]["orders"][0]["orders"].__setitem__(0, "Germany: A mun - tyrr"), "tyrr"),
    (lambda d: d["world"]["orders"][0]["orders"].__setitem__(0, "Germany: A mun@+1+0 H"), "own board"),
    (lambda d: d["world"]["orders"][0]["orders"].__setitem__(0, "Germany: A mun - tyr@+0-9999999"), "too far"),
    (lambda d: d["world"]["orders"][0]["orders"].__setitem__(0, "Germany: A mun - tyr@-1+0"), "is no board"),
    (lambda d: d["submissions"][0].__setitem__(0, "Germany: A mun - tyr"), "submissions.0.0"),
    (lambda d: d["world"].update(parents={"x": None}), "world.parents"),
    (lambda d: d.update(variant="9" * 5000), "field 'variant'"),  # found by a corpus of 1013 damaged files
    (lambda d: d.update(variant="no-such-variant"), "no-such-variant"),
])
def test_bad_names_and_values_are_refused(tmp_path, edit, needle):
    data = _small_game().to_json()
    edit(data)
    _refused(tmp_path, data, needle)


@pytest.mark.parametrize("edit,needle", [
    (lambda d: d["world"]["orders"][0]["results"][0].update(status="susceeds"), "susceeds"),
    (lambda d: d["world"]["boards"][0]["centres"].update(Atlantis=["mun"]), "Atlantis"),
    (lambda d: d["world"]["boards"][0]["centres"]["Germany"].append("xyz"), "xyz"),
    (lambda d: d["world"]["boards"][0]["centres"]["Germany"].append("par"), "par"),
    (lambda d: d["start"][0]["centres"].update(Narnia=[]), "Narnia"),
    (lambda d: d["world"]["orders"][0]["results"][0].update(retreat_to="nowhere"), "nowhere"),
    (lambda d: d["world"].update(winner="Atlantis"), "Atlantis"),
    (lambda d: d["world"]["orders"][0]["orders"].__setitem__(0, "Germany: A 1:mun:S1901 - 1:tyrr:S1901"), "tyrr"),
    (lambda d: d["world"]["orders"][0]["orders"].__setitem__(0, "Germany: A 2:mun:S1901 H"), "not an order on board"),
    (lambda d: d["world"].update(parents={"x": None}), "world.parents"),
])
def test_bad_names_and_values_of_version_2_files_are_refused(tmp_path, edit, needle):
    data = json.loads((FIXTURES / "v2_small.json").read_text())
    edit(data)
    _refused(tmp_path, data, needle)


def test_stored_world_must_be_what_its_submissions_make(tmp_path):
    g = _small_game()
    data = g.to_json()
    past = next(b for b in data["world"]["boards"] if b["board"] == "1:S1901")
    past["units"] = [u.replace("Germany A mun", "Germany A boh") for u in past["units"]]
    msg = _refused(tmp_path, data, "is not what its own submissions make", "1:S1901")
    assert "world" in msg
    data = g.to_json()
    data["submissions"][0] = ["1:S1901 Germany: A mun - boh"]
    _refused(tmp_path, data, "is not what its own submissions make")
    data = json.loads((FIXTURES / "v2_small.json").read_text())   # and an old file, checked the same way
    data["submissions"][0] = ["Germany: A 1:mun:S1901 - 1:boh:S1901"]
    _refused(tmp_path, data, "is not what its own submissions make")


def test_a_hand_edit_that_keeps_the_game_loads(tmp_path):
    data = _small_game().to_json()
    data["meta"] = {"note": "edited by hand"}  # the checksum no longer holds: replayed and equal
    (tmp_path / "ok.json").write_text(json.dumps(data, indent=2))
    g = Game.load(tmp_path / "ok.json")
    assert g.meta == {"note": "edited by hand"} and len(g.history()) == 3


def test_deep_nesting_and_huge_numbers(tmp_path):
    _refused(tmp_path, "[" * 100_000 + "]" * 100_000, "nested too deeply")
    data = _small_game().to_json()
    text = json.dumps(data, separators=(",", ":")).replace('"seed":0', '"seed":' + "9" * 5000)
    assert "9" * 5000 in text
    _refused(tmp_path, text, "not usable JSON")
    data["meta"] = {"x": json.loads("[" * 500 + "]" * 500)}
    (tmp_path / "meta.json").write_text(json.dumps(data))
    Game.load(tmp_path / "meta.json")  # deep but readable: fine


def test_directory_symlink_loop_and_fifo_are_refused_at_once(tmp_path):
    (tmp_path / "folder.json").mkdir()
    with pytest.raises(GameFileError, match="folder.json: is a folder"):
        Game.load(tmp_path / "folder.json")
    os.symlink(tmp_path / "loop_b.json", tmp_path / "loop_a.json")
    os.symlink(tmp_path / "loop_a.json", tmp_path / "loop_b.json")
    with pytest.raises(GameFileError, match="loop_a.json: a loop of symbolic links"):
        Game.load(tmp_path / "loop_a.json")
    os.mkfifo(tmp_path / "pipe.json")
    outcome = []

    def load_pipe():
        try:
            Game.load(tmp_path / "pipe.json")
        except GameFileError as e:
            outcome.append(str(e))

    t = threading.Thread(target=load_pipe, daemon=True)
    t.start()
    t.join(10)
    if t.is_alive():  # unblock the reader so the test run can end, then fail
        with open(tmp_path / "pipe.json", "w"):
            pass
        pytest.fail("reading a named pipe blocked")
    assert outcome and "not a regular file" in outcome[0]


def test_corrupted_saves_all_give_the_projects_error(tmp_path):
    """A corpus of damaged copies of one save (truncations, flipped bytes, and random edits
    of its JSON tree): each loads as the same world or raises GameFileError, nothing else."""
    g = _small_game()
    good = g.dumps()
    want = world_to_json(g.world)
    rng = random.Random(7)
    corpus = [good[:rng.randrange(len(good))] for _ in range(15)]
    for _ in range(25):
        i = rng.randrange(len(good))
        corpus.append(good[:i] + rng.choice('x0{}[]",:9- ') + good[i + 1:])
    leaves = ["X", "", 0, -1, 10**30, 1.5, True, None, [], {}, "Germany", "1:S1901", "succeeds", "susceeds"]
    for _ in range(80):
        data = json.loads(good)
        _mutate(data, rng, leaves)
        corpus.append(json.dumps(data))
    outcomes = {"refused": 0, "loaded": 0}
    for n, text in enumerate(corpus):
        path = tmp_path / f"c{n}.json"
        path.write_text(text)
        try:
            loaded = Game.load(path)
        except GameFileError as e:
            assert f"c{n}.json" in str(e)
            outcomes["refused"] += 1
        else:
            assert world_to_json(loaded.world) == want, text
            outcomes["loaded"] += 1
    assert outcomes["refused"] > len(corpus) * 0.6  # the rest were harmless edits (e.g. of meta)


def _mutate(data, rng, leaves):
    """Replace, delete or add one value somewhere in the tree."""
    node = data
    path = []
    while isinstance(node, (dict, list)) and node and rng.random() < 0.8:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append((node, key))
        node = node[key]
    if not path:
        return
    parent, key = path[-1]
    action = rng.random()
    if action < 0.6:
        parent[key] = rng.choice(leaves)
    elif action < 0.8:
        del parent[key]
    elif isinstance(parent, dict):
        parent["extra"] = rng.choice(leaves)
    else:
        parent.append(rng.choice(leaves))


def test_snapshot_writes_without_replaying_and_stays_frozen(grown, tmp_path, monkeypatch):
    g, live = grown
    g.save(tmp_path / "g.json")
    h = Game.load(tmp_path / "g.json", replay_later=True)
    monkeypatch.setattr(game_module, "submit", lambda *a, **k: pytest.fail("replayed"))
    monkeypatch.setattr(replay_check, "submit", lambda *a, **k: pytest.fail("replayed"))
    snap = h.snapshot(meta={"seats": []})
    h.undo()  # the game goes on; the snapshot does not move
    text = snap.dumps()
    data = json.loads(text)
    assert data["meta"] == {"seats": []} and len(data["submissions"]) == len(live) - 1
    monkeypatch.undo()
    (tmp_path / "s.json").write_text(text)
    assert_same_world(Game.load(tmp_path / "s.json").world, live[-1])


@pytest.mark.parametrize("content,needle", [
    ("", "is empty"),
    ("   \n", "is empty"),
    ('<svg xmlns="http://www.w3.org/2000/svg"></svg>', "not valid JSON"),
    ("format: 5d-diplomacy-save\n", "not valid JSON"),
])
def test_a_file_that_is_not_json_is_not_said_truncated(tmp_path, content, needle):
    # Any JSON error was followed by "the file may be truncated", for an SVG or an empty
    # file too: only an error at the very end of the text says that.
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(GameFileError) as e:
        Game.load(path)
    assert needle in str(e.value) and "truncated" not in str(e.value)


def test_a_save_with_a_byte_order_mark_opens(tmp_path):
    # An editor that writes UTF-8 with a byte order mark (Notepad, PowerShell) made a save
    # unreadable: "Unexpected UTF-8 BOM ...; the file may be truncated".
    g = Game.new()
    g.submit_text(["A mun - tyr"])
    path = tmp_path / "g.json"
    g.save(path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert world_to_json(Game.load(path).world) == world_to_json(g.world)
