"""The order list, grouped by timeline and board, and the order console."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QPushButton, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

import re
from bisect import bisect_left

from app.engine import BoardKey, format_order, YEARS

from ..message_label import MessageLabel
from ..guard import guarded


_COORDINATE = re.compile(r"\b(\d+):([a-z_/]+):([SFW]\d{4,})\b")


def short_text(order, text: str | None = None) -> str:
    """The order without its own board's coordinates (other boards keep theirs). ``text``:
    :func:`format_order`'s text of it, when already made."""
    if text is None:
        text = format_order(order)
    prefix = f"{order.nation}: "
    if text.startswith(prefix):
        text = text[len(prefix):]
    b = order.board
    # one pattern for every board (a pattern per board filled re's cache at 10,000 boards)
    here = (str(b.timeline), str(b.turn))
    return _COORDINATE.sub(lambda m: m[2] if (m[1], m[3]) == here else m[0], text)


#: A list made again with more orders than this shows its timelines closed (see _rebuild).
OPEN_ROWS = 400


class OrdersPanel(QWidget):
    goto = Signal(object)             # BoardKey
    delete = Signal(object)           # order key (see app.match.order_key)
    edit = Signal(object, str)        # order key, its text
    entered = Signal(str)             # console text
    retitled = Signal(str)            # "Orders (3)", "Ada's orders (1)": the dock shows it as its title
    calendar = YEARS                  # how turns are named (RULES.md §10: a civilisations game's dates)

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        self.title = QLabel("Orders")
        _f = self.title.font(); _f.setBold(True); self.title.setFont(_f)
        lay.addWidget(self.title)
        self.tree = QTreeWidget()
        self.tree.setHeaderHidden(True)
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.itemClicked.connect(self._clicked)
        self.tree.itemDoubleClicked.connect(self._double)
        self.tree.itemExpanded.connect(self._expanded)
        self.tree.setToolTip("Click an order or board to go there; Delete removes the order; double-click edits it")
        lay.addWidget(self.tree, 1)
        row = QHBoxLayout()
        self.del_btn = QPushButton("Delete")
        self.del_btn.setToolTip("Remove the selected order (Delete)")
        self.del_btn.clicked.connect(self._delete_selected)
        self.edit_btn = QPushButton("Edit")
        self.edit_btn.setToolTip("Put the selected order into the console to change it")
        self.edit_btn.clicked.connect(self._edit_selected)
        row.addWidget(self.del_btn)
        row.addWidget(self.edit_btn)
        row.addStretch(1)
        lay.addLayout(row)
        lab = QLabel("Order console")
        _f = lab.font(); _f.setBold(True); lab.setFont(_f)
        lay.addWidget(lab)
        self.console = QLineEdit()
        self.console.setPlaceholderText("e.g.  A mun - tyr    F 1:lon:S1901 S A wal - bel    Enter to add")
        self.console.setToolTip("Type an order in notation (timeline:province:turn; parts may be left out) and press Enter")
        self.console.returnPressed.connect(self._enter)
        lay.addWidget(self.console)
        self.feedback = MessageLabel()
        self.feedback.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.feedback)
        QShortcut(QKeySequence.Delete, self.tree, self._delete_selected)
        self.count = 0
        self.feedback_ok = True
        self.icons = None   # nation -> QIcon, set by the window
        self._title = "Orders"
        self._clear()
        self._retitle()

    def set_orders(self, orders: dict, title: str = "Orders") -> None:
        """``orders``: {order key: Order}. Grouped by timeline, then board, each group in
        order. Only what changed since the last call is added or removed: entering one
        order among hundreds adds one row (rebuilding the list cost ~0.3 ms an order). A
        window that knows what changed calls :meth:`put` and :meth:`drop` instead."""
        self._title = title
        shown = self._shown
        gone = [k for k, o in shown.items() if orders.get(k) is not o]
        new = [k for k, o in orders.items() if shown.get(k) is not o]
        if not orders or not shown or len(gone) + len(new) > max(64, len(orders)):
            self._rebuild(orders)
            self._retitle()
            return
        for k in gone:
            self._remove(k, shown.pop(k))
        for k in new:
            self._add(k, orders[k])
            shown[k] = orders[k]
        self._retitle()

    def _rebuild(self, orders: dict) -> None:
        """The whole list made again (a new world, an undo that gives a turn's orders back):
        rows made apart from the tree and put in at once, each order printed once (row by
        row into the shown tree cost ~0.3 ms an order). Past :data:`OPEN_ROWS` orders the
        timelines come closed, each one's rows made when it is first opened or one of its
        orders changes (2000 rows cost ~0.2 s, more than an undo may take)."""
        self._clear()
        closed = len(orders) > OPEN_ROWS
        by_timeline: dict[int, list] = {}
        for k, o in orders.items():
            by_timeline.setdefault(o.board.timeline, []).append((k, o))
        self._shown.update(orders)
        tops = []
        for tl in sorted(by_timeline):
            pairs = by_timeline[tl]
            top = self._timeline_item()
            top.setData(0, Qt.UserRole, ("board", min(o.board for _k, o in pairs)))
            self._tl_items[tl], self._tl_boards[tl], self._tl_count[tl] = top, [], len(pairs)
            n = len(pairs)
            top.setText(0, f"Timeline {tl}  ·  {n} order{'s' if n != 1 else ''}")
            if closed:             # printed and sorted when opened: an undo of 2000 orders prints none
                top.setChildIndicatorPolicy(QTreeWidgetItem.ShowIndicator)
                self._later[tl] = pairs
            else:
                self._make_rows(tl, _in_order(pairs))
            tops.append(top)
        self.tree.addTopLevelItems(tops)
        if not closed:
            self.tree.expandToDepth(1)      # timelines and boards open, as _add leaves them

    def _make_rows(self, tl: int, rows) -> None:
        """A timeline's board and order rows, ``rows`` (order key, order, text) in order."""
        top = self._tl_items[tl]
        boards = self._tl_boards[tl]
        bi = None
        for k, o, text in rows:
            key = o.board
            if key not in self._board_items:
                bi = self._board_item(key)
                boards.append(key)
                top.addChild(bi)
                self._board_items[key], self._board_sort[key] = bi, []
            self._board_sort[key].append((o.nation, text))
            oi = self._order_item(k, o, text)
            bi.addChild(oi)
            self._order_items[k] = oi

    def _open_later(self, tl: int) -> None:
        """Make the rows of a timeline left closed by :meth:`_rebuild`, its boards open."""
        pairs = self._later.pop(tl, None)
        if pairs is None:
            return
        self._make_rows(tl, _in_order(pairs))
        for key in self._tl_boards[tl]:
            self._board_items[key].setExpanded(True)

    @guarded
    def _expanded(self, item: QTreeWidgetItem) -> None:
        d = item.data(0, Qt.UserRole)
        if d and d[0] == "board" and item.parent() is None:
            self._open_later(d[1].timeline)

    def _timeline_item(self) -> QTreeWidgetItem:
        top = QTreeWidgetItem([""])
        f = top.font(0)
        f.setBold(True)
        top.setFont(0, f)
        return top

    def _board_item(self, key: BoardKey) -> QTreeWidgetItem:
        cal = self.calendar
        bi = QTreeWidgetItem([cal.board(key) if cal.is_civ else f"{key}  {cal.title(key.turn)}"])
        bi.setData(0, Qt.UserRole, ("board", key))
        return bi

    def _order_item(self, k, o, text: str) -> QTreeWidgetItem:
        oi = QTreeWidgetItem([f"{o.nation[:3]}  {short_text(o, text)}"])
        if self.icons is not None:
            oi.setIcon(0, self.icons(o.nation))
        oi.setData(0, Qt.UserRole, ("order", k, text, o.board))
        oi.setToolTip(0, text + "\nClick: go to the board · Delete: remove · double-click: edit")
        return oi

    def put(self, k, order) -> None:
        """One order given (or replacing the one under the same key): one row."""
        old = self._shown.get(k)
        if old is order:
            return
        if old is not None:
            self._remove(k, old)
        self._add(k, order)
        self._shown[k] = order
        self._retitle()

    def drop(self, k) -> None:
        """One order taken back: its row goes."""
        old = self._shown.pop(k, None)
        if old is not None:
            self._remove(k, old)
            self._retitle()

    @property
    def heading(self) -> str:
        """Whose orders the panel lists ("Orders", "Ada's orders"), without the count."""
        return self._title

    def _retitle(self) -> None:
        self.count = len(self._shown)
        self.title.setText(f"{self._title} ({self.count})")
        self.retitled.emit(self.title.text())

    def _clear(self) -> None:
        self.tree.clear()
        self._shown: dict = {}                               # order key -> order shown
        self._order_items: dict = {}                         # order key -> its row
        self._board_items: dict[BoardKey, QTreeWidgetItem] = {}
        self._board_sort: dict[BoardKey, list] = {}          # each board's rows' sort keys, in order
        self._tl_items: dict[int, QTreeWidgetItem] = {}
        self._tl_boards: dict[int, list[BoardKey]] = {}      # each timeline's boards, in order
        self._tl_count: dict[int, int] = {}
        self._later: dict[int, list] = {}                    # closed timeline -> its (key, order) pairs, rows made when opened

    def _add(self, k, o) -> None:
        key = o.board
        tl = key.timeline
        self._open_later(tl)
        top = self._tl_items.get(tl)
        if top is None:
            top = self._timeline_item()
            self.tree.insertTopLevelItem(bisect_left(sorted(self._tl_items), tl), top)
            top.setExpanded(True)
            self._tl_items[tl], self._tl_boards[tl], self._tl_count[tl] = top, [], 0
        bi = self._board_items.get(key)
        if bi is None:
            bi = self._board_item(key)
            boards = self._tl_boards[tl]
            i = bisect_left(boards, key)
            boards.insert(i, key)
            top.insertChild(i, bi)
            bi.setExpanded(True)
            top.setData(0, Qt.UserRole, ("board", boards[0]))
            self._board_items[key], self._board_sort[key] = bi, []
        text = format_order(o)
        oi = self._order_item(k, o, text)
        sort = self._board_sort[key]
        i = bisect_left(sort, (o.nation, text))
        sort.insert(i, (o.nation, text))
        bi.insertChild(i, oi)
        self._order_items[k] = oi
        self._count(tl, +1)

    def _remove(self, k, o) -> None:
        key = o.board
        tl = key.timeline
        self._open_later(tl)
        oi = self._order_items.pop(k)
        bi = self._board_items[key]
        i = bi.indexOfChild(oi)
        bi.takeChild(i)
        del self._board_sort[key][i]
        top = self._tl_items[tl]
        if bi.childCount() == 0:
            top.takeChild(top.indexOfChild(bi))
            self._tl_boards[tl].remove(key)
            del self._board_items[key], self._board_sort[key]
            if self._tl_boards[tl]:
                top.setData(0, Qt.UserRole, ("board", self._tl_boards[tl][0]))
        self._count(tl, -1)

    def _count(self, tl: int, delta: int) -> None:
        n = self._tl_count[tl] = self._tl_count[tl] + delta
        top = self._tl_items[tl]
        if n == 0:
            self.tree.takeTopLevelItem(self.tree.indexOfTopLevelItem(top))
            del self._tl_items[tl], self._tl_boards[tl], self._tl_count[tl]
        else:
            top.setText(0, f"Timeline {tl}  ·  {n} order{'s' if n != 1 else ''}")

    def order_texts(self) -> list[str]:
        out = []
        it = self.tree.invisibleRootItem()
        stack = [it]
        while stack:
            x = stack.pop()
            for i in range(x.childCount()):
                c = x.child(i)
                d = c.data(0, Qt.UserRole)
                if d and d[0] == "order":
                    out.append(d[2])
                stack.append(c)
        out.extend(format_order(o) for pairs in self._later.values() for _k, o in pairs)   # closed timelines
        return out

    def _clicked(self, item, _col) -> None:
        d = item.data(0, Qt.UserRole)
        if d:
            self.goto.emit(d[1] if d[0] == "board" else d[3])

    def _double(self, item, _col) -> None:
        d = item.data(0, Qt.UserRole)
        if d and d[0] == "order":
            self.edit.emit(d[1], d[2])

    def _selected(self):
        item = self.tree.currentItem()
        d = item.data(0, Qt.UserRole) if item else None
        return d if d and d[0] == "order" else None

    def _delete_selected(self) -> None:
        d = self._selected()
        if d:
            self.delete.emit(d[1])

    def _edit_selected(self) -> None:
        d = self._selected()
        if d:
            self.edit.emit(d[1], d[2])

    def _enter(self) -> None:
        text = self.console.text().strip()
        if text:
            self.entered.emit(text)

    def show_feedback(self, text: str, ok: bool) -> None:
        self.feedback_ok = ok
        self.feedback.show_message(text, "ok" if ok else "error")


def _in_order(pairs: list) -> list[tuple]:
    """(order key, order, text) of ``pairs`` (order key, order), each order printed once,
    by board, nation and text: the order the list shows them in."""
    rows = [(k, o, format_order(o)) for k, o in pairs]
    rows.sort(key=lambda r: (r[1].board, r[1].nation, r[2]))
    return rows
