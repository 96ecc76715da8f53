"""Import survey: every map of the installed ``diplomacy`` package and every Parlance ``.cfg``
variant, imported, checked and played, as one Markdown table (issue 22's "Done means").

For each source the survey

1. imports it as ``python -m app variant import`` does (:func:`app.variants.importer.import_variant`)
   into a temporary folder; a source with more than 24 nations is imported again with the
   extra nations left out (``--unplayed``, the last ones listed), and the row says so;
2. loads the result (:func:`app.engine.variants.variant.load_variant`) and runs ``variant check`` on it
   (:func:`app.variants.check.check_folder`): errors and warnings, and how many of the errors
   are in the drawing (``map.svg``), where a stand-in must cause none;
3. plays random legal orders for every nation (the ``selfplay`` player,
   :func:`app.bots.random_player.random_orders`) until the main timeline is ``--years`` years
   on, or the game ends, and says whether it forked timelines;
4. says which drawing the import has: the package's own SVG converted, or the stand-in.

Everything happens in a temporary data folder (``DIPLO5D_DATA_DIR``), so the user's variants
folder is untouched, and nothing from the sources is written anywhere else (their licences:
the ``diplomacy`` package is AGPL, Parlance's variants non-commercial). No Qt.

    nice python tools/import_survey.py --parlance-dir /path/to/Parterre-1.4.1/parterre/data
    python tools/import_survey.py --only standard --years 2     # one package map (the test)

Parlance's variants: ``pip download parterre==1.4.1 --no-deps -d DIR`` and unpack it; the
``.cfg`` files are in ``parterre/data``. Without ``--parlance-dir`` only the package's maps
are surveyed. Exit status 0 when the survey ran (whatever it found), 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

MAX_NATIONS = 24   # as a variant here (RULES.md §12)


@dataclass
class Row:
    """What the survey found for one source."""
    source: str
    imported: str = "no"
    check: str = "–"
    selfplay: str = "–"
    drawing: str = "–"
    seconds: float = 0.0
    failures: list[str] = field(default_factory=list)

    def markdown(self) -> str:
        return (f"| {self.source} | {self.imported} | {self.check} | {self.selfplay} | {self.drawing} "
                f"| {self.seconds:.0f} |")


class _Timeout(Exception):
    pass


def _alarm(_signum, _frame):
    raise _Timeout()


def sources(parlance_dir: Path | None, only: list[str]) -> list[tuple[str, Path]]:
    """(label, path) of every source: the package's ``.map`` files, then the ``.cfg`` files."""
    from app.variants.dpimport import package_maps_dir
    out: list[tuple[str, Path]] = []
    maps = package_maps_dir()
    if maps is not None:
        out += [(f"diplomacy:{p.stem}", p) for p in sorted(maps.glob("*.map"))]
    if parlance_dir is not None:
        out += [(f"parlance:{p.stem}", p) for p in sorted(parlance_dir.glob("*.cfg")) if p.name != "setup.cfg"]
    if only:
        out = [(label, p) for label, p in out if p.stem in only or label in only]
    return out


def _first_line(text: str, limit: int = 160) -> str:
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def import_one(label: str, path: Path, into: Path, row: Row):
    """Import ``path`` into ``into``; the draft, or None (the row says why)."""
    from app.variants.importer import ImportError_, import_variant, read_source
    unplayed: list[str] = []
    try:
        draft, _ = read_source(path)
        playing = [n.name for n in draft.nations if not n.neutral]   # the neutral power is not counted
        if len(playing) > MAX_NATIONS:
            unplayed = playing[MAX_NATIONS:]
        draft = import_variant(path, into, unplayed)
    except ImportError_ as e:
        row.imported = "no: refused"
        row.failures.append(f"import refused: {_first_line(e)}")
        return None
    row.imported = "yes" + (f" (--unplayed {' '.join(unplayed)}: {len(draft.nations) + len(unplayed)} nations)"
                            if unplayed else "")
    which = next((n for n in draft.notes if n.startswith("map: ")), "")
    row.drawing = "own SVG converted" if "converted from the package's drawing" in which else "stand-in"
    broken = [n for n in draft.notes if "drawing could not be used" in n]
    if broken:
        row.drawing += " (own SVG failed)"
        row.failures.append(f"drawing: {_first_line(broken[0])}")
    return draft


def check_one(folder: Path, row: Row) -> bool:
    """``variant check`` on the import; True when the variant loads (selfplay can run)."""
    from app.engine import load_variant, VariantError
    from app.variants.check import check_folder
    problems = check_folder(folder)
    errors = [p for p in problems if p.severity == "error"]
    warnings = len(problems) - len(errors)
    in_map = [p for p in errors if p.file.endswith(".svg")]
    row.check = f"{len(errors)} E ({len(in_map)} in map) / {warnings} W"
    for p in errors[:3]:
        row.failures.append(f"check error: {p.file}:{p.element}: {_first_line(p.message)}")
    if len(errors) > 3:
        row.failures.append(f"check error: … and {len(errors) - 3} more")
    try:
        load_variant(str(folder))
    except VariantError as e:
        row.imported += ", does not load"
        row.failures.append(f"load: {_first_line(e)}")
        return False
    return True


