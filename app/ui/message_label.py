"""A label for a short message that is plain, an error or a success, in a colour that can be
read on the theme it is shown on.

One red for both themes was too dark on the dark theme (#e03131 on its window colour is a
contrast of about 3:1; small text wants 4.5:1). The label looks at the application's palette
whenever it changes, so it follows a theme switch while it is shown, and the dialogs, panels and status line that show
errors all draw them the same way.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QLabel

from .guard import guarded
from .theme import DARK, LIGHT

Tone = Literal["plain", "error", "ok"]


def tone_colour(tone: Tone, dark: bool) -> str | None:
    """The text colour of ``tone`` on a light or dark background (None: the palette's own)."""
    theme = DARK if dark else LIGHT
    return {"plain": None, "error": theme.error_text, "ok": theme.ok_text}[tone]


class MessageLabel(QLabel):
    """A QLabel whose text is plain, an error or a success (``bold``: errors in bold)."""

    def __init__(self, text: str = "", tone: Tone = "plain", bold: bool = False, wrap: bool = True,
                 elide: bool = False, parent=None):
        super().__init__(text, parent)
        self.tone: Tone = tone
        self.bold = bold
        # one line that may be narrower than its text (the status line beside the province
        # name): it ends in "…" and the whole text is its tooltip, instead of being cut mid-word
        # and running into its neighbour, or pushing the neighbours over each other
        self.elide = elide and not wrap
        self.setWordWrap(wrap)
        self._restyle()

    def show_message(self, text: str, tone: Tone = "plain") -> None:
        self.setText(text)
        self._update_tip()
        # The same tone is drawn in the theme's colour already (a theme switch restyles it:
        # changeEvent); restyling at every message cost the status line ~0.07 ms an order.
        if tone != self.tone:
            self.set_tone(tone)

    def set_tone(self, tone: Tone) -> None:
        self.tone = tone
        self._restyle()

    def shown_text(self) -> str:
        """The text as drawn: the whole of it, or (``elide``) as much as fits, ending in "…"."""
        if not self.elide:
            return self.text()
        return self.fontMetrics().elidedText(self.text(), Qt.ElideRight, self.contentsRect().width())

    def _update_tip(self) -> None:
        if self.elide:
            self.setToolTip(self.text() if self.shown_text() != self.text() else "")

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.minimumWidth(), hint.height()) if self.elide else hint

    @guarded
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._update_tip()

    @guarded
    def paintEvent(self, event) -> None:
        shown = self.shown_text()
        if shown == self.text():
            return super().paintEvent(event)
        p = QPainter(self)
        self.style().drawItemText(p, self.contentsRect(), int(self.alignment()), self.palette(), self.isEnabled(),
                                  shown, QPalette.WindowText)
        p.end()

    def colour(self) -> QColor:
        """The text colour shown now."""
        return self.palette().color(QPalette.WindowText)

    def _restyle(self) -> None:
        # A colour in the label's palette, not a style sheet: a sheet cuts the label off from
        # the application's palette, and it would not hear of a theme switch.
        app = QApplication.palette()
        wanted = tone_colour(self.tone, app.window().color().lightness() < 128)
        if wanted is None:
            # plain text is the palette's own: nothing of the label's, so it follows every theme
            # switch as its neighbours do (a colour copied from the palette stayed the old
            # theme's in a second window switched to dark: dark grey on dark grey)
            if self.palette().resolveMask():
                self.setPalette(QPalette())
        elif self.palette().color(QPalette.WindowText) != QColor(wanted):   # a change sends a palette event: don't loop
            pal = self.palette()
            pal.setColor(QPalette.WindowText, QColor(wanted))
            self.setPalette(pal)
        bold = self.bold and self.tone == "error"
        if self.font().bold() != bold:
            font = self.font()
            font.setBold(bold)
            self.setFont(font)

    @guarded
    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.PaletteChange, QEvent.ApplicationPaletteChange):
            # the theme was switched while shown
            self._restyle()
