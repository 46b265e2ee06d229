"""The rooms' runs of steps share the event loop (issue 41, `server/turns.py`): a
run that waits for nobody (a deal) is played a step at a time, the rooms in turn,
a slice of time a pass of the loop, and the loop serves its other work between
passes; each room's task is woken once its run is over."""

from __future__ import annotations

import asyncio

from dominoes_arcade.server.turns import Turns


def test_runs_are_played_a_step_at_a_time_in_turn_and_the_loop_serves_others_between():
    played: list[str] = []
    left = {"A": 4, "B": 2}
    done: list[str] = []

    def step(room: str) -> bool:
        if not left[room]:
            return False
        left[room] -= 1
        played.append(room)
        return True

    async def scenario() -> None:
        turns: Turns[str] = Turns(step, done.append, slice_seconds=0.0)  # one step a pass
        turns.add("A")
        turns.add("B")
        turns.add("A")  # already in line: once
        for _ in range(100):
            await asyncio.sleep(0)  # another task, served between passes
            played.append("other")
            if not turns.waiting:
                break

    asyncio.run(scenario())
    steps = [room for room in played if room != "other"]
    assert steps == ["A", "B", "A", "B", "A", "A"], "the rooms in turn"
    assert all(a != b or a == "other" for a, b in zip(played, played[1:], strict=False)), \
        "the loop's other work between any two steps (a step a pass here)"
    assert sorted(done) == ["A", "B"], "each room woken once its run is over"
