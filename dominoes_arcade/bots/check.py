"""``dominoes-arcade bot check SPEC``: a compliance check of a bot program (the bot
protocol, docs/bot-protocol.md), as fastchess's and cutechess-cli's checks of a
chess engine.

The program is started and plays, one seat against random decisions, through
scripted positions (`check_positions`) and random games of every game it plays
(the games asked for, less those its hello's ``games`` leaves out), and is then
told to quit. Each check is a line of the report: ``ok``, ``FAULT`` with the
reason (the game, the position, the step), or ``skip``:

- handshake: a hello within 3 s, protocol 1 or 2, its ``games`` (if any) a list of names;
- a message of an unknown type: ignored (no reply, no exit);
- each game: every ``decide`` answered in time with a JSON object ``action`` that is
  one of the legal decisions, its optional ``figures`` well formed (the report names
  the figures it gave); ``start`` and ``end`` not answered; no exit;
- quit: the program exits (exit code 0) within the quit time limit, and nothing it
  started is left running: in its process group, or out of it (a child that called
  ``setsid()``, a daemon made by a double fork), as `descendants` finds them.

Standard error is the program's log: anything may be written there (its last
line is quoted when the program exits). After a fault the program is killed and
the rest of that game's checks are skipped; the next game starts a new program.
Every program is killed with its process group, and every process it started that
`descendants` found, before the check returns.
"""

from __future__ import annotations

import contextlib
import os
import random
import shlex
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .. import printable
from ..engine import GAMES
from ..engine.match import Match
from . import protocol
from .check_positions import Position, Scenario, random_games, scripted
from .descendants import Descendants
from .program import HELLO_TIME_LIMIT, Program
from .protocol import ProtocolError

UNKNOWN_MESSAGE = {"type": "bot-check", "note": "a message of a type the program does not know: ignore it"}
"""Sent once after the hello: the protocol grows by new messages, which a program ignores."""
UNKNOWN_WAIT = 0.2
"""Seconds given a program to answer (wrongly) or exit after the unknown message."""
LEFT_NAMED = 5
"""At most this many processes left running are named in the quit line (all are killed)."""
END_WAIT = 0.02
"""The same after each ``end`` (and each ``start``: its ``decide`` comes later), so
that a line answering it is told as such, not read as the next game's action."""


@dataclass
class Settings:
    command: tuple[str, ...]
    games: Sequence[str] = ()
    """The games asked for (every registered game when empty)."""
    random_games: int = 2
    seed: int = 1
    move_time_limit: float = 10.0
    """Seconds per decision."""
    quit_time_limit: float = 1.0
    """Seconds the program has to exit after ``quit``."""


DETAIL_LIMIT = 600
"""The most characters of one check's detail printed (a fault quoting an answer)."""


def repr_name(name: str) -> str:
    """The name a program gave in its hello, quoted, as a report line shows it."""
    return f"'{printable.name(name)}'"


@dataclass
class Report:
    """The checks so far: (status, what, detail); each is told to `emit` as it comes."""

    emit: Callable[[str], None] = print
    lines: list[tuple[str, str, str]] = field(default_factory=list)

    def add(self, status: str, what: str, detail: str) -> None:
        # The detail quotes the program (its name, its games, its answers): shown, not
        # obeyed by the terminal, and never megabytes of it.
        detail = printable.text(detail, DETAIL_LIMIT)
        self.lines.append((status, what, detail))
        self.emit(f"{status:<6} {what}: {detail}")

    def count(self, status: str) -> int:
        return sum(line[0] == status for line in self.lines)

    @property
    def faults(self) -> int:
        return self.count("FAULT")

    def summary(self) -> str:
        verdict = "FAULT" if self.faults else "ok"
        parts = [f"{self.count('ok')} ok", f"{self.faults} fault{'s' * (self.faults != 1)}"]
        if self.count("skip"):
            parts.append(f"{self.count('skip')} skipped")
        return f"{verdict}: {len(self.lines)} check{'s' * (len(self.lines) != 1)}: {', '.join(parts)}"


class Fault(Exception):
    """A fault of the program in a check: what it got wrong, worded for the report."""


