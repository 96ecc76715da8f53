"""``python -m app variant COMMAND``: tools for variant designers (no window).

    python -m app variant check PATH_OR_NAME [...]   # every problem, FILE:ELEMENT: message
    python -m app variant new NAME_OR_FOLDER         # a small playable variant to start from
    python -m app variant import SOURCE [--out FOLDER] [--unplayed POWER ...] [--stand-in]
        # SOURCE: a .map file of the diplomacy package, diplomacy:NAME (a map of the
        # installed package), or a Parlance .cfg variant
"""

from __future__ import annotations

import os
import sys

USAGE = __doc__.split("\n\n", 1)[1]


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print("usage:\n" + USAGE, file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "check":
        from app.variants.check import main as check_main
        return check_main(rest)
    if command == "new":
        from app.variants.scaffold import main as new_main
        return new_main(rest)
    if command == "import":
        one_blas_thread()
        from app.variants.importer import main as import_main
        return import_main(rest)
    print(f"error: unknown variant command '{command}'\nusage:\n{USAGE}", file=sys.stderr)
    return 2


def one_blas_thread() -> None:
    """numpy's BLAS on one thread, for a process that has not imported numpy yet (it reads
    these when it loads). A stand-in's layout multiplies small matrices a thousand times over:
    BLAS's threads only fight each other and the machine's other work for them (known_world_901
    took 58 s on a busy machine with the default threads, 9 s with one). Environment
    variables, not threadpoolctl: no new dependency. A user's own setting is kept."""
    for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")
