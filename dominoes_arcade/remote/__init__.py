"""Network play, the client's side: a headless client of the room server
(`client.OnlineClient`, also what bots and the tests play with), the link between
a frame loop and that client (`link.OnlineLink`), the session a table drives for
a player's seat or a spectator (`online_session.OnlineSession`, drawn from the
views the member was told), and a room server hosted in a thread of the client
(`hosting.HostedServer`).

The dependency direction is ``client -> remote -> online_protocol -> session ->
bots -> engine``: nothing here imports pygame or the client, and only `hosting`
imports the server (to start one); the import contract in pyproject.toml checks it.
"""
