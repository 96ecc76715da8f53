"""Acting on a big world: the next board needing attention (N), going to a board by name
(Ctrl+G), and the question before submitting with retreats, builds or disbands missing, or
with no order given at all in a movement phase (every unit would hold: a Ctrl+Enter too
many, as a rule; Ctrl+Enter again says "yes", so the keyboard stays fast)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, QSettings
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QCheckBox, QInputDialog, QMessageBox, QWidget

from app.engine import BoardKey
from app.match.attention import Need

from ..civ.names import calendar_for
from ..screen_fit import fit_title

if TYPE_CHECKING:
    from app.engine import World
    from app.match import Match


class Navigation(QObject):
    """Made by the main window ``parent`` (its dialogs' parent) with what it reads and does:
    the match, the world shown and the seat at the table (getters), what that seat owes
    (``needs``), going to a board, the status line, the settings (questions turned off) and
    the window's open question (``hold_prompt``: tests answer it)."""

    def __init__(self, parent: QWidget, *, match: Callable[[], Match | None], world: Callable[[], World | None],
                 seat: Callable[[], int | None], needs: Callable[[], list[Need]],
                 goto_board: Callable[[BoardKey], None], set_status: Callable[..., None],
                 settings: QSettings, hold_prompt: Callable[[QWidget | None], None]):
        super().__init__(parent)
        self._parent = parent
        self._match, self._world, self._seat, self.attention = match, world, seat, needs
        self.goto_board, self.set_status = goto_board, set_status
        self.settings = settings
        self._hold_prompt = hold_prompt
        self.last_visited: BoardKey | None = None    # N goes on from here

    def next_attention(self) -> Need | None:
        """Go to the next active board (after the last one visited) that needs attention."""
        todo = self.attention()
        if not todo:
            self.set_status("No board needs attention: every unit has its order.")
            return None
        boards = sorted({n.board for n in todo})
        last = self.last_visited
        board = next((b for b in boards if last is None or b > last), boards[0])
        self.last_visited = board
        self.goto_board(board)
        cal = calendar_for(self._world())
        here = "; ".join(n.describe(cal) for n in todo if n.board == board)
        self.set_status(f"{here}   — board {boards.index(board) + 1} of {len(boards)} needing attention (N: next)")
        return next(n for n in todo if n.board == board)

    def go_to_board_text(self, text: str) -> bool:
        """Go to the board named ``text`` (``3:F1905``); a clear status message if there is none."""
        cal = calendar_for(self._world())
        try:
            key = BoardKey.parse(text.strip())
        except (ValueError, KeyError) as e:
            key = _dated_board(text, cal)       # a civilisations game: '2: Fall 3250 BC' (RULES.md §10)
            if key is None:
                self.set_status(f"Not a board name: {e}", error=True)
                return False
        world = self._world()
        if world is None or key not in world.boards:
            self.set_status(f"There is no board {cal.board(key)} in this game.", error=True)
            return False
        self.goto_board(key)
        self.set_status(f"Board {cal.board(key)}.")
        return True

    def go_to_board_dialog(self) -> None:
        if self._match() is None:
            return
        dlg = QInputDialog(self._parent)
        dlg.setWindowTitle("Go to board")
        cal = calendar_for(self._world())
        dlg.setLabelText("Board (timeline: date, e.g. 2: Fall 3250 BC, or 3:F1905):" if cal.is_civ else
                         "Board (timeline:turn, e.g. 3:F1905):")
        fit_title(dlg)
        dlg.textValueSelected.connect(self.go_to_board_text)
        self._hold_prompt(dlg)
        dlg.open()

    def confirm_missing(self) -> bool:
        """Before submitting: retreats, builds or disbands missing, or no order given at all
        in a movement phase, are asked about (sandbox: each question can be turned off)."""
        needs = self.attention()
        owed = [n for n in needs if n.what != "orders"]
        if owed:
            return self._quiet("ask_missing") or self.ask_missing(owed)
        idle = [n for n in needs if n.what == "orders"]
        m = self._match()
        if idle and m.world.phase == "movement" and not m.pending(self._seat()):
            return self._quiet("ask_no_orders") or self.ask_missing(idle)
        return True

    def _quiet(self, setting: str) -> bool:
        """Did the player turn this question off? (Only in a sandbox: at a hotseat table
        the question guards the seat that is playing.)"""
        return not self._match().private and self.settings.value(setting, "true") == "false"

    def ask_missing(self, owed: list[Need]) -> bool:
        if all(n.what == "orders" for n in owed):
            return self._ask_no_orders(sum(n.count for n in owed))
        cal = calendar_for(self._world())
        lines = "\n".join(n.describe(cal) for n in owed[:8]) + (f"\n… and {len(owed) - 8} more" if len(owed) > 8 else "")
        box = QMessageBox(QMessageBox.Warning, "Orders missing",
                          "Some retreats, builds or disbands are not given yet:", QMessageBox.NoButton, self._parent)
        box.setInformativeText(lines + "\n\nUnits without a retreat are disbanded; missing builds are "
                               "waived; missing disbands are chosen by the rules.")
        go = box.addButton("Submit anyway", QMessageBox.AcceptRole)
        back = box.addButton("Go to the first", QMessageBox.RejectRole)
        return self._asked(box, go, back, "ask_missing")

    def _ask_no_orders(self, units: int) -> bool:
        m = self._match()
        who = m.seats[self._seat()].name if m.private else "You"
        done = "Done" if m.private else "Submit"
        box = QMessageBox(QMessageBox.Question, "No orders given",
                          f"{who} gave no orders: all {units} unit{'s' if units != 1 else ''} will hold.",
                          QMessageBox.NoButton, self._parent)
        box.setInformativeText(f"Ctrl+Enter again: {done.lower()} with every unit holding.\n"
                               "Esc: back to the boards to give orders.")
        go = box.addButton(f"{done}: all hold", QMessageBox.AcceptRole)
        back = box.addButton("Give orders", QMessageBox.RejectRole)
        for keys in ("Ctrl+Return", "Ctrl+Enter"):       # the key that asked answers yes
            QShortcut(QKeySequence(keys), box, activated=go.click)
        return self._asked(box, go, back, "ask_no_orders")

    def _asked(self, box: QMessageBox, go, back, setting: str) -> bool:
        box.setDefaultButton(back)
        box.setEscapeButton(back)
        never = None
        if not self._match().private:
            never = QCheckBox("Don't ask again (sandbox)")
            box.setCheckBox(never)
        self._hold_prompt(box)
        box.exec()
        self._hold_prompt(None)
        if box.clickedButton() is go:
            if never is not None and never.isChecked():
                self.settings.setValue(setting, "false")
            return True
        self.last_visited = None
        self.next_attention()
        return False


def _dated_board(text: str, cal) -> BoardKey | None:
    """A board named by its timeline and a date as the calendar shows it, or None."""
    head, sep, date = text.partition(":")
    if not cal.is_civ or not sep or not head.strip().isdigit():
        return None
    try:
        return BoardKey(int(head), cal.parse(date.strip()))
    except ValueError:
        return None
