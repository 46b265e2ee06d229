"""``dominoes-arcade bot ...``: a bot of ours as a program of the bot protocol
(docs/bot-protocol.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from .cli_usage import App, fail

bot_app = App(help="Bots as programs: the bot protocol (docs/bot-protocol.md).", no_args_is_help=True)


@bot_app.command("serve")
def bot_serve(
    spec: Annotated[str, typer.Argument(help="The bot to serve: a spec as in --bots, e.g. greedy or "
                                             "ismcts:iterations=500.")],
) -> None:
    """Run a bot as a protocol program: JSON messages, one a line, on standard input
    and output, so other tools (and `cmd:` seats) can play it."""
    from .bots import BotError
    from .bots.registry import parse_spec
    from .bots.serve import serve

    try:
        parsed = parse_spec(spec)
    except BotError as error:
        raise fail(f"bad bot spec: {error}", 3) from None
    raise typer.Exit(serve(parsed))


@bot_app.command("check")
def bot_check(
    spec: Annotated[str, typer.Argument(help="The program to check: cmd:COMMAND, or the command itself "
                                             "(e.g. 'cmd:node examples/greedy_bot.js').")],
    game: Annotated[list[str] | None, typer.Option(
        "--game", "-g", help="A game to check (repeat for more); default: every game. Its hello's "
                             "\"games\", if it sends one, leaves out the games it does not play.")] = None,
    games: Annotated[int, typer.Option("--games", help="Random games per game, after the scripted "
                                                       "positions (0 to 1000).")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random games.")] = 1,
    move_time_limit: Annotated[int, typer.Option(
        "--move-time-limit", help="Milliseconds per decision, as in tournament run.")] = 10000,
    quit_time_limit: Annotated[int, typer.Option(
        "--quit-time-limit", help="Milliseconds the program has to exit after quit (1 to 60000).")] = 1000,
) -> None:
    """Check a bot program against the bot protocol (docs/bot-protocol.md).

    It plays one seat (random decisions in the others) through scripted
    positions (one legal decision, a pass, a later hand or round, Build Up's
    two colours, a table of ten) and --games random games of each game it
    plays, then is told to quit. One line per check, ok or FAULT with the
    reason, the game and the step: the handshake (a hello in 3 s, protocol 1
    or 2), a message of an unknown type ignored, every answer a JSON action
    among the legal decisions within --move-time-limit, no crash, no reply to
    start or end, and an exit (code 0) within --quit-time-limit that leaves
    nothing of its process group running. Standard error is free. Exit code
    0 when every check is ok, 1 on any fault, 2 bad usage, 3 a command that
    cannot be run.
    """
    from .bots import BotError
    from .bots.check import Settings, check
    from .bots.program import parse_command, split_salt
    from .bots.registry import REGISTRY
    from .cli_usage import check_tournament_flags
    from .engine import GAMES

    for name in game or []:
        if name not in GAMES:
            raise typer.BadParameter(f"{name!r} is not a game: use one of {', '.join(GAMES)}", param_hint="'--game'")
    for value, flag, low, high in ((games, "--games", 0, 1000), (quit_time_limit, "--quit-time-limit", 1, 60000)):
        if not low <= value <= high:
            raise typer.BadParameter(f"{value} is not allowed: use an integer from {low} to {high}",
                                     param_hint=f"'{flag}'")
    check_tournament_flags({"move_time_limit_ms": move_time_limit})
    command = spec[len("cmd:"):] if spec.startswith("cmd:") else spec
    command = split_salt(command)[0]  # a salted spec checks its program (bot check has its own --seed)
    try:
        words = parse_command(command)
    except BotError as error:
        hint = (f" (a bot of ours is checked as 'cmd:dominoes-arcade bot serve {command}')"
                if command.split(":")[0] in REGISTRY else "")
        raise fail(f"bad bot spec: {error}{hint}", 3) from None
    settings = Settings(words, list(dict.fromkeys(game or [])), games, seed, move_time_limit / 1000,
                        quit_time_limit / 1000)
    try:
        report = check(settings, typer.echo)
    except KeyboardInterrupt:  # the program is killed already (`check` ends it on the way out)
        raise fail("interrupted", 130) from None
    raise typer.Exit(1 if report.faults else 0)
