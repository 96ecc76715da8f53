"""Clicks and keys on the board, forwarded to the order entry (:mod:`app.match.order_entry`,
no Qt) and from there to the match.

:class:`ClickHandler` is a part of the window made with a parent and what it reads
(:class:`BoardInputs`, each a callable returning the current one: the window changes its
match, scene and order entry as games come and go). It gives an order through the
``add_order`` callback and speaks by signals: ``highlighted`` after the marks on the boards
changed (the toolbar shows the verb being clicked in), ``cancelling`` before it drops the
order being clicked in (the console drops an edit with it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu, QWidget

from app.engine import BoardKey

from ..guard import guarded
from app.match.order_entry import Outcome


@dataclass(frozen=True)
class BoardInputs:
    """What a click on the board reads, each when it is clicked."""
    match: Callable[[], object]          # the Match (None: no game)
    seat: Callable[[], int | None]       # the seat at the table (None: the curtain is up)
    scene: Callable[[], object]          # the WorldScene
    view: Callable[[], object]           # the WorldView
    entry: Callable[[], object]          # the OrderEntry of the game shown
    busy: Callable[[], bool]             # an adjudication is running
    replaying: Callable[[], bool]        # the history slider is in the past


class ClickHandler(QObject):
    highlighted = Signal()
    cancelling = Signal()

    def __init__(self, parent: QWidget, inputs: BoardInputs, add_order: Callable[[object], bool],
                 set_status: Callable[..., None], last_status: Callable[[], str]):
        super().__init__(parent)
        self._parent = parent               # the build menu opens over it
        self.inputs = inputs
        self.add_order = add_order          # False: the match refused it (and said why on the status bar)
        self.set_status = set_status
        self.last_status = last_status
        self.menu: QMenu | None = None      # the open "Build an army in …" menu
        self.last_outcome: Outcome | None = None

    @guarded
    def on_click(self, pos: QPointF, button: int) -> None:
        i = self.inputs
        if i.match() is None or i.seat() is None:
            return
        if i.busy():
            self.refuse("Adjudicating — please wait.", pos)
            return
        if i.replaying():
            self.refuse("You are watching the replay: go back to the present to give orders.", pos)
            return
        if button == Qt.RightButton.value:
            self.cancel_entry()
            return
        scene, entry = i.scene(), i.entry()
        item = scene.item_at(pos)
        if item is None:
            entry.cancel()
            self.update_highlights()
            self.set_status(entry.hint())
            return
        local = item.mapFromScene(pos)
        self.handle(entry.click(item.key, item.province_at(local), local.x(), local.y(), scene.art), pos)

    def click_location(self, key: BoardKey, loc: str) -> Outcome:
        """Click at a location's unit anchor on a board (what a test or a script does)."""
        scene = self.inputs.scene()
        item = scene.items_by_key.get(key) or scene.ghosts.get(key)
        self.last_outcome = Outcome(None, "", refused=True)
        self.on_click(item.mapToScene(scene.art.unit_point(loc)), Qt.LeftButton.value)
        return self.last_outcome

    def handle(self, out: Outcome, pos: QPointF | None = None) -> None:
        """Act on what a click or key did; ``pos``: the click (scene), for a refusal's bubble."""
        self.last_outcome = out
        if out.order is not None:
            if not self.add_order(out.order):           # the match refused it: say so here too
                self.refuse(self.last_status(), pos)
        elif out.menu:
            self._show_build_menu(out)
        elif out.refused and out.message:
            self.refuse(out.message, pos)
        elif out.message:
            self.set_status(out.message)
        self.update_highlights()

    def refuse(self, text: str, pos: QPointF | None = None) -> None:
        """A refusal: in the status bar and in a bubble by the click (``pos``, scene; None:
        by the mouse)."""
        self.set_status(text, error=True)
        view = self.inputs.view()
        if view is not None:
            view.show_refusal(text, QPointF(view.mapFromScene(pos)) if pos is not None else None)

    def _show_build_menu(self, out: Outcome) -> None:
        self.set_status(out.message)
        menu = QMenu(self._parent)
        variant = self.inputs.match().game.variant
        for choice in out.menu:
            utype, loc = choice.split()
            place = variant.place_name(loc)
            act = menu.addAction(("Build an army in " if utype == "A" else "Build a fleet in ") + place)
            act.triggered.connect(lambda _=False, c=choice, at=out.menu_at: self.choose_build(at, c))
        self.menu = menu
        menu.popup(QCursor.pos())

    def choose_build(self, at, choice: str) -> None:
        if self.menu is not None:
            self.menu.close()
        self.handle(self.inputs.entry().choose_build(at, choice))

    def key_order(self, what: str) -> None:
        i = self.inputs
        e = i.entry()
        if e is None or i.busy() or i.replaying() or i.seat() is None:
            return
        self.handle({"hold": e.key_hold, "move": e.key_move, "support": e.key_support,
                     "convoy": e.key_convoy, "disband": e.key_disband}[what]())

    def cancel_entry(self) -> None:
        """Esc, right click: drop the order being clicked in (and, by ``cancelling``, an edit)."""
        self.cancelling.emit()
        entry = self.inputs.entry()
        if entry is not None:
            entry.cancel()
            self.update_highlights()
            self.set_status("Cancelled. " + entry.hint())

    def drop_entry(self) -> None:
        """Drop the order being clicked in, saying nothing (a submission starts)."""
        self.inputs.entry().cancel()
        self.update_highlights()

    def update_highlights(self) -> None:
        entry, scene = self.inputs.entry(), self.inputs.scene()
        if entry is None or scene is None:
            self.highlighted.emit()
            return
        marks, sel = entry.highlights()
        scene.set_ghosts(entry.ghosts if entry.stage.startswith(("support", "convoy")) else [])
        scene.set_highlights(marks, sel)
        view = self.inputs.view()
        view.show_targets(marks)             # edge markers for the targets out of view
        view.set_mode(entry.stage)           # the cursor names the order mode
        self.highlighted.emit()
