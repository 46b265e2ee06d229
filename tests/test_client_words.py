"""The words the client shows are right (issue: "text that is right"): the Cyprus
status names the chance step in progress, a replay names its seats as the record
does, the one player is "You" everywhere, prompts speak the last device's
language, leaving a replay asks nothing, and the settings list animation speeds
in order and describe the tile theme chosen, and no screen shows the rules' or
the config file's shorthand ("Seed / bell", "step 172", "config.toml's [bots]"),
and every string the client shows ends an unfinished thought with "…", never
"..."."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pygame
from test_client_support import key, run, widget

from dominoes_arcade.client.games import games
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
        if table.waiting_for_human and table.legal and "tile" in table.painter.status_text():
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


JARGON = re.compile(r"\b(seed|bell|steps)\b|\bstep \d|config\.toml|\[bots\]|[a-z]_[a-z]", re.IGNORECASE)
"""Words of the engine, the records and config.toml that a player does not use:
a hand-size table named for its shape, a record's steps ("Step" the button, a
verb, is a player's word), a config file's sections, snake_case values."""


def words_on_screen(app) -> set[str]:
    """Every label drawn on the next frame."""
    app.check_layout = True
    try:
        run(app)
        return {mark.what for mark in app.layout_marks if mark.kind == "text"}
    finally:
        app.check_layout = False


def jargon(words: set[str]) -> list[str]:
    return sorted(text for text in words if JARGON.search(text))


def test_the_setup_screens_speak_a_players_words(app):
    """Every seat's and option's name, value and help line, every value in turn."""
    seen: set[str] = set()
    for game in games():
        scene = app.open("setup", game)
        for index in range(len(scene.focus.widgets)):
            widget = scene.focus.widgets[index]
            scene.focus.focus(widget)
            seen |= words_on_screen(app)
            for _ in range(len(getattr(widget, "choices", ())) if widget.label != "Players" else 0):
                run(app, key(pygame.K_RIGHT))
                seen |= words_on_screen(app)
        app.scenes.pop()
    assert not jargon(seen), jargon(seen)
    assert {"Standard", "Larger"} <= seen  # (Cyprus's hand sizes)


def test_no_setup_screen_cuts_an_options_name_short(app):
    """Build Up's "Non-double on a double" was cut to "Non-double on a do…" (the
    layout is the same at every resolution: 1280x720 logical units)."""
    cut = []
    for game in games():
        app.open("setup", game)
        cut += [f"{game}: {text}" for text in words_on_screen(app) if text.endswith("\u2026")]
        app.scenes.pop()
    assert not cut, cut


def test_a_replay_and_its_play_from_here_speak_of_moves(app):
    record = example("cyprus")
    table = replay(app, record)
    table.rebuild(len(record.steps) // 2)
    table.replay.playing = False
    status = words_on_screen(app)
    run(app, key(pygame.K_h), frames=2)
    assert app.scenes.top.name == "take over"
    seen = set(status)
    for _ in range(4):  # each row and button in focus: its help line
        seen |= words_on_screen(app)
        run(app, key(pygame.K_DOWN))
    assert not jargon(seen), jargon(seen)
    assert f"Replay \u00b7 move {len(record.steps) // 2} of {len(record.steps)} \u00b7 1x \u00b7 paused" in status


def test_continue_on_the_title_speaks_of_moves(app):
    open_table(app, TableSetup("necropolis", ["human", "easy"], app.settings.game("necropolis"), 11))
    run(app, frames=60)
    app.to_title()  # the game is saved on leaving: the title offers Continue, in focus
    seen = words_on_screen(app)
    assert any(text.startswith("Back to your game of Necropolis") for text in seen)
    assert not jargon(seen), jargon(seen)


def test_build_up_numbers_its_stacks_as_a_player_counts():
    """Stacks are 1 to 12 under the tiles, in the history panel and in the move log,
    never the record's "s0" to "s11"."""
    import tempfile

    from test_client_support import make_app

    with tempfile.TemporaryDirectory() as folder:
        app = make_app(Path(folder))
        try:
            app.check_layout = True  # from the first frame: the stacks' labels are drawn once, into a layer
            table = open_table(app, TableSetup("buildup", ["easy", "easy"], app.settings.game("buildup"), 5))
            seen: set[str] = set()
            while len(table.session.steps) < 30:  # a few placements, the game far from over
                run(app)
                seen |= {mark.what for mark in app.layout_marks if mark.kind == "text"}
            run(app, key(pygame.K_l), frames=2)  # the move log
            seen |= words_on_screen(app)
        finally:
            app.close()
    assert table.session.steps, "the bots played"
    assert not [text for text in seen if re.search(r"\bs\d{1,2}\b", text)]
    assert {str(n) for n in range(1, 13)} <= seen
    assert any(re.fullmatch(r"Stack \d{1,2}", text) for text in seen)  # the history panel
    logged = table.moves.lines()  # the drawer wraps them, so its words on screen are parts of these
    assert any(re.search(r"played \d-\d on stack \d{1,2}$", line) for line in logged), logged
    assert not [line for line in logged if re.search(r"\bs\d{1,2}\b", line)]


def test_counts_of_one_are_singular_on_every_table(app):
    """"1 pip", "1 tile", "1 site": never "1 pips", read off every label drawn while
    each example game is replayed step by step, every hand face up."""
    app.check_layout = True
    wrong = re.compile(r"(?<![\d.,])1 (pip|tile|site|game|point)s\b")
    found: set[str] = set()
    for game in ("necropolis", "buildup", "cyprus"):
        record = example(game)
        table = replay(app, record)
        for index in range(0, len(record.steps) + 1, 3):
            table.rebuild(index)
            run(app, frames=1)
            found |= {mark.what for mark in app.layout_marks if mark.kind == "text" and wrong.search(mark.what)}
        app.scenes.pop()
    assert not found, found


def test_the_necropolis_prompt_offers_no_mastaba_move_when_the_mastabas_are_empty(app):
    """The lesson's short game begins with the player to draw and no mastaba tile:
    the prompt says to draw, not to play, found or exchange a mastaba tile."""
    from dominoes_arcade.client.lessons import lesson_for, short_start

    lesson = lesson_for("necropolis")
    start = Record("necropolis", {}, ["human", "easy"], lesson.seed + 1, short_start(lesson, lesson.seed + 1))
    table = open_table(app, TableSetup("necropolis", ["human", "easy"], {}, lesson.seed + 1, start=start))
    run(app, frames=2)
    state = table.session.state
    assert state.current_player == 0 and not state.mastabas[0] and state.held < 0
    assert table.instruction() == "Draw a tile from the necropolis: your mastabas are empty."


def test_no_string_the_client_shows_writes_an_ellipsis_as_three_dots():
    """Necropolis's status said "is thinking..." and the lobby "Reconnecting..."
    where every other screen writes "…". Every string literal of the client's
    code but docstrings (the words it shows are literals or built from them)."""
    client = Path(__file__).resolve().parent.parent / "dominoes_arcade" / "client"
    dotted = []
    for path in sorted(client.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
        dotted += [f"{path.name}:{node.lineno} {node.value!r}" for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
                   and "..." in node.value]
    assert not dotted, dotted
