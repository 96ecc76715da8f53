"""Every part a save file keeps beside the engine's boards (the table's seats, deadline and
messages, the studio's plans and notes, a PIN seat's sealed box, civilisations' fields, a
game on an imported variant, an autosave's game file name) comes back as it was in the current version (3), and files of
version 2 holding each still open, show the same and save again as version 3.

The version-2 files and what that code showed of them were written by main at 60672d0 with
``tests/match/saved_parts.py`` (see its docstring)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.engine.saves import savefile
from app.engine.saves import replay_check
from app.match.storage import open_match
from tests.worlds import assert_same_world

from .saved_parts import BUILD, PARTS, SAVED_AS, save, seen, unlock

FIXTURES = Path(__file__).parent / "fixtures"
SEALED = {"table": ["feint", "sev - bla", "Ada trusts"], "civ": ["1:ruh:F1901"], "imported": [], "autosave": ["feint", "sev - bla", "Ada trusts"]}
"""Words that are only ever in a PIN seat's sealed box: never in the file's text."""


def _no_sealed_words(part: str, path: Path) -> None:
    text = path.read_text()
    assert [w for w in SEALED[part] if w in text] == []


@pytest.mark.parametrize("part", PARTS)
def test_each_part_round_trips_in_version_3(part, tmp_path):
    m = BUILD[part]()
    path = tmp_path / "g.json"
    save(m, part, path)
    before = seen(m) | {"saved_as": SAVED_AS.get(part)}      # what an autosave tells of its game's file
    assert json.loads(path.read_text())["version"] == savefile.SAVE_VERSION == 3
    _no_sealed_words(part, path)
    back = open_match(path)
    assert seen(unlock(back, part)) == before
    for i in range(len(m.game.submissions) + 1):
        assert_same_world(back.game.world_at(i), m.game.world_at(i))
    save(back, part, tmp_path / "again.json")         # the reopened game saves the same game again
    assert seen(unlock(open_match(tmp_path / "again.json"), part)) == before


@pytest.mark.parametrize("part", PARTS)
def test_each_part_in_a_version_2_file_still_opens_and_saves_as_version_3(part, tmp_path, monkeypatch):
    if part == "imported":
        BUILD[part]()      # puts the imported variant in the user's variants folder, as it was then
    old = FIXTURES / f"v2_{part}.json"
    assert json.loads(old.read_text())["version"] == 2
    shown_then = json.loads((FIXTURES / f"v2_{part}.seen.json").read_text())
    monkeypatch.setattr(replay_check, "submit", lambda *a, **k: pytest.fail("replayed"))   # its checksum holds
    m = open_match(old, replay_later=True)
    monkeypatch.undo()
    assert seen(unlock(m, part)) == shown_then
    path = tmp_path / "v3.json"
    save(m, part, path)
    assert json.loads(path.read_text())["version"] == 3
    _no_sealed_words(part, path)
    assert seen(unlock(open_match(path), part)) == shown_then
