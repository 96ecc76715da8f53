"""A civilisations game's part of a view (RULES.md §10, §6 "Across computers"): what a
seat's computer needs to rebuild its world (:mod:`.remote_civ`) and may know, computed on
the server from the match's own civilisation sight (``Match.known_civilisations`` and the
seat's view, :mod:`app.match.civ_view`).

A seat is told the civilisations it knows (its own, then those it has met), each with its
colour, and the civilisations' state of its view: its own home centres on each board it
sees, and its own contacts; and the seats it may write to (those playing a civilisation it
has met: RULES.md §10, only civilisations in contact send messages). Never a civilisation it has not met: not its name, its colour,
nor how many there are (the view calls its units "Unknown"). A watcher, once the game has
ended, is told every civilisation (the fog lifts for everyone then).
"""

from __future__ import annotations

from app.engine import civ_of, World
from app.match import Match


def civ_field(match: Match, view: World, seat: int | None) -> dict | None:
    """The View's ``civ`` for ``seat`` (None: a watcher) seeing ``view``; None when the
    game has no civilisations."""
    civ = civ_of(view)
    if civ is None:
        return None
    nations = match.game.variant.nations
    known = match.known_civilisations(seat)
    field = {"nations": [[n, nations[n].colour] for n in known], "state": civ.json_for(view.boards)}
    if seat is not None and match.civ is not None:
        field["seats"] = [i for i in range(len(match.seats))
                          if i != seat and match.civ.may_write(match, seat, i) is None]
    return field


__all__ = ["civ_field"]
