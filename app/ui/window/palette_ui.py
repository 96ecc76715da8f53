"""View → Colour-vision-safe colours: the nations drawn in a palette that stays apart for
colour-vision deficiencies, and letters on the units of nations whose colours lie close
(:mod:`app.ui.multiverse.nation_look`). The choice is remembered (``palette`` in the
window's QSettings) and applies to every board, miniature, swatch and arrow."""

from __future__ import annotations

from PySide6.QtGui import QAction

from ..guard import guarded
from ..multiverse import nation_look


def add_palette_action(w, menu) -> QAction:
    """Add the checkable action to ``menu`` (the View menu) and apply the remembered choice."""
    a = QAction("Colour-vision-safe colours", w)
    a.setCheckable(True)
    a.setStatusTip("Draw the nations in colours that stay apart for colour-vision deficiencies; "
                   "nations whose colours are close carry their initials on their units")
    a.setToolTip(a.statusTip())
    on = str(w.settings.value("palette", "map")) == "safe"
    nation_look.set_safe(on)
    a.setChecked(on)
    a.toggled.connect(lambda checked: set_palette(w, checked))
    menu.addAction(a)
    return a


@guarded
def set_palette(w, safe: bool) -> None:
    """Switch the palette and draw everything again in it."""
    nation_look.set_safe(safe)
    w.settings.setValue("palette", "safe" if safe else "map")
    if w.scene is not None:
        w.scene.restyle()
        w.orders_panel.set_orders({}, w.orders_panel.heading)     # their swatches again
        w.refresh()
        w.view.viewport().update()
    w.set_status("Colour-vision-safe colours: nations whose colours are close carry their initials."
                 if safe else "The map's own colours.")
