"""A table's save in the database: kept compressed (a growing game's save is rewritten every
round), read back as the same game, and a save an earlier server kept as text still reads."""

import sqlite3

from app.match import Match, Seat
from app.net.store import match_from_text, match_text, Store

SEATS = [Seat(name="Ada", nations=("England", "France", "Germany")),
         Seat(name="Ben", nations=("Austria", "Italy", "Russia", "Turkey"))]


def _played() -> Match:
    m = Match.new(seats=SEATS)
    for _ in range(3):
        for i in range(len(SEATS)):
            m.end_turn(i)
        m.submit()
    return m


def test_a_round_is_kept_compressed_and_read_back_as_the_same_game(tmp_path):
    store = Store(tmp_path / "t.db")
    try:
        m = _played()
        table = store.add_table(Match.new(seats=SEATS), "t")
        store.save_round(table, m)
        kind, size = store.reader.execute("SELECT typeof(save), length(save) FROM tables").fetchone()
        assert kind == "blob" and size * 3 < len(match_text(m).encode())
        again = match_from_text(store.table(table).save, "t")
        assert store.table(table).save == match_text(m)
        assert len(again.game.submissions) == 3 and again.world.boards.keys() == m.world.boards.keys()
    finally:
        store.close()


def test_a_save_kept_as_text_by_an_earlier_server_still_reads(tmp_path):
    store = Store(tmp_path / "t.db")
    table = store.add_table(Match.new(seats=SEATS), "t")
    store.close()
    m = _played()
    db = sqlite3.connect(tmp_path / "t.db")
    db.execute("UPDATE tables SET save = ? WHERE id = ?", (match_text(m), table))
    db.commit()
    db.close()
    store = Store(tmp_path / "t.db")
    try:
        assert len(match_from_text(store.table(table).save, "t").game.submissions) == 3
    finally:
        store.close()
