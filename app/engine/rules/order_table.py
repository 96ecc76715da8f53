"""The adjudicator's table: stored movement orders in, :class:`Result` values out.

The adjudicator (:mod:`.adjudicator`) knows nothing of boards or provinces: a space is an
integer. :class:`SpaceNumbers` numbers the spaces of one adjudication, board by board:
each board named gets a block of numbers as long as the variant's province list, so a
space's number is its board's base plus its province's place in that list. A submission
on a single board numbers its spaces by province alone (base 0), and no space ever needs
hashing as a ``(board, province)`` pair.

:func:`table_row` turns one stored order into the adjudicator's row; :func:`results_of`
adjudicates the rows and turns the :class:`~.adjudicator.Outcome` into one :class:`Result`
per order. Most orders simply succeed, and those share two result values.

>>> from app.engine.variants.variant import load_variant
>>> from app.engine.rules.coords import BoardKey, Turn
>>> numbers = SpaceNumbers(load_variant())
>>> b = BoardKey(1, Turn.parse("S1901"))
>>> n = numbers.base(b) + numbers.number["mun"]
>>> str(numbers.space(n))
'1:mun:S1901'
"""

from __future__ import annotations

from .adjacency import convoy_step, reaches
from .adjudicator import CONVOY, HOLD, MOVE, SUPPORT, Orders, Outcome, adjudicate
from .coords import BoardKey, Space
from .orders import Order, Result, quick_result

# Shared results: an order that simply succeeds gets one of these, never a new value.
SUCCEEDS = Result("succeeds")
MOVED = Result("succeeds", "", True)

_new_tuple = tuple.__new__  # a named tuple's own __new__ is a Python-level call


class SpaceNumbers:
    """The spaces of one adjudication as integers (see the module docstring).

    ``number`` maps a province to its place in the variant's list (shared by every
    numbering of that variant); :meth:`base` gives a board its block, the first board
    named getting 0; :meth:`space` turns a number back into its :class:`Space`."""

    __slots__ = ("number", "provinces", "size", "bases", "boards", "_affixes")

    def __init__(self, variant) -> None:
        self.number, self.provinces = _province_numbers(variant)
        self.size = len(self.provinces)
        self.bases: dict[BoardKey, int] = {}
        self.boards: list[BoardKey] = []
        self._affixes: dict[int, tuple[str, str]] = {}  # board block → text around a province

    def base(self, board: BoardKey) -> int:
        """The number of ``board``'s first province (a new block for a board not yet named)."""
        base = self.bases.get(board)
        if base is None:
            base = self.bases[board] = len(self.boards) * self.size
            self.boards.append(board)
        return base

    def space(self, n: int) -> Space:
        board, province = divmod(n, self.size)
        return _new_tuple(Space, (self.boards[board], self.provinces[province]))

    def name(self, n: int) -> str:
        """``str(self.space(n))`` (``1:mun:S1901``), each board's part formatted once."""
        block, province = divmod(n, self.size)
        affixes = self._affixes.get(block)
        if affixes is None:
            board = self.boards[block]
            affixes = self._affixes[block] = (f"{board[0]}:", f":{board[1]}")
        return affixes[0] + self.provinces[province] + affixes[1]


def _province_numbers(variant) -> tuple[dict[str, int], list[str]]:
    """The variant's provinces numbered in its own order, made once per variant."""
    numbers = _NUMBERS.get(id(variant))
    if numbers is None or numbers[0] is not variant:
        provinces = list(variant.provinces)
        numbers = _NUMBERS[id(variant)] = (variant, dict(zip(provinces, range(len(provinces)))), provinces)
    return numbers[1], numbers[2]


_NUMBERS: dict[int, tuple[object, dict[str, int], list[str]]] = {}


def _fleet_numbers(variant) -> list[frozenset[int]]:
    """The variant's province-level sea contacts (what a convoy step follows on one
    board), by province number; made once per variant."""
    got = _FLEET_NUMBERS.get(id(variant))
    if got is None or got[0] is not variant:
        number, provinces = _province_numbers(variant)
        near = [frozenset(number[q] for q in variant.fleet_adjacent_provinces[p]) for p in provinces]
        got = _FLEET_NUMBERS[id(variant)] = (variant, near)
    return got[1]


_FLEET_NUMBERS: dict[int, tuple[object, list[frozenset[int]]]] = {}


