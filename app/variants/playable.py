"""Whether a variant may be played: a variant with errors never opens as a game.

A shipped variant is checked by the project's tests; any other (the user's, or one given
by path) is checked whole before a game starts on it: its data files, and its map with
:mod:`app.variants.check` (``variant check``), which the data files alone do not cover."""

from __future__ import annotations

from pathlib import Path

from app.engine import BUILTIN_DIR, find_folder, load_variant, VariantError

SUMMARY_LINES = 10


def variant_problem(name_or_path: str | Path) -> str | None:
    """Why the variant cannot be played, naming the file (None: it can)."""
    try:
        load_variant(name_or_path)
    except VariantError as e:
        return str(e)
    folder = find_folder(name_or_path)
    if folder is None or folder.parent.resolve() == BUILTIN_DIR.resolve():
        return None
    from .check import check_folder   # the map's checks (shapely): only for these
    errors = [p for p in check_folder(folder) if p.severity == "error"]
    if not errors:
        return None
    lines = [f"{folder / p.file}:{p.element}: {p.message}" for p in errors[:SUMMARY_LINES]]
    if len(errors) > SUMMARY_LINES:
        lines.append(f"… and {len(errors) - SUMMARY_LINES:,} more errors (python -m app variant check lists them)")
    return f"the variant in {folder} has {len(errors):,} error(s):\n" + "\n".join(lines)
