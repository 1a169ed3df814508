"""``thousand.web.client.SeatClient`` across a process's death, against two scripted
WebSocket servers: the first dies on the action it is sent, the second answers it.

The client's promise is that an action sent into a connection that breaks is sent again
on the next one. It once counted the reconnection before the new connection was open,
so the action went again into the dead one and was lost: under load, a game of the kill
benchmark waited for ever (a person to move, both seats connected, nothing happening).
Opening the second connection slowly makes that window wide enough to hit every time.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets
from websockets.asyncio.server import ServerConnection, serve

from thousand.web.client import Deployment, SeatClient


def _state(seq: int) -> str:
    game = {"legal": ["throw"], "turns": [], "winner": None, "to_move": "Anna", "players": []}
    return json.dumps({"type": "state", "seq": seq, "room": {"status": "playing"}, "game": game})


async def _dies_on_an_action(socket: ServerConnection) -> None:
    await socket.send(_state(1))
    async for _message in socket:
        await socket.close()  # the process dies with the action unanswered
        return


async def _answers(socket: ServerConnection) -> None:
    await socket.send(_state(1))
    async for raw in socket:
        message = json.loads(raw)
        if message.get("type") == "action" and message["seq"] == 1:
            await socket.send(_state(2))


def test_an_action_cut_off_by_a_dying_process_is_sent_again_on_the_next(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    connect = websockets.connect

    async def slowly(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(1.5)  # reopening takes longer than act looks again (1 s)
        return await connect(*args, **kwargs)

    async def scenario() -> float:
        async with (
            serve(_dies_on_an_action, "127.0.0.1", 0) as dying,
            serve(_answers, "127.0.0.1", 0) as answering,
        ):
            bases = [
                f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
                for server in (dying, answering)
            ]
            seat = SeatClient(Deployment(bases, timeout=5.0), "room", "token")
            await seat.connect()
            monkeypatch.setattr(websockets, "connect", slowly)  # as the client calls it
            try:
                took = await seat.act({"action": "throw"}, timeout=5.0)
            finally:
                await seat.close()
            assert seat.state is not None and seat.state["seq"] == 2
            assert seat.reconnects == 1 and seat.broken == [] and seat.errors == []
            return took

    assert asyncio.run(scenario()) < 5.0
