"""Which session a table drives (`table_session`): the player's seat of an online
game, a record replayed, or a game dealt here. The table holds the session it
returns as a part (``table.session``) and calls it directly: whose turn, the
steps, undo and redo, the hint are the session's (`dominoes_arcade.session`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

from ...remote.online_session import OnlineSession
from ...session import Session
from . import TableSetup
from .replay import step_delay

_TABLE_KEYS = itertools.count(1)


def table_session(setup: TableSetup, think_delay: Callable[[], float], duration_scale: Callable[[], float],
                  bot_settings: Any) -> Session | OnlineSession:
    """The session of a table's game: the player's seat of an online game
    (`OnlineSession`, over the setup's link), following the record being replayed
    (its steps paced as any seat's, never under the replay's `STEP_SECONDS`), or
    dealt from the setup's seed (after the steps a saved game or a taken-over
    replay already played).

    :param think_delay: the bots' think delay now (the settings, at the animation speed).
    :param duration_scale: the animation speed now (a replay's steps scale with it).
    :param bot_settings: the settings' ``[bots]``.
    """
    if setup.online is not None:
        return OnlineSession(setup.online)
    if setup.record is not None:
        def paced() -> float:
            return step_delay(think_delay(), duration_scale())
    else:
        paced = think_delay
    return Session(setup.game, list(setup.seats), dict(setup.options), setup.seed, record=setup.record,
                   start=setup.start, demo=setup.demo, continued=setup.continued, assisted=setup.assisted,
                   think_delay=paced,
                   bot_settings=bot_settings, key=("table", next(_TABLE_KEYS)))
