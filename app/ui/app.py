"""Entry point of the window: ``python -m app [--open FILE] [--screenshot OUT.png] [--theme light|dark]``.

``--screenshot`` opens the game, renders the main window at 1600×1000 to a PNG and exits
(for documentation, bug reports and checks).
"""

from __future__ import annotations

import argparse
import gc
import sys
import threading


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m app", description="5D Diplomacy: Diplomacy with multiverse time travel.")
    p.add_argument("--open", metavar="FILE", help="open a saved game, or start one from a scenario file (its start and steps)")
    p.add_argument("--screenshot", metavar="OUT.png", help="render the window at 1600x1000 to a PNG and exit")
    p.add_argument("--theme", choices=["light", "dark"], help="colour theme")
    p.add_argument("--view", choices=["present", "fit"], default="present",
                   help="with --screenshot: show the active boards (present) or the whole multiverse (fit)")
    p.add_argument("--new", choices=["sandbox"], help="start a new sandbox game without the dialog")
    p.add_argument("--join", metavar="INVITATION", help="play a seat at a table on another computer (5d://…)")
    p.add_argument("--cafile", metavar="FILE", help="trust this CA certificate for a table served with TLS (5ds://…)")
    p.add_argument("--variant", metavar="NAME_OR_FOLDER",
                   help="with --new or --screenshot (or alone: a sandbox): play this variant, by name or folder path")
    return p


def name_app(app) -> None:
    """The application's names and icon, before any window exists: the task bar, the
    window class and the desktop entry find the app by them."""
    from .desktop import DESKTOP_ID    # the desktop entry's file name, the Wayland app id
    from .icons import app_icon
    app.setApplicationName("5D Diplomacy")
    app.setApplicationDisplayName("5D Diplomacy")
    app.setOrganizationName("5D Diplomacy")
    app.setDesktopFileName(DESKTOP_ID)
    app.setWindowIcon(app_icon())


def main(argv: list[str] | None = None) -> int:
    """No garbage collection while the window starts: its imports and widgets make hundreds
    of thousands of objects that live as long as the app, and the collector went through
    them ~140 times (~70 ms) before the first frame. Once the event loop runs they are set
    aside for good (``gc.freeze``: later collections do not visit them) and the collector
    is back on (:func:`_collect_again`; on every other way out, at once)."""
    gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _collect_again() -> None:
    gc.freeze()
    gc.enable()


WARM_UP_MS = 1000
"""After the first frame: when what the start deferred (issue 24) begins to load on a worker."""


def warm_up() -> threading.Thread:
    """Import what the first save, sealed box or drawn plan needs (the save file's pydantic
    models, ~0.2 s) on a worker thread, a moment after the first frame: the start did not
    wait for it, and the first autosave does not pause the window for it either."""
    def load() -> None:
        try:
            import app.match.save  # noqa: F401
        except Exception:          # pragma: no cover - imported again (and reported) when used
            pass
    t = threading.Thread(target=load, name="warm-up imports", daemon=True)
    t.start()
    return t


def _main(argv: list[str] | None) -> int:
    args = parser().parse_args(argv)
    if args.variant:
        from app.variants.playable import variant_problem
        problem = variant_problem(args.variant)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    from PySide6.QtWidgets import QApplication
    from .qt_imports import quicker_feature_check
    quicker_feature_check()      # ~70 ms of the start: see qt_imports
    if args.screenshot:
        import os
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen") if not os.environ.get("DISPLAY") else None
    if QApplication.instance() is None:
        from .qt_check import platform_problem
        problem = platform_problem()    # Qt's own message would name no package to install
        if problem:
            print(problem, file=sys.stderr)
            return 3
    # argv[0] names the window's class on X11: "python -m app" would make it "__main__.py"
    from .desktop import DESKTOP_ID
    from .theme import fusion_application
    app = QApplication.instance() or fusion_application([DESKTOP_ID])
    name_app(app)
    import logging
    from app.match.storage import data_dir
    from .guard import ErrorLogFile
    handlers: list[logging.Handler] = [logging.StreamHandler(), ErrorLogFile(data_dir() / "errors.log")]
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s: %(message)s",
                        handlers=handlers)
    from .guard import reporter
    reporter.install()
    from .window.main_window import MainWindow
    from .window.settle import settle
    window = MainWindow(theme=args.theme)
    from .first_paint import launch_time, watch
    watch(window)            # the start-up benchmark's report (only when it asks)
    if window.files.lost:        # the window says it too, over the board
        print(f"note: the data folder {data_dir()} cannot be written ({window.files.lost}): no autosave, "
              "recent games, settings or error log are kept in this session", file=sys.stderr)
    if args.screenshot:
        window.civ_ui.unattended = True      # a civilisations start: one person at its first, unasked
        if args.open:
            if not window.open_game(args.open):
                print(f"error: {window.last_message}", file=sys.stderr)
                return 2
        else:
            window.new_game(variant=args.variant or "standard")
        window.resize(1600, 1000)
        window.show()
        QApplication.processEvents()
        if args.view == "fit":
            window.view.fit_all()
        else:
            window.view.go_to_present()
        settle(window)
        img = window.grab()
        window.files.ask_unsaved = lambda doing: "discard"   # a screenshot changes nothing
        window.close()
        from .disk import save_image
        try:
            save_image(img, args.screenshot)
        except (OSError, ValueError) as e:
            print(f"error: could not write {args.screenshot}: {getattr(e, 'strerror', None) or e}", file=sys.stderr)
            return 2
        print(args.screenshot)
        return 0
    window.show()
    from PySide6.QtCore import QTimer
    QTimer.singleShot(0, _collect_again)     # once the event loop runs (see main)
    if launch_time() is None:
        # Not when the first paint is being timed: that run quits at its first frame, and on
        # a loaded machine the timer came due before it, so the report named pydantic.
        QTimer.singleShot(WARM_UP_MS, warm_up)
    window.net.cafile = args.cafile
    if args.join:
        window.net.join(args.join)
    elif args.open:
        window.open_game(args.open)
    elif args.new or args.variant:
        window.new_game(args.new or "sandbox", variant=args.variant or "standard")
    elif not window.files.offer_restore():
        from PySide6.QtCore import QTimer
        from .tutorial import offer_on_first_start    # the very first start: a guided first game
        from .guard import guarded
        QTimer.singleShot(0, window, guarded(lambda: offer_on_first_start(window) or window.new_game_dialog()))
    return app.exec()
