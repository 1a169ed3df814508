"""uvicorn's WebSocket protocol (on websockets' sans-I/O core) letting go of the opening
handshake once it is answered, and without the asyncio primitives' deques while idle.

uvicorn keeps the handshake's request and response (each with its parsed headers) on
every connection for as long as it stays open, though neither is read again after the
``websocket.accept``; and its queue of received messages and its ``writable`` event
make five deques per connection, empty nearly all the time: a few kilobytes of every
room held (issue 29). ``thousand serve`` runs this protocol where uvicorn has it
(:func:`~thousand.cli.commands.serve.ws_protocol`)."""

from __future__ import annotations

import asyncio
import struct
from collections import deque
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.protocol import State

try:  # websockets' C helper, as its own parser takes it
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover - a build without it
    from websockets.utils import apply_mask

if TYPE_CHECKING:
    from uvicorn._types import ASGIReceiveEvent, ASGISendEvent


class Inbox:
    """What the protocol asks of its :class:`asyncio.Queue` (``put_nowait``, ``get``,
    ``empty``) for its one reader, the application's task: the messages' deque is made
    when one comes and let go of when the last is taken."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[ASGIReceiveEvent] | None = None
        self._waiter: asyncio.Future[None] | None = None

    def empty(self) -> bool:
        return not self._items

    def put_nowait(self, item: ASGIReceiveEvent) -> None:
        if self._items is None:
            self._items = deque()
        self._items.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def get(self) -> ASGIReceiveEvent:
        while not self._items:
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        item = self._items.popleft()
        if not self._items:
            self._items = None
        return item


class Flag:
    """What the protocol asks of its ``writable`` :class:`asyncio.Event` (``set``,
    ``clear``, ``wait``; ``is_set`` for :meth:`LeanWebSocketsProtocol.write_text`): set
    at first, and a list of waiters only while one waits (the transport's buffer full)."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = True
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> None:
        if self._set:
            return
        waiter = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(waiter)
        try:
            await waiter
        finally:
            if self._waiters is not None and waiter in self._waiters:
                self._waiters.remove(waiter)


def text_frame(data: bytes) -> bytes:
    """``data`` as one unmasked, unfragmented text frame (RFC 6455 §5.2: FIN and the
    text opcode, then the payload's length in 7, 7+16 or 7+64 bits): what websockets'
    ``send_text`` writes for a server without extensions, without its ``Frame`` and
    the checks of its general serializer at every state message (issue 29)."""
    length = len(data)
    if length < 126:
        return bytes((0x81, length)) + data
    if length < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, length) + data
    return struct.pack("!BBQ", 0x81, 127, length) + data


def client_text(data: bytes, limit: int | None) -> str | None:
    """The text of ``data`` when it is exactly one whole text message from a client: one
    masked, unfragmented text frame without extension bits (RFC 6455 §5.2), its payload
    at most ``limit`` bytes (None: any, below 64 KiB) and valid UTF-8; else None, and the
    bytes go through websockets' parser, which answers whatever else they are (part of a
    frame, several, a control frame, a protocol error) as it always has.

    A person's action is one such frame in one read. Parsing it here takes under a
    microsecond against websockets' generators' seven or so (issue 29)."""
    if len(data) < 6 or data[0] != 0x81:  # FIN, no RSV bit, the text opcode
        return None
    head2 = data[1]
    if not head2 & 0x80:  # unmasked: a protocol error, for the parser to answer
        return None
    length = head2 & 0x7F
    start = 6
    if length == 126:
        if len(data) < 8:
            return None
        length = (data[2] << 8) | data[3]
        start = 8
    elif length == 127:
        return None
    if len(data) != start + length or (limit is not None and length > limit):
        return None
    try:
        return apply_mask(data[start:], data[start - 4 : start]).decode()
    except UnicodeDecodeError:
        return None


WRITE_TEXT = "thousand.write_text"
"""The ASGI scope's key under which a room's socket finds :meth:`LeanWebSocketsProtocol.
write_text` of its connection (set by :class:`~thousand.web.routes.App`)."""


class LeanWebSocketsProtocol(WebSocketsSansIOProtocol):
    """uvicorn's own, without the handshake's request and response once accepted, and
    with an :class:`Inbox` and a :class:`Flag` for its queue and ``writable`` event; a
    message written at once when it need not wait (:meth:`write_text`), and a whole text
    message read at once (:meth:`data_received`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]

    def data_received(self, data: bytes) -> None:
        """A whole text message in ``data`` (:func:`client_text`) goes to the application
        as uvicorn's own handling of it would send it, when nothing is half-read: the
        connection open, no fragmented message under way, no extension, nothing in the
        parser's buffer, no close sent. Anything else goes through websockets' parser."""
        conn = self.conn
        if (
            conn.state is State.OPEN
            and conn.current_size is None
            and not conn.extensions
            and not conn.reader.buffer
            and not self.close_sent
        ):
            limit = conn.max_message_size
            if conn.max_fragment_size is not None:
                limit = (
                    conn.max_fragment_size if limit is None else min(limit, conn.max_fragment_size)
                )
            text = client_text(data, limit)
            if text is not None:
                self.queue.put_nowait({"type": "websocket.receive", "text": text})
                if not self.read_paused:
                    self.read_paused = True
                    self.transport.pause_reading()
                return
        super().data_received(data)

    def write_text(self, data: bytes) -> bool:
        """Frame ``data`` (UTF-8 JSON) as a text message and hand it to the transport
        now, as ``send`` does with ``websocket.send`` when it does not wait: True when
        written, False when it would have to wait or cannot be sent (not yet accepted,
        closing, the transport's buffer full), and the caller goes the ASGI way.

        A state message goes out so from the broadcast itself, without a task, a
        coroutine of each of Starlette's and uvicorn's ``send``, and the decoding and
        encoding again of its text (issue 29)."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or not self.writable.is_set()
        ):
            return False
        conn = self.conn
        if conn.state is State.OPEN and not (
            conn.extensions or conn.expect_continuation_frame or conn.writes
        ):
            self.transport.write(text_frame(data))
            return True
        try:
            conn.send_text(data)
        except InvalidState:
            return False
        self.transport.write(b"".join(conn.data_to_send()))
        return True

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            # read by handle_connect and by the accept above only; the request stays in
            # websockets' parser (a local of its generator, suspended for the connection's
            # life), so its headers are emptied, not only let go of here
            request = self.__dict__.pop("request", None)
            if request is not None:
                request.headers.clear()
            self.__dict__.pop("response", None)
