"""Drawing fog of war: a veil over the provinces a seat does not see (RULES.md §8).

The veil is a slate wash with a fine diagonal hatch: borders, names and the sea/land
pattern stay readable through it, so the map is still a map, while it is plain at a
glance what lies out of sight. Small thumbnails get the wash alone (a hatch would shimmer).
The veil is part of a board's :class:`~app.ui.multiverse.map_art.BoardState` (its ``fog`` field: the
unseen provinces), so thumbnails are cached and drawn with it like everything else.

The window computes the unseen provinces from the seat's *view* (``app.match.fog``):
sight depends only on the seat's own units and centres and the grid, which the view keeps.
"""

from __future__ import annotations

import threading
from typing import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from app.engine import BoardKey, sight, World

VEIL = QColor(40, 56, 96, 112)        # cool slate-blue wash over unseen provinces (no nation is this colour)
VEIL_SMALL = QColor(40, 56, 96, 132)  # a little stronger where there is no hatch
HATCH = QColor(236, 240, 250, 80)     # fine light diagonal lines on the wash

_local = threading.local()


def unseen_by_board(world: World, nations: Iterable[str]) -> dict[BoardKey, frozenset[str]]:
    """For each board, the provinces the nations do not see (what gets veiled)."""
    everything = frozenset(world.variant.provinces)
    return {key: everything - seen for key, seen in sight(world, tuple(nations)).items()}


WATER_TOUCH = 1.5     # map units: a water body touches the provinces this near it


def water_neighbours(art) -> dict[str, frozenset[str]]:
    """For each body of water that is no province (the Sea of Marmara, the Danish straits),
    the provinces around it; kept on the map's art."""
    got = getattr(art, "_water_neighbours", None)
    if got is None:
        geo = art.geo
        got = {}
        if geo.impassable_water:
            from .labels import shape_of     # shapely: only for a map with such water, once
            shapes = {p: shape_of(g) for p, g in geo.provinces.items()}
            for name, water in geo.impassable_water.items():
                w = shape_of(water)
                got[name] = frozenset(p for p, g in shapes.items() if g.distance(w) < WATER_TOUCH)
        art._water_neighbours = got
    return got


def _veil_path(art, unseen: frozenset[str]) -> QPainterPath:
    """One path covering the unseen provinces, per thread (Qt paths are not shared across
    threads) and cached per set of provinces (few distinct sets recur on a world). A body
    of water that is no province (a strait, an inland sea) is veiled with them unless every
    province around it is seen: it never looks seen while what borders it is not."""
    cache = getattr(_local, "paths", None)
    if cache is None or getattr(_local, "art", None) is not art:
        cache = _local.paths = {}
        _local.art = art
    path = cache.get(unseen)
    if path is None:
        if len(cache) > 512:
            cache.clear()
        provinces = art.paths()
        path = QPainterPath()
        path.setFillRule(Qt.WindingFill)   # shared borders are filled once: no seams
        for prov in sorted(unseen):
            p = provinces.get(prov)
            if p is not None:
                path.addPath(p)
        waters = _water_paths(art)
        for name, around in water_neighbours(art).items():
            if around & unseen and name in waters:
                path.addPath(waters[name])
        cache[unseen] = path
    return path


def _water_paths(art) -> dict[str, QPainterPath]:
    """The water bodies' paths for the calling thread (the art's own on the GUI thread)."""
    if threading.get_ident() == art._main_thread:
        return dict(zip(art.geo.impassable_water, art.water_paths))
    own = getattr(_local, "water", None)
    if own is None or own[0] is not art:
        from .map_paths import poly_path
        own = _local.water = (art, {k: poly_path(g) for k, g in art.geo.impassable_water.items()})
    return own[1]


def paint_fog(p: QPainter, art, unseen: frozenset[str], detail: bool = True) -> None:
    """Veil ``unseen`` provinces (in map units: the caller has set the transform)."""
    if not unseen:
        return
    path = _veil_path(art, unseen)
    p.save()
    p.setPen(Qt.NoPen)
    p.setBrush(VEIL if detail else VEIL_SMALL)
    p.drawPath(path)
    if detail:
        p.setBrush(QBrush(HATCH, Qt.BDiagPattern))
        p.drawPath(path)
    p.restore()


def legend_swatch(size: int = 28) -> QPixmap:
    """A small square of land under the veil, as on the board."""
    from .map_colours import LAND
    img = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
    img.fill(LAND)
    p = QPainter(img)
    p.setPen(Qt.NoPen)
    p.setBrush(VEIL)
    p.drawRect(QRectF(0, 0, size, size))
    p.setBrush(QBrush(HATCH, Qt.BDiagPattern))
    p.drawRect(QRectF(0, 0, size, size))
    p.end()
    return QPixmap.fromImage(img)


class FogLegend(QWidget):
    """A one-line key to the veil, for the side panel while fog of war is on."""

    TIP = ("You see the provinces where your units stand and your supply centres are, the "
           "provinces next to them, and what your units could reach on the boards next to "
           "theirs. Elsewhere you see only the map: whether a unit is there stays hidden.")

    def __init__(self, nations: Iterable[str] = (), parent: QWidget | None = None):
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(4, 2, 4, 2)
        swatch = QLabel()
        swatch.setPixmap(legend_swatch(20))
        swatch.setFixedSize(20, 20)
        row.addWidget(swatch, 0, Qt.AlignVCenter)
        self.label = QLabel()
        self.label.setWordWrap(True)
        row.addWidget(self.label, 1)
        self.setToolTip(self.TIP)
        self.set_nations(nations)

    def set_nations(self, nations: Iterable[str]) -> None:
        names = sorted(nations)
        who = (" and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names))
        sees = f" as {who} see{'s' if len(names) == 1 else ''} it" if names else ""
        self.label.setText(f"<b>Fog of war</b>{sees}. Hatched provinces are out of sight.")


def fill_view_as_menu(menu, m, shown: str | None, choose) -> None:
    """The View → View as… menu for the match ``m``: in a sandbox, everything or one
    nation's fog of war (``shown``: the nation whose sight is shown, None: everything;
    ``choose(nation)`` picks another). In a hotseat game each seat sees what it may see,
    and nobody chooses otherwise."""
    from PySide6.QtGui import QActionGroup
    menu.clear()
    if m is None or m.private or m.fog:
        a = menu.addAction("Only in a sandbox game" if m is None or not m.fog else "The fog of war is on for every seat")
        a.setEnabled(False)
        return
    group = QActionGroup(menu)
    group.setExclusive(True)
    for nation in (None, *m.game.variant.nation_names):
        a = menu.addAction("Everything" if nation is None else f"{nation} (fog of war)")
        a.setCheckable(True)
        a.setChecked(shown == nation)
        group.addAction(a)
        a.triggered.connect(lambda _=False, n=nation: choose(n))
        if nation is None:
            menu.addSeparator()


__all__ = ["unseen_by_board", "paint_fog", "FogLegend", "legend_swatch", "fill_view_as_menu", "VEIL", "HATCH"]
