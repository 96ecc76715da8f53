"""Light and dark themes: a Qt palette for the widgets and the colours the world view uses."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication


@dataclass
class Theme:
    name: str
    background: QColor
    band: QColor
    header: QColor
    header_text: QColor
    board_label: QColor
    past_dim: QColor
    active_frame: QColor
    past_frame: QColor
    ghost_frame: QColor
    fork: QColor
    accent: QColor
    pick: QColor
    flash: QColor
    window: QColor
    base: QColor
    text: QColor
    error_text: str = "#c92a2a"     # readable on the window colour (contrast >= 4.5:1)
    ok_text: str = "#2b7a3b"
    font_family: str = "DejaVu Sans"


LIGHT = Theme(
    name="light",
    background=QColor("#e9e4da"), band=QColor("#e1dbcf"), header=QColor(248, 245, 239),
    header_text=QColor("#3d352a"), board_label=QColor("#4a4136"), past_dim=QColor(233, 228, 218, 105),
    active_frame=QColor("#e0a100"), past_frame=QColor("#9b927f"), ghost_frame=QColor("#7b6fd0"),
    fork=QColor("#7b6fd0"), accent=QColor("#1971c2"), pick=QColor("#63e6be"), flash=QColor("#37b24d"),
    window=QColor("#f4f1ea"), base=QColor("#fffdf8"), text=QColor("#2b2620"),
)

DARK = Theme(
    name="dark",
    background=QColor("#1d2026"), band=QColor("#23272e"), header=QColor(33, 37, 43),
    header_text=QColor("#d8dee9"), board_label=QColor("#c9d1dc"), past_dim=QColor(20, 22, 26, 120),
    active_frame=QColor("#ffc233"), past_frame=QColor("#4b5260"), ghost_frame=QColor("#9d92f0"),
    fork=QColor("#9d92f0"), accent=QColor("#4dabf7"), pick=QColor("#63e6be"), flash=QColor("#51cf66"),
    window=QColor("#2a2e35"), base=QColor("#22262c"), text=QColor("#e6e9ef"),
    error_text="#ff8787", ok_text="#69db7c",
)

THEMES = {"light": LIGHT, "dark": DARK}


FUSION = "fived_fusion"
"""A property of the application once it draws in Qt's Fusion style (every platform alike)."""
RINGED = "fived_ringed"
"""A property of the application once its style rings indicators on a dark palette
(:mod:`app.ui.indicator_style`)."""


def fusion_application(argv: list[str]) -> QApplication:
    """The application, in Fusion from its start (``-style``, Qt's own option): setting the
    style afterwards hands PySide the style object, and PySide makes QStyle's ~800 enum
    members for it (~15 ms before the first frame, which needs none of them)."""
    app = QApplication([*argv, "-style", "Fusion"])
    app.setProperty(FUSION, True)
    return app


def apply_palette(app: QApplication, theme: Theme) -> None:
    if not app.property(FUSION):
        app.setStyle("Fusion")
        app.setProperty(FUSION, True)
    if theme.name == "dark" and not app.property(RINGED):
        from .indicator_style import IndicatorStyle   # see there: only a dark theme needs it
        app.setStyle(IndicatorStyle("Fusion"))
        app.setProperty(RINGED, True)
    pal = QPalette()
    pal.setColor(QPalette.Window, theme.window)
    pal.setColor(QPalette.WindowText, theme.text)
    pal.setColor(QPalette.Base, theme.base)
    pal.setColor(QPalette.AlternateBase, theme.window)
    pal.setColor(QPalette.Text, theme.text)
    pal.setColor(QPalette.Button, theme.window)
    pal.setColor(QPalette.ButtonText, theme.text)
    pal.setColor(QPalette.ToolTipBase, theme.base)
    pal.setColor(QPalette.ToolTipText, theme.text)
    pal.setColor(QPalette.Highlight, theme.accent)
    pal.setColor(QPalette.HighlightedText, QColor("white"))
    pal.setColor(QPalette.PlaceholderText, theme.past_frame)
    pal.setColor(QPalette.Link, theme.accent)
    # Disabled text halfway to the background: without it a disabled action looked enabled.
    t, w = theme.text, theme.window
    muted = QColor((t.red() + w.red()) // 2, (t.green() + w.green()) // 2, (t.blue() + w.blue()) // 2)
    for role in (QPalette.WindowText, QPalette.Text, QPalette.ButtonText):
        pal.setColor(QPalette.Disabled, role, muted)
    app.setPalette(pal)
