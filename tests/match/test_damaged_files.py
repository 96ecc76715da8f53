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


V2_FILE = Path(__file__).parents[1] / "engine" / "fixtures" / "v2_small.json"   # the issue's files were version 2


@pytest.mark.parametrize("version, where, wrong", [
    (2, ("start", 0, "centres", "England"), [{"lon": 1}]),          # a centre that is an object
    (2, ("start", 0, "centres", "England"), [["lon"]]),             # a centre that is a list
    (2, ("world", "boards", 0, "centres", "France"), [{"a": 1}]),
    (3, ("start", 0, "centres"), {"England": ["lon"]}),             # the owners' text an object
    (3, ("start", 0, "centres"), ["England: lon"]),                 # or a list
    (3, ("world", "boards", 0, "centres"), {"a": 1}),
])
def test_the_centres_and_statuses_of_the_issue(tmp_path, base_file, version, where, wrong):
    base = json.loads((base_file if version == 3 else V2_FILE).read_text())
    assert base["version"] == version
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
    base = json.loads(V2_FILE.read_text())
    base["world"]["orders"][0]["results"][0]["status"] = status
    target = tmp_path / "d.json"
    target.write_text(json.dumps(base))
    with pytest.raises(GameFileError, match="status"):
        Game.load(target)
    base = json.loads(base_file.read_text())         # version 3: a result is a short code
    base["world"]["orders"][0]["results"][0] = status
    target.write_text(json.dumps(base))
    with pytest.raises(GameFileError, match=r"world\.orders\.0\.results\.0"):
        Game.load(target)


# -- the parts the table, the studio and civilisations added (issues 19, 20, 21) ----------------

ADA_PIN = "2718"


def _table_file(tmp_path) -> Path:
    """A 3-seat hotseat game (Ada with a PIN) using every new saved part in the clear:
    messages, a deadline with a running turn, a seat leaving once the round is played,
    judging, plans and notes of seats without a PIN; Ada's sealed box holds her own."""
    from app.match.plans import PlanMark
    m = Match.new(seats=[Seat(name="Ada", nations=("England", "France")),
                         Seat(name="Ben", nations=("Germany", "Russia")),
                         Seat(name="Cy", nations=("Turkey", "Italy", "Austria"))], pins={0: ADA_PIN})
    m.table.deadline.seconds = 300
    m.add_text("A par - bur", 0)
    m.table.mail.write(0, 1, "Ada to Ben")
    m.plans.draw(0, PlanMark(kind="mark", at="1:par:S1901"))
    m.notes.write(0, "Ada's notes")
    m.done(0)
    m.add_text("A mun - ruh", 1)
    m.table.mail.write(1, 2, "Ben to Cy")
    m.table.mail.write(1, 0, "Ben to Ada")
    m.plans.draw(1, PlanMark(kind="arrow", colour=2, at="1:mun:S1901", to="1:boh:S1901"))
    m.notes.write(1, "Ben's notes")
    m.table.seats.leave(1, "easy", submit=True)
    m.notes.write(2, "Cy's notes")
    path = tmp_path / "table.json"
    save_match(m, path)
    doc = json.loads(path.read_text())
    doc["meta"]["table"]["judging"] = {"judged": 0, "winner": None, "at": None}
    path.write_text(json.dumps(doc))
    back = open_match(path)
    assert back.check_pin(0, ADA_PIN) and back.notes.of(0) == "Ada's notes"
    return path


