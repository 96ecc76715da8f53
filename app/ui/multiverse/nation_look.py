"""How nations are told apart on the board: by colour, and by a letter where colours are not
enough. Works on any list of nation colours (a variant's seven, a game's sixteen).

- **The colour-vision-safe palette** (View → Colour-vision-safe colours, remembered):
  sixteen colours chosen to stay apart for people with protanopia, deuteranopia or
  tritanopia — Okabe and Ito's eight, then Paul Tol's muted set — given to the nations by
  the nearest match to their own colours, so that England stays bluish and Turkey yellowish.
- **Letters on the unit markers**: a nation whose colour (in the palette shown) lies close to
  another's, for normal vision or any of the three simulated colour-vision deficiencies
  (Machado, Oliveira and Fernandes 2009), carries its initial on its units — two letters
  where initials collide.

:func:`look_of` gives the :class:`NationLook` of a variant in the palette chosen now; the
board art asks it for each nation's colour and letter. No widgets here.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass, field
from typing import Mapping

from PySide6.QtGui import QColor

# Okabe & Ito (2008), their black a near-black, then Paul Tol's muted scheme (for 9 to 16 nations).
SAFE = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#2B2B2B",
        "#332288", "#117733", "#882255", "#DDCC77", "#44AA99", "#AA4499", "#999933", "#CC6677")
CLOSE = 12.0        # ΔE (CIE76) below which two nations' colours are hard to tell apart

# Machado et al. (2009), severity 1: linear-RGB matrices simulating each deficiency.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of a linear-RGB colour."""
    r, g, b = (min(1.0, max(0.0, v)) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def linear_rgb(colour: str) -> tuple[float, float, float]:
    c = QColor(colour)
    return _linear(c.redF()), _linear(c.greenF()), _linear(c.blueF())


def seen_as(colour: str, vision: str | None = None) -> tuple[float, float, float]:
    """The colour's L*a*b* for normal vision (None) or a simulated deficiency."""
    rgb = linear_rgb(colour)
    if vision is not None:
        m = CVD[vision]
        rgb = tuple(sum(m[i][j] * rgb[j] for j in range(3)) for i in range(3))
    return _lab(rgb)


def distance(a: str, b: str) -> float:
    """The least ΔE between two colours over normal vision and the three deficiencies."""
    return min(math.dist(seen_as(a, v), seen_as(b, v)) for v in (None, *CVD))


def safe_colours(colours: Mapping[str, str]) -> dict[str, str]:
    """Each nation's colour in the safe palette: nearest pairs first, each palette colour
    used once while they last (past sixteen nations, they are used again)."""
    nations = list(colours)
    out: dict[str, str] = {}
    pool = SAFE[:8] if len(nations) <= 8 else SAFE       # Okabe and Ito's alone while they suffice
    free = list(pool)
    while len(out) < len(nations):
        if not free:
            free = list(pool)
        todo = [n for n in nations if n not in out]
        pairs = sorted((math.dist(seen_as(colours[n]), seen_as(s)), i, n, s)
                       for i, n in enumerate(todo) for s in free)
        _, _, n, s = pairs[0]
        out[n] = s
        free.remove(s)
    return out


def letters_for(names: list[str]) -> dict[str, str]:
    """Each name's mark: its initial where no other name shares it, else its initial and
    the first of its later letters that makes the mark its own ("Au", "Al")."""
    initials = [n[:1].upper() for n in names]
    used: set[str] = set()
    out: dict[str, str] = {}
    for n, first in zip(names, initials):
        if initials.count(first) == 1:
            choices = [first]
        else:
            choices = [first + c.lower() for c in n[1:] if c.isalnum()] + [f"{first}{i}" for i in range(2, 100)]
        mark = next(c for c in choices if c not in used)
        used.add(mark)
        out[n] = mark
    return out


@dataclass(frozen=True)
class NationLook:
    """The colours and marker letters of a set of nations."""

    colours: Mapping[str, str]                 # nation -> the colour shown (hex)
    letters: Mapping[str, str] = field(default_factory=dict)   # nation -> letter(s) on its units

    @classmethod
    def of(cls, colours: Mapping[str, str], safe: bool = False, independent: bool = False) -> "NationLook":
        """The look of nations with these colours (hex), in the map's or the safe palette;
        letters for those whose colour lies close to another's. ``independent``: each
        nation's look from its own colour and name alone, never from which other nations
        play — a game's own nations (civilisations), where a seat must not learn from a
        letter or a colour that a civilisation it has not met exists: every nation carries
        its first two letters, and its safe colour is the nearest to its own."""
        if independent:
            shown = ({n: min(SAFE, key=lambda s, c=c: math.dist(seen_as(c), seen_as(s))) for n, c in colours.items()}
                     if safe else {n: QColor(c).name() for n, c in colours.items()})
            return cls(shown, {n: n[:1].upper() + n[1:2].lower() for n in colours})
        shown = safe_colours(colours) if safe else {n: QColor(c).name() for n, c in colours.items()}
        close = set()
        names = list(shown)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if distance(shown[a], shown[b]) < CLOSE:
                    close.update((a, b))
        initials = letters_for(names)
        return cls(shown, {n: initials[n] for n in names if n in close})

    def colour(self, nation: str) -> QColor:
        c = self.colours.get(nation)
        return QColor(c if c else "#777777")


_safe = False
_looks: dict[tuple, tuple] = {}       # (id, safe) -> (variant, its look)
_lock = threading.Lock()


def set_safe(on: bool) -> None:
    """Show every board in the colour-vision-safe palette (or the map's own colours)."""
    global _safe
    _safe = bool(on)


def safe() -> bool:
    return _safe


def look_of(variant) -> NationLook:
    """The variant's nations' look in the palette chosen now (cached)."""
    key = (id(variant), _safe)
    got = _looks.get(key)           # asked for every unit and arrow drawn: one dict look-up
    if got is None or got[0] is not variant:     # (a game's own nations are a variant of their own)
        got = (variant, NationLook.of({n: v.colour for n, v in variant.nations.items()}, _safe,
                                      independent=bool(getattr(variant, "game_nations", False))))
        with _lock:
            _looks[key] = got
    return got[1]


__all__ = ["NationLook", "SAFE", "CLOSE", "distance", "letters_for", "look_of", "safe", "safe_colours",
           "seen_as", "set_safe"]
