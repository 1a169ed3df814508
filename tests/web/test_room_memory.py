"""What a room held in memory keeps between changes (issue 29: under 50 KB an idle room):
no view of an older ``seq``, one sheet of finished turns (not one per turn), a
connection without a sender task, queue or deque while nothing waits, nothing kept by a
sender after sending it."""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
from pathlib import Path
from typing import Any, cast

import pytest
import websockets
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocketDisconnect
from websockets.frames import Frame, Opcode

from tests.web.serve_process import ServeProcess
from thousand.core.chance import commitment
from thousand.core.i18n import translator
from thousand.games.dice1000.playsheet import sheet_cells
from thousand.web.client import Deployment
from thousand.web.limits import ConnectionLimits
from thousand.web.live import OUTBOX, Connection
from thousand.web.protocol import CreateRoom, Options
from thousand.web.rooms.base import BaseRoom
from thousand.web.rooms.dice1000.view import record_view
from thousand.web.tables import game_view, room_type
from thousand.web.wsprotocol import Flag, Inbox, text_frame

from .support import connect, create_room, new_app, running


def _dice_room() -> BaseRoom:
    room, _token = room_type("dice1000").create(
        CreateRoom.model_validate({"name": "Anna", "seats": [{"open": True}]})
    )
    room.join("Boris")
    return room


def _act(room: BaseRoom, number: int) -> None:
    """The ``number``-th action of a run: a throw, or (every other action) a stop when the
    mover may stop; by whoever is to move."""
    mover = room.mover
    assert mover is not None
    legal = game_view(room, mover, translator("en"), [True, True])["legal"]
    action = "stop" if "stop" in legal and number % 2 else "throw"
    room.act(mover, action if action in legal else legal[0], room.seq)


def test_a_room_keeps_no_shared_view_of_an_older_seq() -> None:
    room = _dice_room()
    en = translator("en")
    for number in range(5):
        game_view(room, 0, en, [True, True])
        game_view(room, 1, en, [True, False])
        _act(room, number)
    game_view(room, None, en, [True, True])
    assert {key[0] for key in room.view_cache} == {room.seq}


def test_the_sheet_of_finished_turns_is_kept_once() -> None:
    """The finished turns' cells are made once per turn, and only the latest kept."""
    room = _dice_room()
    en = translator("en")
    # throws and stops by turns until two turns are finished: a run of hot dice can keep
    # one turn going for a dozen throws, so the count of actions is not fixed
    for number in range(400):
        assert room.session is not None
        if len(room.session.record.rows) >= 2:
            break
        _act(room, number)
        game_view(room, None, en, [True, True])
    assert room.session is not None and len(room.session.record.rows) >= 2
    sheets = [key for key in room._memo if key[0] == "sheet"]
    assert sheets == [("sheet", "en")]


def test_latest_makes_again_only_for_a_new_version() -> None:
    room = _dice_room()
    made: list[int] = []

    def make(value: int) -> list[int]:
        made.append(value)
        return [value]

    assert room.latest(("slot",), 1, lambda: make(1)) == [1]
    assert room.latest(("slot",), 1, lambda: make(9)) == [1]
    assert room.latest(("slot",), 2, lambda: make(2)) == [2]
    assert made == [1, 2]
    assert len([key for key in room._memo if key == ("slot",)]) == 1


