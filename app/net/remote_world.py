"""The world a seat's views describe, rebuilt here so that a window across computers draws
it, offers legal targets and checks orders exactly as at a hotseat table, though the server
sends only what the seat may see (:mod:`.views`: each board's units, centres, adjudicated
orders and results, where its timeline branched, the phase and a retreat pause's options).

Each view's world shares with the last one what did not change (:class:`SeenBoards`), so
that the worlds a window keeps, one per round, do not each hold a copy; :class:`ViewReader`
does this for one seat, with the civilisations it knows (:mod:`.remote_civ`).
"""

from __future__ import annotations

from types import MappingProxyType

from app.engine import BoardKey, index_orders, Location, make_board, NotationError, Pause, Result, Turn, World

from . import protocol as p
from .homes import with_view_homes
from .remote_civ import CivViewError, seat_order, seat_variant, with_view_civ


class RemoteError(ValueError):
    """What the server sent cannot be shown as a game (an unknown variant, say)."""


def world_from_view(variant, adjacency: str, view: p.View, before: "SeenBoards | None" = None) -> World:
    """The world a (full) view describes. Orders that do not read against it are left out
    (none should: they are the engine's own text). ``before``: the boards of the world
    made from the last view; a board the view describes as it did then is that same
    (immutable) board, with the same orders and results, so the worlds a window keeps, one
    per round, share what did not change instead of each holding a copy."""
    boards, parents = [], {}
    for b in view.boards:
        key = BoardKey.parse(b["board"])
        same = before.board(key, b) if before is not None else None
        if same is not None:
            boards.append(same)
        else:
            units = [tuple(u.split(" ", 2)) for u in b["units"]]
            boards.append(make_board(key, units, b["centres"]))
        if "parent" in b:
            parents[key.timeline] = BoardKey.parse(b["parent"])
    if not boards:
        raise RemoteError("the server sent a view with no board")
    starts: dict[int, Turn] = {}
    ends: dict[int, Turn] = {}
    for board in boards:
        t, turn = board.key
        starts[t] = min(starts.get(t, turn), turn)
        ends[t] = max(ends.get(t, turn), turn)
    bare = World(variant=variant, adjacency=adjacency, boards=MappingProxyType({b.key: b for b in boards}),
                 parents=MappingProxyType({t: parents.get(t) for t in sorted(starts)}),
                 starts=MappingProxyType(starts), ends=MappingProxyType(ends), winner=view.winner,
                 submissions=view.submissions)
    orders, results = {}, {}
    for b in view.boards:
        key = BoardKey.parse(b["board"])
        if before is not None and before.same_orders(key, b):
            if key in before.world.orders:
                orders[key], results[key] = before.world.orders[key], before.world.results[key]
            continue
        read = []
        reasons = b.get("reasons") or [""] * len(b["orders"])
        for (text, status), reason in zip(b["orders"], reasons):
            try:
                read.append((seat_order(bare, text, variant), Result(status, reason)))
            except (NotationError, ValueError, KeyError):
                continue
        if read:
            orders[key] = tuple(o for o, _ in read)
            results[key] = tuple(r for _, r in read)
    refs, incoming = index_orders(orders, results)
    pause = None
    if view.phase == "retreats":
        dislodged = {Location.parse(text): frozenset(options) for text, options in view.retreats.items()}
        pause = Pause(MappingProxyType(dislodged), None)
    world = bare.derive(orders=MappingProxyType(orders), results=MappingProxyType(results), refs=refs,
                        incoming=incoming, pause=pause)
    return with_view_homes(world, view.homes, view.homes_at_first_winter)


class SeenBoards:
    """The boards of a world made from a view, with the view's text of each (to know a
    board the next view describes alike)."""

    def __init__(self, world: World, view: p.View):
        self.world = world
        self.described = {BoardKey.parse(b["board"]): b for b in view.boards}

    def board(self, key, described: dict):
        """The board ``key`` as it was, if ``described`` gives the units and centres it gave then."""
        old = self.described.get(key)
        if old is None or not (old is described or (old["units"] == described["units"]
                                                    and old["centres"] == described["centres"])):
            return None
        return self.world.boards.get(key)

    def same_orders(self, key, described: dict) -> bool:
        """Does ``described`` give the orders, results and reasons it gave then?"""
        old = self.described.get(key)
        return old is not None and (old is described or (old["orders"] == described["orders"]
                                                         and old.get("reasons") == described.get("reasons")))


class ViewReader:
    """One seat's views read one after another: each world shares what did not change with
    the last one read, and in a civilisations game has the civilisations the seat knows and
    their state as it may know it (:mod:`.remote_civ`)."""

    def __init__(self, table_variant, adjacency: str):
        self.table_variant = table_variant
        self.adjacency = adjacency
        self.variants: dict = {}        # a civilisations game: the variant of each list of those known
        self.seen: SeenBoards | None = None

    def read(self, view: p.View) -> World:
        """The world ``view`` describes. A view whose civilisations do not read raises
        :class:`RemoteError` and leaves the last one read as the next one's base."""
        try:
            variant = seat_variant(self.table_variant, view, self.variants)
            world = with_view_civ(world_from_view(variant, self.adjacency, view, self.seen), view)
        except CivViewError as e:
            raise RemoteError(f"the server's view of the civilisations does not read: {e}") from None
        self.seen = SeenBoards(world, view)
        return world

