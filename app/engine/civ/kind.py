"""The civilisations as a game kind (RULES.md §10): how the core reaches this room through
its seam (:mod:`app.engine.rules.extension`) when it reads a save file or a scenario.

A civilisations world carries its :class:`~app.engine.civ.civ.Civ` as its extension, and a
game that accepted gifts keeps a :class:`~app.engine.civ.civgame.GiftLog`; both write
themselves. :data:`KIND` reads them back, and the scenario files' civilisations fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import civsave
from .civ import Civ
from .civgame import GiftLog
from ..rules.extension import GameKind
from ..rules.world import World
from ..variants.variant import Variant

if TYPE_CHECKING:
    from types import ModuleType

    from ..scenarios.scenario import Expect, Start, Step


def _scenarios() -> "ModuleType":
    """This kind's scenario half (:mod:`.civ_scenario`), imported when a scenario is first
    read: it brings the scenario format (pydantic) with it, about 70 ms that opening a
    save file, which asks for this kind's save fields alone, never needs."""
    from . import civ_scenario
    return civ_scenario


class CivKind(GameKind):
    """The ``civ`` fields of save files (:mod:`.civsave`) and the civilisations fields of
    scenario files (:mod:`.civ_scenario`)."""

    key = Civ.key

    def game_variant(self, variant: Variant, raw: Any) -> Variant:
        return civsave.game_variant(variant, raw)

    def read_start(self, start: World, raw: Any) -> World:
        return civsave.read_start(start, raw)

    def read_world(self, world: World, raw: Any) -> World:
        return civsave.read_world(world, raw)

    def read_game_part(self, raw: Any, world: World, submissions: int) -> GiftLog | None:
        gifts = civsave.read_gifts(raw, world, submissions)
        return GiftLog(gifts) if gifts else None

    def claims(self, start: Start) -> bool:
        return _scenarios().is_civ(start)

    def scenario_variant(self, variant: Variant, start: Start, path: Any) -> Variant:
        if start.nations is None:
            return variant
        return _scenarios().game_variant(variant, start.nations, f"{path}: field 'start.nations'")

    def scenario_world(self, world: World, start: Start, path: Any) -> World:
        return _scenarios().civ_start_world(world, start, path)

    def scenario_step(self, world: World, step: Step, where: str) -> tuple[World, list[str]]:
        return _scenarios().give(world, step.gifts, where)

    def scenario_expect(self, world: World, want: Expect | None, where: str) -> tuple[dict[str, Any], list[str]]:
        return _scenarios().expect(world, want, where)


KIND = CivKind()

__all__ = ["CivKind", "KIND"]
