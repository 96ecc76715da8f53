"""A position set up by hand: one board's turn, units, centre owners and home centres, what
makes it legal, and what it becomes (a start world, a scenario start).

The position editor (:mod:`app.match.editor`) keeps one of these and asks this module
whether each change is legal; the window only shows the answers. A legal position is one
the engine can play from: every unit stands where its type may (an army on land or a coast,
a fleet at sea or on a coast, on a named coast where a province has two), one unit per
province, centres owned by the game's nations, each home centre a supply centre of one
nation.

>>> from app.engine.variants.variant import load_variant
>>> v = load_variant()
>>> unit_problem(v, "France", "F", "mun")
'a fleet cannot stand inland: Munich is a land province'
>>> unit_problem(v, "France", "F", "spa")
'Spain has two coasts: put the fleet on one of them (spa/nc, spa/sc)'
>>> p = Position(v, Turn(1901, 0), (Unit("France", "A", "par"),), {"par": "France"})
>>> p.problems()
[]
>>> [str(k) for k in p.world().active_boards()]
['1:S1901']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from .coords import BoardKey, Turn, province_of
from .homes import with_homes
from .orders import Unit
from ..variants.variant import Variant
from .world import World, make_board

_EMPTY: Mapping = MappingProxyType({})


class PositionError(ValueError):
    """A position the engine cannot play from; the message gives every reason."""


def _name(variant: Variant, province: str) -> str:
    p = variant.provinces.get(province)
    return p.name if p is not None else province


def _article(utype: str) -> str:
    return "an army" if utype == "A" else "a fleet"


def unit_problem(variant: Variant, nation: str, utype: str, loc: str) -> str | None:
    """Why ``nation``'s unit of type ``utype`` may not stand at ``loc`` (None: it may).
    Only the unit itself: another unit already in the province is :func:`Position.problems`'
    business."""
    if nation not in variant.nations:
        return f"'{nation}' is not a nation of {variant.title} (the nations are {', '.join(variant.nation_names)})"
    if utype not in ("A", "F"):
        return f"a unit is an army (A) or a fleet (F), not '{utype}'"
    prov = province_of(loc)
    if prov not in variant.provinces:
        return f"'{loc}' is not a place on the {variant.title} map"
    kind = variant.kind(prov)
    name = _name(variant, prov)
    coasts = variant.coasts_of.get(prov, ())
    if utype == "A":
        if kind == "sea":
            return f"an army cannot stand at sea: {name} is a sea province"
        if loc != prov:
            return f"an army stands in {name} itself, not on one of its coasts (write '{prov}')"
        return None
    if kind == "land":
        return f"a fleet cannot stand inland: {name} is a land province"
    if coasts and loc == prov:
        return f"{name} has two coasts: put the fleet on one of them ({', '.join(coasts)})" if len(coasts) == 2 \
            else f"{name} has {len(coasts)} coasts: put the fleet on one of them ({', '.join(coasts)})"
    if loc != prov and loc not in coasts:
        return (f"'{loc}' is not a coast of {name}" + (f" (its coasts are {', '.join(coasts)})" if coasts
                                                          else f"; write '{prov}'"))
    return None


def describe_unit(variant: Variant, unit: Unit) -> str:
    """``the French army in Paris``: for messages."""
    n = variant.nations.get(unit.nation)
    adjective = getattr(n, "adjective", None) or unit.nation
    return f"the {adjective} {'army' if unit.type == 'A' else 'fleet'} in {_name(variant, province_of(unit.loc))}"


@dataclass(frozen=True)
class Position:
    """One board set up by hand (see the module docstring).

    ``units`` keeps the order they were given (a position read from a file may name two
    units in one province: :meth:`problems` says so); ``centres`` maps each owned supply
    centre to its nation; ``homes`` maps nation to its home centres, None for the variant's.
    """

    variant: Variant
    turn: Turn
    units: tuple[Unit, ...] = ()
    centres: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    homes: Mapping[str, frozenset[str]] | None = None
    adjacency: str = "strict"
    seed: int = 0

    # -- reading a board ---------------------------------------------------------------
    @classmethod
    def from_board(cls, world: World, key: BoardKey) -> "Position":
        """The position on ``world``'s board ``key``, with the world's home centres, variant
        and adjacency (what "new sandbox from this board" starts from)."""
        board = world.boards[key]
        homes = None if world.home_centres is None else MappingProxyType(dict(world.home_centres))
        return cls(world.variant, key.turn, tuple(board.units.values()), MappingProxyType(dict(board.centres)),
                   homes, world.adjacency, world.seed)

    # -- queries -------------------------------------------------------------------------
    def home_centres(self) -> Mapping[str, frozenset[str]]:
        """Each nation's home centres (the variant's unless the position sets them)."""
        return self.variant.home_centres if self.homes is None else self.homes

    def unit_in(self, province: str) -> Unit | None:
        return next((u for u in self.units if province_of(u.loc) == province), None)

    def problems(self) -> list[str]:
        """Every reason the engine cannot play from this position (empty: it can)."""
        v = self.variant
        out: list[str] = []
        if not 1 <= self.turn.year <= 9999:
            out.append(f"the year {self.turn.year} cannot be written in a board's name (1 to 9999)")
        if self.adjacency not in ("strict", "loose"):
            out.append(f"adjacency is 'strict' or 'loose', not '{self.adjacency}'")
        seen: dict[str, Unit] = {}
        for u in self.units:
            reason = unit_problem(v, u.nation, u.type, u.loc)
            if reason is not None:
                out.append(f"{u}: {reason}")
                continue
            prov = province_of(u.loc)
            if prov in seen:
                out.append(f"two units in {_name(v, prov)}: {describe_unit(v, seen[prov])} and {describe_unit(v, u)}")
            else:
                seen[prov] = u
        for centre, nation in sorted(self.centres.items()):
            if centre not in v.supply_centres:
                out.append(f"centre '{centre}': {_name(v, centre)} is not a supply centre")
            if nation not in v.nations:
                out.append(f"centre '{centre}': '{nation}' is not a nation of {v.title}")
        if self.homes is not None:
            owner: dict[str, str] = {}
            for nation, cs in sorted(self.homes.items()):
                if nation not in v.nations:
                    out.append(f"home centres: '{nation}' is not a nation of {v.title}")
                for c in sorted(cs):
                    if c not in v.supply_centres:
                        out.append(f"home centre '{c}' of {nation}: {_name(v, c)} is not a supply centre")
                    elif c in owner:
                        out.append(f"{_name(v, c)} is a home centre of both {owner[c]} and {nation}")
                    else:
                        owner[c] = nation
        return out

    def check(self) -> None:
        """Raise :class:`PositionError` listing every problem, if there is one."""
        problems = self.problems()
        if problems:
            raise PositionError("; ".join(problems))

    # -- what it becomes -----------------------------------------------------------------
    def world(self) -> World:
        """The start world of a sandbox from this position: one board, timeline 1 (a Winter
        board starts in its adjustment phase). Raises :class:`PositionError`."""
        self.check()
        board = make_board(BoardKey(1, self.turn), self.units, self.centres)
        world = World.from_boards(self.variant, [board], self.adjacency, self.seed)
        homes = self._homes_json()
        return with_homes(world, homes) if homes is not None else world

    def _homes_json(self) -> dict[str, list[str]] | None:
        """The home centres a file must name (None: the variant's, nothing to write)."""
        if self.homes is None:
            return None
        mine = {n: frozenset(cs) for n, cs in self.homes.items() if cs}
        theirs = {n: cs for n, cs in self.variant.home_centres.items() if cs}
        if mine == theirs:
            return None
        return {n: sorted(self.homes.get(n, ())) for n in self.variant.nation_names if n in self.homes}

    def scenario(self, name: str = "", description: str = "") -> dict[str, Any]:
        """This position as a scenario start (the scenario file format, docs/scenarios.md),
        with no steps yet: ``python -m app scenario`` runs it as it is, and steps can be
        added by hand. Raises :class:`PositionError`."""
        self.check()
        v = self.variant
        centres: dict[str, list[str]] = {}
        for c, n in sorted(self.centres.items()):
            centres.setdefault(n, []).append(c)
        order = {n: i for i, n in enumerate(v.nation_names)}
        units = sorted(self.units, key=lambda u: (order.get(u.nation, 99), province_of(u.loc)))
        start: dict[str, Any] = {"boards": [{"timeline": 1, "turn": str(self.turn),
                                             "units": [f"{u.nation} {u.type} {u.loc}" for u in units],
                                             "centres": {n: centres[n] for n in sorted(centres, key=order.get)}}]}
        homes = self._homes_json()
        if homes is not None:
            start["home_centres"] = homes
        out: dict[str, Any] = {"name": name or f"{v.title}, {self.turn.title}"}
        if description:
            out["description"] = description
        out.update({"variant": v.ref, "adjacency": self.adjacency, "seed": self.seed, "start": start, "steps": []})
        return out
