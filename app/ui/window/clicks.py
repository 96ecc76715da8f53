"""Clicks and keys on the board, forwarded to the order entry (:mod:`.order_entry`, no Qt)
and from there to the match. A mixin of the main window: it uses the window's ``match``,
``seat``, ``scene``, ``entry`` and ``set_status``."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMenu

from app.engine import BoardKey

from ..guard import guarded
from app.match.order_entry import Outcome


class ClickMixin:
    @guarded
    def on_click(self, pos: QPointF, button: int) -> None:
        if self.match is None or self.seat is None:
            return
        if self.busy:
            self._refuse("Adjudicating — please wait.", pos)
            return
        if self.replay_index is not None:
            self._refuse("You are watching the replay: go back to the present to give orders.", pos)
            return
        if button == Qt.RightButton.value:
            self.cancel_entry()
            return
        item = self.scene.item_at(pos)
        if item is None:
            self.entry.cancel()
            self._update_highlights()
            self.set_status(self.entry.hint())
            return
        local = item.mapFromScene(pos)
        self._handle(self.entry.click(item.key, item.province_at(local), local.x(), local.y(), self.scene.art), pos)

    def click_location(self, key: BoardKey, loc: str) -> Outcome:
        """Click at a location's unit anchor on a board (what a test or a script does)."""
        item = self.scene.items_by_key.get(key) or self.scene.ghosts.get(key)
        self._last_outcome = Outcome(None, "", refused=True)
        self.on_click(item.mapToScene(self.scene.art.unit_point(loc)), Qt.LeftButton.value)
        return self._last_outcome

    def _handle(self, out: Outcome, pos: QPointF | None = None) -> None:
        """Act on what a click or key did; ``pos``: the click (scene), for a refusal's bubble."""
        self._last_outcome = out
        if out.order is not None:
            if not self.add_order(out.order):           # the match refused it: say so here too
                self._refuse(self.last_status, pos)
        elif out.menu:
            self._show_build_menu(out)
        elif out.refused and out.message:
            self._refuse(out.message, pos)
        elif out.message:
            self.set_status(out.message)
        self._update_highlights()

    def _refuse(self, text: str, pos: QPointF | None = None) -> None:
        """A refusal: in the status bar and in a bubble by the click (``pos``, scene; None:
        by the mouse)."""
        self.set_status(text, error=True)
        if self.view is not None:
            self.view.show_refusal(text, QPointF(self.view.mapFromScene(pos)) if pos is not None else None)

    def _show_build_menu(self, out: Outcome) -> None:
        self.set_status(out.message)
        menu = QMenu(self)
        for choice in out.menu:
            utype, loc = choice.split()
            place = self.match.game.variant.place_name(loc)
            act = menu.addAction(("Build an army in " if utype == "A" else "Build a fleet in ") + place)
            act.triggered.connect(lambda _=False, c=choice, at=out.menu_at: self.choose_build(at, c))
        self._menu = menu
        menu.popup(QCursor.pos())

    def choose_build(self, at, choice: str) -> None:
        if self._menu is not None:
            self._menu.close()
        self._handle(self.entry.choose_build(at, choice))

    def key_order(self, what: str) -> None:
        if self.entry is None or self.busy or self.replay_index is not None or self.seat is None:
            return
        e = self.entry
        self._handle({"hold": e.key_hold, "move": e.key_move, "support": e.key_support,
                      "convoy": e.key_convoy, "disband": e.key_disband}[what]())

    def cancel_entry(self) -> None:
        if self.entry is not None:
            self.entry.cancel()
            self._update_highlights()
            self.set_status("Cancelled. " + self.entry.hint())

    def _update_highlights(self) -> None:
        if self.entry is None or self.scene is None:
            return
        marks, sel = self.entry.highlights()
        self.scene.set_ghosts(self.entry.ghosts if self.entry.stage.startswith(("support", "convoy")) else [])
        self.scene.set_highlights(marks, sel)
        self.view.show_targets(marks)             # edge markers for the targets out of view
        self.view.set_mode(self.entry.stage)      # the cursor names the order mode

