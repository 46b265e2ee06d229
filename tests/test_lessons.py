"""The lessons' content (dominoes_arcade/client/lessons/): every stage's words are
a passage the game's rules document marks, the marks never show (the rules
screen, the `rules` command), each guided hand plays through the engine as its
stages say, and the lessons finished are remembered in the user data directory."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from dominoes_arcade import history
from dominoes_arcade.cli import app as cli
from dominoes_arcade.client.lessons import (
    Guide,
    as_sentence,
    games_with_lessons,
    guided_reply,
    lesson_for,
    progress,
    short_begun,
    short_start,
    stage_text,
)
from dominoes_arcade.engine.match import Match
from dominoes_arcade.rules import lesson_passages, plain, rules_text

GAMES = games_with_lessons()


@pytest.mark.parametrize("game", GAMES)
def test_every_stage_says_a_passage_found_in_the_rules_document(game):
    shown = plain(rules_text(game))  # the document as a player reads it, its marks left out
    passages = lesson_passages(game)
    lesson = lesson_for(game)
    for stage in lesson.stages:
        for name in stage.passages:
            assert name in passages, f"{game}: no passage {name!r} is marked in the rules"
            assert passages[name] in shown, f"{game}: {name!r} is not what the rules say"
        assert stage_text(lesson, stage) == " ".join(as_sentence(passages[name]) for name in stage.passages)
        for passage in stage.passages:
            assert "`" not in passages[passage], f"{game}: {passage!r} speaks in letters, not tiles"


@pytest.mark.parametrize("game", GAMES)
def test_a_stages_passages_read_as_sentences_not_glued_together(game):
    """Cyprus's domino stage read "...they domino and win the round The winner scores...":
    two passages, the first stopping inside the rules' sentence."""
    lesson = lesson_for(game)
    for stage in lesson.stages:
        text = stage_text(lesson, stage)
        assert text[0].isupper() and text.endswith((".", "!", "?")), text
        for name in stage.passages:
            body = lesson_passages(game)[name].rstrip(".!?:;,")[1:]  # without its first letter's case
            end = text.index(body) + len(body)
            assert text[end] in ".!?", f"{game}: {name!r} runs into what follows: {text!r}"


def test_a_passage_is_the_words_between_its_marks_as_plain_text():
    assert plain("1. **Draw** the `top` *tile*\n   and look.") == "Draw the top tile and look."
    assert lesson_passages("necropolis")["matching"] == \
        "A tile matches when it shares at least one number with the end tile it touches"


@pytest.mark.parametrize("game", ["necropolis", "buildup", "cyprus", "sebastopol"])
def test_the_marks_never_show(game):
    assert "<!--" not in rules_text(game)
    result = CliRunner().invoke(cli, ["rules", game])
    assert result.exit_code == 0 and "<!--" not in result.output and "lesson" not in result.output


def test_the_rules_screen_shows_no_mark():
    from dominoes_arcade.client.markdown import parse

    for game in GAMES:
        blocks = parse(rules_text(game))
        assert not [block for block in blocks if "<!--" in block.text or "lesson:" in block.text]


@pytest.mark.parametrize("game", GAMES)
def test_each_guided_hand_plays_as_its_stages_say(game):
    """The deal, the opponents' replies (`guided_reply`) and the moves the stages
    teach: every move a stage asks for is legal when the stage comes, every example
    is found in the position the player sees then (Build Up's "on a double" stage
    pointed at a double the opponent had just covered), and the hand is not over
    before the last stage."""
    lesson = lesson_for(game)
    match = Match(game, options={"players": lesson.players} if game == "cyprus" else {}, seed=lesson.seed)
    guide = Guide(lesson)
    while not guide.over:
        assert not match.is_over, f"{game}: the hand ended at stage {guide.index}"
        state = match.state
        if match.is_chance:
            match.resolve_chance()
        elif state.current_player != 0:
            match.apply(guided_reply(lesson, state.legal_actions()))
        else:
            stage = guide.stage
            if stage.example is not None:
                example = stage.example(state)
                assert example and example in stage_text(lesson, stage, state), \
                    f"{game}, stage {guide.index + 1}: the position does not show its example"
            if stage.asks_move:
                legal = state.legal_actions()
                taught = guide.taught(legal)
                assert len(taught) == len(stage.moves), f"{game}, stage {guide.index}: not legal now: {stage.moves}"
                move = taught[0] if taught else state.legal_actions()[0]
                assert guide.accepts(legal, move)
                others = [action for action in state.legal_actions() if action not in taught]
                assert stage.any_move or not any(guide.accepts(legal, action) for action in others)
                match.apply(move)
            guide.next()


@pytest.mark.parametrize(("game", "counter", "at"), [("necropolis", "turns", 12), ("buildup", "hand_index", 1),
                                                     ("cyprus", "", 0)])
def test_a_short_game_is_taken_up_where_its_lesson_says(game, counter, at):
    """The steps before it are the laying bot's moves up to the first state whose
    counter reaches its value (none for a short game from the start)."""
    lesson = lesson_for(game)
    assert lesson.short_from == (counter, at)
    start = short_start(lesson, lesson.seed + 1)
    assert bool(start) == bool(counter)
    match = Match(game, options={**lesson.short_game, "players": lesson.players} if game == "cyprus" else {},
                  seed=lesson.seed + 1)
    for step in start:
        assert not short_begun(lesson, match.state), f"{game}: laid past the start at {step!r}"
        match.play_step(step)
    assert short_begun(lesson, match.state) and not match.is_over
    if counter:
        assert getattr(match.state, counter) == at


def test_lessons_finished_and_offered_are_remembered(tmp_path):
    assert progress.should_offer("buildup", tmp_path)
    assert progress.mark_offered("buildup", tmp_path) is None
    assert not progress.should_offer("buildup", tmp_path)
    assert progress.finish("cyprus", tmp_path) is None
    assert not progress.should_offer("cyprus", tmp_path) and progress.should_offer("necropolis", tmp_path)
    kept = json.loads((tmp_path / "lessons.json").read_text(encoding="utf-8"))
    assert kept == {"lessons_version": 1, "finished": ["cyprus"], "offered": ["buildup"]}
    assert progress.load(tmp_path).finished == {"cyprus"}


def test_the_lessons_file_is_in_the_user_data_directory():
    assert progress.path() == history.data_dir() / "lessons.json"


@pytest.mark.parametrize("text", ["{", "[]", '{"lessons_version": 9, "finished": ["cyprus"]}', "\udcff"])
def test_a_lessons_file_that_cannot_be_used_counts_as_none_finished(tmp_path, text):
    (tmp_path / "lessons.json").write_text(text, encoding="utf-8", errors="surrogateescape")
    assert progress.load(tmp_path).finished == set()
    assert progress.finish("necropolis", tmp_path) is None  # and the next write replaces it
    assert progress.load(tmp_path).finished == {"necropolis"}


def test_a_disk_that_refuses_is_a_notice_not_a_crash(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")
    notice = progress.finish("necropolis", blocked)  # a folder that is a file
    assert notice is not None and notice.startswith("Your lessons could not be remembered")


@pytest.mark.parametrize("game", ["cyprus", "sebastopol"])
def test_the_rules_speak_of_arms_in_words_before_the_record_notation(game):
    """The star's paragraph named its arms "@0 to @7", the record's notation, which
    only the notation section explains."""
    text = rules_text(game)
    play = text[:text.index("## Record notation")] if "## Record notation" in text else text
    assert "@" not in play.split("## Variant options")[0], f"{game}: record notation in the rules a player reads"
