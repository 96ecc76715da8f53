"""Variants as data: pydantic models of a variant's JSON files and the loaded :class:`Variant`.

A variant is a folder (built-in ones are ``app/variants/builtin/<name>/``; see ``app.engine.variants.catalog`` for
the user's folder and folders given by path) holding

- ``variant.json``   name, title, map file (an SVG in the same folder), first year, centres
  needed to win;
- ``provinces.json`` provinces (id, name, land/coast/sea, supply centre, aliases) and split coasts;
- ``adjacency.json`` army edges between provinces, fleet edges between locations (coasts);
- ``nations.json``   nations with display colour and home centres;
- ``start.json``     starting units and centre ownership;
- the SVG map named by ``variant.json``'s ``map`` (docs/map-conventions.md).

Loading checks every file against its model and the files against each other; any
fault raises :class:`VariantError` naming the file and the field. Files that passed every
check are remembered (their validated form, in the data folder's ``cache/variants``, under
the digest of their bytes and of the checking code): the same files load again from that
form without pydantic, which the window's start does not import (issue 24).
"""

from __future__ import annotations

import copy
import hashlib
import json
from functools import lru_cache
from pathlib import Path

from app.engine.variants.catalog import BUILTIN_DIR, find_folder

from ..saves.jsonfile import parse_json, read_text
from .variant_model import FILE_MODELS, Variant, VariantError, parse_unit_text

__all__ = ["AdjacencyFile", "DATA_DIR", "NationsFile", "ProvincesFile", "StartFile", "VARIANT_FILES", "Variant",
           "VariantError", "VariantFile", "check_map_field", "load_variant", "parse_unit_text", "read_variant",
           "without_victory"]

DATA_DIR = BUILTIN_DIR  # the built-in variants' folders


def __getattr__(name: str):
    if name in FILE_MODELS:       # the pydantic file models, imported when first named
        from . import variant_files
        return getattr(variant_files, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def load_variant(name_or_path: str | Path = "standard") -> Variant:
    """Load and cross-check a variant given by name (built-in, then the user's variants
    folder) or by folder path. The same unchanged folder gives the same object; a folder
    whose files changed since is read again."""
    folder = find_folder(name_or_path)
    if folder is None:
        raise VariantError(f"variant '{name_or_path}': no such variant (not a built-in or user "
                           "variant, and no such folder)")
    return _load_cached(folder, _stamp(folder))


def without_victory(variant: Variant) -> Variant:
    """``variant`` with its victory count out of reach, so that nobody wins: a world grown
    past the point where a nation would have won (``python -m app selfplay --no-victory``)
    is played and replayed under it. A copy: the loaded variant, shared by every game, is
    left as it is.

    >>> v = load_variant()
    >>> without_victory(v).victory_centres > v.centre_count >= v.victory_centres
    True
    """
    if variant.victory_centres > variant.centre_count:
        return variant
    v = copy.copy(variant)
    v.victory_centres = v.centre_count + 1
    return v


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


def read_variant(folder: Path, *, remembered: bool = True) -> Variant:
    """Read and cross-check the variant in ``folder`` now (no cache in memory): the first fault
    raises :class:`VariantError` naming the file and the field.

    ``remembered``: files whose very bytes passed every check before are built from the
    validated form kept then (:func:`checked_path`), without checking them again."""
    try:
        texts: dict[str, str] | None = {name: read_text(folder / name, VariantError) for name in VARIANT_FILES}
    except VariantError:
        texts = None                            # said below, in the files' order
    kept = checked_path(texts) if remembered and texts else None
    if kept is not None:
        v = _from_kept(kept, folder)
        if v is not None:
            check_map_field(v.meta, folder)     # the SVG is not part of the digest: looked at again
            return v
    from ..saves.jsonfile import validate
    from .variant_checks import data_problems
    from .variant_files import AdjacencyFile, NationsFile, ProvincesFile, StartFile, VariantFile
    models = {"variant.json": VariantFile, "provinces.json": ProvincesFile, "adjacency.json": AdjacencyFile,
              "nations.json": NationsFile, "start.json": StartFile}
    files = {}
    for name, model in models.items():
        where = str(folder / name)
        text = texts[name] if texts else read_text(folder / name, VariantError)
        files[name] = validate(parse_json(text, where, VariantError), model, where, VariantError)
        if name == "variant.json":
            check_map_field(files[name], folder)
    v = Variant(*files.values(), folder)  # type: ignore[arg-type]
    for problem in data_problems(v):
        if problem.severity == "error":
            raise VariantError(f"{folder / problem.file}: field '{problem.element}': {problem.message}")
    if kept is not None:
        _remember(kept, {name: f.model_dump(mode="json") for name, f in files.items()})
    return v


def checked_path(texts: dict[str, str]) -> Path | None:
    """Where the validated form of these files is kept once they passed every check: named by
    the digest of their text and of the code that checks them (a changed check looks again).
    None: no data folder to keep it in."""
    from app.data_folder import data_dir
    h = hashlib.sha256()
    for name in VARIANT_FILES:
        h.update(name.encode() + b"\0" + texts[name].encode() + b"\0")
    here = Path(__file__).parent
    for code in ("variant.py", "variant_files.py", "variant_checks.py", "variant_model.py"):
        try:
            st = (here / code).stat()
            h.update(f"{code}:{st.st_size}:{st.st_mtime_ns}".encode())
        except OSError:
            return None
    return data_dir() / "cache" / "variants" / f"{h.hexdigest()[:32]}.json"


def _from_kept(path: Path, folder: Path) -> Variant | None:
    try:
        return Variant.from_checked(json.loads(path.read_text(encoding="utf-8")), folder)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None                             # none yet, or damaged: checked again


def _remember(path: Path, form: dict) -> None:
    from ..saves.jsonfile import save_json_atomic
    try:
        save_json_atomic(path, form)            # whole or not at all: a second instance reads either
    except OSError:
        pass                                    # a read-only data folder: checked again next time


def check_map_field(meta, folder: Path) -> None:
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
