"""The end of the game (issue 33): how it ended, the centre chart over time and the story's
figures (:mod:`app.match.story`), and what the players may do next: keep looking (the game
stays open for replay and export), export the record, and in a sandbox play on.

The story is read on a worker thread from a snapshot of the game (a long game takes a
moment); until it arrives the screen says so. The screen decides nothing: it speaks by
signals, and the window does what they ask.
"""

from __future__ import annotations

import html
import threading

from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QFont, QPainter
from PySide6.QtWidgets import (QDialog, QHBoxLayout, QLabel, QPushButton, QScrollArea, QSizePolicy, QVBoxLayout,
                               QWidget)

from ..guard import guarded
from ..screen_fit import fit_to_screen
from ..studio.chart_art import paint_chart


class _Arrival(QObject):
    story = Signal(object)             # the Story, from the worker (delivered on the screen's thread)


class _StoryChart(QWidget):
    """The victory count of every nation after each submission."""

    def __init__(self, screen: "EndScreen"):
        super().__init__(screen)
        self._screen = screen
        self.setMinimumHeight(220)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(560, 300)

    @guarded
    def paintEvent(self, event) -> None:
        s, theme = self._screen, self._screen.theme_of()
        p = QPainter(self)
        p.fillRect(self.rect(), theme.base)
        if s.story is None:
            p.setPen(theme.text)
            p.drawText(self.rect(), Qt.AlignCenter, "Reading the game…")
        else:
            grid = theme.text.lighter(300) if theme.name == "light" else theme.text.darker(260)
            paint_chart(p, QRectF(self.rect()).adjusted(8, 8, -8, -8), s.story.chart, None, s.colours, theme.text,
                        grid, theme.font_family, title="Supply centres after each submission")
        p.end()

    @guarded
    def changeEvent(self, event) -> None:
        if event.type() == QEvent.PaletteChange:      # the window's theme changed: the chart follows
            self.update()
        super().changeEvent(event)


class EndScreen(QDialog):
    """Made with the window as parent; ``headline`` says how the game ended ("France wins",
    "Draw: England, France, Russia"); ``game`` is read on a worker thread (a snapshot);
    ``theme_of`` gives the window's theme now (the chart follows a change of theme)."""

    export_requested = Signal(str)     # ".gif" or ".pdf": the record to export
    play_on_requested = Signal()
    story_ready = Signal(object)       # the Story, once read

    def __init__(self, parent: QWidget, headline: str, game, theme_of, colours: dict[str, str],
                 can_play_on: bool = False, victory: bool = True):
        super().__init__(parent)
        self.setWindowTitle("The end of the game")
        self.setModal(False)
        self.theme_of, self.colours, self.headline = theme_of, colours, headline
        self.story = None
        lay = QVBoxLayout(self)
        self.title = QLabel(headline)
        f = QFont(self.title.font())
        f.setPixelSize(28)
        f.setBold(True)
        self.title.setFont(f)
        self.title.setWordWrap(True)
        lay.addWidget(self.title)
        self.subtitle = QLabel("")
        self.subtitle.setWordWrap(True)
        lay.addWidget(self.subtitle)
        self.chart = _StoryChart(self)
        lay.addWidget(self.chart, 3)
        self.figures = QLabel("")
        self.figures.setWordWrap(True)
        self.figures.setTextFormat(Qt.RichText)
        self.figures.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.NoFrame)
        scroll.setWidget(self.figures)
        lay.addWidget(scroll, 2)
        buttons = QHBoxLayout()
        self.keep_looking = QPushButton("Keep looking")
        self.keep_looking.setToolTip("Close this screen: the game stays open to replay and export")
        self.keep_looking.setDefault(True)
        self.keep_looking.clicked.connect(self.accept)
        self.export_gif = QPushButton("Export the animation (GIF)…")
        self.export_gif.setToolTip("An animated image of the boards each submission made")
        self.export_gif.clicked.connect(lambda: self.export_requested.emit(".gif"))
        self.export_pdf = QPushButton("Export the record (PDF)…")
        self.export_pdf.setToolTip("How the game ended, the chart and every turn's orders and results")
        self.export_pdf.clicked.connect(lambda: self.export_requested.emit(".pdf"))
        self.play_on = QPushButton("Play on from here")
        self.play_on.setToolTip("Take back the last submission and play on from the boards before it "
                                "(Ctrl+Shift+Z brings it back)")
        self.play_on.clicked.connect(self._play_on)
        self.play_on.setVisible(can_play_on)
        for b in (self.export_gif, self.export_pdf, self.play_on):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.keep_looking)
        lay.addLayout(buttons)
        fit_to_screen(self, 900, 660)
        # the carrier belongs to the window, which outlives the screen: a worker still reading
        # when the screen is closed and deleted emits on a live object, and the connection to
        # the screen is gone with it
        self._arrival = _Arrival(parent)
        self._arrival.story.connect(self._arrived)
        self._read(game.snapshot(), victory)

    def _read(self, snapshot, victory: bool) -> None:
        arrival = self._arrival

        def run() -> None:
            from app.match.story import story_of
            story = story_of(snapshot, victory=victory)
            try:
                arrival.story.emit(story)
            except RuntimeError:          # the window itself has gone: nobody to tell
                pass
        self._thread = threading.Thread(target=run, name="end-screen-story", daemon=True)
        self._thread.start()

    @guarded
    def _arrived(self, story) -> None:
        self._arrival.deleteLater()        # delivered: the window need not keep it
        self.story = story
        self.subtitle.setText(f"{story.variant}: {story.submissions} submissions, {story.boards} boards, "
                              f"{story.timelines} timeline{'s' if story.timelines != 1 else ''}.")
        self.figures.setText(figures_html(story, self.colours))
        self.chart.update()
        self.story_ready.emit(story)

    @guarded
    def _play_on(self) -> None:
        self.play_on_requested.emit()
        self.accept()


