"""``python -m tools.mapgen.render [VARIANT] [OUT_DIR] [--box X0,Y0,X1,Y1]``: render a
variant's SVG to PNG at 1000 px and 250 px wide with Qt's SVG renderer (offscreen),
for looking at.  ``--box`` (board units) also writes that area of each render,
magnified 4x (1000 px) and 16x (250 px) with visible pixels, to judge small
borders at the size they are drawn."""
from __future__ import annotations

import argparse
from pathlib import Path

from . import qtdraw
from .check import svg_of, variant_folder


def render(svg, out_dir="out/map", widths=(1000, 250), box=None, stem=None):
    qtdraw.app()
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    r = QSvgRenderer(str(svg))
    vb = r.viewBoxF()
    stem = stem or Path(svg).stem
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
        f = Path(out_dir) / f"{stem}-{w}.png"
        img.save(str(f))
        out.append(f)
        if box:
            s = w / vb.width()
            x0, y0, x1, y1 = box
            crop = img.copy(int(x0 * s), int(y0 * s), int((x1 - x0) * s), int((y1 - y0) * s))
            k = 4000 // w
            crop = crop.scaled(crop.width() * k, crop.height() * k, Qt.IgnoreAspectRatio,
                               Qt.FastTransformation)
            f = Path(out_dir) / f"{stem}-{w}-box.png"
            crop.save(str(f))
            out.append(f)
    for f in out:
        print(f)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("variant", nargs="?", default="standard")
    ap.add_argument("out_dir", nargs="?", default="out/map")
    ap.add_argument("--box", help="X0,Y0,X1,Y1 in board units: also write that area magnified")
    a = ap.parse_args(argv)
    box = tuple(float(v) for v in a.box.split(",")) if a.box else None
    render(svg_of(variant_folder(a.variant)), a.out_dir, box=box)


if __name__ == "__main__":
    main()
