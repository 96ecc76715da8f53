"""The kinds of export File → Export ▸ offers (read by its menu and by the export itself)."""

EXPORTS = {
    "view-png": ("The view as PNG…", "PNG images (*.png)", ".png", "Save what the view shows as an image"),
    "view-svg": ("The view as SVG…", "SVG images (*.svg)", ".svg", "Save what the view shows as a scalable image"),
    "view-pdf": ("The view as PDF…", "PDF documents (*.pdf)", ".pdf", "Save what the view shows as a PDF page"),
    "board-png": ("One board as PNG…", "PNG images (*.png)", ".png",
                  "Save one board (the one under the mouse or in the middle of the view) as an image"),
    "board-svg": ("One board as SVG…", "SVG images (*.svg)", ".svg",
                  "Save one board (the one under the mouse or in the middle of the view) as vectors"),
    "board-pdf": ("One board as PDF…", "PDF documents (*.pdf)", ".pdf",
                  "Save one board as a PDF page, drawn as vectors"),
    "multiverse-png": ("The whole multiverse as PNG…", "PNG images (*.png)", ".png",
                       "Save every board of the game, as the view lays them out, in one large image"),
    "orders": ("Orders and results as text…", "Text files (*.txt)", ".txt",
               "Save every submission's orders with their results, in the game's notation"),
    "orders-pdf": ("Orders and results as PDF…", "PDF documents (*.pdf)", ".pdf",
                   "Save every submission's orders with their results as a PDF document"),
    "record": ("Game record (animation or PDF)…", "Animated GIF (*.gif)", ".gif",
               "Save the game's story to share: an animation of its boards (GIF, WebP) or a PDF record"),
}
"""Each export: its menu label, file filter, suffix and tip."""
