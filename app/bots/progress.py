"""How far a long think has got: a computer player reports, whoever asked listens.

The Hard player searches for a second or so a nation; the window shows how far it is
(:mod:`app.ui.window.bots_ui`). A player calls :func:`report` now and then; the caller of
:func:`app.bots.decide` listens by passing ``progress=`` or by wrapping the call in
:func:`reporting_to` (which reaches through code that does not pass it on, such as a
match's round). Nothing is reported when nobody listens, and a listener never changes a
decision.

>>> seen = []
>>> with reporting_to(lambda done, text: seen.append((round(done, 2), text))):
...     report(0.5, "halfway")
>>> seen
[(0.5, 'halfway')]
>>> report(1.0, "nobody listens")   # no listener: nothing happens
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

Listener = Callable[[float, str], None]  # (fraction done, 0..1; what it is doing)

_LISTENER: ContextVar[Listener | None] = ContextVar("bot_progress", default=None)


@contextmanager
def reporting_to(listener: Listener | None) -> Iterator[None]:
    """Within the block, :func:`report` calls ``listener`` (in this thread's context)."""
    token = _LISTENER.set(listener)
    try:
        yield
    finally:
        _LISTENER.reset(token)


def report(done: float, text: str) -> None:
    """Tell the listener, if any, that the think is ``done`` (0..1) through, doing ``text``."""
    listener = _LISTENER.get()
    if listener is not None:
        listener(min(1.0, max(0.0, done)), text)


def listening() -> bool:
    """Whether anyone listens (a player may skip composing texts otherwise)."""
    return _LISTENER.get() is not None
