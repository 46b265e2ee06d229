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
from typing import IO, Any, NamedTuple

from .engine.json_lines import MAX_LINE_BYTES
from .engine.records import RecordError, parse_record_line, shorten

SETTINGS = 3
"""Exit code for a settings or spec file that cannot be used."""
INPUT = 2
"""Exit code for any other input file that cannot be read."""
OUTPUT = 1
"""Exit code for an output that cannot be written."""

MAX_TOML_BYTES = 16_000_000
"""The largest settings, spec or results file read (a results file of a big
tournament is a few hundred kilobytes); a bigger one is not read at all."""
MAX_RUN_ON_BYTES = 1 << 30
"""A "line" that goes on this long without a newline (``/dev/zero``) makes the
file unreadable rather than be skipped for ever."""
_SKIP_CHUNK = 1 << 20

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


def open_regular(path: Path | str, code: int = INPUT) -> IO[bytes]:
    """`path` opened for reading in binary, if it is a regular file (after
    following links). Opened with ``O_NONBLOCK`` and checked with ``fstat`` before
    anything is read, so a FIFO (whose open would wait for a writer for ever), a
    device (``/dev/zero`` never ends) or a socket is refused at once, and a file
    swapped for one between a check and the open cannot slip through.
    :raises FileError:"""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise FileError(path, os_problem(error), code) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if stat.S_ISDIR(mode):
            raise FileError(path, "is a directory, not a file", code)
        if not stat.S_ISREG(mode):
            raise FileError(path, f"is {special_kind(mode)}, not a regular file: refusing to read it", code)
        os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException as error:
        os.close(descriptor)
        if isinstance(error, OSError) and not isinstance(error, FileError):
            raise FileError(path, os_problem(error), code) from None
        raise


def read_bytes(path: Path | str, code: int = INPUT, limit: int | None = None) -> bytes:
    """The whole file, or :raises FileError: when it cannot be read or holds more
    than `limit` bytes (not read past that, so a huge file costs no memory)."""
    handle = open_regular(path, code)
    try:
        with handle:
            data = handle.read() if limit is None else handle.read(limit + 1)
    except OSError as error:
        raise FileError(path, os_problem(error), code) from None
    if limit is not None and len(data) > limit:
        raise FileError(path, f"too big: more than {limit:,} bytes", code)
    return data


def decode(data: bytes, path: Path | str, code: int = INPUT) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileError(path, f"not UTF-8 text (byte 0x{data[error.start]:02x} at offset {error.start})",
                        code) from None


def read_toml(path: Path | str, code: int = INPUT) -> dict[str, Any]:
    """A TOML file, parsed. :raises FileError: unreadable, too big, not UTF-8 or not TOML."""
    text = decode(read_bytes(path, code, MAX_TOML_BYTES), path, code)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise FileError(path, f"not valid TOML: {shorten(str(error))}", code) from None
    except RecursionError:
        raise FileError(path, "not valid TOML: nested too deeply", code) from None


class Line(NamedTuple):
    """One line of a file as `read_lines` reads it."""

    number: int
    """From 1."""
    text: str | None
    """Without its newline; None when the line cannot be used (`problem` says why)."""
    problem: str | None
    start: int
    """Where the line begins in the file, in bytes (to cut off a torn last line)."""
    complete: bool
    """Whether the line ends with a newline: a last line without one may be a write
    cut short."""


def read_lines(path: Path | str, code: int = INPUT, limit: int | None = None) -> Iterator[Line]:
    """Each line of a text file. A line that is not UTF-8 or longer than `limit`
    bytes (default `MAX_LINE_BYTES`) spoils only itself (a long one is skipped to its end without being
    held in memory): it comes with its `problem`, for the caller to report.

    :raises FileError: when the file cannot be read, or a line runs on past
        `MAX_RUN_ON_BYTES` (no file of lines does that; ``/dev/zero`` would never end).
    """
    handle = open_regular(path, code)
    limit = MAX_LINE_BYTES if limit is None else limit
    with handle:
        try:
            position = 0
            number = 0
            while raw := handle.readline(limit + 1):
                number += 1
                start, position = position, position + len(raw)
                if len(raw) > limit and not raw.endswith(b"\n"):
                    while raw and not raw.endswith(b"\n"):
                        raw = handle.readline(_SKIP_CHUNK)
                        position += len(raw)
                        if position - start > MAX_RUN_ON_BYTES:
                            raise FileError(path, f"line {number} runs on for more than {MAX_RUN_ON_BYTES:,} "
                                                  "bytes: not a file of lines", code)
                    yield Line(number, None, f"too long: more than {limit:,} bytes", start, raw.endswith(b"\n"))
                    continue
                complete = raw.endswith(b"\n")
                try:
                    yield Line(number, raw.decode("utf-8").rstrip("\r\n"), None, start, complete)
                except UnicodeDecodeError as error:
                    yield Line(number, None, f"not UTF-8 text (byte 0x{raw[error.start]:02x})", start, complete)
        except OSError as error:
            if isinstance(error, FileError):
                raise
            raise FileError(path, os_problem(error), code) from None


def read_records(path: Path | str, code: int = INPUT) -> list[tuple[int, Any]]:
    """Each non-blank line of a JSON Lines file of game records, numbered from 1,
    as a `Record` or the `RecordError` that line raised. :raises FileError:"""
    out: list[tuple[int, Any]] = []
    for line in read_lines(path, code):
        if line.text is None:
            out.append((line.number, RecordError(line.problem)))
        elif line.text.strip():
            out.append((line.number, parse_record_line(line.text)))
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
    try:
        mode: int | None = path.stat().st_mode  # following symlinks: a link to /dev/null is /dev/null
    except (FileNotFoundError, NotADirectoryError):
        mode = None  # nothing there yet (or the way to it is not a directory, which making it reports)
    except OSError as error:  # a name too long for the file system, a loop of links...
        raise FileError(path, os_problem(error), code) from None
    if mode is not None and stat.S_ISDIR(mode):
        raise FileError(path, "is a directory, not a file", code)
    if mode is not None and not stat.S_ISREG(mode):
        raise FileError(path, f"is {special_kind(mode)}, not a regular file: refusing to write to it", code)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileError(path, f"cannot create its directory: {os_problem(error)}", code) from None
    if not os.access(path.parent, os.W_OK | os.X_OK) or (mode is not None and not os.access(path, os.W_OK)):
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


def sync_directory(directory: Path | str) -> None:
    """Make the names in `directory` durable: a file created or replaced there is
    found after a crash only once its directory is synced too."""
    handle = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def write_atomic(path: Path | str, data: bytes, code: int = OUTPUT) -> None:
    """Write `data` to `path` atomically (see `replacing`). :raises FileError:"""
    with replacing(path, binary=True, code=code) as out:
        out.write(data)
