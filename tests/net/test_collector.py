"""A serving process sets Python's cyclic collector for long-lived tables (app.net.collector);
checked in a process of its own, so that this one's collector stays as it was."""

import subprocess
import sys

CODE = """
import gc
from app.net.collector import SERVER_THRESHOLDS, tune_for_serving
before = gc.get_freeze_count()
tune_for_serving()
print(gc.get_threshold() == SERVER_THRESHOLDS, gc.get_threshold() != (700, 10, 10), gc.get_freeze_count() > before)
"""


def test_a_serving_process_leaves_what_it_started_with_alone_and_collects_in_larger_steps():
    out = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.split() == ["True", "True", "True"]
