"""Network play, the server's side: the authoritative room server over WebSockets
(`app.Server`), its rooms (`room.Room`, each running one game `Session`), their
members (`members`) and the rooms kept on disk (`store`, its files written by the
thread of `writer`). The messages are built
and read by `dominoes_arcade.online_protocol` (described in docs/online.md), which
the client's side (`dominoes_arcade.remote`) reads too.

The dependency direction is ``server -> online_protocol -> session -> bots ->
engine``: nothing here imports pygame, the client or `remote` (the import
contract in pyproject.toml checks it).
"""
