"""A build: a new unit in a home centre its nation owns (under build-anywhere, any centre it
owns: RULES.md §12), on a Winter board, when the nation has more centres than units (§5).

- its text: ``build A 1:kie:W1901``: :func:`text`;
- its check: :func:`check`;
- its targets: :func:`build_options`.

Elsewhere: its words in the notation's grammar (``build``:
:mod:`app.engine.notation.order_words`; a build without a type is filled in by
:meth:`app.engine.rules.world.World.resolve`); a Winter board's adjustment, where builds
are taken in the order given (:mod:`..adjustments`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..coords import BoardKey, Location
from ..orders import Build
from ..variant_rules import build_site_refusal, build_sites

if TYPE_CHECKING:
    from ..world import World


def text(order: Build, place: Callable[[Location, BoardKey | None], str], key: BoardKey | None) -> str:
    """The words after the nation, the build's location written by ``place`` as seen from
    board ``key`` (None: with every coordinate)."""
    return f"build {order.unit_type} {place(order.at, key)}"


def check(world: World, order: Build) -> str | None:
    """Why the build is refused, or None (a build's normal form is itself)."""
    v = world.variant
    board = world.boards.get(order.at.board)
    if board is None:
        return f"there is no board {order.at.board}"
    if board.is_movement:
        return "builds are made on Winter boards"
    if not world.is_active(board.key):
        return f"board {board.key} is in the past: its orders are locked"
    prov = order.at.province
    if prov not in build_sites(world, order.nation, board.key):
        return build_site_refusal(world, order.nation, prov)
    if board.centres.get(prov) != order.nation:
        return f"{order.nation} does not own {prov} on this board"
    if prov in board.units:
        return f"{prov} is occupied"
    if order.unit_type not in ("A", "F"):
        return f"say which unit to build in {prov}: army or fleet (and the coast)"
    if order.unit_type == "F" and v.kind(prov) == "land":
        return "a fleet cannot be built inland"
    if order.unit_type == "F" and v.coasts_of.get(prov) and order.at.loc not in v.coasts_of[prov]:
        return f"name the coast for a fleet in {prov}: {' or '.join(v.coasts_of[prov])}"
    if order.unit_type == "A" and order.at.loc != prov:
        return None
    return None


def build_options(world: World, key: BoardKey, nation: str) -> dict[str, list[str]]:
    """On an active Winter board: for each home centre where ``nation`` may build, the unit
    types and locations (``{"kie": ["A kie", "F kie"], "stp": ["A stp", "F stp/nc", "F stp/sc"]}``)."""
    board = world.boards.get(key)
    v = world.variant
    if board is None or board.is_movement or not world.is_active(key) or world.pause is not None:
        return {}
    if board.centre_count(nation) - board.unit_count(nation) <= 0:
        return {}
    out = {}
    for prov in sorted(build_sites(world, nation, key)):
        if board.centres.get(prov) != nation or prov in board.units:
            continue
        choices = [f"A {prov}"]
        choices += [f"F {loc}" for loc in v.fleet_locations_in(prov)]
        out[prov] = choices
    return out
