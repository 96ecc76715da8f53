"""``python -m tools.mapgen [VARIANT ...]``: regenerate the variants' maps (and the
new variants' JSON) from their designs, then check them.  Default: every design."""
import sys

from .build import build
from .check import main as check
from .designs import NAMES

if __name__ == "__main__":
    names = sys.argv[1:] or list(NAMES)
    for name in names:
        build(name)
    sys.exit(check(names))
