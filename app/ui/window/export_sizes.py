"""What an export will be, said in its options' dialog before anything is drawn (a board's
pixels, the view's, the whole multiverse's plan): File → Export and File → Print ask it."""

from __future__ import annotations

from .export import BOARD_WIDTH, CAPTION_H
from .export_options import ExportOptions


def describe(w, what: str, options: ExportOptions) -> str:
    """What the export will be, for the options' dialog; ValueError: what is wrong."""
    key, k = options.key, options.scale
    if what.startswith("board"):
        if key not in w.world.boards:
            raise ValueError(f"There is no board {key} in this game.")
        if what == "board-png":
            art = w.scene.art
            h = round(BOARD_WIDTH * k * art.rect.height() / art.rect.width()) + CAPTION_H * k
            return f"Board {key}: {BOARD_WIDTH * k:,} × {h:,} pixels."
        return f"Board {key}, drawn as vectors."
    if what == "view-png":
        vp = w.view.viewport()
        return f"What the view shows: {vp.width() * k:,} × {vp.height() * k:,} pixels."
    if what == "multiverse-png":
        from .export_multiverse import plan
        return plan(w, k).text
    return ""
