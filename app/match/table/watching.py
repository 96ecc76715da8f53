"""Watching (RULES.md §6): a game whose nations are all played by the computer plays
itself while people watch — pause, step, choose the speed; any nation can be taken over
at a pause (:meth:`~.seat_changes.SeatChanges.take_over`).

:class:`Autoplay` holds the watching's state and decides nothing about time: a front end
asks :meth:`Autoplay.next_in` how long to wait, runs the round off its GUI thread
(``match.prepare()`` → ``Round.run()`` → ``match.commit()``), and shows
:func:`boards_to_frame` of the report. With no window, :meth:`Autoplay.step` does all
three.

>>> from app.match import Match
>>> m = Match.new(seats=computer_seats("standard", ["random"]), seed=2)
>>> watch = m.table.watch
>>> watch.can_watch, watch.playing
(True, True)
>>> report = watch.step()
>>> len(m.game.submissions), [str(k) for k in boards_to_frame(report)]
(1, ['1:F1901'])
"""

from __future__ import annotations

from typing import Sequence

from app.engine import BoardKey, load_variant, Report

from ..seats import Seat
from .host import Host
from .limits import FASTEST, SLOWEST

# A newcomer's pace: time to see which boards a submission made and what moved on them
# before the next one comes (at 1 s a game was over before a newcomer could react).
DEFAULT_SECONDS = 4.0


def clamp_speed(seconds: float) -> float:
    return max(FASTEST, min(SLOWEST, float(seconds)))


def computer_seats(variant: str, levels: Sequence[str]) -> list[Seat]:
    """One computer seat per nation of ``variant``, the ``levels`` given in the nations'
    order and repeated when shorter (``["standard", "random"]``: alternately)."""
    from app.bots import LEVELS
    if not levels:
        raise ValueError("name at least one computer level")
    for lv in levels:
        if lv not in LEVELS:
            raise ValueError(f"unknown computer level '{lv}' (one of {', '.join(LEVELS)})")
    v = load_variant(variant)
    out = []
    for i, n in enumerate(v.nation_names):
        level = levels[i % len(levels)]
        out.append(Seat(name=f"Computer ({level})", colour=v.nations[n].colour, nations=(n,),
                        controller="computer", level=level))
    return out


def boards_to_frame(report: Report) -> list[BoardKey]:
    """The boards a submission changed, for the view to frame: those it made, else
    those it adjudicated (a retreat pause makes none)."""
    keys = list(dict.fromkeys([*report.new_boards, *report.changed_boards]))
    return keys or list(report.world.active_boards())


class Autoplay:
    """Watching one match: ``playing`` (else paused) and ``seconds`` per submission."""

    def __init__(self, match: Host):
        self.m = match
        self.playing = True
        self.seconds = DEFAULT_SECONDS

    @property
    def can_watch(self) -> bool:
        """Every nation is played by the computer or by nobody, and the game goes on."""
        m = self.m
        return (not any(s.is_person for s in m.seats) and m.world.phase != "over"
                and any(s.is_computer for s in m.seats))

    def set_speed(self, seconds: float) -> float:
        self.seconds = clamp_speed(seconds)
        return self.seconds

    def pause(self) -> None:
        self.playing = False

    def play(self) -> None:
        self.playing = True

    def next_in(self) -> float | None:
        """Seconds until the next submission should start (None: paused or not watching)."""
        return self.seconds if self.playing and self.can_watch else None

    def step(self) -> Report:
        """One submission here and now (a test, a command line; a window runs the round
        in a worker instead)."""
        if not self.can_watch:
            raise ValueError("only a game that every nation's computer plays can be watched")
        return self.m.submit()
