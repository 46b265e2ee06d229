"""``dominoes-arcade serve``: the room server for network play (dominoes_arcade/server/,
its messages in docs/online.md). The server is imported only when the command runs,
so other commands never load the network library."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from . import config
from .cli_usage import fail


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on. The default, 127.0.0.1, lets only this "
                                           "computer in; 0.0.0.0 opens the server to the network.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="The port to listen on (0: any free port).")] = 8765,
    data: Annotated[Path | None, typer.Option(help="The folder where rooms and finished games are kept (default: "
                                                   "an 'online' folder in your data folder, see `config paths`).")]
    = None,
    rooms_per_address: Annotated[int, typer.Option(min=1, help="The most rooms created from one network address "
                                                               "that may be open at once.")] = 50,
    max_rooms: Annotated[int, typer.Option(min=1, help="The most rooms open at once; a room takes about 0.1 MiB "
                                                       "open, 0.7 MiB by its game's end. Past it, a new room is "
                                                       "refused: 'the server is full'.")] = 500,
    spectators_per_room: Annotated[int, typer.Option(min=0, help="The most spectators a room holds (one away "
                                                                 "longest makes way for a new one).")] = 20,
    process_id: Annotated[int | None, typer.Option(min=0, max=31, help="This process's number, 0 to 31, when "
                                                                      "several serve processes share one address "
                                                                      "behind a proxy: its room codes begin with "
                                                                      "the number's letter (0: A, 1: B, ...), which "
                                                                      "the proxy routes by (docs/online.md). Its "
                                                                      "rooms are kept in a folder of its own "
                                                                      "(default: 'online/process-N').")] = None,
) -> None:
    """Run a game server: players join its rooms by code from their own computers.

    Each room's game is kept as it goes, so after a restart the rooms go on where
    they were and players reconnect by themselves; a damaged room file is set aside
    (renamed NAME.damaged-N), one line on stderr saying why. Stop it with Ctrl-C.

    Example: dominoes-arcade serve --host 0.0.0.0 --port 8765
    """
    import asyncio  # here, not at start-up: every other command would pay for its import

    from .server.app import Server  # the network library only here

    folder = data if data is not None else config.user_data_dir() / "online"
    if data is None and process_id is not None:
        folder = folder / f"process-{process_id}"  # two processes never share a room's files

    async def run() -> None:
        try:
            server = Server(folder, rooms_per_address=rooms_per_address, max_rooms=max_rooms,
                            spectators_per_room=spectators_per_room, process=process_id)
        except OSError as error:
            raise fail(f"cannot keep rooms in {folder}: {error.strerror or error}", 1) from None
        try:
            await server.start(host, port)
        except OSError as error:
            reason = os.strerror(error.errno) if error.errno else str(error)  # asyncio's own words name the socket
            raise fail(f"cannot listen on {host}:{port}: {reason}", 1) from None
        for aside in server.set_aside:
            typer.echo(str(aside), err=True)
        codes = f"; its room codes begin with {server.code_letter}" if server.code_letter else ""
        typer.echo(f"serving on ws://{host}:{server.port} (rooms kept in {folder}{codes}); Ctrl-C stops", err=True)
        try:
            await asyncio.Future()
        finally:
            await server.close()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
