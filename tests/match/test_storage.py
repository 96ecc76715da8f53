"""Files around a match with no window: atomic writes, the background writer, sessions
(one autosave per instance, crash detection), stale temporary files, recent files."""

import json
import os
import time

from app.match import Match
from app.match.storage import (BackgroundWriter, RecentFiles, Session, clean_stale_temps, open_match,
                               save_match, snapshot, temp_patterns, write_text_atomic)


def test_atomic_write_leaves_no_temp_and_replaces(tmp_path):
    p = tmp_path / "a.json"
    write_text_atomic(p, "one")
    write_text_atomic(p, "two")
    assert p.read_text() == "two"
    assert [x.name for x in tmp_path.iterdir()] == ["a.json"]


def test_background_writer_takes_a_second_save_while_the_first_runs(tmp_path):
    m = Match.new()
    w = BackgroundWriter()
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    w.write(a, snapshot(m))
    m.add_text("A par - bur")
    w.write(b, snapshot(m))          # never waits for the first
    m.add_text("A mun - ruh")
    w.write(b, snapshot(m))          # the newest request for b wins
    assert w.flush(30)
    assert not w.busy() and not w.errors
    assert len(open_match(a).pending(0)) == 0
    assert len(open_match(b).pending(0)) == 2


def test_snapshot_is_frozen_when_taken(tmp_path):
    m = Match.new()
    m.add_text("A par - bur")
    snap = snapshot(m)
    m.submit()
    m.add_text("A bur - bel")
    text = snap.to_text()
    data = json.loads(text)
    assert data["submissions"] == [] and data["meta"]["pending"] == {"0": ["France: A 1:par:S1901 - 1:bur:S1901"]}


def test_each_instance_has_its_own_autosave_and_a_crash_is_found(tmp_path):
    s1, s2 = Session(tmp_path), Session(tmp_path)
    assert s1.autosave_path != s2.autosave_path and s1.lock_path != s2.lock_path
    save_match(Match.new(), s1.autosave_path)
    assert s2.crashed() == [], "a live instance's autosave is not offered"
    s1.abandon()                      # as a crash: the files stay, the OS lock goes
    assert s2.crashed() == [s1.autosave_path]
    s2.dismiss(s1.autosave_path)
    assert not s1.autosave_path.exists() and not s1.lock_path.exists()
    s2.close()
    assert not s2.lock_path.exists()
    s3 = Session(tmp_path)
    assert s3.crashed() == []
    s3.close()


def test_stale_temp_files_are_removed(tmp_path):
    data, games = tmp_path / "data", tmp_path / "games"
    data.mkdir(), games.mkdir()
    old = games / ".game.json.abc123.tmp"
    new = games / ".game.json.def456.tmp"
    keep = games / "game.json"
    foreign = games / ".other-program.tmp"       # not ours: never touched
    old_auto = data / ".autosave-1.json.x.tmp"
    for p in (old, new, keep, foreign, old_auto):
        p.write_text("x")
    for p in (old, foreign, old_auto):
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    removed = clean_stale_temps(temp_patterns(data, [str(keep)]))
    assert sorted(removed) == sorted([old, old_auto])
    assert new.exists() and keep.exists() and foreign.exists()


def test_recent_files_never_list_an_autosave(tmp_path, monkeypatch):
    monkeypatch.setenv("DIPLO5D_DATA_DIR", str(tmp_path / "data"))
    r = RecentFiles()
    s = Session()
    r.add(s.autosave_path)
    r.add(tmp_path / "g.json")
    assert r.list() == [str((tmp_path / "g.json").resolve())]
    s.close()


# -- issue 17: interrupted saves anywhere, recovered games, one data folder, no-victory games ------

def test_an_interrupted_save_is_cleaned_beside_any_game_at_once_but_never_a_live_one(tmp_path, monkeypatch):
    """A save noted in the data folder whose instance died leaves its temporary file: the
    next start removes it, however fresh and wherever the game is (not only recent games);
    the temporary file of a save a running instance is writing now stays."""
    import app.match.storage as storage
    data, games = tmp_path / "data", tmp_path / "anywhere" / "deep"
    games.mkdir(parents=True)
    dead, live = Session(data), Session(data)
    crashed_game, busy_game = games / "crashed.json", games / "busy.json"
    real = storage.write_text_atomic

    def interrupted(path, text):          # dies after the temporary file, before the rename
        (path.parent / f".{path.name}.zz9.tmp").write_text(text[:10])
        raise KeyboardInterrupt

    monkeypatch.setattr(storage, "write_text_atomic", interrupted)
    for s, game in ((dead, crashed_game), (live, busy_game)):
        try:
            s.write(game, "{}")
        except KeyboardInterrupt:
            pass
    # the write's note stays as a crash leaves it (the finally above removed it: put it back)
    for s, game in ((dead, crashed_game), (live, busy_game)):
        (data / storage.SAVING / f"{s.id}.00000001.path").write_text(str(game.resolve()))
    monkeypatch.setattr(storage, "write_text_atomic", real)
    dead.abandon()
    removed = storage.clean_interrupted_saves(data)
    assert removed == [games / ".crashed.json.zz9.tmp"]
    assert (games / ".busy.json.zz9.tmp").exists(), "another instance is writing it now"
    assert not list((data / storage.SAVING).glob(f"{dead.id}.*")), "the dead session's note goes too"
    live.close()


