"""Variants as data: pydantic models of a variant's JSON files and the loaded :class:`Variant`.

A variant is a folder (built-in ones are ``data/<name>/``; see ``app.engine.catalog`` for
the user's folder and folders given by path) holding

- ``variant.json``   name, title, map file (an SVG in the same folder), first year, centres
  needed to win;
- ``provinces.json`` provinces (id, name, land/coast/sea, supply centre, aliases) and split coasts;
- ``adjacency.json`` army edges between provinces, fleet edges between locations (coasts);
- ``nations.json``   nations with display colour and home centres;
- ``start.json``     starting units and centre ownership;
- the SVG map named by ``variant.json``'s ``map`` (docs/map-conventions.md).

Loading checks every file against its model and the files against each other; any
fault raises :class:`VariantError` naming the file and the field.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from app.engine.catalog import BUILTIN_DIR, find_folder

from .jsonfile import read_model
from .variant_checks import data_problems
from .variant_model import (AdjacencyFile, NationsFile, ProvincesFile, StartFile, Variant, VariantError,
                            VariantFile, _Model, parse_unit_text)

__all__ = ["AdjacencyFile", "DATA_DIR", "NationsFile", "ProvincesFile", "StartFile", "VARIANT_FILES", "Variant",
           "VariantError", "VariantFile", "check_map_field", "load_variant", "parse_unit_text", "read_variant"]

DATA_DIR = BUILTIN_DIR  # the built-in variants' folders


def _read(path: Path, model: type[_Model]) -> _Model:
    return read_model(path, model, VariantError)


def load_variant(name_or_path: str | Path = "standard") -> Variant:
    """Load and cross-check a variant given by name (built-in, then the user's variants
    folder) or by folder path. The same unchanged folder gives the same object; a folder
    whose files changed since is read again."""
    folder = find_folder(name_or_path)
    if folder is None:
        raise VariantError(f"variant '{name_or_path}': no such variant (not a built-in or user "
                           "variant, and no such folder)")
    return _load_cached(folder, _stamp(folder))


def _stamp(folder: Path) -> tuple:
    """Modification times of the folder's files: a changed file misses the cache."""
    out = []
    for path in [*(folder / name for name in VARIANT_FILES), *sorted(folder.glob("*.svg"))]:
        try:
            out.append((path.name, path.stat().st_mtime_ns))
        except OSError:
            out.append((path.name, None))
    return tuple(out)


@lru_cache(maxsize=32)
def _load_cached(folder: Path, _stamp: tuple) -> Variant:
    return read_variant(folder)


load_variant.cache_clear = _load_cached.cache_clear  # type: ignore[attr-defined]

VARIANT_FILES = ("variant.json", "provinces.json", "adjacency.json", "nations.json", "start.json")


def read_variant(folder: Path) -> Variant:
    """Read and cross-check the variant in ``folder`` now (no cache): the first fault raises
    :class:`VariantError` naming the file and the field."""
    meta = _read(folder / "variant.json", VariantFile)
    check_map_field(meta, folder)  # type: ignore[arg-type]
    v = Variant(meta,  # type: ignore[arg-type]
                _read(folder / "provinces.json", ProvincesFile),  # type: ignore[arg-type]
                _read(folder / "adjacency.json", AdjacencyFile),  # type: ignore[arg-type]
                _read(folder / "nations.json", NationsFile),  # type: ignore[arg-type]
                _read(folder / "start.json", StartFile),  # type: ignore[arg-type]
                folder)
    for problem in data_problems(v):
        if problem.severity == "error":
            raise VariantError(f"{folder / problem.file}: field '{problem.element}': {problem.message}")
    return v


def check_map_field(meta: VariantFile, folder: Path) -> None:
    """The map is an SVG file inside the variant's folder (a variant travels as one folder)."""
    where = f"{folder / 'variant.json'}: field 'map'"
    target = (folder / meta.map).resolve()
    if (Path(meta.map).is_absolute() or ".." in Path(meta.map).parts
            or not target.is_relative_to(folder.resolve())):
        raise VariantError(f"{where}: '{meta.map}' is outside the variant's folder; "
                           "put the SVG in the folder and name it relative to it (e.g. 'map.svg')")
    if target.suffix.lower() != ".svg":
        raise VariantError(f"{where}: '{meta.map}' is not an SVG file")
    if not target.is_file():
        raise VariantError(f"{where}: no file '{meta.map}' in {folder}")
