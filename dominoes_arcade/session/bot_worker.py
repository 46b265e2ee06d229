"""Bot decisions off the frame loop.

A `hard` bot thinks for a good part of a second; the renderer must not stop for
it. `BotWorker` runs every bot of the client in one worker, by default a separate
process: a thread would share the GIL with the renderer and steal its frame time
in slices (bench/client.py measures both; see `MODES`). The table sends a request
and polls for the answer each frame, never waiting:

    worker = shared_worker()
    ticket = worker.choose(key, "ismcts", "necropolis", seat, options, seed, state.view(seat), legal)
    ...
    decision = worker.result(ticket)      # None while the bot thinks
    if decision is not None:
        decision.action                   # one of `legal` (None with `decision.error`)

The worker keeps one bot per (key, seat, spec, seed), so a bot that learns as the
game goes keeps its memory; `observe` shows such a bot each new view, and
`forget(key)` drops a table's bots (a new game, an undo). `analyse` values every
legal move of a seat's view (`bots.analysis.DecisionAnalysis`, the analysis view),
in rounds: the first request brings the view, each later one refines the same
analysis, so the worker answers between rounds and a bot's request never waits
long behind it. A game's review (`session.review_job`) asks the same way, one
request per decision, each bringing its view. Bots are given the seat's view and
the legal actions only, and are driven by the tournament's own
`bots.driver.BotDriver`, each decision within its time limit
(`bots.driver.DECISION_TIME_LIMIT` unless the request says otherwise): a bot that
raises, chooses something illegal, overruns or cannot be built answers with the
forfeit's message as `Decision.error`. In the worker process a `bots.driver.Watchdog`
stops a bot that never returns, so one stuck bot cannot hold every table's bots.

An asyncio program (the room server) need not poll: `watch(loop, answered)` has
`answered(key)` called on its loop as each answer for the table `key` comes (the
loop itself watches the worker process's pipe; a worker thread files its answers
itself).

This module imports no pygame: the worker process imports only the engine and
the bots.
"""

from __future__ import annotations

import atexit
import itertools
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

from ..bots.driver import DECISION_TIME_LIMIT, Watchdog
from ..bots.program import remember_name
from ..engine import GAMES, entry, register

MODES = ("process", "thread")
"""Where bots think: a separate process (the default: the renderer keeps its
core and its GIL), or a thread in this process (no start-up cost)."""
DEFAULT_MODE = "process"
HEADER = struct.Struct(">I")
"""Each message through the worker process's pipes: its length, then its pickle."""
WORKER_NICENESS = 2
"""How much lower the worker process's scheduling priority is than the client's."""
MAX_RESTARTS = 3
"""Worker processes started again after dying before bots think in a thread instead."""


@dataclass(frozen=True)
class Analysed:
    """The worker's answer to one `analyse` request."""

    analysis: Any
    """The `bots.analysis.Analysis` so far (None with `error`)."""
    generation: int
    """The analysis it belongs to (`analyse`'s `generation`)."""
    seconds: float
    error: str | None = None


@dataclass(frozen=True)
class Decision:
    """A bot's answer to one `choose` request."""

    action: Any
    """The chosen engine `Action` (None when the bot failed)."""
    seconds: float
    """How long the bot thought."""
    error: str | None = None
    """Why there is no action: the bot raised, chose something illegal or overran."""


# -- the worker's side ---------------------------------------------------------------------


