"""Province names on a board: readable at any zoom, never cut, fitted to their regions.

Names are drawn at a size fixed on the screen (:func:`label_px`, about 11 pixels at the
working size), not scaled with the map, so that a board shown at working size on a
1366×768 laptop is as readable as one filling a large screen. Which name a province shows
is a level of detail, chosen per zoom (:meth:`LabelFitter.labels`): its full name (on one
line, or two) where it fits inside the province clear of the unit and supply-centre
markers, else the map's own label, else the province id — and when none fits, the short
label all the same, whole, beside the province's unit or over its markers, at the first of its
places that covers no other name (a pixel smaller on a crowded board, never under
``MIN_PX``; left out only where every place would cover one): a big map's stand-in names all
its provinces at the default zoom. Places clear of every unit's marker come first, then
those over another province's unit (the name is drawn over it), and only when nothing else
is left one under its own unit (which is drawn over the name). A name is never clipped.

Painting (:func:`paint_labels`) works in device pixels whatever the painter's transform,
so the same code draws the names over a board in the view (from a cached image per
on-screen width while boards are small, as text when a board is large), into an exported
image, a vector SVG, and the thrown-pieces table.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter

from .map_colours import LABEL, SEA_LABEL

LABEL_PX = 10.0          # names' height on screen (pixels) at the working size and below
MIN_PX = 9               # a short name in a crowded place may be drawn this small, never smaller
NAME_GAP = 2.0           # pixels between two names (at 1, two ids side by side read as one word)
MIN_BOARD_PX = 260.0     # a board drawn narrower than this shows no names (far out; a Winter board at working size has them)
IMAGE_MAX_PX = 1000.0    # up to this width a board's names come from a cached image; above, as text
CROWDED_PX = 400.0       # below this width a board shows only the names clear of the markers
UNIT_KEEPOUT = 14.0      # map units around a unit's anchor a full name keeps clear of (its marker)
UNIT_MARK = 13.5         # map units around any unit's anchor no name may meet if it can help it (the
                         # marker's radius, map_art.paint_unit, and its pen): a unit stands over a name
CENTRE_KEEPOUT = 6.5     # ... and around a supply centre's marker
GRID_STEP = 8.0          # map units between the extra places tried for a short name inside its province
CLEAR_PLACES = 16        # ... of which this many nearest its middle, clear of every unit's marker
NEAR = 80.0              # map units: a unit further than this from a place cannot meet a short name there
BESIDE = 20.0            # ... on the province or up to this far beyond its border (map units)
INSET = 1.0              # map units a name keeps inside its province's border
FAMILY = "DejaVu Sans"


def label_px(scale: float) -> float:
    """The names' pixel height for a board drawn at ``scale`` (pixels per map unit): fixed
    at working size and below, growing gently as a board is drawn larger."""
    return LABEL_PX * max(1.0, scale) ** 0.4


@lru_cache(maxsize=64)
def _font(px: int, sea: bool) -> QFont:
    f = QFont(FAMILY)
    f.setPixelSize(max(1, px))
    f.setBold(not sea)
    f.setItalic(sea)
    return f


@lru_cache(maxsize=64)
def _metrics(px: int, sea: bool) -> QFontMetricsF:
    return QFontMetricsF(_font(px, sea))


@dataclass(frozen=True)
class Label:
    """One province's name as drawn: ``lines`` of text centred on ``at`` (map units), in a
    font ``px`` pixels high; ``box`` is the text's extent in map units."""

    province: str
    lines: tuple[str, ...]
    at: tuple[float, float]
    px: int
    sea: bool
    box: tuple[float, float, float, float]      # x0, y0, x1, y1 (map units)
    fitted: bool                                 # inside its province
    touches: bool = False                        # over a unit's or centre's marker (drawn again on top)

    @property
    def text(self) -> str:
        return " ".join(self.lines)


