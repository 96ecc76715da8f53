"""The studio's parts held together for the main window (see the package docstring)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMainWindow

from app.engine import BoardKey

from ..guard import guarded
from ..action import make_action
from .chart import ChartPane
from .coach import Coach
from .notes import NotesPane, add_plan_keys
from .plans import PlansTool
from .preview import PreviewController
from .services import StudioServices


def _action(parent, text: str, slot, shortcut=None, tip: str = "", checkable: bool = False) -> QAction:
    """The window's kind of action (:func:`app.ui.action.make_action`); a checkable one
    follows ``toggled``, so that setting it from code acts as a click does."""
    if not checkable:
        return make_action(parent, text, slot, shortcut, tip)
    a = make_action(parent, text, lambda *_: None, shortcut, tip, checkable=True)
    a.toggled.connect(slot)
    return a


class Studio(QObject):
    def __init__(self, parent: QMainWindow, services: StudioServices, results_dock: QDockWidget,
                 nations_dock: QDockWidget, cancel: QAction):
        """``parent``: the main window (the Studio menu and the docks go on it, tabbed with
        ``results_dock``, ``nations_dock`` left in front); ``cancel``: the window's Esc action
        (it leaves the plans tool too)."""
        super().__init__(parent)
        self.main = parent
        w = self.s = services
        self._match = None
        self.preview = PreviewController(parent, services)
        self.plans = PlansTool(parent, services)
        self.plans.changed.connect(w.files_changed)
        self.notes = NotesPane(w.match)
        self.notes.written.connect(w.files_changed)
        self.notes.refused.connect(lambda text: w.set_status(text, error=True))
        self.chart = ChartPane(services)
        self.coach = Coach(parent, services, self.plans)
        self._results_dock, self._nations_dock = results_dock, nations_dock
        self.editor_dialog = None
        self.paste_dialog = None
        self._editor_starting = False      # the open editor itself starts a sandbox from its position
        self.notes_dock = self._dock("Notes", "notes", self.notes)
        self.chart_dock = self._dock("Centres", "centres", self.chart)
        self.chart_dock.visibilityChanged.connect(self.chart.dock_shown)
        self.coach_dock = self._dock("Coach", "coach", self.coach.pane)
        self.docks = (self.notes_dock, self.chart_dock, self.coach_dock)
        self.notes.draw_button.toggled.connect(lambda on: self.a_draw.setChecked(on))
        self.notes.colours.idClicked.connect(self.plans.set_colour)
        self.notes.take_back_button.clicked.connect(self.plans.take_back)
        self.notes.clear_button.clicked.connect(self.plans.clear)
        self._build_actions()
        add_plan_keys(parent, self.plans, self.notes)
        self.set_theme(w.theme())
        cancel.triggered.connect(lambda: self.a_draw.setChecked(False))      # Esc leaves the plans tool

    def _dock(self, title: str, name: str, widget) -> QDockWidget:
        """A dock beside the nations and results (the window still fits 768 pixels)."""
        w = self.main
        d = QDockWidget(title, w)
        d.setObjectName(name)
        d.setWidget(widget)
        d.setFeatures(QDockWidget.DockWidgetMovable)     # not floatable: the curtain must cover it
        w.addDockWidget(Qt.RightDockWidgetArea, d)
        w.tabifyDockWidget(self._results_dock, d)
        self._nations_dock.raise_()
        return d

    def _build_actions(self) -> None:
        w = self.main
        self.a_preview = _action(w, "&Preview outcomes", self.preview.set_enabled, "O",
                                 "Show on the boards what would happen if the orders were submitted now", True)
        self.a_draw = _action(w, "&Draw plans", self._draw_toggled, "A",
                              "Draw arrows and rings on the boards (drag, click; Shift too) — never orders", True)
        self.a_paste = _action(w, "Pa&ste orders…", self.open_paste, "Ctrl+Shift+V",
                               "Paste many orders at once, in our notation or the classic short form")
        self.a_editor = _action(w, "Position &editor…", lambda: self.open_editor(), "Ctrl+E",
                                "Set up any position from the board in view; start a sandbox or export a scenario")
        self.a_from_board = _action(w, "New sandbox from the &board in view", lambda: self.new_sandbox_from(),
                                    None, "A new sandbox game from the board in view (variant and adjacency kept)")
        # Not the docks' own toggle actions: a dock that cannot be closed greys its toggle out,
        # and it stays ticked while the dock sits behind another tab. These bring it forward.
        self.a_chart = _action(w, "&Centre chart", lambda: self.bring_forward(self.chart_dock), None,
                               "Bring the Centres tab (the centre chart) to the front of the side panel")
        self.a_notes = _action(w, "&Notes and plans", lambda: self.bring_forward(self.notes_dock), None,
                               "Bring the Notes tab (notes and drawn plans) to the front of the side panel")
        self.a_coach = _action(w, "What would &Hard do?", self.ask_coach, None,
                               "The Coach tab: the Hard computer's orders for your nation, each with its reason")
        menu = w.menuBar().addMenu("&Studio")
        help_menu = next((a for a in w.menuBar().actions() if a.menu() is not None and a.text() == "&Help"), None)
        if help_menu is not None:               # before Help, as menus go
            w.menuBar().insertMenu(help_menu, menu)
        for a in (self.a_preview, self.a_draw, self.a_paste):
            menu.addAction(a)
        menu.addSeparator()
        for a in (self.a_editor, self.a_from_board):
            menu.addAction(a)
        menu.addSeparator()
        for a in (self.a_chart, self.a_notes, self.a_coach):
            menu.addAction(a)
        self.menu = menu
        self.seat_actions = (self.a_preview, self.a_draw, self.a_paste, self.a_editor, self.a_from_board)

    def bring_forward(self, dock: QDockWidget) -> None:
        """Show ``dock``'s tab in front (the side panel shown first if F9 had hidden it)."""
        self.s.show_side_panel()
        dock.show()
        dock.raise_()

    # -- what the window tells the studio ------------------------------------------------------
    def refresh(self) -> None:
        """The world on screen, the seat or the match changed."""
        w = self.s
        if w.match() is not self._match:
            self._match = w.match()
            self.notes.forget()
            self.preview.clear()
            self._close_dialogs()
        seat = self.plans.seat()
        self.notes.show_seat(seat)
        self.plans.refresh()
        if seat is None:
            self.plans.set_drawing(False)
        self.preview.changed()
        self.chart.changed()
        self.coach.refresh()
        self.update_actions()

    def orders_changed(self) -> None:
        self.preview.changed()

    def clear_private(self) -> None:
        """The seat leaves the table (the curtain comes down): nothing of it stays on screen."""
        self.notes.show_seat(None)
        self.plans.set_drawing(False)
        self.a_draw.setChecked(False)
        self.plans.clear_screen()
        self.preview.clear()
        self.chart.forget()
        self.coach.clear()
        self._close_dialogs()

    def update_actions(self) -> None:
        w = self.s
        seated = w.match() is not None and w.seat() is not None and not w.curtain_up()
        live = seated and not w.replaying() and not w.busy()
        self.a_paste.setEnabled(live and w.match().world.phase != "over")
        self.a_preview.setEnabled(w.match() is not None)
        self.a_draw.setEnabled(seated)
        self.a_editor.setEnabled(seated and not w.busy())
        self.a_from_board.setEnabled(seated and not w.busy())
        self.a_coach.setEnabled(seated and not w.busy() and not w.replaying())
        self.coach.update_actions()
        if w.busy():
            self.preview.clear()             # gone on submit

    def set_theme(self, theme) -> None:
        self.preview.set_theme(theme)
        self.chart.canvas.update()
        a = theme.accent       # the plans tool's Draw button shows plainly when it is on
        self.notes.draw_button.setStyleSheet(
            f"QToolButton:checked {{ background: rgba({a.red()}, {a.green()}, {a.blue()}, 70);"
            f" border: 1px solid {a.name()}; border-radius: 4px; }}")

    def ask_coach(self) -> None:
        """Bring the Coach tab forward and ask it about the nation chosen there."""
        self.bring_forward(self.coach_dock)
        self.coach.pane.ask_button.click()

    def board_menu(self, menu, key: BoardKey) -> None:
        """Entries of the board's right-click menu."""
        if self.s.seat() is None or self.s.curtain_up() or self.s.busy():
            return
        menu.addSeparator()
        a = menu.addAction(f"New sandbox from board {key}")
        a.triggered.connect(lambda _=False, k=key: self.new_sandbox_from(k))
        e = menu.addAction(f"Edit position from board {key}…")
        e.triggered.connect(lambda _=False, k=key: self.open_editor(k))

    def _close_dialogs(self) -> None:
        for d in (self.editor_dialog, self.paste_dialog):
            if d is not None:
                getattr(d, "close_unasked", d.close)()     # the seat has left: nothing of it may stay open
                d.deleteLater()              # a closed dialog keeps no seat's text (nor its undo history)
        self.editor_dialog = self.paste_dialog = None

    # -- the studio's verbs -----------------------------------------------------------------------
    @guarded
    def _draw_toggled(self, on: bool) -> None:
        self.plans.set_drawing(on)
        if self.notes.draw_button.isChecked() != self.plans.drawing:
            self.notes.draw_button.setChecked(self.plans.drawing)
        if on and not self.plans.drawing:
            self.a_draw.setChecked(False)
        if self.plans.drawing:
            self.notes_dock.raise_()
            self.s.set_status("Drawing plans: drag from one place to another for an arrow, click for a ring; "
                              "1–4 colour, Backspace takes back, A or Esc stops. Plans are never orders.")

    def board_in_view(self) -> BoardKey | None:
        """The board at the view's centre, else the first active board."""
        w = self.s
        if w.world() is None:
            return None
        if w.view() is not None:
            item = w.scene().item_at(w.view().mapToScene(w.view().viewport().rect().center()))
            if item is not None and item.key in w.world().boards:
                return item.key
        return w.world().active_boards()[0]

    def _editor_for(self, key: BoardKey | None):
        from app.match.editor import EditRefused, PositionEditor
        w = self.s
        key = key or self.board_in_view()
        if key is None or w.world() is None or key not in w.world().boards:
            return None, key
        try:
            # the world as the seat at the table sees it: under fog, nothing it cannot see;
            # in a civilisations game, no civilisation it does not know
            return PositionEditor.for_seat(w.match(), w.seat(), key, w.world()), key
        except EditRefused as e:
            w.set_status(f"That board cannot be edited: {e}", error=True)
            return None, key

    @guarded
    def open_editor(self, key: BoardKey | None = None):
        from .editor import PositionEditorDialog
        if self.s.seat() is None or self.s.curtain_up():
            return None
        editor, key = self._editor_for(key)
        if editor is None:
            return None
        open_now = self.editor_dialog
        if open_now is not None and open_now.isVisible() and not open_now.close():
            open_now.raise_()                # the player kept editing the position already open
            return open_now
        self._close_dialogs()
        self.editor_dialog = PositionEditorDialog(self.main, editor, str(key), theme=lambda: self.s.theme(),
                                                  start_match=self.start_match)
        self.editor_dialog.show()
        return self.editor_dialog

    def may_leave(self) -> bool:
        """Before the game goes (New, Open, Quit, a table joined): an open editor with changes
        asks whether to drop them (they live nowhere else); False when the player keeps
        editing."""
        d = self.editor_dialog
        if d is None or self._editor_starting or not d.isVisible():
            return True
        return d.close()

    @guarded
    def new_sandbox_from(self, key: BoardKey | None = None) -> bool:
        editor, key = self._editor_for(key)
        if editor is None:
            return False
        return self.start_match(editor.start_match(), f"New sandbox from board {key} "
                                f"({editor.variant.title}, {editor.position.adjacency} adjacency).")

    def start_match(self, match, status: str, from_editor: bool = False) -> bool:
        """Show ``match`` (a new sandbox) in the window, unsaved changes asked about first
        (``from_editor``: the open editor's own position, which the new game keeps)."""
        w = self.s
        self._editor_starting = from_editor
        try:
            if not w.confirm_discard("start a new sandbox"):
                return False
        finally:
            self._editor_starting = False
        w.set_match(match, None)
        w.set_status(status + " " + w.entry_hint())
        return True

    @guarded
    def open_paste(self):
        from .paste import PasteDialog
        w = self.s
        if w.match() is None or w.seat() is None or w.curtain_up():
            return None
        if self.paste_dialog is None:
            self.paste_dialog = PasteDialog(self.main, self._ordering)
            self.paste_dialog.pasted.connect(self.after_pasted)
        self.paste_dialog.show()
        self.paste_dialog.raise_()
        return self.paste_dialog

    def _ordering(self):
        """The match and the seat giving orders now (None: nobody can: adjudicating, a
        replay, the curtain down)."""
        w = self.s
        if w.match() is None or w.seat() is None or w.busy() or w.replaying() or w.curtain_up():
            return None
        return w.match(), w.seat()

    def after_pasted(self, report) -> None:
        w = self.s
        w.orders_changed()
        w.set_status(f"Pasted: {report.summary()}.")
