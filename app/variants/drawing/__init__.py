"""Drawings for variants that come without ours: the stand-in map (:mod:`.standin`) and the
``diplomacy`` package's jDip SVG maps converted (:mod:`.jdip`)."""

from .standin import standin_svg

__all__ = ["standin_svg"]
