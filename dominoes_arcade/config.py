"""config.toml -> typed, validated settings (DESIGN.md; RULES.md "Variants").

Settings come in layers, each overriding the one before: the defaults below, the
project's ``config.toml``, the user's ``config.user.toml`` beside it (what the
client's settings screen saves), and a file given with ``--config`` (which wins).
Every value is checked against its `Option`: an unknown key, a wrong type or an
out-of-range value raises one `ConfigError` naming the file, the key, the value and
what is allowed.

The game tables reuse the engine's variant tables, so a rule option is declared
once, beside its rules.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from . import files
from .engine import GAMES, game_options
from .engine.core import Option, OptionError, toml_repr
from .engine.records import shorten

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = "config.toml"
USER_FILE = "config.user.toml"

ANIMATION_SPEEDS = ("off", "fast", "normal", "slow")
THEMES = ("classic", "colourblind", "midnight")
BUTTON_LABELS = ("auto", "xbox", "playstation", "nintendo")
SEAT_KINDS = ("human", "easy", "medium", "hard")

APP_SECTIONS: dict[str, tuple[str, list[Option]]] = {
    "display": ("the client's window", [
        Option("fullscreen", True, "start full screen (F11 or Alt+Enter toggles)", kind=bool),
        Option("fps", 60, "frame-rate target", minimum=30, maximum=240, kind=int),
        Option("vsync", True, "wait for the display's refresh", kind=bool),
        Option("animation_speed", "normal", "how fast tiles move", choices=ANIMATION_SPEEDS),
        Option("theme", "classic", "tile colours", choices=THEMES),
        Option("numbers_on_tiles", False, "print the numbers beside the pips", kind=bool),
    ]),
    "audio": ("sound effects", [
        Option("enabled", True, "play sound effects", kind=bool),
        Option("volume", 0.7, "effects volume", minimum=0.0, maximum=1.0, kind=float),
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
        Option("hard", "ismcts", "the hard bot", kind=str),
        Option("think_delay_ms", 450, "least time a bot takes per move in the client, so play is watchable",
               minimum=0, maximum=5000, kind=int),
    ]),
    "tournament": ("defaults for `dominoes-arcade tournament run`", [
        Option("workers", 0, "worker processes; 0 means one per CPU", minimum=0, maximum=1024, kind=int),
        Option("deals", 50, "deals per pairing or table", minimum=1, maximum=1_000_000, kind=int),
        Option("move_time_limit_ms", 10000, "a bot slower than this forfeits the game",
               minimum=1, maximum=3_600_000, kind=int),
        Option("seed", 1, "master seed", minimum=0, maximum=2**63 - 1, kind=int),
    ]),
}


def schema() -> dict[str, tuple[str, dict[str, Option]]]:
    """Every section: its one-line description and its options, games last."""
    sections = {name: (doc, {o.name: o for o in options}) for name, (doc, options) in APP_SECTIONS.items()}
    for game in GAMES:
        table = dict(game_options(game))
        sections[game] = (f"{game} variant options (RULES.md)", table)
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


BOT_SPEC_KEYS = {"bots": ("easy", "medium", "hard")}
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


def default_config_path() -> Path:
    """``config.toml`` in the working directory if there is one, else the project's."""
    here = Path.cwd() / DEFAULT_FILE
    return here if here.exists() else PROJECT_ROOT / DEFAULT_FILE


def user_config_path(base: Path | None = None) -> Path:
    """Where the client saves the player's settings: beside the defaults."""
    return (base or default_config_path()).parent / USER_FILE


def load_settings(path: Path | str | None = None, *, include_user: bool = True) -> Settings:
    """The settings in effect: defaults, config.toml, config.user.toml, then `path`.

    :raises ConfigError: for the first bad file, key or value.
    """
    values = defaults()
    sources: list[Path] = []
    base = default_config_path()
    layers = [base] if base.exists() else []
    if include_user and user_config_path(base).exists():
        layers.append(user_config_path(base))
    if path is not None:
        layers.append(Path(path))
    for layer in layers:
        check_table(read_toml(layer), layer, values)
        sources.append(layer)
    return Settings(values, sources)


def check_file(path: Path | str) -> Settings:
    """Check one file on its own, over the defaults. :raises ConfigError:"""
    values = check_table(read_toml(path), path)
    return Settings(values, [Path(path)])


def render_default_config() -> str:
    """config.toml as shipped: every key with its default and a one-line comment."""
    lines = ["# Dominoes Arcade settings. Every key is listed with its default.",
             "# Your own changes belong in config.user.toml beside this file (the client's",
             "# settings screen writes it) or in a file passed with --config.", ""]
    for section, (doc, options) in schema().items():
        lines.append(f"[{section}]  # {doc}")
        for key, option in options.items():
            lines.append(f"{key} = {toml_repr(option.default)}  # {option.doc}; {option.allowed()}")
        lines.append("")
    return "\n".join(lines[:-1]) + "\n"