class _Socket:
    """A WebSocket whose sends wait for ``open`` (a client slow to read, while unset)."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False
        self.fail = False
        self.open = asyncio.Event()
        self.open.set()

    async def send_text(self, text: str) -> None:
        await self.open.wait()
        if self.fail:
            raise RuntimeError("the client went away")
        self.sent.append(text)

    async def close(self) -> None:
        await self.open.wait()
        self.closed = True


def _connection(socket: _Socket) -> Connection:
    return Connection(cast("Any", socket), None, "en", ConnectionLimits())


async def _settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_connection_sends_in_order_and_holds_no_task_once_idle() -> None:
    async def scenario() -> None:
        socket = _Socket()
        connection = _connection(socket)
        assert connection._sender is None and connection._outbox is None
        socket.open.clear()
        connection.send("a")
        connection.send("b")
        sender = connection._sender
        assert sender is not None and connection.waiting == 2
        await _settle()
        assert connection.waiting == 1  # "a" is being sent
        connection.send("c")
        assert connection._sender is sender  # one sender at a time
        socket.open.set()
        await _settle()
        assert socket.sent == ["a", "b", "c"] and sender.done()
        assert connection._sender is None and connection._outbox is None
        connection.send("d")
        connection.close()
        connection.send("never")
        await _settle()
        assert socket.sent == ["a", "b", "c", "d"] and socket.closed and connection.ended

    asyncio.run(scenario())


def test_a_client_too_slow_is_cut_off_and_its_backlog_let_go_of() -> None:
    async def scenario() -> None:
        socket = _Socket()
        connection = _connection(socket)
        socket.open.clear()
        for number in range(OUTBOX):
            connection.send(f"m{number}")
        await _settle()
        assert connection.waiting == OUTBOX - 1  # the first is being sent
        connection.send("the last one kept")
        assert connection.waiting == OUTBOX
        connection.send("one too many")
        assert connection.waiting == 0 and not connection.ended
        socket.open.set()
        await _settle()
        assert socket.sent == ["m0"] and socket.closed and connection.ended
        assert connection._sender is None

    asyncio.run(scenario())


def test_a_failed_send_ends_the_connection_and_a_stopped_one_sends_nothing() -> None:
    async def scenario() -> None:
        socket = _Socket()
        connection = _connection(socket)
        socket.fail = True
        connection.send("a")
        connection.send("b")
        await _settle()
        assert connection.ended and socket.closed and connection.waiting == 0
        other = _Socket()
        stopped = _connection(other)
        other.open.clear()
        stopped.send("x")
        sender = stopped._sender
        stopped.stop()
        other.open.set()
        await _settle()
        assert sender is not None and sender.cancelled() and other.sent == []
        stopped.send("y")
        assert stopped._sender is sender and other.sent == []

    asyncio.run(scenario())


def test_a_message_that_need_not_wait_is_written_at_once_and_never_overtakes() -> None:
    """With the protocol's ``write`` (``thousand serve``), a message goes out from the
    call itself; once one has to wait, it and every one after it are queued, in order,
    until the queue is empty again."""

    async def scenario() -> None:
        socket = _Socket()
        written: list[bytes] = []
        ready = [True]

        def write(data: bytes) -> bool:
            if ready[0]:
                written.append(data)
            return ready[0]

        connection = Connection(cast("Any", socket), None, "en", ConnectionLimits(), write)
        connection.send(b'{"a":1}')
        connection.send('{"b":"\u0434"}')  # text is encoded, as the socket would
        assert written == [b'{"a":1}', '{"b":"\u0434"}'.encode()]
        assert connection._sender is None and connection._outbox is None
        ready[0] = False
        socket.open.clear()
        connection.send(b"c")
        ready[0] = True  # writable again, but "c" waits: "d" must not overtake it
        connection.send(b"d")
        assert len(written) == 2 and connection.waiting == 2
        socket.open.set()
        await _settle()
        assert socket.sent == ["c", "d"] and connection._sender is None
        connection.send(b"e")
        assert written[-1] == b"e" and socket.sent == ["c", "d"]

    asyncio.run(scenario())


def test_a_write_that_fails_closes_the_connection() -> None:
    async def scenario() -> None:
        socket = _Socket()

        def write(_data: bytes) -> bool:
            raise OSError("the transport is gone")

        connection = Connection(cast("Any", socket), None, "en", ConnectionLimits(), write)
        connection.send(b"a")
        connection.send(b"b")
        await _settle()
        assert socket.sent == [] and socket.closed and connection.ended

    asyncio.run(scenario())


def test_the_turn_in_progress_leaves_the_kept_sheet_as_it_was() -> None:
    """The cells of finished turns kept on the room are shared by every view after them:
    the turn in progress is added to a copy of its row only."""
    room = _dice_room()
    en = translator("en")
    checked = 0
    for _ in range(200):
        game_view(room, None, en, [True, True])
        kept = copy.deepcopy(room._memo[("sheet", "en")])
        mover = room.mover
        assert mover is not None
        room.act(mover, "throw", room.seq)
        rounds = game_view(room, None, en, [True, True])["view"]["sheet"]["rounds"]
        if room._memo[("sheet", "en")][0] == kept[0] and kept[0] >= 2:
            assert room._memo[("sheet", "en")] == kept  # same turns: not written to
            if any("+" in cell for row in rounds for cell in row):
                assert not any("+" in cell for row in kept[1][1] for cell in row)
                checked += 1
        if checked >= 3 or room.status == "over":
            break
    assert checked >= 1


def test_the_sheet_grown_turn_by_turn_is_the_sheet_written_whole() -> None:
    """A whole game: after every change, the sheet the room keeps (written a round at a
    time) is the one written from the game's first turn, and the replay's turns (the
    finished ones kept) are the ones made whole."""
    room = _dice_room()
    en = translator("en")
    turns = 0
    while room.status != "over" and turns < 3000:
        mover = room.mover
        assert mover is not None and room.session is not None
        legal = game_view(room, mover, en, [True, True])["legal"]
        stop = "stop" in legal and room.observation(mover).turn_total >= 150
        room.act(mover, "stop" if stop else legal[0], room.seq)
        view = game_view(room, None, en, [True, True])
        assert room.session is not None
        state = room.observation(None)
        turns_now = cast("Any", room.session).turns
        whole = sheet_cells(en, state, turns_now, state.turn_total or None)
        assert view["view"]["sheet"]["rounds"] == whole
        assert view["turns"] == record_view(cast("Any", room.session), state)["turns"]
        turns += 1
    assert room.status == "over"


def test_the_options_dump_is_made_once_and_never_shared() -> None:
    options = Options(advisor=True)
    first = options.doc()
    first["advisor"] = False
    first["extra"] = 1
    assert options.doc() == options.model_dump() == Options(advisor=True).model_dump()
    assert options.doc() is not options.doc()
    assert options == Options(advisor=True) and hash(options) == hash(Options(advisor=True))


def test_a_rooms_socket_is_served_by_starlettes_own_route(tmp_path: Path) -> None:
    """FastAPI's socket route wraps each connection in an exit stack and frames of its own,
    held as long as the connection is open; the room's socket needs none of it."""
    app = new_app(tmp_path)
    routes = [route for route in app.router.routes if getattr(route, "path", "").startswith("/ws/")]
    assert [type(route) for route in routes] == [WebSocketRoute]


