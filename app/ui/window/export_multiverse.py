"""File → Export → The whole multiverse as PNG: every board, laid out as the view lays them
out (timelines in rows, turns in columns, forks and the orders between boards), in one
large image.

The size is planned first (:func:`plan`): a board 500, 1000 or 2000 pixels wide at 1×, 2×
or 4×; an image past :data:`MAX_PIXELS` (the memory it would take) is made smaller, and the
player is told so before anything starts; a world too large for even that is refused. The
drawing runs on a worker thread board by board, each board rendered at its exact size with
its names, with a progress dialog that can cancel it: the window never freezes. What is
drawn is what the seat at the table may see (the scene's fog of war).
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QProgressDialog

from ..guard import guarded
from ..multiverse.map_art import paint_arrow, render_board_image
from ..screen_fit import fit_title
from ..multiverse.state import board_state

BOARD_PX = {1: 500, 2: 1000, 4: 2000}    # a full board's width at 1×, 2×, 4×
MAX_PIXELS = 120_000_000                 # ~480 MB of image: larger is drawn smaller
MIN_BOARD_PX = 40                        # smaller than this a board says nothing: refused
MARGIN = 120.0                           # map units around the boards


@dataclass(frozen=True)
class Plan:
    scale: float            # image pixels per map unit
    text_scale: float       # the names' size, against the screen's at working size
    width: int
    height: int
    origin: QPointF         # the scene point at the image's top left
    refused: bool
    text: str               # what the player is told


def plan(w, k: int) -> Plan:
    """The image for ``k``× (1, 2 or 4): its size, or the largest that fits in memory."""
    scene = w.scene
    lay = scene.layout
    r = scene.board_rect().adjusted(-MARGIN, -MARGIN - lay.gap_y * 0.5, MARGIN, MARGIN)
    s = BOARD_PX[k] / lay.board_w
    width, height = math.ceil(r.width() * s), math.ceil(r.height() * s)
    text = ""
    wanted = width * height
    if wanted > MAX_PIXELS:
        s2 = s * math.sqrt(MAX_PIXELS / wanted) * 0.999
        w2, h2 = math.ceil(r.width() * s2), math.ceil(r.height() * s2)
        board_px = lay.board_w * s2
        if board_px < MIN_BOARD_PX:
            return Plan(s2, 1.0, w2, h2, r.topLeft(), True,
                        f"At {k}× the multiverse would be {width:,} × {height:,} pixels ({_mb(wanted)}). Even "
                        f"with each board only {MIN_BOARD_PX} pixels wide it would not fit in memory: export the "
                        "view instead (File → Export → The view as PNG).")
        text = (f"At {k}× the multiverse would be {width:,} × {height:,} pixels ({_mb(wanted)}), too large to "
                f"hold in memory: it will be {w2:,} × {h2:,} pixels ({_mb(w2 * h2)}), each board "
                f"{board_px:.0f} pixels wide. ")
        s, width, height = s2, w2, h2
    boards = len(w.world.boards)
    text += (f"{boards} board{'s' if boards != 1 else ''}: {width:,} × {height:,} pixels ({_mb(width * height)}). "
             "It is drawn in the background; you can cancel it.")
    return Plan(s, max(0.25, s * lay.board_w / BOARD_PX[1]), width, height, r.topLeft(), False, text)


def _mb(pixels: int) -> str:
    b = pixels * 4
    return f"{b / 2**30:.1f} GB" if b >= 2**30 else f"{b / 2**20:.0f} MB"


class _Signals(QObject):
    progress = Signal(int, int)      # boards drawn, boards
    done = Signal(str)               # "" or the error


class _Delivery(QObject):
    """Hands the worker's progress and result to the window while the window lives: its
    slots are methods of this child of the window, so Qt disconnects them when the window
    goes (a window closed during an export hears nothing, not an error)."""

    def __init__(self, parent, job: MultiverseJob, progress, finished):
        super().__init__(parent)
        self.job = job                   # kept alive until its result is handed over
        self._progress, self._finished = progress, finished

    @guarded
    def progress(self, done: int, total: int) -> None:
        self._progress(done, total)

    @guarded
    def done(self, error: str) -> None:
        self.deleteLater()
        self._finished(error)


class MultiverseJob:
    """The drawing, on a worker thread: everything it reads is taken on the GUI thread first."""

    def __init__(self, scene, world, p: Plan, path: Path):
        """``scene``: the WorldScene drawn from; ``world``: the world shown (the seat's sight)."""
        self.plan, self.path = p, Path(path)
        self.world = world
        self.art, self.layout, self.theme = scene.art, scene.layout, scene.theme
        self.unseen = dict(scene._unseen)
        self.active = set(self.world.active_boards())
        self.forks = [(QPainterPath(path).translated(0, 0), QPointF(end)) for _b, path, end, _t in scene.overlay.forks]
        self.arrows = [(QPointF(a), QPointF(b), QPointF(via) if via is not None else None, kind, QColor(colour))
                       for _b, a, b, via, kind, colour in scene.overlay.arrows]
        # the map's static layers at these widths are drawn here, on the GUI thread (MapArt.layers)
        self.widths = {max(8, round(self.layout.rect(k).width() * p.scale)) for k in self.world.boards}
        for width in self.widths:
            self.art.layers(width)
        self.signals = _Signals()
        self.progress_dialog: QProgressDialog | None = None     # shown by export_multiverse
        self.cancelled = False
        self.error = ""
        self.thread = threading.Thread(target=self._run, name="export-multiverse", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _run(self) -> None:
        try:
            self.error = self._draw()
        except MemoryError:
            self.error = "There is not enough memory for an image this large."
        except Exception as e:           # a fault of ours: said, and the app goes on
            self.error = f"The image could not be made: {e}"
        self.signals.done.emit(self.error)

    def _draw(self) -> str:
        p_ = self.plan
        img = QImage(p_.width, p_.height, QImage.Format_ARGB32_Premultiplied)
        if img.isNull():
            return "There is not enough memory for an image this large."
        img.fill(self.theme.background)
        lay, s, ts = self.layout, p_.scale, p_.text_scale
        p = QPainter(img)
        p.setRenderHint(QPainter.Antialiasing)
        p.setRenderHint(QPainter.SmoothPixmapTransform)
        p.scale(s, s)
        p.translate(-p_.origin)
        row_h = lay.board_h + lay.gap_y
        for t in self.world.timelines:                  # the bands of every other timeline, as in the view
            if t % 2 == 0:
                p.fillRect(QRectF(p_.origin.x(), lay.row_y(t) - lay.gap_y / 2, p_.width / s, row_h), self.theme.band)
        keys = sorted(self.world.boards)
        title = QFont(self.theme.font_family)
        title.setBold(True)
        title.setPixelSize(max(1, round(13 * ts / s)))
        for i, key in enumerate(keys):
            if self.cancelled:
                p.end()
                return "cancelled"
            rect = lay.rect(key)
            state = board_state(self.world, key, self.art, self.unseen.get(key, frozenset()))
            px = max(8, round(rect.width() * s))
            p.drawImage(rect, render_board_image(self.art, state, px, labels=True, text_scale=ts))
            active = key in self.active
            if not active:
                p.fillRect(rect, self.theme.past_dim)
            pen = QPen(self.theme.active_frame if active else self.theme.past_frame,
                       (4.0 if active else 1.2) * ts / s)
            p.setPen(pen)
            p.setBrush(Qt.NoBrush)
            p.drawRect(rect)
            p.setFont(title)
            p.setPen(self.theme.board_label)
            p.drawText(QRectF(rect.left(), rect.top() - 70, rect.width(), 62), Qt.AlignLeft | Qt.AlignBottom,
                       f"{key.timeline}:{key.turn}" + ("   active" if active else ""))
            if i % 4 == 3 or i == len(keys) - 1:
                self.signals.progress.emit(i + 1, len(keys))
        fork = QPen(self.theme.fork, max(8.0, 2.5 * ts / s), Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
        for path, end in self.forks:
            p.setPen(fork)
            p.setBrush(Qt.NoBrush)
            p.drawPath(path)
            h = max(36.0, 9 * ts / s)
            p.setPen(Qt.NoPen)
            p.setBrush(self.theme.fork)
            p.drawPolygon(QPolygonF([end, QPointF(end.x() - h, end.y() - h * 0.55), QPointF(end.x() - h, end.y() + h * 0.55)]))
        p.setOpacity(0.9)
        for a, b, via, kind, colour in self.arrows:
            paint_arrow(p, a, b, kind, colour, max(5.0, 1.8 * ts / s), curve=0.0 if via else 0.18, via=via)
        p.end()
        return self._write(img)

    def _write(self, img: QImage) -> str:
        """Encoded in memory, then written whole or not at all (app/ui/disk.py): Qt's writer
        names a full disk "Unknown error" or, filled part way, may leave a cut-off file."""
        from .. import disk
        try:
            disk.write_bytes_atomic(self.path, disk.image_bytes(img))
        except ValueError as e:
            return f"Cannot write {self.path}: {e}"
        except OSError as e:
            return f"Cannot write {self.path}: {e.strerror or e}"
        return ""


def export_multiverse(w, path, k: int = 1, show_progress: bool = True) -> MultiverseJob | None:
    """Start drawing the whole multiverse at ``k``× into ``path`` (PNG) in the background;
    the window shows its progress and says when the file is written. Returns the job (None
    when refused: the player is told why)."""
    from .export import seated
    if not seated(w):
        return None
    p = plan(w, k)
    if p.refused:
        w.show_message("Cannot export", p.text)
        return None
    job = MultiverseJob(w.scene, w.world, p, Path(path))
    n = len(job.world.boards)
    dlg = None
    if show_progress:
        dlg = QProgressDialog(f"Drawing {n} boards into {Path(path).name}…", "Cancel", 0, n, w)
        dlg.setWindowTitle("Exporting the multiverse")
        fit_title(dlg)
        dlg.setWindowModality(Qt.WindowModal)
        dlg.setMinimumDuration(300)
        dlg.setValue(0)
        dlg.canceled.connect(lambda: setattr(job, "cancelled", True))
        job.progress_dialog = dlg

    def progress(done: int, total: int) -> None:
        if dlg is not None:
            dlg.setValue(min(done, total - 1) if done < total else total - 1)
            if done >= total:
                dlg.setLabelText(f"Writing {Path(path).name}…")
        w.set_status(f"Exporting the multiverse: {done} of {total} boards drawn…")

    def finished(error: str) -> None:
        job.art.drop_layers(job.widths)          # an export's sizes are not kept
        if dlg is not None:
            dlg.reset()
            dlg.hide()
        if error == "cancelled":
            w.set_status("The multiverse export was cancelled; nothing was written.")
        elif error:
            w.show_message("Cannot export", error)
        else:
            w.set_status(f"Exported {path} ({p.width:,} × {p.height:,} pixels).")
    delivery = _Delivery(w, job, progress, finished)
    job.signals.progress.connect(delivery.progress)
    job.signals.done.connect(delivery.done)
    w.set_status(p.text)
    job.start()
    return job
