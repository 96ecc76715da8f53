"""File → Export ▸ and File → Print ▸: the menus' entries, built with the window; what they
do (:mod:`.export`, :mod:`.printing`: Qt's SVG, PDF and print support, the board painter) is
imported when an entry is first chosen, not at the window's start (issue 24)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from ..guard import guarded
from .export_kinds import EXPORTS

PRINTS = (("view", "The view…"), ("board", "One board…"), ("orders", "Orders and results…"))


@dataclass(frozen=True)
class ExportMenus:
    export_menu: QMenu
    export_actions: dict[str, QAction]      # by kind (EXPORTS)
    print_menu: QMenu
    print_actions: dict[str, QAction]       # by what (PRINTS)


def add_export_actions(w, file_menu: QMenu) -> ExportMenus:
    """Add File → Export ▸ and File → Print ▸ to ``file_menu`` (their entries are enabled
    while a game is open)."""
    menu = file_menu.addMenu("E&xport")
    actions: dict[str, QAction] = {}
    for what, (label, _, _, tip) in EXPORTS.items():
        a = menu.addAction(label)
        a.setStatusTip(tip)
        a.setToolTip(tip)
        a.triggered.connect(lambda _=False, what=what: _export(w, what))
        actions[what] = a
    menu.aboutToShow.connect(lambda: [a.setEnabled(w.match is not None) for a in actions.values()])
    print_menu, print_actions = add_print_menu(w, file_menu)
    return ExportMenus(menu, actions, print_menu, print_actions)


def add_print_menu(w, file_menu: QMenu) -> tuple[QMenu, dict[str, QAction]]:
    """File → Print ▸ (disabled, with a tip, where Qt's print support is missing)."""
    menu = file_menu.addMenu("&Print")
    actions: dict[str, QAction] = {}
    for what, label in PRINTS:
        a = menu.addAction(label)
        a.triggered.connect(lambda _=False, what=what: _print(w, what))
        actions[what] = a
    menu.aboutToShow.connect(lambda: _print_menu_shown(w, menu, actions))
    return menu, actions


@guarded
def _export(w, what: str) -> None:
    from .export_menu import export_dialog
    export_dialog(w, what)


@guarded
def _print(w, what: str) -> None:
    from .printing import print_dialog
    print_dialog(w, what)


@guarded
def _print_menu_shown(w, menu: QMenu, actions: dict[str, QAction]) -> None:
    from .printing import printing_available
    available = printing_available()
    if not available:
        menu.setToolTip("This installation of Qt has no print support: use File → Export → … as PDF")
    for a in actions.values():
        a.setEnabled(w.match is not None and available)