def figures_html(story, colours: dict[str, str]) -> str:
    """The nations' figures as a table, then the multiverse's."""
    several = story.timelines > 1
    rows = ["<tr><th align=left>Nation</th><th align=right>&nbsp;Centres</th>"
            + ("<th align=left>&nbsp;&nbsp;Best timeline</th><th align=left>&nbsp;&nbsp;Worst timeline</th>"
               if several else "")
            + "<th align=right>&nbsp;&nbsp;Time-travel moves</th></tr>"]
    for n in sorted(story.nations, key=lambda x: (-x.centres, x.nation)):
        swatch = f"<span style='color:{colours.get(n.nation, '#777')}'>■</span>"
        rows.append(f"<tr><td>{swatch} {html.escape(n.nation)}</td><td align=right>{n.centres}</td>"
                    + (f"<td>&nbsp;&nbsp;{n.best.timeline} ({n.best.centres})</td>"
                       f"<td>&nbsp;&nbsp;{n.worst.timeline} ({n.worst.centres})</td>" if several else "")
                    + f"<td align=right>{n.travels} ({n.travels_succeeded} succeeding)</td></tr>")
    out = ["<table cellspacing=2>" + "".join(rows) + "</table>"]
    out.append(f"<p><b>Longest timeline:</b> timeline {story.longest.timeline}, {story.longest.boards} boards.")
    fork = story.biggest_fork
    if fork is None:
        out.append("<br><b>Biggest fork:</b> none; no timeline ever branched.</p>")
    else:
        moves = ", ".join(html.escape(m) for m in fork.travels[:3])
        more = f" and {len(fork.travels) - 3} more" if len(fork.travels) > 3 else ""
        out.append(f"<br><b>Biggest fork:</b> submission {fork.number} ({fork.label}) started {fork.new_timelines} "
                   f"timeline{'s' if fork.new_timelines != 1 else ''} and made {fork.new_boards} boards"
                   + (f": {moves}{more}" if moves else "") + ".</p>")
    return "".join(out)
