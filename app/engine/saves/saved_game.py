"""What the save file's writer and reader need of a game, and how they make one: the game
(:class:`app.engine.game.Game`) stands above the saves and reads and writes through them,
so they know it only by this shape."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ..rules.extension import GameExtension
    from ..rules.history import HistoryIndex
    from ..rules.orders import Order
    from ..rules.world import World
    from ..variants.variant import Variant
    from .lazy_orders import Submissions


class SavedGame(Protocol):
    """A game as the saves see it: its settings, start, present world and submissions, its
    history index, its kind's record (``extension``), and the writer's reusable text
    (``fragments``, shared with the game's snapshots)."""

    variant: "Variant"
    adjacency: str
    seed: int
    meta: dict[str, Any]
    submissions: "Submissions"
    index: "HistoryIndex | None"
    extension: "GameExtension | None"
    fragments: dict[Any, tuple]
    replay_owed: Any

    @property
    def start(self) -> "World": ...

    @property
    def world(self) -> "World": ...

    @property
    def worlds(self) -> list["World"]: ...

    @worlds.setter
    def worlds(self, worlds: list["World"]) -> None: ...


class GameMaker(Protocol):
    """The game class the reader builds (``Game``), called as its constructor."""

    def __call__(self, variant: "Variant", adjacency: str, seed: int, worlds: list["World"],
                 submissions: "list[tuple[Order, ...]] | Submissions", meta: dict[str, Any],
                 start: "World") -> SavedGame: ...


__all__ = ["GameMaker", "SavedGame"]
