"""uvicorn's WebSocket protocol (on websockets' sans-I/O core) letting go of the opening
handshake once it is answered.

uvicorn keeps the handshake's request and response (each with its parsed headers) on
every connection for as long as it stays open, though neither is read again after the
``websocket.accept``: a few kilobytes of every room held (issue 29). ``thousand serve``
runs this protocol where uvicorn has it (:func:`ws_protocol`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

if TYPE_CHECKING:
    from uvicorn._types import ASGISendEvent


class LeanWebSocketsProtocol(WebSocketsSansIOProtocol):
    """uvicorn's own, without the handshake's request and response once accepted."""

    async def send(self, message: ASGISendEvent) -> None:
        await super().send(message)
        if message["type"] == "websocket.accept" and self.handshake_complete:
            # read by handle_connect and by the accept above only
            self.__dict__.pop("request", None)
            self.__dict__.pop("response", None)
