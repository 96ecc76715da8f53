"""Right-click menus on the board: on a unit, its order verbs (the keys H/M/S/C/D); on any
board, go to it and copy its name (``3:F1905``, what Go to board reads).

An event filter on the world view's viewport: the right button's click still cancels the
order being entered (:mod:`.clicks`), then the menu opens where it was pressed. A verb
selects the unit as a left click would, then acts as its key would, so the menu, the
keys and the clicks share one path and the engine's refusals read the same."""

from __future__ import annotations

from ..civ.names import shown_nation

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from app.engine import BoardKey, format_order, Location, Space

from ..guard import guarded

VERBS = (("hold", "Hold", "H"), ("move", "Move…", "M"), ("support", "Support…", "S"),
         ("convoy", "Convoy…", "C"), ("disband", "Disband", "D"))


class ContextMenus(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.w = window
        self.menu: QMenu | None = None      # the open menu (tests trigger its actions)

    def watch(self, view) -> None:
        view.viewport().installEventFilter(self)

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        if event.type() != QEvent.ContextMenu or self.w.view is None or obj is not self.w.view.viewport():
            return False
        self.open_at(self.w.view.mapToScene(event.pos()), event.globalPos())
        return True

    def open_at(self, pos: QPointF, screen: QPoint | None = None) -> QMenu | None:
        """Open the menu for the scene point ``pos`` (None where there is no board)."""
        w = self.w
        item = w.scene.item_at(pos) if w.scene is not None else None
        if item is None or w.match is None:
            return None
        key: BoardKey = item.key
        province = item.province_at(item.mapFromScene(pos))
        self.forget()
        menu = QMenu(w)
        world = w.world
        unit = world.unit_at(Location(key, province)) if province and key in world.boards else None
        if unit is not None:
            head = menu.addAction(f"{shown_nation(unit.nation)} {unit.type} {province} on {key}")
            head.setEnabled(False)
            for line in self._order_lines(world, key, province):
                menu.addAction(line).setEnabled(False)
            can = w.seat is not None and not w.busy and w.replay_index is None and not w.table.up
            mine = w.seat_nations() if w.seat is not None else set()
            if mine is not None and unit.nation not in mine:   # another seat's (or nation's) unit
                menu.addAction(f"{unit.nation}'s unit: not yours to order").setEnabled(False)
                verbs = ()
            elif not world.is_active(key):                    # a past board's orders are locked
                verbs = ()
            elif world.pause is not None:                    # retreats: where to, or disband
                verbs = (("move", "Retreat…", "M"), VERBS[-1])
            elif not world.boards[key].is_movement:        # Winter: a unit can only be disbanded
                verbs = VERBS[-1:]
            else:
                verbs = VERBS
            for verb, text, shortcut in verbs:
                act = menu.addAction(getattr(w.commands, verb).icon(), f"{text}\t{shortcut}")
                act.setEnabled(can)
                act.triggered.connect(lambda _=False, v=verb, p=QPointF(pos): self.order(p, v))
            menu.addSeparator()
        go = menu.addAction(f"Go to board {key}")
        go.triggered.connect(lambda _=False, k=key: w.goto_board(k))
        copy = menu.addAction(f"Copy its name “{key}”")
        copy.triggered.connect(lambda _=False, k=key: self.copy_name(k))
        w.studio.board_menu(menu, key)    # new sandbox from this board, edit its position (app/ui/studio)
        self.menu = menu
        menu.popup(screen if screen is not None else w.view.mapToGlobal(w.view.mapFromScene(pos)))
        return menu

    def forget(self) -> None:
        """Close and drop the last menu: one at a time, and none holding a seat's pending
        order behind the hotseat curtain."""
        if self.menu is not None:
            self.menu.close()
            self.menu.deleteLater()
            self.menu = None

    def _order_lines(self, world, key: BoardKey, province: str) -> list[str]:
        """What the unit was ordered and what became of it (a past board), and the order
        the seat at the table has pending for it."""
        out = []
        done = world.order_of(Space(key, province))
        if done is not None:
            order, result = done
            out.append(f"Ordered: {format_order(order, with_nation=False)} — {result.status}"
                       + (f": {result.reason}" if result.reason else ""))
        pending = self.w.pending.get(("unit", key, province)) if self.w.replay_index is None else None
        if pending is not None:
            out.append(f"Pending: {format_order(pending, with_nation=False)}")
        return out

    @guarded
    def order(self, pos: QPointF, verb: str) -> None:
        """Select the unit at ``pos`` as a left click does, then act as the verb's key does."""
        w = self.w
        if w.entry is None:
            return
        w.entry.cancel()
        w.clicks.on_click(pos, Qt.LeftButton.value)
        if w.entry.unit is None:         # refused (not yours, locked…): the click said why
            return
        if verb != "move":              # the click already lit up the moves
            w.clicks.key_order(verb)

    def copy_name(self, key: BoardKey) -> None:
        QGuiApplication.clipboard().setText(str(key))
        self.w.set_status(f"Copied “{key}”: Ctrl+G goes to a board by its name.")