def _two_lines(name: str) -> tuple[str, ...] | None:
    """``name`` broken at the space nearest its middle (None: a single word)."""
    words = name.split()
    if len(words) < 2:
        return None
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return (" ".join(words[:best]), " ".join(words[best:]))


@lru_cache(maxsize=8192)
def _advance(text: str, px: int, sea: bool) -> float:
    return _metrics(px, sea).horizontalAdvance(text)


class LabelFitter:
    """Which name each province of a map shows at a scale, and where (cached per scale).

    Every candidate (a name on one or two lines, at each of the province's spots: the map's
    label anchor, a little above and below it, the province's pole of inaccessibility) is
    tested in one vectorised pass: inside the province and clear of the unit and
    supply-centre markers; failing that, the map's own short label may touch a marker."""

    def __init__(self, art):
        self.art = art
        geo = art.geo
        variant = art.variant
        self.sea = art.sea
        self.provinces = [p for p in geo.provinces if p in geo.label_anchors]
        self.candidates: dict[str, tuple[tuple[str, ...], ...]] = {}
        self.short: dict[str, tuple[str, ...]] = {}
        for prov in self.provinces:
            info = variant.provinces.get(prov)
            full = info.name if info else prov
            own = geo.labels.get(prov) or ""
            short = own if own and len(own) <= 4 else prov[:1].upper() + prov[1:]
            options: list[tuple[str, ...]] = [(full,)]
            if (two := _two_lines(full)) is not None:
                options.append(two)
            if own and own not in (full, short):
                options.append((own,))
                if (two := _two_lines(own)) is not None:
                    options.append(two)
            options.append((short,))
            self.candidates[prov] = tuple(dict.fromkeys(options))
            self.short[prov] = (short,)
        self._cache: OrderedDict[int, tuple[Label, ...]] = OrderedDict()
        self._lock = threading.Lock()
        self._shapes_lock = threading.RLock()
        self._shaped = False
        self.kept = KeptLabels(self)

    def _shapes(self) -> None:
        """The provinces' shapes, their markers and name spots (shapely), made when a scale's
        names are first fitted (not when they were kept from an earlier run). Called holding
        ``_shapes_lock``."""
        if self._shaped:
            return
        import shapely
        from shapely.geometry import Point
        from shapely.ops import polylabel
        from shapely.strtree import STRtree
        geo = self.art.geo
        self._inner, self._keepout, self._where, self._region, self._units = {}, {}, {}, {}, {}
        for prov in self.provinces:
            poly = shape_of(geo.provinces[prov])
            inner = poly.buffer(-INSET)
            inner = inner if not inner.is_empty else poly
            shapely.prepare(inner)
            self._inner[prov] = inner
            marks = [Point(*a).buffer(UNIT_KEEPOUT, 8) for loc, a in geo.unit_anchors.items()
                     if loc.split("/")[0] == prov]
            if prov in geo.centre_anchors:
                marks.append(Point(*geo.centre_anchors[prov]).buffer(CENTRE_KEEPOUT, 8))
            keep = shapely.union_all(marks) if marks else Point()
            shapely.prepare(keep)
            self._keepout[prov] = keep
            self._region[prov] = poly
            self._units[prov] = [a for loc, a in geo.unit_anchors.items() if loc == prov][:1]
            spots = [tuple(geo.label_anchors[prov])]
            try:
                part = poly if poly.geom_type == "Polygon" else max(poly.geoms, key=lambda g: g.area)
                pole = polylabel(part, tolerance=1.0)      # (shapely.polylabel is no name: this spot was never tried)
                spots.append((pole.x, pole.y))
            except Exception:          # a degenerate drawing: the label's own anchor will do
                pass
            self._where[prov] = spots
        self._all_marks = shapely.union_all([k for k in self._keepout.values() if not k.is_empty]) \
            if self._keepout else Point()
        shapely.prepare(self._all_marks)
        # every place a unit can stand, whichever province's name is near it: a name is drawn
        # over another province's unit, and a unit over its own province's name
        import numpy as np
        places = sorted(geo.unit_anchors.items())
        anchors = np.array([a for _, a in places], dtype=float).reshape(-1, 2)
        self._anchor_owner = np.array([loc.split("/")[0] for loc, _ in places], dtype=object)
        self._anchor_tree = STRtree(shapely.points(anchors)) if len(anchors) else None
        self._anchor_xy_all = anchors
        self._grids = {}          # made when a province's name first needs places beside it
        for poly in self._region.values():
            shapely.prepare(poly)
        self._shaped = True

    @staticmethod
    def bucket(scale: float) -> int:
        """Scales within 6% of each other share their names."""
        return round(math.log(max(scale, 1e-6)) / math.log(1.06))

    def labels(self, scale: float) -> tuple[Label, ...]:
        """The names shown on a board drawn at ``scale`` pixels per map unit."""
        b = self.bucket(scale)
        with self._lock:
            got = self._cache.get(b)
            if got is not None:
                self._cache.move_to_end(b)
                return got
        got = self.kept.get(b)
        if got is None:
            # one thread at a time in the shapes (the view and the thumbnail workers both
            # draw names; prepared shapely geometry is not to be shared while it is used)
            with self._shapes_lock:
                self._shapes()
                got = self._fit_all(1.06 ** b)
            self.kept.put(b, got)
        with self._lock:
            self._cache[b] = got
            if len(self._cache) > 48:
                self._cache.popitem(last=False)
        return got

    def _fit_all(self, s: float) -> tuple[Label, ...]:
        import shapely
        px = round(label_px(s))
        rows = []                 # (province, lines, spot, extent, kind): see ACCEPT
        beside = []               # (province, short name, width, height, kind): asked for more places
        for prov in self.provinces:
            sea = prov in self.sea
            fm = _metrics(px, sea)
            x0, y0 = self._where[prov][0]
            short = self.short[prov]
            for lines in self.candidates[prov]:
                w, h = self._size(lines, px, sea, fm, s)
                for x, y in list(self._where[prov]) + [(x0, y0 + h * 0.6), (x0, y0 - h * 0.6)]:
                    rows.append((prov, lines, (x, y), (x - w / 2, y - h / 2, x + w / 2, y + h / 2), 0))
            w, h = self._size(short, px, sea, fm, s)
            for x, y in self._beside_unit(prov, w, h):
                x, y = self._on_board(x, y, w, h)
                rows.append((prov, short, (x, y), (x - w / 2, y - h / 2, x + w / 2, y + h / 2), 1))
            if s * self.art.rect.width() >= CROWDED_PX:    # a small board: no name over a unit
                for kind, size in ((2, px), (3, max(MIN_PX, px - 1))):
                    if kind == 3 and size == px:
                        break
                    w, h = self._size(short, size, sea, _metrics(size, sea), s)
                    for x, y in self._spots(prov, w, h) + self._beside_unit(prov, w, h):
                        x, y = self._on_board(x, y, w, h)
                        rows.append((prov, short, (x, y), (x - w / 2, y - h / 2, x + w / 2, y + h / 2), kind))
                    beside.append((prov, short, w, h, kind))
        if not rows:
            return ()
        judged = self._judge(rows)
        # places beside a province for the short names of those whose name does not fit inside
        fits = {r[0] for r, (ok_in, own, *_) in zip(rows, judged) if r[4] == 0 and ok_in and not own}
        more = [row for prov, short, w, h, kind in beside if prov not in fits
                for row in self._clear_places(prov, short, w, h, kind)]
        if more:
            rows += more
            judged += self._judge(more)
        options: dict[str, list[tuple[int, Label]]] = {}
        for (prov, lines, at, extent, kind), (ok_in, own, other, mid, unit, own_unit) in zip(rows, judged):
            # 0: inside the province, clear of its markers; 1: the short label beside the unit,
            # clear of every marker, over the border if it must; 2: the short label at one of
            # its spots (the map's label anchor first); 3: the same a pixel smaller (never
            # under MIN_PX): in a crowded corner of a big map, a name a pixel smaller or none
            if (kind == 0 and ok_in and not own) or (kind == 1 and mid and not other) or kind >= 2:
                size = px if kind < 3 else max(MIN_PX, px - 1)
                # clear of every marker first, then of its own (its unit would hide it), then over it
                rank = kind if kind < 2 or not other else kind + 2 if not own else kind + 4
                # a name meeting another's unit: a last resort; under its own (which hides it): the very last
                rank += UNDER_UNIT * (bool(unit) + bool(own_unit))
                options.setdefault(prov, []).append(
                    (rank, Label(prov, lines, at, size, prov in self.sea, extent, kind == 0 or bool(ok_in),
                                 kind >= 2 and bool(own_unit))))
        for mine in options.values():
            mine.sort(key=lambda option: option[0])
        # the smallest provinces choose first: a large one has more places to go
        out = _place(dict(sorted(options.items(), key=lambda kv: self._region[kv[0]].area)), NAME_GAP / s)
        return tuple(out[prov] for prov in self.provinces if prov in out)

    def _judge(self, rows: list) -> list[tuple]:
        """For each row: inside its province, over its own markers, over any marker, its middle
        on the province, over any unit's marker, over its own unit's (one vectorised pass)."""
        import numpy as np
        import shapely
        boxes = shapely.box(*list(zip(*(r[3] for r in rows))))
        inside = shapely.contains([self._inner[r[0]] for r in rows], boxes)
        hit_own = shapely.intersects([self._keepout[r[0]] for r in rows], boxes)
        hit_any = shapely.intersects(self._all_marks, boxes)
        hit_unit = np.zeros(len(rows), dtype=bool)
        hit_own_unit = np.zeros(len(rows), dtype=bool)
        if self._anchor_tree is not None:
            row, anchor = self._anchor_tree.query(boxes, predicate="dwithin", distance=UNIT_MARK)
            hit_unit[row] = True
            owners = np.array([r[0] for r in rows], dtype=object)
            hit_own_unit[row[owners[row] == self._anchor_owner[anchor]]] = True
        centre_in = shapely.contains_xy([self._region[r[0]] for r in rows], [r[2][0] for r in rows],
                                        [r[2][1] for r in rows])
        return list(zip(inside, hit_own, hit_any, centre_in, hit_unit, hit_own_unit))

    def _places_beside(self, prov: str):
        """The province's grid of places within ``BESIDE`` of it, those up to twice as far, and
        the unit anchors near enough to meet a short name at any of them."""
        got = self._grids.get(prov)
        if got is None:
            import numpy as np
            home = self._region[prov]
            rough = home.simplify(2.0)       # a coastline's detail only slows the buffers
            near = rough.buffer(BESIDE, quad_segs=2)
            grid = self._inner_points(near, home)
            far = self._inner_points(rough.buffer(2 * BESIDE, quad_segs=2).difference(near), home)
            both = np.concatenate([grid, far]).reshape(-1, 2)
            anchors = self._anchor_xy_all
            if len(both):
                lo, hi = both.min(axis=0) - NEAR, both.max(axis=0) + NEAR
                anchors = anchors[((anchors >= lo) & (anchors <= hi)).all(axis=1)]
            got = self._grids[prov] = (grid, far, anchors)
        return got

    def _clear_places(self, prov: str, short: tuple[str, ...], w: float, h: float, kind: int) -> list:
        """Rows for ``short`` at the province's grid points where it meets no unit's marker (the
        others would never be chosen over its own spots)."""
        import numpy as np
        r = self.art.rect
        grid, far, near_anchors = self._places_beside(prov)
        for grid in (grid, far):     # further out only where nearer is no good
            if not len(grid):
                continue
            # kept on the board, as _on_board does
            x = np.clip(grid[:, 0], r.left() + w / 2, max(r.left() + w / 2, r.right() - w / 2))
            y = np.clip(grid[:, 1], r.top() + h / 2, max(r.top() + h / 2, r.bottom() - h / 2))
            near = near_anchors
            if len(near) and w + UNIT_MARK > NEAR:     # a name too long for the anchors kept near
                near = self._anchor_xy_all
            if len(near):
                dx = np.maximum(np.abs(near[None, :, 0] - x[:, None]) - w / 2, 0)
                dy = np.maximum(np.abs(near[None, :, 1] - y[:, None]) - h / 2, 0)
                clear = np.flatnonzero(~(dx * dx + dy * dy <= UNIT_MARK * UNIT_MARK).any(axis=1))[:CLEAR_PLACES]
            else:
                clear = np.arange(min(len(x), CLEAR_PLACES))
            if len(clear):
                return [(prov, short, (float(x[i]), float(y[i])),
                         (float(x[i]) - w / 2, float(y[i]) - h / 2, float(x[i]) + w / 2, float(y[i]) + h / 2), kind)
                        for i in clear]
        return []

    @staticmethod
    def _inner_points(poly, home, step: float = GRID_STEP, most: int = 200):
        """Up to ``most`` points of a grid inside ``poly``, nearest its middle first: more places
        for a short name where its anchor and pole are under a marker or another name."""
        import numpy as np
        import shapely
        x0, y0, x1, y1 = poly.bounds
        xs, ys = np.meshgrid(np.arange(x0 + step / 2, x1, step), np.arange(y0 + step / 2, y1, step))
        xs, ys = xs.ravel(), ys.ravel()
        keep = shapely.contains_xy(poly, xs, ys)
        xs, ys = xs[keep], ys[keep]
        mid = home.centroid
        order = np.lexsort((xs, ys, np.hypot(xs - mid.x, ys - mid.y)))[:most]
        return np.column_stack([xs[order], ys[order]])

    def _beside_unit(self, prov: str, w: float, h: float) -> list[tuple[float, float]]:
        """Below, above, right and left of the province's unit, and at its corners, clear of its marker."""
        k = UNIT_KEEPOUT + 1
        return [spot for ux, uy in self._units[prov]
                for spot in ((ux, uy + k + h / 2), (ux, uy - k - h / 2), (ux + k + w / 2, uy), (ux - k - w / 2, uy),
                             (ux + k * 0.7 + w / 2, uy + k * 0.7 + h / 2), (ux - k * 0.7 - w / 2, uy + k * 0.7 + h / 2),
                             (ux + k * 0.7 + w / 2, uy - k * 0.7 - h / 2), (ux - k * 0.7 - w / 2, uy - k * 0.7 - h / 2))]

    def _on_board(self, x: float, y: float, w: float, h: float) -> tuple[float, float]:
        """(x, y) moved just enough that a name ``w`` by ``h`` centred there is not cut off at
        the board's edge (the names' image is the board's size)."""
        r = self.art.rect
        return (min(max(x, r.left() + w / 2), max(r.left() + w / 2, r.right() - w / 2)),
                min(max(y, r.top() + h / 2), max(r.top() + h / 2, r.bottom() - h / 2)))

    def _spots(self, prov: str, w: float, h: float) -> list[tuple[float, float]]:
        """Where a short label may stand over a province's markers: its anchor, its pole, and
        a little above, below and beside each."""
        out = []
        for x, y in self._where[prov]:
            out += [(x, y), (x, y - h * 0.6), (x, y + h * 0.6), (x - w * 0.4, y), (x + w * 0.4, y)]
        return list(dict.fromkeys(out))

    def _size(self, lines, px, sea, fm, s) -> tuple[float, float]:
        return (max(_advance(t, px, sea) for t in lines) / s,
                (fm.height() + fm.lineSpacing() * (len(lines) - 1)) / s)