def _civ_file(tmp_path) -> Path:
    """A civilisations hotseat game (Ada with a PIN): contacts, homes, a map gift accepted
    (a snapshot), open offers in the clear and in Ada's sealed box."""
    from app.engine.civ.civstart import with_civ
    from app.engine.rules.coords import BoardKey, Turn
    from app.engine.civ.gifts import Gift
    from app.engine.civ.nations import PALETTE, with_nations
    from app.engine.variants.variant import load_variant
    from app.engine.rules.world import World, make_board
    names = ["Sumer", "Akkad", "Elam", "Kish"]
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    board = make_board(BoardKey(1, Turn(1901, 0)),
                       [("Sumer", "A", "bur"), ("Akkad", "A", "mun"), ("Elam", "F", "ion"), ("Kish", "A", "gal")],
                       {"par": "Sumer", "mun": "Akkad", "nap": "Elam", "war": "Kish"})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad", "Elam"], "Akkad": ["Kish"]})
    m = Match(Game.from_world(world), [Seat(name="Ada", nations=("Sumer",)), Seat(name="Ben", nations=("Akkad",)),
                                       Seat(name="Cy", nations=("Elam",)), Seat(name="Dee", nations=("Kish",))],
              pins={0: ADA_PIN}, fog=True)
    o = m.civ.offer(Gift("map", "Akkad", "Sumer"))
    m.civ.answer(o.id, True)
    m.civ.offer(Gift("map", "Sumer", "Elam"))                                         # in Ada's box
    m.civ.offer(Gift("unit", "Kish", "Akkad", unit=m.game.parse("A gal H").unit))     # in the clear
    m.add_text("A bur - pic", 0)
    for _ in range(4):
        m.done()
    m.submit()
    path = tmp_path / "civ.json"
    save_match(m, path)
    back = open_match(path)
    assert back.check_pin(0, ADA_PIN) and back.civ.made_by(["Sumer"])
    return path


@pytest.fixture(scope="module")
def new_parts_files(tmp_path_factory) -> list[Path]:
    d = tmp_path_factory.mktemp("parts")
    return [_table_file(d), _civ_file(d)]


def _new_places(doc) -> bool:
    return lambda path: path[:1] == ("civ",) or path[:2] in (("world", "civ"),) or \
        path[:2] in (("meta", "table"), ("meta", "plans"), ("meta", "notes"), ("meta", "civ"))


def _open_and_unseal(path: Path):
    m = open_match(path)
    for i in range(len(m.seats)):
        if m.is_locked(i):
            m.check_pin(i, ADA_PIN)
    return m


def test_a_damaged_new_part_is_a_named_error(tmp_path, new_parts_files):
    """meta.table (messages, deadline, judging, seat changes), meta.plans, meta.notes,
    meta.civ (offers), the top-level civ and world.civ: a wrong value anywhere is a named
    GameFileError; the game still opens its PIN seat's box."""
    escaped, tried = [], 0
    target = tmp_path / "damaged.json"
    for base_file in new_parts_files:
        base = json.loads(base_file.read_text())
        new = _new_places(base)
        for path, wrong in _corpus(base, per_shape=2):
            if not new(path):
                continue
            doc = json.loads(json.dumps(base))
            _put(doc, path, wrong)
            target.write_text(json.dumps(doc))
            tried += 1
            try:
                _open_and_unseal(target)
            except GameFileError as e:
                assert str(target) in str(e), f"{path}: the message does not name the file: {e}"
            except Exception as e:  # noqa: BLE001  (what the test is looking for)
                escaped.append(f"{base_file.name}: {'.'.join(map(str, path))} = {json.dumps(wrong)}: "
                               f"{type(e).__name__}: {e}")
    assert tried > 300
    assert not escaped, f"{len(escaped)} of {tried} damaged files escape:\n" + "\n".join(escaped[:40])


@pytest.mark.parametrize("unit", ["1:zzz:S1901", "", None, "9:gal:S1901", "1:gal", 7])
def test_an_open_offers_unit_that_is_no_place_is_a_named_error(tmp_path, new_parts_files, unit):
    """An offer's unit is checked as an accepted gift's is: a province of the map on a board
    of the game (it was read as is, and the window failed on it with a KeyError)."""
    doc = json.loads(new_parts_files[1].read_text())
    [offer] = [o for o in doc["meta"]["civ"]["open"] if o["kind"] == "unit"]
    offer["unit"] = unit
    target = tmp_path / "d.json"
    target.write_text(json.dumps(doc))
    with pytest.raises(GameFileError, match=r"d\.json: field 'meta\.civ': offer \d+"):
        open_match(target)


