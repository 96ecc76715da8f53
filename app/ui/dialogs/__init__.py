"""Dialogs: new game (mode, adjacency, variant, seats), the hotseat curtain, the rules page."""
