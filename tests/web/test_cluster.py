"""Several ``thousand serve`` processes on one PostgreSQL and one Redis, for real.

Each test starts two server processes (real child processes, on real sockets) against a
fresh database of a real PostgreSQL and a real ``redis-server`` (tests/services.py), and
plays through :class:`thousand.web.client.SeatClient`, which knows only PROTOCOL.md and
moves to the other process when its connection breaks. What is checked is what players
and the record would show: no state a client saw is ever taken back
(:attr:`SeatClient.broken`), every state a client saw is a moment of the game's final
record, and the record replays to the last state.
"""

from __future__ import annotations

import asyncio
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.services import PostgresServer, RedisServer
from tests.web.serve_process import ServeProcess
from tests.web.support import TINY_RULES, assert_follows_record, mover_seat, replay_fields
from thousand.games.dice1000.record import replay
from thousand.web.client import Deployment, SeatClient, first_choice

SMALL = {**TINY_RULES, "target": 300, "entry_threshold": 50}
"""A game of a few dozen actions."""


@pytest.fixture
def pair(
    tmp_path: Path, postgres_url: str, redis_server: RedisServer
) -> Iterator[list[ServeProcess]]:
    """Two server processes on one fresh database and the test's Redis."""
    processes = [
        ServeProcess(tmp_path, f"s{number}", postgres_url, redis_server.url) for number in range(2)
    ]
    try:
        for process in processes:
            process.start()
        yield processes
    finally:
        for process in processes:
            process.stop()


def bases(processes: list[ServeProcess]) -> list[str]:
    return [process.base for process in processes]


async def new_game(
    deployment: Deployment, rules: dict[str, Any] | None = None, bot: str | None = None
) -> list[SeatClient]:
    """A room made on the first process; seat 0 connected there, seat 1 (a person
    joining through the second process) connected to the second."""
    seats: list[dict[str, Any]] = [{"bot": bot} if bot else {"open": True}]
    created = await deployment.post(
        "/api/rooms", {"name": "Anna", "rules": rules or SMALL, "seats": seats}, 0
    )
    room = created["room"]
    tokens = [created["token"]]
    if bot is None:
        joined = await deployment.post(f"/api/rooms/{room}/join", {"name": "Boris"}, 1)
        tokens.append(joined["token"])
    clients = [
        SeatClient(deployment, room, token, start=seat, keep_states=True)
        for seat, token in enumerate(tokens)
    ]
    for client in clients:
        await client.connect()
    return clients


async def play(clients: list[SeatClient], actions: int | None = None) -> int:
    """Play the game with :func:`first_choice` until it is over (or after ``actions``
    actions, once a person is to move); the number of actions taken. ``clients[i]`` holds
    seat ``i``; seats past them are computers."""
    taken = 0
    while True:
        newest = max((c.state for c in clients if c.state), key=lambda s: int(s["seq"]))
        seq = int(newest["seq"])
        if newest["room"]["status"] == "over":
            return taken
        mover = mover_seat(newest)
        if mover is None or mover >= len(clients):  # a computer's move, or nobody's yet
            await clients[0].wait(lambda s, seq=seq: int(s["seq"]) > seq)
            continue
        if actions is not None and taken >= actions:
            return taken
        client = clients[mover]
        state = await client.wait(
            lambda s, seq=seq: (
                int(s["seq"]) >= seq and (s["room"]["status"] == "over" or bool(s["game"]["legal"]))
            )
        )
        if state["room"]["status"] == "over":
            return taken
        action = first_choice(state)
        assert action is not None
        await client.act(action)
        taken += 1


async def finish_and_check(deployment: Deployment, clients: list[SeatClient]) -> None:
    """Play to the end, then: nothing taken back, every state a moment of the record,
    and the record's replay is the last state."""
    await play(clients)
    for client in clients:
        await client.wait(lambda s: s["room"]["status"] == "over")
    room = clients[0].room
    record = await deployment.get(f"/api/rooms/{room}/record", 1)
    for client in clients:
        await client.close()
        assert client.broken == []
        assert_follows_record(client.states, record)
        assert client.state is not None
        assert replay_fields(client.state["game"]) == replay(record).to_json_data()


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, 240))


