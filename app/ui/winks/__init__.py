"""The thrown-pieces window (Diplomacywinks, RULES.md §9).

Entry points for the main window:

- :func:`open_thrown_start` opens the throwing window for 2–7 nations; when the players
  choose "Play it out", ``on_play_out`` receives the :class:`Game` to continue as a normal
  game (1:F1901, no centre owned, home centres from Winter 1901; the thrown start's
  record in ``game.meta["thrown"]``).
- :func:`random_thrown_game` is the "Random thrown start" for a sandboxer: every piece
  thrown at once from the seed, cleaned up, remaining choices random, straight to play.
"""

from __future__ import annotations

from typing import Callable, Sequence

from app.engine import Game
from app.winks.session import throw_at_random, thrown_game

from ..screen_fit import fit_to_screen
from .window import ThrownStartWindow


def open_thrown_start(parent, nations: Sequence[str] | int, seed: int, on_play_out: Callable[[Game], None],
                      variant: str = "standard", adjacency: str = "strict",
                      names: Sequence[str] | None = None, season_limit: int | None = None) -> ThrownStartWindow:
    """Open (and return) the throwing window. ``nations``: the players' nations in seat
    order, or a number of players (the variant's first nations); ``names``: the players'
    names in the same order (hotseat), shown beside their nations; ``season_limit``: the
    time per season offered for the play-out (the window's :attr:`season_limit`)."""
    if isinstance(nations, int):
        from app.engine import load_variant
        nations = load_variant(variant).nation_names[:nations]
    win = ThrownStartWindow(nations, seed, variant, on_play_out, adjacency=adjacency, names=names, parent=parent,
                            season_limit=season_limit)
    fit_to_screen(win, 1280, 860)     # a laptop gets less: the pile to throw stays on the screen
    win.show()
    return win


def random_thrown_game(players: int, seed: int, variant: str = "standard", adjacency: str = "strict",
                       nations: Sequence[str] | None = None) -> Game:
    """A random thrown start ready to play (no window)."""
    return thrown_game(throw_at_random(players, seed, variant, nations), adjacency)


__all__ = ["ThrownStartWindow", "open_thrown_start", "random_thrown_game"]
