"""The window's file workflow: Save, Save As, Open, recent games, the autosave, crash
recovery and the unsaved-changes prompt. The files themselves are :mod:`app.match.storage`
(no Qt); this module asks the questions and shows the answers.

- A change to the match (an order, a submission, undo) starts a short timer; when it
  fires the match is snapshotted (microseconds) and written to this instance's own autosave
  by a worker thread, so the window never waits for the disk.
- A restored autosave opens as an untitled game: Save asks for a name, and the autosave is
  never written over by Save nor listed in recent games.
- New, Open and Quit with unsaved changes ask Save / Discard / Cancel.
"""

from __future__ import annotations

import errno
import html
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox

from app.engine import civ_of, GameFileError
from app.match import Match
from app.match.storage import (KEEP_RECOVERED_DAYS, RECOVERED, BackgroundWriter, DiskStamp, RecentFiles,
                               Session, changed_on_disk, clean_interrupted_saves, clean_recovered,
                               clean_stale_temps, data_dir, data_dir_problem, describe_error, open_match,
                               snapshot, temp_patterns)

from ..screen_fit import fit_title
from .replay_watch import ReplayWatch

AUTOSAVE_DELAY_MS = 1500
FILTER = "5D Diplomacy games and scenarios (*.json *.5dd);;All files (*)"


@dataclass(frozen=True)
class FileServices:
    """What the file keeper asks of the window, named (each called when needed: the window
    builds some of these parts after the keeper)."""
    match: Callable[[], Match | None]
    set_match: Callable[..., None]              # (match, path, restored=False): show a game
    new_game: Callable[..., bool]               # a fresh sandbox (confirmed=True)
    wait_idle: Callable[[], None]               # a running adjudication finishes first
    set_status: Callable[..., None]             # (text, error=False)
    show_message: Callable[..., object]         # (title, text, icon)
    update_title: Callable[[], None]
    hold_prompt: Callable[[object], None]       # the open question (None: none), for tests to answer
    show_notice: Callable[..., None]            # the notice board: (key, text, kind)
    hide_notice: Callable[[str], None]
    recent_menu: Callable[[], object]           # File → Open recent
    seat_opened: Callable[[Match, str], Match | None]   # civilisations: who sits at an opened game
    greet_opened: Callable[[str], None]
    studio_may_leave: Callable[[], bool]        # an open position editor's changes dropped if the player says so


