"""``python -m app civ``: the seeded civilisations start as a scenario file."""

import json
import subprocess
import sys

import pytest

from app.__main__ import main
from app.engine.civ.civstart import centre_neighbours
from app.engine.scenarios.scenario import run_file
from app.engine.variants.variant import load_variant


def test_writes_the_same_bytes_for_the_same_seed_and_a_start_the_scenario_command_plays(tmp_path):
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    assert main(["civ", "--civs", "9", "--seed", "4", "--out", str(a)]) == 0
    assert main(["civ", "--civs", "9", "--seed", "4", "--out", str(b)]) == 0
    assert main(["civ", "--civs", "9", "--seed", "5", "--out", str(c)]) == 0
    assert a.read_bytes() == b.read_bytes() != c.read_bytes()
    data = json.loads(a.read_text())
    start = data["start"]
    assert len(start["nations"]) == 9 and start["home_centres"] == "civilisations"
    [board] = start["boards"]
    assert board["turn"] == "S1901" and len(board["units"]) == 9
    owned = [c for cs in board["centres"].values() for c in cs]
    near = centre_neighbours(load_variant())
    assert len(owned) == 9 and not any(near[x] & set(owned) for x in owned)
    data["steps"] = [{"orders": [], "expect": {"contacts": {start["nations"][0]: []}}}]
    a.write_text(json.dumps(data))
    assert run_file(a)["ok"]


@pytest.mark.parametrize("variant, civs, ok", [("standard", 6, False), ("standard", 13, True), ("standard", 14, False),
                                               ("baltic", 8, True), ("baltic", 9, False), ("isles", 2, True),
                                               ("isles", 4, False)])
def test_counts_per_map(tmp_path, capsys, variant, civs, ok):
    out = tmp_path / "s.json"
    code = main(["civ", "--civs", str(civs), "--seed", "1", "--variant", variant, "--out", str(out)])
    assert (code == 0) == ok
    if not ok:
        assert "takes" in capsys.readouterr().err and not out.exists()


def test_the_command_runs_as_a_module(tmp_path):
    out = tmp_path / "s.json"
    r = subprocess.run([sys.executable, "-m", "app", "civ", "--civs", "7", "--seed", "2", "--out", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(out.read_text())["seed"] == 2
