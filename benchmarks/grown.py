"""Big worlds for the benchmarks, grown once with ``python -m app selfplay`` and cached.

    grown_file(2000)                        # benchmarks/.cache/selfplay-7-2000.json
    grown_file(2000, root=old, tag="abc1")  # the same game saved by another revision's code

A world of N boards is ``python -m app selfplay --boards N --no-victory --seed 7``: random
legal orders from the standard start until the world has at least N boards, nobody able to
win. The same seed plays the same game, so every size is a point on one history and every
revision grows the very same world (in its own save format). Files are kept in
``benchmarks/.cache/`` (git-ignored); ``ui_bench.py`` uses the same names. Growing 10,000
boards takes about a minute.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "benchmarks" / ".cache"
SEED = 7


def grown_file(boards: int, seed: int = SEED, root: Path = ROOT, tag: str = "") -> Path:
    """The cached selfplay save of at least ``boards`` boards, grown by the code at
    ``root`` (this checkout by default; ``tag`` names another revision's copy)."""
    path = CACHE / f"selfplay-{seed}-{boards}{'@' + tag if tag else ''}.json"
    if not path.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        (CACHE / ".gitignore").write_text("*\n")
        print(f"growing {boards} boards with {'this code' if not tag else tag} (once; {path.name}) …",
              file=sys.stderr, flush=True)
        env = dict(os.environ, PYTHONPATH=str(root))
        subprocess.run([sys.executable, "-m", "app", "selfplay", "--boards", str(boards), "--no-victory",
                        "--seed", str(seed), "--quiet", "--out", str(path)], cwd=root, env=env, check=True)
    elif not tag:
        _in_this_format(path)
    return path


def _in_this_format(path: Path) -> None:
    """A file grown by an older revision is saved again in this code's format (the same
    game: loading checks it), so that this code is timed on its own files."""
    sys.path.insert(0, str(ROOT))
    from app.engine import SAVE_VERSION
    with open(path, encoding="utf-8") as f:
        found = re.search(r'"version":\s*(\d+)', f.read(300))
    if found and int(found.group(1)) == SAVE_VERSION:
        return
    from app.engine import Game
    from app.engine import load_variant
    load_variant("standard").victory_centres = 10 ** 6   # as it was grown
    print(f"saving {path.name} again in format version {SAVE_VERSION} …", file=sys.stderr, flush=True)
    Game.load(path).save(path)


STATUS = '''
def status():
    """(VmRSS, VmHWM) of this process in MB."""
    got = {}
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                got[line.split(":")[0]] = int(line.split()[1]) / 1024
    return got["VmRSS"], got["VmHWM"]
'''
"""Source of ``status()`` for the scripts the benchmarks run in fresh processes."""


def run_script(script: str, args: list[str], root: Path) -> dict:
    """Run ``script`` (Python source that prints one JSON object) in a fresh process with
    the code at ``root``: its object, or ``{"error": …}`` with the last line of its errors."""
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONDONTWRITEBYTECODE="1")
    r = subprocess.run([sys.executable, "-c", script, *args], env=env, cwd=root, capture_output=True, text=True)
    if r.returncode != 0:
        return {"error": (r.stderr.strip().splitlines() or [f"exit {r.returncode}"])[-1]}
    return json.loads(r.stdout)


def export_revision(rev: str, into: Path) -> Path:
    """The ``app/`` (and ``data/``, where older revisions kept the variants) of git revision
    ``rev``, exported into ``into``."""
    top = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "--name-only", rev],
                         capture_output=True, text=True, check=True).stdout.split()
    paths = [p for p in ("app", "data") if p in top]
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, *paths],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def revisions(baseline: str | None, folder: Path) -> list[tuple[str, Path, str]]:
    """``(label, code root, cache tag)`` of this code and, if given, the ``baseline``
    revision exported into ``folder``."""
    codes = [("this code", ROOT, "")]
    if baseline:
        codes.append((baseline, export_revision(baseline, folder), baseline))
    return codes


def load_average() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"
