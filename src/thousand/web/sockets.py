"""A room's WebSocket (PROTOCOL.md ``/ws/rooms/{room}``): one connection's life and what
it sends.

A connection gets the room's state first (then every change, from the hub's broadcast),
its recent chat, and sends ``action``, ``chat``, ``rematch`` and ``ping`` messages, each
refused with an ``error`` to it alone or carried out through the hub (:meth:`Hub.change
<thousand.web.hub.Hub.change>`). A module of its own because a connection's loop, its
rate limits and the checks of what it sends are one job, apart from holding rooms (the
hub) and from the HTTP routes. A token is hashed on arrival and never logged.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from thousand.core.i18n import translator
from thousand.web.hub import Hub, unavailable
from thousand.web.jsontext import dumps
from thousand.web.limits import ConnectionLimits
from thousand.web.live import Connection, LiveRoom, language_of
from thousand.web.protocol import (
    ActionMessage,
    ChatMessage,
    PingMessage,
    ProtocolError,
    RematchMessage,
    parse_client_message,
)
from thousand.web.rooms.base import BaseRoom, hash_token
from thousand.web.store import StoreError
from thousand.web.wsprotocol import WRITE_TEXT

log = logging.getLogger("thousand.web")


async def serve_socket(hub: Hub, socket: WebSocket, room_id: str) -> None:
    """One connection's life: the state first, then its messages until it closes."""
    await socket.accept()
    try:
        live = await hub.get(room_id)
    except ProtocolError as exc:  # no such room (4404: the page says so and stops), or
        # the database away for now (1013 "try again later": the page reconnects)
        await socket.send_json(exc.ws_message())
        await socket.close(code=4404 if exc.code == "not_found" else 1013)
        return
    token = socket.query_params.get("token")
    token_hash = hash_token(token) if token else None
    connection = Connection(
        socket,
        None,
        language_of(socket.query_params.get("lang")),
        ConnectionLimits(),
        socket.scope.get(WRITE_TEXT),
    )
    if token_hash is not None:
        if live.room.seat_of(token_hash) is None:
            connection.send(
                _json(
                    ProtocolError(
                        "bad_token", "unknown token: watching as a spectator"
                    ).ws_message()
                )
            )
        else:
            connection.token_hash = token_hash
    rate = hub.settings.action_rate or 1e9  # 0: no limit (not the stricter defaults)
    connection.limits.actions.rate = rate
    connection.limits.actions.burst = connection.limits.actions.tokens = rate * 4
    connection.limits.messages.rate = rate * 2
    connection.limits.messages.burst = connection.limits.messages.tokens = rate * 8
    live.connections.add(connection)
    hub.presence_changed(live)  # the newcomer's state, and everyone's "connected"
    for line in list(live.chat):
        connection.send(_json(line))
    log.info("room %s: connection (seat %s)", room_id, live.room.seat_of(connection.token_hash))
    try:
        while True:
            try:
                raw = await socket.receive()
            except RuntimeError:
                break
            if raw["type"] == "websocket.disconnect":
                break
            data = raw.get("text") if raw.get("text") is not None else raw.get("bytes")
            if data is None:
                continue
            try:
                await on_message(hub, live, connection, data)
            except ProtocolError as exc:
                message = exc.ws_message()
                if exc.refused is not None:  # the engine's reason, in the player's words
                    tr = translator(connection.language)
                    message["text"] = live.room.refusal_text(tr, exc.refused)
                connection.send(_json(message))
            except Exception as exc:  # a bug: the client hears one line, never a trace
                log.exception("room %s: internal error on a message", room_id)
                error = ProtocolError("internal", f"internal error ({exc.__class__.__name__})")
                connection.send(_json(error.ws_message()))
            live = hub.rooms.get(room_id, live)
            if connection.ended:
                break
    except WebSocketDisconnect:
        pass
    finally:
        live.connections.discard(connection)
        connection.stop()
        hub.presence_changed(live)


def _json(data: dict[str, Any]) -> str:
    return dumps(data)


async def on_message(hub: Hub, live: LiveRoom, connection: Connection, raw: str | bytes) -> None:
    """One message: refused with an ``error`` to its sender alone, or carried out
    (the database failing on the way, a chat line or a rematch's record included, is
    ``unavailable``)."""
    try:
        await _on_message(hub, live, connection, raw)
    except StoreError:
        hub.metrics.store_error()
        raise unavailable() from None


async def _on_message(hub: Hub, live: LiveRoom, connection: Connection, raw: str | bytes) -> None:
    if not connection.limits.messages.take():
        raise ProtocolError("rate_limited", "too many messages: slow down", 429)
    message = parse_client_message(raw)
    seat = live.room.seat_of(connection.token_hash)
    if isinstance(message, PingMessage):
        connection.send('{"type":"pong"}')
    elif isinstance(message, ActionMessage):
        if not connection.limits.actions.take():
            raise ProtocolError("rate_limited", "too many actions: slow down", 429)

        async def act(room: BaseRoom) -> None:
            room.act(
                seat,
                message.action,
                message.seq,
                message.dice,
                keep=message.keep,
                box=message.box,
                places=message.places,
                **message.card_fields(),
            )

        started = time.perf_counter()
        try:
            if message.seq > live.room.seq:  # the client saw more than this copy has:
                await hub.refresh([live])  # another process's change, not heard yet
            await hub.change(live, act)
        except ProtocolError as exc:
            hub.metrics.action("conflict" if exc.code == "busy" else "refused", started)
            raise
        hub.metrics.action("accepted", started)
    elif isinstance(message, ChatMessage):
        await _chat(hub, live, connection, seat, message.text)
    elif isinstance(message, RematchMessage):

        async def rematch(room: BaseRoom) -> None:
            finished = room.record()
            number = room.number
            if room.ask_rematch(seat) and finished is not None:
                await hub.store.run(hub.store.store.save_game, room.id, number, finished)

        await hub.change(live, rematch)


async def _chat(
    hub: Hub, live: LiveRoom, connection: Connection, seat: int | None, text: str
) -> None:
    if not connection.limits.chat.take():
        raise ProtocolError("rate_limited", "too many chat messages: slow down", 429)
    if seat is None and live.room.options.mute_spectators:
        raise ProtocolError("spectator", "spectators cannot write in this room's chat")
    text = text.strip()
    if not text or not text.isprintable():
        raise ProtocolError("bad_message", "text: empty, or has control characters")
    name = live.room.seats[seat].name if seat is not None else None
    message = {
        "type": "chat",
        "seat": seat,
        "name": name or "",
        "text": text,
        "at": datetime.now(UTC).replace(microsecond=0).isoformat(),
    }
    await hub.store.run(hub.store.store.add_chat, live.room.id, message)
    hub.send_chat(live, message)
    await hub.cluster.publish_chat(live.room.id, message)
