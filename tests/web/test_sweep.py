"""The sweep and resync of a process of a deployment: rooms nobody uses leave its memory
while rooms that need driving never do, and one room that cannot be read back does not
keep the others behind; news of a room nobody here watches lets go of it rather than
make its change again here.

A process of a deployment (with Redis: here a stand-in that believes it has company, so
the hub behaves as clustered) holds a room while someone is connected to it or something
drives it (a computer to move, a clock). A room left by its players stays in the
database only, marked so in its row (``driven``), and the sweeps of every process leave
it there until a player comes back to it. Without this, every abandoned game would sit
in some process's memory, under lease, for ever.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

from sqlalchemy import update

from thousand.web.cluster import Cluster, LocalCluster, News
from thousand.web.hub import Hub
from thousand.web.protocol import CreateRoom
from thousand.web.rooms.base import BaseRoom
from thousand.web.settings import Settings
from thousand.web.store import AsyncStore, Store, rooms


class Company:
    """A cluster of one that the hub takes for several (no Redis needed): every room is
    free to take and this process may drive it."""

    def __init__(self) -> None:
        self._alone = LocalCluster()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._alone, name)


class Elsewhere(Company):
    """A process whose rooms another process drives (it holds no lease), and that keeps
    the news it would publish."""

    def __init__(self) -> None:
        super().__init__()
        self.news: list[tuple[str, int, News | None]] = []

    async def publish_state(self, room_id: str, seq: int, news: News | None = None) -> None:
        self.news.append((room_id, seq, news))

    def drives(self, room_id: str) -> bool:
        del room_id
        return False


def _hub(url: str, cluster: Company | None = None) -> Hub:
    settings = Settings(db_url=url, bot_delay=0.0, idle_seconds=0.0, resync_seconds=3600.0)
    return Hub(settings, AsyncStore(Store(url)), cast(Cluster, cluster or Company()))


def test_a_room_left_alone_leaves_memory_and_comes_back_on_demand(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/s.db"

    async def scenario() -> None:
        first = _hub(url)
        await first.start()
        assert first.clustered
        left, _ = await first.create(
            CreateRoom.model_validate({"name": "Anna", "seats": [{"open": True}]})
        )
        clocked, _ = await first.create(
            CreateRoom.model_validate({"name": "Vera", "options": {"turn_seconds": 600}})
        )
        assert not left.needs_driver() and clocked.needs_driver()
        await first.sweep()  # both found idle or driven: nothing let go yet
        assert set(first.rooms) == {left.id, clocked.id}
        await first.sweep()  # idle for idle_seconds (0): let go; the clock's room stays
        assert set(first.rooms) == {clocked.id}
        driven = first.store.store.driven_room_seqs()
        assert driven == {clocked.id: clocked.seq}

        second = _hub(url)  # another process: takes over the driven room alone
        await second.start()
        await second.sweep()
        assert set(second.rooms) == {clocked.id}

        back = await first.get(left.id)  # a player comes back: read from the database
        assert back.room.to_doc() == left.to_doc()
        assert set(first.rooms) == {left.id, clocked.id}

        # a row written before the column existed says "driven": taken once, found
        # idle, let go and marked, then left alone
        with first.store.store.engine.begin() as connection:
            connection.execute(update(rooms).where(rooms.c.id == left.id).values(driven=True))
        third = _hub(url)
        await third.start()
        await third.sweep()
        assert left.id in third.rooms
        await third.sweep()
        await third.sweep()
        assert left.id not in third.rooms
        assert left.id not in third.store.store.driven_room_seqs()
        for hub in (first, second, third):
            await hub.stop()
            hub.store.close()

    asyncio.run(scenario())


def test_a_room_that_cannot_be_read_back_leaves_the_others_caught_up(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/s.db"

    async def scenario() -> None:
        first, second = _hub(url), _hub(url)
        await first.start()
        await second.start()
        bad, _ = await first.create(
            CreateRoom.model_validate({"name": "Anna", "seats": [{"open": True}]})
        )
        good, _ = await first.create(CreateRoom.model_validate({"name": "Vera"}))
        live = await second.get(good.id)

        async def throw(room: BaseRoom) -> None:
            room.act(0, "throw", room.seq)

        await second.change(live, throw)  # news the first process did not hear
        with first.store.store.engine.begin() as connection:  # and a row gone bad
            connection.execute(
                update(rooms)
                .where(rooms.c.id == bad.id)
                .values(seq=bad.seq + 1, doc=f'{{"id": "{bad.id}"}}')
            )
        before = good.seq  # the room held here may be brought up to date in place
        await first.resync()
        assert first.rooms[good.id].saved_seq == before + 1
        assert first.rooms[good.id].room.to_doc() == live.room.to_doc()
        assert first.rooms[bad.id].saved_seq == bad.seq  # left as it was
        for hub in (first, second):
            await hub.stop()
            hub.store.close()

    asyncio.run(scenario())


def test_news_of_a_room_nobody_here_watches_lets_go_of_it(tmp_path: Path) -> None:
    """The second process read a room for a request and holds it, nobody connected and
    its lease elsewhere: news of a change lets go of the room, the database is not read
    for it, and the next request reads it back as stored. A room being changed here
    (its lock held) is caught up instead."""
    url = f"sqlite:///{tmp_path}/s.db"

    async def scenario() -> None:
        told = Elsewhere()
        first, second = _hub(url, told), _hub(url, Elsewhere())
        await first.start()
        await second.start()
        room, _ = await first.create(CreateRoom.model_validate({"name": "Vera"}))
        held = await second.get(room.id)

        async def throw(now: BaseRoom) -> None:
            now.act(0, "throw", now.seq)

        reads: list[str] = []
        log_after = second.store.store.log_after

        def counted(room_id: str, seq: int) -> Any:
            reads.append(room_id)
            return log_after(room_id, seq)

        second.store.store.log_after = counted  # type: ignore[method-assign]
        await first.change(first.rooms[room.id], throw)
        room_id, seq, _ = told.news[-1]
        await second.on_remote_state(room_id, seq)  # news without the change: it would
        await asyncio.sleep(0.05)  # be read from the database, in a task of its own
        assert room.id not in second.rooms and reads == []
        assert held.driver is None  # cancelled and forgotten
        back = await second.get(room.id)  # a request: read back as stored
        assert back is not held
        assert back.room.to_doc() == first.rooms[room.id].room.to_doc()

        async with back.lock:  # changed here meanwhile: kept and caught up
            await first.change(first.rooms[room.id], throw)
            await second.on_remote_state(*told.news[-1])
        await asyncio.sleep(0.05)
        assert second.rooms[room.id] is back
        assert back.saved_seq == first.rooms[room.id].saved_seq
        assert back.room.to_doc() == first.rooms[room.id].room.to_doc()
        for hub in (first, second):
            await hub.stop()
            hub.store.close()

    asyncio.run(scenario())
