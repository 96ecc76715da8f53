"""Every damaged file gives a named error (issue 17): a corpus of saves with a value of the
wrong type put at every kind of place (a centre that is an object or a list, a result status
that is a list...), each opened as the window opens a file. The only way out is a
``GameFileError`` naming the file; never a TypeError, KeyError or AttributeError."""

import json
import random
from pathlib import Path

import pytest

from app.bots.selfplay import random_orders
from app.engine.game import Game, GameFileError
from app.match import Match, Seat
from app.match.storage import open_match, save_match

WRONG = [{}, [], None, -1, True, "x", [["x"]]]


@pytest.fixture(scope="module")
def base_file(tmp_path_factory) -> Path:
    return _game_file(tmp_path_factory.mktemp("base"))


def _game_file(tmp_path) -> Path:
    """A small hotseat game with every part a file can have: several boards and timelines,
    orders and results, a retreat pause, pending and sealed orders, a selfplay record."""
    rng = random.Random(36)
    m = Match.new(seed=36, seats=[Seat(name="Ada", nations=("England", "France", "Germany")),
                         Seat(name="Ben", nations=("Russia", "Turkey", "Austria", "Italy"))], pins={0: "2718"})
    for _ in range(40):
        w = m.game.world
        if w.pause is not None and len(w.timelines) > 1:
            break
        m.game.submit(random_orders(w, rng, 0.5))
    assert m.world.pause is not None
    path = tmp_path / "base.json"
    save_match(m, path)
    doc = json.loads(path.read_text())
    doc["meta"]["selfplay"] = {"seed": 36, "submissions": len(m.game.submissions), "victory": True}
    path.write_text(json.dumps(doc))
    open_match(path)                        # the undamaged file opens
    return path


def _places(node, path=()):
    """Every place in a JSON document: (path, value)."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _places(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _places(v, path + (i,))


def _shape(path) -> tuple:
    """A place's kind: list indices, nations and timeline numbers aside."""
    return tuple("*" if isinstance(p, int) or p[:1].isupper() or p.isdigit() else p for p in path)


def _put(doc, path, value):
    node = doc
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value


def _corpus(base: dict, per_shape: int = 1):
    """A wrong value at up to ``per_shape`` places of each kind (the same key path, list
    indices aside), every wrong value at each."""
    seen: dict[tuple, int] = {}
    for path, value in _places(base):
        if not path:
            continue
        shape = _shape(path)
        if seen.get(shape, 0) >= per_shape:
            continue
        seen[shape] = seen.get(shape, 0) + 1
        for wrong in WRONG:
            if type(wrong) is type(value) and wrong == value:
                continue
            yield path, wrong
    # dict keys of the wrong kind where the file maps names to values
    for path, value in _places(base):
        if path and isinstance(value, dict) and value and seen.get(("keys",) + _shape(path), 0) < 1:
            seen[("keys",) + _shape(path)] = 1
            yield path, {"??": next(iter(value.values())), **value}


def test_a_damaged_file_of_any_kind_is_a_named_error(tmp_path, base_file):
    base = json.loads(base_file.read_text())
    escaped, tried = [], 0
    target = tmp_path / "damaged.json"
    for path, wrong in _corpus(base):
        doc = json.loads(json.dumps(base))
        _put(doc, path, wrong)
        target.write_text(json.dumps(doc))
        tried += 1
        try:
            open_match(target)
        except GameFileError as e:
            assert str(target) in str(e), f"{path}: the message does not name the file: {e}"
        except Exception as e:  # noqa: BLE001  (what the test is looking for)
            escaped.append(f"{'.'.join(map(str, path))} = {json.dumps(wrong)}: {type(e).__name__}: {e}")
    assert tried > 400
    assert not escaped, f"{len(escaped)} of {tried} damaged files escape:\n" + "\n".join(escaped[:40])


@pytest.mark.parametrize("where, wrong", [
    (("start", 0, "centres", "England"), [{"lon": 1}]),          # a centre that is an object
    (("start", 0, "centres", "England"), [["lon"]]),             # a centre that is a list
    (("world", "boards", 0, "centres", "France"), [{"a": 1}]),
])
def test_the_centres_and_statuses_of_the_issue(tmp_path, base_file, where, wrong):
    base = json.loads(base_file.read_text())
    node = base
    for p in where[:-1]:
        node = node[p]
    node[where[-1]] = wrong
    target = tmp_path / "d.json"
    target.write_text(json.dumps(base))
    with pytest.raises(GameFileError, match="centres"):
        Game.load(target)


@pytest.mark.parametrize("status", [["succeeds"], {"s": 1}])
def test_a_result_status_that_is_a_list_or_an_object(tmp_path, base_file, status):
    base = json.loads(base_file.read_text())
    base["world"]["orders"][0]["results"][0]["status"] = status
    target = tmp_path / "d.json"
    target.write_text(json.dumps(base))
    with pytest.raises(GameFileError, match="status"):
        Game.load(target)
