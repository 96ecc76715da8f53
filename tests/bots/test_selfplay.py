"""Selfplay grows worlds to a size, past a solo win when asked, the same for the same seed."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.bots.selfplay import grow_world
from tests.ui.test_odd_disks import full_mount  # noqa: F401 (a fixture)
from app.engine import without_victory
from app.engine.game import Game
from app.engine.variants.variant import load_variant

ROOT = Path(__file__).resolve().parents[2]


def test_grow_world_stops_at_the_first_size_reached():
    g = grow_world(seed=3, boards=20)
    assert len(g.world.boards) >= 20
    before = Game.new(seed=3)
    for orders in g.submissions[:-1]:
        before.submit(list(orders))
    assert len(before.world.boards) < 20, "it played one submission too many"
    short = grow_world(seed=3, turns=2, boards=1000)
    assert len(short.submissions) == 2


def test_grow_world_same_seed_same_world_and_needs_a_goal():
    a, b = grow_world(seed=9, turns=10), grow_world(seed=9, turns=10)
    assert a.submissions == b.submissions
    with pytest.raises(ValueError):
        grow_world(seed=1)


def _a_winning_seed():
    for seed in range(40):
        g = grow_world(seed=seed, turns=200, time_travel=0.6)
        if g.world.winner is not None:
            return seed, g
    pytest.skip("no selfplay game in 40 seeds reached a solo win")


def test_no_victory_plays_past_a_solo_win():
    seed, won = _a_winning_seed()
    goal = len(won.world.boards) + 30
    g = grow_world(seed=seed, boards=goal, victory=False, time_travel=0.6)
    assert g.world.winner is None and g.world.phase != "over"
    assert len(g.world.boards) >= goal
    # The same orders as the game that was won, up to the win: only victory is switched off.
    assert g.submissions[:len(won.submissions)] == won.submissions
    assert load_variant().victory_centres == 18, "the shared variant must not be changed"
    assert without_victory(load_variant()).victory_centres > load_variant().centre_count


def test_command_boards_and_no_victory(tmp_path):
    out = tmp_path / "w.json"
    r = subprocess.run([sys.executable, "-m", "app", "selfplay", "--boards", "25", "--no-victory", "--seed", "2",
                        "--out", str(out), "--quiet"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    saved = json.loads(out.read_text())
    assert len(saved["world"]["boards"]) >= 25
    assert saved["meta"]["selfplay"]["victory"] is False
    r = subprocess.run([sys.executable, "-m", "app", "selfplay", "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and "--turns or --boards" in r.stderr


def test_selfplay_refuses_nonsense_counts_and_an_unwritable_place_before_playing(tmp_path, capsys):
    from app.bots.selfplay import main
    with pytest.raises(SystemExit) as e:
        main(["--turns", "-5", "--out", str(tmp_path / "g.json")])
    assert e.value.code == 2 and "--turns must be at least 1, not -5" in capsys.readouterr().err
    assert main(["--turns", "400", "--out", str(tmp_path / "nowhere" / "g.json"), "--quiet"]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert main(["--turns", "400", "--out", str(tmp_path), "--quiet"]) == 2
    assert "it is a folder" in capsys.readouterr().err


def test_selfplay_on_a_full_disk_says_so_and_leaves_no_file(full_mount, capsys):
    from app.bots.selfplay import main
    out = full_mount / "g.json"
    assert main(["--turns", "3", "--out", str(out), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert f"cannot write {out}: No space left on device" in err and "Traceback" not in err
    assert sorted(p.name for p in full_mount.iterdir()) == ["filler"]
