"""A quicker answer to a question PySide asks of every module imported after it.

PySide 6 watches imports for its ``__feature__`` switches (snake_case, true_property): the
first time a module is imported, or named in an import, after PySide it asks whether the
module uses PySide at all, by reading its source through ``inspect.getsource`` (the
tokenizer, the line cache, a search for the file) and looking for "PySide6" in it. The
window's start imports about 350 modules after PySide: that question cost ~70 ms of the
~0.8 s a start may take. The same answer comes from the file's bytes at a tenth of the
cost. Modules without a ``.py`` file, and anything unexpected, go to PySide's own check.

This leans on a private function of PySide (``shibokensupport.feature._mod_uses_pyside``,
PySide 6.5 to 6.11): when it is not there, nothing changes.
"""

from __future__ import annotations

import sys


def quicker_feature_check() -> bool:
    """Answer PySide's "does this module use PySide?" from the module's file; returns
    whether the check was replaced (False: this PySide asks no such question)."""
    feature = sys.modules.get("shibokensupport.feature")
    original = getattr(feature, "_mod_uses_pyside", None)
    if original is None or getattr(original, "quicker", False):
        return original is not None

    def uses_pyside(module, *rest):
        try:
            path = getattr(module, "__file__", None)
            if not rest and isinstance(path, str) and path.endswith(".py"):
                with open(path, "rb") as f:
                    return b"PySide6" in f.read()
        except Exception:          # never fail an import over this: PySide's own check
            pass
        return original(module, *rest)

    uses_pyside.quicker = True
    uses_pyside.original = original
    feature._mod_uses_pyside = uses_pyside
    return True
