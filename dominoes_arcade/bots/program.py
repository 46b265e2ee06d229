"""The ``cmd:COMMAND`` bot: any program that speaks the bot protocol
(docs/bot-protocol.md, `protocol`) on its standard input and output.

The program is started once per process of ours, command and seat, and kept for
the next games (a bot object lives for one game; the program does not); a program
that faults is killed, and a new one is started for the next game. Its standard
error is ours: in a tournament worker, the bot log beside the journal.

Each program is a session (and process group) of its own: Ctrl-C at our terminal
does not reach it, and whatever it starts is in its group, so ending a program
(after a fault, or when we exit) kills the whole group: nothing it started keeps
running, or keeps its pipes open. A tournament worker learns of the groups
through `on_groups_changed`, so that they can be ended even when the worker is
killed.

Faults raise `ProtocolError`, whose ``forfeit_kind`` the driver writes into the
forfeit: ``protocol`` (no hello, a protocol number other than 1 or 2, a reply that is not a
JSON object, an action's malformed ``figures``), ``illegal_action``, ``timeout`` (no reply within the time limit: the
program is killed) and ``crash`` (the program exited).
"""

from __future__ import annotations

import atexit
import contextlib
import math
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Collection
from typing import Any, ClassVar

from ..engine import Action, Outcome, State
from ..engine.match import Match
from . import protocol
from .base import Bot, BotError
from .protocol import ProtocolError

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a program may take per decision when the game sets no limit (the
client's table)."""
HELLO_TIME_LIMIT = 3.0
"""Seconds a program may take to start and say hello."""


SALT_SUFFIX = ",salt="
"""How a ``cmd:`` spec is salted: ``cmd:COMMAND,salt=N`` (`split_salt`)."""


def split_salt(text: str) -> tuple[str, str | None]:
    """A ``cmd:`` spec's text after ``cmd:``, as its command and the text of its
    salt (None without one): a salt is the spec's end, ``,salt=N``, as a built-in
    bot's last parameter is, so that ``--bots cmd:./mybot,cmd:./mybot,salt=1`` lists
    two copies of one program on different seeds. (A command whose own last word
    ends in ``,salt=...`` cannot be written; no program needs one.)

    >>> split_salt("node bots/a.js,salt=3")
    ('node bots/a.js', '3')
    >>> split_salt("node bots/a.js")
    ('node bots/a.js', None)
    """
    command, sep, salt = text.rpartition(SALT_SUFFIX)
    if not sep or " " in salt.strip():
        return text, None
    return command, salt.strip()


def parse_command(command: str) -> tuple[str, ...]:
    """A ``cmd:`` spec's command, split like a shell line. :raises BotError:"""
    try:
        words = tuple(shlex.split(command))
    except ValueError as error:
        raise BotError(f"cmd:{command}: {error}") from None
    if not words:
        raise BotError("cmd: names no program: write cmd:COMMAND, e.g. cmd:node examples/random_bot.js")
    if shutil.which(words[0]) is None:
        raise BotError(f"cmd:{command}: no program {words[0]!r} (not a file that can run, nor on the PATH)")
    return words


NAMES: dict[tuple[str, ...], str] = {}
"""The name each command's program gave in its hello: those run in this process,
and those the client's bot worker reported (`remember_name`)."""


def remember_name(spec: str, name: str) -> None:
    """Note the hello `name` of the program of `spec` (``cmd:COMMAND``)."""
    NAMES[_words(split_salt(spec[len("cmd:"):])[0])] = name


def seat_label(spec: str) -> str:
    """How a table names a seat played by the program of `spec` (``cmd:COMMAND``):
    the name the program gave in its hello; before it has said one, ``Program``
    and the file name of its script (``node bots/mybot.js`` -> ``Program
    mybot.js``), or of the program itself (``./mybot --depth 3`` -> ``Program
    mybot``)."""
    words = _words(split_salt(spec[len("cmd:"):])[0])
    name = NAMES.get(words)
    if name:
        return name
    script = next((word for word in words[1:] if not word.startswith("-") and ("/" in word or "." in word)),
                  words[0] if words else "")
    return "Program " + os.path.basename(script)


def _words(command: str) -> tuple[str, ...]:
    try:
        return tuple(shlex.split(command))
    except ValueError:
        return tuple(command.split())


STDERR_NAME: str | None = None
"""Where our fd 2 ends up when it is a pipe to a copier (a tournament worker's)."""
on_groups_changed: Callable[[list[int]], None] | None = None
"""Told the process groups of the running programs whenever they change."""


def log_name() -> str:
    """Where the program's standard error goes (our fd 2), for fault messages."""
    if STDERR_NAME:
        return STDERR_NAME
    with contextlib.suppress(OSError):
        target = os.readlink("/proc/self/fd/2")
        if target.startswith("/") and not target.startswith("/dev/"):
            return target
    return "our standard error"


class Program:
    """One running bot program: send a message, read a reply line within a time."""

    def __init__(self, command: tuple[str, ...], stderr: Any = None, *, remember: bool = True,
                 env: dict[str, str] | None = None):
        """Start `command` and wait for its hello. `stderr`: where its standard error
        goes (a file), ours by default; `remember`: note the hello's name in `NAMES`
        (the tables' seat labels; `bot check` does not); `env`: its environment (ours
        by default). :raises ProtocolError: (the program is killed)"""
        self.command = command
        self.name = ""
        self.hello: dict[str, Any] = {}
        """The program's hello reply, as it sent it."""
        self.protocol = protocol.PROTOCOL
        """The protocol version the program answered our hello with (1 or 2)."""
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            stderr=_stderr() if stderr is None else stderr, bufsize=0,
                                            start_new_session=True, env=env)
        except OSError as error:
            raise ProtocolError("crash", f"cannot start {shlex.join(command)}: {error}") from None
        # The pipes are used raw, one system call a message each way: a line is
        # written with os.write and read with os.read, waiting with a poll that
        # knows the pipe already.
        self._in, self._out = self.process.stdin.fileno(), self.process.stdout.fileno()
        self._poll = select.poll()
        self._poll.register(self._out, select.POLLIN)
        self._buffer = b""
        try:
            self.hello = self.ask(protocol.hello(), HELLO_TIME_LIMIT, "hello")
            self.name, self.protocol = protocol.check_hello(self.hello)
        except ProtocolError:  # no usable hello: the program is not kept, so it must not keep running
            self.kill()
            raise
        if self.name and remember:
            NAMES[command] = self.name

    def send(self, message: dict[str, Any]) -> None:
        self.write(protocol.encode(message))

    def write(self, line: bytes) -> None:
        """Write a message already encoded (`protocol.encode`)."""
        if self.process.stdin.closed:  # killed: its descriptor number may be another file's now
            raise self._exited()
        try:
            written = os.write(self._in, line)
            while written < len(line):  # a pipe takes a long line in parts
                written += os.write(self._in, line[written:])
        except OSError:  # the program exited, or its standard input is closed
            raise self._exited() from None

    def ask(self, message: dict[str, Any], limit: float, what: str) -> dict[str, Any]:
        """Send `message` and return the reply, within `limit` seconds."""
        return self.ask_line(protocol.encode(message), limit, what)

    def ask_line(self, line: bytes, limit: float, what: str, named: float | None = None) -> dict[str, Any]:
        """Send a message already encoded (`protocol.encode`) and return the reply.

        :param named: the limit a timeout names, when `limit` is what is left of it."""
        self.write(line)
        return protocol.decode(self._line(limit, what, named))

    def _line(self, limit: float, what: str, named: float | None = None) -> bytes:
        deadline = time.perf_counter() + limit
        while True:
            end = self._buffer.find(b"\n")
            if end >= 0:
                line, self._buffer = self._buffer[:end], self._buffer[end + 1:]
                return line
            left = deadline - time.perf_counter()
            if left <= 0 or not self._poll.poll(max(1, math.ceil(left * 1000))):
                self.kill()
                named = limit if named is None else named
                raise ProtocolError("timeout", f"no {what} within {named * 1000:.0f} ms: the program was killed")
            self._read_more()

    def _read_more(self) -> None:
        """What the program has written (it is ready to be read) onto the buffer.
        :raises ProtocolError: (kind ``crash``) when it has exited."""
        try:
            chunk = os.read(self._out, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            raise self._exited()
        self._buffer += chunk

    def unasked(self) -> bytes | None:
        """A line the program wrote that nobody asked for, if it wrote one (without
        waiting). :raises ProtocolError: (kind ``crash``) when it has exited."""
        while self._buffer.find(b"\n") < 0 and self._poll.poll(0):
            self._read_more()
        end = self._buffer.find(b"\n")
        if end < 0:
            return None
        line, self._buffer = self._buffer[:end], self._buffer[end + 1:]
        return line

    def _exited(self) -> ProtocolError:
        self.kill()
        code = self.process.returncode
        how = f"exit code {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
        return ProtocolError("crash", f"the program exited ({how}); its standard error is in {log_name()}")

    def alive(self) -> bool:
        return self.process.poll() is None

    def quit(self) -> None:
        """Ask the program to exit, give it a moment, then end its group."""
        with contextlib.suppress(ProtocolError, OSError):
            self.send(protocol.QUIT)
            self.process.stdin.close()
        deadline = time.monotonic() + 0.5
        while time.monotonic() < deadline and not self.exited():
            time.sleep(0.01)
        self.kill()

    def exited(self) -> bool:
        """Whether the program has exited, without reaping it: while it is not
        reaped its process group id cannot go to another process."""
        try:
            return os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except (OSError, AttributeError):  # already reaped, or no waitid
            return self.process.poll() is not None

    def end_group(self) -> None:
        """Kill the program's process group (the program and all it started). Safe
        even once the program is reaped: the kernel gives no process a group id
        still used by a live group."""
        with contextlib.suppress(OSError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def kill(self) -> None:
        self.end_group()
        with contextlib.suppress(OSError):
            self.process.kill()
        with contextlib.suppress(OSError, subprocess.TimeoutExpired):
            self.process.wait(5)
        for stream in (self.process.stdin, self.process.stdout):
            with contextlib.suppress(OSError):
                stream.close()


def _stderr() -> Any:
    """The program's standard error: ours, where it is a real file (a tournament
    worker's points at the bot log), else nowhere."""
    try:
        sys.stderr.fileno()
        return sys.stderr
    except (AttributeError, OSError, ValueError):
        return subprocess.DEVNULL


_PROGRAMS: dict[tuple[tuple[str, ...], int], Program] = {}
"""The running programs of this process, by command and seat."""


def program_for(command: tuple[str, ...], seat: int) -> Program:
    """The running program for `command` at `seat`, started if there is none."""
    program = _PROGRAMS.get((command, seat))
    if program is None or not program.alive():
        if program is not None:
            program.kill()  # ended by itself: what it started goes too
        try:
            program = _PROGRAMS[command, seat] = Program(command)
        finally:
            _groups_changed()
    return program


def drop(command: tuple[str, ...], seat: int) -> None:
    """Forget (and kill, with its group) the program after a fault, so the next
    game starts a new one."""
    program = _PROGRAMS.pop((command, seat), None)
    if program is not None:
        program.kill()
        _groups_changed()


def _groups_changed() -> None:
    if on_groups_changed is not None:
        on_groups_changed([program.process.pid for program in list(_PROGRAMS.values())])


@atexit.register
def quit_all() -> None:
    """Let every program exit with us, and end what they started."""
    while _PROGRAMS:
        _PROGRAMS.popitem()[1].quit()
    _groups_changed()


def end_all() -> None:
    """Kill every program's group at once, from any thread (our process is about to
    be killed: no waiting, no reaping)."""
    for program in list(_PROGRAMS.values()):
        program.end_group()


class ProgramBot(Bot):
    """A bot program run by command (spec ``cmd:COMMAND``, or ``cmd:COMMAND,salt=N``
    for another seed: `split_salt`). The seed, salted or not, is the one its
    ``start`` message gives the program.

    It needs the game's steps as its seat sees them, which a view does not hold: the
    driver gives it the `Match` (`follow`); the client's bot worker gives it the
    steps themselves (`given_steps`)."""

    name: ClassVar[str] = "cmd"
    description: ClassVar[str] = "a program speaking the bot protocol (cmd:COMMAND; docs/bot-protocol.md)"
    wants_steps: ClassVar[bool] = True
    """Tells the driver to call `follow` (see `driver.play_bots`)."""

    def __init__(self, game: str, seat: int, options: dict | None = None, seed: int = 0, *,
                 command: tuple[str, ...] = (), **params: Any):
        super().__init__(game, seat, options, seed, **params)
        self.command = command
        self.time_limit: float | None = None
        self.given_steps: list[str] | None = None
        """Steps handed over directly (the client), used when there is no match."""
        self._steps: protocol.SeatSteps | None = None
        self._started: Program | None = None
        """The program this game was started on."""
        self._fault: BaseException | None = None
        """A fault while starting the program, raised at the first decision."""
        self._figures: protocol.Figures | None = None
        """The figures its latest action reported (checked)."""

    @property
    def program_name(self) -> str | None:
        """The name its program gave in its hello, once started."""
        return self._started.name if self._started is not None and self._started.name else None

    def follow(self, match: Match, time_limit: float | None) -> None:
        """The game this bot plays, and its time limit per decision. The program
        starts now, so that its start-up does not count against a decision; a
        fault here is raised at the first decision (and so forfeits)."""
        self._steps = protocol.SeatSteps(match, self.seat)
        self.time_limit = time_limit
        try:
            self._program()
        except ProtocolError as fault:
            drop(self.command, self.seat)
            self._fault = fault

    def steps(self, seen: Collection[int] | None = None) -> list[str]:
        """The steps as the seat sees them; `seen`, its view's `State.seen_pieces`,
        if already at hand."""
        if self._steps is not None:
            return self._steps.update(seen)
        return list(self.given_steps or [])

    def choose(self, view: State, legal: list[Action]) -> Action:
        clock = self.clock
        limit = clock.limit_ms / 1000 if clock is not None else self.time_limit or DEFAULT_TIME_LIMIT
        self._figures = None
        start = time.perf_counter()
        try:
            if self._fault is not None:
                raise self._fault
            program = self._program()
            texts = [a.text for a in legal]
            steps = self.steps(view.seen_pieces())
            left = limit - (time.perf_counter() - start)
            time_ms = max(int(left * 1000), 0)
            line = (protocol.encode_decide_v2(steps, texts, time_ms, view, clock) if program.protocol >= 2
                    else protocol.encode_decide(steps, texts, time_ms, view))
            reply = program.ask_line(line, left, "action", named=limit)  # the decision's limit, not what was left
        except BaseException:  # a fault, or the driver's watchdog stopped us mid-exchange: the program is unusable
            drop(self.command, self.seat)
            self._started = None
            raise
        if reply.get("type") != "action":
            drop(self.command, self.seat)
            raise ProtocolError("protocol", f"expected an action, got a {reply.get('type')!r} message")
        action = reply.get("action")
        if action not in texts:
            drop(self.command, self.seat)
            raise ProtocolError("illegal_action", f"{action!r} is not one of the legal decisions {texts}")
        try:
            self._figures = protocol.action_figures(reply)
        except ProtocolError:
            drop(self.command, self.seat)
            raise
        return legal[texts.index(action)]

    def decision_figures(self) -> protocol.Figures | None:
        """The optional ``figures`` of the program's latest ``action``."""
        return self._figures

    def _program(self) -> Program:
        """The program, told about this game on first use."""
        program = program_for(self.command, self.seat)
        if self._started is not program:
            program.send(protocol.start(self.game, self.options, self.seat, self.seed))
            self._started = program
        return program

    def game_over(self, outcome: Outcome) -> None:
        program = _PROGRAMS.get((self.command, self.seat))
        if program is not None and program is self._started:
            try:
                program.send(protocol.end(outcome.scores, outcome.winners, self.steps()))
            except ProtocolError:
                drop(self.command, self.seat)
