"""Test setup: Qt runs headless everywhere (CI, developers' machines)."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Nothing a test does writes to the user's own data folder (the window keeps its map cache
# there): tests that look at the folder set their own per test (tests/ui/conftest.py).
os.environ.setdefault("DIPLO5D_DATA_DIR", tempfile.mkdtemp(prefix="diplo5d-tests-"))
