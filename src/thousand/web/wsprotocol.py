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
from collections import deque
from typing import TYPE_CHECKING, Any

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

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
    ``clear``, ``wait``): set at first, and a list of waiters only while one waits (the
    transport's buffer full)."""

    __slots__ = ("_set", "_waiters")

    def __init__(self) -> None:
        self._set = True
        self._waiters: list[asyncio.Future[None]] | None = None

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


class LeanWebSocketsProtocol(WebSocketsSansIOProtocol):
    """uvicorn's own, without the handshake's request and response once accepted, and
    with an :class:`Inbox` and a :class:`Flag` for its queue and ``writable`` event."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]

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
