"""A room kept as a snapshot and a log (issue 41): each change of a game under way
is one line appended to the room's log by the store's writer thread, synced in
batches; a server started again reads the snapshot and then the log, a line cut by
a kill skipped, a line the snapshot holds already adding nothing, a damaged line
setting the room aside. All in-process: the kill -9 tests (test_server_restart.py)
run the real server."""

from __future__ import annotations

import asyncio
import os
import random
import threading
from pathlib import Path

from dominoes_arcade.server.room import Room
from dominoes_arcade.server.store import SNAPSHOT_EVERY, Store
from dominoes_arcade.server.writer import Writer
from dominoes_arcade.session.bot_worker import shared_worker

CODE = "LGVVD"


class Discard:
    def put(self, message) -> None:
        pass


def played_room(folder: Path, moves: int) -> tuple[Store, Room]:
    """A room of two players (and a spectator) `moves` moves into a game of Necropolis, kept as it went."""
    store = Store(folder)
    room = Room(CODE, 7, worker=shared_worker("thread"), history=store.history, changed=store.save)
    host, guest = room.join(), room.join()
    room.watch()
    for member in room.members.values():
        member.attach(Discard())
    room.start(host.token)
    rng = random.Random(3)
    for _ in range(moves):
        room.advance()
        session = room.session
        assert session is not None and not session.ended
        mover = host if session.current_player == host.seat else guest
        room.act(mover.token, {"action": str(rng.choice(session.state.legal_actions())), "step": len(session.steps)})
    room.advance()
    store.close()
    return store, room


def loaded(folder: Path) -> tuple[Store, list[Room]]:
    store = Store(folder)
    return store, store.load(worker=shared_worker("thread"), history=store.history)


def test_the_steps_are_lines_of_the_log_and_a_restart_finds_every_one(tmp_path):
    store, room = played_room(tmp_path, 6)
    log = (store.rooms / f"{CODE}.log").read_text()
    assert 6 <= log.count("\n") < SNAPSHOT_EVERY, "one line a change, the snapshot not written again"
    _, (again,) = loaded(tmp_path)
    assert again.session is not None and again.session.steps == room.session.steps
    assert {m.token: m.sent for m in again.members.values()} == {m.token: m.sent for m in room.members.values()}


def test_a_line_cut_by_a_kill_is_skipped_and_a_line_the_snapshot_holds_adds_nothing(tmp_path):
    store, room = played_room(tmp_path, 6)
    path = store.rooms / f"{CODE}.log"
    lines = path.read_text().splitlines(keepends=True)
    # The first line again at the end (a snapshot written, its log not yet emptied),
    # then a line cut short as a kill would leave it (never synced: nobody was told).
    path.write_text("".join(lines) + lines[0] + '{"from":3,"steps":["1 dr')
    store, (again,) = loaded(tmp_path)
    assert not store.set_aside
    assert again.session is not None and again.session.steps == room.session.steps


def test_a_damaged_line_amid_the_log_sets_the_room_aside_with_its_log(tmp_path):
    store, _ = played_room(tmp_path, 3)
    path = store.rooms / f"{CODE}.log"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text('{"from": 9999, "steps": [], "sent": [1, 1, 1]}\n' + "".join(lines))
    store, rooms = loaded(tmp_path)
    assert rooms == [] and "its log's line 1 goes on from step 9999" in store.set_aside[0].reason
    assert not path.exists() and path.with_name(f"{CODE}.log.damaged-1").exists()


def test_a_snapshot_again_every_so_many_lines_and_the_log_starts_afresh(tmp_path):
    store, room = played_room(tmp_path, SNAPSHOT_EVERY + 3)
    assert (store.rooms / f"{CODE}.log").read_text().count("\n") < SNAPSHOT_EVERY
    _, (again,) = loaded(tmp_path)
    assert again.session is not None and again.session.steps == room.session.steps


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
