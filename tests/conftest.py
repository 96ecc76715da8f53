"""Test setup: Qt runs headless everywhere (CI, developers' machines)."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
