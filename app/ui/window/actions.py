"""The window's actions, menus and toolbar: what each command is called, its key and its tip.
The slots are the window's; this module only wires them up."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import QLabel, QSizePolicy, QToolBar, QWidget

from .bots_ui import BotMenu
from .palette_ui import add_palette_action
from .file_menus import add_export_actions
from ..multiverse.fog_art import fill_view_as_menu
from ..icons import icon
from ..panels.history import add_history_keys, add_replay

# The toolbar's actions and their icons (app/ui/icons/NAME.svg).
ICONS = {"a_new": "new", "a_open": "open", "a_save": "save", "a_hold": "hold", "a_move": "move",
         "a_support": "support", "a_convoy": "convoy", "a_disband": "disband", "a_submit": "submit",
         "a_undo": "undo", "a_redo": "redo", "a_next": "next", "a_fit": "fit", "a_present": "present",
         "a_zoom_in": "zoom-in", "a_zoom_out": "zoom-out", "a_dark": "dark", "a_rules": "rules", "a_about": "about"}
# Every text a toolbar button can show: its width is that of the longest, so that nothing
# after it moves when the text changes (the hotseat's Done button, the attention counter).
SUBMIT_TEXTS = ("Submit", "Done — pass on", "Done — adjudicate")     # sandbox; hotseat
NEXT_TEXTS = ("Next board", "Next board (888)")


def make_action(w, text, slot, shortcut=None, tip="", checkable=False) -> QAction:
    a = QAction(text, w)
    if shortcut:
        keys = shortcut if isinstance(shortcut, list) else [shortcut]
        seqs = []
        for k in keys:
            seqs.extend(QKeySequence.keyBindings(k) if isinstance(k, QKeySequence.StandardKey) else [QKeySequence(k)])
        a.setShortcuts(seqs)
        a.setShortcutContext(Qt.WindowShortcut)
    if tip:
        sc = a.shortcut().toString(QKeySequence.NativeText)
        a.setToolTip(f"{tip} ({sc})" if sc else tip)
        a.setStatusTip(tip)
    a.setCheckable(checkable)
    a.triggered.connect(slot)
    w.addAction(a)
    return a


def _open_preview(w) -> None:
    """The variant preview, imported when first opened (it reads SVGs with shapely)."""
    from ..preview import open_preview_dialog
    from ..preview.window import open_sandbox
    open_preview_dialog(w, play=lambda folder: open_sandbox(type(w), folder))


def build_actions(w) -> None:
    """Create ``w.a_*`` actions, the menu bar and the toolbar of the main window ``w``."""
    f = w.files
    w.a_new = make_action(w, "&New game…", w.new_game_dialog, QKeySequence.New, "Start a new game")
    w.a_open = make_action(w, "&Open…", f.open_dialog, QKeySequence.Open, "Open a saved game")
    w.a_save = make_action(w, "&Save", f.save, QKeySequence.Save, "Save the game")
    w.a_save_as = make_action(w, "Save &As…", f.save_as, QKeySequence.SaveAs, "Save the game under a new name")
    w.a_quit = make_action(w, "&Quit", w.close, QKeySequence.Quit, "Quit")
    w.a_preview = make_action(w, "Preview &variant…", lambda: _open_preview(w), None,
                       "Check and preview a variant's folder; it reloads as you save its files")
    w.a_undo = make_action(w, "&Undo submission", w.undo, QKeySequence.Undo,
                    "Take back the last submission; its orders come back as pending orders (sandbox)")
    w.a_redo = make_action(w, "&Redo submission", w.redo, ["Ctrl+Shift+Z", "Ctrl+Y"], "Put the undone submission back")
    w.a_submit = make_action(w, "Submit", w.submit, ["Ctrl+Return", "Ctrl+Enter"], "Adjudicate the orders")
    w.a_hold = make_action(w, "Hold", lambda: w.key_order("hold"), "H", "Order the selected unit to hold")
    w.a_move = make_action(w, "Move", lambda: w.key_order("move"), "M", "Show where the selected unit can move")
    w.a_support = make_action(w, "Support", lambda: w.key_order("support"), "S",
                       "Support: then click the supported unit and its destination")
    w.a_convoy = make_action(w, "Convoy", lambda: w.key_order("convoy"), "C", "Convoy: then click the army and its destination")
    w.a_disband = make_action(w, "Disband", lambda: w.key_order("disband"), "D", "Disband the selected unit (Winter or retreats)")
    w.a_cancel = make_action(w, "Cancel", w.cancel_entry, "Esc", "Cancel the order being entered")
    def moved(act):
        """A move of the view the player asked for (WorldView.note_user_move)."""
        return lambda *_: w.view and (w.view.note_user_move(), act(w.view))
    w.a_fit = make_action(w, "Fit all", moved(lambda v: v.fit_all()), "F", "Show the whole multiverse")
    w.a_present = make_action(w, "Present", moved(lambda v: v.go_to_present()), ["Home", "P"], "Go to the active boards")
    w.a_zoom_in = make_action(w, "Zoom in", moved(lambda v: v.zoom_by(1.25)), QKeySequence.ZoomIn, "Zoom in")
    w.a_zoom_out = make_action(w, "Zoom out", moved(lambda v: v.zoom_by(0.8)), QKeySequence.ZoomOut, "Zoom out")
    w.a_next = make_action(w, "Next board", w.next_attention, "N",
                    "Go to the next active board with units lacking orders, retreats, builds or disbands")
    w.a_goto = make_action(w, "Go to board…", w.go_to_board_dialog, "Ctrl+G", "Go to a board by its name, e.g. 3:F1905")
    w.a_dark = make_action(w, "Dark theme", w.toggle_theme, "Ctrl+T", "Switch between light and dark", checkable=True)
    w.a_rules = make_action(w, "Rules", w.show_rules, QKeySequence.HelpContents, "How 5D Diplomacy is played")
    w.a_keys = make_action(w, "Keyboard shortcuts", w.show_keys, None, "List the keyboard shortcuts")
    w.a_about = make_action(w, "&About 5D Diplomacy", w.show_about, None, "Version, licences and credits")
    w.a_tutorial = make_action(w, "&Tutorial", lambda: _start_tutorial(w), None,
                        "Play your first moves with a guide: orders, support, time travel, undo")
    w.a_undo.setIconText("Undo")
    w.a_redo.setIconText("Redo")
    w.order_actions = (w.a_hold, w.a_move, w.a_support, w.a_convoy, w.a_disband)
    for a in (w.a_move, w.a_support, w.a_convoy):   # checked while that order is being clicked in
        a.setCheckable(True)

    mb = w.menuBar()
    file_menu = m = mb.addMenu("&File")
    m.addAction(w.a_new)
    m.addAction(w.a_open)
    w.recent_menu = m.addMenu("Open &recent")
    w.recent_menu.aboutToShow.connect(f.fill_recent_menu)
    m.addSeparator()
    m.addAction(w.a_save)
    m.addAction(w.a_save_as)
    add_export_actions(w, m)          # File → Export ▸, Print ▸ (h17: export.py, printing.py)
    add_replay(w)                     # the history bar's play button follows the new boards (h17)
    m.addSeparator()
    m.addAction(w.a_preview)
    m.addSeparator()
    m.addAction(w.a_quit)
    w.file_menu = file_menu
    m = mb.addMenu("&Game")
    for a in (w.a_submit, w.a_undo, w.a_redo):
        m.addAction(a)
    m.addSeparator()
    for a in w.order_actions + (w.a_cancel,):
        m.addAction(a)
    w.bot_menu = BotMenu(w, m)
    m = w.view_menu = mb.addMenu("&View")
    for a in (w.a_fit, w.a_present, w.a_zoom_in, w.a_zoom_out, w.a_next, w.a_goto):
        m.addAction(a)
    add_history_keys(w, m)           # Ctrl+PgUp/PgDn, Ctrl+Home/End through the submissions
    m.addSeparator()
    w.view_as_menu = m.addMenu("View &as…")            # sandbox: a nation's fog of war (fog_art)
    w.view_as_menu.aboutToShow.connect(lambda: fill_view_as_menu(w, w.view_as_menu))
    m.addAction(w.a_dark)
    add_palette_action(w, m)         # colour-vision-safe colours, letters on close nations' units
    m = mb.addMenu("&Help")
    m.addAction(w.a_tutorial)
    m.addAction(w.a_rules)
    m.addAction(w.a_keys)
    m.addSeparator()
    m.addAction(w.a_about)

    tb = QToolBar("Main")
    tb.setObjectName("main-toolbar")
    tb.setMovable(False)
    # Icons with their words under them: a newcomer reads the verbs, and the row still fits 1366 px.
    tb.setToolButtonStyle(Qt.ToolButtonTextUnderIcon)
    tb.setIconSize(QSize(20, 20))
    w.addToolBar(tb)
    for group in ((w.a_new, w.a_open, w.a_save), w.order_actions, (w.a_submit, w.a_undo, w.a_redo),
                  (w.a_next, w.a_fit, w.a_present, w.a_zoom_in, w.a_zoom_out), (w.a_rules,)):
        # (the theme switch lives in View and on Ctrl+T: its room is the seat chip's at 1366 px)
        for a in group:
            tb.addAction(a)
        tb.addSeparator()
    spacer = QWidget()
    spacer.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
    tb.addWidget(spacer)
    # Who is at the table (hotseat) and the adjacency mode, at the toolbar's right end.
    w.seat_label = QLabel("")
    w.seat_label.setObjectName("seat-label")
    w.seat_label.setMaximumHeight(30)
    w.seat_chip = tb.addWidget(w.seat_label)    # a toolbar widget is shown and hidden by its action
    w.seat_chip.setVisible(False)
    w.toolbar = tb
    apply_icons(w)


def _start_tutorial(w) -> None:
    from ..tutorial import Tutorial
    Tutorial.start(w)


def apply_icons(w) -> None:
    """The toolbar's and menus' icons in the theme's colours (again after a theme switch)."""
    t = w.theme
    muted = QColor((t.text.red() + t.window.red()) // 2, (t.text.green() + t.window.green()) // 2,
                   (t.text.blue() + t.window.blue()) // 2)
    for attr, name in ICONS.items():
        colour, off = ("white", "#eef1f4") if attr == "a_submit" else (t.text, muted)  # white on the accent
        getattr(w, attr).setIcon(icon(name, colour, off))


def steady_width(w, action, texts) -> None:
    """Give ``action``'s toolbar button the width of its widest text (see SUBMIT_TEXTS)."""
    btn = w.toolbar.widgetForAction(action)
    if btn is None:
        return
    btn.setMinimumWidth(0)
    now, widest = action.text(), 0
    for text in texts:
        action.setText(text)
        btn.ensurePolished()
        widest = max(widest, btn.sizeHint().width())
    action.setText(now)
    btn.setMinimumWidth(widest)


def style_submit_button(w) -> None:
    btn = w.toolbar.widgetForAction(w.a_submit)
    if btn is not None:
        # white on the accent; the dark theme's lighter accent is darkened to keep the words legible
        bg = w.theme.accent if w.theme.accent.lightnessF() < 0.5 else w.theme.accent.darker(140)
        btn.setStyleSheet("QToolButton { font-weight: bold; padding: 3px 14px; border-radius: 5px;"
                          f" background: {bg.name()}; color: white; }}"
                          "QToolButton:disabled { background: #9aa5b1; }")
    # the verb being clicked in (checked) stands out in both themes; Fusion's own sunken look barely shows
    a = w.theme.accent
    w.toolbar.setStyleSheet(f"QToolButton:checked {{ background: rgba({a.red()}, {a.green()}, {a.blue()}, 60);"
                            f" border: 1px solid {a.name()}; border-radius: 5px; }}")
    # the texts this game's Submit button can show (a sandbox never says Done)
    steady_width(w, w.a_submit, SUBMIT_TEXTS[1:] if w.match is not None and w.match.private else SUBMIT_TEXTS[:1])
    steady_width(w, w.a_next, NEXT_TEXTS)


KEYS = [("Click a unit", "select it; its targets light up"), ("H / M / S / C / D", "hold / move / support / convoy / disband"),
        ("Esc, right click", "cancel (an edit in the console keeps its order)"),
        ("Right click", "a unit: its orders; a board: go to it, copy its name"), ("Ctrl+Enter", "submit (hotseat: done)"),
        ("Ctrl+Z", "undo the last submission (its orders come back)"), ("Ctrl+Shift+Z, Ctrl+Y", "redo"),
        ("Wheel, +/−, pinch", "zoom"), ("Drag, arrow keys", "pan"), ("F", "fit all"), ("N", "next board needing attention"), ("Ctrl+G", "go to a board by name"), ("Home / P", "go to the present"),
        ("Ctrl+S / Ctrl+O / Ctrl+N", "save / open / new"), ("Ctrl+T", "light / dark theme"),
        ("Ctrl+PgUp / Ctrl+PgDn", "previous / next submission (history)"),
        ("Ctrl+Home / Ctrl+End", "the start / the present (history)"),
        ("F9", "show or hide the side panel"), ("F1", "rules")]


def keys_html() -> str:
    return "<table>" + "".join(f"<tr><td><b>{k}</b>&nbsp;&nbsp;</td><td>{v}</td></tr>" for k, v in KEYS) + "</table>"
