"""A room kept as a snapshot and lines of the rooms' shared log (issue 41): each
change of a game under way is one line appended to the shared log by the store's
writer thread, synced in batches (one write and one sync a batch); a server started
again reads each snapshot and then the log's lines that go on from it, a batch cut
by a kill read to its last whole line, a line of an earlier snapshot counting for
nothing, a damaged line setting its room aside; the log is written anew without
what no longer counts. All in-process: the kill -9 tests (test_server_restart.py,
test_server_kill_load.py) run the real server."""

from __future__ import annotations

import asyncio
import json
import os
import random
import threading
from pathlib import Path

from dominoes_arcade.server.journal import NAME, Journal
from dominoes_arcade.server.room import Room
from dominoes_arcade.server.store import SNAPSHOT_EVERY, Store
from dominoes_arcade.server.writer import Writer
from dominoes_arcade.session.bot_worker import shared_worker

CODE = "LGVVD"


class Discard:
    def put(self, message) -> None:
        pass


def played_room(folder: Path, moves: int, *, code: str = CODE, seed: int = 7,
                store: Store | None = None) -> tuple[Store, Room]:
    """A room of two players (and a spectator) `moves` moves into a game of Necropolis,
    kept as it went (by `store`, or a store of its own, closed)."""
    own = store is None
    store = store or Store(folder)
    room = Room(code, seed, worker=shared_worker("thread"), history=store.history, changed=store.save)
    host = room.join()
    room.join()
    room.watch()
    for member in room.members.values():
        member.attach(Discard())
    room.start(host.token)
    play(room, moves)
    if own:
        store.close()
    return store, room


def play(room: Room, moves: int) -> None:
    """`moves` random moves of the room's players."""
    rng = random.Random(3)
    for _ in range(moves):
        room.advance()
        session = room.session
        assert session is not None and not session.ended
        mover = next(m for m in room.members.values() if m.seat == session.current_player)
        room.act(mover.token, {"action": str(rng.choice(session.state.legal_actions())), "step": len(session.steps)})
    room.advance()


def loaded(folder: Path) -> tuple[Store, list[Room]]:
    store = Store(folder)
    rooms = store.load(worker=shared_worker("thread"), history=store.history)
    store.close()
    return store, rooms


def log_of(store: Store) -> Path:
    return store.rooms / NAME


def test_the_steps_are_lines_of_the_shared_log_and_a_restart_finds_every_one(tmp_path):
    store, room = played_room(tmp_path, 6)
    log = log_of(store).read_text()
    assert 6 <= log.count(f'{{"room":"{CODE}"') < SNAPSHOT_EVERY, "one line a change, the snapshot not written again"
    assert not (store.rooms / f"{CODE}.log").exists(), "no log of the room's own"
    _, (again,) = loaded(tmp_path)
    assert again.session is not None and again.session.steps == room.session.steps
    assert {m.token: m.sent for m in again.members.values()} == {m.token: m.sent for m in room.members.values()}


