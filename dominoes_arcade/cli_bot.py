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
