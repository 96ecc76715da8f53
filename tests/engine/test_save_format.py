"""Save files of version 3: orders relative to their board, read back exactly; worlds read
from them equal the worlds their submissions make; files of versions 1 and 2 still load; the
writer reuses the file's own lines and forgets the text of undone boards."""

import doctest
import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import app.engine.notation.board_text
from app.bots import selfplay
from app.engine import game as game_module
from app.engine.saves import replay_check
from app.engine.saves import save_compact, savefile
from app.engine.notation.board_text import BoardTextReader, centres_text, order_text, result_text
from app.engine.rules.coords import BoardKey, Location, Turn
from app.engine.game import Game, GameFileError, world_to_json
from app.engine.rules.orders import Build, Convoy, Disband, Hold, Move, Result, Retreat, Support, Waive
from app.engine.variants.variant import load_variant
from tests.worlds import assert_same_world

FIXTURES = Path(__file__).parent / "fixtures"
V = load_variant()


def test_docstring_examples():
    result = doctest.testmod(app.engine.notation.board_text)
    assert result.attempted and not result.failed


# -- the texts ------------------------------------------------------------------------------

keys = st.builds(lambda t, y, s: BoardKey(t, Turn(y, s)), st.integers(1, 60), st.one_of(st.integers(1901, 1990), st.integers(1, 9999)),
                 st.integers(0, 2))
places = st.sampled_from(sorted(V.locations))


@st.composite
def orders_on_boards(draw):
    """Any order the engine can store on a board, naming any boards (refused orders can)."""
    key = draw(keys)
    nation = draw(st.sampled_from(list(V.nation_names) + [""]))
    utype = draw(st.sampled_from(["A", "F"]))
    here = Location(key, draw(places))
    there = st.builds(Location, st.one_of(st.just(key), keys), places)
    kind = draw(st.sampled_from(["hold", "move", "support", "convoy", "retreat", "disband", "build", "waive"]))
    if kind == "hold":
        o = Hold(nation, utype, here)
    elif kind == "move":
        o = Move(nation, utype, here, draw(there), draw(st.booleans()))
    elif kind == "support":
        o = Support(nation, utype, here, draw(st.sampled_from([None, "A", "F"])), draw(there),
                    draw(st.one_of(st.none(), there)))
    elif kind == "convoy":
        o = Convoy(nation, "F", here, draw(there), draw(there))
    elif kind == "retreat":
        o = Retreat(nation, utype, here, draw(there))
    elif kind == "disband":
        o = Disband(nation, utype, here)
    elif kind == "build":
        o = Build(nation or "Germany", draw(st.sampled_from(["A", "F", "?"])), here)
    else:
        o = Waive(nation or "Italy", key)
    return key, o


@settings(max_examples=300, deadline=None)
@given(orders_on_boards())
def test_an_order_reads_back_as_printed_relative_to_its_board(case):
    key, order = case
    text = order_text(order, key)
    assert BoardTextReader(V).order(text, key) == order


@settings(max_examples=200, deadline=None)
@given(st.builds(Result, st.sampled_from(["succeeds", "fails", "invalid", "pending"]), st.text(max_size=40),
                 st.booleans(), st.booleans(), st.one_of(st.none(), places), st.booleans(), st.booleans()))
def test_a_result_reads_back_as_printed(r):
    assert BoardTextReader(V).result(result_text(r)) == r


def test_centre_owners_read_back_and_are_shared():
    owners = {"ber": "Germany", "mun": "Germany", "par": "France", "kie": "Germany"}
    text = centres_text(owners)
    assert text == "France: par; Germany: ber kie mun"
    reader = BoardTextReader(V)
    assert dict(reader.centres(text)) == owners and reader.centres(text) is reader.centres(text)
    assert dict(reader.centres("")) == {}


