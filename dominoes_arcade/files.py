"""Every file the program reads or writes goes through here, so each failure is one
`FileError` naming the file and what is wrong (never a traceback), carrying the
exit code the CLI documents: 3 for settings and specs, 2 for other inputs, 1 for an
output that cannot be written.

Outputs: a missing directory on the way to an output is created, in every command;
a path that cannot be created or written (a read-only directory, a directory where
a file should be) fails before any work is done where the command can tell early
(`prepare_output`). An output path that exists must be a regular file: a device or
a FIFO is refused, never written into or replaced (``--out /dev/null`` run as root
would otherwise replace /dev/null). Whole files are written aside and renamed
(`replacing`, `write_atomic`), so a failed write never leaves half a file where a
good one was.

The engine opens no file: records are parsed from lines here and checked in
`engine.record_check`.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from .engine.records import RecordError, parse_record_line, shorten

SETTINGS = 3
"""Exit code for a settings or spec file that cannot be used."""
INPUT = 2
"""Exit code for any other input file that cannot be read."""
OUTPUT = 1
"""Exit code for an output that cannot be written."""

class FileError(OSError):
    """A file that cannot be read or written: ``str(error)`` is ``PATH: PROBLEM``.
    An `OSError`, so code that guards a file operation with ``except OSError``
    still catches it."""

    def __init__(self, path: Path | str, problem: str, code: int):
        self.path = str(path)
        self.problem = problem
        self.code = code
        super().__init__(f"{path}: {problem}")

    def __reduce__(self):  # OSError's own would rebuild it from the message alone
        return type(self), (self.path, self.problem, self.code)


def os_problem(error: OSError) -> str:
    """An `OSError` as a few words: ``no such file``, ``is a directory``..."""
    if isinstance(error, FileNotFoundError):
        return "no such file"
    if isinstance(error, IsADirectoryError):
        return "is a directory, not a file"
    if isinstance(error, NotADirectoryError):
        return "a part of the path is not a directory"
    if isinstance(error, PermissionError):
        return "permission denied"
    return (error.strerror or str(error)).lower()


def read_bytes(path: Path | str, code: int = INPUT) -> bytes:
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError as error:
        raise FileError(path, os_problem(error), code) from None


def decode(data: bytes, path: Path | str, code: int = INPUT) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileError(path, f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})",
                        code) from None


def read_text(path: Path | str, code: int = INPUT) -> str:
    """A UTF-8 text file. :raises FileError:"""
    return decode(read_bytes(path, code), path, code)


def read_toml(path: Path | str, code: int = INPUT) -> dict[str, Any]:
    """A TOML file, parsed. :raises FileError: unreadable, not UTF-8 or not TOML."""
    text = read_text(path, code)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FileError(path, f"not valid TOML: {shorten(str(error))}", code) from None
    except RecursionError:
        raise FileError(path, "not valid TOML: nested too deeply", code) from None


def read_lines(path: Path | str, code: int = INPUT) -> Iterator[tuple[int, str | None]]:
    """Each line of a text file, numbered from 1, without its newline; None for a
    line that is not UTF-8 (so one bad line spoils only itself). :raises FileError:"""
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed below, after the lines are read
    except OSError as error:
        raise FileError(path, os_problem(error), code) from None
    with handle:
        try:
            for number, raw in enumerate(handle, 1):
                try:
                    yield number, raw.decode("utf-8").rstrip("\r\n")
                except UnicodeDecodeError:
                    yield number, None
        except OSError as error:
            raise FileError(path, os_problem(error), code) from None


def read_records(path: Path | str, code: int = INPUT) -> list[tuple[int, Any]]:
    """Each non-blank line of a JSON Lines file of game records, numbered from 1,
    as a `Record` or the `RecordError` that line raised. :raises FileError:"""
    out: list[tuple[int, Any]] = []
    for number, line in read_lines(path, code):
        if line is None:
            out.append((number, RecordError("not UTF-8 text")))
        elif line.strip():
            out.append((number, parse_record_line(line)))
    return out


def special_kind(mode: int) -> str:
    """What a file that is neither a regular file nor a directory is, in a few words."""
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def existing_mode(path: Path) -> int | None:
    """`path`'s mode, following symlinks (a link to /dev/null is /dev/null), or
    None when there is nothing there yet (or the way to it is not a directory,
    which making the directory reports)."""
    try:
        return path.stat().st_mode
    except OSError:
        return None


def prepare_output(path: Path | str, code: int = OUTPUT) -> Path:
    """Make the directories on the way to output `path` and check that it can be
    written, before any work is done: a directory, a device, a FIFO or a socket
    there is refused. :raises FileError:"""
    path = Path(path)
    mode = existing_mode(path)
    if mode is not None and stat.S_ISDIR(mode):
        raise FileError(path, "is a directory, not a file", code)
    if mode is not None and not stat.S_ISREG(mode):
        raise FileError(path, f"is {special_kind(mode)}, not a regular file: refusing to write to it", code)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileError(path, f"cannot create its directory: {os_problem(error)}", code) from None
    if not os.access(path.parent, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise FileError(path, "cannot write here: permission denied", code)
    return path


def prepare_directory(path: Path | str, code: int = OUTPUT) -> Path:
    """Make output directory `path` (and the ones on the way) and check that files
    can be written into it. :raises FileError:"""
    path = Path(path)
    mode = existing_mode(path)
    if mode is not None and not stat.S_ISDIR(mode):
        kind = "a file" if stat.S_ISREG(mode) else special_kind(mode)
        raise FileError(path, f"is {kind}, not a directory: refusing to write to it", code)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileError(path, f"cannot create it: {os_problem(error)}", code) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise FileError(path, "cannot write here: permission denied", code)
    return path


def open_output(path: Path | str, *, append: bool = False, code: int = OUTPUT) -> IO[str]:
    """A text file opened for writing (or appending), its directory made.
    :raises FileError:"""
    path = prepare_output(path, code)
    try:
        return open(path, "a" if append else "w", encoding="utf-8")
    except OSError as error:
        raise FileError(path, f"cannot write: {os_problem(error)}", code) from None


@contextlib.contextmanager
def replacing(path: Path | str, *, binary: bool = False, code: int = OUTPUT) -> Iterator[IO[Any]]:
    """A handle on a temp file in `path`'s directory that takes `path`'s place
    when the block ends well: write, fsync, rename (atomic on POSIX), then fsync
    the directory. When the block fails (a full disk, an exception, Ctrl-C) the
    temp file is removed and `path` is left as it was; a reader never sees half a
    file, even if the process is killed while writing. An `OSError` while writing
    becomes a `FileError` naming `path`. :raises FileError:"""
    path = prepare_output(path, code)
    try:
        handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise FileError(path, f"cannot write: {os_problem(error)}", code) from None
    try:
        # mkstemp makes the file private (0600); give it the usual mode instead.
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(handle, 0o666 & ~umask)
        with os.fdopen(handle, "wb" if binary else "w", **({} if binary else {"encoding": "utf-8"})) as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException as error:
        if os.path.exists(temp):
            os.unlink(temp)
        if isinstance(error, OSError) and not isinstance(error, FileError):
            raise FileError(path, f"cannot write: {os_problem(error)}", code) from None
        raise
    try:
        directory = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def write_atomic(path: Path | str, data: bytes, code: int = OUTPUT) -> None:
    """Write `data` to `path` atomically (see `replacing`). :raises FileError:"""
    with replacing(path, binary=True, code=code) as out:
        out.write(data)
