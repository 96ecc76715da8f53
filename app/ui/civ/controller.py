"""The window's civilisations part (RULES.md §10), a class the main window holds: starting a
civilisations game from the new-game dialog, the Contacts dock (offers to make and to
answer, maps received) for the seat at the table, and old maps shown read-only. Every rule
is the match's (``app.match.civ_table``); this only shows it and forwards choices."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget

from app.engine import civ_of, Location
from app.match.match import MatchError

from ..guard import guarded
from ..panels.contacts import ContactsPanel, ContactsState

if TYPE_CHECKING:
    from app.engine import Gift

# The civilisations engine (app.match.civ_setup, app.match.civ_table, app.engine.civ.gifts) is
# imported when a civilisations game is started, opened or played: a start does not need it.


@dataclass(frozen=True)
class CivServices:
    """What the civilisations part reads and asks of the window, named."""
    match: Callable[[], object]                 # the Match (None: no game)
    seat: Callable[[], int | None]              # the seat at the table
    curtain_up: Callable[[], bool]              # hotseat: nobody's turn is on screen
    replaying: Callable[[], bool]               # the history slider is in the past
    set_match: Callable[..., None]              # (match, path): show a game
    refresh: Callable[[], None]                 # redraw everything from the match
    files_changed: Callable[[], None]
    set_status: Callable[..., None]             # (text, error=False)
    show_message: Callable[[str, str], object]  # a window-modal message (title, text)
    art: Callable[[], object]                   # the map's art (old maps are drawn with it)
    theme: Callable[[], object]


class CivUI:
    def __init__(self, parent, services: CivServices, beside=None):
        """``parent``: the main window (the dock goes on its right, tabbed with ``beside``)."""
        self.s = services
        self._parent = parent
        self.panel = ContactsPanel()
        self.dock = QDockWidget("Contacts", parent)
        self.dock.setObjectName("contacts")
        self.dock.setWidget(self.panel)
        self.dock.setFeatures(QDockWidget.DockWidgetMovable)    # never floating: the curtain must cover it
        parent.addDockWidget(Qt.RightDockWidgetArea, self.dock)
        if beside is not None:
            parent.tabifyDockWidget(beside, self.dock)
            beside.raise_()
        self.dock.hide()
        self.panel.offer.connect(self.make_offer)
        self.panel.answer.connect(self.answer)
        self.panel.view_map.connect(self.view_map)
        self.dialog = None          # the old map, or the seating of a drawn start, open now
        self.unattended = False     # True: a drawn start opened is seated unasked (a screenshot)

    # -- the game ------------------------------------------------------------------------------
    @property
    def table(self):
        m = self.s.match()
        return m.civ if m is not None else None

    def start(self, settings: dict, seed: int | None = None) -> bool:
        """A new civilisations game from the dialog's settings (``settings["civ"]``)."""
        from app.match.civ_setup import new_civ_match
        civ = settings["civ"]
        seed = random.randrange(1, 10**6) if seed is None else seed
        try:
            match = new_civ_match(civ["players"], civ["computers"], seed, settings["variant"],
                                  settings["adjacency"], civ["levels"])
        except MatchError as e:
            self.s.show_message("Cannot start", str(e))
            return False
        self.s.set_match(match, None)
        if not match.private:
            self._greet(0)
        else:
            self.s.set_status(f"Civilisations: {len(civ['players'])} people and the computer, from "
                              f"{match.game.calendar.title(match.world.active_boards()[0].turn)}.")
        return True

    def seat_opened(self, opened, file_name: str):
        """A civilisations start opened from a file (``opened``: its game, seated as a
        sandbox by the file's reader) seated as the player answers :meth:`ask_seats`: the
        people's civilisations, the computer's, PINs, fog. None when the player cancels or
        the answer cannot be seated (said)."""
        from app.match.civ_setup import seat_civ_game
        game = opened.game
        v = game.variant
        civs = [(n, v.nations[n].colour) for n in v.nation_names]
        when = game.calendar.title(min(k.turn for k in opened.world.active_boards()))
        answer = self.ask_seats(file_name, civs, v.title, when)
        if answer is None:
            return None
        try:
            match = seat_civ_game(game, answer["players"], answer["levels"])
        except MatchError as e:
            self.s.show_message("Cannot start", str(e))
            return None
        match.scenario = getattr(opened, "scenario", None)
        return match

    def ask_seats(self, file_name: str, civs, variant_title: str, when: str) -> dict | None:
        """Who plays which civilisation of a drawn start (the dialog; ``unattended``: its
        first answer, one person at the first civilisation, unasked)."""
        from ..dialogs.civ_file import CivFileDialog
        dlg = CivFileDialog(self._parent, file_name, civs, variant_title, when)
        if self.unattended:
            return dlg.settings()
        self.dialog = dlg
        try:
            accepted = dlg.exec() == CivFileDialog.Accepted
        finally:
            self.dialog = None
        return dlg.settings() if accepted else None

    def greet_opened(self, file_name: str) -> None:
        """The status after a civilisations start opened from a file."""
        m = self.s.match()
        if m.private:
            self.s.set_status(f"Civilisations from {file_name}: {sum(s.controller == 'person' for s in m.seats)} "
                              f"people and the computer, from {m.game.calendar.title(m.world.active_boards()[0].turn)}. "
                              "Save it (Ctrl+S) to keep it.")
        else:
            self._greet(0, " Save it (Ctrl+S) to keep it.")

    def _greet(self, seat: int, more: str = "") -> None:
        m = self.s.match()
        me = m.seats[seat].nations[0]
        key = m.world.active_boards()[0]
        board = m.world.boards[key]
        where = next((p for p, n in board.centres.items() if n == me), None)
        name = m.game.variant.provinces[where].name if where else "?"
        self.s.set_status(f"{m.game.calendar.title(key.turn)}: {me} begins in {name}, alone. "
                          "Explore to meet other civilisations." + more)

    def date_note(self) -> str:
        """`` (now Spring 3500 BC)`` in a civilisations game, else nothing."""
        m = self.s.match()
        if m is None or civ_of(m.world) is None:
            return ""
        return f" (now {m.game.calendar.title(min(k.turn for k in m.world.active_boards()))})"

    # -- the dock ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Show the seat's contacts (nothing behind the curtain); the dock only in a
        civilisations game."""
        t = self.table
        if t is None:
            self.dock.hide()
            return
        if self.dock.isHidden():
            self.dock.show()
        self.panel.set_state(self.state())

    def state(self) -> ContactsState:
        m, t = self.s.match(), self.table
        seat = self.s.seat()
        if seat is None or self.s.curtain_up() or m is None or t is None:
            return ContactsState()
        mine = list(m.nations_of(seat))
        v = m.game.variant
        known = m.known_civilisations(seat)
        met = [(n, v.nations[n].colour) for n in known if n not in mine]
        cal = m.game.calendar
        incoming = [(o.id, o.giver, self._offered(o.gift)) for o in t.to_answer(mine)]
        waiting = [self._describe(o.gift, mine) for o in t.made_by(mine)]
        maps = [(s.gift, s.title(cal)) for n in mine for s in t.snapshots(n)]
        log = [self._logged(o, mine) for o in t.history(mine)]
        units = []
        for n in mine:
            for loc in t.giftable_units(n):
                u = m.world.unit_at(loc)
                units.append((f"{'Army' if u.type == 'A' else 'Fleet'} in {v.provinces[loc.province].name}, "
                              f"{cal.board(loc.board)}", loc))
        blocked = ""
        if any(t.open_offers(n) for n in mine):
            blocked = "An offer of yours, made or received, is open: it is answered before you make another."
        if m.world.phase == "over":
            blocked = "The game is over."
        if self.s.replaying():
            blocked = "Replaying the past: go to the present to make offers."
        present = min(k.turn for k in m.world.active_boards())
        return ContactsState([(n, v.nations[n].colour) for n in mine], met, incoming, waiting, maps, log, units,
                             blocked, cal.title(present))

    def _what(self, gift: Gift, whose: str = "its") -> str:
        """What a gift gives, in words (``whose``: the giver's possessive)."""
        if gift.kind == "map":
            return "a map of what it sees" if whose == "its" else "a map of what you see"
        if gift.kind == "maps":
            return "an exchange of maps"
        if gift.kind == "unit":
            u = gift.unit
            name = self.s.match().game.variant.provinces[u.province].name
            return f"{whose} unit in {name} ({self.s.match().game.calendar.board(u.board)})"
        return f"an introduction to {gift.third}"

    def _offered(self, gift: Gift) -> str:
        """An offer waiting for the seat's answer, in words."""
        return f"<b>{gift.giver}</b> offers you {self._what(gift)}"

    def _describe(self, gift: Gift, mine: list[str]) -> str:
        """An offer the seat made or received, in words."""
        if gift.giver in mine:
            return f"your offer to {gift.receiver}: {self._what(gift, 'your')}"
        return f"{gift.giver}'s offer to you: {self._what(gift)}"

    def _logged(self, o, mine: list[str]) -> str:
        text = self._describe(o.gift, mine)
        if o.giver in mine and o.status in ("rejected", "lapsed"):
            return f"{text}: not taken."              # why is the receiver's business
        if o.status == "lapsed":
            return f"{text}: lapsed ({o.reason})."
        return f"{text}: {o.status}."

    # -- choices -------------------------------------------------------------------------------
    @guarded
    def make_offer(self, kind: str, receiver: str, unit, third) -> None:
        m, seat = self.s.match(), self.s.seat()
        if m is None or seat is None or self.table is None:
            return
        from app.engine import Gift
        from app.match.civ_table import OfferRefused
        giver = m.seats[seat].nations[0]
        gift = Gift(kind, giver, receiver, unit=unit if isinstance(unit, Location) else None, third=third)
        try:
            o = self.table.offer(gift)
        except OfferRefused as e:
            self.s.set_status(f"Offer refused: {e}.", error=True)
            return
        self.s.files_changed()
        what = self._what(o.gift, "your")
        if o.status == "open":
            self.s.set_status(f"Offer made to {receiver}: {what}. {receiver} answers at its turn.")
        else:
            self.s.set_status(f"{receiver} {'accepted' if o.status == 'accepted' else 'did not take'} {what}.")
        self.s.refresh()

    @guarded
    def answer(self, offer_id: int, accept: bool) -> None:
        m = self.s.match()
        if m is None or self.table is None or self.s.seat() is None:
            return
        from app.match.civ_table import OfferRefused
        mine = list(m.nations_of(self.s.seat()))
        if not any(o.id == offer_id for o in self.table.to_answer(mine)):
            return
        try:
            o = self.table.answer(offer_id, accept)
        except OfferRefused as e:
            self.s.set_status(str(e), error=True)
            return
        self.s.files_changed()
        text = self._describe(o.gift, mine)
        if o.status == "open":          # a table across computers: its server answers it
            self.s.set_status(f"Your answer to {text} is on its way to the table's server.")
        elif o.status == "lapsed":
            self.s.set_status(f"The offer lapsed: {o.reason}.", error=True)
        elif o.status == "accepted":
            extra = " Open the map from Contacts." if o.gift.kind in ("map", "maps") else ""
            self.s.set_status(f"Accepted {text}.{extra}")
        else:
            self.s.set_status(f"Rejected {text}.")
        self.s.refresh()

    @guarded
    def view_map(self, index: int) -> None:
        m, seat = self.s.match(), self.s.seat()
        if m is None or seat is None or self.table is None:
            return
        mine = list(m.nations_of(seat))
        snap = next((s for n in mine for s in self.table.snapshots(n) if s.gift == index), None)
        if snap is None:
            return
        from .snapshot import SnapshotDialog
        from app.match.civ_table import OfferRefused
        try:
            world = self.table.snapshot_view(snap, m.known_civilisations(seat))
        except OfferRefused as e:       # a table across computers: the map has not come yet
            self.s.set_status(str(e)[:1].upper() + str(e)[1:] + ".", error=True)
            return
        self.dialog = SnapshotDialog(self._parent, world, snap.giver, snap.title(m.game.calendar), self.s.art(),
                                     self.s.theme())
        try:
            self.dialog.exec()
        finally:
            dialog, self.dialog = self.dialog, None
            dialog.scene.cache.close()   # its board images' threads go with it
            dialog.deleteLater()         # each map looked at stayed alive, a child of the window


__all__ = ["CivUI"]
