"""Temp copies of variants for tests that plant defects."""

import json
import shutil
from pathlib import Path

from app.variants.catalog import BUILTIN_DIR


def copy_variant(tmp_path: Path, name: str = "standard", as_name: str | None = None) -> Path:
    dst = tmp_path / (as_name or name)
    shutil.copytree(BUILTIN_DIR / name, dst)
    return dst


def edit_json(path: Path, fn) -> None:
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data, indent=1))
