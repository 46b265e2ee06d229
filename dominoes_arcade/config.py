"""Settings: typed and validated, read in layers (docs/playing.md, "Settings: config.toml").

Layers, each overriding the one before:

1. the built-in defaults below (the engine's variant tables for the games);
2. the checkout's ``config.toml``, only when running from a source checkout (it is
   the commented reference of every key, kept equal to `render_default_config`);
3. the user's ``config.user.toml`` in the platform's user config directory (on
   Linux ``$XDG_CONFIG_HOME/dominoes-arcade/``), which the client's Settings screen
   writes;
4. a file given with ``--config``, which wins.

The current directory is never read. Every value is checked against its `Option`:
an unknown key, a wrong type or an out-of-range value raises one `ConfigError`
naming the file, the key, the value and what is allowed. Saved games and history
belong in `user_data_dir`.

The game tables reuse the engine's variant tables, so a rule option is declared
once, beside its rules.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import platformdirs

from . import files
from .engine import GAMES, game_options
from .engine.core import Option, OptionError, toml_repr
from .engine.records import shorten

APP_NAME = "dominoes-arcade"
PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The folder above the package: a source checkout's root, or site-packages."""
DEFAULT_FILE = "config.toml"
USER_FILE = "config.user.toml"

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
THEMES = ("classic", "colourblind", "midnight")
BUTTON_LABELS = ("auto", "xbox", "playstation", "nintendo")
SEAT_KINDS = ("human", "easy", "medium", "hard", "expert")


class ProgramsOption(Option):
    """``[bots] programs``: a list of commands of bot programs (docs/bot-protocol.md),
    each a seat kind ``cmd:COMMAND`` on the client's setup screen."""

    def allowed(self) -> str:
        return 'a list of commands, e.g. ["node examples/greedy_bot.js"]'

    def check(self, value: Any) -> Any:
        if isinstance(value, list) and all(isinstance(item, str) and item.strip() for item in value):
            return list(value)
        raise OptionError(self.name, value, self.allowed())

class AddressOption(Option):
    """``[online] host``: the address a hosted game listens on, a name or an IP address."""

    def allowed(self) -> str:
        return 'an address such as "0.0.0.0" (every network) or "127.0.0.1" (this computer only)'

    def check(self, value: Any) -> Any:
        if isinstance(value, str) and value and all(c.isascii() and (c.isalnum() or c in ".:-") for c in value):
            return value
        raise OptionError(self.name, value, self.allowed())


APP_SECTIONS: dict[str, tuple[str, list[Option]]] = {
    "display": ("the client's window", [
        Option("fullscreen", True, "start full screen (F11 or Alt+Enter toggles)", kind=bool),
        Option("fps", 60, "frame-rate target", minimum=30, maximum=240, kind=int),
        Option("vsync", True, "wait for the display's refresh", kind=bool),
        Option("animation_speed", "normal", "how fast tiles move", choices=ANIMATION_SPEEDS),
        Option("theme", "classic", "tile colours", choices=THEMES),
        Option("numbers_on_tiles", False, "print the numbers beside the pips", kind=bool),
    ]),
    "audio": ("music and sound effects", [
        Option("enabled", True, "play music and sound effects", kind=bool),
        Option("volume", 0.7, "effects volume", minimum=0.0, maximum=1.0, kind=float),
        Option("music_volume", 0.3, "music volume; 0 turns the music off", minimum=0.0, maximum=1.0, kind=float),
    ]),
    "controls": ("mouse, keyboard and game controllers", [
        Option("button_labels", "auto", "controller button names in prompts", choices=BUTTON_LABELS),
        Option("stick_deadzone", 0.35, "stick travel ignored, 0..1", minimum=0.0, maximum=0.9, kind=float),
        Option("repeat_delay_ms", 300, "held direction: first repeat after", minimum=100, maximum=1000, kind=int),
        Option("repeat_rate_ms", 100, "held direction: then one repeat every", minimum=30, maximum=500, kind=int),
    ]),
    "bots": ("what each difficulty means: a bot spec (see `dominoes-arcade bots`)", [
        Option("easy", "random", "the easy bot", kind=str),
        Option("medium", "greedy", "the medium bot", kind=str),
        Option("hard", "auto:time_ms=150", "the hard bot (thinks 150 ms a move)", kind=str),
        Option("expert", "auto:time_ms=600", "the expert bot (thinks 600 ms a move)", kind=str),
        ProgramsOption("programs", [], "bot programs offered as seats (Program) on the setup screen", kind=list),
        Option("think_delay_ms", 450, "least time a bot takes per move in the client, so play is watchable",
               minimum=0, maximum=5000, kind=int),
    ]),
    "online": ("a game you host for players on other computers (Play online)", [
        AddressOption("host", "0.0.0.0", "the address it listens on; 0.0.0.0 lets your network join", kind=str),
        Option("port", 8765, "the port it listens on (another free one when it is taken; 0: any free port)",
               minimum=0, maximum=65535, kind=int),
        Option("grace", 30, "seconds a player may be away on their turn before a bot plays it (and the most a "
               "guest waits for a host who left)", minimum=1, maximum=3600, kind=int),
    ]),
    "tournament": ("defaults for `dominoes-arcade tournament run`", [
        Option("workers", 0, "worker processes; 0 means one per CPU", minimum=0, maximum=1024, kind=int),
        Option("deals", 50, "deals per pairing or table", minimum=1, maximum=1_000_000, kind=int),
        Option("move_time_limit_ms", 10000, "a bot slower than this forfeits the game",
               minimum=1, maximum=3_600_000, kind=int),
        Option("time_margin_ms", 0, "under a time control, an overrun of the clock this short is forgiven "
               "(and counted)", minimum=0, maximum=60_000, kind=int),
        Option("seed", 1, "master seed", minimum=0, maximum=2**63 - 1, kind=int),
    ]),
}