def test_a_batch_cut_by_a_kill_leaves_each_room_at_its_last_whole_line_and_the_half_line_is_cut_off(tmp_path):
    """kill -9 mid-batch: the batch's one write is on disk in part (never synced, so
    nobody was told of any of it). Each room resumes at its last whole line; the half
    line is cut off the log, so the lines appended after the restart are read again."""
    store, room = played_room(tmp_path, 6)
    path = log_of(store)
    lines = path.read_text().splitlines(keepends=True)
    # The first line again (a line its snapshot holds already adds nothing), then half a line.
    path.write_text("".join(lines) + lines[0] + lines[-1][: len(lines[-1]) // 2])
    store, (again,) = loaded(tmp_path)
    assert not store.set_aside
    assert again.session is not None and again.session.steps == room.session.steps
    assert path.read_text() == "".join(lines) + lines[0], "the half line cut off"
    store.journal.append(store.journal.line(CODE, 999, 0, [], [0, 0, 0])).result()
    store.close()
    assert not loaded(tmp_path)[0].set_aside, "a line appended after the restart follows a whole line"


def test_lines_of_an_earlier_snapshot_count_for_nothing_even_when_the_members_changed(tmp_path):
    """A line's ``sent`` follows its snapshot's members: after a spectator came in (a
    snapshot again), the lines before it, still in the shared log, are not read for it."""
    store, room = played_room(tmp_path, 4)
    store = Store(tmp_path)
    room.changed = store.save
    room.watch().attach(Discard())
    store.save(room)  # a member more: a snapshot again
    play(room, 3)
    store.close()
    text = log_of(store).read_text()
    assert len({line.split(",")[1] for line in text.splitlines()}) == 2, "lines of two snapshots in the log"
    store, (again,) = loaded(tmp_path)
    assert not store.set_aside
    assert again.session is not None and again.session.steps == room.session.steps
    assert [m.sent for m in again.members.values()] == [m.sent for m in room.members.values()]


def test_a_room_of_the_same_code_as_a_closed_one_does_not_take_its_lines(tmp_path):
    store, _ = played_room(tmp_path, 5)
    store = Store(tmp_path)
    (old,) = store.load(worker=shared_worker("thread"), history=store.history)
    store.forget(old)
    store.close()
    store, room = played_room(tmp_path, 2, seed=8)
    _, (again,) = loaded(tmp_path)
    assert again.session is not None and again.session.steps == room.session.steps


def test_a_damaged_line_sets_its_room_aside_with_its_lines_and_the_other_rooms_load(tmp_path):
    store, _ = played_room(tmp_path, 3)
    other_store, other = played_room(tmp_path, 3, code="QQQQQ", seed=4)
    path = log_of(store)
    number = json.loads((store.rooms / f"{CODE}.json").read_text())["snapshot"]
    path.write_text(path.read_text() + f'{{"room":"{CODE}","snapshot":{number},"from":9999,"steps":[],'
                                       f'"sent":[1,1,1]}}\n' + "not JSON\n")
    store, rooms = loaded(tmp_path)
    assert [room.code for room in rooms] == ["QQQQQ"] and rooms[0].session.steps == other.session.steps
    reasons = [aside.reason for aside in store.set_aside]
    assert any(f"{NAME}'s line" in reason and "goes on from step 9999" in reason for reason in reasons), reasons
    assert any("line" in reason and "counted for no room" in reason for reason in reasons), reasons
    assert (store.rooms / f"{CODE}.json.damaged-1").exists()
    assert "9999" in (store.rooms / f"{CODE}.log.damaged-1").read_text(), "its lines kept beside it"


def test_a_snapshot_again_every_so_many_lines_and_the_log_written_anew_keeps_what_counts(tmp_path):
    """Compaction: the shared log is written anew (the lines that still count only)
    once enough was appended; a restart after it finds every room as it was."""
    store = Store(tmp_path)
    store.journal.compact_bytes = 2000
    moves = SNAPSHOT_EVERY + 3
    rooms = [played_room(tmp_path, moves, code=code, seed=seed, store=store)[1]
             for code, seed in (("AAAAA", 3), ("BBBBB", 4))]
    store.close()
    assert store.journal.compactions >= 1
    assert log_of(store).read_text().count("\n") < 2 * moves, "lines that no longer count were dropped"
    cut = store.rooms / f".{NAME}.k1ll.tmp"  # a rewrite a kill cut short, before its rename: the old log whole
    cut.write_text('{"room":"AAAAA"')
    _, again = loaded(tmp_path)
    assert not cut.exists()
    assert [room.session.steps for room in again] == [room.session.steps for room in rooms]


def test_a_restart_writes_no_snapshot_and_the_log_written_anew_keeps_the_lines_that_count(tmp_path):
    """A server resuming its rooms goes on with their lines (a restart of 1,000 rooms
    is no 1,000 snapshots); the log is written anew without the lines that no longer
    count (here a closed room's), and a second restart finds every step again."""
    store, room = played_room(tmp_path, 8)
    other_store, other = played_room(tmp_path, 3, code="QQQQQ", seed=4)
    other_store.forget(other)
    other_store.close()
    snapshot = (store.rooms / f"{CODE}.json").read_text()
    store = Store(tmp_path)
    (resumed,) = [r for r in store.load(worker=shared_worker("thread"), history=store.history, changed=store.save)
                  if r.code == CODE]
    store.close()
    assert (store.rooms / f"{CODE}.json").read_text() == snapshot, "no snapshot again"
    assert "QQQQQ" not in log_of(store).read_text(), "a closed room's lines dropped"
    _, (again,) = loaded(tmp_path)
    assert again.session.steps == resumed.session.steps == room.session.steps


def test_a_games_start_is_a_line_not_a_snapshot(tmp_path):
    store = Store(tmp_path)
    room = Room(CODE, 7, worker=shared_worker("thread"), history=store.history, changed=store.save)
    host = room.join()
    room.join()
    store.save(room)  # the lobby: a snapshot
    store.flush()
    lobby = (store.rooms / f"{CODE}.json").read_text()
    for member in room.members.values():
        member.attach(Discard())
    room.start(host.token)
    play(room, 2)
    store.close()
    assert (store.rooms / f"{CODE}.json").read_text() == lobby and '"started":false' in lobby
    assert log_of(store).read_text().startswith(f'{{"room":"{CODE}","snapshot":1,"from":0,')
    assert '"started":true' in log_of(store).read_text().splitlines()[0]
    _, (again,) = loaded(tmp_path)
    assert again.started and again.session.steps == room.session.steps


def test_an_append_is_done_once_its_file_is_synced_and_a_batch_syncs_each_file_once(tmp_path, monkeypatch):
    synced: list[int] = []
    real = os.fdatasync
    writer = Writer()
    futures = []

    def sync(descriptor: int) -> None:
        assert not any(future.done() for future in futures), "a line told done before its sync"
        synced.append(descriptor)
        real(descriptor)

    monkeypatch.setattr(os, "fdatasync", sync)
    blocked = writer.run(lambda: os.sched_yield())  # the appends below wait behind it: one batch, or two
    futures = [writer.append(tmp_path / f"{n % 2}.log", b"line\n") for n in range(10)]
    writer.close()
    assert blocked.done() and all(future.done() and future.exception() is None for future in futures)
    assert 1 <= len(synced) <= 2 * writer.batches < 2 * len(futures), "the lines of a batch synced together"
    assert (tmp_path / "0.log").read_bytes() == b"line\n" * 5


def test_a_batch_of_many_rooms_lines_is_one_write_and_one_sync(tmp_path, monkeypatch):
    """The rooms share one log: the lines handed while the writer was busy go to disk
    in one write and one sync, whatever rooms they are of."""
    calls = {"write": 0, "sync": 0}
    write, sync = os.write, os.fdatasync

    def counted_write(descriptor: int, data) -> int:
        calls["write"] += 1
        return write(descriptor, data)

    def counted_sync(descriptor: int) -> None:
        calls["sync"] += 1
        sync(descriptor)

    writer = Writer()
    journal = Journal(tmp_path / NAME, writer)
    release = threading.Event()
    blocked = writer.run(lambda: release.wait(10))  # the lines below wait behind it: one batch
    monkeypatch.setattr(os, "write", counted_write)
    monkeypatch.setattr(os, "fdatasync", counted_sync)
    futures = [journal.append(journal.line(code, 1, 0, ["* first 0"], [1, 1])) for code in ("AAAAA", "BBBBB", "CCCCC")
               for _ in range(5)]
    release.set()
    writer.close()
    assert blocked.done() and all(future.exception() is None for future in futures)
    assert calls == {"write": 1, "sync": 1}, calls
    assert (tmp_path / NAME).read_text().count("\n") == 15


def test_a_message_goes_out_only_once_its_rooms_change_is_on_disk():
    """The server's writer task (`Connection.write`) holds a room's messages until the
    future of the room's last change handed to the writer is done; the loop runs on."""
    from concurrent.futures import Future

    from dominoes_arcade.server.app import Connection

    sent: list[str] = []
    on_disk: Future = Future()

    class Socket:
        remote_address = ("127.0.0.1", 1)

        async def send(self, text: str) -> None:
            sent.append(text)

    class Kept:
        has_unkept_numbers = False
        unkept = None

    async def scenario() -> list[list[str]]:
        connection = Connection(Socket(), keep=lambda room: None,
                                on_disk=lambda room: None if on_disk.done() else asyncio.wrap_future(on_disk),
                                unkept=lambda room, error: None)
        connection.room = Kept()
        connection.put('{"type":"step","seq":1}')
        writer = asyncio.create_task(connection.write())
        seen = []
        for _ in range(5):
            await asyncio.sleep(0)
        seen.append(list(sent))
        threading.Thread(target=on_disk.set_result, args=(None,)).start()  # as the writer's thread does
        for _ in range(100):
            await asyncio.sleep(0.001)
            if sent:
                break
        seen.append(list(sent))
        connection.close_queue()
        await writer
        return seen

    assert asyncio.run(scenario()) == [[], ['{"type":"step","seq":1}']]


def test_a_log_removed_by_a_job_is_closed_first_and_a_new_one_at_its_path_gets_the_next_lines(tmp_path):
    """The writer keeps the logs open between batches: a job that removes or empties one
    names it (``closes``), so what is appended after goes to the file now at the path."""
    log = tmp_path / "ROOM.log"
    writer = Writer()
    writer.append(log, b"old\n").result()
    writer.run(lambda: log.unlink(), closes=log).result()
    writer.append(log, b"new\n").result()
    writer.close()
    assert log.read_bytes() == b"new\n"
