"""``python -m tools.mapgen``: regenerate assets/map/standard.svg, then check it."""
from .build import build
from .check import main as check

if __name__ == "__main__":
    build()
    check()
