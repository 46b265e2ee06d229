"""The player's settings: loaded in layers, saved by the Settings screen.

Layers, each overriding the one before (config.py): the defaults, the
checkout's config.toml (from a source checkout only), the user file
(``config.user.toml`` in the user config directory unless told otherwise), then a
``--config`` file, which wins. The Settings screen writes only the keys
the player changed, merged into the user file, checked exactly as the loader
will check them, and written atomically (a temporary file, then a rename), so a
crash never leaves half a file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w

from .. import config as config_module
from .. import files


def load(config_path: Path | None = None, user_path: Path | None = None) -> config_module.Settings:
    """The settings in effect. The player's own file is loaded tolerantly: a broken
    key keeps its value from the layers below, and ``settings.notices`` says which
    (file and key); the file itself is left as it is.

    :raises ConfigError: naming the first bad file and key of any other layer."""
    return config_module.load_settings(config_path, user_path=user_path, tolerant_user=True)


def save(user_path: Path, changes: dict[str, dict[str, Any]]) -> None:
    """Merge `changes` ({section: {key: value}}) into the user file.

    :raises ConfigError: when a value is not allowed (nothing is written then).
    :raises FileError: when the file cannot be written (the old one is kept).
    """
    user_path = Path(user_path)
    data: dict[str, dict[str, Any]] = {}
    if user_path.exists():
        try:
            data = config_module.read_toml(user_path)
        except config_module.ConfigError:
            data = {}  # an unreadable user file is replaced, not merged
    for section, table in changes.items():
        data.setdefault(section, {}).update(table)
    config_module.check_table(data, user_path)  # the loader must accept what we write
    header = b"# Written by the Dominoes Arcade settings screen: your changes to the defaults.\n"
    files.write_atomic(user_path, header + tomli_w.dumps(data).encode("utf-8"))
