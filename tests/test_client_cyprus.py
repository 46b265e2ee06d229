"""The Cyprus table played as a person would (dominoes_arcade/rules/cyprus.md): a human seat
plays whole games with the mouse only, then with a controller only, the driver
reading the decision from the scene (`current_choices`, `item_rects`, the focus)
and sending raw events. Every decision kind is reached: setting the spinner, a
9-x into the next star slot, choosing between arms, drawing, passing. Every
frame, no tile of a hidden hand or of the boneyard is drawn face up (render log
against the engine state); illegal drops are refused with the engine's reason;
undo lays the table out again."""

from __future__ import annotations

import random

import pygame
import pytest
from client_drive import decide, drag, frames
from test_client_support import key, pad_added, run

from dominoes_arcade.client.tables import TableSetup, open_table
from dominoes_arcade.client.tables.cyprus_model import model_of
from dominoes_arcade.engine.records import parse_step
from dominoes_arcade.engine.tiles import BY_NAME

EVERY_KIND = {"spinner", "star slot", "arm choice", "draw", "pass"}

# Round 1 of a scripted four-player game: the dealer is seat 3, so seat 0 is dealt
# first. Seat 0 (the human) holds the 9-9 and three other 9s; each bot holds two 9s.
HANDS = {
    0: "9-9 0-9 1-9 2-9 0-0 0-1 1-1 0-2 1-2",
    1: "3-9 4-9 2-2 0-3 1-3 2-3 3-3 0-4 1-4",
    2: "5-9 6-9 2-4 3-4 4-4 0-5 1-5 2-5 3-5",
    3: "7-9 8-9 4-5 5-5 0-6 1-6 2-6 3-6 4-6",
}


def deal_steps(hands: dict[int, str]) -> list[str]:
    """The chance steps dealing `hands`, one tile a seat in turn from seat 0."""
    rows = [hands[seat].split() for seat in sorted(hands)]
    return [f"* deal {seat} {row[i]}" for i in range(len(rows[0])) for seat, row in enumerate(rows)]


def open_cyprus(app, seats=("human", "easy", "easy", "easy"), seed=5, **options):
    options = {**app.settings.game("cyprus"), **options}
    return open_table(app, TableSetup("cyprus", list(seats), options, seed))


def scripted_start(app, table, steps: list[str]) -> None:
    for text in steps:
        table.apply(parse_step(table.session.state, text))
    run(app, frames=2)


# -- what may be drawn face up --------------------------------------------------------------------
class HiddenWatch:
    """Checks every frame's render log against the engine: a tile drawn face up is
    never in the boneyard nor in the hand of a seat the screen may not show. At a
    round's end every hand is public, but the boneyard stays hidden."""

    def __init__(self, table):
        self.table = table
        self.boneyard: set[int] = set(table.session.state.boneyard)
        self.frames = 0

    def __call__(self, _app=None, _table=None) -> None:
        table, state = self.table, self.table.session.state
        faces = {tile for tile, face_up, _seat in table.render_log if face_up}
        if table.model.revealed:  # the summary: the finished round's hands, never its boneyard
            hidden = self.boneyard
        else:
            hidden = set(state.boneyard)
            for seat, hand in enumerate(state.hands):
                if not table.shows_hidden(seat):
                    hidden |= set(hand)
            self.boneyard = set(state.boneyard)
        assert not faces & hidden, f"hidden tiles drawn face up: {sorted(faces & hidden)}"
        # And as the kit's contract says: a tile logged face up as a seat's own is one the screen may show.
        assert all(table.shows_hidden(seat) for _tile, face_up, seat in table.render_log if face_up and seat >= 0)
        self.frames += 1


# -- whole games ------------------------------------------------------------------------------------
def kind_of(choice, choices, state) -> str:
    action = choice.action
    if action.kind != "play":
        return action.kind
    if not state.is_star_complete:
        return "star slot"
    arms = [c for c in choices if c.source == choice.source]
    return "arm choice" if len(arms) > 1 else "arm"


def pick(choices, seen: set[str], state, rng: random.Random):
    """A player exploring: a kind of decision not made yet when there is one."""
    fresh = [c for c in choices if kind_of(c, choices, state) not in seen]
    return rng.choice(fresh if fresh and rng.random() < 0.8 else choices)


def play_to_the_end(app, table, device: str, rng: random.Random, seen: set[str]) -> HiddenWatch:
    watch = HiddenWatch(table)
    for _ in range(20000):
        if table.session.ended:
            break
        frames(app, [], table, watch)
        if not table.can_decide:
            continue
        choices = table.current_choices()
        choice = pick(choices, seen, table.session.state, rng)
        kind = kind_of(choice, choices, table.session.state)
        steps = len(table.session.steps)
        decide(app, table, choice, device, use_drag=device == "mouse" and rng.random() < 0.5, on_frame=watch)
        assert table.session.steps[steps] == f"0 {choice.action}", f"{device}: {choice} was not made"
        seen.add(kind)
    assert table.session.state.is_terminal and table.session.ended
    run(app, frames=5)
    assert app.scenes.top.name == "game over"
    return watch


