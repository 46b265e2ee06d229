"""A headless tour of every screen, saved as PNG screenshots (for the README and
for looking at the client without a display).

    python -m dominoes_arcade.client.screenshots docs/screenshots

Scenes are stacked directly (no scripted key presses), so the tour keeps
working as layouts change; each scene runs a second of frames first, so its
animations have settled. The tour keeps its saved game and history in a
temporary folder (the player's own stay untouched); the Statistics screen shows
a few games of random play put into that history.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

SECOND = 60


def tour(out: Path) -> list[Path]:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from . import prefs
    from .main import LaunchOptions, build_app
    from .scenes.rules import RulesScene
    from .scenes.settings import SettingsScene
    from .scenes.setup import SetupScene
    from .tables import TableSetup, open_table

    out.mkdir(parents=True, exist_ok=True)
    data_home = os.environ.get("XDG_DATA_HOME")
    with tempfile.TemporaryDirectory() as temporary:
        os.environ["XDG_DATA_HOME"] = str(Path(temporary) / "data")
        example_history()
        user = Path(temporary) / "user.toml"  # the player's own settings stay out of the pictures
        config = Path(temporary) / "tour.toml"
        config.write_text('[bots]\nthink_delay_ms = 0\n', encoding="utf-8")
        app = build_app(LaunchOptions(headless=True, config=config, user_config=user), prefs.load(config, user))
        saved: list[Path] = []

        def settle(frames: int = SECOND) -> None:
            for _ in range(frames):
                app.step(1 / 60, [])

        def shoot(name: str) -> None:
            settle()
            saved.append(app.screenshot(out / f"{name}.png"))

        shoot("title")
        app.scenes.push(SetupScene(app, "necropolis"))
        shoot("setup-necropolis")
        app.scenes.pop()
        setup = app.scenes.push(SetupScene(app, "cyprus", players=8))
        shoot("setup-cyprus")
        app.scenes.pop()
        app.scenes.push(SettingsScene(app))
        shoot("settings")
        app.scenes.pop()
        app.change_setting("display", "theme", "colourblind")
        app.change_setting("display", "numbers_on_tiles", True)
        app.scenes.push(SettingsScene(app))
        shoot("settings-colourblind")
        app.scenes.pop()
        app.change_setting("display", "theme", "classic")
        app.change_setting("display", "numbers_on_tiles", False)
        rules = app.scenes.push(RulesScene(app, "cyprus"))
        rules.scroll_by(520)
        shoot("rules")
        app.scenes.pop()
        table = open_table(app, TableSetup("necropolis", ["human", "medium"], app.settings.game("necropolis"), 11))
        for _ in range(20 * SECOND):
            # Hide drawn tiles until the human holds a few: then the moves show tiles.
            legal = table.state.legal_actions() if table.waiting_for_human else []
            if sum(action.tile >= 0 for action in legal) >= 6:
                break
            if legal:
                table.play(next((a for a in legal if a.text == "hide"), legal[0]))
            settle(1)
        settle(2 * SECOND)  # let the last move land before the pause dims it
        table.open_pause()
        shoot("pause")
        app.to_title()  # the game is saved on leaving: the title offers Continue
        shoot("title-continue")
        app.open("statistics")
        shoot("statistics")
        app.close()
        del setup
    if data_home is None:
        os.environ.pop("XDG_DATA_HOME", None)
    else:
        os.environ["XDG_DATA_HOME"] = data_home
    return saved


def example_history() -> None:
    """Games of random play in the (temporary) history, as if seat 0 had been the
    player against bots of each difficulty in turn."""
    from .. import history
    from ..engine.match import Match, random_game

    levels = ("easy", "medium", "hard")
    for index in range(24):
        game = ("necropolis", "buildup", "cyprus")[index % 3]
        record = random_game(game, 100 + index)
        match = Match.from_record(record)
        match.advance_script()
        kinds = ["human"] + [levels[index % 3]] * (match.num_players - 1)
        history.append_history(history.history_line(record, kinds, list(match.state.outcome().winners),
                                                     demo=False, finished_at=1000.0 + index))


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots-tmp")
    for path in tour(out):
        print(path)


if __name__ == "__main__":
    main()
