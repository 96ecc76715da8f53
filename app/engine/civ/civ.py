"""The civilisations' state of a world (RULES.md §10): home centres per board, who has met
whom, and the units given away.

A world of a civilisations game carries one :class:`Civ` (``World.civ``; None in every
other game). Like the world it is immutable, and a submission makes a new one that shares
what did not change:

- ``homes``: for each board, each civilisation's home centres and the order in which it
  first came to own centres (:class:`Homes`). A board passes its homes to the boards made
  from it (its timeline's next board, and the first board of a timeline forked from it),
  so homes can differ between timelines. See :func:`homes_after`.
- ``contacts``: each pair of civilisations in contact, with the moment it was made (the
  world's :func:`clock`): undoing a submission and rebuilding a past world from the
  present one then gives the contacts of that moment, without a second record.
- ``transfers``: units given on a board (province → receiver), so that a past board
  adjudicated again still recognises its next board as the same position.

>>> from app.engine.game import Game
>>> g = Game.new(); g.world.civ is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Iterable, Mapping

from ..rules.coords import BoardKey, Season, Turn

if TYPE_CHECKING:
    from ..rules.world import World

_EMPTY: Mapping = MappingProxyType({})


def pair(a: str, b: str) -> frozenset[str]:
    """Contact is the same both ways: one key per pair of civilisations."""
    return frozenset((a, b))


@dataclass(frozen=True)
class Homes:
    """One board's home centres and order of gains, per civilisation (centres as tuples,
    in the order gained)."""

    homes: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)
    gained: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: _EMPTY)

    def of(self, nation: str) -> tuple[str, ...]:
        return self.homes.get(nation, ())

    @property
    def owned_once(self) -> frozenset[tuple[str, str]]:
        """Every (centre, civilisation) gained so far: a board whose owners are all in it
        brings no gain (asked in C, for every board after a Fall)."""
        cached = self.__dict__.get("_owned_once")
        if cached is None:
            cached = frozenset((c, n) for n, cs in self.gained.items() for c in cs)
            object.__setattr__(self, "_owned_once", cached)
        return cached

    def nation_of(self, province: str, owner: str | None = None) -> str | None:
        """Whose home ``province`` is; a centre lost and then gained by a civilisation still
        short of three homes is home to both, and then the ``owner`` is the one meant."""
        if owner is not None and province in self.homes.get(owner, ()):
            return owner
        for nation, cs in self.homes.items():
            if province in cs:
                return nation
        return None


@dataclass(frozen=True)
class Civ:
    """See the module docstring. ``fourth_after`` is the Winter on whose board a
    civilisation owning four centres or more gains a fourth home (Winter 1902 in a game
    starting in 1901). ``homes`` is None when the game fixes home centres another way."""

    homes: Mapping[BoardKey, Homes] | None = field(default_factory=lambda: _EMPTY)
    contacts: Mapping[frozenset[str], int] = field(default_factory=lambda: _EMPTY)
    transfers: Mapping[BoardKey, Mapping[str, str]] = field(default_factory=lambda: _EMPTY)
    fourth_after: Turn = Turn(1902, int(Season.WINTER))

    def with_contacts(self, pairs: Iterable[frozenset[str]], at: int) -> "Civ":
        """This state with ``pairs`` in contact from moment ``at`` (pairs already in
        contact keep their earlier moment; contacts of a later moment, left by an undone
        submission, are forgotten first)."""
        base = self.until(at)
        new = {p: at for p in pairs if p not in base.contacts and len(p) == 2}
        if not new:
            return base
        return changed_civ(base, contacts=MappingProxyType({**base.contacts, **new}))

    def until(self, at: int) -> "Civ":
        """This state without the contacts made after moment ``at``: a world rebuilt from a
        later one (undo) still carries them, unseen, and a new history must not inherit them."""
        if all(t <= at for t in self.contacts.values()):
            return self
        return changed_civ(self, contacts=MappingProxyType({p: t for p, t in self.contacts.items() if t <= at}))


def changed_civ(civ: Civ, **changes) -> Civ:
    new = object.__new__(Civ)
    new.__dict__.update(civ.__dict__)
    new.__dict__.update(changes)
    return new


def clock(world: "World") -> int:
    """A number that grows with every world of a game's history: two per submission, one
    more while the world waits for retreats (``World.submissions`` and ``World.pause`` are
    both rebuilt for a past world)."""
    return 2 * world.submissions + (world.pause is not None)


def contacts_of(world: "World") -> frozenset[frozenset[str]]:
    """The pairs of civilisations in contact in ``world``."""
    civ = world.civ
    if civ is None or not civ.contacts:
        return frozenset()
    now = clock(world)
    return frozenset(p for p, at in civ.contacts.items() if at <= now)


def in_contact(world: "World", a: str, b: str) -> bool:
    civ = world.civ
    if civ is None or a == b:
        return False
    at = civ.contacts.get(pair(a, b))
    return at is not None and at <= clock(world)


def contacts_with(world: "World", nation: str) -> frozenset[str]:
    """The civilisations ``nation`` is in contact with."""
    return frozenset(n for p in contacts_of(world) if nation in p for n in p if n != nation)


# -- home centres --------------------------------------------------------------------------


def start_homes(board_centres: Mapping[str, str], homes: Mapping[str, Iterable[str]] | None = None,
                gained: Mapping[str, Iterable[str]] | None = None) -> Homes:
    """A start board's homes: given (a game starting mid-way), or the first three of the
    centres each civilisation owns there (by province id) — a start is its first gains."""
    if gained is None:
        by_nation: dict[str, list[str]] = {}
        for prov in sorted(board_centres):
            by_nation.setdefault(board_centres[prov], []).append(prov)
        gained = by_nation
    gained_t = {n: tuple(cs) for n, cs in gained.items()}
    if homes is None:
        homes_t = {n: cs[:3] for n, cs in gained_t.items() if cs}
    else:
        homes_t = {n: tuple(cs) for n, cs in homes.items() if cs}
    return Homes(MappingProxyType(homes_t), MappingProxyType(gained_t))


def next_homes(before: Homes, source_turn: Turn, new_centres: Mapping[str, str],
               fourth_after: Turn) -> Homes:
    """The homes of the board made from a board at ``source_turn`` whose homes are
    ``before``; ``new_centres`` are the new board's centre owners.

    After a Fall (the new board is a Winter board) each civilisation's newly owned centres
    are gained, by province id, and its first three gains are homes at once. After the
    ``fourth_after`` Winter, a civilisation owning four centres or more there gains a
    fourth home: its earliest-gained centre owned there that is not yet a home."""
    season = source_turn.season
    if season == Season.FALL:
        if before.owned_once.issuperset(new_centres.items()):
            return before
        gained = dict(before.gained)
        fresh: dict[str, list[str]] = {}
        for prov in sorted(new_centres):
            nation = new_centres[prov]
            if prov not in gained.get(nation, ()):
                fresh.setdefault(nation, []).append(prov)
        if not fresh:
            return before
        homes = dict(before.homes)
        for nation, provs in fresh.items():
            gained[nation] = gained.get(nation, ()) + tuple(provs)
            if len(homes.get(nation, ())) < 3:
                have = homes.get(nation, ())
                homes[nation] = have + tuple(p for p in gained[nation] if p not in have)[:3 - len(have)]
        return Homes(MappingProxyType(homes), MappingProxyType(gained))
    if season == Season.WINTER and source_turn == fourth_after:
        homes = dict(before.homes)
        owned: dict[str, set[str]] = {}
        for prov, nation in new_centres.items():
            owned.setdefault(nation, set()).add(prov)
        changed = False
        for nation, cs in owned.items():
            have = homes.get(nation, ())
            if len(cs) >= 4 and len(have) == 3:
                fourth = next((p for p in before.gained.get(nation, ()) if p in cs and p not in have), None)
                if fourth is not None:
                    homes[nation] = have + (fourth,)
                    changed = True
        return Homes(MappingProxyType(homes), before.gained) if changed else before
    return before


def homes_after(world: "World", new_boards: Iterable[BoardKey]) -> "World":
    """``world`` with the homes of each of ``new_boards``, made from the board it follows
    (its timeline's previous board, or the board its timeline forked from)."""
    civ = world.civ
    if civ is None or civ.homes is None:
        return world
    homes = civ.homes.copy()     # a C copy (dict() of a read-only mapping walks it in Python)
    transfers = civ.transfers
    cleared = False
    for key in sorted(new_boards, key=lambda k: (k.turn, k.timeline)):
        source = _source(world, key)
        before = homes.get(source) if source is not None else None
        if before is None:
            before = start_homes(world.boards[key].centres)
            homes[key] = before
        else:
            homes[key] = next_homes(before, source.turn, world.boards[key].centres, civ.fourth_after)
        if key in transfers:     # a board made anew where an undone one had a unit given
            if not cleared:
                transfers = dict(transfers)
                cleared = True
            del transfers[key]
    return world.derive(civ=changed_civ(civ, homes=MappingProxyType(homes),
                                     transfers=MappingProxyType(transfers) if cleared else transfers))


def _source(world: "World", key: BoardKey) -> BoardKey | None:
    if world.starts.get(key.timeline) == key.turn:
        return world.parents.get(key.timeline)
    return BoardKey(key.timeline, key.turn.previous())


def home_centres(world: "World", nation: str, key: BoardKey | None) -> frozenset[str]:
    """``nation``'s home centres on board ``key`` (without a board: on any active board)."""
    homes = world.civ.homes
    if key is not None:
        h = homes.get(key)
        return frozenset(h.of(nation)) if h is not None else frozenset()
    out: set[str] = set()
    for k in world.active_boards():
        h = homes.get(k)
        if h is not None:
            out.update(h.of(nation))
    return frozenset(out)


def home_nation(world: "World", province: str, key: BoardKey | None) -> str | None:
    homes = world.civ.homes
    keys = [key] if key is not None else world.active_boards()
    for k in keys:
        h = homes.get(k)
        if h is not None:
            n = h.nation_of(province, world.boards[k].centres.get(province) if k in world.boards else None)
            if n is not None:
                return n
    return None


__all__ = ["Civ", "Homes", "clock", "contacts_of", "contacts_with", "home_centres", "home_nation",
           "homes_after", "in_contact", "next_homes", "pair", "start_homes"]
