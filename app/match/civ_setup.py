"""A new civilisations match (RULES.md §10): the people at the table each name a
civilisation and pick a colour (and, for a coastal start, an army or a fleet); the
computer plays the rest, each civilisation seeing for itself.

>>> m = new_civ_match([CivPlayer("Ada", "Sumer", "#c92a2a")], computers=8, seed=3)
>>> m.mode, len(m.game.variant.nation_names), m.known_civilisations(0)
('sandbox', 9, ['Sumer'])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from app.engine import (civ_of, civ_range, civ_start, CivSeat, CivStartError, default_nations, delta_e2000,
                        Game, load_variant, name_problem, PALETTE, PALETTE_APART, rgb_of)

from .match import Match, MatchError
from .seats import Seat


@dataclass(frozen=True)
class CivPlayer:
    """A person at the table: their name, their civilisation's name and colour, and for a
    coastal start ``fleet`` (True: a fleet, False: an army, None: let the computer choose)."""

    player: str
    civilisation: str
    colour: str
    fleet: bool | None = None
    pin: str = ""


def computer_levels_for(levels: Sequence[str], count: int) -> list[str]:
    """The level of each computer civilisation: ``levels`` repeated in order."""
    levels = list(levels) or ["standard"]
    return [levels[i % len(levels)] for i in range(count)]


def colours_apart_from(palette: Sequence[str], chosen: Sequence[str]) -> list[str]:
    """``palette`` for the computer's civilisations: first, in order, the colours a glance
    tells from every colour the people ``chosen`` (at least :data:`PALETTE_APART`), then the
    others, the farthest from the people's colours first."""
    def nearest(colour: str) -> float:
        near = [delta_e2000(colour, c) for c in chosen if _is_hex(c)]
        return min(near) if near else float("inf")
    apart = [c for c in palette if nearest(c) >= PALETTE_APART]
    return apart + sorted((c for c in palette if c not in apart), key=nearest, reverse=True)


def _is_hex(colour: str) -> bool:
    try:
        rgb_of(colour)
    except ValueError:
        return False
    return True


def new_civ_match(players: Sequence[CivPlayer], computers: int, seed: int = 0, variant: str = "standard",
                  adjacency: str = "strict", levels: Sequence[str] = ("standard",), check_range: bool = True) -> Match:
    """The match: one seat per person (a hotseat when two or more), and one computer seat
    per level holding its civilisations. Computer civilisations get names of their own and
    colours not taken, in an order drawn from the seed (a colour tells nothing of how many
    play). Raises :class:`MatchError` saying what is wrong."""
    v = load_variant(variant)
    taken: list[str] = []
    for p in players:
        problem = name_problem(p.civilisation, taken, v)
        if problem:
            raise MatchError(f"{p.player}: {problem}")
        taken.append(p.civilisation)
    total = len(players) + computers
    counts = civ_range(v)
    if check_range and not counts.low <= total <= counts.high:
        said = counts.describe(v)
        raise MatchError(f"{total} civilisations: {v.title} takes {said}" if counts.possible else said)
    palette = list(PALETTE)
    random.Random(f"civ-colours/{seed}").shuffle(palette)
    others = default_nations(computers, taken, seed=seed, variant=v, colours_taken=[p.colour for p in players])
    free = colours_apart_from(palette, [p.colour for p in players])
    others = [(name, free[i % len(free)]) for i, (name, _) in enumerate(others)]
    seats_spec = [CivSeat(p.civilisation, p.colour, p.fleet) for p in players] + [CivSeat(n, c) for n, c in others]
    order = list(range(total))
    random.Random(f"civ-places/{seed}").shuffle(order)       # who gets which drawn centre
    try:
        world = civ_start(v, [seats_spec[i] for i in order], seed, adjacency)
    except CivStartError as e:
        raise MatchError(str(e)) from None
    return _seated(Game.from_world(world), players, [name for name, _ in others], levels)


def seat_civ_game(game: Game, players: Sequence[CivPlayer], levels: Sequence[str] = ("standard",)) -> Match:
    """A civilisations game already made (a ``python -m app civ`` start opened, or any
    scenario whose start is a civilisations one) seated for play: each person takes the
    civilisation named in ``players`` (its name and colour are the game's: a player's own
    ``colour`` and ``fleet`` are not used), the computer plays every other one, and each
    seat sees through the fog (RULES.md §10). Raises :class:`MatchError` saying what is wrong."""
    if civ_of(game.world) is None:
        raise MatchError("this game is not a civilisations game (RULES.md §10)")
    civs = list(game.variant.nation_names)
    if not players:
        raise MatchError("a civilisations game needs at least one person at the table")
    taken: dict[str, str] = {}
    for p in players:
        if p.civilisation not in civs:
            raise MatchError(f"{p.player}: this game has no civilisation '{p.civilisation}' "
                             f"(it has {', '.join(civs)})")
        if p.civilisation in taken:
            raise MatchError(f"{taken[p.civilisation]} and {p.player} both chose {p.civilisation}")
        taken[p.civilisation] = p.player
    colours = {n: game.variant.nations[n].colour for n in civs}
    people = [CivPlayer(p.player, p.civilisation, colours[p.civilisation], None, p.pin) for p in players]
    return _seated(game, people, [n for n in civs if n not in taken], levels)


def _seated(game: Game, players: Sequence[CivPlayer], computer_civs: Sequence[str], levels: Sequence[str]) -> Match:
    """The match of a civilisations ``game``: a seat per person, and a computer seat per
    level holding the computer's civilisations."""
    seats = [Seat(name=p.player[:40] or p.civilisation, colour=p.colour, nations=(p.civilisation,)) for p in players]
    by_level: dict[str, list[str]] = {}
    for name, level in zip(computer_civs, computer_levels_for(levels, len(computer_civs))):
        by_level.setdefault(level, []).append(name)
    for level, names in by_level.items():
        seats.append(Seat(name=f"Computer ({level})" if len(by_level) > 1 else "Computer", nations=tuple(names),
                          controller="computer", level=level))
    pins = {i: p.pin for i, p in enumerate(players) if p.pin}
    return Match(game, seats, pins=pins, fog=True)


__all__ = ["CivPlayer", "colours_apart_from", "computer_levels_for", "new_civ_match", "seat_civ_game"]
