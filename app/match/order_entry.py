"""Click-to-order: a small state machine with no Qt in it.

Every question (which unit may act, where it may go, is this order legal) goes to the
engine: :mod:`app.engine.rules.targets` lights up the options and
:func:`app.engine.rules.validation.check` has the last word on every order; its reason is what
the status bar shows when a click is refused.

Flow: click an own unit → its targets light up on every board → click one (a move; the unit
itself: hold). Press S (support) or C (convoy) with a unit selected → click the supported
or convoyed unit (on a ghost board too: a unit that will be there) → click its destination (the unit
itself again: support to hold). Winter: click a home centre to build (a menu offers army or
fleet) or a unit to disband. Retreat pause: click a dislodged unit, then a retreat target
(the unit itself again: disband).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.engine import (adjacent_board_keys, BoardKey, Build, build_options, builder_of, check, Convoy,
                        convoy_options, Disband, ghost_convoy_targets, Hold, Location, Move,
                        move_targets, Order, province_of, Retreat, retreat_targets, Support,
                        support_options, support_targets, World)


@dataclass
class Outcome:
    order: Order | None = None
    message: str = ""
    refused: bool = False
    menu: list[str] = field(default_factory=list)   # build choices ("A kie", "F kie") to offer
    menu_at: Location | None = None


def _group(locs) -> dict[BoardKey, dict[str, str]]:
    out: dict[BoardKey, dict[str, str]] = {}
    for loc in locs:
        if loc is None:
            continue
        out.setdefault(loc.board, {})[loc.province] = "target"
    return out


NEUTRAL_UNIT = "Refused: that unit is neutral: it holds and takes no orders (RULES.md §12)."


class OrderEntry:
    def __init__(self, world: World, nations: set[str] | None = None):
        self.world = world
        self.nations = nations          # None: every nation (sandbox)
        self.cancel()

    # -- state --------------------------------------------------------------------------
    def cancel(self) -> None:
        self.stage = "idle"              # idle | move | retreat | support_pick | support_dest | convoy_pick | convoy_dest
        self.unit: Location | None = None
        self.other: Location | None = None
        self.targets: list[Location] = []
        self.options: dict = {}
        self.dests: list = []
        self.ghosts: list[BoardKey] = []

    def set_world(self, world: World, nations: set[str] | None = None) -> None:
        self.world = world
        self.nations = nations
        self.cancel()

    def highlights(self) -> tuple[dict[BoardKey, dict[str, str]], Location | None]:
        if self.stage in ("move", "retreat"):
            return _group(self.targets), self.unit
        if self.stage in ("support_pick", "convoy_pick"):
            marks: dict[BoardKey, dict[str, str]] = {}
            for loc in self.options:
                marks.setdefault(loc.board, {})[loc.province] = "pick"
            return marks, self.unit
        if self.stage in ("support_dest", "convoy_dest"):
            marks = _group([d for d in self.dests if d is not None])
            if None in self.dests and self.other is not None:
                marks.setdefault(self.other.board, {})[self.other.province] = "pick"
            return marks, self.unit
        return {}, None

    def hint(self) -> str:
        return {
            "idle": "Click one of your units on an active board.",
            "move": "Click a highlighted target to move there, the unit again to hold; S support, C convoy, Esc cancel.",
            "retreat": "Click a highlighted province to retreat there, the unit again to disband.",
            "support_pick": "Support: click the unit to support (ghost boards: a unit that will be there).",
            "support_dest": "Support: click where it moves, or the supported unit again to support it holding.",
            "convoy_pick": "Convoy: click the army to carry (ghost boards: an army that will be there).",
            "convoy_dest": "Convoy: click the army's destination.",
        }[self.stage]

    # -- helpers ------------------------------------------------------------------------
    def _allowed(self, nation: str) -> bool:
        return self.nations is None or nation in self.nations

    def _finish(self, order: Order) -> Outcome:
        normal, reason = check(self.world, order)
        if reason:
            return Outcome(None, f"Refused: {reason}.", refused=True)
        self.cancel()
        return Outcome(normal, "")

    def _pick_loc(self, candidates: list[Location], key: BoardKey, province: str, x: float, y: float, art) -> Location | None:
        hits = [c for c in candidates if c is not None and c.board == key and c.province == province]
        if not hits:
            return None
        if len(hits) == 1 or art is None:
            return hits[0]
        loc = art.nearest_location([h.loc for h in hits], x, y)
        return Location(key, loc)

    # -- keys -------------------------------------------------------------------------------
    def key_hold(self) -> Outcome:
        if self.unit is None or self.stage not in ("move", "support_pick", "convoy_pick"):
            return Outcome(None, "Select a unit first.", refused=True)
        u = self.world.unit_at(self.unit)
        return self._finish(Hold(u.nation, u.type, self.unit))

    def key_move(self) -> Outcome:
        if self.unit is None or self.stage == "retreat":
            return Outcome(None, "Select a unit first.", refused=True)
        self.stage = "move"
        self.targets = move_targets(self.world, self.unit)
        self.ghosts = []
        return Outcome(None, self.hint())

    def key_support(self) -> Outcome:
        if self.unit is None or self.stage == "retreat":
            return Outcome(None, "Select a unit first, then press S to support.", refused=True)
        self.options = support_options(self.world, self.unit)
        self.ghosts = [k for k in adjacent_board_keys(self.unit.board) if k not in self.world.boards]
        self.stage = "support_pick"
        if not self.options and not self.ghosts:
            return Outcome(None, "This unit can support no one.", refused=True)
        return Outcome(None, self.hint())

    def key_convoy(self) -> Outcome:
        if self.unit is None or self.stage == "retreat":
            return Outcome(None, "Select a fleet first, then press C to convoy.", refused=True)
        u = self.world.unit_at(self.unit)
        if u.type != "F" or self.unit.province not in self.world.variant.convoy_waters:
            return Outcome(None, "Refused: only a fleet at sea (or in a port) can convoy.", refused=True)
        opts = convoy_options(self.world, self.unit)
        self.ghosts = [k for k in adjacent_board_keys(self.unit.board) if k not in self.world.boards]
        if not opts and not self.ghosts:
            return Outcome(None, "Refused: this fleet can convoy no army now.", refused=True)
        self.options = opts
        self.stage = "convoy_pick"
        return Outcome(None, self.hint())

    def key_disband(self) -> Outcome:
        if self.unit is None:
            return Outcome(None, "Select a unit first.", refused=True)
        u = self.world.unit_at(self.unit)
        return self._finish(Disband(u.nation, u.type, self.unit))

    # -- clicks -------------------------------------------------------------------------
    def click(self, key: BoardKey, province: str | None, x: float = 0.0, y: float = 0.0, art=None) -> Outcome:
        w = self.world
        if province is None:
            return Outcome(None, "No province there.", refused=True)
        if w.phase == "over":
            won = f"{w.winner} has won" if w.winner else "it ended in a draw"
            return Outcome(None, f"The game is over: {won}.", refused=True)
        here = Location(key, province)
        if self.stage in ("move", "retreat"):
            return self._click_target(key, province, x, y, art)
        if self.stage == "support_pick":
            return self._click_support_pick(key, province)
        if self.stage == "support_dest":
            return self._click_support_dest(key, province, x, y, art)
        if self.stage == "convoy_pick":
            if key in self.ghosts:
                self.other = Location(key, province)
                self.dests = ghost_convoy_targets(w, self.unit, self.other)
                if not self.dests:
                    return Outcome(None, "Refused: this fleet could not convoy an army from there "
                                         "(the coast must touch its sea).", refused=True)
                self.stage = "convoy_dest"
                return Outcome(None, self.hint())
            loc = self._pick_loc(list(self.options), key, province, x, y, art)
            if loc is None:
                return Outcome(None, "Refused: that is not an army this fleet can convoy.", refused=True)
            self.other = loc
            self.dests = list(self.options[loc])
            self.stage = "convoy_dest"
            return Outcome(None, self.hint())
        if self.stage == "convoy_dest":
            dest = self._pick_loc(self.dests, key, province, x, y, art)
            u = w.unit_at(self.unit)
            if dest is None:
                dest = Location(key, province)
            return self._finish(Convoy(u.nation, u.type, self.unit, self.other, dest))
        return self._click_idle(here)

    def _click_idle(self, here: Location) -> Outcome:
        w = self.world
        key = here.board
        if key not in w.boards:
            return Outcome(None, f"Board {key} does not exist yet.", refused=True)
        unit = w.unit_at(here)
        if w.pause is not None:
            loc = Location(key, unit.loc) if unit else here
            if loc not in w.pause.dislodged:
                return Outcome(None, "Refused: the world waits for retreats; click a dislodged unit (marked with a red cross).",
                               refused=True)
            if not self._allowed(unit.nation):
                return Outcome(None, f"Refused: that unit is {_whose(unit.nation)}.", refused=True)
            self.unit = loc
            self.targets = retreat_targets(w, loc)
            self.stage = "retreat"
            return Outcome(None, self.hint())
        board = w.boards[key]
        if not board.is_movement:
            if not w.is_active(key):
                return Outcome(None, f"Refused: board {key} is in the past: its orders are locked.", refused=True)
            if unit is not None:
                if unit.nation == w.variant.neutral_nation:
                    return Outcome(None, NEUTRAL_UNIT, refused=True)
                if not self._allowed(unit.nation):
                    return Outcome(None, f"Refused: that unit is {_whose(unit.nation)}.", refused=True)
                return self._finish(Disband(unit.nation, unit.type, Location(key, unit.loc)))
            nation = builder_of(w, here.province, key)  # its owner or home nation (RULES.md §9, §10, §12)
            if nation is None:
                return Outcome(None, f"Refused: {here.province} is not a centre anyone may build in now.", refused=True)
            if not self._allowed(nation):
                return Outcome(None, f"Refused: {here.province} is {nation}'s home centre.", refused=True)
            choices = build_options(w, key, nation).get(here.province)
            if not choices:
                _, reason = check(w, Build(nation, "A", here))
                if reason is None:
                    reason = f"{nation} has no build to make on this board"
                return Outcome(None, f"Refused: {reason}.", refused=True)
            return Outcome(None, "Choose the unit to build.", menu=list(choices), menu_at=here)
        if unit is None:
            return Outcome(None, f"No unit in {here.province} on board {key}.", refused=True)
        if unit.nation == w.variant.neutral_nation:
            return Outcome(None, NEUTRAL_UNIT, refused=True)
        if not self._allowed(unit.nation):
            return Outcome(None, f"Refused: that unit is {_whose(unit.nation)}; you play {', '.join(sorted(self.nations))}.",
                           refused=True)
        loc = Location(key, unit.loc)
        _, reason = check(w, Hold(unit.nation, unit.type, loc))
        if reason:
            return Outcome(None, f"Refused: {reason}.", refused=True)
        self.unit = loc
        self.stage = "move"
        self.targets = move_targets(w, loc)
        return Outcome(None, self.hint())

    def choose_build(self, at: Location, choice: str) -> Outcome:
        utype, loc = choice.split()
        nation = builder_of(self.world, at.province, at.board) or ""
        return self._finish(Build(nation, utype, Location(at.board, loc)))

    def _click_target(self, key: BoardKey, province: str, x: float, y: float, art) -> Outcome:
        w = self.world
        u = w.unit_at(self.unit)
        if key == self.unit.board and province == self.unit.province:
            if self.stage == "retreat":
                return self._finish(Disband(u.nation, u.type, self.unit))
            return self._finish(Hold(u.nation, u.type, self.unit))
        dest = self._pick_loc(self.targets, key, province, x, y, art)
        if dest is None:
            # another own unit: select it instead
            other = w.unit_at(Location(key, province)) if key in w.boards else None
            if self.stage == "move" and other is not None and self._allowed(other.nation) and w.is_active(key):
                self.cancel()
                return self._click_idle(Location(key, province))
            dest = Location(key, province)
        if self.stage == "retreat":
            return self._finish(Retreat(u.nation, u.type, self.unit, dest))
        return self._finish(Move(u.nation, u.type, self.unit, dest))

    def _click_support_pick(self, key: BoardKey, province: str) -> Outcome:
        w = self.world
        if key in self.ghosts:
            target = Location(key, province)
            self.dests = support_targets(w, self.unit, target)
            if not self.dests:
                return Outcome(None, "Refused: this unit could not support anything there.", refused=True)
            self.other = target
            self.stage = "support_dest"
            return Outcome(None, self.hint())
        hits = [l for l in self.options if l.board == key and l.province == province]
        if not hits:
            if key in w.boards and w.unit_at(Location(key, province)) is None:
                return Outcome(None, f"Refused: no unit in {province} on board {key}.", refused=True)
            return Outcome(None, "Refused: this unit cannot support that one (out of reach, or a past unit "
                                 "that was ordered otherwise).", refused=True)
        self.other = hits[0]
        self.dests = list(self.options[hits[0]])
        self.stage = "support_dest"
        return Outcome(None, self.hint())

    def _click_support_dest(self, key: BoardKey, province: str, x: float, y: float, art) -> Outcome:
        w = self.world
        u = w.unit_at(self.unit)
        other = w.unit_at(self.other) if self.other.board in w.boards else None
        stype = other.type if other else {"sea": "F", "land": "A"}.get(w.variant.kind(self.other.province))
        if key == self.other.board and province == self.other.province:
            return self._finish(Support(u.nation, u.type, self.unit, stype, self.other, None))
        dest = self._pick_loc(self.dests, key, province, x, y, art) or Location(key, province)
        return self._finish(Support(u.nation, u.type, self.unit, stype, self.other, dest))


def _whose(nation: str) -> str:
    """``Germany's``; a civilisation the seat has not met (RULES.md §10) is not named."""
    from app.engine import UNKNOWN
    return "an unknown civilisation's" if nation == UNKNOWN else f"{nation}'s"