UNDER_UNIT = 10      # added to the rank of a place where a name meets a unit's marker


def _place(options: dict[str, list[tuple[int, "Label"]]], gap: float) -> dict[str, "Label"]:
    """Each province's name, from its ``options`` (rank, label) best first: a name inside its
    province first (where it fits); one that leaves its province takes the first of its places
    clear of every unit's marker that covers no name placed before it; one that finds none may
    take such a place where up to three names are in its way, if they can move to others of
    their places clear of the units. Only then may a name meet a unit's marker (ranked
    ``UNDER_UNIT`` and more): the first such place that covers no name, or one whose names can
    move. A name is left out only where none of this makes room. ``gap``: map units kept
    between two names."""
    def clash(a, b) -> bool:
        return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap

    def clear_of_units(choices):
        return [(rank, lab) for rank, lab in choices if rank < UNDER_UNIT]

    def free(choices, boxes):
        """The first of ``choices`` that covers none of ``boxes`` (with the gap)."""
        if not choices:
            return None
        if not boxes:
            return choices[0][1]
        import numpy as np
        mine = np.array([lab.box for _, lab in choices])
        theirs = np.array(boxes)
        hits = ((mine[:, None, 0] < theirs[None, :, 2] + gap) & (theirs[None, :, 0] < mine[:, None, 2] + gap)
                & (mine[:, None, 1] < theirs[None, :, 3] + gap) & (theirs[None, :, 1] < mine[:, None, 3] + gap))
        ok = np.flatnonzero(~hits.any(axis=1))
        return choices[int(ok[0])][1] if len(ok) else None

    def make_room(prov, choices, alternatives) -> bool:
        for _, lab in choices:
            in_way = [q for q, o in out.items() if clash(lab.box, o.box)]
            if len(in_way) > 3:
                continue
            staying = [o.box for q, o in out.items() if q not in in_way] + [lab.box]
            moved = {}
            for q in in_way:
                alt = free(alternatives(options[q]), staying)
                if alt is None:
                    break
                moved[q] = alt
                staying.append(alt.box)
            else:
                out.update(moved)
                out[prov] = lab
                return True
        return False

    out: dict[str, Label] = {}
    left = []
    # names inside their province first; then the names with the fewest places clear of the
    # units choose (a name with many places can go round them)
    for prov, mine in sorted(options.items(), key=lambda kv: (kv[1][0][0] != 0, len(clear_of_units(kv[1])))):
        if mine[0][0] == 0:
            out[prov] = mine[0][1]
            continue
        lab = free(clear_of_units(mine), [o.box for o in out.values()])
        if lab is None:
            left.append(prov)
        else:
            out[prov] = lab
    # those left: clear of the units, making room; then over another's unit, then under their own
    for most in (UNDER_UNIT, 2 * UNDER_UNIT, math.inf):
        def within(choices, most=most):
            return [(rank, lab) for rank, lab in choices if rank < most]
        for prov in left:
            if prov in out:
                continue
            lab = free(within(options[prov]), [o.box for o in out.values()])
            if lab is not None:
                out[prov] = lab
            else:
                # the names it moves go nowhere under their own units
                make_room(prov, within(options[prov]), lambda choices: within(choices, min(most, 2 * UNDER_UNIT)))
    return out


