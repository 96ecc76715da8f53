"""A thrown start from the first throw to the play-out (RULES.md §9): :class:`ThrownGame`.

The phases follow one another::

    throwing → (clean-up) → choosing → judging → over | playing out

- **throwing**: in seat order, the seat whose turn it is throws an army or a fleet from
  its pile (:meth:`ThrownGame.throw`); each throw's spread comes from the game's seed and
  the throw's number, so it replays identically;
- the **clean-up** runs by itself after the last throw (:attr:`ThrownGame.cleanup_steps`);
- **choosing**: seats take turns (:attr:`ThrownGame.chooser`) making one of
  :meth:`ThrownGame.options` with :meth:`ThrownGame.choose`, until the board is settled;
- **judging**: every seat names a winner (:meth:`ThrownGame.vote`); all alike → that
  nation wins (``over``), otherwise the game may be played out (:meth:`ThrownGame.play_out`),
  which gives the engine world at 1:F1901 with no centre owned.

The board may be turned a quarter turn on the table (``rotation``: 0, 90, 180 or 270
degrees, RULES.md §9), so that the same aim lands on other provinces; a new throw after a
game usually turns it once more (:func:`next_rotation`).

The record (:meth:`ThrownGame.to_json`) holds the seed, the rotation, the seats, every throw
(piece, aim, strength and where pieces came to rest, in map units), every clean-up step and
choice and the votes;
:meth:`ThrownGame.from_json` replays it from the seed and checks that it comes out the same.

>>> g = throw_at_random(2, seed=3)
>>> g.phase
'judging'
>>> world = g.play_out()
>>> [str(k) for k in world.active_boards()]
['1:F1901']
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Sequence

from app.engine import BoardKey, Game, load_variant, make_board, Season, Turn, Variant, World

from .cleanup import (Choice, ChoiceError, Layout, Piece, Step, choice_from_json, choice_to_json, choices,
                      choose, clean_up, first_chooser)
from .footprint import Footprints
from .physics import Landing, Table, Throw, aim_at, simulate

RECORD_FORMAT = "5d-diplomacy-thrown-start"


class WinksError(ValueError):
    """An action the thrown start does not allow now, or a record that does not replay."""


def pieces_each(players: int) -> int:
    """Armies (and as many fleets) each player throws: 2 players 8, 3–4 players 6, 5–7 players 5."""
    if not 2 <= players <= 7:
        raise WinksError(f"a thrown start is for 2 to 7 players, not {players}")
    return 8 if players == 2 else 6 if players <= 4 else 5


@dataclass(frozen=True)
class ThrowRecord:
    """One throw as recorded: the seat, the piece (its id, type) and the throw, and where
    every piece it moved came to rest (pieces that ended off the board are in ``lost``)."""

    seat: int
    piece: int
    unit_type: str
    throw: Throw
    rests: tuple[tuple[int, float, float], ...]
    lost: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "piece": self.piece, "type": self.unit_type,
                "aim": self.throw.aim, "strength": self.throw.strength,
                "rests": [list(r) for r in self.rests], "lost": list(self.lost)}


class ThrownGame:
    """A thrown start being played: the seats (one nation each), the throws, the clean-up,
    the choosing turns and the vote. One object per game; every action goes through a
    method that checks it is allowed now and records it."""

    def __init__(self, nations: Sequence[str], seed: int = 0, variant: str | Variant = "standard",
                 rotation: int = 0):
        self.variant = load_variant(variant) if isinstance(variant, str) else variant
        unknown = [n for n in nations if n not in self.variant.nations]
        if unknown:
            raise WinksError(f"unknown nation {unknown[0]!r} (one of {', '.join(self.variant.nation_names)})")
        if len(set(nations)) != len(nations):
            raise WinksError("each player plays a different nation")
        self.nations = tuple(nations)
        self.each = pieces_each(len(self.nations))
        self.seed = seed
        self.footprints = Footprints.for_variant(self.variant)
        try:   # the board turned on the table, so that the same aim lands elsewhere
            self.table = Table.for_board(self.footprints.geometry.view_box, self.footprints.radius, rotation)
        except ValueError as e:
            raise WinksError(str(e)) from None
        self.rotation = rotation
        self.throws: list[ThrowRecord] = []
        self.owners: dict[int, tuple[str, str]] = {}       # piece → (nation, type)
        self.resting: dict[int, tuple[float, float]] = {}  # pieces on the board now
        self.lost: list[int] = []
        self.cleanup_steps: list[Step] = []
        self.choice_steps: list[tuple[Choice, list[Step]]] = []
        self.layout: Layout | None = None
        self.votes: dict[int, str] = {}
        self._first_chooser = 0

    # -- throwing ----------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``throwing``, ``choosing``, ``judging`` or ``over``."""
        if self.layout is None:
            return "throwing"
        if not self.layout.settled:
            return "choosing"
        if len(self.votes) < len(self.nations) or self.winner is None:
            return "judging"
        return "over"

    @property
    def thrower(self) -> int:
        """The seat whose turn it is to throw (seat order, round after round)."""
        return len(self.throws) % len(self.nations)

    def pile(self, seat: int) -> dict[str, int]:
        """Pieces ``seat`` has still to throw: ``{"A": armies, "F": fleets}``."""
        thrown = [t.unit_type for t in self.throws if t.seat == seat]
        return {"A": self.each - thrown.count("A"), "F": self.each - thrown.count("F")}

    def throw(self, unit_type: str, throw: Throw, frames: bool = False) -> Landing:
        """The current thrower throws an army (``"A"``) or a fleet (``"F"``). Returns the
        :class:`Landing` in table units (with the flight's frames if asked); the pieces'
        resting places (:attr:`resting`, the record) are in map units. After the last
        throw the clean-up runs by itself."""
        if self.phase != "throwing":
            raise WinksError("every piece has been thrown")
        seat = self.thrower
        if unit_type not in ("A", "F"):
            raise WinksError(f"throw an army (A) or a fleet (F), not {unit_type!r}")
        if self.pile(seat)[unit_type] <= 0:
            raise WinksError(f"{self.nations[seat]} has no {'army' if unit_type == 'A' else 'fleet'} left to throw")
        piece = len(self.throws)
        rng = random.Random(f"{self.seed}/throw/{piece}")
        table = self.table
        on_table = {p: table.to_table(*xy) for p, xy in self.resting.items()}
        landing = simulate(table, on_table, piece, throw, rng, frames)
        rests = {p: table.to_map(*xy) for p, xy in landing.rests.items()}
        self.owners[piece] = (self.nations[seat], unit_type)
        self.resting.update(rests)
        for pid in landing.lost:
            del self.resting[pid]
            self.lost.append(pid)
        self.throws.append(ThrowRecord(seat, piece, unit_type, throw,
                                       tuple((p, x, y) for p, (x, y) in rests.items()), landing.lost))
        if all(sum(self.pile(s).values()) == 0 for s in range(len(self.nations))):
            self._clean_up()
        return landing

    def pieces(self) -> list[Piece]:
        """The pieces resting on the board now, in throwing order."""
        return [Piece(i, *self.owners[i], *self.resting[i]) for i in sorted(self.resting)]

    def _clean_up(self) -> None:
        pieces = self.pieces()
        layout = Layout.of(pieces, {p.id: self.footprints.candidates(p.type, p.x, p.y) for p in pieces})
        self.cleanup_steps = clean_up(layout, self.variant)
        self.layout = self.cleanup_steps[-1].after
        last = {t.seat: i for i, t in enumerate(self.throws)}     # each seat's last throw
        self._first_chooser = first_chooser(self.layout, self.nations, last)

    # -- choosing ------------------------------------------------------------------------------

    @property
    def chooser(self) -> int:
        """The seat whose choosing turn it is: first the one with the fewest pieces left
        after the clean-up (ties: of those, the one who threw last), then in seat order."""
        return (self._first_chooser + len(self.choice_steps)) % len(self.nations)

    def options(self) -> list[Choice]:
        """The choices open on this choosing turn."""
        return choices(self.layout) if self.phase == "choosing" else []  # type: ignore[arg-type]

    def choose(self, choice: Choice) -> list[Step]:
        """The chooser makes ``choice``; returns the steps it caused (the choice, then step 4)."""
        if self.phase != "choosing":
            raise WinksError("there is nothing left to choose" if self.layout else "the pieces are still being thrown")
        try:
            steps = choose(self.layout, choice, self.variant)  # type: ignore[arg-type]
        except ChoiceError as e:
            raise WinksError(str(e)) from None
        self.choice_steps.append((choice, steps))
        self.layout = steps[-1].after
        return steps

    # -- judging and playing out -------------------------------------------------------------------

    def vote(self, seat: int, nation: str) -> None:
        """``seat`` names the nation it thinks is winning."""
        if self.phase not in ("judging",):
            raise WinksError("the vote comes after the choosing turns")
        if nation not in self.nations:
            raise WinksError(f"{nation} is not in this game")
        self.votes[seat] = nation

    @property
    def winner(self) -> str | None:
        """The nation every seat named, once all have voted; else None (play it out)."""
        if len(self.votes) < len(self.nations):
            return None
        named = set(self.votes.values())
        return named.pop() if len(named) == 1 else None

    def units(self) -> list[tuple[str, str, str]]:
        """The settled position as engine units ``(nation, type, location)``."""
        if self.layout is None or not self.layout.settled:
            raise WinksError("the position is not settled yet")
        return [(self.layout.pieces[i].nation, self.layout.pieces[i].type, loc) for i, loc in self.layout.placed.items()]

    def play_out(self, adjacency: str = "strict") -> World:
        """The engine world to play from: one board, 1:F1901 (Fall of the first year), the
        settled units, no centre owned; home centres are those owned after Winter 1901."""
        key = BoardKey(1, Turn(self.variant.first_year, int(Season.FALL)))
        world = World.from_boards(self.variant, [make_board(key, self.units(), {})], adjacency, self.seed)
        return world.derive(home_centres=MappingProxyType({}), homes_at_first_winter=True)

    # -- record and replay ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole game as JSON: enough to replay it from its seed (and what came out, to
        check the replay against)."""
        return {
            "format": RECORD_FORMAT, "variant": self.variant.name, "seed": self.seed,
            "nations": list(self.nations), **({"rotation": self.rotation} if self.rotation else {}),
            "throws": [t.to_json() for t in self.throws],
            "cleanup": [s.to_json() for s in self.cleanup_steps],
            "choices": [{**choice_to_json(c), "seat": (self._first_chooser + i) % len(self.nations),
                         "steps": [s.to_json() for s in steps]}
                        for i, (c, steps) in enumerate(self.choice_steps)],
            "votes": {self.nations[s]: n for s, n in sorted(self.votes.items())},
        }

    @classmethod
    def from_json(cls, raw: Any, where: str = "record") -> "ThrownGame":
        """Replay a recorded game from its seed; raises :class:`WinksError` naming the field
        when the record is malformed or does not replay to what it says."""
        try:
            if raw.get("format") != RECORD_FORMAT:
                raise WinksError(f"{where}: not a thrown-start record (field 'format')")
            game = cls(raw["nations"], int(raw["seed"]), raw.get("variant", "standard"), int(raw.get("rotation", 0)))
            for i, t in enumerate(raw["throws"]):
                rec = game.throws_made_by(t["type"], Throw(float(t["aim"]), float(t["strength"])))
                if rec.to_json() != t:
                    raise WinksError(f"{where}: field 'throws.{i}': the throw does not replay to the recorded rest")
            if _facts(s.to_json() for s in game.cleanup_steps) != _facts(raw.get("cleanup", [])):
                raise WinksError(f"{where}: field 'cleanup': the clean-up does not replay as recorded")
            for i, c in enumerate(raw.get("choices", [])):
                steps = game.choose(choice_from_json(c))
                if "steps" in c and _facts(s.to_json() for s in steps) != _facts(c["steps"]):
                    raise WinksError(f"{where}: field 'choices.{i}': the choice does not replay as recorded")
            for nation, named in raw.get("votes", {}).items():
                game.vote(game.nations.index(nation), named)
        except (KeyError, TypeError, AttributeError, ValueError) as e:
            if isinstance(e, WinksError):
                raise
            raise WinksError(f"{where}: {type(e).__name__}: {e}") from None
        return game

    def throws_made_by(self, unit_type: str, throw: Throw) -> ThrowRecord:
        """Throw and return the record of that throw."""
        self.throw(unit_type, throw)
        return self.throws[-1]


def _facts(steps) -> list[dict]:
    """Recorded steps without their captions: the words may be reworded between versions
    (a game saved before still replays); what was removed, moved and taken may not."""
    return [{k: v for k, v in step.items() if k != "caption"} for step in steps]


def next_rotation(rotation: int) -> int:
    """The board turned one more quarter turn (the seed: "rotating the board 90 degrees
    before you begin your next game")."""
    return (rotation + 90) % 360


# -- a random thrown start ---------------------------------------------------------------------


def throw_at_random(players: int, seed: int = 0, variant: str | Variant = "standard",
                    nations: Sequence[str] | None = None, rotation: int = 0) -> ThrownGame:
    """Every piece of every nation thrown from the seed (each aimed at a random space its
    type may stand in, armies and fleets in a random order), cleaned up, and every
    remaining choice made at random. Nations default to the variant's first ``players``."""
    v = load_variant(variant) if isinstance(variant, str) else variant
    pieces_each(players)
    game = ThrownGame(tuple(nations) if nations else v.nation_names[:players], seed, v, rotation)
    rng = random.Random(f"{seed}/random-start")
    geo = game.footprints.geometry
    targets = {t: sorted(p for p in v.provinces if p in geo.unit_anchors and v.kind(p) in kinds)
               for t, kinds in (("A", ("land", "coast")), ("F", ("coast", "sea")))}
    while game.phase == "throwing":
        pile = game.pile(game.thrower)
        unit_type = rng.choice([t for t in ("A", "F") if pile[t] > 0])
        target = game.table.to_table(*geo.unit_anchors[rng.choice(targets[unit_type])])
        game.throw(unit_type, aim_at(game.table, target))
    while game.phase == "choosing":
        game.choose(rng.choice(game.options()))
    return game


def random_thrown_start(players: int, seed: int = 0, variant: str | Variant = "standard") -> World:
    """The world a random thrown start plays out from (see :func:`throw_at_random`)."""
    return throw_at_random(players, seed, variant).play_out()


def thrown_game(thrown: ThrownGame, adjacency: str = "strict") -> Game:
    """The played-out position as a new :class:`Game` (1:F1901, no centre owned), with the
    thrown start's record in ``meta["thrown"]`` so that it is saved with the game."""
    game = Game.from_world(thrown.play_out(adjacency))
    game.meta["thrown"] = thrown.to_json()
    return game


__all__ = ["ThrownGame", "ThrowRecord", "WinksError", "next_rotation", "pieces_each", "throw_at_random", "random_thrown_start", "thrown_game"]
