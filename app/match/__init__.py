"""A game being played, between the engine and any front end (no Qt).

- :class:`Seat`: who sits at the table (person, computer or nobody) and the nations it plays.
- :class:`Match`: the game, the seats, whose turn it is, each seat's pending orders, the
  submission round (:class:`Round`), undo and redo, what a seat may see, the save file's part.
- :mod:`.storage`: saving and opening, autosave, sessions, recent files (no Qt either).
"""

from .match import ComputerTurn, Match, MatchError, OrderRefused, PinWait, Round, order_key, seat_view
from .file_error import MATCH_VERSION, MatchFileError
from .seats import Controller, Seat
from .secret import WrongPin


def __getattr__(name: str):
    if name == "MatchPart":          # the save file's pydantic model: imported when first named
        from .save import MatchPart
        return MatchPart
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = ["ComputerTurn", "seat_view", "Match", "MatchError", "OrderRefused", "Round", "order_key", "MATCH_VERSION", "MatchFileError",
           "MatchPart", "Controller", "Seat", "WrongPin", "PinWait"]