@pytest.mark.parametrize("device", ["mouse", "controller"])
def test_a_human_plays_cyprus_to_the_end_with_one_device_only(app, device):
    """A game with a scripted first deal (the human holds the 9-9 and 9s), every
    later deal random, until a seat reaches the target; every decision kind made."""
    table = open_cyprus(app, target_score=60, seed=7)  # a game that forces the human to pass
    scripted_start(app, table, deal_steps(HANDS))
    if device == "controller":
        run(app, [pad_added()], frames=2)
    rng, seen = random.Random(3), set()
    watch = play_to_the_end(app, table, device, rng, seen)
    assert seen >= EVERY_KIND, f"never made: {EVERY_KIND - seen}"
    assert watch.frames > 100


def test_illegal_drops_are_refused_with_the_engines_reason(app):
    """The spinner set, each bot fills the next star slot; seat 0 must fill slot 3 (W)."""
    table = open_cyprus(app)
    scripted_start(app, table, deal_steps(HANDS) + ["0 9-9", "1 3-9 @0", "2 5-9 @1", "3 7-9 @2"])
    rects = table.item_rects()
    nine_nought = rects[("hand", BY_NAME["0-9"])].center
    drag(app, nine_nought, rects[("arm", 5)].center)
    # The slot as the board names it (N, E, S, W...), never the record's @3.
    assert "next empty star slot, the W slot" in app.toasts[-1][0] and len(table.session.steps) == 40
    assert "@" not in app.toasts[-1][0]
    assert table.action_for(("hand", BY_NAME["0-9"]), ("centre", 0)) is None  # only the 9-9 goes there
    drag(app, nine_nought, rects[("centre", 0)].center)
    assert len(table.session.steps) == 40 and table.dragged_source is None
    drag(app, nine_nought, rects[("arm", 3)].center)
    assert table.session.steps[40] == "0 0-9 @3"


def test_every_choice_is_a_legal_action_with_a_place_on_screen(app):
    table = open_cyprus(app)
    scripted_start(app, table, deal_steps(HANDS) + ["0 9-9", "1 3-9 @0", "2 5-9 @1", "3 7-9 @2"])
    choices = table.current_choices()
    assert {c.action for c in choices} == set(table.session.state.legal_actions())
    rects = table.item_rects()
    screen = pygame.Rect(0, 0, 1280, 720 - 48)
    for choice in choices:
        assert screen.contains(rects[choice.source]) and screen.contains(rects[choice.target])
        assert table.action_for(choice.source, choice.target) is choice.action
    # The three 9s the human holds stand up in the hand; the others do not.
    hand = dict(table.hand_rects())
    lifted = {tile for tile, rect in hand.items() if rect.y < max(r.y for r in hand.values())}
    assert lifted == {BY_NAME[n] for n in ("0-9", "1-9", "2-9")}


def test_undo_lays_the_table_out_again(app, monkeypatch):
    table = open_cyprus(app)
    # The bots wait: a bot's play would show a tile, and undo rightly refuses then.
    monkeypatch.setattr(type(table), "think_delay", property(lambda self: 60.0))
    scripted_start(app, table, deal_steps(HANDS))
    table.play(table.preset.set_spinner)
    run(app, frames=3)
    assert table.model.spinner_set
    table.undo()
    run(app, frames=2)
    assert not table.model.spinner_set and table.model == model_of(table.seen.view)
    assert BY_NAME["9-9"] in dict(table.hand_rects())


@pytest.mark.slow
def test_hot_seat_shows_each_human_only_their_own_hand(app):
    """Two humans and two bots: a pass screen before each human's turns, and no
    hidden tile face up on any frame (the pass screen's frames included)."""
    table = open_cyprus(app, seats=("human", "easy", "human", "easy"), seed=8, target_score=20)
    watch = HiddenWatch(table)
    rng = random.Random(8)
    passes, turns, last_human = 0, 0, None
    for _ in range(20000):
        if table.session.ended:
            break
        top = app.scenes.top
        if top.name == "pass":
            passes += 1
            frames(app, key(pygame.K_RETURN), table, watch, count=2)
            continue
        frames(app, [], table, watch)
        if table.can_decide:
            seat = table.session.state.current_player
            if seat != last_human:
                turns += 1
                last_human = seat
            table.play(rng.choice(table.current_choices()).action)
    assert table.session.ended and turns >= 2
    assert passes >= turns
