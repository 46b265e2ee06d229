"""Shared test set-up.

Every test, and every process a test starts, sees user directories of its own
under a temporary folder, so no test reads or writes the developer's real
settings, saved games or history. The fixtures are for the client tests (headless
apps under SDL's dummy drivers); the input a person sends with each device is in
`client_drive`, the app builder and menu helpers in `test_client_support`.

The quick tier (`make test-fast`, ``-m "not slow"``) leaves out the tests marked
`slow` and, of the client's modules, keeps only those in `QUICK_CLIENT`: one game
of each table and the small units under them.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile

if "TMPDIR" not in os.environ and os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK):
    # The tests' files in memory where the system has a RAM filesystem: the program
    # makes what it writes durable (fsync), which on a disk costs milliseconds a file,
    # and the suite writes thousands. The workers and the processes the tests start
    # inherit it; TMPDIR set by whoever runs the tests wins.
    os.environ["TMPDIR"] = "/dev/shm"
    tempfile.tempdir = None

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

QUICK_CLIENT = {
    # A whole game at each table: Necropolis, Build Up, Cyprus (Sebastopol's too), generic.
    "test_client_necropolis_play.py", "test_client_buildup.py", "test_client_cyprus.py", "test_client_generic.py",
    # Input, tweens, drawing primitives, words, settings, sound: no games.
    "test_client_input.py", "test_client_tween.py", "test_client_render.py", "test_client_words.py",
    "test_client_settings.py", "test_client_audio.py",
}
"""The client test modules in the quick tier; every other test_client_* module is `slow`."""


@pytest.hookimpl(tryfirst=True, optionalhook=True)  # (a hook of pytest-xdist: without it, never called)
def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (`make test`): a worker per core and one more. A fifth of the
    tests' time is spent waiting (on the processes and servers they start, on
    timeouts they test), and the extra worker runs in those waits: 172 s instead
    of 179 s on two cores. PYTEST_XDIST_AUTO_NUM_WORKERS still decides when set."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1 if hasattr(os, "sched_getaffinity") else None


def pytest_configure(config):
    home = tempfile.mkdtemp(prefix="dominoes-arcade-test-home-")
    _HOMES.append(home)
    for variable, folder in (("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"),
                             ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
        os.environ[variable] = os.path.join(home, folder)
    # matplotlib keeps its list of the system's fonts in its cache folder, by default
    # under XDG_CACHE_HOME, which is new for every run and every worker (above): each
    # worker and each process drawing a report found none and built it again, 0.5 s
    # of CPU each, and a batch of report processes started side by side built it
    # once each. Kept with the bytecode instead, built once for every run after.
    # Nothing else is there (no matplotlibrc: matplotlib's settings are its defaults,
    # as with the empty folder before). MPLCONFIGDIR set by whoever runs the tests wins.
    os.environ.setdefault("MPLCONFIGDIR", str(config.rootpath / ".pytest_cache" / "matplotlib"))
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None):
        # Bytecode not written beside the sources: the processes the tests start
        # (hundreds: `python -m dominoes_arcade`, bot programs, workers) keep it in
        # .pytest_cache/bytecode instead, rather than each compiling the package
        # again. The parallel workers inherit this from the first process, so share
        # it; and it outlives the run, because every worker rewrites the asserts of
        # every test module it collects: 5.8 s a worker with nothing kept, 1.6 s
        # with the last run's (Python checks each file against its source).
        os.environ["PYTHONPYCACHEPREFIX"] = str(config.rootpath / ".pytest_cache" / "bytecode")


_HOMES: list[str] = []
"""The user folders this process made (removed at the end)."""


def pytest_unconfigure(config):
    for folder in _HOMES:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by mark
def pytest_collection_modifyitems(items):
    for item in items:
        name = item.path.name
        if name.startswith("test_client_") and name not in QUICK_CLIENT:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def client_reads_no_full_state(request, monkeypatch):
    """In the client's tests, any read of a session's full state from the client's
    code fails the test: every screen draws its seat's observation (the session
    itself reads the state to move the game on, and a test may look at it)."""
    if not request.module.__name__.startswith("test_client_"):
        return
    from dominoes_arcade.session.base import SessionBase

    full_state = SessionBase.state

    def guarded(session):
        reader = sys._getframe(1).f_globals.get("__name__", "")
        if reader.startswith("dominoes_arcade.client"):
            raise AssertionError(f"{reader} read the full state")
        return full_state.fget(session)
    monkeypatch.setattr(SessionBase, "state", property(guarded))


@pytest.fixture(autouse=True)
def own_user_data(tmp_path, monkeypatch):
    """Each test's saved game and history of its own: a game one test leaves
    must not put Continue on another test's title screen."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "user-data"))


@pytest.fixture
def app_with(tmp_path):
    """Build headless apps from a config's text and `make_app`'s launch options
    (each released after the test, `release`): ``app_with(animated("fast"), demo=True)``; with
    no text, the default test config (animations off, no think delay)."""
    from test_client_support import make_app, release

    apps = []

    def build(config_text: str | None = None, name: str = "test.toml", **options):
        config = None
        if config_text is not None:
            config = tmp_path / name
            config.write_text(config_text, encoding="utf-8")
        apps.append(make_app(tmp_path, config=config, **options))
        return apps[-1]

    yield build
    for app in apps:
        release(app)


@pytest.fixture
def app(request, app_with):
    """A headless app over the title screen, from the test module's ``APP_CONFIG``
    (a config's text, such as `test_client_support.KIT_CONFIG`) when it has one,
    else the default test config (animations off, no think delay)."""
    return app_with(getattr(request.module, "APP_CONFIG", None), "app.toml")
