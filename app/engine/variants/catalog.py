"""Where variants live, and the list of those the app can offer.

A variant is a folder holding ``variant.json`` and the other data files plus its SVG map
(see ``docs/variants.md``). Three places hold them:

- **built-in**: the folders under ``app/variants/builtin/`` (shipped with the app);
- **user**: the folders under the user's own variants folder, :func:`user_variants_dir`
  (``variants`` in the app's data folder, :mod:`app.data_folder`; ``DIPLO5D_DATA_DIR``
  moves it, for tests);
- **path**: any folder given by path (``--variant PATH``, a scenario's ``variant``).

``find_folder("standard")`` and ``find_folder("/home/me/maps/alps")`` both give the folder;
``available()`` lists what the new-game dialog offers, the built-in variants first, by
folder name::

    >>> from app.engine.variants.catalog import available
    >>> built_in = [r.name for r in available() if r.source == "built-in"]
    >>> "standard" in built_in and built_in == sorted(built_in)
    True
    >>> available()[:len(built_in)] == [r for r in available() if r.source == "built-in"]
    True
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Literal

# inside the package, so a wheel carries them (package data in pyproject.toml)
BUILTIN_DIR = Path(__file__).resolve().parents[2] / "variants" / "builtin"

Source = Literal["built-in", "user", "path"]


@dataclass(frozen=True)
class VariantRef:
    """One variant the app can offer: ``name`` loads it back (a plain name for built-in and
    user variants, the folder path otherwise); ``title`` is for people."""

    name: str
    title: str
    path: Path
    source: Source


def user_variants_dir(create: bool = False) -> Path:
    """The user's own variants folder: ``variants`` in the app's one data folder
    (:func:`app.data_folder.data_dir`)."""
    from app.data_folder import data_dir
    folder = data_dir() / "variants"
    if create:
        folder.mkdir(parents=True, exist_ok=True)
    return folder


def is_variant_folder(folder: Path) -> bool:
    return (folder / "variant.json").is_file()


def looks_like_path(name_or_path: str) -> bool:
    """A variant given as a path rather than a name (it has a separator or starts with ~ or .)."""
    return any(sep in name_or_path for sep in ("/", "\\", os.sep)) or name_or_path.startswith((".", "~"))


def find_folder(name_or_path: str | os.PathLike) -> Path | None:
    """The folder of a variant given by name (built-in first, then the user's) or by path;
    None when there is none."""
    text = os.fspath(name_or_path)
    as_path = Path(text).expanduser()
    if looks_like_path(text) or as_path.is_absolute():
        return as_path.resolve() if as_path.is_dir() else None
    for base in (BUILTIN_DIR, user_variants_dir()):
        folder = base / text
        if folder.is_dir():
            return folder
    return as_path.resolve() if as_path.is_dir() else None


def ref_name(folder: Path) -> str:
    """The string that finds ``folder`` again: its name when the catalog finds it by name,
    else its absolute path (what a save file stores)."""
    folder = folder.resolve()
    found = find_folder(folder.name)
    if found is not None and found.resolve() == folder:
        return folder.name
    return str(folder)


def _title_of(folder: Path) -> str | None:
    try:
        meta = json.loads((folder / "variant.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    title = meta.get("title") if isinstance(meta, dict) else None
    return title if isinstance(title, str) and title else folder.name


def _scan(base: Path, source: Source) -> list[VariantRef]:
    if not base.is_dir():
        return []
    out = []
    for folder in sorted(base.iterdir()):
        if folder.is_dir() and is_variant_folder(folder):
            title = _title_of(folder)
            if title is not None:
                out.append(VariantRef(folder.name, title, folder, source))
    return out


def available(paths: Iterable[str | os.PathLike] = ()) -> list[VariantRef]:
    """Built-in variants, then the user's (a user folder named like a built-in one is left
    out: the name would be ambiguous), then the folders in ``paths``. Only folders with a
    readable ``variant.json`` are listed; loading may still refuse one (see the check)."""
    refs = _scan(BUILTIN_DIR, "built-in")
    taken = {r.name for r in refs}
    refs += [r for r in _scan(user_variants_dir(), "user") if r.name not in taken]
    for p in paths:
        folder = Path(p).expanduser().resolve()
        if is_variant_folder(folder) and all(r.path.resolve() != folder for r in refs):
            refs.append(VariantRef(str(folder), _title_of(folder) or folder.name, folder, "path"))
    return refs
