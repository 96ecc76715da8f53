"""Maps received across computers (RULES.md §10 map gift and exchange): the server lists a
seat's maps with its offers (:func:`maps_told`) and sends one when the seat's computer asks
for it (:func:`map_answer`), computed with the match's own snapshot sight
(``CivTable.snapshot_view``: what the giver saw then, each civilisation named only if the
giver knew it then and the seat knows it now). A seat asks only for its own maps: any other
number is refused without saying whether such a gift exists."""

from __future__ import annotations

from app.match import Match

from .protocol import AskMap, MapView, Refused
from .views import board_list


def maps_told(match: Match, seat: int) -> list[dict]:
    """The maps the seat's civilisations received, oldest first."""
    if match.civ is None:
        return []
    return [{"gift": s.gift, "giver": s.giver, "receiver": s.receiver, "turn": str(s.turn)}
            for n in match.seats[seat].nations for s in match.civ.snapshots(n)]


def map_answer(match: Match, table: str, seat: int, message: AskMap) -> MapView | Refused:
    what = f"map {message.gift}"
    if match.civ is None:
        return Refused(text=what, reason="this game has no civilisations: there are no maps")
    mine = match.seats[seat].nations
    snap = next((s for n in mine for s in match.civ.snapshots(n) if s.gift == message.gift), None)
    if snap is None:
        return Refused(text=what, reason="no map of that number was given to your seat")
    world = match.civ.snapshot_view(snap, match.known_civilisations(seat))
    return MapView(table=table, gift=snap.gift, boards=board_list(world))


__all__ = ["map_answer", "maps_told"]
