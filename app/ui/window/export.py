"""What File → Export draws: the view or one board as PNG (at 1×, 2× or 4× the screen's
resolution) or SVG, the game's orders and results as text. The menu that asks where and
writes the file is :mod:`.export_menu`; PDF and paper are :mod:`.printing`; the whole
multiverse is :mod:`.export_multiverse`; what an export will be, for its options' dialog,
:mod:`.export_sizes`.

What is exported is what the player at the table may see, never more: the images are
drawn from the window's own scene (the seat's fog of war, only its own pending orders),
and the transcript (:mod:`app.engine.notation.transcript`) holds past submissions only, seen
through the seat's fog when the game has it. Under fog of war nothing is exported while
no seat is at the table.

Each export writes its bytes through a temporary file and a rename; a failure (no
permission, disk full, a folder that does not exist) is a message naming the file.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QApplication

from app.engine import BoardKey, civ_of, format_transcript
from app.match.match import seat_view

from .settle import settle
from .. import disk
from ..multiverse.map_art import paint_board, render_board_image

BOARD_WIDTH = 1600       # pixels across a board exported as PNG
CAPTION_H = 44           # the caption strip above an exported board (PNG pixels; SVG map units scaled alike)


class ExportError(Exception):
    """An export that could not be made; the message is for the player."""


# -- writing ------------------------------------------------------------------------------


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` through a temporary file in the same folder and a rename; raises
    :class:`ExportError` naming the file on any OS error."""
    try:
        disk.write_bytes_atomic(path, data)
    except OSError as e:
        raise ExportError(f"Cannot write {path}: {e.strerror or e}") from None


def png_bytes(img: QImage) -> bytes:
    try:
        return disk.image_bytes(img, "PNG")
    except ValueError:
        raise ExportError("The image could not be encoded as PNG") from None


def _svg_bytes(size: QSize, view_box: QRectF, title: str, draw) -> bytes:
    """An SVG document of ``size`` drawn by ``draw(painter)`` in ``view_box`` coordinates."""
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.WriteOnly)
    gen = QSvgGenerator()
    gen.setOutputDevice(buf)
    gen.setSize(size)
    gen.setViewBox(view_box)
    gen.setResolution(96)          # CSS pixels: the size in a browser is the size given
    gen.setTitle(title)
    gen.setDescription("Exported from 5D Diplomacy")
    p = QPainter(gen)
    try:
        draw(p)
    finally:
        p.end()
    buf.close()
    return bytes(data)


# -- what may be exported -----------------------------------------------------------------


def check_seated(w) -> None:
    m = w.match
    if m is None:
        raise ExportError("There is no game to export.")
    if m.fog and w.seat is None and m.world.phase != "over":
        raise ExportError("Under fog of war the export shows what the seat at the table sees: "
                          "take a seat first.")


def seated(w, doing: str = "export") -> bool:
    """Whether the seat at the table may export (or print) now; if not, the player is told
    why (``doing``: the word for it in the message's title)."""
    try:
        check_seated(w)
    except ExportError as e:
        w.show_message(f"Cannot {doing}", str(e))
        return False
    return True


def board_under_cursor(w) -> BoardKey | None:
    """The board to export: the one under the mouse, else the selected unit's, else the one
    in the middle of the view, else the first active board."""
    if w.view is None or w.world is None:
        return None
    vp = w.view.viewport()
    pos = vp.mapFromGlobal(vp.cursor().pos())
    candidates = []
    if vp.rect().contains(pos):
        candidates.append(w.scene.key_at(w.view.mapToScene(pos)))
    if w.entry is not None and w.entry.unit is not None:
        candidates.append(w.entry.unit.board)
    candidates.append(w.scene.key_at(w.view.mapToScene(vp.rect().center())))
    for key in candidates:
        if key is not None and key in w.world.boards:
            return key
    active = w.world.active_boards()
    return active[0] if active else None


def board_state(w, key: BoardKey):
    item = w.scene.items_by_key.get(key) if w.scene is not None else None
    if item is None or w.world is None or key not in w.world.boards:
        raise ExportError(f"There is no board {key} on screen.")
    return item.current_state()


def board_caption(w, key: BoardKey) -> str:
    seat = ""
    if w.match.fog and w.seat is not None and w.match.world.phase != "over":
        seat = f" — as {w.match.seats[w.seat].name} sees it"
    return f"{w.game.variant.title} · timeline {key.timeline} · {key.turn.title} ({key}){seat}"


def _paint_caption(p: QPainter, w, key: BoardKey, width: float, height: float) -> None:
    dark = w.theme.name == "dark"
    p.fillRect(QRectF(0, 0, width, height), QColor("#1f2329" if dark else "#f3f4f6"))
    f = QFont(QApplication.font())
    f.setPixelSize(max(8, int(height * 0.45)))
    f.setBold(True)
    p.setFont(f)
    p.setPen(QColor("#e9ecef" if dark else "#212529"))
    p.drawText(QRectF(height * 0.3, 0, width - height * 0.6, height), Qt.AlignVCenter | Qt.AlignLeft, board_caption(w, key))


# -- the exports -----------------------------------------------------------------------------


