"""``python -m tools.mapgen.render [OUT_DIR]``: render the SVG to PNG at
1000 px and 250 px wide with Qt's SVG renderer (offscreen), for looking at."""
from __future__ import annotations

import sys
from pathlib import Path

from . import qtdraw
from .check import SVG


def render(svg=SVG, out_dir="out/map", widths=(1000, 250)):
    qtdraw.app()
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    r = QSvgRenderer(str(svg))
    vb = r.viewBoxF()
    out = []
    Path(out_dir).mkdir(parents=True, exist_ok=True)
    for w in widths:
        h = round(w * vb.height() / vb.width())
        img = QImage(w, h, QImage.Format_ARGB32)
        img.fill(QColor("white"))
        p = QPainter(img)
        p.setRenderHint(QPainter.Antialiasing)
        p.setRenderHint(QPainter.TextAntialiasing)
        r.render(p, QRectF(0, 0, w, h))
        p.end()
        f = Path(out_dir) / f"standard-{w}.png"
        img.save(str(f))
        out.append((f, w, h))
        print(f"{f}: {w}x{h}")
    return out


if __name__ == "__main__":
    render(out_dir=sys.argv[1] if len(sys.argv) > 1 else "out/map")
