"""Acting on a big world: the next board needing attention (N), going to a board by name
(Ctrl+G), and the question before submitting with retreats, builds or disbands missing.
A mixin of the main window."""

from __future__ import annotations

from ..civ.names import calendar_for

from PySide6.QtWidgets import QCheckBox, QInputDialog, QMessageBox

from app.engine.coords import BoardKey

from ..screen_fit import fit_title

from app.match.attention import Need


class NavigationMixin:
    _attention_at: BoardKey | None = None

    def attention(self) -> list[Need]:
        """What the seat at the table still owes, board by board (nothing in a replay)."""
        return self.pending_shown.needs()

    def update_attention(self) -> None:
        self.pending_shown.update_attention()

    def next_attention(self) -> Need | None:
        """Go to the next active board (after the last one visited) that needs attention."""
        todo = self.attention()
        if not todo:
            self.set_status("No board needs attention: every unit has its order.")
            return None
        boards = sorted({n.board for n in todo})
        last = self._attention_at
        board = next((b for b in boards if last is None or b > last), boards[0])
        self._attention_at = board
        self.goto_board(board)
        cal = calendar_for(self.world)
        here = "; ".join(n.describe(cal) for n in todo if n.board == board)
        self.set_status(f"{here}   — board {boards.index(board) + 1} of {len(boards)} needing attention (N: next)")
        return next(n for n in todo if n.board == board)

    def go_to_board_text(self, text: str) -> bool:
        """Go to the board named ``text`` (``3:F1905``); a clear status message if there is none."""
        cal = calendar_for(self.world)
        try:
            key = BoardKey.parse(text.strip())
        except (ValueError, KeyError) as e:
            key = _dated_board(text, cal)       # a civilisations game: '2: Fall 3250 BC' (RULES.md §10)
            if key is None:
                self.set_status(f"Not a board name: {e}", error=True)
                return False
        if self.world is None or key not in self.world.boards:
            self.set_status(f"There is no board {cal.board(key)} in this game.", error=True)
            return False
        self.goto_board(key)
        self.set_status(f"Board {cal.board(key)}.")
        return True

    def go_to_board_dialog(self) -> None:
        if self.match is None:
            return
        dlg = QInputDialog(self)
        dlg.setWindowTitle("Go to board")
        cal = calendar_for(self.world)
        dlg.setLabelText("Board (timeline: date, e.g. 2: Fall 3250 BC, or 3:F1905):" if cal.is_civ else
                         "Board (timeline:turn, e.g. 3:F1905):")
        fit_title(dlg)
        dlg.textValueSelected.connect(self.go_to_board_text)
        self.prompt = dlg
        dlg.open()

    def confirm_missing(self) -> bool:
        """Before submitting: retreats, builds or disbands missing are asked about (sandbox:
        the question can be turned off)."""
        owed = [n for n in self.attention() if n.what != "orders"]
        if not owed or (not self.match.private and self.settings.value("ask_missing", "true") == "false"):
            return True
        return self.ask_missing(owed)

    def ask_missing(self, owed: list[Need]) -> bool:
        cal = calendar_for(self.world)
        lines = "\n".join(n.describe(cal) for n in owed[:8]) + (f"\n… and {len(owed) - 8} more" if len(owed) > 8 else "")
        box = QMessageBox(QMessageBox.Warning, "Orders missing",
                          "Some retreats, builds or disbands are not given yet:", QMessageBox.NoButton, self)
        box.setInformativeText(lines + "\n\nUnits without a retreat are disbanded; missing builds are "
                               "waived; missing disbands are chosen by the rules.")
        go = box.addButton("Submit anyway", QMessageBox.AcceptRole)
        back = box.addButton("Go to the first", QMessageBox.RejectRole)
        box.setDefaultButton(back)
        never = None
        if not self.match.private:
            never = QCheckBox("Don't ask again (sandbox)")
            box.setCheckBox(never)
        self.prompt = box
        box.exec()
        self.prompt = None
        if box.clickedButton() is go:
            if never is not None and never.isChecked():
                self.settings.setValue("ask_missing", "false")
            return True
        self._attention_at = None
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
