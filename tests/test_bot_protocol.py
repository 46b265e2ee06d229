"""The bot protocol (docs/bot-protocol.md): what a seat sees of the steps, the
view of version 2 and the served bot deciding on it, programs in tournaments (faults included) and at the
client's table, and the JavaScript example."""

from __future__ import annotations

import json
import random
import re
import shutil
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from dominoes_arcade.bots import BotError, make_bot, parse_spec, program
from dominoes_arcade.bots.clock import ClockReading
from dominoes_arcade.bots.driver import play_bots
from dominoes_arcade.bots.protocol import HIDDEN, SeatSteps, masked
from dominoes_arcade.cli import app
from dominoes_arcade.engine import GAMES
from dominoes_arcade.engine.match import Match
from dominoes_arcade.engine.view_json import ViewError, view_from_json, view_to_json
from dominoes_arcade.tournament import resolve_plan, run_tournament
from dominoes_arcade.tournament.results import read_results

ROOT = Path(__file__).resolve().parent.parent
TEST_BOT = Path(__file__).parent / "protocol_bot.py"
PYTHON = sys.executable
PROTOCOL_RANDOM = f"cmd:{PYTHON} {TEST_BOT}"
SERVED_GREEDY = f"cmd:{PYTHON} -m dominoes_arcade bot serve greedy"


def random_matches(game: str, seeds: range, options: dict | None = None):
    """Each seed's match, yielded after every step (decisions uniformly random)."""
    for seed in seeds:
        match, rng = Match(game, options=options, seed=seed), random.Random(seed)
        while not match.is_over:
            if match.is_chance:
                match.resolve_chance()
            else:
                match.apply(rng.choice(match.state.legal_actions()))
            yield match


@pytest.mark.parametrize("game", list(GAMES))
def test_the_steps_a_seat_sees_name_no_tile_it_may_not_see(game):
    followers: dict[int, list[SeatSteps]] = {}
    masked_steps = shown_late = 0
    for match in random_matches(game, range(3)):
        seats = followers.setdefault(id(match), [SeatSteps(match, s) for s in range(match.num_players)])
        for seat, follower in enumerate(seats):
            steps = follower.update()
            face_up = match.view(seat).seen_pieces()
            assert len(steps) == len(match.steps)
            for index, (seen, real) in enumerate(zip(steps, match.steps, strict=True)):
                piece = match.piece(index)  # the physical tile: Build Up has two of each name
                if seen == real:
                    # Named: the seat saw the step, or sees that tile now (or it names none).
                    hidden = piece >= 0 and not match.visible(index, seat) and piece not in face_up
                    assert not (hidden and HIDDEN not in real), (seat, index, real)
                    shown_late += piece >= 0 and not match.visible(index, seat)
                else:
                    assert seen == masked(real) and HIDDEN in seen, (seen, real)
                    assert not match.visible(index, seat) and piece not in face_up
                    masked_steps += 1
    assert masked_steps > 0  # a hidden hand or pile in every game (Build Up's too: issue 27)
    if game == "necropolis":
        assert shown_late > 0  # a private draw named once its tile is laid face up


ROUND_TRIP_GAMES = [("necropolis", {}), ("necropolis", {"after_empty": "mastaba_phase"}), ("buildup", {}),
                    ("buildup", {"nondouble_on_double": "greater_or_equal"}), ("cyprus", {"players": 4}),
                    ("cyprus", {"players": 6, "boneyard_reserve": 1}), ("cyprus", {"players": 5, "hand_sizes": "bell"}),
                    ("cyprus", {"players": 10}), ("sebastopol", {}), ("block", {"players": 4}),
                    ("draw", {"players": 3, "first_lead": "random"})]


def engine_fields(state) -> dict:
    """Every field of a state, but those a view works out again when asked (a
    search's cache) and the rules (the same options make the same rules)."""
    names = [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())]
    return {name: getattr(state, name) for name in names if name not in ("rules", "_deal_plan", "_unknown")}


