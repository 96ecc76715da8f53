"""The match part's version and its error, apart from the pydantic models of :mod:`.save`:
what raises it need not import pydantic (the window's start imports none, issue 24)."""

from __future__ import annotations

from app.engine import GameFileError

MATCH_VERSION = 1


class MatchFileError(GameFileError):
    """The match part of a save file is malformed. The message names the file and field."""