def test_a_rooms_socket_is_served_ahead_of_the_middleware(tmp_path: Path) -> None:
    """The middleware's frames would be held as long as the connection stays open: a
    room's socket never enters it, while HTTP and other sockets still do."""
    app = new_app(tmp_path)
    entered: list[tuple[str, str]] = []
    with running(app) as client:
        stack = app.middleware_stack
        assert stack is not None

        async def recording(scope: Any, receive: Any, send: Any) -> None:
            entered.append((scope["type"], scope["path"]))
            await stack(scope, receive, send)

        app.middleware_stack = recording
        room, token = create_room(client)
        with contextlib.ExitStack() as sockets:
            conn = connect(sockets, client, room, token)
            state = conn.next_state()
            assert state["you"] == 0 and state["seq"] >= 0
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/elsewhere"):
            pass
    assert ("http", "/api/rooms") in entered and ("websocket", "/ws/elsewhere") in entered
    assert not any(path.startswith("/ws/rooms/") for _kind, path in entered)


def test_the_commitment_shown_is_the_current_seeds() -> None:
    """Made once per seed, the commitment follows the seed (a rematch draws a new one)."""
    room = _dice_room()
    first = room.dice_commitment
    assert first == commitment(room.seed)
    room.seed = bytes(len(room.seed))
    assert room.dice_commitment == commitment(room.seed) != first


