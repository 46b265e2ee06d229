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

START = {"type": "start", "game": "necropolis", "options": {}, "seat": 0, "seed": 3}
DECIDE = {"type": "decide", "steps": ["* first 0"], "legal": ["draw"], "time_ms": 1000,
          "view": {"seat": 0, "players": 2, "scores": [0, 0], "zones": {}}}


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


@pytest.mark.parametrize("decide", [
    {**DECIDE, "steps": "x"}, {**DECIDE, "steps": [1, 2]}, {**DECIDE, "view": []},
    {**DECIDE, "view": {"zones": []}}, {**DECIDE, "view": {"zones": {"a": 5}}}, {**DECIDE, "time_ms": "soon"},
])
def test_a_decide_with_bad_steps_or_view_is_answered(capsys, decide):
    replies, errors = served([START, decide], capsys)
    assert replies == [{"type": "action", "action": "draw"}]
    assert len(errors) == 1 and errors[0].startswith("bot serve: "), errors


def test_a_decide_before_any_start_is_answered(capsys):
    replies, errors = served([DECIDE], capsys)
    assert replies == [{"type": "action", "action": "draw"}]
    assert errors == ["bot serve: a decide with no game started; playing a random legal decision"]


def test_lines_that_are_not_messages_are_reported(capsys):
    replies, errors = served(["not json", "[1]", '{"type": 5}', json.dumps({"type": "hello", "protocol": 1})],
                             capsys)
    assert replies[0]["type"] == "hello"
    assert len(errors) == 3 and all(e.startswith("bot serve: ignored: ") for e in errors), errors
