"""The clean-up and the choosing turns of a thrown start (RULES.md §9), as pure functions.

A :class:`Layout` is the board between the throws and the play-out: which pieces are
still on it, where each *placed* piece stands, the candidate locations of each
*undecided* piece (one perched on a border), and which spaces are *resolved*. A space is
a province (a fleet on ``spa/nc`` is in the space ``spa``).

:func:`clean_up` runs the five steps and returns each as a :class:`Step` (with the layout
after it, for showing them one by one):

1. remove every piece with no candidate;
2. a piece with one candidate moves into it; several may share a space (joint custody);
3. in a space held only by pieces that have nowhere else to be, remove extra pieces of
   the same nation and type; such a space is *resolved*;
4. repeat until nothing changes: a piece whose candidates are all resolved is removed;
   resolved spaces are struck from the candidates of pieces that still have a choice; all
   pieces left with exactly one candidate move at once (sharing where they meet), which
   resolves that space;
5. remove extra pieces of the same nation and type again.

Then the players take **choosing** turns (:func:`choices`, :func:`choose`): keep one piece
of a shared space (:class:`Keep`), or place an undecided piece in one of its candidates
(:class:`Place`); steps 3 to 5 run again after each (the seed's "mini Phase II": chain
reactions, and extra pieces of one nation and type removed). It ends when every space
holds at most one piece and every piece stands in one space (:attr:`Layout.settled`).
The first chooser has the fewest pieces left; ties go to the one who threw last
(:func:`first_chooser`).

Which of several identical pieces step 3 or 5 keeps does not change the position; the
first thrown is kept, so that replays agree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Iterable, Mapping, Union

from app.engine import province_of, Variant


class ChoiceError(ValueError):
    """A choice that the rules do not allow now; the message says why."""


@dataclass(frozen=True)
class Piece:
    """A thrown piece resting on the board: ``id`` is its place in the throwing order,
    (x, y) its centre in map units."""

    id: int
    nation: str
    type: str  # "A" or "F"
    x: float
    y: float


@dataclass(frozen=True)
class Layout:
    """The board during the clean-up and the choosing turns (never changed in place).

    - ``pieces``: every piece still on the board, by id;
    - ``placed``: piece → the location it stands in;
    - ``options``: undecided piece → its candidate locations (at least two);
    - ``resolved``: spaces (provinces) whose placed pieces have the strongest claim.
    """

    pieces: Mapping[int, Piece]
    placed: Mapping[int, str]
    options: Mapping[int, tuple[str, ...]]
    resolved: frozenset[str] = frozenset()

    @classmethod
    def of(cls, pieces: Iterable[Piece], candidates: Mapping[int, tuple[str, ...]]) -> "Layout":
        """Pieces just thrown, each with its candidates (from :mod:`.footprint`); nothing
        placed or resolved yet. Pieces with zero or one candidate are left for steps 1–2."""
        ps = {p.id: p for p in pieces}
        return cls(MappingProxyType(ps), MappingProxyType({}),
                   MappingProxyType({i: tuple(candidates[i]) for i in sorted(ps)}))

    def occupants(self, space: str) -> list[int]:
        """Placed pieces standing in ``space`` (a province), in throwing order."""
        return sorted(i for i, loc in self.placed.items() if province_of(loc) == space)

    def spaces(self) -> dict[str, list[int]]:
        """Every space with a placed piece → its occupants, in throwing order."""
        out: dict[str, list[int]] = {}
        for i in sorted(self.placed):
            out.setdefault(province_of(self.placed[i]), []).append(i)
        return out

    def shared(self) -> list[str]:
        """Spaces held by more than one piece (joint custody), sorted."""
        return sorted(s for s, ids in self.spaces().items() if len(ids) > 1)

    @property
    def settled(self) -> bool:
        """Every space holds at most one piece and every piece stands in one space."""
        return not self.options and not self.shared()

    def count(self, nation: str) -> int:
        """Pieces of ``nation`` still on the board (placed or undecided)."""
        return sum(1 for p in self.pieces.values() if p.nation == nation)

    def _with(self, removed: Iterable[int] = (), moved: Mapping[int, str] | None = None,
              options: Mapping[int, tuple[str, ...]] | None = None,
              resolved: Iterable[str] = ()) -> "Layout":
        gone = set(removed)
        moved = moved or {}
        pieces = {i: p for i, p in self.pieces.items() if i not in gone}
        placed = {i: loc for i, loc in self.placed.items() if i not in gone}
        placed.update(moved)
        opts = dict(self.options if options is None else options)
        for i in list(opts):
            if i in gone or i in moved:
                del opts[i]
        return Layout(MappingProxyType(pieces), MappingProxyType(dict(sorted(placed.items()))),
                      MappingProxyType(opts), self.resolved | frozenset(resolved))


@dataclass(frozen=True)
class Step:
    """One clean-up step or choosing turn as it is shown and recorded: which rule
    (``"1"`` … ``"5"``, ``"keep"``, ``"place"``), a caption in words, the pieces removed,
    moved (piece, location), candidates struck (piece, location) and spaces resolved,
    and the layout after it."""

    rule: str
    caption: str
    removed: tuple[int, ...] = ()
    moved: tuple[tuple[int, str], ...] = ()
    struck: tuple[tuple[int, str], ...] = ()
    resolved: tuple[str, ...] = ()
    after: Layout | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict:
        return {"rule": self.rule, "caption": self.caption, "removed": list(self.removed),
                "moved": [list(m) for m in self.moved], "struck": [list(s) for s in self.struck],
                "resolved": list(self.resolved)}


# -- words -------------------------------------------------------------------------------


def describe(variant: Variant, piece: Piece, count: int = 1) -> str:
    """``"French fleet"``; ``"German armies"`` for more than one."""
    n = variant.nations.get(piece.nation)
    kind = ("army", "armies") if piece.type == "A" else ("fleet", "fleets")
    return f"{n.adjective if n else piece.nation} {kind[count != 1]}"


def place_name(variant: Variant, loc: str) -> str:
    """``"Spain (north coast)"`` for ``spa/nc``, ``"Picardy"`` for ``pic``."""
    return variant.place_name(loc)


def _list(words: list[str], limit: int = 4) -> str:
    if len(words) > limit:
        words = words[:limit] + [f"{len(words) - limit} more"]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pieces_at(variant: Variant, layout: Layout, moves: Iterable[tuple[int, str]]) -> str:
    return _list([f"{describe(variant, layout.pieces[i])} to {place_name(variant, loc)}" for i, loc in moves])


def _pieces(variant: Variant, layout: Layout, ids: Iterable[int]) -> str:
    """``"3 Austrian fleets, English army and French fleet"``: alike pieces counted once."""
    alike: dict[tuple[str, str], list[Piece]] = {}
    for i in ids:
        piece = layout.pieces[i]
        alike.setdefault((piece.nation, piece.type), []).append(piece)
    return _list([describe(variant, ps[0]) if len(ps) == 1 else f"{len(ps)} {describe(variant, ps[0], len(ps))}"
                  for ps in alike.values()])


# -- the five steps ------------------------------------------------------------------------


def clean_up(layout: Layout, variant: Variant) -> list[Step]:
    """Steps 1–5 on freshly thrown pieces; each step carries the layout after it."""
    steps = [_step1(layout, variant)]
    steps.append(_step2(steps[-1].after, variant))
    steps.append(_remove_duplicates(steps[-1].after, variant, "3"))
    steps.extend(_step4(steps[-1].after, variant))
    steps.append(_remove_duplicates(steps[-1].after, variant, "5"))
    return steps


def _step1(layout: Layout, variant: Variant) -> Step:
    gone = tuple(i for i, opts in layout.options.items() if not opts)
    after = layout._with(removed=gone)
    caption = ("Step 1 — pieces touching no space they may stand in (off the map, an army only at sea, "
               "a fleet only inland) leave the board: " + (f"{_pieces(variant, layout, gone)}." if gone else "none."))
    return Step("1", caption, removed=gone, after=after)


def _step2(layout: Layout, variant: Variant) -> Step:
    moved = tuple((i, opts[0]) for i, opts in layout.options.items() if len(opts) == 1)
    after = layout._with(moved=dict(moved))
    caption = ("Step 2 — pieces touching only one space they may stand in move into it: "
               + (f"{_pieces_at(variant, layout, moved)}." if moved else "none."))
    return Step("2", caption, moved=moved, after=after)


def _remove_duplicates(layout: Layout, variant: Variant, rule: str) -> Step:
    """Steps 3 and 5: in each space, one piece per nation and type; step 3 also marks
    every space with a placed piece as resolved (its pieces have nowhere else to be)."""
    gone: list[int] = []
    for space, ids in layout.spaces().items():
        seen: set[tuple[str, str]] = set()
        for i in ids:
            key = (layout.pieces[i].nation, layout.pieces[i].type)
            if key in seen:
                gone.append(i)
            seen.add(key)
    resolved = tuple(sorted(layout.spaces())) if rule == "3" else ()
    after = layout._with(removed=gone, resolved=resolved)
    what = (f"a space's second piece of one nation and type leaves the board: {_pieces(variant, layout, gone)}" if gone
            else "no space holds two pieces of one nation and type")
    caption = (f"Step 3 — the spaces these pieces now stand in are taken (outlined in gold); {what}."
               if rule == "3" else f"Step 5 — one piece of each nation and type per space, again: {what}.")
    return Step(rule, caption, removed=tuple(gone), resolved=resolved, after=after)


def _step4(layout: Layout, variant: Variant) -> list[Step]:
    """Step 4, one :class:`Step` per round, until a round changes nothing."""
    steps = []
    while True:
        step = _step4_round(layout, variant, len(steps) + 1)
        if step is None:
            return steps
        steps.append(step)
        layout = step.after  # type: ignore[assignment]


def _step4_round(layout: Layout, variant: Variant, n: int) -> Step | None:
    resolved = layout.resolved
    trapped = tuple(i for i, opts in layout.options.items()
                    if all(province_of(o) in resolved for o in opts))
    struck: list[tuple[int, str]] = []
    options: dict[int, tuple[str, ...]] = {}
    for i, opts in layout.options.items():
        if i in trapped:
            continue
        keep = tuple(o for o in opts if province_of(o) not in resolved)
        struck.extend((i, o) for o in opts if o not in keep)
        options[i] = keep
    moved = tuple((i, opts[0]) for i, opts in options.items() if len(opts) == 1)
    if not trapped and not struck and not moved:
        return None
    new_spaces = tuple(sorted({province_of(loc) for _, loc in moved}))
    after = layout._with(removed=trapped, moved=dict(moved), options=options, resolved=new_spaces)
    parts = []
    if trapped:
        parts.append(f"{_pieces(variant, layout, trapped)} touching only taken spaces "
                     f"{'leave' if len(trapped) > 1 else 'leaves'} the board")
    if struck:
        hit = len({i for i, _ in struck})
        parts.append(f"{hit} piece{'s' if hit > 1 else ''} on a border can no longer go to a taken space")
    if moved:
        parts.append(f"pieces with one space left move into it: {_pieces_at(variant, layout, moved)}")
    return Step("4", f"Step 4{'' if n == 1 else f', round {n}'} — " + "; ".join(parts) + ".", removed=trapped,
                moved=moved, struck=tuple(struck), resolved=new_spaces, after=after)


# -- choosing turns --------------------------------------------------------------------------


@dataclass(frozen=True)
class Keep:
    """Keep ``piece`` in the shared ``space``; the other pieces there are removed."""

    space: str
    piece: int


@dataclass(frozen=True)
class Place:
    """Place the undecided ``piece`` in ``location``, one of its candidates."""

    piece: int
    location: str


Choice = Union[Keep, Place]


def choices(layout: Layout) -> list[Choice]:
    """Every choice open on a choosing turn: keeps first (by space), then places."""
    out: list[Choice] = []
    for space in layout.shared():
        out.extend(Keep(space, i) for i in layout.occupants(space))
    for i, opts in sorted(layout.options.items()):
        out.extend(Place(i, loc) for loc in opts)
    return out


def choose(layout: Layout, choice: Choice, variant: Variant) -> list[Step]:
    """Apply one choosing turn, then steps 3 to 5 again (a "mini Phase II"); returns the
    steps (the last one's ``after`` is the new layout): the choice, then those of steps 3
    to 5 that changed something. Raises :class:`ChoiceError` for a choice not open now."""
    if isinstance(choice, Keep):
        ids = layout.occupants(choice.space)
        if len(ids) < 2:
            raise ChoiceError(f"{place_name(variant, choice.space)} is not shared")
        if choice.piece not in ids:
            raise ChoiceError(f"piece {choice.piece} is not in {place_name(variant, choice.space)}")
        gone = tuple(i for i in ids if i != choice.piece)
        step = Step("keep", f"{describe(variant, layout.pieces[choice.piece])} keeps "
                    f"{place_name(variant, choice.space)}; {_pieces(variant, layout, gone)} removed.",
                    removed=gone, after=layout._with(removed=gone))
    elif isinstance(choice, Place):
        opts = layout.options.get(choice.piece)
        if opts is None:
            raise ChoiceError(f"piece {choice.piece} is not undecided")
        if choice.location not in opts:
            raise ChoiceError(f"{place_name(variant, choice.location)} is not a candidate of that piece "
                              f"({', '.join(place_name(variant, o) for o in opts)})")
        space = province_of(choice.location)
        step = Step("place", f"{describe(variant, layout.pieces[choice.piece])} placed in "
                    f"{place_name(variant, choice.location)}.", moved=((choice.piece, choice.location),),
                    resolved=(space,), after=layout._with(moved={choice.piece: choice.location}, resolved=(space,)))
    else:
        raise ChoiceError(f"not a choice: {choice!r}")
    return [step, *_mini_phase_two(step.after, variant)]  # type: ignore[arg-type]


def _mini_phase_two(layout: Layout, variant: Variant) -> list[Step]:
    """Steps 3 to 5 after a choice, keeping only the steps that change something: a
    choice's chain reaction may bring two pieces of one nation and type into one space."""
    out: list[Step] = []
    three = _remove_duplicates(layout, variant, "3")
    if three.removed or set(three.resolved) - layout.resolved:
        out.append(three)
        layout = three.after  # type: ignore[assignment]
    rounds = _step4(layout, variant)
    out.extend(rounds)
    if rounds:
        five = _remove_duplicates(rounds[-1].after, variant, "5")  # type: ignore[arg-type]
        if five.removed:
            out.append(five)
    return out


def first_chooser(layout: Layout, nations: tuple[str, ...], last_throws: Mapping[int, int] | None = None) -> int:
    """The seat that takes the first choosing turn: the fewest pieces left on the board;
    ties go to the one who threw last (``last_throws``: seat → the number of its last
    throw; without it, the later seat, as seats throw in turn)."""
    last = last_throws if last_throws is not None else {s: s for s in range(len(nations))}
    return min(range(len(nations)), key=lambda s: (layout.count(nations[s]), -last.get(s, -1), s))


def choice_to_json(choice: Choice) -> dict:
    if isinstance(choice, Keep):
        return {"keep": choice.space, "piece": choice.piece}
    return {"place": choice.piece, "location": choice.location}


def choice_from_json(raw: dict) -> Choice:
    if "keep" in raw:
        return Keep(str(raw["keep"]), int(raw["piece"]))
    return Place(int(raw["place"]), str(raw["location"]))


__all__ = ["ChoiceError", "Piece", "Layout", "Step", "Keep", "Place", "Choice", "clean_up", "choices",
           "choose", "first_chooser", "describe", "place_name", "choice_to_json", "choice_from_json"]
