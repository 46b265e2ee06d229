"""`bot serve` given malformed messages by the other side: each is answered on
standard error with one line naming what is wrong, and serving goes on (a
`decide` that lists legal decisions is still answered with one of them;
docs/bot-protocol.md, "Serving our bots")."""

from __future__ import annotations

import io
import json

import pytest

from dominoes_arcade.bots import parse_spec
from dominoes_arcade.bots.serve import serve
from dominoes_arcade.engine import new_game
from dominoes_arcade.engine.view_json import view_to_json


def first_view() -> dict:
    """Seat 0's view (version 2) of a Necropolis game it opens: its one decision is ``draw``."""
    state = new_game("necropolis")
    state.apply(state.parse_action("first 0"))
    return view_to_json(state.view(0))


START = {"type": "start", "game": "necropolis", "options": {}, "seat": 0, "seed": 3}
VIEW = first_view()
DECIDE = {"type": "decide", "steps": ["* first 0"], "legal": ["draw"], "time_ms": 1000, "view": VIEW}


def served(messages: list[dict | str], capsys) -> tuple[list[dict], list[str]]:
    """Serve `messages` (then a good game start and decide, to show serving went
    on): the replies and the lines of standard error."""
    lines = [m if isinstance(m, str) else json.dumps(m) for m in [*messages, START, DECIDE]]
    out = io.StringIO()
    assert serve(parse_spec("random"), io.StringIO("\n".join(lines) + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert replies[-1] == {"type": "action", "action": "draw"}  # the good decide at the end
    return replies[:-1], capsys.readouterr().err.splitlines()


@pytest.mark.parametrize("decide,problem", [
    ({k: v for k, v in DECIDE.items() if k != "legal"}, "a decide without legal decisions"),
    ({**DECIDE, "legal": []}, "a decide without legal decisions"),
    ({**DECIDE, "legal": "draw"}, "a decide without legal decisions"),
    ({**DECIDE, "legal": [3]}, "a decide without legal decisions"),
])
def test_a_decide_with_nothing_legal_is_reported_and_serving_goes_on(capsys, decide, problem):
    replies, errors = served([START, decide], capsys)
    assert replies == []
    assert len(errors) == 1 and errors[0].startswith(f"bot serve: ignored: {problem}"), errors


@pytest.mark.parametrize("start,problem", [
    ({**START, "game": "chess"}, "unknown game 'chess'"),
    ({**START, "game": None}, "unknown game None"),
    ({**START, "options": {"site_penalty": 99}}, "site_penalty"),
    ({**START, "options": [1, 2]}, "options must be a JSON object"),
    ({**START, "seed": "abc"}, "seed must be an integer"),
    ({**START, "seed": 1.5}, "seed must be an integer"),
    ({**START, "seat": "x"}, "seat must be an integer"),
    ({**START, "seat": 5}, "seat 5 is not a seat of the game"),
])
def test_a_bad_start_is_reported_and_a_decide_still_gets_a_legal_answer(capsys, start, problem):
    replies, errors = served([START, DECIDE, start, DECIDE], capsys)
    assert replies == [{"type": "action", "action": "draw"}] * 2
    assert errors[0].startswith("bot serve: ignored: a bad start: ") and problem in errors[0], errors
    assert errors[1] == "bot serve: a decide with no game started; playing a random legal decision"
    assert len(errors) == 2


@pytest.mark.parametrize("decide,problem", [
    ({**DECIDE, "view": []}, "view must be a JSON object"),
    ({**DECIDE, "view": None}, "view must be a JSON object"),
    ({**DECIDE, "view": {"seat": 0, "players": 2, "scores": [0, 0], "zones": {}}}, "a version 1 summary"),
    ({**DECIDE, "view": {**VIEW, "mastabas": 5}}, "the view cannot be read"),
    ({**DECIDE, "view": {**VIEW, "phase": "lunch"}}, "the view cannot be read"),
    ({**DECIDE, "view": {**VIEW, "held": "10-10"}}, "the view cannot be read"),
    ({**DECIDE, "view": {**VIEW, "game": "buildup"}}, "the view cannot be read"),
    ({**DECIDE, "view": {**VIEW, "seat": 1}}, "another game or seat"),
    ({**DECIDE, "view": {**VIEW, "options": {**VIEW["options"], "site_penalty": 2}}}, "another game or seat"),
    ({**DECIDE, "legal": ["fly"]}, "not one"),
])
def test_a_decide_whose_view_cannot_be_used_is_answered(capsys, decide, problem):
    replies, errors = served([START, decide], capsys)
    assert replies == [{"type": "action", "action": decide["legal"][0]}]
    assert len(errors) == 1 and errors[0].startswith("bot serve: ") and problem in errors[0], errors
    assert errors[0].endswith("playing a random legal decision")


@pytest.mark.parametrize("decide", [{**DECIDE, "steps": "x"}, {**DECIDE, "time_ms": "soon"},
                                    {k: v for k, v in DECIDE.items() if k not in ("steps", "time_ms")}])
def test_a_decide_needs_only_its_view_and_legal_decisions(capsys, decide):
    """Version 2: the bot decides from the view; steps and time are not read."""
    replies, errors = served([START, decide], capsys)
    assert replies == [{"type": "action", "action": "draw"}] and errors == []


def test_bot_serve_says_it_speaks_version_2(capsys):
    replies, errors = served([{"type": "hello", "protocol": 1}], capsys)
    assert replies[0]["type"] == "hello" and replies[0]["protocol"] == 2 and errors == []


def test_a_decide_before_any_start_is_answered(capsys):
    replies, errors = served([DECIDE], capsys)
    assert replies == [{"type": "action", "action": "draw"}]
    assert errors == ["bot serve: a decide with no game started; playing a random legal decision"]


def test_lines_that_are_not_messages_are_reported(capsys):
    replies, errors = served(["not json", "[1]", '{"type": 5}', json.dumps({"type": "hello", "protocol": 1})],
                             capsys)
    assert replies[0]["type"] == "hello"
    assert len(errors) == 3 and all(e.startswith("bot serve: ignored: ") for e in errors), errors
