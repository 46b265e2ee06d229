"""The words the client shows are right (issue: "text that is right"): the Cyprus
status names the chance step in progress, a replay names its seats as the record
does, the one player is "You" everywhere, prompts speak the last device's
language, leaving a replay asks nothing, and the settings list animation speeds
in order and describe the tile theme chosen."""

from __future__ import annotations

from pathlib import Path

import pygame
from test_client_support import key, run, widget

from dominoes_arcade.client.input import Device
from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.engine.records import Record

EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"


def example(game: str) -> Record:
    return Record.from_json((EXAMPLES / f"{game}.jsonl").read_text(encoding="utf-8").splitlines()[0])


def replay(app, record: Record):
    return open_table(app, TableSetup(record.game, list(record.seats), dict(record.options), record.seed or 0,
                                      record=record))


def test_the_cyprus_status_names_each_kind_of_chance_step(app):
    record = example("cyprus")
    table = replay(app, record)
    seen = {}
    for index, step in enumerate(record.steps):
        if step.startswith("* "):
            table.rebuild(index)
            seen.setdefault(step.split()[1], set()).add(table.panels.status_text())
    assert seen["deal"] == {"Dealing"}
    # A draw after "P draw" is that seat's draw, never the search for the spinner.
    draws = {text for text in seen["draw"] if "Nobody holds" not in text}
    assert draws and all(text.endswith("draws from the boneyard") for text in draws)
    after_draw = [i for i, step in enumerate(record.steps) if step.startswith("* draw") and
                  record.steps[i - 1].endswith(" draw")]
    table.rebuild(after_draw[0])
    seat = int(record.steps[after_draw[0]].split()[2])
    assert table.panels.status_text() == f"Seat {seat + 1} draws from the boneyard"


def test_a_replay_names_its_seats_as_the_record_does(app):
    record = example("cyprus")
    table = replay(app, record)
    assert [table.kind_label(seat) for seat in range(len(record.seats))] == list(record.seats)
    assert "Record" not in {table.kind_label(seat) for seat in range(len(record.seats))}


def test_the_one_player_is_you_and_hot_seat_players_are_human(app):
    table = open_table(app, TableSetup("cyprus", ["human", "easy", "hard", "easy"], app.settings.game("cyprus"), 3))
    assert [table.kind_label(seat) for seat in range(4)] == ["You", "Easy bot", "Hard bot", "Easy bot"]
    app.scenes.pop()
    table = open_table(app, TableSetup("necropolis", ["human", "human"], app.settings.game("necropolis"), 3))
    assert [table.kind_label(seat) for seat in range(2)] == ["Human", "Human"]


def test_build_up_speaks_of_dragging_only_to_the_mouse(app):
    table = open_table(app, TableSetup("buildup", ["human", "easy"], app.settings.game("buildup"), 3))
    for _ in range(600):
        if table.waiting_for_human and table.state.legal_actions() != [] and "tile" in table.painter.status_text():
            break
        run(app)
    app.input.last_device = Device.KEYBOARD
    assert "drag" not in table.painter.status_text()
    app.input.last_device = Device.MOUSE
    assert "drag" in table.painter.status_text()


def test_leaving_a_replay_asks_nothing(app):
    replay(app, example("necropolis"))
    run(app, key(pygame.K_ESCAPE), frames=2)
    assert app.scenes.top.name == "pause"
    labels = [w.label for w in app.scenes.top.focus.widgets]
    assert "Leave replay" in labels and "Leave game" not in labels and "Restart" not in labels
    widget(app, "Leave replay").on_press()
    run(app, frames=2)
    assert app.scenes.top.name == "title"


def test_settings_order_speeds_and_describe_the_theme(app):
    app.open("settings")
    speeds = widget(app, "Animation speed")
    assert [value for value, _ in speeds.choices] == ["off", "slow", "normal", "fast"]
    theme = widget(app, "Tile theme")
    helps = set()
    for _ in theme.choices:
        theme.step(1)
        helps.add(theme.help)
        assert app.settings.display.theme in ("classic", "colourblind", "midnight")
    assert len(helps) == len(theme.choices)  # each theme its own words