def test_one_room_played_through_two_processes(pair: list[ServeProcess]) -> None:
    async def scenario() -> None:
        deployment = Deployment(bases(pair))
        clients = await new_game(deployment)
        await play(clients, actions=4)
        # each seat sees the other's actions, made through the other process, and both
        # seats connected (each to its own process)
        newest = max(int(client.state["seq"]) for client in clients if client.state)
        first, second = [
            await client.wait(lambda s: int(s["seq"]) == newest, 10) for client in clients
        ]
        assert replay_fields(first["game"]) == replay_fields(second["game"])
        await clients[0].wait(lambda s: all(seat["connected"] for seat in s["room"]["seats"]))
        await finish_and_check(deployment, clients)

    run(scenario())


def test_a_process_killed_mid_game_every_client_goes_on_through_the_other(
    pair: list[ServeProcess],
) -> None:
    """Kill the first process mid-game, play on, start it again, kill the second, and
    finish through the first: every client follows, and nothing it saw is taken back."""

    async def scenario() -> None:
        deployment = Deployment(bases(pair))
        games = [await new_game(deployment) for _ in range(4)]
        await asyncio.gather(*(play(clients, actions=5) for clients in games))
        seen = [clients[0].state["seq"] for clients in games]  # type: ignore[index]
        pair[0].kill()
        await asyncio.gather(*(play(clients, actions=4) for clients in games))
        for clients, before in zip(games, seen, strict=True):
            assert clients[0].reconnects >= 1  # seat 0 was on the killed process
            # the last actions may be seat 1's: seat 0 hears of them a moment later
            await clients[0].wait(lambda s, before=before: int(s["seq"]) > int(before), 30)
        pair[0].start()  # on the same port
        pair[1].kill()
        await asyncio.gather(*(finish_and_check(deployment, clients) for clients in games))
        assert all(clients[1].reconnects >= 1 for clients in games)

    run(scenario())
    assert pair[1].returncode == -signal.SIGKILL


def test_a_computer_goes_on_playing_once_its_process_is_killed(
    pair: list[ServeProcess],
) -> None:
    """The room's driver (its computer player) lives in the process that holds its lease;
    killed, another process takes the lease once it runs out, and the computer moves."""

    async def scenario() -> None:
        deployment = Deployment(bases(pair))
        clients = await new_game(deployment, bot="balanced")
        await play(clients, actions=3)
        pair[0].kill()
        await finish_and_check(deployment, clients)

    run(scenario())


def test_redis_restarted_mid_game(pair: list[ServeProcess], redis_server: RedisServer) -> None:
    """Without Redis, the processes still serve every room; news of the other process's
    changes comes from the database (every few seconds) until Redis is back."""

    async def scenario() -> None:
        deployment = Deployment(bases(pair))
        clients = await new_game(deployment)
        await play(clients, actions=3)
        redis_server.stop()
        await play(clients, actions=4)
        redis_server.start()
        await finish_and_check(deployment, clients)

    run(scenario())


@pytest.mark.slow
@pytest.mark.parametrize("away", ["stopped", "hung"])
def test_postgres_away_for_seconds_actions_are_refused_then_go_through(
    pair: list[ServeProcess], postgres: PostgresServer, away: str
) -> None:
    """Stopped: connections refused at once. Hung (SIGSTOP: the port open, nobody
    answering): the processes give up on each call after 10 s. The refused action may
    still be stored once the server runs again (its UPDATE was sent): then the next state
    shows it, and acting again on the old ``seq`` is harmless."""

    async def scenario() -> None:
        deployment = Deployment(bases(pair))
        clients = await new_game(deployment)
        await play(clients, actions=3)
        newest = max((c.state for c in clients if c.state), key=lambda s: int(s["seq"]))
        seat = mover_seat(newest)
        assert seat is not None
        mover = clients[seat]
        await mover.wait(lambda s: s["seq"] >= newest["seq"] and bool(s["game"]["legal"]))
        assert mover.state is not None
        before = mover.state["seq"]
        if away == "stopped":
            postgres.stop()
        else:
            postgres.freeze()
        try:
            async with httpx.AsyncClient(timeout=10) as http:
                ready = await http.get(f"{pair[0].base}/api/ready")
            assert ready.status_code == 503
            errors = len(mover.errors)
            action = first_choice(mover.state)
            assert action is not None
            await mover.send({"type": "action", "seq": before, **action})
            await mover.wait_error(errors)
            assert mover.errors[-1]["code"] == "unavailable"
            assert mover.state["seq"] == before  # nothing half-applied, nothing shown
        finally:
            if away == "stopped":
                postgres.start()
            else:
                postgres.thaw()
        await mover.act(action)
        assert mover.state["seq"] == before + 1
        await finish_and_check(deployment, clients)

    run(scenario())