def serve(receive: Callable[[], Any], send: Callable[[Any], None], watchdog: Watchdog | None = None) -> None:
    """The worker's loop: answer requests until a None arrives. Every bot is driven
    through a `bots.driver.BotDriver`, as in the tournament: a bot that raises,
    chooses something illegal, overruns the request's time limit (or cannot be
    built) answers with the forfeit's message as the decision's error, and the worker
    goes on. `watchdog`: a started `bots.driver.Watchdog` that stops a bot that
    never returns (only in a process's main thread)."""
    from ..bots import make_bot
    from ..bots.driver import BotDriver, Forfeit, as_forfeit

    seats: dict[tuple, BotDriver] = {}
    analyses: dict[Hashable, tuple[int, Any]] = {}
    """The analysis each key refines: (generation, `DecisionAnalysis`)."""
    faults: dict[tuple, str] = {}
    """Why a bot is out (it failed to observe): its every later answer is that error."""
    while True:
        message = receive()
        if message is None:
            return
        kind = message[0]
        if kind == "choose":
            _, ticket, key, spec, game, seat, options, seed, view, legal, known, steps, time_limit = message
            started = time.perf_counter()
            bot_key = (key, seat, spec, seed)
            try:
                if game not in GAMES:  # registered at run time in the client (a test's, a plug-in's)
                    register(known)
                driver = seats.get(bot_key)
                if driver is None:
                    try:
                        bot = make_bot(spec, game, seat, options, seed)
                    except BaseException as error:  # a plug-in may raise anything: as a fault in play
                        raise as_forfeit(seat, error, " building the bot") from None
                    driver = seats[bot_key] = BotDriver(bot, seat=seat, watchdog=watchdog)
                driver.time_limit = time_limit
                if bot_key in faults:
                    raise Forfeit(seat, "exception", faults[bot_key])
                if getattr(driver.bot, "wants_steps", False):  # a bot program is sent its seat's steps
                    driver.bot.given_steps = steps
                action, _seconds, _figures = driver.decide(view, legal)
                send((ticket, action, time.perf_counter() - started, None,
                      getattr(driver.bot, "program_name", None)))
            except Forfeit as fault:
                send((ticket, None, time.perf_counter() - started, fault.message, None))
            except Exception as error:  # the game cannot be registered here: the worker must go on
                send((ticket, None, time.perf_counter() - started, f"{type(error).__name__}: {error}", None))
        elif kind == "observe":
            _, key, seat, view = message
            for bot_key, driver in seats.items():
                if bot_key[0] == key and bot_key[1] == seat and driver.observes and bot_key not in faults:
                    try:
                        driver.observe(view)
                    except Forfeit as fault:
                        faults[bot_key] = fault.message
        elif kind == "game_over":  # a bot program is sent `end`, with its seat's steps now
            _, key, outcome, steps = message
            for bot_key, driver in seats.items():
                if bot_key[0] == key:
                    if getattr(driver.bot, "wants_steps", False):
                        driver.bot.given_steps = steps.get(bot_key[1])
                    driver.game_over(outcome)
        elif kind == "analyse":
            send(_analyse(analyses, message))
        elif kind == "forget":
            analyses.pop(message[1], None)
            for bot_key in [k for k in seats if k[0] == message[1]]:
                del seats[bot_key]
                faults.pop(bot_key, None)


def _analyse(analyses: dict[Hashable, tuple[int, Any]], message: tuple) -> tuple:
    """One round of an analysis: a new one when the message brings a view (it
    replaces the key's earlier analysis), else more rollouts on the key's analysis
    of that generation. The reply carries the `Analysis` so far."""
    from ..bots.analysis import DecisionAnalysis

    _, ticket, key, generation, view, seed, rollouts, known = message
    started = time.perf_counter()
    try:
        if view is not None:
            if view.game not in GAMES:
                register(known)
            analyses[key] = (generation, DecisionAnalysis(view, seed))
        held = analyses.get(key)
        if held is None or held[0] != generation:
            raise LookupError("that analysis was dropped: its decision is gone")
        analysis = held[1].refine(rollouts)
        return ticket, analysis, time.perf_counter() - started, None, generation
    except Exception as error:  # a bad view or game: said in the reply, and the worker goes on
        return ticket, None, time.perf_counter() - started, f"{type(error).__name__}: {error}", generation


def _serve_streams() -> None:
    """The worker process's loop (`WORKER_COMMAND`):
    framed pickles (`frame`) in on stdin, out on stdout."""
    import sys

    requests, replies = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # a bot that prints must not corrupt the answers
    try:
        # Below the renderer: on a busy machine the frames get the CPU first.
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):
        pass

    def receive():
        header = requests.read(HEADER.size)
        if len(header) < HEADER.size:
            return None  # the client is gone
        body = requests.read(HEADER.unpack(header)[0])
        try:
            return pickle.loads(body)
        except (EOFError, pickle.UnpicklingError):
            return None  # the client left in the middle of a request

    def send(reply) -> None:
        replies.write(frame(reply))
        replies.flush()

    try:
        with Watchdog(DECISION_TIME_LIMIT) as watchdog:
            serve(receive, send, watchdog)
    except (BrokenPipeError, KeyboardInterrupt):
        pass  # the client closed the pipes or was interrupted: leave quietly


