"""The tutorial's steps: a small table. Each step says what to do and how the app knows it
was done — a check of the real match and window (the pending orders, the submissions, the
timelines, what the player clicked), never a pretend state — and, for "Do it for me", the
same action done through the window's own commands, so that skipping a step leaves the game
as if the player had done it.

A step's ``done(t)`` gets the running :class:`~app.ui.tutorial.tutorial.Tutorial` (``t.w``:
the main window; ``t.at_start``: what was true when the step began; ``t.clicked_result``:
whether a result was clicked since).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from app.engine import BoardKey

S1901, F1901 = BoardKey.parse("1:S1901"), BoardKey.parse("1:F1901")


@dataclass(frozen=True)
class Step:
    title: str
    text: str                                   # what to do (rich text)
    done: Callable | None = None                # t -> bool; None: the player presses Next
    do_it: Callable | None = None               # t -> None: the step done for the player ("Do it for me")


def _pending(t, kind: str, unit: str | None = None, dest: str | None = None, cross: bool = False):
    for o in t.w.pending.values():
        if o.kind != kind:
            continue
        if unit is not None and o.unit.province != unit:
            continue
        if dest is not None and getattr(o, "dest", None) is not None and o.dest.province != dest:
            continue
        if cross and o.dest.board == o.unit.board:
            continue
        return o
    return None


def _selected(t, province: str) -> bool:
    e = t.w.entry
    return e is not None and e.unit is not None and e.unit.province == province and t.w.world.is_active(e.unit.board)


def _submissions(t) -> int:
    return len(t.w.game.submissions) if t.w.game is not None else 0


def _submit(t) -> None:
    t.w.submit()
    t.w.wait_idle()


def _order(text: str):
    """Give an order as the player would type it (the click being entered, if any, dropped)."""
    def do(t) -> None:
        t.w.cancel_entry()
        t.w.console_order(text)
    return do


STEPS: tuple[Step, ...] = (
    Step("Welcome to 5D Diplomacy",
         "Diplomacy, with time travel: units move across the map <i>and</i> across turns, and changing "
         "the past starts a new timeline.<br><br>This tutorial plays a few moves of a sandbox game with "
         "you, one step at a time. The app checks each step; “Do it for me” does a step for you."),
    Step("Select a unit",
         "Each square is an <b>army</b>, each boat a <b>fleet</b>. The board with the gold frame is "
         "<b>active</b>: its units take orders.<br><br>Click the French army in <b>Paris</b> (light blue, "
         "west). Its targets light up.",
         done=lambda t: _selected(t, "par") or _pending(t, "move", "par", "bur") is not None,
         do_it=lambda t: t.w.clicks.click_location(S1901, "par")),
    Step("Move",
         "Click <b>Burgundy</b>, lit up east of Paris: the army is ordered to move there. The order "
         "joins the list on the right; nothing happens until you submit.",
         done=lambda t: _pending(t, "move", "par", "bur") is not None,
         do_it=_order("A par - bur")),
    Step("Support",
         "Units help each other. Click the army in <b>Marseilles</b>, press <b>S</b> (or Support on "
         "the toolbar), then click the army in <b>Paris</b> and then <b>Burgundy</b>: Marseilles "
         "supports the move.",
         done=lambda t: _pending(t, "support", "mar") is not None,
         do_it=_order("A mar S A par - bur")),
    Step("A rival",
         "In a sandbox you give every nation's orders. Germany wants Burgundy too: click the German "
         "army in <b>Munich</b> (grey), then <b>Burgundy</b>.",
         done=lambda t: _pending(t, "move", "mun", "bur") is not None,
         do_it=_order("A mun - bur")),
    Step("A fleet",
         "Fleets move on water and along coasts. Click the French fleet in <b>Brest</b>, then the "
         "<b>English Channel</b> north of it. (You will need this fleet later.)",
         done=lambda t: _pending(t, "move", "bre", "eng") is not None,
         do_it=_order("F bre - eng")),
    Step("Submit",
         "Press <b>Submit</b> on the toolbar (or Ctrl+Enter). Every order is adjudicated at once and "
         "a new board, <b>Fall 1901</b>, appears to the right of Spring's.",
         done=lambda t: _submissions(t) > t.at_start["submissions"],
         do_it=_submit),
    Step("Read why an order failed",
         "Two against one: France takes Burgundy. The <b>Results</b> list on the right names every "
         "order that failed and why. Click Germany's failed move in it (it shows you its board). "
         "Hovering a unit tells its order too.",
         done=lambda t: t.clicked_result,
         do_it=lambda t: t.w.results_panel.goto.emit(S1901)),
    Step("Travel in time",
         "Now the twist. Click the French fleet in the <b>English Channel</b> on the active board "
         "(Fall 1901), then the <b>English Channel on the Spring 1901 board</b> to its left: the fleet "
         "sails one season back in time.",
         done=lambda t: _pending(t, "move", "eng", "eng", cross=True) is not None,
         do_it=_order("F 1:eng:F1901 - 1:eng:S1901")),
    Step("A new timeline",
         "Submit again. In Spring 1901 the fleet now meets its own past self sailing into the "
         "Channel: both bounce. The past has changed, so a <b>new timeline</b> branches off below, "
         "where the fleet never left Brest. Both timelines go on from now.",
         done=lambda t: len(t.w.game.world.timelines) > t.at_start["timelines"],
         do_it=_submit),
    Step("Undo",
         "Changed your mind? <b>Ctrl+Z</b> (or Undo on the toolbar) takes back the last submission; "
         "its orders come back as pending orders. Undo it now: the new timeline goes.",
         done=lambda t: _submissions(t) < t.at_start["submissions"],
         do_it=lambda t: t.w.undo()),
    Step("You are ready",
         "That is the game: select, order, submit, and think in five dimensions. <b>N</b> jumps to "
         "the next board needing orders, <b>F</b> shows every board, <b>F1</b> opens the rules.<br><br>"
         "File → New game starts a game of your own; Help → Tutorial plays this again."),
)
