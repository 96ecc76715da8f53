"""The tournament command: every level takes every seat in turn; classic games stay on one
board; figures come with confidence intervals; the same seed, the same table."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine import civ_of
from app.match.tournament import parse_players, ratio_to_others, seating, tournament

ROOT = Path(__file__).resolve().parents[2]
NATIONS = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")


def test_the_lone_seat_rotates_through_every_nation():
    players = parse_players("standard,random*", 7)
    assert players == ["standard"] + ["random"] * 6
    lone = [next(n for n, lv in seating(players, NATIONS, g).items() if lv == "standard") for g in range(7)]
    assert sorted(lone) == sorted(NATIONS)
    assert seating(players, NATIONS, 7) == seating(players, NATIONS, 0)


def test_a_two_level_list_gives_as_many_seatings_as_nations():
    """Before, ``standard,random`` over 14 games was 2 seatings repeated (France won all even
    games, Russia all odd): the list, not the seats, was turned."""
    players = parse_players("standard,random", 7)
    seatings = {tuple(seating(players, NATIONS, g).values()) for g in range(14)}
    assert len(seatings) == 7
    for n in NATIONS:
        assert {seating(players, NATIONS, g)[n] for g in range(7)} == {"standard", "random"}


def test_players_words():
    assert parse_players("hard,standard*6", 7) == ["hard"] + ["standard"] * 6
    assert parse_players("hard*2,easy*", 7) == ["hard", "hard"] + ["easy"] * 5
    assert parse_players("standard,easy,random", 7) == ["standard", "easy", "random"] * 2 + ["standard"]
    for bad, word in (("grandmaster", "grandmaster"), ("hard*x", r"hard\*x"), ("hard*8", "8 seats"),
                      ("hard*,easy*", "only one level"), ("", "no level")):
        with pytest.raises(ValueError, match=word):
            parse_players(bad, 7)


def test_figures_add_up_with_intervals_and_convoys():
    figures, results = tournament(["standard", "easy", "random"], games=2, years=1, seed=4)
    assert {lvl: f.games for lvl, f in figures.items()} == {"standard": 6, "easy": 4, "random": 4}
    assert len(results) == 2 and all(len(g) == 7 for g in results)
    total = sum(sum(f.centres) for f in figures.values())
    assert 2 * 18 <= total <= 2 * 34
    for f in figures.values():
        lo, hi = f.interval()
        assert lo <= f.mean <= hi
        assert f.times and f.cpu and max(f.times) > 0
    point, lo, hi = ratio_to_others("standard", results)
    assert lo <= point <= hi


def test_classic_games_stay_on_one_board():
    figures, results = tournament(["random"], games=1, years=2, seed=3, classic=True)
    from app.match.tournament import play_game
    game = play_game({n: "random" for n in NATIONS}, 2, 3, classic=True)
    assert game.world.timelines == [1]
    five_d = play_game({n: "random" for n in NATIONS}, 2, 3)
    assert len(five_d.world.timelines) > 1      # the same seed with time travel forks


def _run(*args):
    return subprocess.run([sys.executable, "-m", "app", "tournament", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)


def _without_times(stdout: str) -> list[list[str]]:
    return [line.split()[:9] for line in stdout.splitlines()]


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
        assert {"games", "avg_centres", "ci95", "wins", "avg_ms", "max_ms", "avg_cpu_ms", "convoy_orders",
                "convoyed", "by_nation"} <= set(figures)
        assert f"{figures['avg_centres']:.2f}" in a.stdout
    assert sum(f["games"] for f in data["levels"].values()) == 14
    assert set(data["vs_others"]) == {"standard", "easy", "random"}


def test_command_plays_another_variant_and_classic():
    r = _run("--players", "easy,random*", "--games", "1", "--years", "1", "--variant", "isles", "--classic", "--quiet")
    assert r.returncode == 0, r.stderr
    assert "isles" in r.stdout and "classic" in r.stdout
    assert "Scotland" in r.stdout


def test_command_refuses_an_unknown_level_or_variant():
    r = _run("--players", "standard,grandmaster", "--games", "1", "--years", "1")
    assert r.returncode == 2 and "grandmaster" in r.stderr and "Traceback" not in r.stderr
    r = _run("--variant", "atlantis", "--games", "1", "--years", "1")
    assert r.returncode == 2 and "atlantis" in r.stderr and "Traceback" not in r.stderr



def test_civilisations_games_between_levels(monkeypatch):
    """``--civ N``: civilisations start, each civilisation deciding from its own view."""
    import app.match.tournament as t
    from app.match.match import seat_view
    seen = []

    def watching(world, nations, fog):
        seen.append((world, tuple(nations)))
        return seat_view(world, nations, fog)
    monkeypatch.setattr("app.match.match.seat_view", watching)
    figures, _ = tournament(["easy", "random"], games=1, years=2, seed=3, civs=8)
    assert {lvl: f.games for lvl, f in figures.items()} == {"easy": 4, "random": 4}
    assert sum(sum(f.centres) for f in figures.values()) >= 8      # the start's centres are still owned
    world, nations = seen[0]
    assert civ_of(world) is not None and len(nations) == 1 and len(world.variant.nation_names) == 8
    out = subprocess.run([sys.executable, "-m", "app", "tournament", "--civ", "7", "--games", "1", "--years", "1",
                          "--players", "random", "--quiet"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0 and "7 civilisations" in out.stdout
    assert civ_of(t.new_game("standard", "strict", 1, 0).world) is None