@pytest.mark.parametrize(("game", "options"), ROUND_TRIP_GAMES,
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in ROUND_TRIP_GAMES])
def test_the_view_round_trips_through_json(game, options):
    """Version 2's view (`view_to_json`), written as JSON and read back
    (`view_from_json`), is the engine's view again, field by field, for every
    seat after every step of random games: the decisions, chance and the end."""
    views = 0
    for match in random_matches(game, range(2), options):
        for seat in range(match.num_players):
            view = match.view(seat)
            data = json.loads(json.dumps(view_to_json(view)))
            rebuilt = view_from_json(data)
            assert engine_fields(rebuilt) == engine_fields(view), (match.seed, seat, len(match.steps))
            assert view_to_json(rebuilt) == data
            if match.current_player == seat:
                assert rebuilt.legal_actions() == match.state.legal_actions()
            views += 1
    assert views > 200


def test_a_view_that_is_not_one_is_refused():
    view = view_to_json(Match("cyprus", 4, seed=1).view(0))
    for bad in ([], {**view, "game": "chess"}, {**view, "seat": 7}, {**view, "hands": "x"},
                {**view, "arms": [["9-9", "10-3"]]}, {k: v for k, v in view.items() if k != "history"}):
        with pytest.raises(ViewError):
            view_from_json(bad)


SERVED_GAMES = [("necropolis", None, {}), ("buildup", None, {}), ("cyprus", 4, {"target_score": 30}),
                ("cyprus", 7, {"target_score": 30}), ("sebastopol", None, {"target_score": 20})]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players", "options"), SERVED_GAMES,
                         ids=[f"{g}-{p or ''}" for g, p, _ in SERVED_GAMES])
def test_the_served_bot_decides_as_it_does_in_process(capfd, game, players, options):
    """`bot serve` speaking version 2 builds the seat's view back from each decide
    and its bot decides on it exactly as in our own process: the same seeds, the
    same game, step by step (a search bot, so its sampling of the hidden tiles
    from the view is compared too)."""
    options = {**options, **({"players": players} if players else {})}
    spec = "ismcts:iterations=25"
    seats = Match(game, players, options, seed=0).num_players
    for seed, served_seat in ((3, 0), (4, seats - 1)):
        records = []
        for served in (True, False):
            bots = [make_bot((f"cmd:{PYTHON} -m dominoes_arcade bot serve {spec}" if served else spec)
                             if seat == served_seat else "random", game, seat, options, seed + seat)
                    for seat in range(seats)]
            records.append(play_bots(game, bots, seed, options, time_limit=20))
        assert records[0].error is None, records[0].error
        assert records[0].steps == records[1].steps
    program.quit_all()
    assert "bot serve" not in capfd.readouterr().err  # it never fell back to a random decision


def tournament(tmp_path, game: str, bots: list[str], limit_ms: int = 3000, workers: int = 2):
    plan = resolve_plan(None, {"game": game, "bots": bots, "deals": 1, "workers": workers,
                               "move_time_limit_ms": limit_ms, "out": str(tmp_path / f"{game}.results.toml")})
    report = run_tournament(plan, progress=False)
    return plan, report, read_results(plan.results_path)


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
def test_a_protocol_bot_and_the_served_greedy_bot_play_every_game(tmp_path, game):
    """A version 1 program and `bot serve` (version 2) in one tournament: every game
    played legally to its end, without a forfeit or a fallback."""
    plan, report, document = tournament(tmp_path, game, [PROTOCOL_RANDOM, SERVED_GREEDY])
    assert report.status == "complete" and report.games_played > 0
    assert not document.get("errors"), document.get("errors")
    log = plan.journal_path.with_name(f"{game}.bots.log")
    assert "bot serve" not in (log.read_text() if log.exists() else "")  # the served bot never fell back
    checked = CliRunner().invoke(app, ["replay", str(plan.journal_path), "--check"])
    assert checked.exit_code == 0, checked.output


FAULTS = {"nohello": ("protocol", "expected a hello"),
          "wrongprotocol": ("protocol", "speaks protocol 3, not 1 or 2"),
          "notjson": ("protocol", "not JSON"),
          "notobject": ("protocol", "not a JSON object"),
          "illegal": ("illegal_action", "'resign' is not one of the legal decisions"),
          "slow": ("timeout", "within 1000 ms"),  # our deadline or the driver's watchdog, whichever is first
          "exit": ("crash", "the program exited (exit code 4)"),
          "badfigures": ("protocol", "the action's figures: figure 'iterations' must be a number, not 'many'")}


