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

# PINs: the suite seals with the cheapest of the accepted key derivations (scrypt 2^14, the
# one older saves use) instead of Argon2id's quarter second a try; the tests of the key
# derivation itself name ARGON2ID explicitly.
import app.match.secret as _secret  # noqa: E402

_secret.DEFAULT_KDF = _secret.LEGACY_SCRYPT
