"""Games holding every part a save file keeps beside the engine's boards, orders and results,
built through the public API only, and what a player sees of each (``seen``).

Used both by the tests (``test_saved_parts.py``: each part round-trips in the current
version) and to write the older files they must still open: run with an older code first on
the path, e.g.::

    git archive 60672d0 app data | tar -x -C /tmp/old
    PYTHONPATH=/tmp/old:. python -m tests.match.saved_parts tests/match/fixtures

which writes ``v2_<part>.json`` (the file, in that code's version) and
``v2_<part>.seen.json`` (what that code showed of it) for each part below.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from app.match import Match, Seat

PINS = {"table": {1: "2718"}, "civ": {1: "2222"}, "imported": {}, "autosave": {1: "2718"}}
"""The PIN of each sealed seat, by part (what opens them again)."""

PARTS = tuple(PINS)


def _round(m: Match) -> None:
    while m.turn is not None:
        m.done()
    m.submit()


def table_game() -> Match:
    """The table (seats that left, a deadline, messages plain and sealed), the studio (plans
    and notes, plain and sealed) and a PIN seat's sealed box with pending orders."""
    from app.match.plans import PlanMark
    seats = [Seat(name="Ada", colour="#1971c2", nations=("England", "France")),
             Seat(name="Ben", colour="#e8590c", nations=("Russia", "Turkey")),
             Seat(name="Cleo", colour="#2f9e44", nations=("Austria", "Germany", "Italy"))]
    m = Match.new(seats=seats, seed=3, pins=PINS["table"])
    m.table.deadline.seconds = 120
    m.add_text("A par - bur", 0)
    m.table.mail.write(0, 1, "Burgundy is mine this spring.")
    m.plans.draw(0, PlanMark(kind="arrow", colour=2, at="1:par:S1901", to="1:bur:S1901"))
    m.notes.write(0, "Ben promised Galicia.")
    m.done()
    m.add_text("A war - gal", 1)
    m.table.mail.write(1, 2, "Psst: Galicia is a feint.")
    m.plans.draw(1, PlanMark(kind="mark", colour=1, at="1:gal:S1901"))
    m.notes.write(1, "Ada trusts me.")
    m.done()
    m.add_text("A vie - tyr", 2)
    m.table.mail.write(2, 0, "Noted, Ada.")
    _round(m)
    m.table.seats.leave(2, "easy")              # Cleo leaves to the computer
    m.add_text("F lon - nth", 0)
    m.done()
    m.add_text("F sev - bla", 1)                 # pending in Ben's sealed box, his turn
    m.table.mail.write(1, 0, "Sealed after the first round.")
    return m


def civ_game() -> Match:
    """Civilisations (RULES.md §10): the game's own nations, contacts, an accepted gift of maps
    (a snapshot), an open offer sealed in a PIN seat's box, a round played."""
    from app.engine.civ.civstart import with_civ
    from app.engine.rules.coords import BoardKey, Location, Turn
    from app.engine.game import Game
    from app.engine.civ.gifts import Gift
    from app.engine.civ.nations import PALETTE, with_nations
    from app.engine.variants.variant import load_variant
    from app.engine.rules.world import World, make_board
    names = ("Sumer", "Akkad", "Elam")
    v = with_nations(load_variant(), [(n, PALETTE[i]) for i, n in enumerate(names)])
    s1901 = BoardKey(1, Turn(1901, 0))
    board = make_board(s1901, [tuple(u.split()) for u in ("Sumer A bur", "Akkad A mun", "Elam F ion")],
                       {"par": "Sumer", "ber": "Akkad"})
    world = with_civ(World.from_boards(v, [board]), contacts={"Sumer": ["Akkad"]})
    seats = [Seat(name=n[:3], nations=(n,)) for n in names]
    m = Match(Game.from_world(world), seats, pins=PINS["civ"], fog=True)
    m.civ.answer(m.civ.offer(Gift("maps", "Sumer", "Akkad")).id, True)
    m.add_text("A bur - ruh", 0)
    m.add_text("A mun - boh", 1)
    _round(m)
    m.civ.offer(Gift("unit", "Sumer", "Akkad", unit=Location(BoardKey(1, Turn(1901, 1)), "ruh")))
    return m


