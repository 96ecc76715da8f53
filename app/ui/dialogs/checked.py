"""A dialog that checks its answers before it closes."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from ..guard import guarded


class CheckedDialog(QDialog):
    """OK closes the dialog only when :meth:`problem` finds nothing; otherwise the problem is
    shown in ``self.error`` (a label the subclass makes), and from then on every change
    checks again, so a fixed problem goes and the next one shows."""

    def problem(self) -> str | None:
        """What is wrong with the answers, in a player's words; None when they will do."""
        raise NotImplementedError

    @guarded
    def _accept(self, *_) -> None:
        p = self.problem()
        if p:
            self.error.setText(p)
            return
        self.accept()

    @guarded
    def _recheck(self, *_) -> None:
        if self.error.text():
            self.error.setText(self.problem() or "")
