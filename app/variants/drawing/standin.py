"""The stand-in map: a playable drawing for a variant that comes without one (an import).

Every province becomes a region of usable size, laid out so that neighbours in the data are
neighbours on the board (:mod:`.layout`); the drawing is then made to say exactly what the
data says (:mod:`.mend`), so that ``variant check`` finds nothing wrong with the stand-in
itself, and written as an SVG (:mod:`.svgout`).

    >>> from app.variants.drawing import standin_svg
    >>> svg = standin_svg(files)          # the variant's five JSON files, as data
"""

from __future__ import annotations

from shapely.geometry import box

from .data import WIDTH, BoardData
from .layout import layout, regions
from .mend import mend
from .svgout import write_svg


def standin_svg(files: dict[str, dict], title: str = "Stand-in board") -> str:
    """The stand-in map of the variant whose JSON files are ``files``."""
    data = BoardData.of(files)
    lay = layout(data)
    frame = box(0, 0, WIDTH, lay.height)
    board = mend(data, regions(lay, frame), frame)
    return write_svg(data, board, lay.height, title)