def schema() -> dict[str, tuple[str, dict[str, Option]]]:
    """Every section: its one-line description and its options, games last."""
    sections = {name: (doc, {o.name: o for o in options}) for name, (doc, options) in APP_SECTIONS.items()}
    for game in GAMES:
        table = dict(game_options(game))
        sections[game] = (f"{game} variant options (dominoes_arcade/rules/)", table)
    return sections


class ConfigError(ValueError):
    """A settings file that cannot be used: names the file, the key and why."""

    def __init__(self, path: Path | str, message: str, key: str = ""):
        self.path = str(path)
        self.key = key
        super().__init__(f"{path}: {message}")


class Settings:
    """Validated settings: ``settings.display.fullscreen``, ``settings.game("cyprus")``."""

    def __init__(self, values: dict[str, dict[str, Any]], sources: list[Path]):
        self.values = values
        self.sources = sources
        """The files read, in order."""
        self.notices: list[str] = []
        """Problems tolerated while loading (see `load_tolerant`), for the player."""
        for section, table in values.items():
            setattr(self, section, SimpleNamespace(**table))

    def game(self, name: str) -> dict[str, Any]:
        """Game `name`'s variant table, every key resolved."""
        return dict(self.values[name])

    def to_dict(self) -> dict[str, dict[str, Any]]:
        return {section: dict(table) for section, table in self.values.items()}


def defaults() -> dict[str, dict[str, Any]]:
    return {section: {k: o.default for k, o in table.items()} for section, (_, table) in schema().items()}


BOT_SPEC_KEYS = {"bots": ("easy", "medium", "hard", "expert")}
"""Keys whose value is a bot spec, checked as the program will use it."""


def check_value(section: str, key: str, value: Any, path: Path | str) -> Any:
    """`value` for ``section.key`` as the program will use it. :raises ConfigError:"""
    sections = schema()
    if section not in sections:
        raise ConfigError(path, f"unknown section [{section}]: use one of {', '.join(sections)}", section)
    options = sections[section][1]
    dotted = f"{section}.{key}"
    if key not in options:
        raise ConfigError(path, f"unknown key {dotted}: use one of {', '.join(options)}", dotted)
    try:
        checked = options[key].check(value)
    except OptionError as error:
        raise ConfigError(path, f"{dotted} = {shorten(toml_repr(value))} is not allowed: use {error.allowed}",
                          dotted) from None
    if key in BOT_SPEC_KEYS.get(section, ()):
        from .bots import BotError, parse_spec

        try:
            parse_spec(checked)
        except BotError as error:
            raise ConfigError(path, f"{dotted} = {shorten(toml_repr(value))} is not a bot: {error}", dotted) from None
    return checked


