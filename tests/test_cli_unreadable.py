"""A file named on the command line that the user may not read: one line naming
it, exit 3 for a settings or spec file and 2 for records and results (docs/cli.md,
"Command line"), never Typer's usage box."""

from __future__ import annotations

import builtins
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.cli import app


@pytest.fixture
def unreadable(tmp_path, monkeypatch) -> Path:
    """A folder whose files named ``unreadable*`` this process may not read, as for
    a user without the permission (tests may run as root, who reads everything):
    `os.access` says so and `open` and `os.open` refuse them."""
    def refused(path) -> bool:
        return isinstance(path, (str, os.PathLike)) and Path(path).name.startswith("unreadable")

    real_access, real_open, real_os_open = os.access, builtins.open, os.open

    def access(path, mode, *args, **kwargs):
        return False if refused(path) and mode & os.R_OK else real_access(path, mode, *args, **kwargs)

    def open_(file, *args, **kwargs):
        if refused(file):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)

    def os_open(path, flags, *args, **kwargs):  # files.open_regular opens with os.open
        if refused(path):
            raise PermissionError(13, "Permission denied", str(path))
        return real_os_open(path, flags, *args, **kwargs)

    for name in ("unreadable.toml", "unreadable.jsonl", "unreadable.results.toml"):
        (tmp_path / name).write_text("", encoding="utf-8")
    monkeypatch.setattr(os, "access", access)
    monkeypatch.setattr(builtins, "open", open_)
    monkeypatch.setattr(os, "open", os_open)
    return tmp_path


CASES = [
    (["simulate", "necropolis", "--config", "{d}/unreadable.toml", "--out", "{d}/x.jsonl"], 3, "unreadable.toml"),
    (["bots", "--config", "{d}/unreadable.toml"], 3, "unreadable.toml"),
    (["config", "check", "{d}/unreadable.toml"], 3, "unreadable.toml"),
    (["tournament", "run", "{d}/unreadable.toml"], 3, "unreadable.toml"),
    (["tournament", "run", "--game", "necropolis", "--bots", "random,greedy", "--config", "{d}/unreadable.toml",
      "--out", "{d}/t.results.toml"], 3, "unreadable.toml"),
    (["replay", "{d}/unreadable.jsonl", "--check"], 2, "unreadable.jsonl"),
    (["tournament", "show", "{d}/unreadable.results.toml"], 2, "unreadable.results.toml"),
    (["tournament", "report", "{d}/unreadable.results.toml", "--out", "{d}/r.html"], 2, "unreadable.results.toml"),
]


@pytest.mark.parametrize("args,code,name", CASES, ids=[" ".join(c[0][:2]) + " " + c[2] for c in CASES])
def test_an_unreadable_file_is_one_line_naming_it(unreadable, args, code, name):
    result = CliRunner().invoke(app, [a.replace("{d}", str(unreadable)) for a in args])
    assert result.exit_code == code, result.output
    assert result.output.splitlines() == [f"error: {unreadable / name}: permission denied"], result.output
