"""A headless tour of every screen, saved as PNG screenshots (for the README and
for looking at the client without a display).

    python -m dominoes_arcade.client.screenshots docs/screenshots

Scenes are stacked directly (no scripted key presses), so the tour keeps
working as layouts change; each scene runs a second of frames first, so its
animations have settled.
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
    with tempfile.TemporaryDirectory() as temporary:
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
        app.close()
        del setup
    return saved


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots-tmp")
    for path in tour(out):
        print(path)


if __name__ == "__main__":
    main()
