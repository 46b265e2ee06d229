"""`bots.driver.BotDriver`, the one way a bot is driven (issue 28): the tournament's
`play_bots` and the client's bot process (`session.bot_worker.serve`) meet a faulty
bot the same way: it forfeits, as data, and the game or the worker goes on."""

from __future__ import annotations

import pytest

from dominoes_arcade.bots.driver import DECISION_TIME_LIMIT, BotDriver, Forfeit, play_bots
from dominoes_arcade.bots.registry import make_bot
from dominoes_arcade.engine import entry, new_game
from dominoes_arcade.engine.match import Match
from dominoes_arcade.session.bot_worker import serve

PLUGIN = '''from dominoes_arcade.bots import Bot


class Illegal(Bot):
    def choose(self, view, legal):
        return "not an action"


class Chance(Bot):
    """Returns an action of the game, but a chance outcome: not one of `legal`."""
    def choose(self, view, legal):
        from dominoes_arcade.engine import new_game
        return new_game(view.game, view.num_players).chance_outcomes()[0][0]


class Exits(Bot):
    def choose(self, view, legal):
        raise SystemExit(3)


class Blind(Bot):
    def observe(self, view):
        raise RuntimeError("cannot watch")

    def choose(self, view, legal):
        return legal[0]
'''


@pytest.fixture
def plugin(tmp_path):
    path = tmp_path / "faulty.py"
    path.write_text(PLUGIN, encoding="utf-8")
    return str(path)


def first_decision():
    match = Match("buildup", 2, None, seed=3)
    while match.is_chance:
        match.resolve_chance()
    return match.state


@pytest.mark.parametrize(("name", "kind", "words"), [
    ("Illegal", "illegal_action", "is not an action"), ("Chance", "illegal_action", "is not legal"),
    ("Exits", "exception", "SystemExit: 3")])
def test_a_faulty_decision_is_a_forfeit_of_its_seat(plugin, name, kind, words):
    state = first_decision()
    seat = state.current_player
    bot = make_bot(f"{plugin}:{name}", "buildup", seat, state.options_dict(), 1)
    with pytest.raises(Forfeit) as raised:
        BotDriver(bot).ask(state)
    assert (raised.value.seat, raised.value.kind) == (seat, kind) and words in raised.value.message


def test_an_observe_fault_forfeits_the_game(plugin):
    options = new_game("buildup", 2).options_dict()
    bots = [make_bot(f"{plugin}:Blind", "buildup", 0, options, 1), make_bot("random", "buildup", 1, options, 2)]
    record = play_bots("buildup", bots, 3)
    assert record.extra["forfeit"]["seat"] == 0 and "cannot watch" in record.extra["forfeit"]["message"]


def worker_answers(messages):
    """Run the bot process's loop in this thread over `messages`; its replies."""
    replies, inbox = [], [*messages, None]
    serve(lambda: inbox.pop(0), replies.append)
    return replies


def choose(ticket, spec, state, key="table"):
    seat = state.current_player
    return ("choose", ticket, key, spec, state.game, seat, state.options_dict(), 1, state.view(seat),
            state.legal_actions(), entry(state.game), None, DECISION_TIME_LIMIT)


def test_the_client_bot_process_reports_faults_as_the_tournament_does_and_goes_on(plugin):
    state = first_decision()
    seat = state.current_player
    replies = worker_answers([
        choose(1, f"{plugin}:Chance", state), choose(2, f"{plugin}:Exits", state),
        choose(3, f"{plugin}:Missing", state), choose(4, "random", state),
        ("observe", "table", seat, state.view(seat)),  # no bot of that table follows the game: nothing
    ])
    by_ticket = {reply[0]: reply for reply in replies}
    assert sorted(by_ticket) == [1, 2, 3, 4]
    assert by_ticket[1][1] is None and "is not legal" in by_ticket[1][3]
    assert by_ticket[2][1] is None and by_ticket[2][3] == "SystemExit: 3", "the worker lived on"
    assert by_ticket[3][1] is None and "building the bot" in by_ticket[3][3]
    assert by_ticket[4][3] is None and any(by_ticket[4][1] is action for action in state.legal_actions())


def test_a_bot_that_fails_to_observe_in_the_client_is_out_until_forgotten(plugin):
    state = first_decision()
    seat = state.current_player
    spec = f"{plugin}:Blind"
    replies = worker_answers([
        choose(1, spec, state), ("observe", "table", seat, state.view(seat)), choose(2, spec, state),
        ("forget", "table"), choose(3, spec, state)])
    errors = {reply[0]: reply[3] for reply in replies}
    assert errors[1] is None and errors[3] is None
    assert "RuntimeError in observe: cannot watch" in errors[2]
