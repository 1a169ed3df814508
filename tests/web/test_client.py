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
from websockets.asyncio.server import ServerConnection, serve

from thousand.web.client import Deployment, SeatClient
from thousand.web.clientsocket import ClientSocket


def _state(seq: int, turns: int = 0, connected: bool = True) -> str:
    game = {
        "legal": ["throw"],
        "turns": [{"player": "Anna", "points": 50}] * turns,
        "winner": None,
        "to_move": "Anna",
        "players": [{"name": "Anna", "score": 50 * turns, "connected": connected}],
    }
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
    connect = ClientSocket.connect

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
            monkeypatch.setattr(ClientSocket, "connect", slowly)  # as the client calls it
            try:
                took = await seat.act({"action": "throw"}, timeout=5.0)
            finally:
                await seat.close()
            assert seat.state is not None and seat.state["seq"] == 2
            assert seat.reconnects == 1 and seat.broken == [] and seat.errors == []
            return took

    assert asyncio.run(scenario()) < 5.0


def test_a_state_taken_back_or_changed_at_its_seq_is_noticed() -> None:
    """What a player would notice, over one connection: a state shown again at its
    ``seq`` may differ in who is connected, not in the game (turns, scores); a lower
    ``seq`` takes a state back. A message that is not JSON, or not a message of the
    protocol, is noticed too, and the connection reads on; a message of several frames
    arrives whole."""

    async def shows(socket: ServerConnection) -> None:
        await socket.send(_state(3, turns=1))
        await socket.send(_state(3, turns=1, connected=False))  # only presence moved
        await socket.send(_state(3, turns=2))  # the same seq, another game
        await socket.send(_state(2, turns=2))  # taken back
        await socket.send("{not json")
        await socket.send('{"type": "state", "game": {}}')  # no seq
        await socket.send("[1, 2]")  # not an object
        await socket.send(
            [part.encode() for part in (_state(4, turns=3)[:20], _state(4, turns=3)[20:])]
        )
        await socket.wait_closed()

    async def scenario() -> SeatClient:
        async with serve(shows, "127.0.0.1", 0) as server:
            base = f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"
            seat = SeatClient(Deployment([base], timeout=5.0), "room", "token", keep_states=True)
            await seat.connect()
            try:
                await seat.wait(lambda state: state["seq"] == 4, 5.0)
            finally:
                await seat.close()
            return seat

    seat = asyncio.run(scenario())
    assert [state["seq"] for state in seat.states] == [3, 3, 3, 2, 4]
    assert seat.broken == [
        "the state at seq 3 changed",
        "seq went back from 3 to 2",
        "a message that is not JSON: b'{not json'",
        "a message not as PROTOCOL.md says (KeyError('seq')): "
        + repr(b'{"type": "state", "game": {}}'),
        "a message not as PROTOCOL.md says (AttributeError(\"'list' object has no attribute"
        " 'get'\")): b'[1, 2]'",
    ]