class FileKeeper(QObject):
    write_failed = Signal(str)      # from the writer's thread; shown on the GUI thread
    write_done = Signal(str)        # a write that went well (from the writer's thread too)

    def __init__(self, parent, services: FileServices):
        super().__init__(parent)
        self.s = services
        self.path: Path | None = None
        self.proposed: Path | None = None     # a restored game's own file: Save proposes it
        self.scenario: Path | None = None     # the scenario file a new game was started from
        self.saved_revision = 0
        self.restored = False           # the game came from a crash's autosave, unsaved since
        self.session = Session()
        self.recent = RecentFiles()
        self.writer = BackgroundWriter(write=self.session.write)
        self.disk: DiskStamp | None = None     # the game file as this instance last opened or saved it
        self.writer.on_error = lambda path, e: self.write_failed.emit(f"{path}: {describe_error(e)}")
        self.writer.on_done = lambda path: self.write_done.emit(str(path))
        self.write_failed.connect(self._autosave_failed)
        self.write_done.connect(self._autosave_worked)
        #: why the data folder cannot be written (None: it can): autosave, recent games and
        #: settings are then not kept, and the window says so once
        self.lost = data_dir_problem() or self.session.problem
        if self.lost:
            self.s.show_notice("data-folder", self.lost_text(), "warning")
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(AUTOSAVE_DELAY_MS)
        self.timer.timeout.connect(self.autosave_now)
        # temporary files of interrupted saves: any game's, noted while written; older
        # versions' beside recent games and in the data folder
        self.stale_removed = clean_interrupted_saves() + clean_stale_temps(
            temp_patterns(data_dir(), self.recent.list()))
        clean_recovered()
        self.ask_unsaved = self._ask_unsaved          # tests may replace the question
        self.ask_restore = self._ask_restore
        self.ask_changed = self._ask_changed
        self.ask_mismatch = self._ask_mismatch
        # an opened file's replay check runs after it is shown (app.engine.saves.replay_check)
        self.replay_watch = ReplayWatch(self)
        self.replay_watch.mismatch.connect(self._replay_differs)

    # -- state -----------------------------------------------------------------------------
    @property
    def match(self) -> Match | None:
        return self.s.match()

    @property
    def dirty(self) -> bool:
        m = self.match
        if m is not None and not m.adjudicates:    # a table on a server: its server keeps it
            return False
        return m is not None and (self.restored or m.revision != self.saved_revision)

    def attach(self, match: Match | None, path: Path | None, restored: bool = False) -> None:
        self.path = Path(path) if path else None
        self.proposed = self.scenario = None
        self.disk = DiskStamp.of(self.path) if self.path else None
        self.restored = restored
        self.saved_revision = match.revision if match is not None else 0
        self.timer.stop()
        self.replay_watch.stop()          # the check of the game left behind is of no use now
        if not restored:
            # the game left behind was saved or discarded: a crash now must not offer it back
            self.writer.flush()
            self.session.forget_autosave()

    def title_name(self) -> str:
        """The game's name in the window's title."""
        if self.path is not None:
            return self.path.name
        if self.scenario is not None:
            return f"Untitled (from {self.scenario.name})"
        if self.proposed is not None:
            return f"{self.proposed.name} (restored)"
        return "Untitled"

    def changed(self) -> None:
        """The match changed: autosave within seconds."""
        self.timer.start()
        self.s.update_title()

    # -- autosave --------------------------------------------------------------------------
    def autosave_now(self) -> bool:
        """Queue the match for this instance's autosave; True if there was one to save."""
        self.timer.stop()
        if self.match is None or not self.session.usable:
            return False      # no data folder to write to: the notice said so at the start
        if not self.match.adjudicates:
            return False      # a table on a server: the server keeps it, each action as it comes
        self.writer.write(self.session.autosave_path, snapshot(self.match, self.path or self.proposed))
        return True

    def lost_text(self) -> str:
        """What is not kept when the data folder cannot be written, and what to do."""
        return (f"<b>Nothing is saved automatically in this session.</b> 5D Diplomacy cannot write to its "
                f"data folder <code>{html.escape(str(data_dir()))}</code>: {html.escape(self.lost or '')}.<br>"
                "Until it can, there is <b>no automatic save</b> (a crash loses what you have not saved), and "
                "the <b>recent games</b> list, your <b>settings</b> (theme, window size and place) and the error "
                "log are not kept. The game plays normally: save it with File → Save As in a folder you can write to.")

    def _autosave_failed(self, text: str) -> None:
        self.s.set_status(f"The automatic save failed: {text}", error=True)
        self.s.show_notice(
            "autosave", "<b>The automatic save failed</b>: " + html.escape(text) + ".<br>Until it works again, a "
            "crash would lose the changes made since your last save. Save the game now in another place "
            "(File → Save As, Ctrl+Shift+S), or free some space on that disk.", "error",
            [("Save As…", lambda: self.save_as())])

    def _autosave_worked(self, path: str) -> None:
        if path == str(self.session.autosave_path):
            self.s.hide_notice("autosave")     # it works again: a new failure is said again

    # -- save ------------------------------------------------------------------------------
    def save_to(self, path: Path) -> bool:
        try:
            self.session.write(Path(path), snapshot(self.match).pieces())
        except OSError as e:
            space = " or free some space on that disk" if e.errno == errno.ENOSPC else ""
            self.s.show_message("Cannot save", f"{path}: {why_not_written(Path(path), e)}.\n\nThe game is not "
                                f"saved there; it is still open as it was. Save it in another place (File → Save "
                                f"As){space}.")
            self.s.set_status(f"Not saved: {path}: {why_not_written(Path(path), e)}.", error=True)
            return False
        return True

    def save(self) -> bool:
        if self.match is None:
            return False
        if self.path is None:
            return self.save_as()
        if changed_on_disk(self.path, self.disk):
            answer = self.ask_changed(self.path)
            if answer == "reload":
                return self.open_game(self.path, confirmed=True)
            if answer == "save_as":
                return self.save_as(None, changed=True)
            if answer != "overwrite":
                return False
        if not self.save_to(self.path):
            return False
        self.disk = DiskStamp.of(self.path)
        self.saved_revision = self.match.revision
        self.restored = False
        self.recent.add(self.path)
        self.s.update_title()
        self.s.set_status(f"Saved {self.path}.")
        return True

    def save_as(self, path: str | None = None, changed: bool = False) -> bool:
        if self.match is None:
            return False
        if not path:
            start = str(self.path.with_name(self.path.stem + " (mine).json") if changed and self.path
                        else self.path or self.proposed or Path.home() / "game.json")
            path, _ = QFileDialog.getSaveFileName(self.parent(), "Save game", start, "5D Diplomacy games (*.json)")
        if not path:
            return False
        p = Path(path)
        if p.resolve() == self.session.autosave_path.resolve() or p.name.startswith("autosave-") \
                and p.parent.resolve() == data_dir().resolve():
            self.s.show_message("Choose another name", "That file is the automatic save; choose another name.")
            return False
        old, old_disk = self.path, self.disk
        self.path = p
        self.disk = None               # the file chosen here is overwritten as asked in the dialog
        if not self.save():
            self.path, self.disk = old, old_disk
            return False
        return True

    def _ask_changed(self, path: Path) -> str:
        """The file changed on disk since this window opened or saved it: "reload",
        "save_as", "overwrite" or "cancel"."""
        return self._ask("The file changed on disk",
                         f"{path.name} was saved by another window or program since you opened or saved it here.",
                         "Overwriting it loses what was saved there. Reload it (the changes made in this window "
                         "are lost), save this game under another name, or overwrite the file?",
                         [("Reload", QMessageBox.ActionRole, "reload"), ("Save As…", QMessageBox.AcceptRole, "save_as"),
                          ("Overwrite", QMessageBox.DestructiveRole, "overwrite")], "save_as")

    def _ask(self, title: str, text: str, info: str, buttons: list[tuple[str, object, str]], default: str) -> str:
        """A warning with ``buttons`` (label, role, answer) and Cancel; the answer clicked."""
        box = QMessageBox(QMessageBox.Warning, title, text, QMessageBox.NoButton, self.parent())
        box.setInformativeText(info)
        answers = {}
        for label, role, answer in buttons:
            b = box.addButton(label, role)
            answers[b] = answer
            if answer == default:
                box.setDefaultButton(b)
        box.addButton("Cancel", QMessageBox.RejectRole)
        fit_title(box)                   # its whole title on a laptop's title bar
        self.s.hold_prompt(box)
        box.exec()
        self.s.hold_prompt(None)
        return answers.get(box.clickedButton(), "cancel")

    # -- unsaved changes ---------------------------------------------------------------------
    def confirm_discard(self, doing: str) -> bool:
        """True when it is fine to drop the current game (saved, or the player said so) and
        what the studio holds of it (an edited position)."""
        self.s.wait_idle()
        if not self.s.studio_may_leave():
            return False
        if not self.dirty:
            return True
        answer = self.ask_unsaved(doing)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def _ask_unsaved(self, doing: str) -> str:
        name = self.path.name if self.path else "This game"
        return self._ask("Unsaved changes", f"{name} has changes that are not saved.", f"Save them before you {doing}?",
                         [("Save…" if self.path is None else "Save", QMessageBox.AcceptRole, "save"),
                          ("Discard", QMessageBox.DestructiveRole, "discard")], "save")

    # -- open ------------------------------------------------------------------------------
    def open_dialog(self) -> None:
        if not self.confirm_discard("open another game"):
            return
        start = str(self.path.parent if self.path else Path.home())
        path, _ = QFileDialog.getOpenFileName(self.parent(), "Open game", start, FILTER)
        if path:
            self.open_game(path, confirmed=True)

    def open_game(self, path, confirmed: bool = False) -> bool:
        if not confirmed and not self.confirm_discard("open another game"):
            return False
        try:
            match = open_match(Path(path), replay_later=True)
        except GameFileError as e:
            self.s.show_message("Cannot open the game", str(e))
            self.s.set_status(f"Could not open {path}.", error=True)
            return False
        except (OSError, RecursionError, MemoryError) as e:   # never a lost session
            self.s.show_message("Cannot open the game", f"{path}: {e}")
            self.s.set_status(f"Could not open {path}.", error=True)
            return False
        from app.variants.playable import variant_problem
        problem = variant_problem(match.game.variant.folder)     # its map too: never a game of a broken variant
        if problem:
            self.s.show_message("Cannot open the game", f"{path}: {problem}")
            self.s.set_status(f"Could not open {path}: its variant has errors.", error=True)
            return False
        scenario = getattr(match, "scenario", None)
        if scenario and civ_of(match.world) is not None:
            # a civilisations start (RULES.md §10): who plays which civilisation, the fog
            match = self.s.seat_opened(match, Path(path).name)
            if match is None:
                self.s.set_status(f"Not opened: {Path(path).name}.")
                return False
        if scenario:
            # a new game from a scenario file: never saved over the scenario itself
            self.s.set_match(match, None)
            p = Path(path)
            self.proposed = p.with_name(f"{p.stem}-game.json")
            self.scenario = p
            self.s.update_title()
            self.recent.add(p)
            steps = len(match.game.submissions)
            if civ_of(match.world) is not None:
                self.s.greet_opened(p.name)
                return True
            self.s.set_status(f"A new game from the scenario {p.name}: its start"
                              + (f" and {steps} step{'s' if steps != 1 else ''}" if steps else "")
                              + ". Save it (Ctrl+S) to keep it.")
            return True
        self.s.set_match(match, Path(path))
        self.disk = DiskStamp.of(Path(path))
        self.recent.add(Path(path))
        w = match.world
        self.s.set_status(f"Opened {path}: {len(w.boards)} boards, {len(w.timelines)} timelines.")
        self.replay_watch.start(match)
        return True

    # -- a file whose submissions do not make its world ----------------------------------------
    def _replay_differs(self, match: Match, check, error) -> None:
        """The replay check of the game on screen failed: it must not be played as if it
        were sound. Play what its submissions make, or close it (the player chooses)."""
        if match is not self.match:
            return                      # another game is shown since
        changed = match.revision != self.saved_revision
        answer = self.ask_mismatch(check.where, str(error), error.replayed is not None, changed)
        if answer == "replayed" and error.replayed is not None:
            try:
                made = Match.from_game(check.game_made(error.replayed), check.where)
            except GameFileError as e:
                self.s.show_message("Cannot open what its submissions make", str(e))
            else:
                where = Path(check.where)
                self.s.set_match(made, None)
                self.proposed = where.with_name(f"{where.stem}-replayed.json")
                self.s.update_title()
                self.s.set_status(f"Playing what the submissions of {where.name} make, as an untitled game "
                                  "(the file is left as it is). Save it (Ctrl+S) to keep it.")
                return
        self.s.new_game(confirmed=True)
        self.s.set_status(f"Closed {Path(check.where).name}: its stored game is not what its own submissions make.",
                          error=True)

    def _ask_mismatch(self, where: str, problem: str, can_replay: bool, changed: bool) -> str:
        """"replayed" (play what the submissions make) or "close"; no way to go on with the
        game as the file stores it."""
        name = Path(where).name
        box = QMessageBox(QMessageBox.Warning, "The game file was edited or damaged",
                          f"{name} does not hold what its own orders make.", QMessageBox.NoButton, self.parent())
        box.setInformativeText(
            f"{problem}.\n\nThe game on screen is what the file claims, and its orders do not lead there. "
            + ("Play what its orders make (a new, untitled game: the file is left as it is), or close it? "
               if can_replay else "Its orders cannot be replayed, so it is closed. ")
            + ("The changes you made since opening it are lost either way." if changed else ""))
        replay = box.addButton("Play what its orders make", QMessageBox.AcceptRole) if can_replay else None
        close = box.addButton("Close it", QMessageBox.DestructiveRole)
        box.setDefaultButton(replay or close)
        box.setEscapeButton(close)
        fit_title(box)
        self.s.hold_prompt(box)
        box.exec()
        self.s.hold_prompt(None)
        return "replayed" if replay is not None and box.clickedButton() is replay else "close"

    def fill_recent_menu(self) -> None:
        menu = self.s.recent_menu()
        menu.clear()
        items = self.recent.list()
        for p in items:
            a = menu.addAction(p)
            a.triggered.connect(lambda _=False, p=p: self.open_game(p))
        if not items:
            menu.addAction("(none)").setEnabled(False)

    # -- crash recovery ------------------------------------------------------------------------
    def offer_restore(self) -> bool:
        """After a crash (an autosave whose instance is gone), offer it; restored, it opens as
        an untitled game in this instance, written to this instance's own autosave."""
        found = self.session.crashed()
        if not found:
            return False
        auto = found[0]
        if not self.ask_restore(auto):
            kept = self.session.set_aside(auto)
            if kept is not None:
                self.s.set_status(f"The game saved automatically is kept for {KEEP_RECOVERED_DAYS} days in {kept.parent}: "
                                  "open it from there (File → Open) if you change your mind.")
            return False
        try:
            match = open_match(auto, replay_later=True)
        except GameFileError as e:
            kept = self.session.set_aside(auto, " (damaged)")
            self.s.show_message("Cannot restore the game",
                                f"The automatic save could not be read{f', and was set aside in {kept.parent}' if kept else ''}:\n{e}")
            return False
        self.s.set_match(match, None, restored=True)
        self.proposed = Path(match.saved_as) if getattr(match, "saved_as", None) else None
        self.s.update_title()
        self.writer.write(self.session.autosave_path, snapshot(match, self.proposed))
        self.writer.flush()
        self.session.dismiss(auto)
        self.s.set_status("Restored the game saved automatically before 5D Diplomacy closed. "
                          "Save it (Ctrl+S) to keep it.")
        self.replay_watch.start(match)
        return True

    def _ask_restore(self, auto: Path) -> bool:
        ans = QMessageBox.question(self.parent(), "Restore the autosave?",
                                   "5D Diplomacy did not close properly last time.\n"
                                   "Restore the game it saved automatically?\n\n"
                                   f"If not, it is kept for {KEEP_RECOVERED_DAYS} days in "
                                   f"{data_dir() / RECOVERED}.")
        return ans == QMessageBox.Yes

    def close(self) -> None:
        """A clean exit: pending writes finish; this session's autosave and lock go."""
        self.timer.stop()
        self.replay_watch.stop()
        self.writer.flush()
        self.session.close()


def why_not_written(path: Path, error: OSError) -> str:
    """The reason ``path`` could not be written, in the player's words: making its folder
    where a file stands fails with "File exists" or "Not a directory", which names neither."""
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        for folder in path.parents:
            if folder.exists():
                if not folder.is_dir():
                    return f"{folder} is a file, not a folder"
                break
    return error.strerror or str(error)