def imported_game() -> Match:
    """A game on a variant imported from the ``diplomacy`` package's ``ancmed.map`` into the
    user's variants folder (data only: the drawing is the importer's own tests' business)."""
    from app.engine.variants.catalog import user_variants_dir
    from app.variants.dpimport import package_maps_dir
    from app.variants.draft import write_draft
    from app.variants.importer import read_source
    folder = user_variants_dir(create=True) / "ancmed"
    if not folder.is_dir():
        draft, _ = read_source(package_maps_dir() / "ancmed.map")
        write_draft(draft, folder, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>')
    m = Match.new("ancmed", seed=5, seats=[Seat(name="Rome", nations=("Rome", "Egypt")),
                                           Seat(name="Greece", nations=("Greece", "Persia", "Carthage"))])
    m.add_text("Rome: A rom - apu", 0)
    m.done()
    m.add_text("Greece: F spa - mes", 1)
    _round(m)
    m.add_text("Rome: A apu - nea", 0)
    return m


BUILD = {"table": table_game, "civ": civ_game, "imported": imported_game, "autosave": table_game}
SAVED_AS = {"autosave": "/home/ada/games/Ada and Ben.json"}
"""An autosave keeps the name of the game's own file (``meta.saved_as``)."""


def save(m: Match, part: str, path: Path) -> None:
    """Save as the window does: the game's file, or an autosave naming the game's file."""
    from app.engine.saves.jsonfile import write_text_atomic
    from app.match.storage import snapshot
    saved_as = SAVED_AS.get(part)
    write_text_atomic(path, snapshot(m, Path(saved_as)).to_text() if saved_as else snapshot(m).to_text())


def unlock(m: Match, part: str) -> Match:
    for seat, pin in PINS[part].items():
        if m.is_locked(seat):
            assert m.check_pin(seat, pin), f"seat {seat}'s PIN does not open it"
    return m


def seen(m: Match) -> dict[str, Any]:
    """What the players see of the game: seats, whose turn, pending orders, messages, plans,
    notes, the deadline, civilisations' offers and snapshots, and every board of every world."""
    from app.engine.notation.notation import format_order
    out: dict[str, Any] = {
        "variant": m.game.variant.ref, "mode": m.mode, "turn": m.turn, "fog": m.fog,
        "seats": [[s.name, s.colour, list(s.nations), s.controller, s.level] for s in m.seats],
        "pending": [sorted(format_order(o) for o in m.pending(i)) for i in range(len(m.seats))],
        "messages": [[mm.model_dump(mode="json") for mm in m.table.mail.messages(i)] for i in range(len(m.seats))],
        "plans": [[p.model_dump(mode="json") for p in m.plans.of(i)] for i in range(len(m.seats))],
        "notes": [m.notes.of(i) for i in range(len(m.seats))],
        "deadline": m.table.deadline.seconds,
        "saved_as": getattr(m, "saved_as", None),
        "submissions": len(m.game.submissions),
        "worlds": [],
    }
    if m.civ is not None:
        nations = m.game.variant.nation_names
        out["offers"] = {n: sorted(json.dumps([o.id, o.status, str(o.gift)]) for o in m.civ.open_offers(n))
                         for n in nations}
        out["snapshots"] = {n: [s.giver for s in m.civ.snapshots(n)] for n in nations}
        out["contacts"] = sorted(f"{a}-{b}" for a in nations for b in nations if a != b and m.in_contact(a, b))
    for i in range(len(m.game.submissions) + 1):
        w = m.game.world_at(i)
        out["worlds"].append({str(k): [sorted(str(u) for u in b.units.values()),
                                       sorted(f"{c}={n}" for c, n in b.centres.items())]
                              for k, b in sorted(w.boards.items())})
    return out


def write_fixtures(folder: Path) -> None:
    from app.engine.saves.savefile import SAVE_VERSION
    from app.match.storage import open_match
    for part in PARTS:
        path = folder / f"v{SAVE_VERSION}_{part}.json"
        save(BUILD[part](), part, path)
        m = unlock(open_match(path), part)     # seen as it opens in that code (an autosave names its game)
        (folder / f"v{SAVE_VERSION}_{part}.seen.json").write_text(json.dumps(seen(m), indent=1) + "\n")
        print(path)


if __name__ == "__main__":
    write_fixtures(Path(sys.argv[1]))