@pytest.mark.parametrize("text,needle", [
    ("Germany A mun H", "not an order"), ("Prussia: A mun H", "Prussia"), ("Germany: A mun - tyr@1", "mun@+1-2"),
    ("Germany: A mun - tyr@+x+1", "tyr@+x+1"), ("Germany: Q mun H", "not an order"), ("x" * 400, "longer than"),
])
def test_a_bad_order_text_is_named(text, needle):
    with pytest.raises(ValueError, match=needle.replace("+", r"\+")):
        BoardTextReader(V).order(text, BoardKey(1, Turn(1901, 0)))


# -- whole files ---------------------------------------------------------------------------


def test_the_file_is_laid_out_one_piece_to_a_line(tmp_path):
    g = Game.new()
    g.submit_text(["A mun - tyr", "F kie - den"])
    g.submit_text(["A 1:tyr:F1901 - 1:tyr:S1901"])
    text = g.dumps()
    lines = text.split("\n")
    assert lines[1] == ('["1:S1901 Germany: A mun - tyr","1:S1901 Germany: F kie - den"],')
    assert lines[2] == '["1:F1901 Germany: A tyr - tyr@+0-1"]'
    assert lines[3] == '],"world":{"boards":['
    board = json.loads(lines[4].rstrip(","))
    assert board["board"] == "1:S1901" and board["born"] == 0 and "Germany A mun" in board["units"]
    assert board["centres"].startswith("Austria: bud tri vie; England: edi lon lvp;")
    orders = [json.loads(line.rstrip(",")) for line in lines if line.startswith('{"board":"1:F1901","given"')]
    assert "Germany: A tyr - tyr@+0-1" in orders[0]["orders"]
    assert orders[0]["results"][orders[0]["orders"].index("Germany: A tyr - tyr@+0-1")] == "fc:bounced at 1:tyr:S1901"


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10 ** 6), adjacency=st.sampled_from(["strict", "loose"]), turns=st.integers(3, 14))
def test_a_world_read_from_the_file_is_the_world_replayed(tmp_path, seed, adjacency, turns):
    g = selfplay.grow_world(adjacency=adjacency, seed=seed, turns=turns)
    live = list(g.worlds)
    text = g.dumps()
    path = tmp_path / f"g{seed}.json"
    path.write_text(text)
    trusted = Game.load(path)                     # the checksum holds: read lazily, still replayed
    assert trusted.submissions == g.submissions
    for i, w in enumerate(live):
        assert_same_world(trusted.world_at(i), w)
    data = json.loads(text)
    del data["checksum"]
    path.write_text(json.dumps(data))
    replayed = Game.load(path)                    # no checksum: replayed and compared
    assert_same_world(replayed.world, live[-1])


