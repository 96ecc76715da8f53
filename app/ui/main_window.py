"""The main window: world view, toolbar, docks (orders, nations, history), status bar,
files (save, open, autosave, crash recovery), undo, sandbox and hotseat play."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, QStandardPaths, Qt, QThread, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QCursor
from PySide6.QtWidgets import (QApplication, QDockWidget, QFileDialog, QLabel, QMainWindow, QMenu,
                               QMessageBox, QProgressBar, QStackedWidget, QToolBar, QWidget)

from app.engine.coords import BoardKey
from app.engine.game import Game, GameFileError
from app.engine.notation import NotationError, format_order
from app.engine.orders import Order
from app.engine.validation import check
from app.engine.world import World

from .dialogs.curtain import Curtain
from .map_art import map_art
from .order_entry import OrderEntry, Outcome, unit_key
from .panels.history import HistoryBar
from .panels.nations import NationsPanel
from .panels.orders import OrdersPanel
from .theme import DARK, LIGHT, THEMES, apply_palette
from .world_scene import WorldScene
from .world_view import WorldView

APP_NAME = "5D Diplomacy"


def data_dir() -> Path:
    """Per-user data folder (autosave, settings). ``DIPLO5D_DATA_DIR`` overrides it (tests)."""
    env = os.environ.get("DIPLO5D_DATA_DIR")
    if env:
        d = Path(env)
    else:
        loc = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation)
        d = Path(loc) if loc else Path.home() / ".5d-diplomacy"
    d.mkdir(parents=True, exist_ok=True)
    return d


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def lock_path() -> Path:
    return data_dir() / "session.lock"


class SubmitJob(QThread):
    """Adjudication off the GUI thread."""

    def __init__(self, game: Game, orders: list[Order], parent=None):
        super().__init__(parent)
        self.game, self.orders = game, orders
        self.report = None
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            self.report = self.game.submit(self.orders)
        except Exception as e:  # shown to the player; the game is untouched
            self.error = e


class MainWindow(QMainWindow):
    submitted = Signal(object)        # Report
    message = Signal(str)

    def __init__(self, theme: str | None = None):
        super().__init__()
        self.setWindowTitle(APP_NAME)
        self.settings = QSettings(str(data_dir() / "settings.ini"), QSettings.IniFormat)
        self.theme = THEMES.get(theme or self.settings.value("theme", "light"), LIGHT)
        apply_palette(QApplication.instance(), self.theme)
        self.game: Game | None = None
        self.path: Path | None = None
        self.dirty = False
        self.pending: dict = {}
        self.seat_pending: list[dict] = []
        self.seat_index = 0
        self.replay_index: int | None = None
        self.busy = False
        self._job: SubmitJob | None = None
        self._menu: QMenu | None = None
        self._menu_at = None
        self.last_message = ""
        self.scene: WorldScene | None = None
        self.entry: OrderEntry | None = None

        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.placeholder = QLabel("<div style='font-size:22px'>5D Diplomacy</div><br>File → New game (Ctrl+N) or Open (Ctrl+O)")
        self.placeholder.setAlignment(Qt.AlignCenter)
        self.stack.addWidget(self.placeholder)
        self.view: WorldView | None = None
        self.curtain = Curtain()
        self.curtain.ready.connect(self._curtain_lifted)
        self.stack.addWidget(self.curtain)

        self.orders_panel = OrdersPanel()
        self.orders_panel.goto.connect(self.goto_board)
        self.orders_panel.delete.connect(self.delete_order)
        self.orders_panel.edit.connect(self.edit_order)
        self.orders_panel.entered.connect(self.console_order)
        self.orders_panel.icons = self._nation_icon
        self.nations_panel = NationsPanel()
        self.history = HistoryBar()
        self.history.moved.connect(self.show_history)
        d1 = QDockWidget("Orders", self)
        d1.setObjectName("orders")
        d1.setWidget(self.orders_panel)
        d1.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(Qt.RightDockWidgetArea, d1)
        d2 = QDockWidget("Nations", self)
        d2.setObjectName("nations")
        d2.setWidget(self.nations_panel)
        d2.setFeatures(QDockWidget.DockWidgetMovable | QDockWidget.DockWidgetFloatable)
        self.addDockWidget(Qt.RightDockWidgetArea, d2)
        self.resizeDocks([d1, d2], [360, 360], Qt.Horizontal)
        self.resizeDocks([d1, d2], [560, 330], Qt.Vertical)
        d3 = QDockWidget("History", self)
        d3.setObjectName("history")
        d3.setWidget(self.history)
        d3.setTitleBarWidget(QWidget())
        d3.setFeatures(QDockWidget.NoDockWidgetFeatures)
        self.addDockWidget(Qt.BottomDockWidgetArea, d3)
        self.docks = (d1, d2, d3)

        self._build_actions()
        self._build_status()
        apply_palette(QApplication.instance(), self.theme)
        self.resize(1600, 1000)
        self._update_actions()
        self._crashed = lock_path().exists()
        lock_path().write_text(str(os.getpid()))

    # ------------------------------------------------------------------ actions and menus
    def _act(self, text, slot, shortcut=None, tip="", checkable=False, icon_text=None) -> QAction:
        a = QAction(text, self)
        if shortcut:
            a.setShortcuts(shortcut if isinstance(shortcut, list) else [QKeySequence(shortcut)])
            a.setShortcutContext(Qt.WindowShortcut)
        if tip:
            sc = a.shortcut().toString(QKeySequence.NativeText)
            a.setToolTip(f"{tip} ({sc})" if sc else tip)
            a.setStatusTip(tip)
        a.setCheckable(checkable)
        a.triggered.connect(slot)
        self.addAction(a)
        return a

    def _build_actions(self) -> None:
        self.a_new = self._act("&New game…", self.new_game_dialog, QKeySequence.New, "Start a new game")
        self.a_open = self._act("&Open…", self.open_dialog, QKeySequence.Open, "Open a saved game")
        self.a_save = self._act("&Save", self.save, QKeySequence.Save, "Save the game")
        self.a_save_as = self._act("Save &As…", self.save_as, QKeySequence.SaveAs, "Save the game under a new name")
        self.a_quit = self._act("&Quit", self.close, QKeySequence.Quit, "Quit")
        self.a_undo = self._act("&Undo submission", self.undo, QKeySequence.Undo, "Take back the last submission (sandbox)")
        self.a_submit = self._act("Submit", self.submit, [QKeySequence("Ctrl+Return"), QKeySequence("Ctrl+Enter")],
                                  "Adjudicate the orders")
        self.a_hold = self._act("Hold", lambda: self._key("hold"), "H", "Order the selected unit to hold")
        self.a_move = self._act("Move", lambda: self._key("move"), "M", "Show where the selected unit can move")
        self.a_support = self._act("Support", lambda: self._key("support"), "S", "Support: then click the supported unit and its destination")
        self.a_convoy = self._act("Convoy", lambda: self._key("convoy"), "C", "Convoy: then click the army and its destination")
        self.a_disband = self._act("Disband", lambda: self._key("disband"), "D", "Disband the selected unit (Winter or retreats)")
        self.a_cancel = self._act("Cancel", self.cancel_entry, "Esc", "Cancel the order being entered")
        self.a_fit = self._act("Fit all", lambda: self.view and self.view.fit_all(), "F", "Show the whole multiverse")
        self.a_present = self._act("Present", lambda: self.view and self.view.go_to_present(), ["Home", "P"],
                                   "Go to the active boards")
        self.a_zoom_in = self._act("Zoom in", lambda: self.view and self.view.zoom_by(1.25), QKeySequence.ZoomIn, "Zoom in")
        self.a_zoom_out = self._act("Zoom out", lambda: self.view and self.view.zoom_by(0.8), QKeySequence.ZoomOut, "Zoom out")
        self.a_dark = self._act("Dark theme", self.toggle_theme, "Ctrl+T", "Switch between light and dark", checkable=True)
        self.a_dark.setChecked(self.theme is DARK)
        self.a_rules = self._act("Rules", self.show_rules, QKeySequence.HelpContents, "How 5D Diplomacy is played")
        self.a_keys = self._act("Keyboard shortcuts", self.show_keys, None, "List the keyboard shortcuts")
        for a in (self.a_hold, self.a_move, self.a_support, self.a_convoy, self.a_disband, self.a_cancel):
            a.setShortcutContext(Qt.WindowShortcut)

        mb = self.menuBar()
        m = mb.addMenu("&File")
        for a in (self.a_new, self.a_open):
            m.addAction(a)
        self.recent_menu = m.addMenu("Open &recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        m.addSeparator()
        for a in (self.a_save, self.a_save_as):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.a_quit)
        m = mb.addMenu("&Game")
        for a in (self.a_submit, self.a_undo):
            m.addAction(a)
        m.addSeparator()
        for a in (self.a_hold, self.a_move, self.a_support, self.a_convoy, self.a_disband, self.a_cancel):
            m.addAction(a)
        m = mb.addMenu("&View")
        for a in (self.a_fit, self.a_present, self.a_zoom_in, self.a_zoom_out):
            m.addAction(a)
        m.addSeparator()
        m.addAction(self.a_dark)
        m = mb.addMenu("&Help")
        m.addAction(self.a_rules)
        m.addAction(self.a_keys)

        tb = QToolBar("Main")
        tb.setObjectName("main-toolbar")
        tb.setMovable(False)
        tb.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.addToolBar(tb)
        for a in (self.a_new, self.a_open, self.a_save):
            tb.addAction(a)
        tb.addSeparator()
        for a in (self.a_hold, self.a_move, self.a_support, self.a_convoy, self.a_disband):
            tb.addAction(a)
        tb.addSeparator()
        tb.addAction(self.a_submit)
        tb.addAction(self.a_undo)
        tb.addSeparator()
        for a in (self.a_fit, self.a_present, self.a_zoom_in, self.a_zoom_out):
            tb.addAction(a)
        tb.addSeparator()
        tb.addAction(self.a_dark)
        tb.addAction(self.a_rules)
        self.toolbar = tb
        btn = tb.widgetForAction(self.a_submit)
        if btn is not None:
            btn.setStyleSheet("QToolButton { font-weight: bold; padding: 3px 14px; border-radius: 5px;"
                              f" background: {self.theme.accent.name()}; color: white; }}"
                              "QToolButton:disabled { background: #9aa5b1; }")

    def _build_status(self) -> None:
        sb = self.statusBar()
        self.status_label = QLabel("")
        self.status_label.setMinimumWidth(400)
        sb.addWidget(self.status_label, 1)
        self.hover_label = QLabel("")
        sb.addPermanentWidget(self.hover_label)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(160)
        self.progress.setVisible(False)
        sb.addPermanentWidget(self.progress)
        self.zoom_label = QLabel("")
        sb.addPermanentWidget(self.zoom_label)

    def set_status(self, text: str, error: bool = False) -> None:
        self.status_label.setText(text)
        self.status_label.setStyleSheet("color: #e03131; font-weight: bold;" if error else "")
        self.last_status = text
        self.message.emit(text)

    # ------------------------------------------------------------------ messages
    def show_message(self, title: str, text: str, icon=QMessageBox.Warning) -> QMessageBox:
        """A window-modal message that does not block the event loop."""
        box = QMessageBox(icon, title, text, QMessageBox.Ok, self)
        box.setWindowModality(Qt.WindowModal)
        box.open()
        self.last_message = text
        self._box = box
        return box

    # ------------------------------------------------------------------ the game
    @property
    def mode(self) -> str:
        return (self.game.meta.get("mode") if self.game else None) or "sandbox"

    @property
    def seats(self) -> list[dict]:
        return list(self.game.meta.get("seats", [])) if self.game else []

    @property
    def world(self) -> World | None:
        if self.game is None:
            return None
        if self.replay_index is not None:
            return self.game.history()[self.replay_index]
        return self.game.world

    def new_game(self, mode: str = "sandbox", adjacency: str = "strict", variant: str = "standard",
                 seats: list[dict] | None = None, seed: int = 0) -> None:
        game = Game.new(variant, adjacency=adjacency, seed=seed)
        game.meta = {"mode": mode, "seats": list(seats or []) if mode == "hotseat" else []}
        self.set_game(game, None)
        self.set_status(f"New {mode} game: {game.variant.title}, {adjacency} adjacency. " +
                        (self.entry.hint() if mode == "sandbox" else ""))

    def set_game(self, game: Game, path: Path | None) -> None:
        self.game = game
        self.path = Path(path) if path else None
        self.dirty = False
        self.replay_index = None
        art = map_art(game.variant)
        if self.scene is None or self.scene.art is not art:
            if self.view is not None:
                self.stack.removeWidget(self.view)
                self.view.deleteLater()
            self.scene = WorldScene(art, self.theme, self)
            self.scene.hovered.connect(self.hover_label.setText)
            self.view = WorldView(self.scene)
            self.view.clicked.connect(self.on_click)
            self.view.zoomed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.1f}%"))
            self.stack.insertWidget(0, self.view)
            self.banner = QLabel(self.view.viewport())
            self.banner.setAlignment(Qt.AlignCenter)
            self.banner.hide()
            self.toast = QLabel(self.view.viewport())
            self.toast.setAlignment(Qt.AlignCenter)
            self.toast.hide()
            self._toast_timer = QTimer(self)
            self._toast_timer.setSingleShot(True)
            self._toast_timer.timeout.connect(self.toast.hide)
        self.entry = OrderEntry(game.world, None)
        self.pending = {}
        n = len(self.seats)
        self.seat_pending = [{} for _ in range(n)]
        self.seat_index = 0
        for i, texts in (game.meta.get("pending") or {}).items():
            i = int(i)
            for t in texts:
                try:
                    o = game.parse(t)
                    target = self.seat_pending[i] if self.mode == "hotseat" and i < n else self.pending
                    target[unit_key(o)] = o
                except (NotationError, ValueError):
                    continue
        self.scene.set_world(game.world)
        self.refresh()
        self.stack.setCurrentWidget(self.view)
        QTimer.singleShot(0, self.view.go_to_present)
        self.view.go_to_present()
        if self.mode == "hotseat":
            self.show_curtain()
        self._update_title()

    def _nation_icon(self, nation: str):
        from .panels.nations import swatch
        n = self.game.variant.nations.get(nation) if self.game else None
        return swatch(n.colour if n else "#888888", 12)

    def seat_nations(self) -> set[str] | None:
        if self.mode != "hotseat" or not self.seats:
            return None
        return set(self.seats[self.seat_index]["nations"])

    def refresh(self) -> None:
        """Redraw everything from the game (after a submission, undo, load, history move)."""
        w = self.world
        if w is None:
            return
        self.scene.set_world(w)
        self.view.refresh_area()
        self.entry.set_world(w, self.seat_nations())
        live = self.replay_index is None
        self.scene.set_pending(list(self.pending.values()) if live else [])
        self._update_highlights()
        self.orders_panel.set_orders(self.pending if live else {},
                                     "Your orders" if self.mode == "hotseat" else "Orders")
        seats = {n: s["name"] for s in self.seats for n in s["nations"]}
        self.nations_panel.set_world(w, seats or None)
        self.history.set_count(len(self.game.submissions), self.replay_index)
        self._update_banner()
        self._update_actions()

    def _update_banner(self) -> None:
        w = self.world
        if w is not None and w.winner:
            colour = w.variant.nations[w.winner].colour if w.winner in w.variant.nations else "#333"
            self.banner.setText(f"<div style='font-size:30px; font-weight:700'>{w.winner} wins!</div>"
                                f"<div>{w.variant.victory_centres} distinct supply centres on the active boards</div>")
            self.banner.setStyleSheet(f"background: {colour}; color: white; border-radius: 14px; padding: 16px 40px;")
            self.banner.adjustSize()
            self.banner.move((self.view.viewport().width() - self.banner.width()) // 2, 60)
            self.banner.show()
            self.banner.raise_()
        else:
            self.banner.hide()

    def show_toast(self, html: str, msecs: int = 6000) -> None:
        self.toast.setText(html)
        self.toast.setStyleSheet("background: rgba(25, 28, 33, 215); color: white; border-radius: 10px; padding: 10px 22px;"
                                 "font-size: 14px;")
        self.toast.adjustSize()
        vp = self.view.viewport()
        self.toast.move((vp.width() - self.toast.width()) // 2, vp.height() - self.toast.height() - 30)
        self.toast.show()
        self.toast.raise_()
        self._toast_timer.start(msecs)

    def _update_actions(self) -> None:
        has = self.game is not None
        live = has and self.replay_index is None and not self.busy
        curtain = self.stack.currentWidget() is self.curtain
        for a in (self.a_hold, self.a_move, self.a_support, self.a_convoy, self.a_disband):
            a.setEnabled(live and not curtain)
        over = has and self.game.world.phase == "over"
        self.a_submit.setEnabled(live and not curtain and not over)
        if self.mode == "hotseat" and has and self.seats:
            last = self.seat_index >= len(self.seats) - 1
            self.a_submit.setText("Done — adjudicate" if last else "Done — pass on")
        else:
            self.a_submit.setText("Submit")
        self.a_undo.setEnabled(live and self.mode == "sandbox" and self.game.can_undo())
        for a in (self.a_save, self.a_save_as, self.a_fit, self.a_present, self.a_zoom_in, self.a_zoom_out):
            a.setEnabled(has)
        self.orders_panel.setEnabled(live and not curtain)

    def _update_title(self) -> None:
        name = self.path.name if self.path else "Untitled"
        mode = self.mode.capitalize() if self.game else ""
        self.setWindowTitle(f"{name}{' •' if self.dirty else ''} — {mode} — {APP_NAME}")

    # ------------------------------------------------------------------ clicks and keys
    def on_click(self, pos: QPointF, button: int) -> None:
        if self.game is None:
            return
        if self.busy:
            self.set_status("Adjudicating — please wait.", error=True)
            return
        if self.replay_index is not None:
            self.set_status("You are watching the replay: go back to the present to give orders.", error=True)
            return
        if button == Qt.RightButton.value:
            self.cancel_entry()
            return
        item = self.scene.item_at(pos)
        if item is None:
            self.entry.cancel()
            self._update_highlights()
            self.set_status(self.entry.hint())
            return
        local = item.mapFromScene(pos)
        prov = item.province_at(local)
        out = self.entry.click(item.key, prov, local.x(), local.y(), self.scene.art)
        self._handle(out)

    def click_location(self, key: BoardKey, loc: str) -> Outcome:
        """Click at a location's unit anchor on a board (what a test or a script does)."""
        item = self.scene.items_by_key.get(key) or self.scene.ghosts.get(key)
        pt = self.scene.art.unit_point(loc)
        scene_pt = item.mapToScene(pt)
        self._last_outcome = Outcome(None, "", refused=True)
        self.on_click(scene_pt, Qt.LeftButton.value)
        return self._last_outcome

    def _handle(self, out: Outcome) -> None:
        self._last_outcome = out
        if out.order is not None:
            self.add_order(out.order)
        elif out.menu:
            self._show_build_menu(out)
        elif out.message:
            self.set_status(out.message, error=out.refused)
        self._update_highlights()

    def _show_build_menu(self, out: Outcome) -> None:
        self.set_status(out.message)
        menu = QMenu(self)
        for choice in out.menu:
            utype, loc = choice.split()
            label = ("Build an army in " if utype == "A" else "Build a fleet in ") + loc
            act = menu.addAction(label)
            act.setData(choice)
            act.triggered.connect(lambda _=False, c=choice, at=out.menu_at: self.choose_build(at, c))
        self._menu = menu
        self._menu_at = out.menu_at
        menu.popup(QCursor.pos())

    def choose_build(self, at, choice: str) -> None:
        if self._menu is not None:
            self._menu.close()
        self._handle(self.entry.choose_build(at, choice))

    def _key(self, what: str) -> None:
        if self.entry is None or self.busy or self.replay_index is not None:
            return
        out = {"hold": self.entry.key_hold, "move": self.entry.key_move, "support": self.entry.key_support,
               "convoy": self.entry.key_convoy, "disband": self.entry.key_disband}[what]()
        self._handle(out)

    def cancel_entry(self) -> None:
        if self.entry is not None:
            self.entry.cancel()
            self._update_highlights()
            self.set_status("Cancelled. " + self.entry.hint())

    def _update_highlights(self) -> None:
        if self.entry is None or self.scene is None:
            return
        marks, sel = self.entry.highlights()
        self.scene.set_ghosts(self.entry.ghosts if self.entry.stage.startswith(("support", "convoy")) else [])
        self.scene.set_highlights(marks, sel)

    # ------------------------------------------------------------------ pending orders
    def add_order(self, order: Order) -> None:
        k = unit_key(order)
        replaced = k in self.pending
        self.pending[k] = order
        self.dirty = True
        self.scene.set_pending(list(self.pending.values()))
        self.orders_panel.set_orders(self.pending, "Your orders" if self.mode == "hotseat" else "Orders")
        self.set_status(("Replaced: " if replaced else "Order: ") + format_order(order) + "   — " + self.entry.hint())
        self._update_title()

    def delete_order(self, key) -> None:
        if key in self.pending:
            o = self.pending.pop(key)
            self.scene.set_pending(list(self.pending.values()))
            self.orders_panel.set_orders(self.pending, "Your orders" if self.mode == "hotseat" else "Orders")
            self.set_status("Deleted: " + format_order(o))

    def edit_order(self, key, text: str) -> None:
        self.delete_order(key)
        self.orders_panel.console.setText(text)
        self.orders_panel.console.setFocus()
        self.set_status("Edit the order in the console and press Enter.")

    def console_order(self, text: str) -> bool:
        if self.game is None or self.replay_index is not None or self.busy:
            return False
        try:
            order = self.game.parse(text)
        except (NotationError, ValueError) as e:
            self.orders_panel.show_feedback(str(e), False)
            self.set_status(f"Not understood: {e}", error=True)
            return False
        nations = self.seat_nations()
        nation = getattr(order, "nation", "")
        if nations is not None and nation not in nations:
            msg = f"{nation or 'That unit'} is not yours to order; you play {', '.join(sorted(nations))}."
            self.orders_panel.show_feedback(msg, False)
            self.set_status(msg, error=True)
            return False
        normal, reason = check(self.game.world, order)
        if reason:
            self.orders_panel.show_feedback(f"Refused: {reason}.", False)
            self.set_status(f"Refused: {reason}.", error=True)
            return False
        self.add_order(normal)
        self.orders_panel.console.clear()
        self.orders_panel.show_feedback("Added: " + format_order(normal), True)
        return True

    def goto_board(self, key: BoardKey) -> None:
        if self.view is None:
            return
        s = self.view.scale_factor()
        vw = self.view.viewport().width()
        across = vw / (s * self.scene.layout.board_w)
        if across > 4:
            self.view.show_board(key, 2.2)
        else:
            item = self.scene.items_by_key.get(key)
            if item:
                self.view.centerOn(item.sceneBoundingRect().center())

    # ------------------------------------------------------------------ submitting
    def submit(self) -> None:
        if self.game is None or self.busy or self.replay_index is not None:
            return
        if self.mode == "hotseat":
            self.seat_done()
            return
        self._adjudicate(list(self.pending.values()))

    def _adjudicate(self, orders: list[Order]) -> None:
        w = self.game.world
        self.busy = True
        self._before = w
        self.entry.cancel()
        self._update_highlights()
        self.progress.setVisible(True)
        self.set_status(f"Adjudicating {len(orders)} orders across {len(w.active_boards())} active boards…")
        QApplication.setOverrideCursor(Qt.BusyCursor)
        self._update_actions()
        job = SubmitJob(self.game, orders, self)
        job.finished.connect(lambda: self._adjudicated(job))
        self._job = job
        job.start()

    def _adjudicated(self, job: SubmitJob) -> None:
        self.busy = False
        self._job = None
        self.progress.setVisible(False)
        QApplication.restoreOverrideCursor()
        if job.error is not None:
            self.refresh()
            self.show_message("Adjudication failed", f"The orders could not be adjudicated: {job.error}\n\n"
                              "The game is unchanged.")
            self.set_status(f"Adjudication failed: {job.error}", error=True)
            return
        report = job.report
        self.pending = {}
        self.seat_pending = [{} for _ in self.seats]
        self.seat_index = 0
        self.game.meta.pop("pending", None)
        self.refresh()
        new = set(report.new_boards)
        self.scene.set_flash(new)
        scene = self.scene  # the timer dies with the scene: a closed window's boards are gone
        QTimer.singleShot(5000, scene, lambda: scene.set_flash(set()))
        fails = sum(1 for r in report.results if r.status != "succeeds")
        parts = [f"{len(report.new_boards)} new board{'s' if len(report.new_boards) != 1 else ''}"]
        if report.new_timelines:
            parts.append("new timeline" + ("s " if len(report.new_timelines) > 1 else " ")
                         + ", ".join(str(t) for t in report.new_timelines))
        if fails:
            parts.append(f"{fails} order{'s' if fails != 1 else ''} failed or invalid")
        w = self.game.world
        if w.phase == "retreats":
            parts.append(f"{len(w.pause.dislodged)} dislodged unit(s) must retreat")
        summary = " · ".join(parts)
        self.set_status(f"Submission {len(self.game.submissions)}: {summary}.")
        self.show_toast(f"<b>Submission {len(self.game.submissions)}</b><br>{summary}")
        self.autosave()
        self.dirty = True
        self._update_title()
        if report.new_timelines:
            self.view.fit_rect(self.scene.active_rect().united(
                self.scene.layout.rect(w.parents[report.new_timelines[0]]) if w.parents.get(report.new_timelines[0]) else self.scene.active_rect()),
                max_scale=self.view.viewport().width() / (self.scene.layout.board_w * 2.2))
        else:
            self.view.go_to_present()
        if self.mode == "hotseat":
            self.show_curtain(note="The orders are adjudicated.")
        self.submitted.emit(report)

    def wait_idle(self) -> None:
        if self._job is not None:
            self._job.wait()
            QApplication.processEvents()

    # ------------------------------------------------------------------ hotseat
    def _seat_has_work(self, i: int) -> bool:
        w = self.game.world
        nations = set(self.seats[i]["nations"])
        if w.phase == "retreats":
            return any(w.unit_at(loc) and w.unit_at(loc).nation in nations for loc in w.pause.dislodged)
        return True

    def show_curtain(self, note: str = "") -> None:
        if not self.seats:
            return
        i = self.seat_index
        while i < len(self.seats) - 1 and not self._seat_has_work(i):
            i += 1
        self.seat_index = i
        seat = self.seats[i]
        self.pending = {}
        self.scene.set_pending([])
        self.entry.cancel()
        self._update_highlights()
        self.orders_panel.set_orders({}, "Your orders")
        self.curtain.show_for(seat["name"], seat.get("colour", "#1971c2"), seat["nations"], note)
        self.stack.setCurrentWidget(self.curtain)
        self.set_status(f"Waiting for {seat['name']}.")
        self._update_actions()

    def _curtain_lifted(self) -> None:
        i = self.seat_index
        self.pending = dict(self.seat_pending[i])
        self.stack.setCurrentWidget(self.view)
        self.refresh()
        seat = self.seats[i]
        self.set_status(f"{seat['name']}: give orders for {', '.join(seat['nations'])}, then press Done. "
                        + self.entry.hint())

    def seat_done(self) -> None:
        i = self.seat_index
        self.seat_pending[i] = dict(self.pending)
        self.pending = {}
        if i < len(self.seats) - 1:
            self.seat_index = i + 1
            self.show_curtain()
            return
        orders = [o for seat in self.seat_pending for o in seat.values()]
        self.stack.setCurrentWidget(self.view)
        self._adjudicate(orders)

    # ------------------------------------------------------------------ undo and history
    def undo(self) -> None:
        if self.game is None or self.busy or self.mode != "sandbox" or not self.game.can_undo():
            return
        self.game.undo()
        self.pending = {}
        self.replay_index = None
        self.refresh()
        self.autosave()
        self.set_status(f"Undone: back to the world after submission {len(self.game.submissions)}.")

    def show_history(self, index: int) -> None:
        if self.game is None or self.busy:
            return
        n = len(self.game.submissions)
        self.replay_index = None if index >= n else index
        self.refresh()
        self.history.update_label()
        if self.replay_index is not None:
            self.set_status(f"Replay: the world after submission {index} of {n}. Drag to the right end to play on.")

    # ------------------------------------------------------------------ files
    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for p in self.recent_files():
            a = self.recent_menu.addAction(p)
            a.triggered.connect(lambda _=False, p=p: self.open_game(p))
        if not self.recent_files():
            self.recent_menu.addAction("(none)").setEnabled(False)

    def recent_files(self) -> list[str]:
        v = self.settings.value("recent", [])
        if isinstance(v, str):
            v = [v]
        return [p for p in (v or []) if p]

    def _add_recent(self, path: Path) -> None:
        items = [str(path)] + [p for p in self.recent_files() if p != str(path)]
        self.settings.setValue("recent", items[:10])

    def new_game_dialog(self) -> None:
        from .dialogs.new_game import NewGameDialog
        dlg = NewGameDialog(self, self.recent_files())
        if dlg.exec() != NewGameDialog.Accepted:
            return
        if dlg.open_path:
            self.open_game(dlg.open_path)
            return
        s = dlg.settings()
        self.new_game(s["mode"], s["adjacency"], s["variant"], s["seats"])

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open game", str(self.path.parent if self.path else Path.home()),
                                              "5D Diplomacy games (*.json *.5dd);;All files (*)")
        if path:
            self.open_game(path)

    def open_game(self, path) -> bool:
        try:
            game = Game.load(path)
        except GameFileError as e:
            self.show_message("Cannot open the game", str(e))
            self.set_status(f"Could not open {path}.", error=True)
            return False
        except Exception as e:  # anything else unexpected: still a message, never a lost session
            self.show_message("Cannot open the game", f"{path}: {e}")
            self.set_status(f"Could not open {path}.", error=True)
            return False
        self.set_game(game, Path(path))
        self._add_recent(Path(path))
        self.set_status(f"Opened {path}: {len(game.world.boards)} boards, {len(game.world.timelines)} timelines.")
        return True

    def _meta_for_save(self) -> dict:
        meta = dict(self.game.meta)
        if self.mode == "hotseat":
            seats = [dict(s) for s in self.seat_pending]
            if self.seat_index < len(seats):
                seats[self.seat_index] = dict(self.pending) if self.stack.currentWidget() is not self.curtain else seats[self.seat_index]
            meta["pending"] = {str(i): [format_order(o) for o in s.values()] for i, s in enumerate(seats) if s}
        elif self.pending:
            meta["pending"] = {"0": [format_order(o) for o in self.pending.values()]}
        else:
            meta.pop("pending", None)
        return meta

    def save_to(self, path) -> bool:
        if self.game is None:
            return False
        old = self.game.meta
        self.game.meta = self._meta_for_save()
        try:
            self.game.save(path)
        except OSError as e:
            self.show_message("Cannot save", f"{path}: {e.strerror or e}")
            return False
        finally:
            self.game.meta = old
        return True

    def save(self) -> bool:
        if self.path is None:
            return self.save_as()
        if self.save_to(self.path):
            self.dirty = False
            self._update_title()
            self.set_status(f"Saved {self.path}.")
            return True
        return False

    def save_as(self, path: str | None = None) -> bool:
        if self.game is None:
            return False
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Save game", str(self.path or Path.home() / "game.json"),
                                                  "5D Diplomacy games (*.json)")
        if not path:
            return False
        self.path = Path(path)
        self._add_recent(self.path)
        return self.save()

    def autosave(self) -> None:
        if self.game is not None:
            self.save_to(autosave_path())

    def offer_restore(self, ask=None) -> bool:
        """After a crash (the lock of a previous session is still there), offer the autosave."""
        auto = autosave_path()
        if not (self._crashed and auto.exists()):
            return False
        if ask is None:
            ans = QMessageBox.question(self, "Restore the autosave?",
                                       "5D Diplomacy did not close properly last time.\n"
                                       "Restore the game saved automatically after the last submission?")
            ok = ans == QMessageBox.Yes
        else:
            ok = ask()
        if ok:
            return self.open_game(auto)
        return False

    # ------------------------------------------------------------------ misc
    def toggle_theme(self) -> None:
        self.theme = DARK if self.a_dark.isChecked() else LIGHT
        self.settings.setValue("theme", self.theme.name)
        apply_palette(QApplication.instance(), self.theme)
        if self.scene is not None:
            self.scene.set_theme(self.theme)
            self.view.viewport().update()

    def show_rules(self) -> None:
        from .dialogs.rules import RulesDialog
        self._rules = RulesDialog(self)
        self._rules.show()

    def show_keys(self) -> None:
        rows = [("Click a unit", "select it; its targets light up"), ("H / M / S / C / D", "hold / move / support / convoy / disband"),
                ("Esc, right click", "cancel"), ("Ctrl+Enter", "submit (hotseat: done)"), ("Ctrl+Z", "undo the last submission"),
                ("Wheel, +/−, pinch", "zoom"), ("Drag, arrow keys", "pan"), ("F", "fit all"), ("Home / P", "go to the present"),
                ("Ctrl+S / Ctrl+O / Ctrl+N", "save / open / new"), ("Ctrl+T", "light / dark theme"), ("F1", "rules")]
        html = "<table>" + "".join(f"<tr><td><b>{k}</b>&nbsp;&nbsp;</td><td>{v}</td></tr>" for k, v in rows) + "</table>"
        self.show_message("Keyboard shortcuts", html, QMessageBox.Information)

    def closeEvent(self, event) -> None:
        if self._job is not None:
            self._job.wait()
        if self.game is not None and self.dirty:
            self.autosave()
        try:
            lock_path().unlink()
        except OSError:
            pass
        super().closeEvent(event)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.game is not None and self.view is not None:
            self._update_banner()
