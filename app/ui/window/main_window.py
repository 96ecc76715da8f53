"""The main window: renders a :class:`~app.match.Match` and forwards clicks to it.

What it shows: the world view (boards), the docks (orders with the console, nations,
history) and the status bar. What it holds is only what is on screen: the match (seats,
pending orders, rounds, undo) is :mod:`app.match`; files and the autosave are
:mod:`.files`; the hotseat curtain and each seat's console are :mod:`.hotseat`; the
actions and menus :mod:`.actions`; docks and status bar :mod:`.docks`; clicks on the board
:mod:`.clicks` (a ClickHandler); the adjudication thread :mod:`.adjudication` (an Adjudicator);
banner and toast :mod:`.notices`. Each part is made with a parent and what it uses, named.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFontMetrics
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow, QMessageBox, QStackedWidget, QToolTip

from app.engine import BoardKey, civ_of, format_order, Game, World
from app.match import Match, OrderRefused, Seat, order_key
from app.match.fog import fogged_world
from app.match.storage import data_dir

from .actions import apply_icons, build_actions, keys_html, style_submit_button
from .adjudication import Adjudicator, SubmitServices
from .clicks import BoardInputs, ClickHandler
from .context_menus import ContextMenus, MenuServices
from ..civ.controller import CivServices, CivUI
from ..collector import Survivors
from .docks import build_docks, build_status
from .files import FileKeeper, FileServices
from ..guard import guarded, reporter
from .hotseat import Table, TableServices
from ..icons import app_icon
from ..multiverse.map_art import map_art
from ..multiverse.nation_look import look_of
from .navigation import Navigation
from .notice_bar import NoticeBoard
from .pending_shown import PendingInputs, PendingShown
from .notices import Notices
from .placement import place_window, remember_window
from .side_panel import SidePanel
from app.match.order_entry import OrderEntry, example_orders
from ..panels.history import new_boards_at
from ..panels.nations import swatch
from ..panels.results import ResultsFollower
from ..table import TableUI
from ..table.services import TableUIServices
from ..theme import DARK, LIGHT, THEMES, apply_palette
from ..multiverse.world_scene import WorldScene
from ..multiverse.world_view import WorldView

APP_NAME = "5D Diplomacy"
# The order entry's stage (order_entry.py) -> the toolbar verb shown checked meanwhile.
MODE_ACTIONS = {"move": "move", "retreat": "move", "support_pick": "support", "support_dest": "support",
                "convoy_pick": "convoy", "convoy_dest": "convoy"}
ADJACENCY_TIPS = {
    "strict": "Strict adjacency: across boards a unit reaches only its own province",
    "loose": "Loose adjacency: across boards a unit also reaches the neighbouring provinces",
}


class MainWindow(QMainWindow):
    submitted = Signal(object)        # Report
    message = Signal(str)

    def __init__(self, theme: str | None = None):
        super().__init__()
        self.setWindowTitle(APP_NAME)
        self.setWindowIcon(app_icon())
        self.settings = QSettings(str(data_dir() / "settings.ini"), QSettings.IniFormat)
        self.theme = THEMES.get(theme or self.settings.value("theme", "light"), LIGHT)
        apply_palette(QApplication.instance(), self.theme)
        self.match: Match | None = None
        self.view_as: str | None = None   # sandbox "View as": a nation's fog of war
        self.replay_index: int | None = None
        self.prompt = None                # the open unsaved-changes question (tests answer it)
        self.last_message = ""
        self.last_status = ""
        self.scene: WorldScene | None = None
        self.view: WorldView | None = None
        self.entry: OrderEntry | None = None
        self._editing = None              # the key of the order being edited in the console

        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.placeholder = QLabel("<div style='font-size:22px'>5D Diplomacy</div><br>"
                                  "File → New game (Ctrl+N) or Open (Ctrl+O)")
        self.placeholder.setAlignment(Qt.AlignCenter)
        self.stack.addWidget(self.placeholder)
        self.notice_board = NoticeBoard(self.stack)
        self.files = FileKeeper(self, FileServices(
            match=lambda: self.match, set_match=self.set_match, new_game=self.new_game, wait_idle=self.wait_idle,
            set_status=self.set_status, show_message=self.show_message, update_title=self.update_title,
            hold_prompt=self.hold_prompt, show_notice=self.notice_board.show, hide_notice=self.notice_board.hide,
            recent_menu=lambda: self.commands.recent_menu,
            seat_opened=lambda match, name: self.civ_ui.seat_opened(match, name),
            greet_opened=lambda name: self.civ_ui.greet_opened(name), studio_may_leave=lambda: self.studio.may_leave()))
        self.pending_shown = PendingShown(PendingInputs(
            match=lambda: self.match, seat=lambda: self.seat, pending=lambda: self.pending, world=lambda: self.world,
            view_as=lambda: self.view_as, seat_nations=self.seat_nations,
            replaying=lambda: self.replay_index is not None, scene=lambda: self.scene, view=lambda: self.view,
            orders_panel=lambda: self.orders_panel, next_action=lambda: self.commands.next))
        board = BoardInputs(
            match=lambda: self.match, seat=lambda: self.seat, scene=lambda: self.scene, view=lambda: self.view,
            entry=lambda: self.entry, busy=lambda: self.busy, replaying=lambda: self.replay_index is not None)
        self.clicks = ClickHandler(self, board, add_order=self.add_order, set_status=self.set_status, last_status=lambda: self.last_status)
        self.clicks.highlighted.connect(self.show_mode)
        self.clicks.cancelling.connect(self._drop_edit)
        self.navigation = Navigation(self, match=lambda: self.match, world=lambda: self.world,
                                     seat=lambda: self.seat, needs=self.pending_shown.needs,
                                     goto_board=self.goto_board, set_status=self.set_status,
                                     settings=self.settings, hold_prompt=self.hold_prompt)
        docks = build_docks(self)
        self.orders_panel, self.nations_panel = docks.orders_panel, docks.nations_panel
        self.results_panel, self.history = docks.results_panel, docks.history
        self.results_dock, self.docks = docks.results_dock, docks.docks
        # civilisations (RULES.md §10): the Contacts dock, old maps
        self.civ_ui = CivUI(self, CivServices(
            match=lambda: self.match, seat=lambda: self.seat, curtain_up=lambda: self.table.up,
            replaying=lambda: self.replay_index is not None, set_match=self.set_match, refresh=self.refresh,
            files_changed=self.files.changed, set_status=self.set_status, show_message=self.show_message,
            art=lambda: self.scene.art, theme=lambda: self.theme),
            beside=next((d for d in self.docks if d.objectName() == "nations"), None))
        self.orders_panel.goto.connect(self.goto_board)
        self.orders_panel.delete.connect(self.delete_order)
        self.orders_panel.edit.connect(self.edit_order)
        self.orders_panel.entered.connect(self.console_order)
        self.orders_panel.icons = self._nation_icon
        self.history.moved.connect(self.show_history)
        self.results_panel.goto.connect(self.goto_board)
        # the list follows the submission the boards show
        self.results = ResultsFollower(self.results_panel, match=lambda: self.match,
                                       replay_index=lambda: self.replay_index, fog_nations=self.fog_nations,
                                       seat=lambda: self.seat, busy=lambda: self.busy)
        self.survivors = Survivors(self)         # the worlds kept are set aside from the collector
        self.commands = build_actions(self)
        self.commands.dark.setChecked(self.theme is DARK)
        self._style_submit()
        status = build_status(self)
        self.status_label, self.hover_label, self.progress = status.status_label, status.hover_label, status.progress
        self.adjacency_label, self.zoom_label = status.adjacency_label, status.zoom_label
        self.adjudicator = Adjudicator(self, SubmitServices(
            match=lambda: self.match, view=lambda: self.view, scene=lambda: self.scene,
            drop_entry=self.clicks.drop_entry, set_status=self.set_status, show_message=self.show_message,
            update_actions=self.update_actions, refresh=self.refresh, update_title=self.update_title,
            files_changed=self.files.changed, autosave_now=lambda: self.files.autosave_now(),
            results_submitted=lambda pairs: self.results.submitted(pairs),
            clear_feedback=lambda: self.orders_panel.feedback.setText(""),
            raise_results=lambda: self.results_dock.raise_(), date_note=lambda: self.civ_ui.date_note(),
            show_toast=lambda text: self.notices.show_toast(text),
            show_curtain=lambda *a, **k: self.table.show_curtain(*a, **k),
            watching=lambda: self.table_ui.watcher.watching), self.progress)
        self.adjudicator.submitted.connect(self.submitted)
        # the docks beside the map: F9, remembered width
        self.side_panel = SidePanel(self, self.docks, self.settings, self.nations_panel.preferred_height)
        self.commands.view_menu.insertAction(self.commands.dark, self.side_panel.action)
        self.statusBar().addPermanentWidget(self.side_panel.button)
        self.table = Table(self, TableServices(
            match=lambda: self.match, view=lambda: self.view, clear_private=self.clear_private, refresh=self.refresh,
            update_actions=self.update_actions, update_title=self.update_title, set_status=self.set_status,
            entry_hint=lambda: self.entry.hint(), files_changed=self.files.changed, hold_prompt=self.hold_prompt,
            menus=lambda: [a.menu() for a in self.menuBar().actions() if a.menu() is not None],
            messages=lambda: self.table_ui.messages), self.orders_panel, nations_dock=self.docks[1])
        self.context_menus = ContextMenus(self, MenuServices(
            board, world=lambda: self.world, curtain_up=lambda: self.table.up, seat_nations=self.seat_nations,
            pending=lambda: self.pending, verb_icon=lambda verb: getattr(self.commands, verb).icon(),
            goto_board=self.goto_board, board_menu=lambda menu, key: self.studio.board_menu(menu, key),
            set_status=self.set_status), self.clicks)
        # seats that change, messages, deadline, watching (app/ui/table)
        self.table_ui = TableUI(self, TableUIServices(
            match=lambda: self.match, seat=lambda: self.seat, curtain_up=lambda: self.table.up,
            busy=lambda: self.busy, replaying=lambda: self.replay_index is not None,
            view=lambda: self.view, scene=lambda: self.scene, set_status=self.set_status,
            show_message=self.show_message, show_toast=lambda text: self.notices.show_toast(text),
            hide_toast=lambda: self.notices.hide_toast(),
            show_banner=lambda title, text, colour: self.notices.show_banner(title, text, colour),
            game_ended=lambda ending: self.game_ended(ending),     # looked up when called: a test hooks it
            files_changed=self.files.changed, confirm_discard=self.files.confirm_discard, set_match=self.set_match,
            refresh=self.refresh, update_title=self.update_title, clear_private=self.clear_private,
            cancel_entry=self.cancel_entry, adjudicate=self.adjudicator.start, wait_idle=self.wait_idle,
            seat_table=self.table.start, show_curtain=self.table.show_curtain,
            show_present=lambda: self.show_history(len(self.game.submissions)),
            follow_pace=self.history.follow_pace), self.table.curtain, nations_dock=self.docks[1])
        self.submitted.connect(self.table_ui.after_submission)
        from ..net import NetServices, NetUI
        # play across computers: Table → Host a table…, Join…, Watch… (app/ui/net)
        self.net = NetUI(self, NetServices(
            match=lambda: self.match, seat=lambda: self.seat, set_match=self.set_match, refresh=self.refresh,
            update_actions=self.update_actions, set_status=self.set_status, show_message=self.show_message,
            confirm_discard=self.files.confirm_discard, data_dir=data_dir, view=lambda: self.view,
            show_results=lambda *a: self.results.submitted(*a), show_toast=lambda text: self.notices.show_toast(text)),
            self.table_ui.menu, self.docks[1])
        from ..studio.services import StudioServices
        from ..studio.studio import Studio
        # editor, preview, chart, plans, notes, paste (app/ui/studio)
        self.studio = Studio(self, StudioServices(
            match=lambda: self.match, seat=lambda: self.seat, curtain_up=lambda: self.table.up,
            busy=lambda: self.busy, replaying=lambda: self.replay_index is not None, world=lambda: self.world,
            pending=lambda: self.pending, view=lambda: self.view, scene=lambda: self.scene, theme=lambda: self.theme,
            set_status=self.set_status, files_changed=self.files.changed, confirm_discard=self.files.confirm_discard,
            set_match=self.set_match, entry_hint=lambda: self.entry.hint(), orders_changed=self._orders_changed,
            show_side_panel=self.side_panel.show, goto_board=self.goto_board),
            self.results_dock, nations_dock=self.docks[1], cancel=self.commands.cancel)
        self.docks += self.studio.docks   # the curtain covers them too
        self.submitted.connect(lambda _report: self.table.forget_feedback())
        self.curtain = self.table.curtain
        self.notices = Notices(self.stack, view=lambda: self.view)   # the winner's banner, the toast
        from .ending import Ending
        self.ending = Ending(self)        # the end screen (issue 33)
        self.record_job = None            # a game record being exported (export_record)
        self.notices.winner_shown.connect(self.ending.winner_shown)
        place_window(self, self.settings)
        self.side_panel.restore()
        reporter.autosave = self.files.autosave_now
        reporter.parent = lambda: self
        self.update_actions()

    # ------------------------------------------------------------------ the match
    @property
    def game(self) -> Game | None:
        return self.match.game if self.match else None

    @property
    def busy(self) -> bool:
        """An adjudication is running (the window takes no orders meanwhile)."""
        return self.adjudicator.busy

    @property
    def mode(self) -> str:
        return self.match.mode if self.match else "sandbox"

    @property
    def seat(self) -> int | None:
        """The seat at the table (None while the hotseat curtain is up)."""
        return self.table.seat if self.match else None

    @property
    def pending(self) -> dict:
        """The pending orders of the seat at the table ({order key: order})."""
        return self.match.pending_items(self.seat) if self.seat is not None else {}

    @property
    def world(self) -> World | None:
        if self.match is None:
            return None
        m = self.match
        w = self.game.history()[self.replay_index] if self.replay_index is not None else m.world
        if m.fog:                               # fog of war: only the seat's sight, even in replays
            return m.view_for(self.seat, w)
        if self.view_as and w is not None and m.world.phase != "over":
            return fogged_world(w, (self.view_as,))  # sandbox: the world as one nation sees it
        return w

    def fog_nations(self) -> tuple[str, ...] | None:
        """Whose sight the boards are drawn in (None: no fog, or the game is over)."""
        m = self.match
        if m is None or m.world.phase == "over":
            return None
        if m.fog:
            return tuple(m.seats[self.seat].nations) if self.seat is not None else ()
        return (self.view_as,) if self.view_as else None

    def set_view_as(self, nation: str | None) -> None:
        """Sandbox: show the world as ``nation`` sees it under fog of war (None: everything)."""
        self.view_as = nation if self.match is not None and not self.match.fog else None
        self.refresh()
        self.set_status(f"Viewing the world as {nation} sees it (fog of war)." if self.view_as else "Viewing everything.")

    def new_game(self, mode: str = "sandbox", adjacency: str = "strict", variant: str = "standard",
                 seats: list | None = None, seed: int = 0, pins: dict[int, str] | None = None,
                 confirmed: bool = False, fog: bool = False, deadline: int | None = None) -> bool:
        """Start a game (sandbox, or hotseat with ``seats``: Seat objects or dicts; ``pins``:
        {seat index: PIN}; ``deadline``: seconds per seat turn). Unsaved changes are asked
        about first unless ``confirmed``."""
        if not confirmed and not self.files.confirm_discard("start a new game"):
            return False
        if variant != "standard":     # a variant with errors never opens as a game (app.variants.playable)
            from app.variants.playable import variant_problem
            problem = variant_problem(variant)
            if problem:
                self.show_message("Cannot start the game", problem)
                self.set_status(f"Cannot start a game of {variant}: it has errors.", error=True)
                return False
        seats = [s if isinstance(s, Seat) else Seat(**s) for s in (seats or [])]   # sandbox: you and the computer
        match = Match.new(variant, adjacency, seed, seats, pins=pins, fog=fog and mode == "hotseat")
        match.table.deadline.seconds = deadline
        self.set_match(match, None)
        self.set_status(f"New {match.mode} game: {match.game.variant.title}, {adjacency} adjacency. "
                        + (self.entry.hint() if not match.private else ""))
        return True

    def set_game(self, game: Game, path: Path | None) -> None:
        """Show a game (its ``meta`` read as the match part)."""
        self.set_match(Match.from_game(game), path)

    def set_match(self, match: Match, path: Path | None, restored: bool = False) -> None:
        self.wait_idle()
        self.table.leave()
        replaced = self.match is not None
        self.match = match
        self.view_as = None
        self._editing = None
        self.files.attach(match, path, restored)
        self.replay_index = None
        self.results_panel.clear()
        self.results.shown = None
        self.navigation.last_visited = None
        art = map_art(match.game.variant)
        if self.scene is None or self.scene.art is not art:
            if self.view is not None:
                self.stack.removeWidget(self.view)
                self.view.deleteLater()
            if self.scene is not None:
                self.scene.cache.close()     # its board-image threads: the scene is not shown again
            self.scene = WorldScene(art, self.theme, self)
            self.scene.hovered.connect(self.hover_label.setText)
            self.view = WorldView(self.scene)
            self.view.clicked.connect(self.clicks.on_click)
            self.context_menus.watch(self.view)
            self.view.zoomed.connect(lambda s: self.zoom_label.setText(f"{s * 100:.0f}%"))
            self.stack.addWidget(self.view)
        self.stack.setCurrentWidget(self.view)
        self.entry = OrderEntry(match.world)
        self.table.start()
        self._style_submit()             # its width: the texts of this game's Submit button
        self.refresh()
        # the garbage of the game replaced goes (app/ui/collector.py); the first game replaces
        # none, and a full collection then only delayed the first frame (~20 ms at start)
        self.survivors.soon(whole=replaced)
        self.view.go_to_present()
        self.adjudicator.start_turn_view()
        if not self.table.up:
            self.view.setFocus()         # the keys (arrows pan, + and − zoom) go to the boards
        self.update_title()
        self.table_ui.attach()
        self.net.attached(match)          # another game replaced a table across computers: leave it

    def seat_nations(self) -> set[str] | None:
        if self.seat is None:
            return set()
        nations = set(self.match.nations_of(self.seat))
        return None if nations == set(self.match.game.variant.nation_names) else nations

    def _nation_icon(self, nation: str):
        return swatch(look_of(self.game.variant).colour(nation).name() if self.game else "#888888")

    # ------------------------------------------------------------------ rendering
    def refresh(self) -> None:
        """Redraw everything from the match (after a submission, undo, load, history move)."""
        w = self.world
        if w is None:
            return
        fog = self.fog_nations()
        self.scene.set_world(w, fog=fog)
        self.view.refresh_area()
        nations = self.seat_nations()
        self.entry.set_world(w, nations)
        self.orders_panel.console.setPlaceholderText(example_orders(w, nations) + "    Enter to add")
        self.pending_shown.sync()
        self.clicks.update_highlights()
        seats = self.match.nation_players() if not self.match.sandbox_seat else None
        civ = civ_of(self.match.world) is not None      # a civilisations seat knows whom it met only
        self.nations_panel.set_world(w, None if civ else seats, fog=fog,
                                     known=self.match.known_civilisations(self.seat) if civ
                                     else self.match.nations_in_play(),
                                     victory=self.match.victory_target)
        self.orders_panel.calendar = self.results_panel.model.calendar = self.game.calendar
        self.civ_ui.refresh()
        self.history.number = getattr(self.game, "number", int)     # a table joined late: the server's count
        self.history.set_count(len(self.game.submissions), self.replay_index)
        self.results.update()
        self.notices.update_banner(self.world, judged=bool(self.match.table.judging.ended))
        self.update_actions()
        self.table_ui.refresh()
        self.studio.refresh()
        self.survivors.soon()

    def clear_private(self) -> None:
        """Nothing of the seat that leaves the table stays on screen (the curtain comes down)."""
        self._editing = None
        self.context_menus.forget()
        if self.entry is not None:
            self.entry.cancel()
        self.pending_shown.clear()
        if self.scene is not None:
            self.clicks.update_highlights()
        if self.match is not None and self.match.fog:
            self.results.forget()         # it held the seat's sight of the results
        self.table_ui.clear_private()
        if self.match is not None and self.match.fog and self.scene is not None:
            self.refresh()                # fog of war: the boards show nobody's sight now
        self.hover_label.setText("")
        self.set_status("")
        self.studio.clear_private()
        QToolTip.hideText()

    def update_actions(self) -> None:
        m = self.match
        live = m is not None and self.replay_index is None and not self.busy
        seated = live and self.seat is not None and not self.table.up
        for a in self.commands.orders:
            a.setEnabled(seated)
        over = m is not None and m.world.phase == "over"
        self.commands.submit.setEnabled(seated and not over)
        if m is not None and m.private:
            last = all(m.is_done(i) or not m.has_work(i) for i in range(len(m.seats)) if i != self.seat)
            self.commands.submit.setText("Done — adjudicate" if last else "Done — pass on")
        else:
            self.commands.submit.setText("Submit" if m is None or m.adjudicates else "Done")
        self.commands.goto.setEnabled(m is not None)
        self.pending_shown.update_attention()
        self.commands.undo.setEnabled(live and m.can_undo())
        self.commands.redo.setEnabled(live and m.can_redo())
        for a in (self.commands.save, self.commands.save_as, self.commands.fit, self.commands.present, self.commands.zoom_in, self.commands.zoom_out):
            a.setEnabled(m is not None)
        if m is not None and not m.adjudicates:     # a table on a server is kept by its server
            self.commands.save.setEnabled(False)
            self.commands.save_as.setEnabled(False)
        self.orders_panel.setEnabled(seated)
        self.update_seat_label()
        self.studio.update_actions()

    def game_ended(self, ending) -> None:
        """The game ended by a draw or a concession agreed at the table (an
        ``app.match.ending.Ending``): say how (app/ui/table/ending_ui.py), then the end screen."""
        self.table_ui.ending.announce(ending)
        self.show_ending(ending.describe())

    def update_title(self) -> None:
        if self.match is None:
            self.setWindowTitle(APP_NAME)
            return
        f = self.files
        name = f.title_name()
        kind = self.mode.capitalize()
        if civ_of(self.match.world) is not None:     # RULES.md §10: a game of its own kind, not a sandbox
            kind = "Civilisations, " + ("hotseat" if self.match.private else "against the computer"
                                        if self.match.adjudicates else self.mode)     # across computers
        self.setWindowTitle(f"{name}{' •' if f.dirty else ''} — {kind}, "
                            f"{self.match.world.adjacency} adjacency — {APP_NAME}")

    def update_seat_label(self) -> None:
        """The toolbar's seat chip (hotseat: who is at the table, in the seat's colour) and
        the status bar's adjacency mode."""
        m = self.match
        if m is None:
            self.commands.seat_chip.setVisible(False)
            self.adjacency_label.setText("")
            return
        adj = m.world.adjacency
        self.adjacency_label.setText(f"{adj.capitalize()} adjacency")
        self.adjacency_label.setToolTip(ADJACENCY_TIPS.get(adj, ""))
        if not m.private or self.seat is None or self.table.up:
            self.commands.seat_chip.setVisible(False)
            return
        s = m.seats[self.seat]
        colour = QColor(s.colour)
        ink = "#111111" if colour.lightnessF() > 0.62 else "#ffffff"
        self.commands.seat_label.setText(self._seat_text(f"Playing: {s.name}"))
        self.commands.seat_label.setToolTip(f"{s.name} gives orders for {', '.join(s.nations)}")
        self.commands.seat_label.setStyleSheet(f"QLabel {{ background: {colour.name()}; color: {ink}; font-weight: bold;"
                                      " border-radius: 6px; padding: 4px 10px; margin-right: 6px; }")
        self.commands.seat_chip.setVisible(True)

    def _seat_text(self, text: str) -> str:
        """``text`` elided to the room left at the toolbar's end (a long seat name at 1366 px)."""
        self.commands.toolbar.layout().activate()       # the buttons where they are now (Submit's width may have changed)
        rules = self.commands.toolbar.widgetForAction(self.commands.rules)
        room = self.commands.toolbar.width() - (rules.geometry().right() if rules is not None else 0) - 48
        font = self.commands.seat_label.font()
        font.setBold(True)
        return QFontMetrics(font).elidedText(text, Qt.ElideRight, max(room, 90))

    def hold_prompt(self, dialog) -> None:
        """The open question (None: none), where tests find and answer it."""
        self.prompt = dialog

    def set_status(self, text: str, error: bool = False) -> None:
        self.status_label.show_message(text, "error" if error else "plain")
        self.last_status = text
        self.message.emit(text)

    def show_message(self, title: str, text: str, icon=QMessageBox.Warning) -> QMessageBox:
        """A window-modal message that does not block the event loop."""
        box = QMessageBox(icon, title, text, QMessageBox.Ok, self)
        box.setWindowModality(Qt.WindowModal)
        box.open()
        self.last_message = text
        self._box = box
        return box

    # ------------------------------------------------------------------ pending orders
    def add_order(self, order) -> bool:
        before = self.match.pending_order(order_key(order), self.seat)
        try:
            order = self.match.add_order(order, self.seat)
        except OrderRefused as e:
            self.set_status(e.reason, error=True)
            return False
        replaced = before is not None
        self._orders_changed([(before, order)])
        self.set_status(("Replaced: " if replaced else "Order: ") + format_order(order) + "   — " + self.entry.hint())
        return True

    def _orders_changed(self, changes=None) -> None:
        """The seat's pending orders changed: ``changes`` (before, after) pairs, one per
        order given, replaced or taken back; None: anything may have changed."""
        if changes is None:
            self.pending_shown.sync()
        for before, after in changes or ():
            self.pending_shown.change(before, after)
        self.files.changed()
        self.update_actions()
        self.studio.orders_changed()

    def delete_order(self, key) -> None:
        o = self.match.remove_order(key, self.seat) if self.seat is not None else None
        if o is not None:
            self._orders_changed([(o, None)])
            self.set_status("Deleted: " + format_order(o))

    def edit_order(self, key, text: str) -> None:
        """Put an order into the console to change it. The order stays until the console's
        order replaces it: Esc (or a right click) leaves it as it was."""
        if self.seat is None or key not in self.pending:
            return
        self._editing = key
        self.orders_panel.console.setText(text)
        self.orders_panel.console.setFocus()
        self.orders_panel.show_feedback("Editing: change the order and press Enter; Esc keeps it as it was.", True)
        self.set_status("Edit the order in the console and press Enter (Esc keeps it as it was).")

    def show_mode(self) -> None:
        """The toolbar's checked verb is the order being clicked in (Move, Support, Convoy)."""
        on = MODE_ACTIONS.get(self.entry.stage if self.entry is not None else "idle")
        for name in ("move", "support", "convoy"):
            getattr(self.commands, name).setChecked(name == on)

    def cancel_entry(self) -> None:
        """Esc: drop the order being clicked in, and an edit (its order stays)."""
        self.clicks.cancel_entry()

    def _drop_edit(self) -> None:
        """The order being edited in the console stays as it was (Esc, a right click)."""
        if self._editing is not None:
            self._editing = None
            self.orders_panel.console.setText("")
            self.orders_panel.show_feedback("Edit cancelled: the order is kept.", True)

    def console_order(self, text: str) -> bool:
        if self.match is None or self.replay_index is not None or self.busy or self.seat is None:
            return False
        try:
            order = self.match.read_order(text, self.seat)
            before = self.match.pending_order(order_key(order), self.seat)
            order = self.match.add_order(order, self.seat)
        except OrderRefused as e:
            self.orders_panel.show_feedback(e.reason, False)
            self.set_status(f"Not understood: {e.reason}" if e.kind == "notation" else e.reason, error=True)
            return False
        edited, self._editing = self._editing, None
        changes = [(before, order)]
        if edited is not None and edited != order_key(order):   # the edit now orders another unit
            changes.append((self.match.remove_order(edited, self.seat), None))
        self._orders_changed([c for c in changes if c != (None, None)])
        self.set_status("Order: " + format_order(order) + "   — " + self.entry.hint())
        self.orders_panel.console.clear()
        self.orders_panel.show_feedback("Added: " + format_order(order), True)
        return True

    def goto_board(self, key: BoardKey) -> None:
        if self.view is None:
            return
        self.view.note_user_move()          # the player asked for this board (N, Ctrl+G, a list)
        across = self.view.viewport().width() / (self.view.scale_factor() * self.scene.layout.board_w)
        if across > 4:
            self.view.show_board(key, 2.2)
        elif (item := self.scene.items_by_key.get(key)) is not None:
            self.view.centerOn(item.sceneBoundingRect().center())

    # ------------------------------------------------------------------ submitting
    def submit(self) -> None:
        m = self.match
        if m is None or self.busy or self.replay_index is not None or self.seat is None:
            return
        if not self.navigation.confirm_missing():
            return
        if not m.adjudicates:            # a table across computers: its server adjudicates
            self.net.done()
            return
        if m.private:
            nxt = m.done(self.seat)
            self.files.changed()
            if nxt is not None:
                self.table.show_curtain(nxt)
                return
        self.adjudicator.start()

    def wait_idle(self) -> None:
        """Wait for the computer's suggestions and a running adjudication, keeping their
        results (before New, Open, Quit; what a test or a script does)."""
        self.commands.bot_menu.wait()
        self.adjudicator.finish()

    def show_ending(self, headline: str):
        """The end screen: ``headline`` says how the game ended ("France wins", "Draw:
        England, France, Russia"), with the chart, the story and the record's export."""
        return self.ending.show(headline)

    # ------------------------------------------------------------------ undo and history
    def undo(self) -> None:
        if self.match is None or self.busy or not self.match.can_undo():
            return
        shown = self.view.boards_in_view()
        self.match.undo()
        left = len(self.game.submissions)
        now = "the start of the game" if left == 0 else f"the world after submission {left}"
        self._after_undo_redo(f"Undone: submission {left + 1} is taken back, to {now}; its orders are "
                              "pending again (Ctrl+Shift+Z redoes).")
        self.view.after_boards_went(shown)      # never a view of the empty space they left
        self.adjudicator.start_turn_view()

    def redo(self) -> None:
        if self.match is None or self.busy or not self.match.can_redo():
            return
        self.match.redo()
        self._after_undo_redo(f"Redone: submission {len(self.game.submissions)}.")
        made = [k for k in new_boards_at(self.game, len(self.game.submissions)) if k in self.scene.items_by_key]
        self.view.frame_boards(made, only_if_hidden=True)     # the boards it made back, in view
        self.adjudicator.start_turn_view()

    def _after_undo_redo(self, text: str) -> None:
        self.replay_index = None
        self.notices.hide_toast()         # it told of a submission that is no longer the last
        self.refresh()                    # the results list shows the submission now last
        self.files.changed()
        self.set_status(text)

    def show_history(self, index: int) -> None:
        if self.match is None or self.busy:
            return
        n = len(self.game.submissions)
        was_replaying = self.replay_index is not None
        self.replay_index = None if index >= n else index
        self.refresh()
        self.history.update_label()
        number = self.history.number
        if self.replay_index is not None:
            self.set_status(f"Replay: the world after submission {number(index)} of {number(n)}. "
                            "Drag to the right end to play on.")
        elif was_replaying:     # else the replay's words would stay beside a bar saying "Present"
            self.set_status(f"Back at the present, after submission {number(n)}: play on.")

    # ------------------------------------------------------------------ files (see files.py)
    def new_game_dialog(self) -> None:
        if not self.files.confirm_discard("start a new game"):
            return
        from ..dialogs.new_game import NewGameDialog
        dlg = NewGameDialog(self, self.files.recent.list())
        if dlg.exec() != NewGameDialog.Accepted:
            return
        if dlg.open_path:
            self.files.open_game(dlg.open_path, confirmed=True)
            return
        s = dlg.settings()
        if s.get("watch"):
            self.table_ui.start_watching(s["variant"], s["watch"], adjacency=s["adjacency"], confirmed=True)
            return
        if s.get("start") == "civilisations":
            self.civ_ui.start(s)
            return
        if s.get("start", "standard") != "standard":
            self.start_thrown(s)
            return
        self.new_game(s["mode"], s["adjacency"], s["variant"], s["seats"], pins=s["pins"], confirmed=True,
                      fog=s.get("fog", False), deadline=s.get("deadline"))

    def start_thrown(self, s: dict, seed: int | None = None) -> None:
        """A thrown start (app.ui.winks): the throwing window, or a random one straight to play;
        the played-out game becomes this window's match."""
        import random
        from ..winks import open_thrown_start, random_thrown_game
        seed = random.randrange(1, 10**6) if seed is None else seed
        # hotseat: one nation per seat; a sandbox: the variant's first ones
        hotseat = s.get("mode", "hotseat" if s["seats"] else "sandbox") == "hotseat"
        nations = [seat.nations[0] for seat in s["seats"]] if hotseat else s["thrown_players"]

        def play(game: Game, limit: int | None = s.get("deadline")) -> None:
            match = Match(game, s["seats"], pins=s["pins"], fog=s.get("fog", False))
            match.table.deadline.seconds = limit          # per season (the seed suggests 5 minutes)
            self.set_match(match, None)
            first = game.world.active_boards()[0]
            self.set_status(f"Thrown start (seed {seed}): {first}, no centre owned; home centres are "
                            f"those owned after the first Winter.")
        if s["start"] == "random-thrown":
            play(random_thrown_game(nations if isinstance(nations, int) else len(nations), seed, s["variant"],
                                    s["adjacency"], None if isinstance(nations, int) else nations))
        else:
            self.thrown_window = open_thrown_start(self, nations, seed, lambda g: play(g, self.thrown_window.season_limit),
                                                   s["variant"], s["adjacency"], [seat.name for seat in s["seats"]] or None,
                                                   season_limit=s.get("deadline"))

    def open_game(self, path) -> bool:
        return self.files.open_game(path)

    def save_as(self, path: str | None = None) -> bool:
        return self.files.save_as(path)

    @property
    def dirty(self) -> bool:
        return self.files.dirty

    # ------------------------------------------------------------------ misc
    def _style_submit(self) -> None:
        style_submit_button(self.commands, self.theme, private=self.match is not None and self.match.private)

    def toggle_theme(self) -> None:
        self.theme = DARK if self.commands.dark.isChecked() else LIGHT
        self.settings.setValue("theme", self.theme.name)
        apply_palette(QApplication.instance(), self.theme)
        self._style_submit()
        apply_icons(self.commands, self.theme)
        if self.scene is not None:
            self.scene.set_theme(self.theme)
            self.view.viewport().update()
        tutorial = getattr(self, "tutorial", None)
        if tutorial is not None and not tutorial.finished:
            tutorial.card.restyle(self.theme)
        self.studio.set_theme(self.theme)

    def show_rules(self) -> None:
        from ..dialogs.rules import RulesDialog
        self._rules = RulesDialog(self)
        self._rules.show()

    def show_about(self) -> None:
        from ..dialogs.about import AboutDialog
        self._about = AboutDialog(self)
        self._about.show()

    def show_keys(self) -> None:
        self.show_message("Keyboard shortcuts", keys_html(), QMessageBox.Information)

    @guarded
    def closeEvent(self, event) -> None:
        if not self.files.confirm_discard("quit") or not self.net.hosting.may_close():
            event.ignore()
            return
        self.table_ui.closing()           # no next watched submission; a running one is kept
        self.net.closing()                # no network thread or hosted server outlives the window
        self.files.close()
        remember_window(self, self.settings)
        if self.scene is not None:
            self.scene.cache.close()      # no board image arrives after the window has gone
        if reporter.autosave == self.files.autosave_now:
            reporter.autosave = reporter.parent = None
        super().closeEvent(event)

    @guarded
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.match is not None and self.view is not None:
            # the view's viewport takes its new size once the layout has run: place them then
            QTimer.singleShot(0, self, self.notices.place)
