"""The server's garbage collector freezing (`server.collector`): frozen while a server
runs, thawed every so often until a full collection has looked at everything, and as
before once no server runs."""

import gc

from dominoes_arcade.server import collector


def test_frozen_while_held_thawed_for_a_full_collection_and_as_before_once_released():
    assert gc.get_freeze_count() == 0
    collector.hold()
    try:
        began = collector._collector.thawed
        garbage = [[] for _ in range(100)]
        collector.look(began + 1)
        assert gc.get_freeze_count() > 0, "frozen each look"
        del garbage
        collector.look(began + collector.THAW_EVERY)
        assert gc.get_freeze_count() == 0, "thawed every THAW_EVERY"
        collector.look(began + collector.THAW_EVERY + 1)
        assert gc.get_freeze_count() == 0, "thawed until a full collection has looked at everything"
        gc.collect()
        collector.look(began + collector.THAW_EVERY + 2)
        assert gc.get_freeze_count() > 0, "frozen again after it"
    finally:
        collector.release()
    assert gc.get_freeze_count() == 0 and collector._collector.noted not in gc.callbacks
