"""What a unit may be ordered to do: the queries the window asks on every click.

- :func:`move_targets`: where a unit can move (own board, adjacent boards, by convoy);
- :func:`support_options`: which units it can support, to hold or into which locations;
- :func:`convoy_options`: which armies a fleet can convoy, and where to;
- :func:`retreat_targets`, :func:`build_options`: for the retreat pause and Winter.

Every answer is also legal for :func:`app.engine.rules.validation.check`; the tests hold the two
to that. Supports and convoys may also name ghost boards (coordinates adjacent to the
unit's board that do not exist yet); ``support_options`` lists those as ghost entries.

Each query lives with its order kind (:mod:`.kinds`); this module gathers them, and
says which units take orders at all (:func:`orderable_units`).
"""

from __future__ import annotations

from .coords import Location
from .kinds.build import build_options
from .kinds.convoy import convoy_options, ghost_convoy_targets
from .kinds.move import convoy_targets, direct_targets, move_targets, reachable_boards
from .kinds.retreat import retreat_targets
from .kinds.support import support_options, support_targets
from .world import World


def orderable_units(world: World, nations: set[str] | None = None) -> list[Location]:
    """Units that take orders now: on active boards (or dislodged, in a retreat pause); never
    the neutral power's (RULES.md §12)."""
    if world.pause is not None:
        return sorted(world.pause.dislodged)
    out = []
    neutral = world.variant.neutral_nation
    for key in world.active_boards():
        for u in world.boards[key].units.values():
            if u.nation != neutral and (nations is None or u.nation in nations):
                out.append(Location(key, u.loc))
    return out


__all__ = ["move_targets", "direct_targets", "convoy_targets", "support_options", "support_targets",
           "convoy_options", "ghost_convoy_targets", "retreat_targets", "build_options", "orderable_units", "reachable_boards"]
