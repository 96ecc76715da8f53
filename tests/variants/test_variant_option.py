"""``selfplay`` and ``throw`` take ``--variant NAME_OR_FOLDER``: a game on an imported (or any)
variant, saved so that it loads again from anywhere."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

from app.engine.game import Game
from app.variants.scaffold import starter, write_grid_variant

ROOT = Path(__file__).resolve().parents[2]


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def _variant(tmp_path):
    spec = dataclasses.replace(starter("ancient"), first_year=1)  # a year before 1000 as well
    return write_grid_variant(spec, tmp_path / "ancient")


def test_selfplay_on_a_variant_folder(tmp_path):
    folder = _variant(tmp_path)
    out = tmp_path / "g.json"
    r = run("selfplay", "--variant", str(folder), "--turns", "12", "--seed", "3", "--out", str(out), "--quiet")
    assert r.returncode == 0, r.stderr
    g = Game.load(out)
    assert g.world.variant.ref == str(folder.resolve()) and g.world.variant.nation_names == ("Arden", "Brava", "Corvia")
    assert len(g.submissions) > 0 and str(g.start.active_boards()[0]) == "1:S0001"
    bad = run("selfplay", "--variant", str(tmp_path / "nowhere"), "--turns", "2", "--out", str(out))
    assert bad.returncode == 2 and "no such variant" in bad.stderr and "Traceback" not in bad.stderr


def test_throw_on_a_variant_folder_writes_a_scenario_that_plays_from_anywhere(tmp_path):
    folder = _variant(tmp_path)
    out = tmp_path / "t.json"
    r = run("throw", "--players", "3", "--seed", "2", "--variant", str(folder), "--out", str(out))
    assert r.returncode == 0, r.stderr
    data = json.loads(out.read_text())
    assert data["variant"] == str(folder.resolve()) and data["start"]["boards"][0]["turn"] == "F0001"
    played = run("scenario", str(out), cwd=tmp_path)  # another working folder: the path still finds it
    assert played.returncode == 0, played.stderr
    too_many = run("throw", "--players", "4", "--seed", "2", "--variant", str(folder), "--out", str(out))
    assert too_many.returncode == 2 and "3 nations" in too_many.stderr