#: Bump when what a scale's names are worked out from changes (kept files then go unread).
KEPT_FORMAT = 3


class KeptLabels:
    """A map's fitted names per scale, kept between runs beside the plain map
    (:mod:`.plain_map`): a start draws its names without shapely (fitting them took ~0.4 s
    of a new game's first paint). Keyed by the SVG's content, the names tried, the font and
    the fitting's constants; a damaged, foreign or unwritable file only costs the keeping."""

    def __init__(self, fitter: LabelFitter):
        self.fitter = fitter
        self._lock = threading.Lock()
        self._buckets: dict | None = None
        self.path = None
        self.key = ""

    def _load(self) -> dict:
        if self._buckets is not None:
            return self._buckets
        self._buckets = {}
        try:
            import hashlib
            import json
            from .plain_map import cache_path
            f, art = self.fitter, self.fitter.art
            plain = cache_path(art.variant.map_path)
            from PySide6.QtGui import QFontInfo
            basis = [KEPT_FORMAT, f.provinces, sorted(f.sea), f.candidates, f.short, QFontInfo(_font(10, False)).family(),
                     [LABEL_PX, MIN_PX, NAME_GAP, MIN_BOARD_PX, CROWDED_PX, UNIT_KEEPOUT, CENTRE_KEEPOUT, INSET],
                     [art.rect.width(), art.rect.height()]]
            self.key = hashlib.sha256(json.dumps(basis, sort_keys=True).encode()).hexdigest()[:32]
            if self.path is None:
                self.path = plain.with_name(plain.stem + "-labels.json")
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("key") == self.key:
                self._buckets = {int(b): tuple(Label(p, tuple(lines), tuple(at), px, sea, tuple(box), fitted, touches)
                                               for p, lines, at, px, sea, box, fitted, touches in labs)
                                 for b, labs in data["buckets"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            pass                          # none yet, damaged or another's: fitted and kept again
        return self._buckets

    def get(self, b: int) -> tuple[Label, ...] | None:
        with self._lock:
            return self._load().get(b)

    def put(self, b: int, labels: tuple[Label, ...]) -> None:
        import json
        import os
        import tempfile
        with self._lock:
            buckets = self._load()
            buckets[b] = labels
            if self.path is None:
                return
            doc = {"key": self.key, "buckets": {str(k): [[lab.province, list(lab.lines), list(lab.at), lab.px, lab.sea,
                                                          list(lab.box), lab.fitted, lab.touches] for lab in labs]
                                               for k, labs in buckets.items()}}
            tmp = None
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                fd, tmp = tempfile.mkstemp(prefix=".labels-", suffix=".tmp", dir=self.path.parent)
                with os.fdopen(fd, "w", encoding="utf-8") as out:
                    out.write(json.dumps(doc, separators=(",", ":")))
                os.replace(tmp, self.path)
            except (OSError, TypeError, ValueError):
                if tmp is not None:
                    try:
                        os.unlink(tmp)
                    except OSError:
                        pass


def shape_of(g):
    """A province's shape for shapely: the map's own geometry, or a shapely (Multi)Polygon
    made from the rings of the window's plain map (:mod:`.plain_map`)."""
    if hasattr(g, "buffer"):
        return g
    import shapely
    polys = [shapely.Polygon(rings[0], rings[1:]) for rings in g]
    return polys[0] if len(polys) == 1 else shapely.MultiPolygon(polys)


def touched_provinces(art, scale: float) -> frozenset[str]:
    """The provinces whose name, on a board drawn at ``scale``, lies over a marker: their
    units are drawn again over the names."""
    if scale * art.rect.width() < MIN_BOARD_PX:
        return frozenset()
    return frozenset(lab.province for lab in fitter(art).labels(scale) if lab.touches)


_FITTER_LOCK = threading.Lock()


def fitter(art) -> LabelFitter:
    """The map's label fitter (made once, on first use, whichever thread asks first)."""
    got = getattr(art, "_label_fitter", None)
    if got is None:
        with _FITTER_LOCK:
            got = getattr(art, "_label_fitter", None)
            if got is None:
                got = art._label_fitter = LabelFitter(art)
    return got


HALO = QColor(255, 252, 240, 170)     # a soft light rim: a name reads over a unit, a tint or the fog


def _draw_text(p: QPainter, lines: tuple[str, ...], px: int, sea: bool, halo: bool = True) -> None:
    """``lines`` centred on the painter's origin, in device pixels."""
    fm = _metrics(px, sea)
    p.setFont(_font(px, sea))
    h, step = fm.height(), fm.lineSpacing()
    top = -(h + step * (len(lines) - 1)) / 2
    placed = [(fm.horizontalAdvance(line), top + i * step, line) for i, line in enumerate(lines)]
    flags = _text_flags()
    rims = ((-1, 0), (1, 0), (0, -1), (0, 1)) if halo else ()
    for colour, offsets in ((HALO, rims), (SEA_LABEL if sea else LABEL, ((0, 0),))):
        p.setPen(colour)
        for dx, dy in offsets:
            for w, y, line in placed:
                p.drawText(QRectF(-w / 2 - 2 + dx, y + dy, w + 4, h), flags, line)


@lru_cache(maxsize=1)
def _text_flags():
    """Centred, never clipped: made once (combining Qt's flags is a Python enum operation,
    ~10 µs, and a first frame draws a few hundred names and rims)."""
    return Qt.AlignCenter | Qt.TextDontClip


@lru_cache(maxsize=2048)
def _sprite(lines: tuple[str, ...], px: int, sea: bool) -> QImage:
    """A name drawn once, halo included, to be blitted wherever it recurs."""
    fm = _metrics(px, sea)
    w = int(max(fm.horizontalAdvance(t) for t in lines)) + 8
    h = int(fm.height() + fm.lineSpacing() * (len(lines) - 1)) + 6
    img = QImage(w, h, QImage.Format_ARGB32_Premultiplied)
    img.fill(Qt.transparent)
    q = QPainter(img)
    q.setRenderHint(QPainter.TextAntialiasing, True)
    q.translate(w / 2, h / 2)
    _draw_text(q, lines, px, sea)
    q.end()
    return img


def paint_labels(p: QPainter, art, scale: float, text_scale: float = 1.0, vector: bool = False) -> None:
    """Draw the province names of a board whose map units the painter's transform maps to
    device pixels at ``scale`` (the names' pixel size is the screen's, times ``text_scale``
    for an export at 2× or 4×). ``vector``: as text (an SVG or a PDF), else from cached
    sprites (each name drawn once)."""
    if scale * art.rect.width() < MIN_BOARD_PX * text_scale:
        return
    labels = fitter(art).labels(scale / text_scale)
    p.save()
    p.setRenderHint(QPainter.TextAntialiasing, True)
    p.setRenderHint(QPainter.SmoothPixmapTransform, False)
    k = 1.0 / scale
    for lab in labels:
        px = max(1, round(lab.px * text_scale))
        p.save()
        p.translate(QPointF(*lab.at))
        p.scale(k, k)                     # device pixels from here: the text's size is exact
        if vector:
            _draw_text(p, lab.lines, px, lab.sea)
        else:
            img = _sprite(lab.lines, px, lab.sea)
            p.drawImage(QPointF(-img.width() / 2, -img.height() / 2), img)
        p.restore()
    p.restore()


_IMAGES: OrderedDict[tuple[int, int], QImage] = OrderedDict()
_IMAGES_LOCK = threading.Lock()


def label_image(art, width: int, text_scale: float = 1.0) -> QImage:
    """The names of a board drawn ``width`` pixels wide, on transparency (a few widths are
    kept: every board of a size shares one); ``text_scale``: an export's 2× or 4×."""
    key = (id(art), width, text_scale)
    with _IMAGES_LOCK:
        img = _IMAGES.get(key)
        if img is not None:
            _IMAGES.move_to_end(key)
            return img
    h = max(1, round(width * art.rect.height() / art.rect.width()))
    img = QImage(width, h, QImage.Format_ARGB32_Premultiplied)
    img.fill(Qt.transparent)
    p = QPainter(img)
    s = width / art.rect.width()
    p.scale(s, s)
    paint_labels(p, art, s, text_scale)
    p.end()
    with _IMAGES_LOCK:
        _IMAGES[key] = img
        if len(_IMAGES) > 4:
            _IMAGES.popitem(last=False)
    return img


__all__ = ["Label", "LabelFitter", "fitter", "shape_of", "label_image", "label_px", "paint_labels",
           "LABEL_PX", "MIN_PX", "MIN_BOARD_PX", "IMAGE_MAX_PX"]