def table_row(o: Order, own: int, first: int, second: int, variant, mode: str) -> tuple:
    """The adjudicator's row (:meth:`~.adjudicator.Orders.add`'s fields) for a movement
    order whose named spaces (see :func:`~.world.spaces_named`: its unit's, then the
    destination, supported unit or army, then the supported or convoyed destination)
    are numbered ``own``, ``first``, ``second``."""
    kind = o.kind
    if kind == "hold":
        return (HOLD, own, o.nation, -1, -1, True, False, "")
    if kind == "move":
        unit, dest = o.unit, o.dest
        if unit[0] == dest[0]:  # the common case: adjacency on the map alone
            direct = dest[1] in (variant.army_adjacent if o.unit_type == "A"
                                 else variant.fleet_adjacent).get(unit[1], ())
        else:
            direct = reaches(variant, mode, o.unit_type, unit, dest)
        return (MOVE, own, o.nation, first, -1, direct, o.via_convoy, dest[1].partition("/")[2])
    if kind == "support":
        if o.dest is None:
            return (SUPPORT, own, o.nation, -1, first, True, False, "")
        return (SUPPORT, own, o.nation, second, first, True, False, o.dest[1].partition("/")[2])  # its coast
    return (CONVOY, own, o.nation, second, first, True, False, "")


def results_of(world, rows: list[tuple], numbers: SpaceNumbers) -> list[Result]:
    """Adjudicate the table ``rows`` (one per order, spaces numbered by ``numbers``) and
    return one result per row."""
    variant, mode = world.variant, world.adjacency
    space = numbers.space
    table = Orders.from_rows(rows)
    step_cache: dict[tuple[int, int], bool] = {}
    size = numbers.size
    near = _fleet_numbers(variant)

    def step(a: int, b: int) -> bool:
        if a // size == b // size:  # one board: the map's sea contacts
            return b % size in near[a % size]
        k = (a, b)
        r = step_cache.get(k)
        if r is None:
            r = step_cache[k] = convoy_step(variant, mode, space(a), space(b))
        return r

    out = adjudicate(table, step)
    # Most orders simply succeed: those share the two result constants without a call.
    new = [(MOVED if k == MOVE else SUCCEEDS) if by < 0 and not void and (k == HOLD or ok and k != CONVOY)
           else None for k, by, ok, void in zip(out.kind, out.dislodged_by, out.success, out.void)]
    for n, r in enumerate(new):
        if r is None:
            new[n] = _result_for(n, table, out, numbers, world)
    return new


def _result_for(n: int, table: Orders, out: Outcome, numbers: SpaceNumbers, world) -> Result:
    """The result of row ``n`` that is not a plain success: why it failed, whether its
    unit was dislodged (and from where), whether a failed move still contests its
    destination."""
    kind = out.kind[n]
    by_n = out.dislodged_by[n]
    dislodged = by_n >= 0
    by = f"dislodged from {numbers.name(table.space[n])}" if dislodged else ""
    given = table.kind[n]
    if out.void[n] and kind == MOVE:
        return quick_result("invalid", "no convoy is ordered along a complete route for this move"
                      + (f"; {by}" if by else ""), dislodged=dislodged)
    if out.void[n]:
        target_board = numbers.space(table.target[n]).board if table.target[n] >= 0 else None
        if target_board is not None and target_board not in world.boards:
            reason = (f"board {target_board} does not exist yet: the "
                      + ("support waits for a matching move" if given == SUPPORT else "convoy waits for its army"))
        else:
            reason = {SUPPORT: "the supported unit does not do what the support says",
                      CONVOY: "no army is convoyed along this fleet's route"}.get(given, "void")
        return quick_result("invalid", reason + (f"; {by}" if by else ""), dislodged=dislodged)
    if kind == MOVE:
        if out.success[n]:
            return MOVED
        reason = "the convoy was disrupted" if not out.path[n] else f"bounced at {numbers.name(table.dest[n])}"
        return quick_result("fails", reason + (f"; {by}" if by else ""), dislodged=dislodged, contests=out.contests[n])
    if kind == SUPPORT:
        if out.success[n]:
            return quick_result("succeeds", "", dislodged=dislodged)
        return quick_result("fails", by or "support cut", dislodged=dislodged)
    if kind == CONVOY:
        army = out.convoy_of[n]
        if out.success[n] and army >= 0 and out.success[army] and out.uses_convoy[army]:
            return quick_result("succeeds", "", dislodged=dislodged)
        if not out.uses_convoy[army]:
            reason = by or "the army went overland"
        else:
            reason = by or ("the convoy route was broken (paradox)" if not out.success[n] else "the army did not move")
        return quick_result("fails", reason, dislodged=dislodged)
    return quick_result("fails", by, dislodged=True)