# the sealed box's keys (orders, messages, plans, notes, offers), each damaged
BOX_DAMAGE = [
    {"orders": "A par - bur"}, {"orders": [1]}, {"orders": {}}, {"orders": ["A zzz - bur"]},
    {"orders": [], "messages": {}}, {"orders": [], "messages": [1]}, {"orders": [], "messages": [{"text": 1}]},
    {"orders": [], "messages": [{"sender": "a", "receiver": "b", "text": "x", "when": -1}]},
    {"orders": [], "plans": {}}, {"orders": [], "plans": [1]}, {"orders": [], "plans": [{"kind": "arrow"}]},
    {"orders": [], "plans": [{"kind": "mark", "at": "1:zzz:S1901"}]}, {"orders": [], "notes": 5},
    {"orders": [], "notes": ["x"]}, {"orders": [], "offers": {}}, {"orders": [], "offers": [1]},
    {"orders": [], "offers": [{"id": 5, "kind": "map", "from": "Sumer", "to": "Zork"}]},
    {"orders": [], "offers": [{"id": 5, "kind": "unit", "from": "Sumer", "to": "Elam", "unit": "1:zzz:S1901"}]},
    {"orders": [], "offers": [{"id": 5, "kind": "unit", "from": "Sumer", "to": "Elam"}]},
    {"orders": [], "offers": [{"kind": "map", "from": "Sumer", "to": "Elam"}]},
    {"orders": [], "offers": "x"}, {"messages": []}, 5, "x", None, [None],
]


@pytest.mark.parametrize("payload", BOX_DAMAGE, ids=[json.dumps(p)[:60] for p in BOX_DAMAGE])
def test_a_damaged_sealed_box_is_a_named_error_when_opened(tmp_path, new_parts_files, payload):
    """What a PIN seat's box holds, damaged (sealed with the right PIN, so only its content
    is wrong): giving the PIN is a MatchFileError naming the file, never another error."""
    from app.match.save import MatchFileError
    doc = json.loads(new_parts_files[1].read_text())
    m = open_match(new_parts_files[1])
    m.locks.reset(0, ADA_PIN)                      # an open lock for seat 0 to seal with
    doc["meta"]["seats"][0]["sealed"] = m.locks.box(0, json.dumps(payload).encode()).model_dump(exclude_none=True)
    target = tmp_path / "d.json"
    target.write_text(json.dumps(doc))
    damaged = open_match(target)
    try:
        damaged.check_pin(0, ADA_PIN)
    except MatchFileError as e:
        assert str(target) in str(e)
    else:       # what reads is read as it is: a seat's own box may hold nothing of a kind
        assert damaged.pending(0) is not None


@pytest.mark.parametrize("where, level", [("seat", "x"), ("seat", ""), ("seat", None), ("leaving", "x"),
                                          ("leaving", "")])
def test_a_computer_level_the_game_does_not_have_is_a_named_error(tmp_path, where, level):
    """A computer seat's level, or the level a leaving seat goes to, that is no level: named
    when the file opens (it opened, and every submission after failed with 'unknown computer
    level')."""
    m = Match.new(seats=[Seat(name="Ada", nations=("England",)), Seat(name="Ben", nations=("Germany",)),
                         Seat(name="C", nations=("France",), controller="computer", level="easy")])
    m.table.seats.leave(1, "easy", submit=True)
    path = tmp_path / "g.json"
    save_match(m, path)
    doc = json.loads(path.read_text())
    if where == "seat":
        doc["meta"]["seats"][2]["level"] = level
        field = r"meta\.seats\.2\.level"
    else:
        doc["meta"]["table"]["leaving"]["1"] = level
        field = r"meta\.table\.leaving\.1"
    path.write_text(json.dumps(doc))
    with pytest.raises(GameFileError, match=rf"g\.json: field '{field}'.*(level|random, easy)"):
        open_match(path)
