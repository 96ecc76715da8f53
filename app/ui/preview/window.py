"""The variant preview window: the map with switchable overlays, the problem list, a small
game on the variant, and live reload when a file of the variant's folder is saved.

    python -m app preview PATH_OR_NAME [--theme light|dark] [--screenshot OUT.png]

Nothing here decides anything about the variant: :func:`app.variants.check.inspect_folder`
finds the problems, the engine plays the small game.
"""

from __future__ import annotations

import html
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QFileSystemWatcher, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QPainter
from PySide6.QtWidgets import (QDockWidget, QGraphicsScene, QGraphicsView, QLabel, QListWidget,
                               QListWidgetItem, QMainWindow, QToolBar, QVBoxLayout, QWidget)

from app.engine import VARIANT_FILES
from app.ui.guard import guarded
from app.ui.theme import THEMES, Theme
from app.ui.screen_fit import fit_to_screen
from app.engine import find_folder, rules_in_words
from app.variants.check import Inspection, inspect_folder
from app.engine import Problem

from .map_items import ERROR, OVERLAYS, WARNING, PreviewScene

DEFAULT_OFF = {"army", "fleet"}  # dense: the designer turns them on to check edges
RELOAD_DELAY_MS = 150  # editors write a file in several steps: wait for the last one


class MapView(QGraphicsView):
    """Zoom with the wheel (about the cursor), pan by dragging."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setRenderHints(QPainter.Antialiasing | QPainter.TextAntialiasing)
        self.setDragMode(QGraphicsView.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)

    @guarded
    def wheelEvent(self, event) -> None:
        factor = 1.0015 ** event.angleDelta().y()
        scale = self.transform().m11() * factor
        if 0.05 < scale < 40:
            self.scale(factor, factor)

    def zoom_to(self, rect: QRectF) -> None:
        self.fitInView(rect, Qt.KeepAspectRatio)


LISTED_PROBLEMS = 500
"""Problems listed (errors first): a broken file can have hundreds of thousands."""


class PreviewWindow(QMainWindow):
    """Preview of one variant folder. ``reloaded`` fires after each (re)load."""

    reloaded = Signal()
    game_ready = Signal()  # the small game preview is redrawn (shortly after ``reloaded``)

    def __init__(self, target: str | Path, theme: str = "light",
                 play: Callable[[Path], object] | None = None, parent=None):
        super().__init__(parent)
        folder = find_folder(target)
        if folder is None:
            raise FileNotFoundError(f"variant '{target}': no such variant or folder")
        self.folder = folder
        self.theme: Theme = THEMES[theme]
        # Who opens a preview says how a sandbox is played (the main window passes its own
        # class): the preview never imports the main window, which opens previews itself.
        self.play = play
        self.inspection: Inspection | None = None
        self.stale = False          # the map on screen is the last one that could be read
        self.scene: PreviewScene | None = None
        self.game_scene = None          # the small game's WorldScene, when the variant loads
        self.reloads = 0
        self.last_reload_s = 0.0
        self.last_reload_cpu_s = 0.0
        self._played: list[object] = []
        self.setWindowTitle(f"Preview — {folder.name} — 5D Diplomacy")

        self.view = MapView()
        self.view.setBackgroundBrush(self.theme.background)
        self.setCentralWidget(self.view)
        self._build_toolbar()
        self._build_docks()
        size = fit_to_screen(self, 1500, 950)    # a laptop gets less: the title bar and problems stay in sight
        # the map is what a designer looks at: the problems take a share of what the screen gives, never most of it
        self.resizeDocks([self.problems_dock], [min(520, max(280, int(size.width() * 0.36)))], Qt.Horizontal)

        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._changed)
        self.watcher.directoryChanged.connect(self._changed)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(RELOAD_DELAY_MS)
        self._debounce.timeout.connect(self.reload)
        self._game_timer = QTimer(self)
        self._game_timer.setSingleShot(True)
        self._game_timer.setInterval(60)  # lets the new map and list paint first
        self._game_timer.timeout.connect(lambda: self.inspection and self._game_preview(self.inspection))
        # The game view is fitted once it has its size. The timer is the window's and fits
        # whichever view the dock holds when it fires: a reload that replaced the view, or a
        # window closed meanwhile, leaves no call behind aimed at a deleted view.
        self._fit_game_timer = QTimer(self, singleShot=True, interval=0, timeout=self._fit_game_view)
        self.reload(first=True)

    # -- widgets -------------------------------------------------------------------------
    def _build_toolbar(self) -> None:
        bar = QToolBar("Overlays")
        bar.setMovable(False)
        self.addToolBar(bar)
        self.overlay_actions: dict[str, QAction] = {}
        for key, title in OVERLAYS:
            act = QAction(title, self)
            act.setCheckable(True)
            act.setChecked(key not in DEFAULT_OFF)
            act.toggled.connect(lambda on, k=key: self._set_overlay(k, on))
            bar.addAction(act)
            self.overlay_actions[key] = act
        bar.addSeparator()
        fit = QAction("Fit", self)
        fit.triggered.connect(self.fit)
        bar.addAction(fit)
        reload = QAction("Reload", self)
        reload.setShortcut("F5")
        reload.triggered.connect(lambda: self.reload())
        bar.addAction(reload)
        self.play_action = QAction("Play a sandbox on this variant", self)
        self.play_action.triggered.connect(self._play)
        self.play_action.setVisible(self.play is not None)
        bar.addAction(self.play_action)

    def _build_docks(self) -> None:
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(4, 4, 4, 4)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        lay.addWidget(self.summary)
        self.problem_list = QListWidget()
        self.problem_list.setWordWrap(True)
        self.problem_list.setAlternatingRowColors(True)
        self.problem_list.setSpacing(2)
        self.problem_list.setResizeMode(QListWidget.Adjust)   # long problems wrap again when the dock narrows
        self.problem_list.currentRowChanged.connect(self._select_row)
        self.problem_list.itemClicked.connect(lambda item: self._select_row(self.problem_list.row(item)))
        lay.addWidget(self.problem_list, 1)
        self.problems_dock = dock = QDockWidget("Problems", self)
        dock.setObjectName("problems")
        dock.setWidget(box)
        dock.setFeatures(QDockWidget.DockWidgetMovable)
        self.addDockWidget(Qt.RightDockWidgetArea, dock)
        self.game_dock = QDockWidget("In a game (two timelines)", self)
        self.game_dock.setObjectName("game")
        self.game_dock.setFeatures(QDockWidget.DockWidgetMovable)
        self.game_holder = QLabel("")
        self.game_holder.setAlignment(Qt.AlignCenter)
        self.game_dock.setWidget(self.game_holder)
        self.addDockWidget(Qt.RightDockWidgetArea, self.game_dock)
        self.resizeDocks([dock, self.game_dock], [560, 340], Qt.Vertical)

    # -- loading -------------------------------------------------------------------------
    def _watch(self) -> None:
        """Watch the folder and its files (editors that save by renaming drop the old path)."""
        paths = [str(self.folder)] + [str(self.folder / n) for n in VARIANT_FILES]
        if self.inspection and self.inspection.variant is not None:
            paths.append(str(self.inspection.variant.map_path))
        paths += [str(p) for p in self.folder.glob("*.svg")]
        have = set(self.watcher.files()) | set(self.watcher.directories())
        todo = [p for p in dict.fromkeys(paths) if p not in have and Path(p).exists()]
        if todo:
            self.watcher.addPaths(todo)

    def _changed(self, _path: str) -> None:
        self._debounce.start()

    def reload(self, first: bool = False) -> None:
        """Check the folder again and redraw, keeping the zoom and position."""
        start, cpu = time.perf_counter(), time.process_time()
        keep = None if first or self.scene is None else (self.view.transform(),
                                                         self.view.mapToScene(self.view.viewport().rect().center()))
        try:
            self.inspection = inspect_folder(self.folder)
        except Exception as e:  # noqa: BLE001 - a designer's half-saved file must not kill the preview
            self.inspection = Inspection([Problem("(folder)", "(reload)", f"could not be read: {e}")])
        ins = self.inspection
        old = self.scene
        self.stale = False
        if ins.board is not None:
            self.scene = PreviewScene(ins.board, ins.variant, ins.problems, self)
            for key, act in self.overlay_actions.items():
                self.scene.layers[key].setVisible(act.isChecked())
            self.view.setScene(self.scene)
        elif old is not None and ins.variant is None:
            # a data file that does not read (half-saved, a stray comma): the last map that
            # could be drawn stays on screen, said to be out of date, rather than a blank view
            old, self.stale = None, True
        else:
            self.scene = None
            self.view.setScene(QGraphicsScene(self))
        if old is not None:
            old.deleteLater()
        self._fill_problems(ins.problems)
        self._game_timer.start()  # after the map and the list are shown
        if self.scene is not None:
            if keep is None:
                self.fit()
            else:
                self.view.setTransform(keep[0])
                self.view.centerOn(keep[1])
        self._watch()
        self.reloads += 1
        self.last_reload_s = time.perf_counter() - start
        self.last_reload_cpu_s = time.process_time() - cpu  # all threads of the process
        self.reloaded.emit()

    def _fill_problems(self, problems: list[Problem]) -> None:
        self.problem_list.blockSignals(True)
        self.problem_list.clear()
        for p in problems[:LISTED_PROBLEMS]:
            item = QListWidgetItem(f"{p.file}:{p.element}: {p.message}")
            item.setForeground(ERROR if p.severity == "error" else WARNING.darker(130))
            item.setToolTip(f"{p.severity}: {self.folder / p.file}:{p.element}\n{p.message}")
            self.problem_list.addItem(item)
        if len(problems) > LISTED_PROBLEMS:
            more = QListWidgetItem(f"… and {len(problems) - LISTED_PROBLEMS:,} more problems "
                                   "(fix these first; python -m app variant check lists them all)")
            more.setForeground(ERROR)
            self.problem_list.addItem(more)
        self.problem_list.blockSignals(False)
        errors = sum(p.severity == "error" for p in problems)
        stamp = time.strftime("%H:%M:%S")
        state = "no problems" if not problems else f"{errors} error(s), {len(problems) - errors} warning(s)"
        shown = (" The map shows the last version that could be read." if self.stale
                 else "")
        variant = self.inspection.variant if self.inspection is not None else None
        rules = rules_in_words(variant) if variant is not None else ()
        self.summary.setText(f"<b>{self.folder.name}</b>: {state}. Checked at {stamp}; "
                             f"saving a file of the folder checks again.{shown}"
                             + (f"<br>Variant rules: {html.escape('; '.join(rules))}." if rules else ""))

    def _game_preview(self, ins: Inspection) -> None:
        """The start and a fork drawn as a game would, when the data files load."""
        from app.engine import read_variant, VariantError
        try:
            variant = read_variant(self.folder)  # what a game would load, or its first error
        except VariantError as e:
            variant = None
            self.game_holder.setText(f"A game cannot load this variant yet: fix the data files.\n\n{e}")
        errors = any(p.severity == "error" for p in ins.problems)     # never a game of a broken variant
        self.play_action.setEnabled(variant is not None and self.play is not None and not errors)
        if variant is None or ins.board is None:
            if ins.board is None and variant is not None:
                self.game_holder.setText("The map cannot be read: fix it to see the variant in a game.")
            self.game_holder.setWordWrap(True)
            self._show_game(self.game_holder)
            self.game_ready.emit()
            return
        try:
            from app.ui.multiverse.map_art import MapArt
            from app.ui.multiverse.world_scene import WorldScene
            from app.ui.multiverse.world_view import WorldView
            from app.variants.sample import two_timeline_world
            world = two_timeline_world(variant)
            scene = WorldScene(MapArt(variant, ins.board), self.theme, self)
            scene.set_world(world)
            self._show_game(WorldView(scene), scene)
            self._fit_game_timer.start()
        except (VariantError, ValueError) as e:
            self.game_holder.setText(f"Cannot play this variant yet: {e}")
            self._show_game(self.game_holder)
        self.game_ready.emit()

    def _show_game(self, widget: QWidget, scene=None) -> None:
        """Put ``widget`` in the game dock; the game view and scene it replaces are deleted
        (each save drew a new pair, and every old one stayed alive beside the new)."""
        old_view, old_scene = self.game_dock.widget(), self.game_scene
        self.game_dock.setWidget(widget)
        if old_view is not widget and old_view is not self.game_holder and old_view is not None:
            old_view.deleteLater()
        if old_scene is not None and old_scene is not scene:
            old_scene.cache.close()      # no board image is handed to a scene that is going
            old_scene.deleteLater()
        self.game_scene = scene

    def _fit_game_view(self) -> None:
        from app.ui.multiverse.world_view import WorldView
        view = self.game_dock.widget()
        if isinstance(view, WorldView):
            view.fit_all()

    @guarded
    def closeEvent(self, event) -> None:
        if self.game_scene is not None:
            self.game_scene.cache.close()    # no board image arrives after the window has gone
        super().closeEvent(event)

    # -- actions -------------------------------------------------------------------------
    def _set_overlay(self, key: str, on: bool) -> None:
        if self.scene is not None:
            self.scene.layers[key].setVisible(on)

    def fit(self) -> None:
        if self.scene is not None:
            self.view.zoom_to(self.scene.art.rect)

    def _select_row(self, row: int) -> None:
        if self.scene is None or self.inspection is None or not 0 <= row < min(len(self.inspection.problems), LISTED_PROBLEMS):
            return
        prob = self.inspection.problems[row]
        self.select_problem(prob)

    def select_problem(self, prob: Problem) -> None:
        """Outline the problem's element on the map and zoom to it."""
        if self.scene is None:
            return
        self.scene.select(prob)
        rect = self.scene.problem_rect(prob)
        if rect is not None:
            self.view.zoom_to(rect.united(QRectF(rect.center().x() - 120, rect.center().y() - 90, 240, 180)))
            self.statusBar().showMessage(f"{prob.file}:{prob.element}")
        elif prob.file.endswith(".json"):
            self.statusBar().showMessage(f"{prob.file}:{prob.element} is not on the map (a data file problem)")
        else:
            self.statusBar().showMessage(f"{prob.file}:{prob.element}: nothing on the map to point at; "
                                         "the message says where")

    def _play(self) -> None:
        if self.play is not None:
            self._played.append(self.play(self.folder))


