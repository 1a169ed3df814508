"""The database failing under a running server, in one process: every way a client meets
it is ``unavailable`` (never ``internal``), nothing is half-applied, and a database that
hangs costs a bounded wait, not a room held for as long as it hangs.

The store is made to fail by replacing one of its methods on the running server; the
real PostgreSQL frozen mid-game is in ``test_cluster``.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path
from typing import Any, NoReturn

import pytest
from sqlalchemy.exc import OperationalError

from tests.web.support import connect, create_room, join_room, new_app, running, settle
from thousand.web.hub import Hub
from thousand.web.store import AsyncStore, Store, StoreError


def _refuse(*_args: Any) -> NoReturn:
    raise OperationalError("UPDATE rooms", {}, Exception("connection refused"))


def _hub(client: Any) -> Hub:
    hub: Hub = client.app.state.hub
    return hub


def test_a_store_call_that_hangs_fails_once_its_time_is_up(tmp_path: Path) -> None:
    store = AsyncStore(Store(f"sqlite:///{tmp_path}/s.db"), timeout=0.2)

    async def hang() -> None:
        await store.run(time.sleep, 1.0)  # would return None, were it waited for

    try:
        with pytest.raises(StoreError, match=r"^database sqlite file .*: no answer within 0.2 s$"):
            asyncio.run(hang())
    finally:
        store.close()


def test_a_socket_to_a_room_the_database_cannot_read_is_told_to_come_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not 4404 (the page would say the room is gone for good): 1013, try again later."""
    with running(new_app(tmp_path)) as client:
        monkeypatch.setattr(_hub(client).store.store, "load_room", _refuse)
        with client.websocket_connect("/ws/rooms/elsewhere") as socket:
            message = socket.receive_json()
            closing = socket.receive()
    assert (message["type"], message["code"]) == ("error", "unavailable")
    assert closing == {"type": "websocket.close", "code": 1013, "reason": ""}


def test_an_action_and_a_chat_line_the_database_refuses_are_unavailable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        _seat, other = join_room(client, room)
        anna, boris = connect(stack, client, room, token), connect(stack, client, room, other)
        settle(anna, boris)
        seq = anna.latest()["seq"]
        store = _hub(client).store.store
        monkeypatch.setattr(store, "append_rooms", _refuse)
        monkeypatch.setattr(store, "add_chat", _refuse)
        anna.send({"type": "action", "action": "throw", "seq": seq})
        refused = anna.error()
        anna.send({"type": "chat", "text": "hello"})
        silenced = anna.error()
        monkeypatch.undo()
        shown = anna.sync() + boris.sync()
        assert all(m["seq"] == seq for m in shown if m["type"] == "state")  # nothing new
        anna.send({"type": "action", "action": "throw", "seq": seq})
        assert anna.state_at(seq + 1)["seq"] == seq + 1  # the same action, once it stores
    for error in (refused, silenced):
        assert error["code"] == "unavailable", error
        assert "try again" in error["message"]
