"""``python -m tools.mapgen.sketch VARIANT OUT.png``: draw a design before it is a map.

Country borders in grey, the design's land lines in brown and sea lines in
blue (each with its name at its middle), seeds as red dots with their label,
the board frame in black: the picture to look at while placing lines and
seeds in ``designs/<variant>.py``.
"""
from __future__ import annotations

import sys

import numpy as np
import shapely
from shapely.geometry import box

from . import designs, qtdraw
from .partition import _line, _seg, load_countries, make_warp


def sketch(name: str, out: str, width: int = 1400) -> None:
    design = designs.load(name)
    warp, frame = make_warp(design)
    x0, y0, x1, y1 = frame
    pad = 40
    items, texts = [], []
    countries = load_countries(warp, design.LONLAT_CLIP)
    for _n, g in countries:
        items.append((g, "#efe5c8", "#999999", 1.0))
    items.append((box(*frame).boundary, None, "#000000", 1.5))
    s = width / (x1 - x0 + 2 * pad)
    for colour, lines in (("#8a4b16", design.LAND_LINES), ("#1f5fbf", design.SEA_LINES)):
        for lname, pts in lines.items():
            g = warp.geometry(_seg(_line(design, pts)))
            items.append((g, None, colour, 2.0))
            m = g.interpolate(0.5, normalized=True)
            texts.append((m.x, m.y, lname, colour))
    for label, pts in design.SEEDS.items():
        for lon, lat in pts:
            x, y = warp(np.array([lon]), np.array([lat]))
            items.append((shapely.Point(float(x[0]), float(y[0])).buffer(3 / s * 2), "#d00000", None, 0))
            texts.append((float(x[0]) + 3, float(y[0]) - 3, label, "#d00000"))
    qtdraw.plot(items, (x0 - pad, y0 - pad, x1 + pad, y1 + pad), width, out, texts)
    print(out)


if __name__ == "__main__":
    sketch(sys.argv[1], sys.argv[2])
