"""`dominoes-arcade serve`: its help says where it listens by default, and a port
it cannot take is one line and exit 1, not a traceback."""

from __future__ import annotations

import socket
import subprocess
import sys

from typer.testing import CliRunner

from dominoes_arcade.cli import app


def test_serve_help_names_the_loopback_default(monkeypatch):
    monkeypatch.setenv("COLUMNS", "120")
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    assert "127.0.0.1" in result.output and "--data" in result.output and "--port" in result.output


def test_a_port_in_use_is_one_line_and_exit_1(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "dominoes_arcade", "serve", "--port", str(port), "--data",
                               str(tmp_path / "online")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [f"cannot listen on 127.0.0.1:{port}: Address already in use"]
