"""The civilisations' state of a world (RULES.md §10): home centres per board, who has met
whom, and the units given away.

A world of a civilisations game carries one :class:`Civ` as its extension
(``World.extension``, read with :func:`civ_of`; None in every other game): the core asks it
through the hooks of :class:`~app.engine.rules.extension.WorldExtension`. Like the world it
is immutable, and a submission makes a new one that shares what did not change:

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
>>> civ_of(Game.new().world) is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Iterable, Mapping

from .contact import bounces, meetings, pair
from .nations import game_nations
from ..rules.coords import BoardKey, Season, Turn
from ..rules.dates import Calendar
from ..rules.extension import WorldExtension
from ..rules.world import World
from ..variants.variant import Variant

_EMPTY: Mapping = MappingProxyType({})


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
class Civ(WorldExtension):
    """See the module docstring. ``fourth_after`` is the Winter on whose board a
    civilisation owning four centres or more gains a fourth home (Winter 1902 in a game
    starting in 1901). ``homes`` is None when the game fixes home centres another way."""

    key = "civ"     # its parts of a save file (app.engine.civ.civsave)

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

    # -- the hooks the core calls (app.engine.rules.extension) --

    @property
    def decides_homes(self) -> bool:
        return self.homes is not None

    def home_centres(self, world: World, nation: str, key: BoardKey | None) -> frozenset[str]:
        return home_centres(world, nation, key)

    def home_nation(self, world: World, province: str, key: BoardKey | None) -> str | None:
        return home_nation(world, province, key)

    def before_submission(self, world: World) -> World:
        """Without the contacts an undone future left (they are not this history's)."""
        civ = self.until(clock(world))
        return world if civ is self else world.derive(extension=civ)

    def adjudicated(self, world: World, boards: Iterable[BoardKey]) -> set[frozenset[str]]:
        """Contact rule 1 on the boards a submission adjudicated (:func:`~.contact.bounces`)."""
        return bounces(world, boards)

    def after_submission(self, world: World, met: Any, new_boards: Iterable[BoardKey]) -> World:
        """The new boards' homes (:func:`homes_after`), and contact for the pairs ``met`` by
        rule 1 (read before any retreat pause) and by rules 2 and 3 on the new boards, from
        the world's moment on."""
        new_boards = list(new_boards)
        world = homes_after(world, new_boards)
        civ = civ_of(world)
        found = (met or set()) | meetings(world, new_boards, frozenset(civ.contacts))
        if not found:
            return world
        new = civ.with_contacts(found, clock(world))
        return world if new is civ else world.derive(extension=new)

    def moved_units(self, key: BoardKey) -> Mapping[str, str] | None:
        return self.transfers.get(key)

    def calendar(self, variant: Variant) -> Calendar:
        return Calendar.civilisations(variant.first_year)

    def to_json(self, world: World) -> dict[str, Any]:
        """The state as JSON (homes for ``world``'s boards only)."""
        return self.json_for(world.boards)

    def json_for(self, boards) -> dict[str, Any]:
        out: dict[str, Any] = {"fourth_after": str(self.fourth_after),
                               "contacts": sorted([*sorted(p), at] for p, at in self.contacts.items())}
        if self.homes is not None:
            rows: dict[int, int] = {}
            table: list[dict] = []
            per_board: dict[str, int] = {}
            for key in sorted(boards):
                h = self.homes.get(key)
                if h is None:
                    continue
                row = rows.get(id(h))
                if row is None:
                    row = rows[id(h)] = len(table)
                    table.append({"homes": {n: list(cs) for n, cs in sorted(h.homes.items())},
                                  "gained": {n: list(cs) for n, cs in sorted(h.gained.items())}})
                per_board[str(key)] = row
            out["homes"] = {"table": table, "boards": per_board}
        if self.transfers:
            out["transfers"] = {str(k): dict(sorted(t.items())) for k, t in sorted(self.transfers.items())
                                if k in boards}
        return out

    def start_json(self, variant: Variant, start: World) -> dict[str, Any]:
        """The save's top-level ``civ``: the start world's state and the game's own nations."""
        out: dict[str, Any] = {"start": self.json_for(start.boards)}
        nations = game_nations(variant)
        if nations is not None:
            out["nations"] = [list(n) for n in nations]
        return out

    def difference(self, world: World, stored: World) -> str | None:
        """How ``stored``'s civilisations state differs from ``world``'s (a replayed save's)."""
        a, b = civ_of(world), civ_of(stored)
        if (a is None) != (b is None):
            return "one is a civilisations game and the other not"
        if contacts_of(world) != contacts_of(stored):
            return "the contacts differ"
        if (a.homes is None) != (b.homes is None):
            return "the home-centre rules differ"
        if a.homes is not None:
            for k in world.boards:
                if a.homes.get(k) != b.homes.get(k):
                    return f"the homes on board {k} differ"
        return None


def changed_civ(civ: Civ, **changes) -> Civ:
    new = object.__new__(Civ)
    new.__dict__.update(civ.__dict__)
    new.__dict__.update(changes)
    return new


def civ_of(world: World) -> Civ | None:
    """``world``'s civilisations state, or None when it is not a civilisations game."""
    ext = world.extension
    return ext if isinstance(ext, Civ) else None


def clock(world: "World") -> int:
    """A number that grows with every world of a game's history: two per submission, one
    more while the world waits for retreats (``World.submissions`` and ``World.pause`` are
    both rebuilt for a past world)."""
    return 2 * world.submissions + (world.pause is not None)


def contacts_of(world: "World") -> frozenset[frozenset[str]]:
    """The pairs of civilisations in contact in ``world``."""
    civ = civ_of(world)
    if civ is None or not civ.contacts:
        return frozenset()
    now = clock(world)
    return frozenset(p for p, at in civ.contacts.items() if at <= now)


def in_contact(world: "World", a: str, b: str) -> bool:
    civ = civ_of(world)
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
    civ = civ_of(world)
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
    return world.derive(extension=changed_civ(civ, homes=MappingProxyType(homes),
                                     transfers=MappingProxyType(transfers) if cleared else transfers))


def _source(world: "World", key: BoardKey) -> BoardKey | None:
    if world.starts.get(key.timeline) == key.turn:
        return world.parents.get(key.timeline)
    return BoardKey(key.timeline, key.turn.previous())


def home_centres(world: "World", nation: str, key: BoardKey | None) -> frozenset[str]:
    """``nation``'s home centres on board ``key`` (without a board: on any active board)."""
    homes = civ_of(world).homes
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
    homes = civ_of(world).homes
    keys = [key] if key is not None else world.active_boards()
    for k in keys:
        h = homes.get(k)
        if h is not None:
            n = h.nation_of(province, world.boards[k].centres.get(province) if k in world.boards else None)
            if n is not None:
                return n
    return None


__all__ = ["Civ", "Homes", "civ_of", "clock", "contacts_of", "contacts_with", "home_centres", "home_nation",
           "homes_after", "in_contact", "next_homes", "start_homes"]
