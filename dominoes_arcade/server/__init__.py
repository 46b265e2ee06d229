"""Network play: the authoritative room server over WebSockets (`app.Server`), its
rooms (`room.Room`, each running one game `Session`), the message protocol
(`protocol`, described in docs/online.md), a headless client (`client`), and what
the arcade's online tables use: the link between a frame loop and that client
(`link.OnlineLink`) and the session a table drives for the player's seat
(`online_session.OnlineSession`, drawn from what the seat was told: `told`).

The dependency direction is ``server -> session -> bots -> engine``: nothing here
imports pygame or the client.
"""
