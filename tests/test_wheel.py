"""An ordinary install carries what the app reads at run time.

A wheel (``pip install .``, ``pipx install``, a friend's copy) holds only what the package
declares, unlike the editable install the tests run from. Built offline from a copy of the
project with setuptools' own build backend, the wheel must hold every non-Python file under
``app/`` (the built-in variants, the icons, the rules page) and, unpacked outside the
checkout, load every built-in variant.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from app.engine.variants.catalog import BUILTIN_DIR

ROOT = Path(__file__).resolve().parents[1]
APP = ROOT / "app"

pytest.importorskip("setuptools", minversion="70.1",
                    reason="building a wheel offline needs setuptools >= 70.1 (pip install -e '.[test]')")


def _runtime_files() -> set[str]:
    """Every file under app/ that is not Python source or bytecode, as a wheel names it."""
    return {p.relative_to(ROOT).as_posix() for p in APP.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # build from a copy: the backend writes build/ and *.egg-info beside the sources
    src = tmp_path_factory.mktemp("src")
    shutil.copytree(APP, src / "app", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    out = tmp_path_factory.mktemp("wheel")
    script = ("import sys, setuptools.build_meta as b; "
              "print(b.build_wheel(sys.argv[1]))")
    run = subprocess.run([sys.executable, "-c", script, str(out)], cwd=src,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    return out / run.stdout.strip().splitlines()[-1]


def test_the_variants_are_where_the_catalog_looks():
    # the premise of the next tests: the built-in variants live inside the package
    assert BUILTIN_DIR.is_relative_to(APP)
    assert {"standard", "isles", "baltic"} <= {p.name for p in BUILTIN_DIR.iterdir()}


def test_the_wheel_carries_every_runtime_file(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    expected = _runtime_files()
    assert {f"app/variants/builtin/{v}/variant.json" for v in ("standard", "isles", "baltic")} <= expected
    assert "app/ui/dialogs/rules.md" in expected and "app/ui/icons/app.svg" in expected
    assert sorted(expected - names) == []


def test_the_unpacked_wheel_plays_every_variant_away_from_the_checkout(wheel, tmp_path):
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    play = tmp_path / "play"    # the working folder: neither the checkout nor the unpacked wheel
    play.mkdir()
    # PYTHONPATH comes before the editable install's finder, so `app` is the unpacked wheel's
    env = dict(os.environ, PYTHONPATH=str(site), DIPLO5D_DATA_DIR=str(tmp_path / "data"))

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *args], cwd=play, env=env,
                              capture_output=True, text=True, timeout=300)

    where = run("-c", "from app.engine.variants.catalog import BUILTIN_DIR, available; print(BUILTIN_DIR); "
                      "print(' '.join(r.name for r in available() if r.source == 'built-in'))")
    assert where.returncode == 0, where.stderr[-3000:]
    folder, names = where.stdout.splitlines()
    assert Path(folder).is_relative_to(site)
    variants = sorted(p.name for p in BUILTIN_DIR.iterdir() if (p / "variant.json").exists())
    assert sorted(names.split()) == variants
    for variant in variants:
        out = play / f"{variant}.json"
        game = run("-m", "app", "selfplay", "--turns", "2", "--variant", variant, "--seed", "1",
                   "--out", str(out))
        assert game.returncode == 0, (variant, game.stderr[-3000:])
        assert json.loads(out.read_text(encoding="utf-8"))["variant"] == variant
        assert "2 submissions" in game.stdout