def test_a_save_leaves_no_note_behind(tmp_path):
    import app.match.storage as storage
    s = Session(tmp_path / "data")
    s.write(tmp_path / "g.json", "{}")
    assert (tmp_path / "g.json").read_text() == "{}"
    assert not list((tmp_path / "data" / storage.SAVING).glob("*"))
    s.close()


def test_a_declined_autosave_is_kept_aside_for_a_while(tmp_path):
    import app.match.storage as storage
    s1 = Session(tmp_path)
    save_match(Match.new(), s1.autosave_path)
    s1.abandon()
    s2 = Session(tmp_path)
    [auto] = s2.crashed()
    kept = s2.set_aside(auto)
    assert kept.parent == tmp_path / storage.RECOVERED and kept.exists()
    assert open_match(kept).game.world is not None
    assert s2.crashed() == [] and not auto.exists()
    assert storage.clean_recovered(tmp_path) == []                 # fresh: kept
    old = time.time() - 31 * 86400
    os.utime(kept, (old, old))
    assert storage.clean_recovered(tmp_path) == [kept] and not kept.exists()
    s2.close()


def test_the_old_settings_folder_moves_into_the_one_data_folder(tmp_path):
    from app.data_folder import migrate_old_folder
    old, new = tmp_path / "5D Diplomacy" / "5D Diplomacy", tmp_path / "fived-diplomacy"
    old.mkdir(parents=True)
    (new / "variants" / "mine").mkdir(parents=True)
    for name, text in (("settings.ini", "[General]\ntheme=dark\n"), ("recent.json", '["/g.json"]'),
                       ("errors.log", "x")):
        (old / name).write_text(text)
    (new / "errors.log").write_text("newer")             # already here: it wins
    crashed = Session(old)
    save_match(Match.new(), crashed.autosave_path)
    crashed.abandon()
    running = Session(old)                                 # an older version still running
    save_match(Match.new(), running.autosave_path)
    moved = migrate_old_folder(old, new)
    assert {p.name for p in moved} >= {"settings.ini", "recent.json", crashed.autosave_path.name}
    assert (new / "settings.ini").read_text().endswith("theme=dark\n")
    assert (new / "errors.log").read_text() == "newer"
    assert running.autosave_path.exists() and running.lock_path.exists(), "a live session keeps its files"
    assert Session(new).crashed() == [new / crashed.autosave_path.name], "the crash is still offered"
    running.close()
    migrate_old_folder(old, new)
    assert not (tmp_path / "5D Diplomacy").exists(), "the emptied old folder goes"


def test_the_data_folder_is_one_for_settings_autosaves_and_variants(monkeypatch, tmp_path):
    import app.data_folder as df
    from app.engine.variants.catalog import user_variants_dir
    monkeypatch.delenv("DIPLO5D_DATA_DIR", raising=False)
    monkeypatch.setattr(df, "_platform_dir", lambda: tmp_path / "fived-diplomacy")
    monkeypatch.setattr(df, "old_data_dir", lambda: tmp_path / "nothing")
    assert df.data_dir() == tmp_path / "fived-diplomacy"
    assert user_variants_dir() == tmp_path / "fived-diplomacy" / "variants"
    assert Session().folder == tmp_path / "fived-diplomacy"


def test_a_no_victory_selfplay_file_plays_on_when_opened(tmp_path):
    """The flag is in the file (meta.selfplay.victory); opened, the game still has no winner."""
    import dataclasses
    import random
    from app.bots.selfplay import random_orders
    from app.engine import without_victory
    from app.engine.game import Game
    from app.engine.rules.submission import submit as engine_submit
    from app.engine.variants.variant import load_variant
    standard = load_variant("standard")
    rng = random.Random(11)
    game = Game.new(without_victory(standard), seed=11)
    for _ in range(60):                   # play until the next orders would make a winner
        orders = random_orders(game.world, random.Random(1))
        if engine_submit(dataclasses.replace(game.world, variant=standard), orders).world.winner:
            break
        game.submit(random_orders(game.world, rng, 0.3, 8))
    else:
        raise AssertionError("no world near a win")
    game.meta["selfplay"] = {"seed": 11, "submissions": len(game.submissions), "victory": False}
    path = tmp_path / "huge.json"
    game.save(path)
    m = open_match(path)
    for o in orders:
        m.add_order(o)
    m.submit()
    assert m.world.phase != "over" and m.world.winner is None
    # the same file made with victory on ends there: the test above would see it
    game.meta["selfplay"]["victory"] = True
    game.save(path)
    m = open_match(path)
    for o in orders:
        m.add_order(o)
    m.submit()
    assert m.world.winner is not None
