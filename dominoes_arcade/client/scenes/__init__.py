"""The menu screens: title, game setup, settings, rules, pause and dialogs.
Game tables live in `dominoes_arcade.client.tables`."""
