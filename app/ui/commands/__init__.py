"""The commands that open a window of their own (``python -m app watch``, ``python -m app
preview``): entry points, so they stand above the window they make, beside :mod:`app.ui.app`."""
