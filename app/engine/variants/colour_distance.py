"""How far apart two colours look: CIE L*a*b* (D65) of an sRGB hex colour, and the CIEDE2000
colour difference (Sharma, Wu and Dalal 2005). No Qt: the engine's palette is measured here.

>>> round(delta_e2000("#ff0000", "#ff0000"), 6)
0.0
>>> round(delta_e2000_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4)   # Sharma et al.'s first pair
2.0425
"""

from __future__ import annotations

import math

Lab = tuple[float, float, float]


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def rgb_of(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` as sRGB values 0..1."""
    h = colour.lstrip("#")
    if len(h) != 6:
        raise ValueError(f"'{colour}' is not a #rrggbb colour")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))     # type: ignore[return-value]


def blend(over: str, under: str, alpha: float) -> str:
    """``over`` painted at ``alpha`` on ``under``, as a hex colour (sRGB blending, as Qt paints)."""
    a, b = rgb_of(over), rgb_of(under)
    return "#" + "".join(f"{round(255 * (alpha * x + (1 - alpha) * y)):02x}" for x, y in zip(a, b))


def lab_of(colour: str) -> Lab:
    """CIE L*a*b* (D65 white) of a ``#rrggbb`` colour."""
    r, g, b = (_linear(v) for v in rgb_of(colour))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e2000_lab(lab1: Lab, lab2: Lab) -> float:
    """CIEDE2000 between two L*a*b* colours (kL = kC = kH = 1)."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    else:
        dh = h2p - h1p
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    d_theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dH / sh) ** 2 + rt * (dc / sc) * (dH / sh))


def delta_e2000(a: str, b: str) -> float:
    """CIEDE2000 between two ``#rrggbb`` colours."""
    return delta_e2000_lab(lab_of(a), lab_of(b))


__all__ = ["blend", "delta_e2000", "delta_e2000_lab", "lab_of", "rgb_of"]
