"""``python -m app variant import SOURCE [--out FOLDER] [--unplayed POWER …] [--stand-in]``: a
variant from another program's files.

SOURCE is

- a ``.map`` file of the ``diplomacy`` package (the DPjudge format: :mod:`.dpmap`), or
  ``diplomacy:NAME`` for one of the maps of the installed package (``diplomacy:ancmed``);
- a Parlance ``.cfg`` variant file (:mod:`.parlance`).

Everything the source holds that a variant here can hold is carried over (powers, places,
coasts, borders, the start); the rest is listed as it is left out. The drawing is the
package's own where it ships one (converted: :mod:`.drawing.jdip`), else a stand-in map laid
out from the borders (:mod:`.drawing.standin`), which plays as it is; ``--stand-in`` asks for
the stand-in even when there is a drawing. ``--unplayed POWER`` leaves a power out, as the
format's own ``UNPLAYED`` does (a variant here has at most 24 nations, and one neutral power).
"""

from __future__ import annotations

import sys
from pathlib import Path

from app.engine import BUILTIN_DIR, is_variant_folder, looks_like_path, user_variants_dir

from .draft import Draft, write_draft
from .dpmap import MapFormatError, MapText

USAGE = "usage: python -m app variant import FILE.map|FILE.cfg|diplomacy:NAME [--out FOLDER] [--unplayed POWER ...] [--stand-in]"


class ImportError_(ValueError):
    """The source cannot be imported; the message names the file (and line or section)."""


def resolve_source(source: str) -> Path:
    """``diplomacy:NAME`` → the installed package's ``maps/NAME.map``; anything else is a path."""
    if source.startswith("diplomacy:"):
        from .dpimport import package_maps_dir
        folder = package_maps_dir()
        if folder is None:
            raise ImportError_(f"{source}: the diplomacy package is not installed (pip install diplomacy)")
        path = folder / f"{source.split(':', 1)[1]}.map"
        if not path.is_file():
            names = ", ".join(sorted(p.stem for p in folder.glob("*.map")))
            raise ImportError_(f"{source}: no such map in the diplomacy package (it has {names})")
        return path
    return Path(source).expanduser()


MAX_SOURCE_BYTES = 20 << 20
"""The largest source read (the package's biggest map is about 30 kB)."""


def _readable(path: Path) -> None:
    """Refuse at once what is no ordinary file: reading a named pipe waits for a writer
    forever, a device may never end."""
    import stat
    try:
        mode = path.stat().st_mode
    except OSError as e:
        raise ImportError_(f"{path}: cannot be read ({e.strerror or e})") from None
    if stat.S_ISDIR(mode):
        raise ImportError_(f"{path}: is a folder, not a .map or .cfg file")
    if not stat.S_ISREG(mode):
        what = "a named pipe" if stat.S_ISFIFO(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) \
            else "a socket" if stat.S_ISSOCK(mode) else "not an ordinary file"
        raise ImportError_(f"{path}: is {what}, not a .map or .cfg file")
    size = path.stat().st_size
    if size > MAX_SOURCE_BYTES:
        raise ImportError_(f"{path}: {size:,} bytes; a variant source is at most {MAX_SOURCE_BYTES:,}")


def read_source(path: Path, unplayed: list[str] = ()) -> tuple[Draft, MapText | None]:
    """The variant data of ``path`` (and the ``.map`` reading, which the drawing needs)."""
    _readable(path)
    if path.suffix.lower() == ".cfg":
        from .parlance import CfgError, read_cfg
        try:
            draft = read_cfg(path)
        except CfgError as e:
            raise ImportError_(str(e)) from None
        for nation in unplayed:
            if not draft.leave_out(nation):
                raise ImportError_(f"--unplayed {nation}: no such power in {path.name} "
                                   f"({', '.join(n.name for n in draft.nations)})")
        return draft, None
    from .dpimport import draft_of, read_dp_map
    try:
        m = read_dp_map(path, list(unplayed))
    except MapFormatError as e:
        raise ImportError_(str(e)) from None
    return draft_of(m), m


def drawing(draft: Draft, m: MapText | None, stand_in: bool = False) -> tuple[str, str]:
    """The map (SVG text) for ``draft`` and a note saying which it is."""
    from .drawing import standin_svg
    files = draft.files()
    why = "the source has no drawing"
    if stand_in:
        why = "a stand-in was asked for"
    elif m is not None:
        from .drawing.jdip import ConversionError, convert, package_svg
        svg_path = package_svg(m.path, m.root)
        if svg_path is not None:
            try:
                svg, notes = convert(svg_path, files, _names(m, draft), draft.impassable)
                draft.notes += notes
                return svg, (f"map: converted from the package's drawing {svg_path.name} (read where it is "
                             "installed; the geometry kept, the rest written anew)")
            except ConversionError as e:
                why = f"the package's drawing {svg_path.name} could not be used ({e})"
    return standin_svg(files, f"{draft.title}: stand-in board"), (
        f"map: {why}; map.svg is a stand-in laid out from the borders (it plays as it is; "
        "redraw it when you like, then 'variant check' compares your drawing with the data)")


