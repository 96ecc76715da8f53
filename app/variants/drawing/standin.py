"""The stand-in map: a playable drawing for a variant that comes without one (an import).

Every province becomes a region of usable size, laid out so that neighbours in the data are
neighbours on the board (:mod:`.layout`); the drawing is then made to say exactly what the
data says (:mod:`.mend`), so that ``variant check`` finds nothing wrong with the stand-in
itself, and written as an SVG (:mod:`.svgout`).

The five JSON files of a shipped variant, given as data, make a board with a region for
every province:

    >>> import json
    >>> from app.engine.variants.catalog import find_folder
    >>> from app.variants.drawing import standin_svg
    >>> files = {f.name: json.loads(f.read_text()) for f in find_folder("isles").glob("*.json")}
    >>> sorted(files)
    ['adjacency.json', 'nations.json', 'provinces.json', 'start.json', 'variant.json']
    >>> svg = standin_svg(files, "Isles, stand-in")
    >>> svg.startswith("<svg") and "<title>Isles, stand-in</title>" in svg
    True
    >>> all(f'id="{p["id"]}"' in svg for p in files["provinces.json"]["provinces"])
    True
"""

from __future__ import annotations

from shapely.geometry import box

from .data import WIDTH, BoardData
from .layout import TALLEST, TALLEST_AT_WORST, layout, regions
from .mend import mend
from .svgout import write_svg


def standin_svg(files: dict[str, dict], title: str = "Stand-in board") -> str:
    """The stand-in map of the variant whose JSON files are ``files``."""
    data = BoardData.of(files)
    for tallest, inside in ((TALLEST, True), (TALLEST_AT_WORST, True), (TALLEST_AT_WORST, False)):
        lay = layout(data, tallest, inside)
        frame = box(0, 0, WIDTH, lay.height)
        board = mend(data, regions(lay, frame), frame)
        # a graph that is not 3-connected can fold the layout over itself; squeezed to the
        # screen's shape, or brought inside the frame, a fold can leave a province no room at
        # all (a cut Modern): drawn in its own shape instead, its rim as the stretch left it
        if all(not board.cells[p].is_empty for p in data.provinces):
            break
    return write_svg(data, board, lay.height, title)
