"""``python -m app preview PATH_OR_NAME``: the variant preview window on its own."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m app preview",
                                 description="Preview a variant: its map with overlays and problems, "
                                             "reloading when a file is saved.")
    ap.add_argument("variant", metavar="PATH_OR_NAME")
    ap.add_argument("--theme", choices=["light", "dark"], default="light")
    ap.add_argument("--screenshot", metavar="OUT.png", help="render the window to a PNG and exit")
    ap.add_argument("--select", metavar="N", type=int, help="with --screenshot: select the N-th problem first")
    ap.add_argument("--all-overlays", action="store_true", help="turn every overlay on")
    args = ap.parse_args(argv)
    from app.engine import find_folder
    if find_folder(args.variant) is None:
        print(f"error: variant '{args.variant}': no such variant or folder", file=sys.stderr)
        return 2
    import os
    if args.screenshot and not os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("5D Diplomacy")
    from app.ui.theme import THEMES, apply_palette
    apply_palette(app, THEMES[args.theme])
    from app.ui.window.main_window import MainWindow
    from ..preview.window import PreviewWindow, open_sandbox
    window = PreviewWindow(args.variant, theme=args.theme, play=lambda folder: open_sandbox(MainWindow, folder))
    if args.all_overlays:
        for act in window.overlay_actions.values():
            act.setChecked(True)
    window.show()
    if args.screenshot:
        app.processEvents()
        window.fit()
        if args.select is not None and window.inspection and 0 <= args.select < len(window.inspection.problems):
            window.problem_list.setCurrentRow(args.select)
        from ..preview.window import spin_until, thumbnails_busy
        spin_until(app, lambda: window.game_dock.widget() is not window.game_holder
              and not thumbnails_busy(window), limit=15)  # the small game drawn, or its message
        view, scene = window.game_dock.widget(), getattr(window, "game_scene", None)
        for _ in range(6):  # board thumbnails are asked for when painted, drawn by workers
            app.processEvents()
            if scene is None or not hasattr(view, "viewport"):
                break
            view.viewport().grab()
            if not scene.cache.busy():
                break
            scene.cache.wait()
        app.processEvents()
        from ..disk import save_image
        try:
            save_image(window.grab(), args.screenshot)
        except (OSError, ValueError) as e:
            print(f"error: could not write {args.screenshot}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            return 2
        print(args.screenshot)
        return 0
    return app.exec()