def check_table(data: dict[str, Any], path: Path | str, values: dict[str, dict[str, Any]] | None = None,
                notices: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Merge the parsed TOML `data` into `values` (the defaults when None),
    checking every key (bot specs included).

    :raises ConfigError: for the first bad key; with a `notices` list, a bad key or
        section is left out and described there instead (the tolerant loading of
        the player's own file)."""
    values = values if values is not None else defaults()
    for section, table in data.items():
        if section in values and not isinstance(table, dict):
            error = ConfigError(path, f"{section} must be a table ([{section}])", section)
            if notices is None:
                raise error
            notices.append(str(error))
            continue
        for key, value in (table.items() if isinstance(table, dict) else [(None, table)]):
            try:
                if key is None:
                    check_value(section, "", value, path)  # an unknown section: raises
                values[section][key] = check_value(section, key, value, path)
            except ConfigError as error:
                if notices is None:
                    raise
                notices.append(str(error))
                if error.key == section:
                    break  # an unknown section: one notice is enough
    return values


def load_tolerant(path: Path | str, values: dict[str, dict[str, Any]]) -> list[str]:
    """Merge the settings file at `path` into `values`, keeping the values already
    there for every key that is broken: the client's loading of the player's own
    file, so that a bad key never keeps the program from starting. The file is not
    touched. Returns one notice per problem, naming the file and the key."""
    try:
        data = read_toml(path)
    except ConfigError as error:
        return [f"{error} (using the defaults instead)"]
    notices: list[str] = []
    check_table(data, path, values, notices)
    return [f"{notice} (using the default instead)" for notice in notices]


def read_toml(path: Path | str) -> dict[str, Any]:
    """A settings file, parsed. :raises ConfigError: unreadable, not UTF-8, not TOML."""
    try:
        return files.read_toml(path, files.SETTINGS)
    except files.FileError as error:
        raise ConfigError(path, error.problem) from None


def checkout_config_path() -> Path | None:
    """The checkout's ``config.toml`` when this package runs from a source checkout
    (the folder above it holds this project's pyproject.toml), else None."""
    pyproject = PROJECT_ROOT / "pyproject.toml"
    config = PROJECT_ROOT / DEFAULT_FILE
    try:
        ours = f'name = "{APP_NAME}"' in files.decode(files.read_bytes(pyproject, limit=files.MAX_TOML_BYTES),
                                                      pyproject)
    except OSError:  # files.FileError: missing, unreadable, not a regular file, not UTF-8
        return None
    return config if ours and config.is_file() else None


def user_config_path() -> Path:
    """The player's settings file, which the client's Settings screen writes."""
    return platformdirs.user_config_path(APP_NAME, appauthor=False) / USER_FILE


def user_data_dir() -> Path:
    """Where the client keeps the player's saved games and history."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def layer_paths(path: Path | str | None = None, *, user_path: Path | None = None,
                include_user: bool = True) -> list[tuple[str, Path | None]]:
    """Each settings layer after the defaults, in order, as (name, file or None)."""
    layers: list[tuple[str, Path | None]] = [("checkout", checkout_config_path())]
    if include_user:
        layers.append(("user", user_path if user_path is not None else user_config_path()))
    layers.append(("--config", Path(path) if path is not None else None))
    return layers


def load_settings(path: Path | str | None = None, *, user_path: Path | None = None,
                  include_user: bool = True, tolerant_user: bool = True) -> Settings:
    """The settings in effect: defaults, the checkout's config.toml, the user's
    config.user.toml (`user_path` overrides where it is), then `path`.

    A missing checkout or user file is skipped; a missing `path` is an error. The
    user's file is the program's to write (the client's Settings screen) and the
    player's to break, so by default (`tolerant_user`) it never stops a command:
    a broken key keeps the value of the layers below and is described in
    ``settings.notices`` (`load_tolerant`), which every command prints. The other
    files are the caller's choice, and stay strict.

    :raises ConfigError: for the first bad file, key or value.
    """
    values = defaults()
    sources: list[Path] = []
    notices: list[str] = []
    for name, layer in layer_paths(path, user_path=user_path, include_user=include_user):
        if layer is None or (name != "--config" and not layer.exists()):
            continue
        if name == "user" and tolerant_user:
            notices += load_tolerant(layer, values)
        else:
            check_table(read_toml(layer), layer, values)
        sources.append(layer)
    settings = Settings(values, sources)
    settings.notices = notices
    return settings


def check_file(path: Path | str) -> Settings:
    """Check one file on its own, over the defaults. :raises ConfigError:"""
    values = check_table(read_toml(path), path)
    return Settings(values, [Path(path)])


def render_default_config() -> str:
    """config.toml as shipped: every key with its default and a one-line comment."""
    lines = ["# Dominoes Arcade settings. Every key is listed with its default.",
             "# Your own changes belong in your config.user.toml (the client's settings screen",
             "# writes it; `dominoes-arcade config paths` says where) or in a file passed",
             "# with --config.", ""]
    for section, (doc, options) in schema().items():
        lines.append(f"[{section}]  # {doc}")
        for key, option in options.items():
            lines.append(f"{key} = {toml_repr(option.default)}  # {option.doc}; {option.allowed()}")
        lines.append("")
    return "\n".join(lines[:-1]) + "\n"
