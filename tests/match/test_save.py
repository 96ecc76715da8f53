"""The match's part of a save file: round trip, PIN-sealed orders, malformed parts."""

import json

import pytest

from app.engine.notation.notation import format_order

from app.engine.game import Game, GameFileError
from app.match import Match, MatchFileError, Seat
from app.match.storage import open_match, save_match

from .sealed_text import text_outside_sealed_boxes

ADA = Seat(name="Ada", colour="#1971c2", nations=("England", "France", "Germany"))
BEN = Seat(name="Ben", colour="#e8590c", nations=("Russia", "Turkey"))


def test_round_trip_keeps_seats_turn_and_pending(tmp_path):
    m = Match.new(seats=[ADA, BEN], adjacency="loose")
    m.add_text("A par - bur")
    m.done()
    m.add_text("A war - gal")
    path = tmp_path / "g.json"
    save_match(m, path)
    back = open_match(path)
    assert back.seats == m.seats and back.turn == 1 and back.is_done(0)
    assert [str(o.dest.province) for o in back.pending(0)] == ["bur"]
    assert [str(o.dest.province) for o in back.pending(1)] == ["gal"]
    assert back.game.adjacency == "loose"


def test_pin_seat_orders_are_sealed_in_the_file(tmp_path):
    m = Match.new(seats=[ADA, BEN], pins={0: "2718"})
    m.add_text("A par - bur")
    m.add_text("F lon - nth")
    m.done()
    path = tmp_path / "g.json"
    save_match(m, path)
    raw = path.read_bytes()
    for o in m.pending(0):
        assert format_order(o).encode() not in raw
        assert format_order(o, with_nation=False).encode() not in raw
    meta = json.loads(raw)["meta"]
    clear_text = json.dumps(json.loads(text_outside_sealed_boxes(path))["meta"])
    for secret in ("bur", "nth", "par", "lon"):
        assert secret not in clear_text
    assert "0" not in meta.get("pending", {}) and meta["seats"][0]["sealed"]["data"]
    back = open_match(path)
    assert back.is_locked(0) and back.turn == 1
    with pytest.raises(Exception):
        back.pending(0)                  # sealed until the PIN is given
    back.done()                          # Ben is done: the round needs Ada's sealed orders
    assert back.turn == 0
    assert not back.check_pin(0, "0000")
    assert back.is_locked(0)
    assert back.check_pin(0, "2718")
    assert sorted(o.dest.province for o in back.pending(0)) == ["bur", "nth"]
    assert back.check_pin(0, "2718") and not back.check_pin(0, "2719")
    back.done()
    back.submit()
    assert back.world.boards[BoardKey("1:F1901")].units["bur"].nation == "France"


def BoardKey(text):
    from app.engine.rules.coords import BoardKey as K
    return K.parse(text)


def test_a_sealed_box_does_not_open_on_another_seat(tmp_path):
    m = Match.new(seats=[ADA, BEN], pins={0: "1111", 1: "1111"})
    m.add_text("A par - bur")
    path = tmp_path / "g.json"
    save_match(m, path)
    data = json.loads(path.read_text())
    data["meta"]["seats"][1]["sealed"] = data["meta"]["seats"][0]["sealed"]
    path.write_text(json.dumps(data))
    back = open_match(path)
    assert back.check_pin(0, "1111")
    assert not back.check_pin(1, "1111"), "the box is bound to its seat"


def _game_with_meta(tmp_path, meta):
    g = Game.new()
    data = g.to_json()
    data["meta"] = meta
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    return p


SEATS = [{"name": "Ada", "nations": ["England"]}, {"name": "Ben", "nations": ["Russia"]}]


@pytest.mark.parametrize("meta, field", [
    ({"mode": "hotseat", "seats": [{"name": "Ada"}, {"name": "Ben", "nations": ["Russia"]}]}, "meta.seats.0.nations"),
    ({"mode": "hotseat", "seats": SEATS, "pending": {"x": ["A lon - wal"]}}, "meta.pending.x"),
    ({"mode": "hotseat", "seats": []}, "meta.seats"),
    ({"mode": "hotseat"}, "meta.seats"),
    ({"mode": "hotseat", "seats": SEATS, "turn": 5}, "meta.turn"),
    ({"mode": "hotseat", "seats": SEATS, "pending": {"7": []}}, "meta.pending"),
    ({"mode": "hotseat", "seats": SEATS, "pending": {"0": ["A lon - xyz"]}}, "meta.pending.0.0"),
    ({"mode": "hotseat", "seats": SEATS, "pending": {"0": [5]}}, "meta.pending.0.0"),
    ({"mode": "hotseat", "seats": [{"name": "Ada", "nations": ["Narnia"]}, SEATS[1]]}, "meta.seats"),
    ({"mode": "hotseat", "seats": [SEATS[0], {"name": "Ben", "nations": ["England"]}]}, "meta.seats"),
    ({"mode": "party", "seats": SEATS}, "meta.mode"),
    ({"version": 99}, "meta.version"),
    ({"version": 0}, "meta.version"),
    ({"mode": "hotseat", "seats": SEATS, "secret": 1}, "meta.secret"),
    ({"mode": "hotseat", "seats": [{"name": "Ada", "nations": ["England"], "sealed": {"salt": "x"}}, SEATS[1]]},
     "meta.seats.0.sealed"),
])
def test_malformed_match_part_names_the_field(tmp_path, meta, field):
    p = _game_with_meta(tmp_path, meta)
    with pytest.raises(MatchFileError) as e:
        open_match(p)
    msg = str(e.value)
    assert str(p) in msg and f"'{field}" in msg, msg
    assert isinstance(e.value, GameFileError)


def test_a_match_part_that_is_not_an_object_is_refused(tmp_path):
    with pytest.raises(GameFileError, match="'meta'"):
        open_match(_game_with_meta(tmp_path, "hello"))


def test_files_from_before_the_match_layer_still_open(tmp_path):
    p = _game_with_meta(tmp_path, {"mode": "hotseat", "seats": [dict(s, colour="#123456") for s in SEATS],
                                   "pending": {"1": ["A war - gal"]}})
    m = open_match(p)
    assert m.mode == "hotseat" and [s.name for s in m.seats] == ["Ada", "Ben"]
    assert [o.dest.province for o in m.pending(1)] == ["gal"]
    p = _game_with_meta(tmp_path, {"mode": "sandbox", "seats": [], "pending": {"0": ["A mun - tyr"]}})
    m = open_match(p)
    assert m.mode == "sandbox" and len(m.pending(0)) == 1


def test_a_selfplay_file_opens_as_a_match(tmp_path):
    from app.bots.selfplay import grow_world
    from app.engine.game import Game
    from app.match import Match
    path = tmp_path / "selfplay.json"
    grow_world(seed=2, turns=3).save(path)
    match = Match.from_game(Game.load(path), str(path))
    assert match.mode == "sandbox" and len(match.game.submissions) == 3
    save_match(match, path)
    assert open_match(path).provenance.seed == 2, "saving again keeps the record"
