"""The submissions taken back by undo, waiting to be redone. No Qt.

Each undone submission keeps its orders, the orders that were pending after it, and the
world it made: whole for the last :data:`REDO_WORLDS_KEPT` undone (redo gives back the very
same world object), deeper in the chain only as what it changed
(:class:`~app.engine.rules.world_delta.WorldDelta`): a long run of undos at 10,000 boards would
otherwise keep a megabyte of tables per world.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.engine import Order, World, WorldDelta

REDO_WORLDS_KEPT = 4


@dataclass
class Undone:
    orders: tuple[Order, ...]
    delta: WorldDelta          # what turns the world before it into the undone world
    world: World | None        # the undone world itself, while it is among the last few undone
    pending_after: list[dict]

    def redone(self, before: World) -> World:
        """The undone world again, ``before`` being the world it was made from."""
        return self.world if self.world is not None else self.delta.apply(before)


class RedoChain:
    """Undone submissions, the last undone on top."""

    def __init__(self) -> None:
        self._chain: list[Undone] = []

    def __bool__(self) -> bool:
        return bool(self._chain)

    def __len__(self) -> int:
        return len(self._chain)

    def push(self, orders: tuple[Order, ...], before: World, undone: World, pending_after: list[dict]) -> None:
        """Keep a submission just undone: ``before`` is the world it was made from (the
        present again), ``undone`` the world it made."""
        self._chain.append(Undone(orders, WorldDelta.between(before, undone), undone, pending_after))
        if len(self._chain) > REDO_WORLDS_KEPT:
            self._chain[-REDO_WORLDS_KEPT - 1].world = None

    def pop(self) -> Undone:
        return self._chain.pop()

    def clear(self) -> None:
        self._chain.clear()
