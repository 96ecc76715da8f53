"""Right-click menus on the board: on a unit, its order verbs (the keys H/M/S/C/D); on any
board, go to it and copy its name (``3:F1905``, what Go to board reads).

An event filter on the world view's viewport: the right button's click still cancels the
order being entered (:mod:`.clicks`), then the menu opens where it was pressed. A verb
selects the unit as a left click would, then acts as its key would, so the menu, the
keys and the clicks share one path and the engine's refusals read the same."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..civ.names import shown_nation

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu

from app.engine import BoardKey, format_order, Location, Space

from ..guard import guarded
from .clicks import BoardInputs, ClickHandler

VERBS = (("hold", "Hold", "H"), ("move", "Move…", "M"), ("support", "Support…", "S"),
         ("convoy", "Convoy…", "C"), ("disband", "Disband", "D"))


@dataclass(frozen=True)
class MenuServices:
    """What the board's menus read and ask for, besides what a click reads (``board``)."""
    board: BoardInputs                          # the match, seat, scene, view, order entry, busy, replay
    world: Callable[[], object]                 # the world shown (the seat's sight)
    curtain_up: Callable[[], bool]              # hotseat: the curtain covers the window
    seat_nations: Callable[[], set | None]      # the seat's nations (None: all)
    pending: Callable[[], dict]                 # the seat's pending orders
    verb_icon: Callable[[str], object]          # the toolbar icon of an order verb
    goto_board: Callable[[BoardKey], None]
    board_menu: Callable[[QMenu, BoardKey], None]   # the studio's entries for a board
    set_status: Callable[..., None]             # (text, error=False)


class ContextMenus(QObject):
    def __init__(self, parent, services: MenuServices, clicks: ClickHandler):
        """``parent``: the main window (menus open over it); ``clicks``: the board's click
        handler, which a verb goes through as a click and a key would."""
        super().__init__(parent)
        self._parent = parent
        self.s, self.b, self.clicks = services, services.board, clicks
        self.menu: QMenu | None = None      # the open menu (tests trigger its actions)

    def watch(self, view) -> None:
        view.viewport().installEventFilter(self)

    @guarded(default=False)
    def eventFilter(self, obj, event) -> bool:
        view = self.b.view()
        if event.type() != QEvent.ContextMenu or view is None or obj is not view.viewport():
            return False
        self.open_at(view.mapToScene(event.pos()), event.globalPos())
        return True

    def open_at(self, pos: QPointF, screen: QPoint | None = None) -> QMenu | None:
        """Open the menu for the scene point ``pos`` (None where there is no board)."""
        s, b = self.s, self.b
        scene = b.scene()
        item = scene.item_at(pos) if scene is not None else None
        if item is None or b.match() is None:
            return None
        key: BoardKey = item.key
        province = item.province_at(item.mapFromScene(pos))
        self.forget()
        menu = QMenu(self._parent)
        world = s.world()
        unit = world.unit_at(Location(key, province)) if province and key in world.boards else None
        if unit is not None:
            head = menu.addAction(f"{shown_nation(unit.nation)} {unit.type} {province} on {key}")
            head.setEnabled(False)
            for line in self._order_lines(world, key, province):
                menu.addAction(line).setEnabled(False)
            seat = b.seat()
            can = seat is not None and not b.busy() and not b.replaying() and not s.curtain_up()
            mine = s.seat_nations() if seat is not None else set()
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
                act = menu.addAction(s.verb_icon(verb), f"{text}\t{shortcut}")
                act.setEnabled(can)
                act.triggered.connect(lambda _=False, v=verb, p=QPointF(pos): self.order(p, v))
            menu.addSeparator()
        go = menu.addAction(f"Go to board {key}")
        go.triggered.connect(lambda _=False, k=key: s.goto_board(k))
        copy = menu.addAction(f"Copy its name “{key}”")
        copy.triggered.connect(lambda _=False, k=key: self.copy_name(k))
        s.board_menu(menu, key)    # new sandbox from this board, edit its position (app/ui/studio)
        self.menu = menu
        view = b.view()
        menu.popup(screen if screen is not None else view.mapToGlobal(view.mapFromScene(pos)))
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
        pending = self.s.pending().get(("unit", key, province)) if not self.b.replaying() else None
        if pending is not None:
            out.append(f"Pending: {format_order(pending, with_nation=False)}")
        return out

    @guarded
    def order(self, pos: QPointF, verb: str) -> None:
        """Select the unit at ``pos`` as a left click does, then act as the verb's key does."""
        entry = self.b.entry()
        if entry is None:
            return
        entry.cancel()
        self.clicks.on_click(pos, Qt.LeftButton.value)
        if entry.unit is None:         # refused (not yours, locked…): the click said why
            return
        if verb != "move":              # the click already lit up the moves
            self.clicks.key_order(verb)

    def copy_name(self, key: BoardKey) -> None:
        QGuiApplication.clipboard().setText(str(key))
        self.s.set_status(f"Copied “{key}”: Ctrl+G goes to a board by its name.")
