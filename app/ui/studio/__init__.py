"""The strategist's studio: the tools around the game for one person sandboxing strategies
(and for each seat of a hotseat game, privately).

- :mod:`.editor`: the position editor (set up any position; a new sandbox from it or from
  any board; export as a scenario start);
- :mod:`.preview`: the adjudication preview drawn on the boards;
- :mod:`.chart`: the centre chart dock and order statistics (:mod:`.chart_art` draws it,
  :mod:`.chart_cli` is the ``chart`` command);
- :mod:`.plans`: arrows and rings drawn on the boards;
- :mod:`.notes`: each seat's notes, with the plans tool's controls;
- :mod:`.paste`: paste many orders at once.

Each part owns its state; :class:`.studio.Studio` holds them for the main window and is told what
happens there in a few calls (``refresh``, ``orders_changed``, ``clear_private``,
``update_actions``, ``board_menu``, ``set_theme``). Rules and state are the match's and the
engine's (:mod:`app.match.editor`, :mod:`app.match.preview`, :mod:`app.match.chart`,
:mod:`app.match.plans`, :mod:`app.match.notes`, :mod:`app.match.paste`).
"""
