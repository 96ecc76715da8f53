"""Map designs: one module per generated variant, read into a :class:`Design`.

A design module describes a variant in lon/lat (see ``standard.py`` for the
rules of each name):

- region and projection: ``PROJECTION`` (Lambert conformal conic centre and
  standard parallels), ``LONLAT_CLIP``, ``FRAME_HINTS``, ``BOARD_WIDTH``,
  ``FISHEYE``, ``LENSES``, ``WARP_POINTS``/``RBF_RADIUS``;
- the province partition: ``LAND_LINES``, ``SEA_LINES`` (with shared junction
  points ``J``), ``SEEDS``, ``COUNTRY_PROVINCE``, ``STRAITS``;
- optionally ``VARIANT``: names, supply centres, split coasts, nations,
  starting units, victory count and first year.  When it is there the
  generator also writes the variant's JSON, with each province's terrain and
  all adjacency derived from the geometry (``tools/mapgen/derive.py``); the
  standard variant's JSON is hand-kept and only checked against its map.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

NAMES = ("standard", "isles", "baltic")


@dataclass(frozen=True)
class Design:
    name: str
    LAND_LINES: dict
    SEA_LINES: dict
    SEEDS: dict
    COUNTRY_PROVINCE: dict
    STRAITS: list
    FRAME_HINTS: dict
    FISHEYE: tuple
    J: dict = field(default_factory=dict)
    BOARD_WIDTH: float = 1000.0
    PROJECTION: tuple = (15.0, 52.0, 40.0, 62.0)   # lon0, lat0, parallel 1, parallel 2
    LONLAT_CLIP: tuple = (-50.0, 20.0, 75.0, 85.0)  # lon0, lat0, lon1, lat1 read from Natural Earth
    WARP_POINTS: list = field(default_factory=list)
    RBF_RADIUS: float = 80.0
    LENSES: list = field(default_factory=list)
    ISLAND_DROP_AREA: float = 60.0   # px²: smaller islands are not drawn
    SIMPLIFY_TOLERANCE: float = 2.5  # px
    VARIANT: dict | None = None


def load(name: str) -> Design:
    """The design of the variant ``name`` (a module of this package)."""
    mod = importlib.import_module(f"{__name__}.{name}")
    fields: dict[str, Any] = {k: getattr(mod, k) for k in Design.__dataclass_fields__
                              if k != "name" and hasattr(mod, k)}
    return Design(name=name, **fields)
