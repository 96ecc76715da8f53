"""The position editor's state: a position changed one step at a time, each step checked
by the engine (:mod:`app.engine.rules.position`), with undo and redo. No Qt: the window's editor
only shows it and forwards clicks.

>>> from app.engine.game import Game
>>> g = Game.new()
>>> ed = PositionEditor.from_board(g.world, g.world.active_boards()[0])
>>> ed.remove("par").loc
'par'
>>> ed.place("France", "F", "mun")
Traceback (most recent call last):
...
app.match.editor.EditRefused: a fleet cannot stand inland: Munich is a land province
>>> ed.place("France", "F", "spa/sc").loc
'spa/sc'
>>> str(ed.start_match().world.active_boards()[0])
'1:S1901'
"""

from __future__ import annotations

from types import MappingProxyType

from app.engine import (BoardKey, civ_of, describe_unit, Game, Position, PositionError, province_of, Turn, Unit,
                        unit_problem, Variant, World)


class EditRefused(ValueError):
    """A change the position may not take; the message is the reason, for the player."""


class PositionEditor:
    """See the module docstring. ``position`` is the current (always legal) position;
    ``revision`` grows with every change (the window redraws on it)."""

    def __init__(self, position: Position):
        problems = position.problems()
        if problems:
            raise EditRefused("; ".join(problems))
        self._position = position
        self._kept = position            # the position as opened, or as last exported or played
        self._undo: list[Position] = []
        self._redo: list[Position] = []
        self.revision = 0

    @classmethod
    def from_board(cls, world: World, key: BoardKey) -> "PositionEditor":
        """Start from a board of any game (its variant, adjacency and home centres)."""
        return cls(Position.from_board(world, key))

    @classmethod
    def for_seat(cls, match, seat: int | None, key: BoardKey, view: World | None = None) -> "PositionEditor":
        """Start from board ``key`` as ``seat`` sees it: ``view``, the seat's view already at
        hand (the window's), or :meth:`Match.view_for` now. In a civilisations game the editor names
        only the civilisations the seat knows (RULES.md §10: it is not told how many play):
        the units and centres it sees of others, called "Unknown", are left out."""
        view = view if view is not None else match.view_for(seat)
        if civ_of(view) is None:
            return cls.from_board(view, key)
        variant = match._notation_variant(seat)          # the seat's known civilisations only
        known = set(variant.nation_names)
        board = view.boards[key]
        homes = None if view.home_centres is None else \
            MappingProxyType({n: cs for n, cs in view.home_centres.items() if n in known})
        return cls(Position(variant, key.turn, tuple(u for u in board.units.values() if u.nation in known),
                            MappingProxyType({p: n for p, n in board.centres.items() if n in known}),
                            homes, view.adjacency))

    @classmethod
    def empty(cls, variant: Variant, turn: Turn | None = None, adjacency: str = "strict") -> "PositionEditor":
        """An empty board of ``variant`` (no units, no centre owned)."""
        return cls(Position(variant, turn or Turn(variant.first_year, 0), adjacency=adjacency))

    # -- reading -------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self._position

    @property
    def variant(self) -> Variant:
        return self._position.variant

    def unit_in(self, province: str) -> Unit | None:
        return self._position.unit_in(province)

    @property
    def unkept(self) -> bool:
        """Changed since it was opened or last kept (:meth:`kept`): closing would lose the
        changes. Undoing back to that position is no change."""
        return self._position is not self._kept

    def kept(self) -> None:
        """The position now is kept elsewhere (exported as a scenario, started as a sandbox)."""
        self._kept = self._position

    def home_nation_of(self, centre: str) -> str | None:
        return next((n for n, cs in self._position.home_centres().items() if centre in cs), None)

    # -- changes -------------------------------------------------------------------------
    def _set(self, position: Position) -> None:
        problems = position.problems()
        if problems:                     # every change is checked whole: nothing illegal is kept
            raise EditRefused("; ".join(problems))
        self._undo.append(self._position)
        self._redo.clear()
        self._position = position
        self.revision += 1

    def place(self, nation: str, utype: str, loc: str) -> Unit:
        """Put ``nation``'s army or fleet at ``loc`` (a coast where the province has two).
        The same nation's unit of the same type already there is moved to ``loc`` (another
        coast); any other unit there must be removed first. Raises :class:`EditRefused`."""
        p = self._position
        reason = unit_problem(p.variant, nation, utype, loc)
        if reason is not None:
            raise EditRefused(reason)
        prov = province_of(loc)
        there = p.unit_in(prov)
        unit = Unit(nation, utype, loc)
        if there == unit:
            return unit
        if there is not None and (there.nation, there.type) != (nation, utype):
            raise EditRefused(f"{describe_unit(p.variant, there)[0].upper()}{describe_unit(p.variant, there)[1:]} "
                              "stands there: remove it first (two units cannot share a province)")
        units = tuple(u for u in p.units if province_of(u.loc) != prov) + (unit,)
        self._set(_replace(p, units=units))
        return unit

    def remove(self, province: str) -> Unit | None:
        """Take away the unit in ``province`` (None: there was none)."""
        p = self._position
        there = p.unit_in(province)
        if there is not None:
            self._set(_replace(p, units=tuple(u for u in p.units if u is not there)))
        return there

    def set_owner(self, centre: str, nation: str | None) -> None:
        """``nation`` owns the supply centre ``centre`` (None: nobody)."""
        p = self._position
        if centre not in p.variant.supply_centres:
            raise EditRefused(f"{_name(p.variant, centre)} is not a supply centre")
        if nation is not None and nation not in p.variant.nations:
            raise EditRefused(f"'{nation}' is not a nation of {p.variant.title}")
        if p.centres.get(centre) == nation:
            return
        centres = {c: n for c, n in p.centres.items() if c != centre}
        if nation is not None:
            centres[centre] = nation
        self._set(_replace(p, centres=MappingProxyType(centres)))

    def set_home(self, centre: str, nation: str | None) -> None:
        """Make ``centre`` a home centre of ``nation`` (taken from any other nation; None:
        nobody's). The first change copies the variant's home centres into the position."""
        p = self._position
        if centre not in p.variant.supply_centres:
            raise EditRefused(f"{_name(p.variant, centre)} is not a supply centre: only supply centres are home centres")
        if nation is not None and nation not in p.variant.nations:
            raise EditRefused(f"'{nation}' is not a nation of {p.variant.title}")
        if self.home_nation_of(centre) == nation:
            return
        homes = {n: set(cs) - {centre} for n, cs in p.home_centres().items()}
        if nation is not None:
            homes.setdefault(nation, set()).add(centre)
        self._set(_replace(p, homes=MappingProxyType({n: frozenset(cs) for n, cs in homes.items()})))

    def set_turn(self, turn: Turn) -> None:
        """The board's turn: Spring or Fall (orders) or Winter (builds and disbands)."""
        if turn != self._position.turn:
            self._set(_replace(self._position, turn=turn))

    def set_adjacency(self, adjacency: str) -> None:
        if adjacency != self._position.adjacency:
            self._set(_replace(self._position, adjacency=adjacency))

    def clear(self) -> None:
        """No units and no owned centres (the turn and home centres stay)."""
        if self._position.units or self._position.centres:
            self._set(_replace(self._position, units=(), centres=MappingProxyType({})))

    # -- undo ----------------------------------------------------------------------------
    def can_undo(self) -> bool:
        return bool(self._undo)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> None:
        if self._undo:
            self._redo.append(self._position)
            self._position = self._undo.pop()
            self.revision += 1

    def redo(self) -> None:
        if self._redo:
            self._undo.append(self._position)
            self._position = self._redo.pop()
            self.revision += 1

    # -- what it becomes -----------------------------------------------------------------
    def start_world(self) -> World:
        try:
            return self._position.world()
        except PositionError as e:    # never reached: every change was checked
            raise EditRefused(str(e)) from None

    def start_match(self, seats=(), **kw):
        """A new match (a sandbox unless ``seats`` are given) from this position."""
        from .match import Match
        return Match(Game.from_world(self.start_world()), seats, **kw)

    def scenario(self, name: str = "", description: str = "") -> dict:
        """The position as a scenario start (docs/scenarios.md)."""
        return self._position.scenario(name, description)


def _name(variant: Variant, province: str) -> str:
    p = variant.provinces.get(province)
    return p.name if p is not None else f"'{province}'"


def _replace(p: Position, **changes) -> Position:
    from dataclasses import replace
    return replace(p, **changes)
