"""The order list, grouped by timeline and board, and the order console."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QLineEdit, QPushButton, QTreeWidget, QTreeWidgetItem,
                               QVBoxLayout, QWidget)

import re

from app.engine.coords import BoardKey
from app.engine.notation import format_order


def short_text(order) -> str:
    """The order without its own board's coordinates (other boards keep theirs)."""
    b = order.board
    text = format_order(order, with_nation=False)
    return re.sub(rf"\b{b.timeline}:([a-z_/]+):{b.turn}\b", r"\1", text)


class OrdersPanel(QWidget):
    goto = Signal(object)             # BoardKey
    delete = Signal(object)           # order key (see app.match.order_key)
    edit = Signal(object, str)        # order key, its text
    entered = Signal(str)             # console text

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
        self.feedback = QLabel("")
        self.feedback.setWordWrap(True)
        self.feedback.setTextInteractionFlags(Qt.TextSelectableByMouse)
        lay.addWidget(self.feedback)
        QShortcut(QKeySequence.Delete, self.tree, self._delete_selected)
        self.count = 0
        self.feedback_ok = True
        self.icons = None   # nation -> QIcon, set by the window

    def set_orders(self, orders: dict, title: str = "Orders") -> None:
        """``orders``: {order key: Order}. Grouped by timeline, then board."""
        self.tree.clear()
        self.count = len(orders)
        self.title.setText(f"{title} ({len(orders)})")
        by_tl: dict[int, dict[BoardKey, list]] = {}
        for k, o in orders.items():
            by_tl.setdefault(o.board.timeline, {}).setdefault(o.board, []).append((k, o))
        for tl in sorted(by_tl):
            n = sum(len(v) for v in by_tl[tl].values())
            top = QTreeWidgetItem([f"Timeline {tl}  ·  {n} order{'s' if n != 1 else ''}"])
            top.setData(0, Qt.UserRole, ("board", min(by_tl[tl])))
            f = top.font(0)
            f.setBold(True)
            top.setFont(0, f)
            self.tree.addTopLevelItem(top)
            for key in sorted(by_tl[tl]):
                bi = QTreeWidgetItem([f"{key}  {key.turn.title}"])
                bi.setData(0, Qt.UserRole, ("board", key))
                top.addChild(bi)
                for k, o in sorted(by_tl[tl][key], key=lambda ko: (ko[1].nation, format_order(ko[1]))):
                    oi = QTreeWidgetItem([f"{o.nation[:3]}  {short_text(o)}"])
                    if self.icons is not None:
                        oi.setIcon(0, self.icons(o.nation))
                    oi.setData(0, Qt.UserRole, ("order", k, format_order(o), o.board))
                    oi.setToolTip(0, format_order(o) + "\nClick: go to the board · Delete: remove · double-click: edit")
                    bi.addChild(oi)
            top.setExpanded(True)
            for i in range(top.childCount()):
                top.child(i).setExpanded(True)

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
        self.feedback.setText(text)
        self.feedback.setStyleSheet(f"color: {'#2f9e44' if ok else '#e03131'};")