def example_orders(world: World, nations: tuple[str, ...] | frozenset[str] | None = None) -> str:
    """Two orders in the notation, made from this game's own map and ``nations``' units on
    an active board — the console's hint (a map with no Munich gets no ``A mun - tyr``)::

        >>> from app.engine.game import Game
        >>> example_orders(Game.new().world, ("England",))
        'e.g.  A lvp - cly    F 1:edi:S1901 S A lvp - cly'

    Only the seat's own units are used (under fog nothing else is named); with none on an
    active board, the plain form of the notation is given."""
    v = world.variant
    for key in world.active_boards():
        board = world.boards[key]
        if not board.is_movement or world.pause is not None:
            continue                          # a build or retreat board: these examples are moves
        units = sorted((u for u in board.units.values() if nations is None or u.nation in nations),
                       key=lambda u: (u.type != "A", u.loc))
        for u in units:
            targets = sorted(v.adjacent_locations(u.type, u.loc))
            if not targets:
                continue
            move = f"{u.type} {u.loc} - {targets[0]}"
            helper = next((h for h in units if h is not u and province_of(targets[0]) in
                           v.adjacent_provinces(h.type, h.loc)), None)
            if helper is None:               # nobody to support it: another unit holds, named in full
                other = next((h for h in units if h is not u), u)
                return f"e.g.  {move}    {other.type} {board.key.timeline}:{other.loc}:{board.key.turn} H"
            return f"e.g.  {move}    {helper.type} {board.key.timeline}:{helper.loc}:{board.key.turn} S {move}"
    return "e.g.  A <from> - <to>    A <timeline>:<province>:<turn> S A <from> - <to>"
