"""The tournament command: levels rotate over the nations; the same seed, the same table."""

import json
import subprocess
import sys
from pathlib import Path

from app.bots.tournament import seating, tournament

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def test_seating_rotates_every_level_over_every_nation():
    players = ["standard"] + ["random"] * 6
    seen = {n: set() for n in NATIONS}
    for g in range(7):
        seats = seating(players, NATIONS, g)
        assert list(seats.values()).count("standard") == 1
        for n, level in seats.items():
            seen[n].add(level)
    assert all(levels == {"standard", "random"} for levels in seen.values())
    assert list(seating(["standard", "easy", "random"], NATIONS, 1).values())[:3] == ["easy", "random", "standard"]


def test_figures_add_up():
    figures = tournament(["standard", "easy", "random"], games=1, years=1, seed=4)
    assert {lvl: f.games for lvl, f in figures.items()} == {"standard": 3, "easy": 2, "random": 2}
    total = sum(f.centres for f in figures.values())
    assert 18 <= total <= 34  # every home centre is still owned by someone after one year
    assert all(f.times and max(f.times) > 0 for f in figures.values())


def _run(*args):
    return subprocess.run([sys.executable, "-m", "app", "tournament", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def _without_times(stdout: str) -> list[list[str]]:
    return [line.split()[:4] for line in stdout.splitlines()]


def test_command_same_seed_same_table_and_json(tmp_path):
    out = tmp_path / "t.json"
    args = ["--players", "standard,easy,random", "--games", "2", "--years", "1", "--seed", "7", "--quiet"]
    a = _run(*args, "--json", str(out))
    b = _run(*args)
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    assert _without_times(a.stdout) == _without_times(b.stdout)
    data = json.loads(out.read_text())
    assert set(data["levels"]) == {"standard", "easy", "random"}
    for level, figures in data["levels"].items():
        assert set(figures) == {"games", "avg_centres", "wins", "avg_ms", "max_ms"}
        assert f"{figures['avg_centres']:.2f}" in a.stdout
    assert sum(f["games"] for f in data["levels"].values()) == 14


def test_command_refuses_an_unknown_level():
    r = _run("--players", "standard,grandmaster", "--games", "1", "--years", "1")
    assert r.returncode == 2 and "grandmaster" in r.stderr and "Traceback" not in r.stderr


def test_civilisations_games_between_levels(monkeypatch):
    """``--civ N``: civilisations start, each civilisation deciding from its own view."""
    import app.bots.tournament as t
    from app.match.match import seat_view
    seen = []

    def watching(world, nations, fog):
        seen.append((world, tuple(nations)))
        return seat_view(world, nations, fog)
    monkeypatch.setattr("app.match.match.seat_view", watching)
    figures = tournament(["easy", "random"], games=1, years=2, seed=3, civs=8)
    assert {lvl: f.games for lvl, f in figures.items()} == {"easy": 4, "random": 4}
    assert sum(f.centres for f in figures.values()) >= 8      # the start's centres are still owned
    world, nations = seen[0]
    assert world.civ is not None and len(nations) == 1 and len(world.variant.nation_names) == 8
    out = subprocess.run([sys.executable, "-m", "app", "tournament", "--civ", "7", "--games", "1", "--years", "1",
                          "--players", "random", "--quiet"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0 and "7 civilisations" in out.stdout
    assert t.new_game("standard", "strict", 1, 0).world.civ is None
