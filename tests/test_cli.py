"""The command line as outside suites use it: exit codes and the report format."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "app", *args], cwd=cwd, capture_output=True, text=True, timeout=300)


def write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return str(p)


def test_scenario_ok_and_report_format(tmp_path):
    f = write(tmp_path, "ok.json", {"name": "bounce", "steps": [
        {"orders": ["A mun - tyr", "A vie - tyr"],
         "expect": {"orders": {"A mun - tyr": "fails"}, "phase": "movement"}}]})
    r = run("scenario", f)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout.strip())
    assert rep["ok"] and rep["name"] == "bounce"
    step = rep["steps"][0]
    assert set(step) >= {"adjudication_ms", "orders", "boards", "phase", "winner", "failures"}
    assert step["orders"][0] == {"text": "A mun - tyr", "status": "fails", "reason": step["orders"][0]["reason"]}
    assert {"board": "1:F1901", "parent": None} .items() <= next(b for b in step["boards"] if b["board"] == "1:F1901").items()


def test_scenario_failed_expectation_exits_1(tmp_path):
    f = write(tmp_path, "bad.json", {"steps": [{"orders": ["A mun - tyr"], "expect": {"orders": {"A mun - tyr": "fails"}}}]})
    r = run("scenario", f)
    assert r.returncode == 1
    assert "expected fails, got succeeds" in json.loads(r.stdout)["steps"][0]["failures"][0]
    assert run("scenario", "--no-check", f).returncode == 0


def test_scenario_unusable_file_exits_2_naming_the_fault(tmp_path):
    f = write(tmp_path, "broken.json", {"steps": [{"orders": ["A mun - atlantis"]}]})
    r = run("scenario", f)
    assert r.returncode == 2
    assert "broken.json" in r.stderr and "step 1" in r.stderr and "atlantis" in r.stderr
    assert "Traceback" not in r.stderr
    g = write(tmp_path, "field.json", {"adjacency": "wobbly"})
    r = run("scenario", g)
    assert r.returncode == 2 and "adjacency" in r.stderr and "Traceback" not in r.stderr


def test_selfplay_same_seed_same_file(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert run("selfplay", "--turns", "8", "--seed", "4", "--out", str(a), "--quiet").returncode == 0
    assert run("selfplay", "--turns", "8", "--seed", "4", "--out", str(b), "--quiet").returncode == 0
    assert json.loads(a.read_text())["world"] == json.loads(b.read_text())["world"]
