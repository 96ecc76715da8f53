"""The seam the core offers a game of another kind (the civilisations, RULES.md §10): what it
adds to a world, to a game, to a save file and to a scenario, and the known points where the
core asks it. The core's code names no kind; a kind lives in its own room and imports the
core, never the other way.

- :class:`WorldExtension` — the kind's immutable state in each world (``World.extension``;
  None in a plain game), asked for home centres, at a submission's start and end, for the
  units it moved between boards and for the calendar.
- :class:`GameExtension` — the kind's own record of a game between submissions (accepted
  gifts), kept by ``Game.extension`` once the kind makes one: told of undo and redo,
  replayed in its place, saved with the kind's part of the file.
- :class:`GameKind` — how the kind reads its parts of a save file and of a scenario file.

:func:`game_kinds` lists the kinds. The table below is the one place the core lists them,
by address only: a kind's module is imported when a save or scenario file is first read
(its fields are the kind's to read), never by an import statement of the core.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any, Iterable, Mapping

if TYPE_CHECKING:
    from ..variants.variant import Variant
    from .coords import BoardKey
    from .dates import Calendar
    from .world import World

# Each kind's module and the name of its GameKind there (a new kind is one more line).
_KIND_MODULES = (("app.engine.civ.kind", "KIND"),)
_kinds: tuple["GameKind", ...] | None = None


def game_kinds() -> tuple["GameKind", ...]:
    """Every game kind beyond plain games (imported once, when first asked for)."""
    global _kinds
    if _kinds is None:
        _kinds = tuple(getattr(import_module(module), name) for module, name in _KIND_MODULES)
    return _kinds


class ExtensionFault(ValueError):
    """A kind's field of a save file that cannot be read: ``field`` names it."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


class WorldExtension:
    """A kind's state in one world: immutable, shared between worlds like the boards. The
    core calls the hooks below; each default is what a plain game does."""

    @property
    def decides_homes(self) -> bool:
        """Whether this kind, not the variant or the game's fixed homes, says where a nation builds."""
        return False

    def home_centres(self, world: "World", nation: str, key: "BoardKey | None") -> frozenset[str]:
        """``nation``'s home centres on board ``key`` (without one: on any active board);
        asked only when :attr:`decides_homes`."""
        raise NotImplementedError

    def home_nation(self, world: "World", province: str, key: "BoardKey | None") -> str | None:
        """Whose home centre ``province`` is; asked only when :attr:`decides_homes`."""
        raise NotImplementedError

    def before_submission(self, world: "World") -> "World":
        """``world`` as a submission starts from it (e.g. without what an undone future left)."""
        return world

    def adjudicated(self, world: "World", boards: Iterable["BoardKey"]) -> Any:
        """What this kind reads from the boards a submission adjudicated, before any retreat
        pause; handed back to :meth:`after_submission`."""
        return None

    def after_submission(self, world: "World", adjudicated: Any, new_boards: Iterable["BoardKey"]) -> "World":
        """The world a submission made, with this kind's state brought up to date."""
        return world

    def moved_units(self, key: "BoardKey") -> Mapping[str, str] | None:
        """Units this kind moved to another nation on board ``key`` (province → nation), so a
        past board adjudicated again still finds its next board the same position."""
        return None

    def calendar(self, variant: "Variant") -> "Calendar | None":
        """How a game of this kind names its turns (None: the notation's years)."""
        return None

    # -- save files: the kind's parts are written under its key --

    key: str = ""

    def to_json(self, world: "World") -> dict[str, Any]:
        """This state in the ``world`` part of a save file."""
        raise NotImplementedError

    def start_json(self, variant: "Variant", start: "World") -> dict[str, Any]:
        """The kind's top-level part of a save file, when this is the start world's state
        (what the game's start needs: this state, the game's own nations)."""
        raise NotImplementedError

    def difference(self, world: "World", stored: "World") -> str | None:
        """How ``stored`` (a save's world) differs from ``world`` (its replay) in this kind's
        state, or None (either world may be the one without it)."""
        return None


class GameExtension:
    """A kind's record of one game between its submissions (e.g. accepted gifts). Mutable:
    the game keeps it and tells it of undo and redo. ``field``: where a save file holds it."""

    field: str = ""

    def replay_at(self, world: "World", submissions: int) -> "World":
        """``world`` (made by ``submissions`` submissions) with what was recorded at that count."""
        return world

    def after_undo(self, submissions: int, undone: "World") -> None:
        """Submission number ``submissions`` was taken back; it had made ``undone``."""

    def after_redo(self, world: "World") -> None:
        """A submission was put back (or made anew), making ``world``."""

    def copy(self) -> "GameExtension":
        """A copy for a snapshot of the game (written on another thread)."""
        return self

    def to_json(self) -> dict[str, Any]:
        """This record's fields in the kind's top-level part of a save file."""
        raise NotImplementedError


class GameKind:
    """How a kind reads its parts of files: of a save (the top-level and ``world`` parts
    under :attr:`key`) and of a scenario's start and steps."""

    key: str = ""

    # -- save files (faults raise ExtensionFault naming the field) --

    def game_variant(self, variant: "Variant", raw: Any) -> "Variant":
        """The game's variant as the kind's top-level part changes it (e.g. its own nations)."""
        return variant

    def read_start(self, start: "World", raw: Any) -> "World":
        return start

    def read_world(self, world: "World", raw: Any) -> "World":
        return world

    def read_game_part(self, raw: Any, world: "World", submissions: int) -> GameExtension | None:
        return None

    # -- scenario files --

    def claims(self, start: Any) -> bool:
        """Whether a scenario's start plays by this kind."""
        return False

    def scenario_variant(self, variant: "Variant", start: Any, path: Any) -> "Variant":
        return variant

    def scenario_world(self, world: "World", start: Any, path: Any) -> "World":
        return world

    def scenario_step(self, world: "World", step: Any, where: str) -> tuple["World", list[str]]:
        """A step's own actions before its orders (e.g. gifts): the world after them and failures."""
        return world, []

    def scenario_expect(self, world: "World", want: Any, where: str) -> tuple[dict[str, Any], list[str]]:
        """The step's expectations of this kind: the report's fields and the failures."""
        return {}, []


def kind_of_start(start: Any) -> GameKind | None:
    """The kind a scenario's start plays by, if any."""
    return next((k for k in game_kinds() if k.claims(start)), None)


__all__ = ["ExtensionFault", "GameExtension", "GameKind", "WorldExtension", "game_kinds", "kind_of_start"]
