"""The window fixtures of the UI tests, for the computer players' UI tests here."""

from tests.ui.conftest import _data_dir, window  # noqa: F401  (pytest fixtures)
