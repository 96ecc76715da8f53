"""An unticked check box and an unchosen radio button can be seen on the dark theme (Fusion
drew their ring near-black on a near-black window), and the light theme is drawn as before."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QRadioButton, QStyle, QStyleOptionButton, QVBoxLayout, QWidget

from app.ui.theme import DARK, LIGHT, apply_palette


def _strongest_ring(qtbot, widget_type, element) -> float:
    """How far the most distinct pixel of an unticked indicator lies from the window colour
    (the largest difference of one channel, 0–255)."""
    host = QWidget()
    qtbot.addWidget(host)
    box = widget_type("Off")
    QVBoxLayout(host).addWidget(box)
    host.resize(160, 60)
    host.show()
    qtbot.waitExposed(host)
    image = host.grab().toImage()
    option = QStyleOptionButton()
    box.initStyleOption(option)
    rect = box.style().subElementRect(element, option, box).translated(box.pos())
    window = host.palette().window().color()
    best = 0
    for x in range(rect.left(), rect.right() + 1):
        for y in range(rect.top(), rect.bottom() + 1):
            c = QColor(image.pixel(QPoint(x, y)))
            best = max(best, abs(c.red() - window.red()), abs(c.green() - window.green()), abs(c.blue() - window.blue()))
    return best


@pytest.fixture
def themed(qapp):
    before = qapp.palette()
    yield lambda theme: apply_palette(qapp, theme)
    qapp.setPalette(before)


@pytest.mark.parametrize("widget_type, element", [
    (QCheckBox, QStyle.SubElement.SE_CheckBoxIndicator),
    (QRadioButton, QStyle.SubElement.SE_RadioButtonIndicator),
], ids=["check box", "radio button"])
def test_an_unticked_indicator_stands_out_on_either_theme(qtbot, themed, widget_type, element):
    themed(DARK)
    assert _strongest_ring(qtbot, widget_type, element) >= 45     # Fusion alone: 12 (check box), 17 (radio)
    themed(LIGHT)
    assert _strongest_ring(qtbot, widget_type, element) >= 45
