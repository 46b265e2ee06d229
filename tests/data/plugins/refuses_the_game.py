"""A plug-in whose constructor refuses every game but Cyprus, as a bot may."""

from dominoes_arcade.bots import Bot as Base
from dominoes_arcade.bots import BotError


class Bot(Base):
    def __init__(self, game, *args, **kwargs):
        if game != "cyprus":
            raise BotError(f"this bot does not play {game}")
        super().__init__(game, *args, **kwargs)