def _names(m: MapText, draft: Draft) -> dict[str, str]:
    """Every name the package's drawing may use for a place → its id here."""
    out = {p: p for p in draft.provinces} | {c: c for c in draft.coasts}
    for abbr, aliases in m.aliases.items():
        target = abbr.lower()
        for a in aliases:
            out.setdefault(a.lower().replace("+", " "), target)
    return out


def import_variant(source: Path, folder: Path, unplayed: list[str] = (), stand_in: bool = False) -> Draft:
    """Write the variant imported from ``source`` into ``folder`` (new or empty); the draft's
    notes say what was not carried over."""
    draft, m = read_source(source, unplayed)
    total = len(draft.centres)
    if draft.victory is not None and 2 * draft.victory <= total:
        # two nations could win at once; the format asks for more than half (docs/variants.md)
        draft.notes.append(f"victory: the source's {draft.victory} of {total} centres is not more than half; "
                           f"here it is {total // 2 + 1}")
        draft.victory = total // 2 + 1
    too_many = draft.check_size()
    if too_many:
        raise ImportError_(f"{source}: {too_many}")
    from shapely.errors import ShapelyError
    try:
        svg, which = drawing(draft, m, stand_in)
    except (ValueError, ArithmeticError, IndexError, ShapelyError) as e:   # a board whose cells came out empty
        raise ImportError_(f"{source}: no board can be laid out for it ({type(e).__name__}: {e}); "
                           "is the file complete?") from None
    draft.notes[:0] = [which, "colours: the source has none; each nation got one from the palette (nations.json)"]
    write_draft(draft, folder, svg)
    return draft


def import_map(path: Path, folder: Path, unplayed: list[str] = (), stand_in: bool = False) -> Draft:
    """:func:`import_variant` (the name earlier versions had)."""
    return import_variant(path, folder, unplayed, stand_in)


def main(argv: list[str]) -> int:
    args = list(argv)
    out = None
    unplayed: list[str] = []
    stand_in = "--stand-in" in args
    args = [a for a in args if a != "--stand-in"]
    while "--out" in args or "--unplayed" in args:
        flag = "--out" if "--out" in args else "--unplayed"
        i = args.index(flag)
        if i + 1 >= len(args):
            print(f"error: {flag} needs a value\n{USAGE}", file=sys.stderr)
            return 2
        if flag == "--out":
            out = Path(args[i + 1]).expanduser()
        else:
            unplayed.append(args[i + 1])
        del args[i:i + 2]
    if len(args) != 1 or args[0].startswith("-"):
        print(USAGE, file=sys.stderr)
        return 2
    try:
        source = resolve_source(args[0])
        draft, _ = read_source(source, unplayed)
    except ImportError_ as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if out is None and is_variant_folder(BUILTIN_DIR / draft.name):   # it would never be found
        print(f"error: '{draft.name}' is the name of a built-in variant; give another folder with --out",
              file=sys.stderr)
        return 2
    folder = out or user_variants_dir() / draft.name
    if folder.exists() and not folder.is_dir():
        print(f"error: {folder} is a file; give another with --out", file=sys.stderr)
        return 2
    if folder.is_dir() and any(folder.iterdir()):
        print(f"error: {folder} exists and is not empty; give another with --out", file=sys.stderr)
        return 2
    existed = folder.is_dir()
    try:
        draft = import_variant(source, folder, unplayed, stand_in)
    except ImportError_ as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        from .scaffold import take_back
        take_back(folder, existed)     # else the half-made folder refuses the next try
        print(f"error: cannot write the variant in {folder}: {e.strerror or e}", file=sys.stderr)
        return 1
    from app.engine import read_variant, VariantError
    print(f"Imported {source} into {folder}")
    print("Not carried over, or changed:")
    for note in draft.notes:
        print(f"  - {note}")
    try:
        read_variant(folder)
    except VariantError as e:
        print(f"It does not load yet: {e}")
        return 1
    target = str(folder) if out or looks_like_path(str(folder)) else draft.name
    print(f"It loads and plays. Next: python -m app variant check {target}; python -m app preview {target}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
