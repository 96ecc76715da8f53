"""The history a window across computers shows: the world of each round it received, as
it received it. Nothing is rebuilt or adjudicated here, so a fogged seat's past stays as it
saw it then, not as it sees it now."""

from __future__ import annotations

from app.engine import Game, World


class SeenRounds(Game):
    """The game as a window across computers saw it: the world of each round it received
    from the server (from the one it joined at), so that the history bar steps and plays
    back through them. The worlds are the ones received, kept as they are (they share
    their unchanged boards: :func:`~.remote_world.world_from_view`).

    World ``i`` is the ``i``-th round this window saw; its own ``submissions`` is the
    server's count (they differ when the window joined late or missed rounds while away)."""

    def __init__(self, world: World):
        super().__init__(world.variant, world.adjacency, world.seed, [world], [], {}, world)
        self.seen: list[World] = [world]

    def receive(self, world: World) -> bool:
        """Take in the world of a new view; True if it is a new round (the server
        adjudicated since), False if it replaces the present (the same round, seen again)."""
        if world.submissions > self._present.submissions:
            self._push((), world)
            self.seen.append(world)
            return True
        self.change_present(world)
        return False

    def change_present(self, world: World) -> None:
        super().change_present(world)
        self.seen[-1] = world

    def number(self, i: int) -> int:
        """The server's count of submissions at the ``i``-th world seen (the history bar's label)."""
        return self.seen[min(max(i, 0), len(self.seen) - 1)].submissions

    def world_at(self, i: int) -> World:
        if not 0 <= i < len(self.seen):
            raise IndexError(f"no world {i} (0 to {len(self.seen) - 1})")
        return self.seen[i]

    def _keep(self, i: int, world: World) -> None:
        """Every seen world is kept already (:attr:`seen`)."""

    def undo(self):
        raise IndexError("a table on a server has no undo")