def open_sandbox(window_class: type, folder: Path):
    """Open a new ``window_class`` (the main window) with a sandbox game on the variant in
    ``folder``; the window's own entry point starts the game (a sandbox ``Match``)."""
    window = window_class()
    window.new_game("sandbox", variant=str(folder), confirmed=True)
    window.show()
    return window


def measure_reloads(folder: Path, saves: int, file: str = "variant.json") -> list[tuple[float, float, float]]:
    """For benchmarks/variant_bench.py: one preview of ``folder`` open, ``saves`` times
    ``file`` is saved (variant.json: its title rewritten; the SVG: rewritten as it is, so
    it is read again), the window idle before each save; for each save the seconds to the
    new problem list, to the redrawn game preview, and reload()'s CPU time."""
    import json
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    window = PreviewWindow(folder)
    window.show()
    ready: list[float] = []
    listed_at: list[float] = []
    window.game_ready.connect(lambda: ready.append(time.perf_counter()))
    window.reloaded.connect(lambda: listed_at.append(time.perf_counter()))
    out = []
    path = folder / file
    for i in range(saves):
        spin_until(app, lambda: ready and not thumbnails_busy(window))  # start from an idle window
        before = window.reloads
        ready.clear()
        if file == "variant.json":
            data = json.loads(path.read_text())
            data["title"] = f"Bench {i}"
            text = json.dumps(data, indent=1)
        else:
            text = path.read_text()
        start = time.perf_counter()
        path.write_text(text)
        listed_at.clear()
        spin_until(app, lambda: window.reloads > before)
        listed = listed_at[0] - start
        spin_until(app, lambda: ready)
        out.append((listed, (ready[0] if ready else time.perf_counter()) - start, window.last_reload_cpu_s))
    window.close()
    window.deleteLater()
    app.processEvents()
    return out


def thumbnails_busy(window: PreviewWindow) -> bool:
    scene = getattr(window, "game_scene", None)
    return scene is not None and scene.cache.busy()


def spin_until(app, done, limit: float = 20.0) -> None:
    start = time.perf_counter()
    while not done() and time.perf_counter() - start < limit:
        app.processEvents()
        time.sleep(0.002)