def test_a_vouched_file_opened_with_its_check_for_later_is_not_replayed(grown, tmp_path, monkeypatch):
    g, live = grown
    g.save(tmp_path / "g.json")
    monkeypatch.setattr(game_module, "submit", lambda *a, **k: pytest.fail("replayed"))
    monkeypatch.setattr(replay_check, "submit", lambda *a, **k: pytest.fail("replayed"))
    h = Game.load(tmp_path / "g.json", replay_later=True)
    assert h.replay_owed is not None
    for i in (len(live) - 1, len(live) // 2, 0):
        assert_same_world(h.world_at(i), live[i])


def test_loaded_objects_are_shared(grown, tmp_path):
    """One object per distinct value: boards with the same owners share them, and a
    submission's orders are the very orders stored in the world."""
    g, _ = grown
    g.save(tmp_path / "g.json")
    h = Game.load(tmp_path / "g.json")
    centres = {id(b.centres) for b in h.world.boards.values()}
    assert len(centres) < len(h.world.boards) / 2
    stored = {id(o) for os in h.world.orders.values() for o in os}
    given = [o for s in h.submissions for o in s if o.kind in ("hold", "move", "support", "convoy")]
    assert given and sum(id(o) in stored for o in given) > 0.9 * len(given)


@pytest.mark.parametrize("name", ["v2_selfplay.json", "v1_selfplay.json"])
def test_old_files_load_and_save_as_version_3(name, tmp_path, monkeypatch):
    path = FIXTURES / name
    old = json.loads(path.read_text())
    if old["version"] == 2:   # its checksum holds: read without replaying, like a new file
        monkeypatch.setattr(replay_check, "submit", lambda *a, **k: pytest.fail("replayed"))
    g = Game.load(path, replay_later=True)
    monkeypatch.undo()
    old.pop("checksum", None)   # the same file, untrusted: replayed from its submissions
    (tmp_path / "replay.json").write_text(json.dumps(old))
    replayed = Game.load(tmp_path / "replay.json")
    for i in range(len(g.submissions) + 1):
        assert_same_world(g.world_at(i), replayed.world_at(i))
    g.save(tmp_path / "v3.json")
    assert json.loads((tmp_path / "v3.json").read_text())["version"] == savefile.SAVE_VERSION == 3
    h = Game.load(tmp_path / "v3.json")
    for i in range(len(g.submissions) + 1):
        assert_same_world(h.world_at(i), g.world_at(i))


def test_an_edited_old_file_is_replayed_and_refused_when_it_differs(tmp_path):
    data = json.loads((FIXTURES / "v2_selfplay.json").read_text())
    board = data["world"]["boards"][3]
    board["units"] = board["units"][1:]
    (tmp_path / "edited.json").write_text(json.dumps(data))
    with pytest.raises(GameFileError, match=r"edited\.json.*is not what its own submissions make"):
        Game.load(tmp_path / "edited.json")


def test_the_first_save_after_opening_writes_only_what_changed(grown, tmp_path, monkeypatch):
    g, _ = grown
    text = g.dumps()
    (tmp_path / "g.json").write_text(text)
    h = Game.load(tmp_path / "g.json")
    calls, boards = [], []
    real, real_board = save_compact.order_text, save_compact.board_json
    monkeypatch.setattr(save_compact, "order_text", lambda o, k: calls.append(k) or real(o, k))
    monkeypatch.setattr(save_compact, "board_json", lambda b: boards.append(b.key) or real_board(b))
    assert h.dumps() == text
    assert boards == list(h.start.boards)       # only the start boards, in the head: every line reused
    assert set(calls) <= set(h.world.retreats)  # and the retreats of the pause, in the tail
    h.undo()
    h.submit(selfplay.random_orders(h.world, random.Random(3)))
    calls.clear()
    h.dumps()
    assert 0 < len(set(calls)) <= len(h.world.active_boards()) * 3 + 8


def test_the_writer_forgets_the_text_of_undone_boards(grown):
    g, _ = grown
    h = Game(g.variant, g.adjacency, g.seed, list(g.worlds), g.submissions, {}, g.start)
    h.dumps()
    for _ in range(5):
        h.undo()
    h.dumps()
    kept = save_compact.kept_texts(h)
    boards, orders, subs = kept["board"], kept["orders"], kept["submission"]
    assert boards == set(h.world.boards) and orders == set(h.world.orders)
    assert subs == set(range(len(h.submissions)))


def test_a_save_written_in_pieces_is_the_text(grown, tmp_path):
    """Game.save writes the writer's pieces one after another, never joined: the file is
    exactly the text of dumps()."""
    g, _ = grown
    h = Game(g.variant, g.adjacency, g.seed, list(g.worlds), g.submissions, {"note": "é ü"}, g.start)
    pieces = h.dump_pieces()
    assert len(pieces) > 10 and all(type(p) is str for p in pieces)
    h.save(tmp_path / "g.json")
    assert (tmp_path / "g.json").read_text(encoding="utf-8") == "".join(pieces) == h.dumps()
    assert Game.load(tmp_path / "g.json").dumps() == h.dumps()