@pytest.mark.slow
def test_each_fault_of_a_program_forfeits_and_the_tournament_completes(tmp_path):
    faulty = {f"{PROTOCOL_RANDOM} {fault}": fault for fault in FAULTS}
    # 1 s, not less: on a loaded machine a sound program's answer can take some hundreds of ms,
    # and the slow one sleeps 30 s either way.
    plan, report, document = tournament(tmp_path, "buildup", ["random", *faulty], limit_ms=1000)
    assert report.status == "complete" and report.games_played == len(faulty) * (len(faulty) + 1)
    errors = document["errors"]
    by_bot: dict[str, list[dict]] = {}
    for error in errors:
        by_bot.setdefault(error["bot"], []).append(error)
    for spec, fault in faulty.items():
        kind, words = FAULTS[fault]
        assert by_bot.get(spec), f"{fault} never forfeited"
        for error in by_bot[spec]:
            assert error["kind"] == kind and words in error["message"], error
    exits = by_bot[f"{PROTOCOL_RANDOM} exit"]
    assert all(str(plan.journal_path.with_name("buildup.bots.log")) in e["message"] for e in exits)
    assert "giving up" in plan.journal_path.with_name("buildup.bots.log").read_text()
    rows = {row["bot"]: row for row in document["standings"]}
    assert rows["random"]["forfeits"] == 0
    checked = CliRunner().invoke(app, ["replay", str(plan.journal_path), "--check"])
    assert checked.exit_code == 0, checked.output


def test_cmd_specs_are_checked_before_any_game():
    assert parse_spec(PROTOCOL_RANDOM).cls.name == "cmd"
    with pytest.raises(BotError, match="no program"):
        parse_spec("cmd:no-such-program-here --flag")
    with pytest.raises(BotError, match="names no program"):
        parse_spec("cmd:")
    served = CliRunner().invoke(app, ["bot", "serve", "wizard"])
    assert served.exit_code == 3 and "wizard" in served.output


@pytest.mark.slow
def test_a_program_seat_plays_a_headless_client_game_to_the_end(tmp_path):
    import test_client_support  # noqa: F401  (dummy SDL drivers before pygame starts)

    config = tmp_path / "play.toml"
    config.write_text('[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\n'
                      f'programs = ["{PYTHON} {TEST_BOT}"]\n', encoding="utf-8")
    report, tally = tmp_path / "frames.toml", tmp_path / "tally.txt"
    seat = f"{PROTOCOL_RANDOM} tally={tally}"
    result = CliRunner().invoke(app, ["play", "buildup", "--seats", f"{seat},easy", "--headless",
                                      "--exit-when-over", "--seed", "2", "--max-frames", "20000",
                                      "--frames-report", str(report), "--config", str(config)])
    assert result.exit_code == 0, result.output
    import tomllib

    assert tomllib.loads(report.read_text(encoding="utf-8"))["frames"]["frames"] < 20000
    lines = tally.read_text(encoding="utf-8").splitlines()
    deadline = time.monotonic() + 10
    while not lines[-1].startswith("end") and time.monotonic() < deadline:  # the bot worker tells it as it can
        time.sleep(0.05)
        lines = tally.read_text(encoding="utf-8").splitlines()
    decisions, end = lines[:-1], lines[-1]
    assert len(decisions) > 5  # the program made the seat's decisions, with the steps so far
    assert int(decisions[-1].split()[0]) > int(decisions[0].split()[0])
    # It was sent the end of the game: every step, the final scores and the winners
    # (Build Up: the higher score).
    found = re.fullmatch(r"end (\d+) steps, scores \[(\d+), (\d+)\], winners \[([01]?)\]", end)
    assert found, lines[-3:]
    steps, scores, winners = int(found[1]), (int(found[2]), int(found[3])), found[4]
    assert steps > int(decisions[-1].split()[0])
    assert winners == ("" if scores[0] == scores[1] else str(scores.index(max(scores))))


