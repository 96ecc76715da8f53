"""Temp copies of variants for tests that plant defects."""

import json
import shutil
from pathlib import Path

from app.engine.variants.catalog import BUILTIN_DIR


def copy_variant(tmp_path: Path, name: str = "standard", as_name: str | None = None) -> Path:
    dst = tmp_path / (as_name or name)
    shutil.copytree(BUILTIN_DIR / name, dst)
    return dst


def edit_json(path: Path, fn) -> None:
    data = json.loads(path.read_text())
    fn(data)
    path.write_text(json.dumps(data, indent=1))


def move_svg_element(svg: Path, element_id: str, x: float, y: float) -> None:
    """Move a circle or text element of the map to (x, y)."""
    import re
    text = svg.read_text()
    m = re.search(rf'<(circle|text) id="{re.escape(element_id)}"[^>]*>', text)
    assert m, element_id
    tag = m.group(0)
    xa, ya = ("cx", "cy") if m.group(1) == "circle" else ("x", "y")
    new = re.sub(rf'\s{xa}="[^"]*"', f' {xa}="{x}"', tag)
    new = re.sub(rf'\s{ya}="[^"]*"', f' {ya}="{y}"', new)
    svg.write_text(text.replace(tag, new))
