"""Every scenario file under tests/scenarios/ runs through the scenario command's code
path (load, parse, submit, check) and must meet all its expectations."""

from pathlib import Path

import pytest

from app.engine.scenarios.scenario import run_file

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.json"))


def test_suite_is_complete():
    names = {p.stem for p in (ROOT / "datc").glob("*.json")}
    sections = {"A": 12, "B": 15, "C": 9, "D": 34, "E": 15, "F": 25, "G": 20, "H": 16, "I": 7}
    expected = {f"6_{s}_{i:02d}" for s, n in sections.items() for i in range(1, n + 1)} | {"6_J_01", "6_J_02"}
    assert expected <= names, sorted(expected - names)


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path):
    report = run_file(path)
    failures = [f"step {i}: {f}" for i, s in enumerate(report["steps"], 1) for f in s["failures"]]
    assert report["ok"], "\n".join(failures)