def test_a_program_seat_is_named_by_its_hello():
    from dominoes_arcade.bots.program import NAMES, Program, parse_command
    from dominoes_arcade.client.tables import seat_label

    spec = f"cmd:{PYTHON} {TEST_BOT} tally=/dev/null"
    assert seat_label(spec) == "Program protocol_bot.py"  # before its hello: its script's file name
    assert seat_label("cmd:./mybot --depth 3") == "Program mybot"
    program = Program(parse_command(spec[len("cmd:"):]))
    try:
        assert seat_label(spec) == program.name == "test bot"
    finally:
        program.quit()
        NAMES.pop(program.command, None)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="node (Node.js) is not installed")
def test_the_javascript_example_plays_every_game(tmp_path):
    example = f"cmd:node {ROOT / 'examples' / 'greedy_bot.js'}"
    for game in GAMES:
        plan, report, document = tournament(tmp_path, game, [example, "random"], workers=1)
        assert report.status == "complete" and not document.get("errors"), document.get("errors")


def test_bots_programs_is_a_list_of_commands():
    from dominoes_arcade.config import ConfigError, check_value

    assert check_value("bots", "programs", ["node examples/greedy_bot.js"], "x.toml") == ["node examples/greedy_bot.js"]
    for bad in ("node examples/greedy_bot.js", [""], [3]):
        with pytest.raises(ConfigError, match="bots.programs"):
            check_value("bots", "programs", bad, "x.toml")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_fast_decide_line_is_the_decide_message(game):
    from dominoes_arcade.bots import protocol

    for match in random_matches(game, range(1)):
        if match.is_over or match.is_chance:
            continue
        seat = match.current_player
        view = match.view(seat)
        steps = protocol.seat_steps(match, seat)
        legal = [a.text for a in match.state.legal_actions()]
        line = protocol.encode_decide(steps, legal, 250, view)
        assert json.loads(line) == protocol.decide(steps, legal, 250, protocol.view_summary(view))


def test_the_setup_screen_offers_the_configured_programs(app_with):
    import pygame
    from test_client_support import press_keys, steer

    command = f"{PYTHON} {TEST_BOT}"
    app = app_with(f'[display]\nanimation_speed = "off"\n[bots]\nthink_delay_ms = 0\nprograms = ["{command}"]\n')
    steer(app, "Necropolis")
    press_keys(app, pygame.K_RETURN)
    setup = app.scenes.top
    seat = next(w for w in setup.focus.widgets if w.label == "Seat 2")
    assert (f"cmd:{command}", "Program protocol_bot.py") in seat.choices
    steer(app, "Seat 2")
    press_keys(app, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_RIGHT)  # Medium -> Hard -> Expert -> the program
    assert setup.seats[1] == f"cmd:{command}"
    steer(app, "Start game")
    press_keys(app, pygame.K_RETURN)
    assert app.scenes.top.setup.seats == ["human", f"cmd:{command}"]


# -- the schema of version 2 (docs/bot-protocol-v2.schema.json) -------------------------------
SCHEMA = json.loads((ROOT / "docs" / "bot-protocol-v2.schema.json").read_text(encoding="utf-8"))
JSON_TYPES = {"object": dict, "array": list, "string": str, "null": type(None), "boolean": bool, "number": (int, float)}


def schema_errors(value, schema, path="$") -> list[str]:
    """What is wrong with `value` against `schema`: the part of JSON Schema
    (2020-12) the protocol's schema uses, enough to hold it to the messages."""
    if schema is False:
        return [f"{path}: nothing is allowed here"]
    if "$ref" in schema:
        return schema_errors(value, SCHEMA["$defs"][schema["$ref"].split("/")[-1]], path)
    if "anyOf" in schema:
        found = [schema_errors(value, option, path) for option in schema["anyOf"]]
        return [] if any(not errors for errors in found) else min(found, key=len)
    if "const" in schema and value != schema["const"]:
        return [f"{path}: {value!r} is not {schema['const']!r}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{path}: {value!r} is not one of {schema['enum']}"]
    kind = schema.get("type")
    if kind == "integer" and (not isinstance(value, int) or isinstance(value, bool)):
        return [f"{path}: {value!r} is not an integer"]
    if kind in JSON_TYPES and not (isinstance(value, JSON_TYPES[kind])
                                   and (kind == "boolean") == isinstance(value, bool)):
        return [f"{path}: {value!r} is not a JSON {kind}"]
    errors = []
    if "pattern" in schema and not re.search(schema["pattern"], value):
        errors.append(f"{path}: {value!r} does not match {schema['pattern']}")
    if value is not None and not isinstance(value, (str, list, dict)):
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            errors.append(f"{path}: {value} is out of range")
    if isinstance(value, list):
        if not schema.get("minItems", 0) <= len(value) <= schema.get("maxItems", len(value)):
            errors.append(f"{path}: {len(value)} items")
        prefix = schema.get("prefixItems", [])
        for index, item in enumerate(value):
            item_schema = prefix[index] if index < len(prefix) else schema.get("items", {})
            errors += schema_errors(item, item_schema, f"{path}[{index}]")
    if isinstance(value, dict):
        errors += [f"{path}: no {key}" for key in schema.get("required", []) if key not in value]
        if len(value) > schema.get("maxProperties", len(value)):
            errors.append(f"{path}: {len(value)} keys")
        errors += [f"{path}: key {key!r}" for key in value if schema_errors(key, schema.get("propertyNames", {}))]
        for key, item in value.items():
            item_schema = schema.get("properties", {}).get(key, schema.get("additionalProperties", {}))
            errors += schema_errors(item, item_schema, f"{path}.{key}")
    return errors


