"""A client's WebSocket on websockets' sans-I/O protocol, for :class:`thousand.web.client.
SeatClient`: each message handed to a callback from the transport's own ``data_received``.

websockets' asyncio client runs a reader task per connection and passes every message
through its assembler's queue and futures to whoever iterates the connection: well over
half of what a script's client spends on a message (issue 29: the load benchmark's two
thousand clients used as much processor time as the server they measured, on the same
machine, and held its latencies up). The sans-I/O ``ClientProtocol`` is the same
library's parser and handshake, documented for exactly this use: bytes in, events and
bytes out, the I/O left to the caller. Pings are answered by the protocol itself; the
close handshake is its own too.

What this socket does not do is a keepalive of its own: a server that goes away closes
its sockets (a killed process's kernel does), which ends the connection here; a network
that silently drops everything is caught by the caller's own time limits
(:meth:`SeatClient.act <thousand.web.client.SeatClient.act>` raises ``TimeoutError``).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable
from typing import cast

from websockets.client import ClientProtocol
from websockets.exceptions import InvalidState
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import WebSocketURI, parse_uri

CLOSE_SECONDS = 2.0
"""How long a closing connection waits for the server's side of the close handshake."""


class ClientSocket(asyncio.Protocol):
    """One open WebSocket: :meth:`connect`, :meth:`send`, :meth:`close`; every message
    received goes to ``on_message`` as UTF-8 bytes, in order; :attr:`closed` is done once
    the connection is over, whoever ended it."""

    def __init__(self, uri: WebSocketURI, on_message: Callable[[bytes], None]) -> None:
        self.protocol = ClientProtocol(uri)
        self.on_message = on_message
        loop = asyncio.get_running_loop()
        self.opened: asyncio.Future[None] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self._transport: asyncio.Transport | None = None
        self._parts: list[bytes] = []
        """The frames of a fragmented message so far."""
        self._ending: asyncio.TimerHandle | None = None
        """The transport's closing, due if the server does not close it first."""

    @classmethod
    async def connect(
        cls,
        address: str,
        on_message: Callable[[bytes], None],
        timeout: float,
        tls: ssl.SSLContext | None = None,
    ) -> ClientSocket:
        """Open a WebSocket to ``address`` (``ws://`` or ``wss://``, TLS with ``tls``)
        within ``timeout`` seconds: OSError, a websockets handshake error or
        TimeoutError otherwise."""
        uri = parse_uri(address)
        loop = asyncio.get_running_loop()
        socket = cls(uri, on_message)
        async with asyncio.timeout(timeout):
            transport, _ = await loop.create_connection(
                lambda: socket,
                uri.host,
                uri.port,
                ssl=(tls or ssl.create_default_context()) if uri.secure else None,
            )
            try:
                await socket.opened
            except BaseException:
                transport.abort()
                raise
        return socket

    # -- asyncio.Protocol ---------------------------------------------------------------

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        # uvloop's transports are not asyncio.Transport's subclasses, but have its methods
        self._transport = cast("asyncio.Transport", transport)
        self.protocol.send_request(self.protocol.connect())
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.protocol.receive_data(data)
        for event in self.protocol.events_received():
            if isinstance(event, Response):
                if not self.opened.done():
                    if self.protocol.handshake_exc is not None:
                        self.opened.set_exception(self.protocol.handshake_exc)
                    else:
                        self.opened.set_result(None)
            elif isinstance(event, Frame):
                self._frame(event)
        self._flush()

    def eof_received(self) -> bool | None:
        self.protocol.receive_eof()
        self._flush()
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        self.protocol.receive_eof()
        if self._ending is not None:
            self._ending.cancel()
        if not self.opened.done():
            self.opened.set_exception(exc or ConnectionError("closed during the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    # -- what the client does -----------------------------------------------------------

    def send(self, text: bytes) -> None:
        """Send a text message, ``text`` in UTF-8, now (the transport buffers it);
        ``InvalidState`` once the connection is closing or closed."""
        if self.protocol.state is not State.OPEN:
            raise InvalidState(f"connection is {self.protocol.state.name.lower()}")
        self.protocol.send_text(text)
        self._flush()

    async def close(self) -> None:
        """The close handshake, waited for at most :data:`CLOSE_SECONDS`; then the
        connection is closed whatever the server did."""
        if self.protocol.state is State.OPEN:
            self.protocol.send_close()
            self._flush()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.closed), CLOSE_SECONDS)
        if self._transport is not None:
            self._transport.abort()

    # -- inside ---------------------------------------------------------------------

    def _frame(self, frame: Frame) -> None:
        if frame.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
            if frame.fin and not self._parts:
                self.on_message(bytes(frame.data))
            elif frame.fin:
                self._parts.append(bytes(frame.data))
                message, self._parts = b"".join(self._parts), []
                self.on_message(message)
            else:
                self._parts.append(bytes(frame.data))

    def _flush(self) -> None:
        """Write what the protocol has to send; half-close for its end of stream, and
        close the transport once the protocol expects the connection to end."""
        transport = self._transport
        if transport is None:
            return
        for data in self.protocol.data_to_send():
            if data:
                transport.write(data)
            elif transport.can_write_eof():
                transport.write_eof()
        if self._ending is None and self.protocol.close_expected():
            self._ending = asyncio.get_running_loop().call_later(CLOSE_SECONDS, transport.abort)
