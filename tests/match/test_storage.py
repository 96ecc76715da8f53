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