def test_the_schema_check_finds_faults():
    view = view_to_json(Match("necropolis", seed=1).view(0))
    assert schema_errors({"type": "quit"}, SCHEMA) == []
    for bad in ({"type": "hello", "protocol": 3}, {"type": "decide", "steps": [], "legal": ["draw"], "time_ms": 5},
                {"type": "decide", "steps": [], "legal": ["draw"], "time_ms": 5, "view": {**view, "held": "3-x"}},
                {"type": "decide", "steps": [], "legal": ["draw"], "time_ms": 5, "view": {**view, "turns": True}},
                {"type": "action", "action": "draw", "figures": {"iterations": "many"}},
                {"type": "action", "action": "draw", "figures": {"Iterations": 5}},
                {"type": "action", "action": "draw", "figures": {"iterations": 1e16}},
                {"type": "action", "action": "draw", "figures": {"iterations": True}},
                {"type": "action", "action": "draw", "figures": {f"f{i}": i for i in range(9)}}):
        assert schema_errors(bad, SCHEMA), bad


@pytest.mark.parametrize(("game", "options"), ROUND_TRIP_GAMES[::2],
                         ids=[f"{g}-{'-'.join(map(str, o.values()))}" for g, o in ROUND_TRIP_GAMES[::2]])
def test_the_schema_describes_every_message_of_version_2(game, options):
    """Every message of random games, as version 2 writes it, is valid against the
    schema, and each view has exactly the keys its game's part of the schema lists
    (so the schema names every key, and no key is missing)."""
    from dominoes_arcade.bots import protocol

    defs = SCHEMA["$defs"]
    parts = {"necropolis": "necropolisView", "buildup": "buildupView", "cyprus": "starView", "sebastopol": "starView",
             "draw": "lineView", "block": "lineView"}
    messages = [protocol.hello(), {"type": "hello", "protocol": 2, "name": "x"}, {"type": "action", "action": "draw"},
                {"type": "action", "action": "draw", "figures": {"iterations": 800, "nodes_per_s": 1.5e5}},
                protocol.QUIT]
    decisions = 0
    for match in random_matches(game, range(1), options):
        if match.is_over:
            outcome = match.state.outcome()
            messages.append(protocol.end(outcome.scores, outcome.winners, protocol.seat_steps(match, 0)))
        elif not match.is_chance:
            seat = match.current_player
            view = view_to_json(match.view(seat))
            assert list(view) == defs[parts[game]]["required"]
            decisions += 1
            if decisions % 5 == 1:  # a sample: the check is slow, the views alike
                clock = ClockReading(1500, 100, 1500) if decisions % 10 == 1 else None  # under a time control
                messages.append(protocol.decide(protocol.seat_steps(match, seat),
                                                [a.text for a in match.state.legal_actions()], 500, view, clock))
            if len(messages) == 6:  # after the first decide
                messages.append(protocol.start(game, match.options(), seat, 7))
    for message in messages:
        line = json.loads(protocol.encode(message))
        assert schema_errors(line, SCHEMA) == [], line
    assert len(messages) > 10