def frame(message: Any) -> bytes:
    """`message` pickled, after its length: what goes through the pipes."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


# -- the client's side -----------------------------------------------------------------------


class BotWorker:
    """Bots thinking in a worker process (or thread). Never blocks the caller."""

    def __init__(self, mode: str = DEFAULT_MODE):
        if mode not in MODES:
            raise ValueError(f"unknown bot worker mode {mode!r}: use one of {', '.join(MODES)}")
        self.mode = mode
        self._tickets = itertools.count(1)
        self._pending: dict[int, tuple] = {}
        """Requests sent but not answered, by ticket (sent again if the worker dies)."""
        self._results: dict[int, Decision] = {}
        self._analyses: dict[int, Analysed] = {}
        self._process: subprocess.Popen | None = None
        self._thread: threading.Thread | None = None
        self._out = bytearray()
        """Framed requests not yet taken by the worker process's pipe."""
        self._in = bytearray()
        """Bytes of answers read but not yet a whole frame."""
        self._at_end = False
        """The worker process's answers ended (it died)."""
        self._lock = threading.RLock()
        """Held while the answers are read and filed (a watched worker thread files its own)."""
        self._watchers: list[tuple[Any, Callable[[Hashable], object]]] = []
        """The (asyncio loop, callback) told of each answer (`watch`)."""
        self._read_by: dict[Any, Any] = {}
        """Each watching loop's reader: the worker process's answers pipe it watches
        (kept, so its descriptor is not reused before the loop lets go of it)."""
        self.restarts = 0
        self._start()

    def _start(self) -> None:
        self._out.clear()
        self._in.clear()
        if self.mode == "process":
            try:
                self._start_process()
                return
            except OSError:
                self.mode = "thread"  # no processes here (a sandbox): think in a thread instead
        self._requests: queue.SimpleQueue = queue.SimpleQueue()
        self._replies: queue.SimpleQueue = queue.SimpleQueue()
        self._thread = threading.Thread(target=serve, args=(self._requests.get, self._reply),
                                        name="dominoes-arcade-bots", daemon=True)
        self._thread.start()

    def _start_process(self) -> None:
        """A fresh interpreter running this module, not a fork of this one: the
        client runs SDL threads a forked child must not inherit, and `multiprocessing`'s
        spawn would import the caller's main script again. Both pipes are
        non-blocking on this side and served by the frame loop itself (`_pump`): no
        thread here competes with the renderer for the GIL, and a full pipe never
        blocks a frame."""
        # The client's import path too, so a game registered from a module outside the
        # package (a test's, a plug-in's) unpickles in the worker.
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(path for path in sys.path if path)}
        process = subprocess.Popen([sys.executable, "-c", WORKER_COMMAND], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, close_fds=True, env=env)
        os.set_blocking(process.stdin.fileno(), False)
        os.set_blocking(process.stdout.fileno(), False)
        self._process = process
        self._at_end = False
        for loop in {loop for loop, _ in self._watchers}:
            self._on_loop(loop, self._read_answers, loop)

    @property
    def alive(self) -> bool:
        if self._process is not None:
            return self._process.poll() is None
        return self._thread is not None and self._thread.is_alive()

    def _send(self, message: Any) -> None:
        if not self.alive:
            self._restart()
        if self._process is None:
            self._requests.put(message)
        else:
            self._out += frame(message)
            self._pump()

    def _pump(self) -> None:
        """Move bytes both ways as far as the pipes allow now, without waiting, and
        file every whole answer."""
        with self._lock:
            self._pump_now()

    def _pump_now(self) -> None:
        process = self._process
        if process is None:
            while True:
                try:
                    self._file(self._replies.get_nowait())
                except queue.Empty:
                    return
        try:
            while self._out:
                written = os.write(process.stdin.fileno(), self._out)
                del self._out[:written]
        except BlockingIOError:
            pass  # the pipe is full while the bot thinks: the rest goes next frame
        except OSError:
            return  # the worker is gone: `alive` says so
        while True:
            try:
                chunk = os.read(process.stdout.fileno(), 1 << 16)
            except BlockingIOError:
                break
            except OSError:
                return
            if not chunk:
                self._at_end = True
                break  # end of file: the worker is gone
            self._in += chunk
        while len(self._in) >= HEADER.size:
            size = HEADER.unpack_from(self._in)[0]
            if len(self._in) < HEADER.size + size:
                break
            reply = pickle.loads(bytes(self._in[HEADER.size:HEADER.size + size]))
            del self._in[:HEADER.size + size]
            self._file(reply)

    def _file(self, reply: tuple) -> None:
        ticket, action, seconds, error, program_name = reply
        request = self._pending.pop(ticket, None)
        if request is not None and request[0] == "analyse":  # the last field is the generation
            self._analyses[ticket] = Analysed(action, program_name, seconds, error)
        elif request is not None:
            if program_name:  # a bot program's hello name, for its seat's label
                remember_name(request[3], program_name)
            self._results[ticket] = Decision(action, seconds, error)
        if request is not None:
            for loop, answered in list(self._watchers):
                if loop.is_closed():  # closed without `unwatch`: nobody waits there any more
                    self._watchers.remove((loop, answered))
                    self._read_by.pop(loop, None)
                else:
                    self._on_loop(loop, answered, request[2])  # the table's key

    def _reply(self, reply: tuple) -> None:
        """A worker thread's answer (on that thread): filed at once when watched."""
        self._replies.put(reply)
        if self._watchers:
            self._pump()

    # -- watching for answers, for an asyncio loop ---------------------------------------------
    def watch(self, loop: Any, answered: Callable[[Hashable], object]) -> None:
        """Have `loop` (an asyncio event loop, running in this thread) call
        `answered(key)` as each answer to a request of table `key` comes, so that it
        need not poll: the loop watches the worker process's pipe and files each answer
        as it comes (a worker thread files its own); `result` collects them as before.
        A worker process whose pipe ends (it died) with answers owed is started again
        at once and asked again, and the loop watches the new one's pipe."""
        with self._lock:
            self._watchers.append((loop, answered))
            self._read_answers(loop)

    def unwatch(self, answered: Callable[[Hashable], object]) -> None:
        """`answered` is told of no more answers. Call on its loop's thread."""
        with self._lock:
            gone = {loop for loop, told in self._watchers if told == answered}
            self._watchers = [(loop, told) for loop, told in self._watchers if told != answered]
            for loop in gone - {loop for loop, _ in self._watchers}:
                self._stop_reading(loop)

    @staticmethod
    def _on_loop(loop: Any, call: Callable, *args: Any) -> None:
        """`call(*args)` on `loop`, soon: at once from its own thread, else through its self-pipe."""
        import asyncio

        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        try:
            (loop.call_soon if here is loop else loop.call_soon_threadsafe)(call, *args)
        except RuntimeError:  # the loop is closed: nobody waits there any more
            pass

    def _read_answers(self, loop: Any) -> None:
        """`loop` (on its thread) watches the pipe of the worker process there is now,
        and lets go of the one before (whose descriptor is kept open until then)."""
        with self._lock:
            process = self._process
            if not any(watching is loop for watching, _ in self._watchers):
                return
            if process is not None and self._read_by.get(loop) is process.stdout:
                return
            self._stop_reading(loop)
            if process is not None and not loop.is_closed():
                loop.add_reader(process.stdout, self._readable, loop)
                self._read_by[loop] = process.stdout

    def _stop_reading(self, loop: Any) -> None:
        pipe = self._read_by.pop(loop, None)
        if pipe is not None and not loop.is_closed():
            loop.remove_reader(pipe)

    def _readable(self, loop: Any) -> None:
        """The worker process's pipe has answers, or has ended: the process died, so
        the loop lets go of its pipe and the worker starts again at once when it owes
        answers (`_start_process` gives the loop the new pipe)."""
        with self._lock:
            process = self._process
            if process is None or self._read_by.get(loop) is not process.stdout:  # closed, or started again
                self._stop_reading(loop)
                return
            self._pump()
            if self._at_end:
                self._stop_reading(loop)
                if self._pending:  # no answer can come from it (it may not have exited yet)
                    self._restart()

    def _restart(self) -> None:
        """The worker died (a bot crashed the interpreter): start another and send
        it every unanswered request again; after `MAX_RESTARTS`, think in a thread."""
        with self._lock:
            self.restarts += 1
            if self.restarts > MAX_RESTARTS:
                self.mode = "thread"
            self._stop_process()
            self._start()
            for message in list(self._pending.values()):
                self._send(message)

    # -- requests ------------------------------------------------------------------------
    def choose(self, key: Hashable, spec: str, game: str, seat: int, options: dict, seed: int, view,
               legal: list, steps: list[str] | None = None, time_limit: float | None = DECISION_TIME_LIMIT) -> int:
        """Ask the bot `spec` of `seat` (of the table `key`) for a decision on
        `view`, within `time_limit` seconds (None: none). Returns the ticket to
        collect it with `result`. A bot program (``cmd:``) is also sent the seat's
        `steps` (`bots.protocol.seat_steps`)."""
        ticket = next(self._tickets)
        message = ("choose", ticket, key, spec, game, seat, options, seed, view, list(legal), entry(game), steps,
                   time_limit)
        self._pending[ticket] = message
        self._send(message)
        return ticket

    def analyse(self, key: Hashable, generation: int, view, seed: int, rollouts: int) -> int:
        """Ask for `rollouts` rollouts of the analysis `generation` of table `key`:
        a new analysis of `view` (a seat's view, `State.view`: a full state is
        refused), or with `view` None more rollouts on the one begun. Returns the
        ticket to collect the `Analysed` with `analysis_result`."""
        ticket = next(self._tickets)
        known = entry(view.game) if view is not None else None
        message = ("analyse", ticket, key, generation, view, seed, rollouts, known)
        self._pending[ticket] = message
        self._send(message)
        return ticket

    def analysis_result(self, ticket: int | None) -> Analysed | None:
        """The answer to an `analyse` request once it has come (collected once), else None."""
        return self._collect(ticket, self._analyses)

    def observe(self, key: Hashable, seat: int, view) -> None:
        """Show the bots of `seat` at table `key` their new view."""
        self._send(("observe", key, seat, view))

    def game_over(self, key: Hashable, outcome, steps: dict[int, list[str]]) -> None:
        """The game at table `key` is over: its bots are told (`Bot.game_over`), and a
        bot program is sent ``end`` with its seat's `steps` as it may see them now."""
        self._send(("game_over", key, outcome, steps))

    def forget(self, key: Hashable) -> None:
        """Drop the bots of table `key`, and any answers still owed to it are ignored."""
        with self._lock:
            for ticket in [t for t, message in self._pending.items() if message[2] == key]:
                del self._pending[ticket]
        self._send(("forget", key))

    def cancel(self, ticket: int | None) -> None:
        """Stop waiting for `ticket`: its answer is dropped when it comes."""
        if ticket is not None:
            with self._lock:
                self._pending.pop(ticket, None)
                self._results.pop(ticket, None)
                self._analyses.pop(ticket, None)

    def result(self, ticket: int | None) -> Decision | None:
        """The decision for `ticket` once it is ready (collected once), else None."""
        return self._collect(ticket, self._results)

    def _collect(self, ticket: int | None, answers: dict[int, Any]) -> Any:
        """Take `ticket`'s answer from `answers` once it has come; a worker that died
        with the request unanswered is restarted (the request is sent again)."""
        if ticket is None:
            return None
        self._pump()
        answer = answers.pop(ticket, None)
        if answer is None and ticket in self._pending and not self.alive:
            self._restart()
        return answer

    @property
    def busy(self) -> bool:
        """Whether any request is still unanswered."""
        self._pump()
        return bool(self._pending)

    def wait(self, ticket: int, timeout: float = 30.0) -> Decision | None:
        """Block until `ticket` is answered (tests and tools only: never in a frame)."""
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            decision = self.result(ticket)
            if decision is not None:
                return decision
            time.sleep(0.002)
        return None

    def close(self) -> None:
        """Stop the worker (its process ends when its input closes)."""
        if self._process is not None:
            self._stop_process()
        elif self._thread is not None:
            self._requests.put(None)
            self._thread = None

    def _stop_process(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


_shared: dict[str, BotWorker] = {}
_shared_lock = threading.Lock()


def shared_worker(mode: str | None = None) -> BotWorker:
    """The client's one worker (started on first use, kept for every table, so a
    new game does not start a new process)."""
    mode = mode or DEFAULT_MODE
    with _shared_lock:
        worker = _shared.get(mode)
        if worker is None or (not worker.alive and not worker._pending):
            worker = _shared[mode] = BotWorker(mode)
            # Stop it as the client exits, so this process reaps it (a container's
            # init may never reap an orphan).
            atexit.register(worker.close)
        return worker


WORKER_COMMAND = f"from {__name__} import _serve_streams; _serve_streams()"
"""What the worker process runs: not ``python -m`` this module, which the session
package imports first (runpy warns then, on stderr, that the module is already
loaded)."""


if __name__ == "__main__":
    _serve_streams()
