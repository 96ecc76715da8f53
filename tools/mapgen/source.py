"""Fetch the Natural Earth geography (npm package ``world-atlas``, ISC licence).

The generator runs ``npm pack world-atlas@<version>`` into ``tools/mapgen/.cache``
(git-ignored) the first time it is needed.  The app never needs this: the
generated ``app/variants/builtin/standard/map.svg`` is committed.
"""
from __future__ import annotations

import subprocess
import tarfile
from pathlib import Path

WORLD_ATLAS_VERSION = "2.0.2"
CACHE = Path(__file__).resolve().parent / ".cache"


def world_atlas_file(name: str = "countries-50m.json") -> Path:
    """Path of a file of the world-atlas package, downloading it if needed."""
    pkg = CACHE / f"world-atlas-{WORLD_ATLAS_VERSION}"
    target = pkg / "package" / name
    if target.exists():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    tgz = CACHE / f"world-atlas-{WORLD_ATLAS_VERSION}.tgz"
    if not tgz.exists():
        subprocess.run(
            ["npm", "pack", f"world-atlas@{WORLD_ATLAS_VERSION}", "--silent"],
            cwd=CACHE, check=True,
        )
    with tarfile.open(tgz) as tf:
        tf.extractall(pkg, filter="data")
    return target
