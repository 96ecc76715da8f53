"""How a game names its turns: the notation's years (Spring 1901), or the civilisations'
calendar (RULES.md §10), where the first Spring is 4000 BC and each movement turn lasts
250 years. The notation (``S1901``) stays the same in both: a calendar only names turns
for people, and reads those names back.

>>> from app.engine.rules.coords import Turn
>>> c = Calendar.civilisations(1901)
>>> [c.title(Turn(1901, s)) for s in range(3)]
['Spring 4000 BC', 'Fall 3750 BC', 'Winter before 3500 BC']
>>> c.title(Turn(1909, 0)), c.title(Turn(1909, 1))
('Spring AD 1', 'Fall AD 250')
>>> c.parse("3750 BC") == Turn(1901, 1) and c.parse("winter before 3500 bc") == Turn(1901, 2)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .coords import Season, Turn

START_BC = 4000        # the first Spring of a civilisations game
YEARS_PER_TURN = 250   # years per movement turn


@dataclass(frozen=True)
class Calendar:
    """``kind`` is ``"years"`` (the notation's own years) or ``"civilisations"``;
    ``first_year`` is the notation year of the game's first Spring."""

    kind: str = "years"
    first_year: int = 1901

    @classmethod
    def civilisations(cls, first_year: int = 1901) -> "Calendar":
        return cls("civilisations", first_year)

    @property
    def is_civ(self) -> bool:
        return self.kind == "civilisations"

    # -- naming turns ------------------------------------------------------------------

    def _value(self, turn: Turn) -> int:
        """The signed year of a movement turn (negative: BC; 0 stands for AD 1)."""
        steps = (turn.year - self.first_year) * 2 + min(int(turn.season), 1)
        return -START_BC + YEARS_PER_TURN * steps

    @staticmethod
    def _year_text(value: int) -> str:
        if value < 0:
            return f"{-value} BC"
        return "AD 1" if value == 0 else f"AD {value}"   # there is no year 0

    def year(self, turn: Turn) -> str:
        """The year a turn is shown in: ``4000 BC`` (a Winter: the next Spring's year)."""
        if not self.is_civ:
            return str(turn.year)
        if turn.season == Season.WINTER:
            return self._year_text(self._value(Turn(turn.year + 1, 0)))
        return self._year_text(self._value(turn))

    def title(self, turn: Turn) -> str:
        """``Spring 1901``, or ``Spring 4000 BC`` / ``Winter before 3500 BC``."""
        if not self.is_civ:
            return turn.title
        if turn.season == Season.WINTER:
            return f"Winter before {self.year(turn)}"
        return f"{Season(turn.season).title} {self.year(turn)}"

    def short(self, turn: Turn) -> str:
        """A short name for tight places: ``S1901``, or the civilisations' title without its
        season word (each movement turn has a year of its own): ``4000 BC``, ``3750 BC``,
        ``before 3500 BC``. Never a second way of writing a date: a Winter stays *before*
        the next Spring's year, as in its title."""
        if not self.is_civ:
            return str(turn)
        return f"before {self.year(turn)}" if turn.season == Season.WINTER else self.year(turn)

    def board(self, key) -> str:
        """A board named for people: ``1:S1901``, or ``1: Spring 4000 BC`` (the notation's
        turn is not written beside a civilisations' date: one way of writing it)."""
        return str(key) if not self.is_civ else f"{key.timeline}: {self.title(key.turn)}"

    # -- reading names back ------------------------------------------------------------

    def parse(self, text: str) -> Turn:
        """A turn from its notation (``S1901``) or, in the civilisations' calendar, from a
        date as shown: ``Spring 4000 BC``, ``3750 BC``, ``AD 250``, ``Winter before 3500 BC``,
        ``before 3500 BC`` (and, as typed, ``W 3500 BC``). Raises ValueError saying what it expected."""
        try:
            return Turn.parse(text)
        except ValueError:
            if not self.is_civ:
                raise
        m = _DATE.match(text)
        if not m:
            raise ValueError(f"'{text}' is not a turn (write e.g. 'Spring 4000 BC', '3750 BC' or S1901)")
        season_word, winter_word, a, era_a, era_b, b = m.groups()
        number = int(a if a is not None else b)
        era = (era_a or era_b or "").lower().replace(".", "")
        bc = era in ("bc", "bce")
        if era == "" and a is not None:
            raise ValueError(f"'{text}': say BC or AD")
        value = -number if bc else (0 if number == 1 else number)
        if number <= 0 or value % YEARS_PER_TURN:
            raise ValueError(f"'{text}': turns fall on years {START_BC} BC, {START_BC - YEARS_PER_TURN} BC, "
                             f"… AD 1, AD {YEARS_PER_TURN}, …")
        steps = (value + START_BC) // YEARS_PER_TURN
        if steps < 0:
            raise ValueError(f"'{text}': the game begins in {START_BC} BC")
        year, fall = self.first_year + steps // 2, steps % 2
        word = (winter_word or season_word or "").lower()
        if word.startswith(("w", "b")):
            if fall or steps == 0:
                raise ValueError(f"'{text}': a Winter comes before a Spring's year ({START_BC - 2 * YEARS_PER_TURN} BC, …)")
            return Turn(year - 1, int(Season.WINTER))
        if word.startswith("s") and fall:
            raise ValueError(f"'{text}': that year is a Fall")
        if word[:1] in ("f", "a") and not fall:
            raise ValueError(f"'{text}': that year is a Spring")
        return Turn(year, int(Season.FALL if fall else Season.SPRING))


_DATE = re.compile(r"^\s*(?:(spring|fall|autumn|s|f)\s+|(winter(?:\s+before)?|w|before)\s+)?"
                   r"(?:(\d{1,5})\s*(bc|b\.c\.|bce|ad|a\.d\.|ce)?|(ad|a\.d\.|ce)\s*(\d{1,5}))\s*$", re.I)

YEARS = Calendar()

__all__ = ["Calendar", "YEARS", "START_BC", "YEARS_PER_TURN"]
