"""A room stored as its changes (:mod:`thousand.web.roomlog`): read back whole after any
number of changes, across snapshots, for every game; and another process brought up to
date by making the stored operations again, coming out exactly as the room is."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import pytest

from thousand.games import games_offering
from thousand.web import roomlog
from thousand.web.cluster import Cluster, LocalCluster, News
from thousand.web.hub import Hub
from thousand.web.protocol import MAX_SEATS, CreateRoom, ProtocolError
from thousand.web.roomlog import SNAPSHOT_EVERY, Stored, caught_up, stored_of
from thousand.web.rooms import base
from thousand.web.rooms.base import BaseRoom
from thousand.web.settings import Settings
from thousand.web.store import AsyncStore, Store
from thousand.web.tables import room_from_doc, room_type

ONLINE = games_offering("online")


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A store on SQLite, then on PostgreSQL (whose write of a change is one statement)."""
    opened = Store(db_url)
    yield opened
    opened.close()


def whole(room: BaseRoom) -> dict[str, Any]:
    """The room's document as the database's JSON gives it back."""
    return dict(json.loads(json.dumps(room.to_doc())))


def new_room(game: str, **options: Any) -> BaseRoom:
    """Anna against as few computers as the game's rules allow."""
    level = room_type(game).LEVELS[0]
    for count in range(1, MAX_SEATS):
        data: dict[str, Any] = {"name": "Anna", "game": game, "seats": [{"bot": level}] * count}
        data["options"] = options
        try:
            room, _ = room_type(game).create(CreateRoom.model_validate(data))
        except ProtocolError as exc:
            if not exc.message.startswith("seats:"):
                raise
            continue
        return room
    raise AssertionError(game)


def step(room: BaseRoom) -> None:
    """One move, as the server makes it: a computer's by its driver, Anna's as the action
    message she would send (the computer decides it for her)."""
    room.op = None
    move = room.computer_decision()()
    if room.computer_to_move():
        room.bot_step(move)
        return
    message = dict(room.move_message(move) or {})
    action = message.pop("action")
    assert room.mover is not None
    room.act(room.mover, action, room.seq, message.pop("dice", None), **message)


def write(store: Store, room: BaseRoom, stored: Stored) -> Stored:
    change, after = roomlog.change(room, stored)
    assert store.append_room(change, stored.seq)
    return after


@pytest.mark.parametrize("game", ONLINE)
def test_a_room_stored_as_its_changes_reads_back_whole(store: Store, game: str) -> None:
    room = new_room(game)
    store.create_room(room.to_doc())
    stored = stored_of(room)
    snapshots = 0
    for _ in range(2 * SNAPSHOT_EVERY + 5):
        if room.status == "over":
            break
        step(room)
        before = stored.snapshot_seq
        stored = write(store, room, stored)
        snapshots += stored.snapshot_seq != before
        assert store.load_room(room.id) == whole(room)
        assert json.loads(stored.text()) == whole(room)
    assert snapshots >= 1 or room.status == "over"


@pytest.mark.parametrize("game", ONLINE)
def test_another_process_catches_up_by_making_the_operations_again(
    store: Store, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = new_room(game, turn_seconds=60)
    store.create_room(here.to_doc())
    stored = stored_of(here)
    there = room_from_doc(store.load_room(here.id) or {})
    there_stored = stored_of(there)
    timed_out = False
    for count in range(SNAPSHOT_EVERY + 10):
        if here.status == "over":
            break
        if count >= 3 and here.mover == 0 and not timed_out:  # her clock runs out, an hour on
            timed_out = True
            later = datetime.now(UTC) + timedelta(hours=1)
            monkeypatch.setattr(base, "_now", lambda later=later: later)
            here.op = None
            assert here.time_out()
            monkeypatch.undo()
        else:
            step(here)
        stored = write(store, here, stored)
        if count % 7 == 6:
            found = store.log_after(here.id, there_stored.seq)
            assert found is not None
            caught = caught_up(there, there_stored, *found)
            assert caught is not None, count
            there_stored = caught
            assert whole(there) == whole(here)
            assert there_stored == stored
    assert timed_out


def test_a_seat_taken_is_not_repeated_but_read_back(store: Store) -> None:
    """Taking a seat draws its token: the other process reads the room back instead."""
    room, _ = room_type("dice1000").create(
        CreateRoom.model_validate({"name": "Anna", "seats": [{"open": True}]})
    )
    store.create_room(room.to_doc())
    stored = stored_of(room)
    there = room_from_doc(store.load_room(room.id) or {})
    room.op = None
    room.join("Boris")
    stored = write(store, room, stored)
    found = store.log_after(room.id, 0)
    assert found is not None and caught_up(there, stored_of(there), *found) is None
    assert store.load_room(room.id) == whole(room)


class Reporter:
    """A cluster of one that the hub takes for several, keeping the news it publishes."""

    def __init__(self) -> None:
        self._alone = LocalCluster()
        self.news: list[tuple[str, int, News | None]] = []

    async def publish_state(self, room_id: str, seq: int, news: News | None = None) -> None:
        self.news.append((room_id, seq, news))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._alone, name)


def test_news_carrying_the_change_is_taken_without_the_database(tmp_path: Path) -> None:
    """A process hearing of a change it holds the room just before takes the change from
    the news alone: the database's reads refused, the room still comes out as stored."""
    url = f"sqlite:///{tmp_path}/s.db"

    def hub(cluster: Reporter) -> Hub:
        settings = Settings(db_url=url, bot_delay=0.0, resync_seconds=3600.0)
        return Hub(settings, AsyncStore(Store(url)), cast(Cluster, cluster))

    async def scenario() -> None:
        told, listening = Reporter(), Reporter()
        first, second = hub(told), hub(listening)
        await first.start()
        await second.start()
        room, _ = await first.create(CreateRoom.model_validate({"name": "Vera"}))
        there = await second.get(room.id)

        def refused(*_args: Any) -> Any:
            raise AssertionError("the database was read")

        second.store.store.log_after = refused  # type: ignore[method-assign,assignment]
        second.store.store.load_room = refused  # type: ignore[method-assign,assignment]

        async def throw(now: BaseRoom) -> None:
            now.act(0, "throw", now.seq)

        for _ in range(3):
            await first.change(first.rooms[room.id], throw)
            room_id, seq, news = told.news[-1]
            assert news is not None
            await second.on_remote_state(room_id, seq, news)
            await asyncio.sleep(0.05)  # the news is taken in a task of its own
            assert there.saved_seq == seq
            assert whole(there.room) == whole(first.rooms[room.id].room)
        for each in (first, second):
            await each.stop()
            each.store.close()

    asyncio.run(scenario())
