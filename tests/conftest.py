"""Shared test set-up.

Every test, and every process a test starts, sees user directories of its own
under pytest's temporary folder, so no test reads or writes the developer's real
settings, saved games or history.
"""

from __future__ import annotations

import os
import tempfile


def pytest_configure(config):
    home = tempfile.mkdtemp(prefix="dominoes-arcade-test-home-")
    for variable, folder in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                             ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
        os.environ[variable] = os.path.join(home, folder)
