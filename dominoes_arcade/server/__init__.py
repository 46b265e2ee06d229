"""Network play: the authoritative room server over WebSockets (`app.Server`), its
rooms (`room.Room`, each running one game `Session`), the message protocol
(`protocol`, described in docs/online.md) and a headless client (`client`).

The dependency direction is ``server -> session -> bots -> engine``: nothing here
imports pygame or the client.
"""