def test_the_protocols_inbox_keeps_order_and_holds_nothing_once_empty() -> None:
    async def scenario() -> list[Any]:
        inbox = Inbox()
        taken: list[Any] = []

        async def reader() -> None:
            while len(taken) < 3:
                taken.append(cast("Any", await inbox.get())["n"])

        task = asyncio.create_task(reader())
        await asyncio.sleep(0)
        assert inbox.empty()
        inbox.put_nowait(cast("Any", {"n": 1}))
        inbox.put_nowait(cast("Any", {"n": 2}))
        assert not inbox.empty()
        await asyncio.sleep(0)
        inbox.put_nowait(cast("Any", {"n": 3}))
        await task
        assert inbox.empty() and inbox._items is None and inbox._waiter is None
        return taken

    assert asyncio.run(scenario()) == [1, 2, 3]


def test_the_protocols_writable_flag_holds_back_until_set() -> None:
    async def scenario() -> None:
        flag = Flag()
        await flag.wait()  # set at first
        flag.clear()
        waiting = asyncio.create_task(flag.wait())
        await asyncio.sleep(0)
        assert not waiting.done() and flag._waiters is not None
        flag.set()
        await waiting
        assert flag._waiters is None
        await flag.wait()

    asyncio.run(scenario())


def test_under_thousand_serve_messages_written_at_once_are_text_frames(tmp_path: Path) -> None:
    """The protocol's own writing (``write_text``) frames what the broadcast encoded as
    text, as the ASGI way does: a browser reads a string, not a Blob. A real process,
    real sockets: the states of a game's first moves, a chat line and a pong."""

    async def scenario(base: str) -> list[str | bytes]:
        deployment = Deployment([base])
        made = await deployment.post("/api/rooms", {"name": "Anna", "seats": [{"open": True}]})
        room = made["room"]
        joined = await deployment.post(f"/api/rooms/{room}/join", {"name": "Boris"})
        address = base.replace("http", "ws", 1) + f"/ws/rooms/{room}?token="
        frames: list[str | bytes] = []
        async with (
            websockets.connect(address + made["token"]) as anna,
            websockets.connect(address + joined["token"]) as boris,
        ):
            state = json.loads(await anna.recv())
            while state["type"] != "state" or state["game"]["legal"] != ["throw"]:
                state = json.loads(await anna.recv())
            await anna.send(json.dumps({"type": "action", "seq": state["seq"], "action": "throw"}))
            await anna.send(json.dumps({"type": "chat", "text": "привет"}))
            await anna.send(json.dumps({"type": "ping"}))
            for socket, last in ((boris, '"chat"'), (anna, '"pong"')):
                frame: str | bytes = ""
                while last not in str(frame):
                    frame = await asyncio.wait_for(socket.recv(), 10)
                    frames.append(frame)
        return frames

    with ServeProcess(tmp_path, "server", f"sqlite:///{tmp_path / 'db.sqlite'}") as server:
        frames = asyncio.run(scenario(server.base))
    assert all(isinstance(frame, str) for frame in frames)
    messages = [json.loads(frame) for frame in frames]
    thrown = [m for m in messages if m["type"] == "state" and m["game"]["turn"] is not None]
    assert thrown and thrown[0]["game"]["turn"]["throws"]
    assert any(m["type"] == "chat" and m["text"] == "привет" for m in messages)
    assert messages[-1] == {"type": "pong"}


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 70000])
def test_a_text_frame_written_at_once_is_websockets_own(length: int) -> None:
    """``write_text``'s frame is byte for byte what websockets serializes for a server's
    text message, at every size of the length field (7, 16 and 64 bits)."""
    data = ("й" * length).encode()[:length]
    expected = Frame(Opcode.TEXT, data).serialize(mask=False, extensions=[])
    assert text_frame(data) == expected
