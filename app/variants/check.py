"""``python -m app variant check PATH_OR_NAME``: everything wrong with a variant, one line each.

Three layers, each run as far as the one before allows:

1. the data files (models, cross-references, unique ids, order words, home and start
   centres, starting units, the victory count): :mod:`app.engine.variants.variant_checks`;
2. the map against the data (:mod:`app.variants.geomcheck`): every province drawn once,
   the board tiled, shared borders against declared adjacency both ways, straits marked,
   split coasts touching the seas they are declared adjacent to, isolated provinces; and
   (:mod:`app.variants.terraincheck`) kinds against terrain, fleet edges against shared
   coastlines both ways, split coast lines on their province's sea border and apart;
3. legibility (also :mod:`.geomcheck`): room in each province, borders long enough to see,
   labels, unit anchors and centre markers inside their province and clear of each other.

Usage::

    >>> from app.variants.check import check_variant
    >>> [str(p) for p in check_variant("standard") if p.severity == "error"]
    []

Every problem names the file (inside the variant's folder) and the element or field.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from app.engine import (AdjacencyFile, check_map_field, NationsFile, ProvincesFile, read_json,
                        StartFile, Variant, VariantError, VariantFile)
from app.mapgeo import MapFileError, MapGeometry, load_map
from app.engine import data_problems, find_folder, Problem, rules_in_words

MODELS = {"variant.json": VariantFile, "provinces.json": ProvincesFile, "adjacency.json": AdjacencyFile,
          "nations.json": NationsFile, "start.json": StartFile}


def _ordered(problems: list[Problem]) -> list[Problem]:
    return [p for p in problems if p.severity == "error"] + [p for p in problems if p.severity == "warning"]


def read_files(folder: Path) -> tuple[dict[str, object], list[Problem]]:
    """Each data file read against its model; every model fault is a problem."""
    models: dict[str, object] = {}
    problems: list[Problem] = []
    for name, model in MODELS.items():
        try:
            raw = read_json(folder / name, VariantError)
        except VariantError as e:
            problems.append(Problem(name, "(file)", str(e).removeprefix(f"{folder / name}: ")))
            continue
        try:
            models[name] = model.model_validate(raw)
        except ValidationError as e:
            for err in e.errors():
                field = ".".join(str(p) for p in err["loc"]) or "(top level)"
                problems.append(Problem(name, field, err["msg"]))
    return models, problems


@dataclass
class Inspection:
    """What checking a folder found: the problems, and the variant and map when they load
    (the preview draws what there is)."""
    problems: list[Problem]
    variant: Variant | None = None
    board: MapGeometry | None = None


def inspect_folder(folder: Path) -> Inspection:
    """Check the variant in ``folder``: every problem (errors first), the data and the map."""
    models, problems = read_files(folder)
    if problems:
        return Inspection(_ordered(problems))
    meta = models["variant.json"]
    variant = Variant(meta, models["provinces.json"], models["adjacency.json"],  # type: ignore[arg-type]
                      models["nations.json"], models["start.json"], folder)  # type: ignore[arg-type]
    problems += data_problems(variant)
    try:
        check_map_field(meta, folder)  # type: ignore[arg-type]
    except VariantError as e:
        problems.append(Problem("variant.json", "map", str(e).split("field 'map': ", 1)[-1]))
        return Inspection(_ordered(problems), variant)
    try:
        stat = variant.map_path.stat()
        board = _read_map(variant.map_path, stat.st_mtime_ns, stat.st_size)
    except OSError as e:
        problems.append(Problem(meta.map, "(file)", f"cannot be read: {e.strerror or e}"))  # type: ignore[attr-defined]
        return Inspection(_ordered(problems), variant)
    except MapFileError as e:
        problems.append(Problem(meta.map, "(file)", str(e).removeprefix(f"{variant.map_path}: ")))  # type: ignore[attr-defined]
        return Inspection(_ordered(problems), variant)
    from app.variants.geomcheck import geometry_problems
    from app.variants.terraincheck import terrain_problems
    from app.variants.scaffold import placeholder_problems
    problems += geometry_problems(variant, board)
    problems += terrain_problems(variant, board)
    problems += placeholder_problems(folder)
    return Inspection(_ordered(problems), variant, board)


@lru_cache(maxsize=4)
def _read_map(path: Path, _mtime_ns: int, _size: int) -> MapGeometry:
    """The map, read again only when the file changed (the preview reloads on every save of
    any file of the folder; most saves are JSON). Nobody modifies a MapGeometry."""
    return load_map(path)


def check_folder(folder: Path) -> list[Problem]:
    """Every problem of the variant in ``folder``, errors first."""
    return inspect_folder(folder).problems


def check_variant(path_or_name: str | Path) -> list[Problem]:
    """Every problem of a variant given by name or folder path, errors then warnings."""
    folder = find_folder(path_or_name)
    if folder is None:
        return [Problem(str(path_or_name), "(folder)", "no such variant (not a built-in or user variant, "
                        "and no such folder)")]
    return check_folder(folder)


SHOWN_PROBLEMS = 200
"""Problems printed per variant: a broken file can have hundreds of thousands, and the
first ones (errors first) say what to fix."""


def main(argv: list[str]) -> int:
    """``variant check PATH_OR_NAME [...]``: print problems; exit 1 on any error, else 0."""
    if not argv or argv[0] in ("-h", "--help"):
        print("usage: python -m app variant check PATH_OR_NAME [PATH_OR_NAME ...]")
        return 0 if argv else 2
    worst = 0
    for target in argv:
        start = time.perf_counter()
        folder = find_folder(target)
        inspection = inspect_folder(folder) if folder is not None else None
        problems = inspection.problems if inspection is not None else check_variant(target)
        shown = Path(target) if folder is None else (Path(target) if Path(target).is_dir() else folder)
        for p in problems[:SHOWN_PROBLEMS]:
            place = p.file if folder is None else shown / p.file
            print(f"{place}:{p.element}: {p.severity}: {p.message}" if p.severity == "warning"
                  else f"{place}:{p.element}: {p.message}")
        errors = sum(p.severity == "error" for p in problems)
        warnings = len(problems) - errors
        if len(problems) > SHOWN_PROBLEMS:
            print(f"{shown}: … and {len(problems) - SHOWN_PROBLEMS:,} more problems "
                  f"(the first {SHOWN_PROBLEMS} are shown; fix them and check again)")
        print(f"{target}: {errors} error(s), {warnings} warning(s) in {time.perf_counter() - start:.2f} s",
              file=sys.stderr)
        rules = rules_in_words(inspection.variant) if inspection and inspection.variant else ()
        if rules:
            print(f"{target}: variant rules (RULES.md §12): {'; '.join(rules)}", file=sys.stderr)
        worst = max(worst, 1 if errors else 0)
    return worst