def board_image(w, key: BoardKey, width: int = BOARD_WIDTH, scale: int = 1) -> QImage:
    """Board ``key`` as the window shows it (orders, results, fog, names), with a caption
    strip; ``scale``: 2× or 4× the pixels (and the names and caption as large)."""
    check_seated(w)
    state = board_state(w, key)
    art = w.scene.art
    width, caption = width * scale, CAPTION_H * scale
    height = round(width * art.rect.height() / art.rect.width())
    img = QImage(width, height + caption, QImage.Format_ARGB32_Premultiplied)
    if img.isNull():
        raise ExportError(f"There is not enough memory for a board {width:,} pixels wide.")
    img.fill(Qt.white)
    p = QPainter(img)
    p.setRenderHint(QPainter.Antialiasing)
    p.setRenderHint(QPainter.TextAntialiasing)
    _paint_caption(p, w, key, width, caption)
    if scale == 1:
        p.drawImage(0, caption, render_board_image(art, state, width, labels=True))
    else:               # drawn as vectors straight into the image: no full-size layers to hold besides
        s = width / art.rect.width()
        p.translate(0, caption)
        p.scale(s, s)
        p.setClipRect(art.rect)
        paint_board(p, art, state, detail=True, text_scale=scale)
    p.end()
    return img


def board_svg(w, key: BoardKey) -> bytes:
    """Board ``key`` drawn as vectors (map units), with a caption strip."""
    check_seated(w)
    state = board_state(w, key)
    art = w.scene.art
    mw, mh = art.rect.width(), art.rect.height()
    cap = CAPTION_H * mw / BOARD_WIDTH

    def draw(p: QPainter) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        _paint_caption(p, w, key, mw, cap)
        p.translate(0, cap)
        p.setClipRect(QRectF(0, 0, mw, mh))
        paint_board(p, art, state, detail=True)
    return _svg_bytes(QSize(round(mw), round(mh + cap)), QRectF(0, 0, mw, mh + cap), board_caption(w, key), draw)


def view_image(w, scale: int = 1) -> QImage:
    """The view as on screen (boards, arrows, headers), at ``scale`` times the view's pixel
    size: at 2× or 4× the boards are drawn from images of that size and the names, frames
    and headers are that much larger, as on a screen with that many more pixels."""
    check_seated(w)
    settle(w, whole_overview=True)   # sharp images in view, every far miniature
    vp = w.view.viewport()
    if scale == 1:
        return vp.grab().toImage()
    img = QImage(vp.width() * scale, vp.height() * scale, QImage.Format_ARGB32_Premultiplied)
    cache = w.scene.cache
    w.scene.text_scale = w.view.export_scale = float(scale)
    try:
        for _ in range(12):            # a frame asks for the images its size needs; then again, drawn from them
            img.fill(w.theme.background)
            p = QPainter(img)
            w.view.render(p, QRectF(0, 0, img.width(), img.height()), vp.rect())
            p.end()
            if not cache.busy():
                break
            cache.wait()
            QApplication.processEvents()
    finally:
        w.scene.text_scale = w.view.export_scale = 1.0
    return img


def view_svg(w) -> bytes:
    """The view as SVG: arrows, frames and headers as vectors, the boards as the images
    the view draws them with (embedded)."""
    check_seated(w)
    settle(w, whole_overview=True)   # sharp images in view, every far miniature
    vp = w.view.viewport()
    size = vp.size()
    rect = QRectF(0, 0, size.width(), size.height())

    def draw(p: QPainter) -> None:
        p.setRenderHint(QPainter.Antialiasing)
        w.view.render(p, rect, vp.rect())
    return _svg_bytes(size, rect, "5D Diplomacy", draw)


def transcript_job(w):
    """What the transcript needs, taken now on the GUI thread (the seat, its sight, a
    snapshot of the game); returns a function that makes the text anywhere (a worker)."""
    check_seated(w)
    m = w.match
    view = own = None
    heading = [f"Mode: {m.mode}" + (", fog of war" if m.fog else "")]
    civ = civ_of(m.world) is not None and m.world.phase != "over"     # RULES.md §10: who plays is not told
    if (len(m.seats) > 1 or not m.sandbox_seat) and not civ:
        heading.append("Seats: " + "; ".join(f"{s.name} ({', '.join(s.nations)})" for s in m.seats))
    nations = None
    if m.fog and m.world.phase != "over":
        nations = tuple(m.nations_of(w.seat))
        heading.append(f"As {m.seats[w.seat].name} sees it (fog of war): other nations' orders are shown "
                       "only where they could be seen.")
    elif w.view_as and m.world.phase != "over":
        nations = (w.view_as,)
        heading.append(f"As {w.view_as} sees it (fog of war).")
    if nations is not None:       # seat_view: a civilisations game also leaves the unmet unnamed
        view, own = (lambda world: seat_view(world, nations, True)), nations
    game = m.game.snapshot()      # the game may go on while a worker writes
    return lambda: format_transcript(game, view, own, heading)


def transcript_text(w) -> str:
    """The game's orders and results, as the seat at the table may see them."""
    return transcript_job(w)()
