"""Test setup: Qt runs headless everywhere (CI, developers' machines), and the app's data
folder is a temporary one (no test reads or writes the user's own settings and autosaves;
tests that need their own folder set ``DIPLO5D_DATA_DIR`` again)."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["DIPLO5D_DATA_DIR"] = tempfile.mkdtemp(prefix="diplo5d-tests-")

import atexit  # noqa: E402
import shutil  # noqa: E402

atexit.register(shutil.rmtree, os.environ["DIPLO5D_DATA_DIR"], True)