class Checker:
    def __init__(self, settings: Settings, report: Report):
        self.settings, self.report = settings, report
        self.program: Program | None = None
        self.descendants = Descendants()
        """Every process the programs started, found at each probe (`probe`)."""
        self._stderr = None
        self._after = ""
        """The last check the running program took part in (a late fault is its)."""

    # -- the program ---------------------------------------------------------------------
    def start(self) -> Program:
        """A new program, its hello received. :raises Fault:"""
        self.stop()
        self._stderr = tempfile.TemporaryFile()
        try:
            self.program = Program(self.settings.command, stderr=self._stderr, remember=False,
                                   env=self.descendants.environment())
        except ProtocolError as error:
            raise Fault(self._worded(error)) from None
        self.descendants.add_program(self.program.process.pid)
        self.probe()
        return self.program

    def probe(self) -> None:
        """Note what the program has started so far, while its process tree still
        shows it (a child's children are found through it)."""
        self.descendants.probe()

    def stop(self) -> None:
        """Kill the program, if any, with its process group, and everything it
        started that was found out of that group."""
        if self.program is not None:
            self.probe()
            self.program.kill()
            self.program = None
        self.descendants.kill()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def last_words(self) -> str:
        """The last line the program wrote on its standard error."""
        if self._stderr is None:
            return ""
        with contextlib.suppress(OSError, ValueError):
            self._stderr.seek(max(0, os.fstat(self._stderr.fileno()).st_size - 4000))
            lines = [line for line in self._stderr.read().decode(errors="replace").splitlines() if line.strip()]
            return lines[-1].strip() if lines else ""
        return ""

    def _worded(self, error: ProtocolError) -> str:
        """A fault of `Program` for the report; an exit with the program's last words."""
        text = str(error)
        if error.forfeit_kind == "crash" and "; its standard error" in text:
            words = self.last_words()
            text = text.split("; its standard error")[0] + (
                f"; its last words on standard error: {words!r}" if words else "; nothing on its standard error")
        return f"{error.forfeit_kind}: {text}"

    def unasked(self) -> None:
        """:raises Fault: when the program wrote a line nobody asked for, or exited."""
        if self.program is None:
            return
        try:
            line = self.program.unasked()
        except ProtocolError as error:
            raise Fault(f"{self._worded(error)} (after {self._after})") from None
        if line is not None:
            raise Fault(f"protocol: wrote {protocol._quote(line)} unasked (after {self._after})")

    def settle(self, seconds: float) -> None:
        """Give the program `seconds` to answer what needs no answer, or to exit.
        :raises Fault: if it does either."""
        deadline = time.monotonic() + seconds
        while True:
            self.unasked()
            if time.monotonic() >= deadline:
                return
            time.sleep(0.005)

    # -- the checks ----------------------------------------------------------------------
    def run(self) -> Report:
        try:
            games = self.handshake()
            if games is not None:
                for game in games:
                    self.check_game(game)
                self.quit()
        finally:
            self.stop()
        return self.report

    def handshake(self) -> list[str] | None:
        """Start the program: the hello and the unknown message checked; the games to
        check (None when it cannot be started)."""
        begun = time.perf_counter()
        try:
            program = self.start()
        except Fault as fault:
            self.report.add("FAULT", "handshake", f"{fault} (nothing else can be checked)")
            return None
        took = (time.perf_counter() - begun) * 1000
        self.report.add("ok", "handshake", f"hello in {took:.0f} ms (limit {HELLO_TIME_LIMIT * 1000:.0f}): "
                                           f"protocol {program.protocol}, name "
                                           f"{repr_name(program.name) if program.name else '(none)'}")
        hello = program.hello
        try:
            program.send(UNKNOWN_MESSAGE)
            self._after = "a message of an unknown type"
            self.settle(UNKNOWN_WAIT)
            self.report.add("ok", "unknown message", "a message of an unknown type was ignored")
        except (Fault, ProtocolError) as fault:
            text = self._worded(fault) if isinstance(fault, ProtocolError) else str(fault)
            self.report.add("FAULT", "unknown message", text)
            self.stop()
        return self.games(hello)

    def games(self, hello: dict) -> list[str]:
        """The games to check: those asked for, less those the hello's ``games`` (if
        it has one) leaves out; each such game is a skip line."""
        asked = list(self.settings.games) or list(GAMES)
        said = hello.get("games")
        if said is None:
            self.report.add("ok", "games", f"its hello names none: checking {', '.join(asked)}")
            return asked
        if not (isinstance(said, list) and all(isinstance(name, str) for name in said)):
            self.report.add("FAULT", "games", f"the hello's games must be a list of game names, not "
                                              f"{protocol._quote(str(said))}: checking {', '.join(asked)}")
            return asked
        played = [game for game in asked if game in said]
        for game in asked:
            if game not in said:
                self.report.add("skip", game, "its hello's games do not name it")
        if not played:
            self.report.add("FAULT", "games", f"it plays none of the games checked ({', '.join(asked)}); its "
                                              f"hello names {', '.join(map(repr, said)) or 'none'}")
        else:
            unknown = [name for name in said if name not in GAMES]
            self.report.add("ok", "games", f"its hello names {', '.join(said)}: checking {', '.join(played)}"
                            + (f" (unknown here: {', '.join(unknown)})" if unknown else ""))
        return played

    def check_game(self, game: str) -> None:
        """Every scripted position and random game of `game`; after a fault, the rest
        of them are skipped."""
        positions: list[Position | Scenario] = [*scripted(game), *random_games(
            game, self.settings.random_games, self.settings.seed)]
        faulted = False
        for position in positions:
            if isinstance(position, Scenario):
                self.report.add("skip", f"{game}: scripted: {position.label}", "no such position found")
                continue
            what = f"{game}: {position.label}"
            if faulted:
                self.report.add("skip", what, "after the fault above")
                continue
            try:
                self.report.add("ok", what, self.play(position))
            except Fault as fault:
                self.report.add("FAULT", what, str(fault))
                self.stop()
                faulted = True

    def play(self, position: Position) -> str:
        """Play `position`'s game to its end with the program in its seat (random
        decisions in the others). The report's detail. :raises Fault:"""
        self.unasked()
        program = self.program
        if program is None:
            try:
                program = self.start()
            except Fault as fault:
                raise Fault(f"a new program, after the fault above: {fault}") from None
        match, seat, rng = position.match, position.seat, random.Random(position.seed)
        self._after = f"the start of {match.game}, {position.label}"
        try:
            program.send(protocol.start(match.game, match.options(), seat, position.seed))
            self.settle(END_WAIT)
            decisions, slowest, figures = self._decisions(program, match, seat, rng)
            outcome = match.state.outcome()
            self._after = f"the end of {match.game}, {position.label}"
            program.send(protocol.end(outcome.scores, outcome.winners, protocol.seat_steps(match, seat)))
            self.settle(END_WAIT)
        except ProtocolError as error:
            raise Fault(self._worded(error)) from None
        self.probe()
        return (f"{decisions} decision{'s' * (decisions != 1)}, slowest {slowest * 1000:.0f} ms "
                f"(limit {self.settings.move_time_limit * 1000:.0f})"
                + (f"; figures: {', '.join(figures)}" if figures else ""))

    def _decisions(self, program: Program, match: Match, seat: int,
                   rng: random.Random) -> tuple[int, float, list[str]]:
        """Play `match` to its end: the program's decisions, the slowest's seconds and
        the names of the figures its actions gave. :raises Fault:"""
        steps, limit = protocol.SeatSteps(match, seat), self.settings.move_time_limit
        decisions, slowest = 0, 0.0
        figures: dict[str, None] = {}  # the names given, in order
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
                continue
            legal = match.state.legal_actions()
            if match.current_player != seat:
                match.apply(rng.choice(legal))
                continue
            decisions += 1
            where = f"at step {len(match.steps) + 1} (its decision {decisions})"
            self._after = f"{match.game} {where}"
            self.unasked()
            view = match.view(seat)
            texts = [action.text for action in legal]
            seen = steps.update(view.seen_pieces())
            line = (protocol.encode_decide_v2(seen, texts, limit * 1000, view) if program.protocol >= 2
                    else protocol.encode_decide(seen, texts, limit * 1000, view))
            begun = time.perf_counter()
            try:
                reply = program.ask_line(line, limit, "action")
            except ProtocolError as error:
                raise Fault(f"{where}: {self._worded(error)}") from None
            slowest = max(slowest, time.perf_counter() - begun)
            if reply.get("type") != "action":
                raise Fault(f"{where}: protocol: expected an action, got a {reply.get('type')!r} message")
            action = reply.get("action")
            if action not in texts:
                shown = ", ".join(texts[:8]) + (f", ... ({len(texts)} in all)" if len(texts) > 8 else "")
                raise Fault(f"{where}: illegal_action: {action!r} is not one of the legal decisions ({shown})")
            try:
                figures.update(dict.fromkeys(protocol.action_figures(reply) or ()))
            except ProtocolError as error:
                raise Fault(f"{where}: {self._worded(error)}") from None
            match.apply(legal[texts.index(action)])
        return decisions, slowest, list(figures)

    def quit(self) -> None:
        """Tell the program to quit: it must exit (code 0) in time, writing nothing,
        and leave nothing running in its process group."""
        what, limit = "quit", self.settings.quit_time_limit
        try:
            self.unasked()
            program = self.program or self.start()
            self.probe()
            program.send(protocol.QUIT)
        except (Fault, ProtocolError) as fault:
            self.report.add("FAULT", what, self._worded(fault) if isinstance(fault, ProtocolError) else str(fault))
            return
        begun = time.perf_counter()
        try:
            code = program.process.wait(limit)
        except subprocess.TimeoutExpired:
            self.report.add("FAULT", what, f"still running {limit * 1000:.0f} ms after quit: killed")
            return
        took = (time.perf_counter() - begun) * 1000
        faults, left = [], self.left_running(program)  # first: a crash found below ends the group
        with contextlib.suppress(ProtocolError):
            line = program.unasked()
            if line is not None:
                faults.append(f"wrote {protocol._quote(line)} after quit")
        if code != 0:
            words = self.last_words()
            faults.append(f"exited with code {code}, not 0" + (f" (its last words: {words!r})" if words else ""))
        if left:
            named = "; ".join(left[:LEFT_NAMED]) + (f"; and {len(left) - LEFT_NAMED} more" if len(left) > LEFT_NAMED
                                                    else "")
            faults.append(f"left {len(left)} process{'es' * (len(left) > 1)} running ({named}): killed")
        if faults:
            self.report.add("FAULT", what, "; ".join(faults))
        else:
            self.report.add("ok", what, f"exited {took:.0f} ms after quit (limit {limit * 1000:.0f}); "
                                        "nothing it started left running")

    def left_running(self, program: Program) -> list[str]:
        """What the program started that still runs once it has exited, each as
        ``pid N COMMAND`` (and where it went); `group_members` where there is no /proc."""
        running = self.descendants.running()
        if running is None:
            return [f"pid {pid}, in its process group" for pid in group_members(program.process.pid)]
        return [found.describe() for found in running]


def group_members(group: int) -> list[int]:
    """The processes still in process group `group` (the program's session), those
    of /proc that have not exited; or [0] when there is no /proc to say which but the
    group is there."""
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return []
    except OSError:
        pass
    members, listed = [], False
    with contextlib.suppress(OSError):
        entries, listed = os.listdir("/proc"), True
        for entry in entries:
            if entry.isdigit():
                with contextlib.suppress(OSError, ValueError, IndexError):
                    with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                        fields = stat.read().rsplit(")", 1)[1].split()
                    if int(fields[2]) == group and fields[0] != "Z":
                        members.append(int(entry))
    return members if listed else [0]


def check(settings: Settings, emit: Callable[[str], None] = print) -> Report:
    """Run every check of `settings`' program; the report (its lines told to `emit`)."""
    report = Report(emit)
    emit(f"bot check: {shlex.join(settings.command)}")
    checker = Checker(settings, report)
    try:
        checker.run()
    finally:
        checker.stop()
    emit(report.summary())
    return report

