"""Save files: writing and reading a game, checked, lazily read orders, and the replay check."""
