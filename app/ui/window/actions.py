"""The window's actions, menus and toolbar: what each command is called, its key and its tip.
The slots are the window's; this module only wires them up and hands back what it made
(:class:`Commands`)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QColor, QKeySequence
from PySide6.QtWidgets import QLabel, QMenu, QSizePolicy, QToolBar, QWidget

from ..action import make_action
from .bots_ui import BotInputs, BotMenu
from .palette_ui import add_palette_action
from .file_menus import add_export_actions
from ..multiverse.fog_art import fill_view_as_menu
from ..icons import icon
from .history_controls import add_history_keys, add_replay
from ..theme import Theme

# The toolbar's actions and their icons (app/ui/icons/NAME.svg).
ICONS = {"new": "new", "open": "open", "save": "save", "hold": "hold", "move": "move",
         "support": "support", "convoy": "convoy", "disband": "disband", "submit": "submit",
         "undo": "undo", "redo": "redo", "next": "next", "fit": "fit", "present": "present",
         "zoom_in": "zoom-in", "zoom_out": "zoom-out", "dark": "dark", "rules": "rules", "about": "about"}
# Every text a toolbar button can show: its width is that of the longest, so that nothing
# after it moves when the text changes (the hotseat's Done button, the attention counter).
SUBMIT_TEXTS = ("Submit", "Done — pass on", "Done — adjudicate")     # sandbox; hotseat
NEXT_TEXTS = ("Next board", "Next board (888)")


def _open_preview(w) -> None:
    """The variant preview, imported when first opened (it reads SVGs with shapely)."""
    from ..preview import open_preview_dialog
    from ..preview.window import open_sandbox
    open_preview_dialog(w, play=lambda folder: open_sandbox(type(w), folder))


@dataclass(frozen=True)
class Commands:
    """What :func:`build_actions` made: the window's actions, the menus others fill in, the
    toolbar and its seat chip. The window holds it as ``commands``."""

    new: QAction
    open: QAction
    save: QAction
    save_as: QAction
    quit: QAction
    preview: QAction
    undo: QAction
    redo: QAction
    submit: QAction
    hold: QAction
    move: QAction
    support: QAction
    convoy: QAction
    disband: QAction
    cancel: QAction
    fit: QAction
    present: QAction
    zoom_in: QAction
    zoom_out: QAction
    next: QAction
    goto: QAction
    dark: QAction
    rules: QAction
    keys: QAction
    about: QAction
    tutorial: QAction
    safe_colours: QAction
    orders: tuple[QAction, ...]                 # hold, move, support, convoy, disband
    export_actions: dict[str, QAction]
    export_menu: QMenu
    print_actions: dict[str, QAction]
    print_menu: QMenu
    history_actions: dict[str, QAction]
    recent_menu: QMenu
    view_menu: QMenu
    view_as_menu: QMenu
    bot_menu: BotMenu
    toolbar: QToolBar
    seat_label: QLabel
    seat_chip: QAction                          # the toolbar's action that shows seat_label


def build_actions(w) -> Commands:
    """The actions, the menu bar and the toolbar of the main window ``w`` (its slots)."""
    f = w.files
    a = {}
    a["new"] = make_action(w, "&New game…", w.new_game_dialog, QKeySequence.New, "Start a new game")
    a["open"] = make_action(w, "&Open…", f.open_dialog, QKeySequence.Open, "Open a saved game")
    a["save"] = make_action(w, "&Save", f.save, QKeySequence.Save, "Save the game")
    a["save_as"] = make_action(w, "Save &As…", f.save_as, QKeySequence.SaveAs, "Save the game under a new name")
    a["quit"] = make_action(w, "&Quit", w.close, QKeySequence.Quit, "Quit")
    a["preview"] = make_action(w, "Preview &variant…", lambda: _open_preview(w), None,
                               "Check and preview a variant's folder; it reloads as you save its files")
    a["undo"] = make_action(w, "&Undo submission", w.undo, QKeySequence.Undo,
                            "Take back the last submission; its orders come back as pending orders (sandbox)")
    a["redo"] = make_action(w, "&Redo submission", w.redo, ["Ctrl+Shift+Z", "Ctrl+Y"], "Put the undone submission back")
    a["submit"] = make_action(w, "Submit", w.submit, ["Ctrl+Return", "Ctrl+Enter"], "Adjudicate the orders")
    a["hold"] = make_action(w, "Hold", lambda: w.clicks.key_order("hold"), "H", "Order the selected unit to hold")
    a["move"] = make_action(w, "Move", lambda: w.clicks.key_order("move"), "M", "Show where the selected unit can move")
    a["support"] = make_action(w, "Support", lambda: w.clicks.key_order("support"), "S",
                               "Support: then click the supported unit and its destination")
    a["convoy"] = make_action(w, "Convoy", lambda: w.clicks.key_order("convoy"), "C",
                              "Convoy: then click the army and its destination")
    a["disband"] = make_action(w, "Disband", lambda: w.clicks.key_order("disband"), "D",
                               "Disband the selected unit (Winter or retreats)")
    a["cancel"] = make_action(w, "Cancel", w.cancel_entry, "Esc", "Cancel the order being entered")
    def moved(act):
        """A move of the view the player asked for (WorldView.note_user_move)."""
        return lambda *_: w.view and (w.view.note_user_move(), act(w.view))
    a["fit"] = make_action(w, "Fit all", moved(lambda v: v.fit_all()), "F", "Show the whole multiverse")
    a["present"] = make_action(w, "Present", moved(lambda v: v.go_to_present()), ["Home", "P"],
                               "Go to the active boards")
    a["zoom_in"] = make_action(w, "Zoom in", moved(lambda v: v.zoom_by(1.25)), QKeySequence.ZoomIn, "Zoom in")
    a["zoom_out"] = make_action(w, "Zoom out", moved(lambda v: v.zoom_by(0.8)), QKeySequence.ZoomOut, "Zoom out")
    a["next"] = make_action(w, "Next board", w.navigation.next_attention, "N",
                            "Go to the next active board with units lacking orders, retreats, builds or disbands")
    a["goto"] = make_action(w, "Go to board…", w.navigation.go_to_board_dialog, "Ctrl+G",
                            "Go to a board by its name, e.g. 3:F1905")
    a["dark"] = make_action(w, "Dark theme", w.toggle_theme, "Ctrl+T", "Switch between light and dark", checkable=True)
    a["rules"] = make_action(w, "Rules", w.show_rules, QKeySequence.HelpContents, "How 5D Diplomacy is played")
    a["keys"] = make_action(w, "Keyboard shortcuts", w.show_keys, None, "List the keyboard shortcuts")
    a["about"] = make_action(w, "&About 5D Diplomacy", w.show_about, None, "Version, licences and credits")
    a["tutorial"] = make_action(w, "&Tutorial", lambda: _start_tutorial(w), None,
                                "Play your first moves with a guide: orders, support, time travel, undo")
    a["undo"].setIconText("Undo")
    a["redo"].setIconText("Redo")
    orders = (a["hold"], a["move"], a["support"], a["convoy"], a["disband"])
    for act in (a["move"], a["support"], a["convoy"]):   # checked while that order is being clicked in
        act.setCheckable(True)

    mb = w.menuBar()
    m = mb.addMenu("&File")
    m.addAction(a["new"])
    m.addAction(a["open"])
    recent_menu = m.addMenu("Open &recent")
    recent_menu.aboutToShow.connect(f.fill_recent_menu)
    m.addSeparator()
    m.addAction(a["save"])
    m.addAction(a["save_as"])
    exports = add_export_actions(w, m)      # File → Export ▸, Print ▸ (h17: export.py, printing.py)
    add_replay(w)                     # the history bar's play button follows the new boards (h17)
    m.addSeparator()
    m.addAction(a["preview"])
    m.addSeparator()
    m.addAction(a["quit"])
    m = mb.addMenu("&Game")
    for act in (a["submit"], a["undo"], a["redo"]):
        m.addAction(act)
    m.addSeparator()
    for act in orders + (a["cancel"],):
        m.addAction(act)
    bot_menu = BotMenu(w, BotInputs(
        match=lambda: w.match, seat=lambda: w.seat, pending=lambda: w.pending, busy=lambda: w.busy,
        replaying=lambda: w.replay_index is not None, progress=lambda: w.progress, set_status=w.set_status,
        orders_changed=lambda: w._orders_changed()), m)
    m = view_menu = mb.addMenu("&View")
    for act in (a["fit"], a["present"], a["zoom_in"], a["zoom_out"], a["next"], a["goto"]):
        m.addAction(act)
    history_actions = add_history_keys(w, m)   # Ctrl+PgUp/PgDn, Ctrl+Home/End through the submissions
    m.addSeparator()
    view_as_menu = m.addMenu("View &as…")            # sandbox: a nation's fog of war (fog_art)
    view_as_menu.aboutToShow.connect(lambda: fill_view_as_menu(view_as_menu, w.match, w.view_as, w.set_view_as))
    m.addAction(a["dark"])
    safe_colours = add_palette_action(w, m)   # colour-vision-safe colours, letters on close nations' units
    m = mb.addMenu("&Help")
    m.addAction(a["tutorial"])
    m.addAction(a["rules"])
    m.addAction(a["keys"])
    m.addSeparator()
    m.addAction(a["about"])

    tb = QToolBar("Main")
    tb.setObjectName("main-toolbar")
    tb.setMovable(False)
    # Icons with their words under them: a newcomer reads the verbs, and the row still fits 1366 px.
    tb.setToolButtonStyle(Qt.ToolButtonTextUnderIcon)
    tb.setIconSize(QSize(20, 20))
    w.addToolBar(tb)
    for group in ((a["new"], a["open"], a["save"]), orders, (a["submit"], a["undo"], a["redo"]),
                  (a["next"], a["fit"], a["present"], a["zoom_in"], a["zoom_out"]), (a["rules"],)):
        # (the theme switch lives in View and on Ctrl+T: its room is the seat chip's at 1366 px)
        for act in group:
            tb.addAction(act)
        tb.addSeparator()
    spacer = QWidget()
    spacer.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Preferred)
    tb.addWidget(spacer)
    # Who is at the table (hotseat) and the adjacency mode, at the toolbar's right end.
    seat_label = QLabel("")
    seat_label.setObjectName("seat-label")
    seat_label.setMaximumHeight(30)
    seat_chip = tb.addWidget(seat_label)    # a toolbar widget is shown and hidden by its action
    seat_chip.setVisible(False)
    commands = Commands(**a, safe_colours=safe_colours, orders=orders,
                        export_actions=exports.export_actions, export_menu=exports.export_menu,
                        print_actions=exports.print_actions, print_menu=exports.print_menu,
                        history_actions=history_actions, recent_menu=recent_menu, view_menu=view_menu,
                        view_as_menu=view_as_menu, bot_menu=bot_menu, toolbar=tb, seat_label=seat_label,
                        seat_chip=seat_chip)
    apply_icons(commands, w.theme)
    return commands


def _start_tutorial(w) -> None:
    from ..tutorial import Tutorial
    Tutorial.start(w)


def apply_icons(commands: Commands, t: Theme) -> None:
    """The toolbar's and menus' icons in the theme ``t``'s colours (again after a theme switch)."""
    muted = QColor((t.text.red() + t.window.red()) // 2, (t.text.green() + t.window.green()) // 2,
                   (t.text.blue() + t.window.blue()) // 2)
    for attr, name in ICONS.items():
        colour, off = ("white", "#eef1f4") if attr == "submit" else (t.text, muted)  # white on the accent
        getattr(commands, attr).setIcon(icon(name, colour, off))


def steady_width(toolbar: QToolBar, action: QAction, texts) -> None:
    """Give ``action``'s toolbar button the width of its widest text (see SUBMIT_TEXTS)."""
    btn = toolbar.widgetForAction(action)
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


def style_submit_button(commands: Commands, theme: Theme, private: bool) -> None:
    """``private``: a hotseat game, whose Submit button says Done."""
    btn = commands.toolbar.widgetForAction(commands.submit)
    if btn is not None:
        # white on the accent; the dark theme's lighter accent is darkened to keep the words legible
        bg = theme.accent if theme.accent.lightnessF() < 0.5 else theme.accent.darker(140)
        btn.setStyleSheet("QToolButton { font-weight: bold; padding: 3px 14px; border-radius: 5px;"
                          f" background: {bg.name()}; color: white; }}"
                          "QToolButton:disabled { background: #9aa5b1; }")
    # the verb being clicked in (checked) stands out in both themes; Fusion's own sunken look barely shows
    a = theme.accent
    commands.toolbar.setStyleSheet(f"QToolButton:checked {{ background: rgba({a.red()}, {a.green()}, {a.blue()}, 60);"
                            f" border: 1px solid {a.name()}; border-radius: 5px; }}")
    # the texts this game's Submit button can show (a sandbox never says Done)
    steady_width(commands.toolbar, commands.submit, SUBMIT_TEXTS[1:] if private else SUBMIT_TEXTS[:1])
    steady_width(commands.toolbar, commands.next, NEXT_TEXTS)


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
