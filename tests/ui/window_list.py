"""Every top-level window and dialog of the app, and how to open it from a main window.

The one list of them: :mod:`tests.ui.test_window_fit` opens each entry offscreen on a
1366×768 screen and checks that its frame lies inside the screen's available area; it also
fails when a ``QDialog`` / ``QMainWindow`` subclass (or a widget made a window with
``Qt.Window``) in ``app/ui`` is named by no entry. A branch that adds a dialog adds one
entry here: a name, the classes it opens, and a function ``open(w) -> widget`` that shows it
(``w``: a main window with a sandbox game, shown).

Run alone it prints one JSON line per window (what the test reads)::

    QT_QPA_PLATFORM=offscreen:configfile=SCREEN.json python -m tests.ui.window_list
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Entry:
    name: str
    classes: tuple[str, ...]            # the app's classes (by name) this entry covers
    open: Callable                      # open(main window) -> the shown top-level widget


def _modal(fn):
    """Open a modal dialog (``exec``) and hand back the modal widget while it is up."""
    def opener(w):
        from tests.ui.helpers import when_modal
        got = []

        def grab(m):
            got.append(_measure_now(m))
            m.close()
            if hasattr(m, "reject"):
                m.reject()
        when_modal(grab)
        fn(w)
        return got[0] if got else None
    return opener


def _rules(w):
    w.show_rules()
    return w._rules


def _about(w):
    w.show_about()
    return w._about


def _keys(w):
    w.show_keys()
    return w._box


def _go_to_board(w):
    w.navigation.go_to_board_dialog()
    return w.prompt


def _new_game(hotseat: bool, seats: int = 2, after_show: bool = False):
    def opener(w):
        from PySide6.QtWidgets import QApplication
        from app.ui.dialogs.new_game import NewGameDialog
        dlg = NewGameDialog(w, ["/home/someone/games/a-long-name-for-a-saved-game.json"])
        if after_show:               # as a player does: it opens small, then grows with the seats
            dlg.show()
            QApplication.processEvents()
        if hotseat:
            dlg.hotseat.setChecked(True)
            dlg.seat_count.setValue(seats)
        dlg.show()
        return dlg
    return opener


def _new_civ_game(w):
    from PySide6.QtWidgets import QApplication
    dlg = _new_game(False)(w)
    dlg.start.setCurrentIndex(dlg.start.findData("civilisations"))
    dlg.civ.count.setValue(dlg.civ.count.maximum())
    dlg.civ.people.setValue(dlg.civ.people.maximum())
    for _ in range(3):
        QApplication.processEvents()
    return dlg


def _civ_file(w):
    """A civilisations start opened from a file, thirteen people at the computer."""
    from PySide6.QtWidgets import QApplication
    from app.engine.civ.nations import CIV_NAMES, PALETTE
    from app.ui.dialogs.civ_file import CivFileDialog
    civs = [(n, PALETTE[i]) for i, n in enumerate(CIV_NAMES[:13])]
    dlg = CivFileDialog(w, "a-long-name-for-a-civilisations-start.json", civs, "Standard Europe", "Spring 4000 BC")
    dlg.show()
    dlg.civ.people.setValue(13)
    for _ in range(3):
        QApplication.processEvents()
    return dlg


def _thrown(w):
    from app.ui.winks import open_thrown_start
    return open_thrown_start(w, 7, 3, lambda game: None)


def _preview(w):
    from app.engine.variants.catalog import BUILTIN_DIR
    from app.ui.preview.window import PreviewWindow
    win = PreviewWindow(BUILTIN_DIR / "standard", parent=None)
    win.show()
    w._probe_keep = win
    return win


def _error(w):
    from app.ui.dialogs.error import ErrorDialog
    dlg = ErrorDialog("ValueError: a long summary of what went wrong " * 3,
                      "\n".join(f"  File \"app/x.py\", line {i}, in f" for i in range(80)), True, w)
    dlg.show()
    return dlg


def _curtain(w):
    from app.match import Seat
    w.new_game("hotseat", seats=[Seat(name="Ada", nations=("England", "France", "Germany", "Italy")),
                                 Seat(name="Bartholomew the Second", nations=("Austria", "Russia", "Turkey"))],
               pins={0: "1234"}, confirmed=True)
    return w.curtain


def _export_board(w):
    from app.ui.window.export_options import ExportImageDialog
    dlg = ExportImageDialog(w, "board")
    dlg.show()
    return dlg


def _export_view(w):
    from app.ui.window.export_options import ExportImageDialog
    dlg = ExportImageDialog(w, "view")
    dlg.show()
    return dlg


def _missing(w):
    from app.match.attention import Need
    from app.engine.rules.coords import BoardKey
    owed = [Need(BoardKey.parse(f"{t}:W1901"), "builds", 2) for t in range(1, 12)]
    return _modal(lambda w: w.navigation.ask_missing(owed))(w)


def _unsaved(w):
    w.console_order("A par - bur")
    return _modal(lambda w: w.files._ask_unsaved("quit"))(w)


def _tutorial(w):
    from app.ui.tutorial import Tutorial
    t = Tutorial.start(w)
    return t.card


def _tutorial_offer(w):
    from app.ui.tutorial import _ask
    return _modal(_ask)(w)


def _multiverse_progress(w):
    from app.ui.window.export_multiverse import export_multiverse
    import tempfile
    job = export_multiverse(w, tempfile.mktemp(suffix=".png"), 1)
    dlg = job.progress_dialog
    dlg.show()
    m = _measure_now(dlg)
    job.cancelled = True
    job.thread.join()
    return m


def _hotseat(w):
    from app.match import Seat
    w.new_game("hotseat", seats=[Seat(name="Ada", nations=("England", "France", "Germany", "Italy")),
                                 Seat(name="Ben", nations=("Austria", "Russia", "Turkey"))], confirmed=True)
    w.curtain.button.click()


def _leave(w):
    _hotseat(w)
    w.table_ui.leave()
    return w.table_ui.dialog


def _take_over(w):
    _hotseat(w)
    w.table_ui.take_over()
    return w.table_ui.dialog


def _ending_question(w):
    _hotseat(w)                              # Ada at the table
    w.table_ui.ending.a_draw.trigger()
    return w.table_ui.ending.dialog


def _end_screen(w):
    return w.show_ending("France wins")


def _judging(w):
    from app.match import Seat
    seats = [Seat(name="Ada", nations=("Austria",)), Seat(name="Ben", nations=("England",))]
    w.start_thrown({"seats": seats, "pins": {}, "variant": "standard", "adjacency": "strict",
                    "start": "random-thrown", "thrown_players": 2}, seed=3)
    w.table_ui.ask_judgement()
    return w.table_ui.dialog


def _judging_across_computers(w):
    """The same question as a window at a server's table asks it: its seat only, with the note
    on how its name is sealed (app.net.remote_judging)."""
    from app.net.remote_judging import SEALED_NOTE
    from app.ui.table.judging_dialog import JudgingDialog
    _judging(w).reject()
    dlg = JudgingDialog(w.match, w, note=SEALED_NOTE)
    dlg.show()
    return dlg


def _snapshot(w):
    from app.ui.civ.snapshot import SnapshotDialog
    dlg = SnapshotDialog(w, w.world, "France", "Spring 1901", w.scene.art, w.theme)
    dlg.show()
    return dlg


def _forgotten_pin(w):
    from app.ui.dialogs.forgot_pin import ForgottenPinDialog
    dlg = ForgottenPinDialog(w, "Bartholomew the Second")
    dlg.show()
    return dlg


def _print_dialog(w):
    from app.ui.window.printing import print_dialog
    return _modal(lambda w: print_dialog(w, "view"))(w)


def _net_join(w):
    w.net.join_dialog()
    return w.net.dialog


def _net_hand_over(w):
    from app.net.remote_away import AwaySeat
    from app.ui.net.hand_over import HandOverQuestion
    away = [AwaySeat(seat=i, name=f"A rather long seat name number {i}", votes=(0,) * (i % 2), needed=4)
            for i in range(1, 7)]
    w.net.hand_over.dialog = dlg = HandOverQuestion(away, w)
    dlg.open()
    return dlg


def _net_lobby(w):
    w.net.lobby_dialog()
    return w.net.dialog


def _net_host(w):
    _hotseat(w)
    w.net.host_dialog()
    return w.net.dialog


def _net_invitations(w):
    from app.ui.net.dialogs import InvitationsDialog
    secret = "x" * 32
    dlg = InvitationsDialog(w, "192.168.100.200:8765", [(name, f"5d://192.168.100.200:8765/0123456789/{i}/{secret}")
                                                         for i, name in enumerate(["Ada Lovelace", "Ben", "Cy"])],
                            seats=[(i, name) for i, name in enumerate(["Ada Lovelace", "Ben", "Cy"])])
    dlg.open()
    return dlg


WINDOWS: list[Entry] = [
    Entry("main window", ("MainWindow",), lambda w: w),
    Entry("new game (sandbox)", ("NewGameDialog",), _new_game(False)),
    Entry("new game (hotseat, 7 seats)", ("NewGameDialog",), _new_game(True, 7)),
    Entry("new game (7 seats added once open)", ("NewGameDialog",), _new_game(True, 7, after_show=True)),
    Entry("new game (civilisations, 16 people)", ("NewGameDialog",), _new_civ_game),
    Entry("a civilisations start opened from a file", ("CivFileDialog",), _civ_file),
    Entry("rules (F1)", ("RulesDialog",), _rules),
    Entry("about", ("AboutDialog",), _about),
    Entry("keyboard shortcuts", (), _keys),
    Entry("go to board", (), _go_to_board),
    Entry("thrown pieces", ("ThrownStartWindow",), _thrown),
    Entry("designer's preview", ("PreviewWindow",), _preview),
    Entry("error", ("ErrorDialog",), _error),
    Entry("curtain", ("Curtain",), _curtain),
    Entry("export a board", ("ExportImageDialog",), _export_board),
    Entry("export the view", ("ExportImageDialog",), _export_view),
    Entry("orders missing", (), _missing),
    Entry("unsaved changes", (), _unsaved),
    Entry("tutorial", ("TutorialCard",), _tutorial),
    Entry("tutorial offer", (), _tutorial_offer),
    Entry("multiverse export progress", (), _multiverse_progress),
    Entry("print", (), _print_dialog),
    Entry("position editor (studio)", ("PositionEditorDialog",), lambda w: w.studio.open_editor()),
    Entry("paste orders (studio)", ("PasteDialog",), lambda w: w.studio.open_paste()),
    Entry("leave a seat (table)", ("LeaveDialog",), _leave),
    Entry("take over (table)", ("TakeOverDialog",), _take_over),
    Entry("judging a thrown play-out (table)", ("JudgingDialog",), _judging),
    Entry("judging a thrown play-out across computers (net)", ("JudgingDialog",), _judging_across_computers),
    Entry("propose a draw, concede, answer (table)", ("EndingQuestion",), _ending_question),
    Entry("the end of the game", ("EndScreen",), _end_screen),
    Entry("an old map (civilisations)", ("SnapshotDialog",), _snapshot),
    Entry("a forgotten PIN", ("ForgottenPinDialog",), _forgotten_pin),
    Entry("join a table across computers (net)", ("JoinDialog",), _net_join),
    Entry("a server's lobby (net)", ("LobbyDialog",), _net_lobby),
    Entry("hand an away seat to the computer (net)", ("HandOverQuestion",), _net_hand_over),
    Entry("host a table (net)", ("HostDialog",), _net_host),
    Entry("a hosted table's invitations (net)", ("InvitationsDialog",), _net_invitations),
]


# -- the probe: run in a process whose screen is the laptop's ------------------------------------

_results: list[dict] = []


def _measure_now(widget) -> dict:
    from PySide6.QtWidgets import QApplication
    QApplication.processEvents()
    from app.ui.screen_fit import available_rect
    a = available_rect(widget)
    top = widget.window()
    g, f = top.geometry(), top.frameGeometry()
    hint = top.minimumSizeHint()
    from PySide6.QtGui import QFont, QFontMetrics
    bold = QFont(top.font())
    bold.setBold(True)
    title = top.windowTitle()
    full = title if title.endswith("5D Diplomacy") else f"{title} — 5D Diplomacy"
    out = {"avail": [a.x(), a.y(), a.width(), a.height()], "frame": [f.x(), f.y(), f.width(), f.height()],
           "geometry": [g.x(), g.y(), g.width(), g.height()], "min": [hint.width(), hint.height()],
           "top_level": widget.isWindow(), "title": title,
           # a window manager's bold title with the app's name after it, and its buttons
           "title_need": QFontMetrics(bold).horizontalAdvance(full) + 130}
    if not widget.isWindow():          # a cover inside the main window (the curtain)
        r = widget.geometry()
        inside = widget.childrenRect()
        out["cover"] = [r.width(), r.height()]
        out["content"] = [inside.x(), inside.y(), inside.width(), inside.height()]
        out["min"] = [widget.minimumSizeHint().width(), widget.minimumSizeHint().height()]
    return out


def main() -> int:
    import os
    import tempfile
    os.environ.setdefault("DIPLO5D_DATA_DIR", tempfile.mkdtemp(prefix="5d-fit-"))
    from PySide6.QtWidgets import QApplication
    app = QApplication.instance() or QApplication([])
    from app.ui.window.main_window import MainWindow
    only = set(sys.argv[1:])
    for entry in WINDOWS:
        if only and entry.name not in only:
            continue
        w = MainWindow(theme="light")
        w.files.ask_unsaved = lambda doing: "discard"
        w.show()
        w.new_game(confirmed=True)
        app.processEvents()
        try:
            got = entry.open(w)
            if isinstance(got, dict) or got is None:
                m = got
            else:
                m = _measure_now(got)
            print(json.dumps({"name": entry.name, **(m or {"modal": "none seen"})}), flush=True)
        except Exception as e:      # reported as a failure of this entry, the others still run
            print(json.dumps({"name": entry.name, "error": f"{type(e).__name__}: {e}"}), flush=True)
        for top in QApplication.topLevelWidgets():
            if top is not w and top.isVisible():
                top.close()
        w.close()
        w.deleteLater()
        app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main())
