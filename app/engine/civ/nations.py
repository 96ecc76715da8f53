"""Nations defined per game (RULES.md §10): the civilisations of a game replace the
variant's nations, with names and colours of their own.

A game's nations live in its variant: :func:`with_nations` returns a copy of the variant
that shares every map table with the original and lists the game's nations instead (no
home centres, no starting units: a civilisations game sets both itself). Everything that
asks ``world.variant.nations`` then sees the game's nations, and a save names the
original variant plus the nations (:mod:`app.engine.civ.civsave`).

>>> from app.engine.variants.variant import load_variant
>>> v = with_nations(load_variant(), [("Sumer", "#c92a2a"), ("Akkad", "#1971c2")])
>>> v.nation_names, v.provinces is load_variant().provinces
(('Sumer', 'Akkad'), True)
"""

from __future__ import annotations

import copy
import re
from typing import Iterable, Sequence

from ..notation.notation import is_timeline
from ..notation.order_words import ORDER_WORDS
from ..variants.variant_checks import MAX_NATIONS
from ..variants.variant_model import Variant

PALETTE: tuple[str, ...] = (
    "#c92a2a", "#00cc77", "#0077ee", "#bb8800", "#ddaaff", "#770088", "#225500", "#008899",
    "#665588", "#ffaaaa", "#773300", "#ee4499", "#77aa11", "#ff8833", "#880033", "#2233aa",
    # up to 24 (RULES.md §12), found the same way over a grid of colours
    "#bbffff", "#220000", "#ffff00", "#003333", "#bb44ff", "#000033", "#779988", "#22ff00",
)
"""Twenty-four colours for a game's own nations (civilisations), every two of them at least
:data:`PALETTE_APART` apart (CIEDE2000) as unit markers and as centre tints on the map's land,
and each well away from the map's land, sea and the grey of an unknown civilisation, and
from the window's light and dark backgrounds (tests/ui/test_civ_colours.py measures it). Each
colour is the one farthest from those before it, so a small game's first few are the most
apart (a colour-vision display option may remap them in the window)."""

PALETTE_APART = 15.0
"""The least CIEDE2000 difference between two palette colours: about six times the
difference one just notices (2.3), enough to tell two civilisations apart at a glance."""

CIV_NAMES: tuple[str, ...] = (
    "Sumer", "Akkad", "Egypt", "Elam", "Hatti", "Mitanni", "Assyria", "Babylon", "Minoa",
    "Mycenae", "Phoenicia", "Canaan", "Nubia", "Kush", "Harappa", "Shang", "Olmec", "Lydia",
    "Urartu", "Media", "Persia", "Troy", "Carthage", "Etruria", "Saba", "Axum", "Dilmun",
    "Ebla", "Mari", "Ugarit", "Kassite", "Hyksos",
)
"""Names the computer gives its civilisations (one word each: orders begin with them)."""

UNKNOWN = "Unknown"
"""What a seat's view calls a civilisation it has no contact with (no civilisation may be
named so)."""

_NAME = re.compile(r"^[A-Z][A-Za-z]*$")


def name_problem(name: str, taken: Iterable[str] = (), variant: Variant | None = None) -> str | None:
    """Why ``name`` cannot name a civilisation, or None. A name is one word of letters that
    begins with a capital (orders start with it), not a word of the notation, a timeline or
    (given the variant) a province, and not taken."""
    if not _NAME.match(name or ""):
        return f"'{name}' is not a name: one word of letters, beginning with a capital (e.g. Sumer)"
    if len(name) > 20:
        return f"'{name}' is longer than 20 letters"
    if name.lower() in ORDER_WORDS or name == UNKNOWN or is_timeline(name):
        return f"'{name}' is a word the game uses; choose another name"
    if variant is not None and variant.lookup_province(name) is not None:
        return f"'{name}' names a province of the map; choose another name"
    if name.lower() in {t.lower() for t in taken}:
        return f"'{name}' is taken by another civilisation"
    return None


def colour_problem(colour: str) -> str | None:
    if not re.match(r"^#[0-9a-fA-F]{6}$", colour or ""):
        return f"'{colour}' is not a colour (write #rrggbb)"
    return None


def with_nations(variant: Variant, nations: Sequence[tuple[str, str]]) -> Variant:
    """``variant`` with the game's ``nations`` ((name, colour) pairs, in order) instead of its
    own. Raises ValueError naming the first bad name or colour, or a count outside 1–24."""
    from ..variants.variant_files import NationModel, NationsFile
    if not 1 <= len(nations) <= MAX_NATIONS:
        raise ValueError(f"{len(nations)} nations: a game has 1 to {MAX_NATIONS}")
    taken: list[str] = []
    models = []
    for name, colour in nations:
        problem = name_problem(name, taken, variant) or colour_problem(colour)
        if problem:
            raise ValueError(problem)
        taken.append(name)
        models.append(NationModel(name=name, adjective=name, colour=colour, home_centres=[]))
    v = copy.copy(variant)   # shares the map tables (and the caches already computed)
    v.files = dict(variant.files, **{"nations.json": NationsFile(nations=models)})
    v.nations = {m.name: m for m in models}
    v.nation_names = tuple(m.name for m in models)
    v.neutral_nation = None   # a game's own nations replace the variant's, its neutral power too
    v.home_centres = {m.name: frozenset() for m in models}
    v.home_nation = {}
    v.start_units = ()
    v.start_centres = {}
    v.game_nations = True
    return v


def game_nations(variant: Variant) -> list[tuple[str, str]] | None:
    """The (name, colour) pairs of a variant given nations by :func:`with_nations`, else None."""
    if not getattr(variant, "game_nations", False):
        return None
    return [(n, variant.nations[n].colour) for n in variant.nation_names]


def default_nations(count: int, taken: Iterable[str] = (), seed: int = 0, variant: Variant | None = None,
                    colours_taken: Iterable[str] = ()) -> list[tuple[str, str]]:
    """``count`` computer civilisations' names and colours: names not ``taken`` (nor a
    province of ``variant``), the palette's colours not ``colours_taken``, in order. The
    same seed gives the same names."""
    import random
    names = list(CIV_NAMES)
    random.Random(f"civ-names/{seed}").shuffle(names)
    taken = list(taken)
    picked = [n for n in names if name_problem(n, taken, variant) is None][:count]
    used = {c.lower() for c in colours_taken}
    colours = [c for c in PALETTE if c.lower() not in used] + [c for c in PALETTE if c.lower() in used]
    return [(n, colours[i % len(colours)]) for i, n in enumerate(picked)]


__all__ = ["CIV_NAMES", "PALETTE", "PALETTE_APART", "UNKNOWN", "colour_problem", "default_nations", "game_nations",
           "name_problem", "with_nations"]
