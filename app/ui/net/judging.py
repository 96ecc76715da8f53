"""Judging a thrown play-out at a table across computers (RULES.md §9), in the window: when
the server opens a judging this seat must name in, the hotseat's own question
(:class:`~app.ui.table.judging_dialog.JudgingDialog`) asks this seat; its answer goes to the
server sealed (:mod:`app.net.remote_judging`). The outcome is shown as the hotseat shows
it: in the status bar, and a toast when everyone named the same nation (the banner and the
game's end come with the server's views). A judging that ends without this seat's answer
(the deadline ran out) takes its question down unanswered.
"""

from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMainWindow


class NetJudging(QObject):
    def __init__(self, parent: QMainWindow, set_status: Callable[..., None], show_toast: Callable[[str], None]):
        super().__init__(parent)
        self.main = parent
        self.set_status, self.show_toast = set_status, show_toast
        self.dialog = None               # the open question (tests answer it)

    def update(self, match, text: str = "") -> None:
        """The server said something of the judging (``text``: its news for the status bar)."""
        judging = match.table.judging
        if judging.due and self.dialog is None:
            self._ask(match)
        elif not judging.due and self.dialog is not None:
            self.close()
        if text:
            self.set_status(text)
        if text and judging.ended:
            self.show_toast(f"<b>{judging.ended} wins</b><br>every seat named {judging.ended}")

    def _ask(self, match) -> None:
        from ..table.judging_dialog import JudgingDialog
        judging = match.table.judging
        self.dialog = dlg = JudgingDialog(match, self.main, note=judging.note)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.accepted.connect(lambda: self._answered(match, dlg, dlg.votes()))
        dlg.rejected.connect(lambda: self._answered(match, dlg, None))
        dlg.open()

    def _answered(self, match, dlg, votes: dict[int, str] | None) -> None:
        if dlg is not self.dialog:
            return                       # taken down by the server's word, not answered
        self.dialog = None
        judging = match.table.judging
        if votes is None:
            judging.play_on()
            self.set_status("You named no winner: this season's judging cannot agree. Waiting for the other seats…")
        else:
            from app.match.table.judging import JudgingError
            try:
                judging.judge(votes)
            except JudgingError as e:          # the judging moved on meanwhile
                self.set_status(f"Not sent: {e}.", error=True)
            else:
                self.set_status(f"You named {votes.get(match.me)}, sealed: the table is told the outcome once "
                                "every seat has named.")
        dlg.deleteLater()

    def close(self) -> None:
        """Take the question down unanswered (the judging ended, or the table was left)."""
        dlg, self.dialog = self.dialog, None
        if dlg is not None:
            dlg.close()
            dlg.deleteLater()