def play_one(folder: Path, years: int, seed: int, row: Row) -> None:
    """Random legal orders for every nation until the main timeline is ``years`` years on."""
    from app.bots.random_player import random_orders
    from app.engine import Game
    from app.engine import load_variant
    game = Game.new(load_variant(str(folder)), "strict", seed)
    rng = random.Random(seed)
    first = game.world.starts[1].year
    cap = years * 6 + 6                       # a year is 2–5 submissions (retreats, builds)
    while game.world.phase != "over" and len(game.submissions) < cap:
        if game.world.ends[1].year - first >= years:
            break
        game.submit(random_orders(game.world, rng))
    w = game.world
    played = w.ends[1].year - first
    forks = len(w.timelines) - 1
    row.selfplay = (f"{played} y, {len(game.submissions)} subs, {len(w.boards)} boards, "
                    f"{'forked: ' + str(len(w.timelines)) + ' timelines' if forks else 'no fork'}")
    if w.winner:
        row.selfplay += f", {w.winner} won"
    if played < years and not w.winner:
        row.failures.append(f"selfplay: only {played} of {years} years in {len(game.submissions)} submissions "
                            f"(phase {w.phase})")


def survey(items: list[tuple[str, Path]], years: int, seed: int, limit: float, work: Path) -> list[Row]:
    rows = []
    signal.signal(signal.SIGALRM, _alarm)
    for n, (label, path) in enumerate(items):
        row = Row(label)
        start = time.perf_counter()
        folder = work / label.replace(":", "-")
        stage = "import"
        signal.setitimer(signal.ITIMER_REAL, limit)
        try:
            if import_one(label, path, folder, row) is not None:
                stage = "check"
                if check_one(folder, row):
                    stage = "selfplay"
                    play_one(folder, years, seed, row)
        except _Timeout:
            row.failures.append(f"{stage}: stopped after the {limit:.0f} s limit")
            if stage == "selfplay":
                row.selfplay = "timed out"
        except Exception as e:  # noqa: BLE001 - a crash is a finding, not the end of the survey
            where = traceback.extract_tb(e.__traceback__)[-1]
            row.failures.append(f"{stage} crashed: {type(e).__name__}: {_first_line(e)} "
                                f"({Path(where.filename).name}:{where.lineno})")
            if stage == "selfplay":
                row.selfplay = "crashed"
            elif stage == "import":
                row.imported = "no: crashed"
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        row.seconds = time.perf_counter() - start
        print(f"[{n + 1}/{len(items)}] {label}: {row.seconds:.0f} s", file=sys.stderr, flush=True)
        rows.append(row)
    return rows


def report(rows: list[Row], years: int) -> str:
    lines = [f"| source | imported | variant check (errors / warnings) | selfplay ({years} years asked) "
             "| drawing | s |",
             "|---|---|---|---|---|---|"]
    lines += [r.markdown() for r in rows]
    failing = [r for r in rows if r.failures]
    if failing:
        lines += ["", "Failures and why:", ""]
        for r in failing:
            lines += [f"- {r.source}: {f}" for f in r.failures]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python tools/import_survey.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--parlance-dir", type=Path, help="folder of Parlance .cfg variants (parterre/data)")
    ap.add_argument("--years", type=int, default=4, help="years of random play per map (default 4)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--limit", type=float, default=600, help="seconds allowed per map (default 600)")
    ap.add_argument("--only", nargs="*", default=[], help="only these sources (map stems or labels)")
    args = ap.parse_args(argv)
    from app.variants.cli import one_blas_thread
    one_blas_thread()          # as `variant import` (the stand-ins' layout); numpy is loaded after this
    if args.parlance_dir is not None and not args.parlance_dir.is_dir():
        ap.error(f"--parlance-dir {args.parlance_dir}: no such folder")
    before = os.environ.get("DIPLO5D_DATA_DIR")
    with tempfile.TemporaryDirectory(prefix="import-survey-") as tmp:
        os.environ["DIPLO5D_DATA_DIR"] = str(Path(tmp) / "data")   # before the app reads it
        try:
            return _run(args, Path(tmp))
        finally:
            if before is None:
                os.environ.pop("DIPLO5D_DATA_DIR", None)
            else:
                os.environ["DIPLO5D_DATA_DIR"] = before


def _run(args: argparse.Namespace, tmp: Path) -> int:
    items = sources(args.parlance_dir, args.only)
    if not items:
        print("nothing to survey (is the diplomacy package installed? pip install diplomacy==1.1.2)",
              file=sys.stderr)
        return 2
    wall, cpu = time.perf_counter(), time.process_time()
    rows = survey(items, args.years, args.seed, args.limit, tmp / "imports")
    print(report(rows, args.years))
    print(f"\n{len(rows)} sources in {time.perf_counter() - wall:.0f} s wall, "
          f"{time.process_time() - cpu:.0f} s CPU")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    sys.exit(main())
