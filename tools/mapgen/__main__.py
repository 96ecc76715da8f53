"""``python -m tools.mapgen``: regenerate data/standard/map.svg, then check it."""
from .build import build
from .check import main as check

if __name__ == "__main__":
    build()
    check()
