"""A room in the server's memory (:class:`LiveRoom`) and a client connected to it
(:class:`Connection`).

A module of its own because the hub (:mod:`.hub`), the driver of computers and clocks
(:mod:`.driver`) and the WebSocket loop (:mod:`.sockets`) all hold these, and none of them
should import another to get them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from thousand.core.i18n import LANGUAGES
from thousand.core.pace import Estimate
from thousand.web.cluster import Presence
from thousand.web.limits import ConnectionLimits
from thousand.web.roomlog import Stored, stored_of
from thousand.web.rooms.base import BaseRoom
from thousand.web.summary import connected_seats
from thousand.web.tables import room_from_doc

CHAT_KEPT = 50
"""Chat lines a connection gets when it arrives (the latest)."""
OUTBOX = 256
"""Messages waiting for a slow client before it is disconnected (it reconnects and
gets the current state; nothing is lost, the room is in the database)."""


def language_of(value: str | None) -> str:
    """The language a client asked for, if the program speaks it; else English."""
    return value if value in LANGUAGES else "en"


class Connection:
    """One WebSocket: whose seat (by token hash), which language, its own limits, and the
    messages waiting to be sent to it.

    A message is written at once when the socket can take it without waiting
    (``write``: the protocol's :meth:`~thousand.web.wsprotocol.LeanWebSocketsProtocol.
    write_text`, under ``thousand serve``) and nothing is queued before it. Otherwise it
    is queued, and a sender task runs only while messages wait: :meth:`send` starts one
    when there is none, and it ends once it has sent everything queued. An idle
    connection (most of a held room's life) so keeps no task, coroutine frame, future or
    deque. One sender at a time, and no writing past a queue, keeps the messages in
    order."""

    __slots__ = (
        "_closing",
        "_outbox",
        "_sender",
        "ended",
        "language",
        "limits",
        "socket",
        "token_hash",
        "write",
    )

    def __init__(
        self,
        socket: WebSocket,
        token_hash: str | None,
        language: str,
        limits: ConnectionLimits,
        write: Callable[[bytes], bool] | None = None,
    ) -> None:
        self.socket = socket
        self.write = write
        self.token_hash = token_hash
        self.language = language
        self.limits = limits
        self._outbox: deque[str | bytes] | None = None
        self._sender: asyncio.Task[None] | None = None
        self._closing = False
        self.ended = False
        """The socket is closed, or failed: the connection's loop stops reading."""

    @property
    def waiting(self) -> int:
        """Messages queued and not yet handed to the socket."""
        return 0 if self._outbox is None else len(self._outbox)

    def send(self, text: str | bytes) -> None:
        """Send a message (JSON text, or the same encoded in UTF-8): at once when it need
        not wait, else queued; a client too slow to take its messages is cut off: with
        ``OUTBOX`` waiting, the backlog is dropped and the socket closed (it reconnects
        and gets the current state)."""
        if self._closing or self.ended:
            return
        if self._sender is None and self.write is not None:
            try:
                if self.write(text if isinstance(text, bytes) else text.encode()):
                    return
            except Exception:  # the client went away: nothing more can be sent
                self.write = None
                self.close()
                return
        if self._outbox is None:
            self._outbox = deque()
        elif len(self._outbox) >= OUTBOX:
            self._outbox = None
            self.close()
            return
        self._outbox.append(text)
        self._start()

    def close(self) -> None:
        """Close the socket once the messages queued are sent."""
        if not self._closing:
            self._closing = True
            self._start()

    def stop(self) -> None:
        """The connection is over (its loop ended): nothing more is sent."""
        self.ended = True
        self._outbox = None
        if self._sender is not None:
            self._sender.cancel()

    def _start(self) -> None:
        if self._sender is None and not self.ended:
            self._sender = asyncio.get_running_loop().create_task(self._send_queued())

    async def _send_queued(self) -> None:
        """Send what is queued, in order (what comes meanwhile too), then end; close the
        socket if asked to or on an error. A message sent is let go of before the next
        wait (an idle connection would otherwise keep its last state alive)."""
        try:
            while self._outbox:
                text = self._outbox.popleft()
                await self.socket.send_text(text if isinstance(text, str) else text.decode())
                del text
            if not self._closing:
                self._outbox = self._sender = None
                return
        except Exception:  # the client went away: nothing more can be sent
            pass
        self._outbox = None
        self.ended = True
        with contextlib.suppress(Exception):
            await self.socket.close()
        self._sender = None


@dataclass(eq=False)
class LiveRoom:
    """A room in memory with its lock, its connections and its driver."""

    room: BaseRoom
    stored: Stored
    """The room as last stored: what a change is written from, and what a failed write
    goes back to."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    connections: set[Connection] = field(default_factory=set)
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    driver: asyncio.Task[None] | None = None
    advice: tuple[int, dict[Any, Any]] | None = None
    """The advisor's chances for the position at ``seq`` (its first element)."""
    advice_error: tuple[str, str] | None = None
    """Why the advisor has no chances to show: a catalog text and the solver's reason."""
    advice_exact: bool = True
    """Whether ``advice`` is exact (else the room's approximation note goes under it)."""
    aside_running: bool = False
    """A better table for the advisor is being made for this room (an ``Aside``)."""
    aside_estimate: Estimate | None = None
    """That making's latest estimate."""
    changing: bool = False
    """A change is being made and stored (:meth:`~thousand.web.hub.Hub.change`): nothing is
    shown meanwhile."""
    deferred: bool = False
    """Someone was to be shown the room while it changed: they are, once it is stored."""
    solving: bool = False
    """A preparation runs (the rules solved for a computer or the advisor)."""
    solve_progress: str | None = None
    """The solver's last progress line."""

    others: list[Presence] = field(default_factory=list)
    """The devices other processes hold in this room (:meth:`Cluster.presence`)."""
    idle_since: float | None = None
    """When :meth:`~thousand.web.hub.Hub.sweep` first found nobody connected and nothing to
    drive (the monotonic clock); None while it is in use."""

    seen: float | None = None
    """When a device of this process was last connected, or the room made (seconds since
    the epoch); None: not known here (the lobby of several processes reads the stored one)."""
    seen_stored: float | None = None
    """The ``seen`` last written to the database (written at most once a minute)."""

    def busy(self) -> bool:
        """Someone is connected here, or a change is being made or waits for the lock:
        the room must stay held and current."""
        return bool(self.connections) or self.lock.locked() or self.changing

    def seated(self) -> list[tuple[Connection, int | None]]:
        """Each connection with the seat its token holds (None: a spectator), looked up
        once for all that is made of them (a broadcast's presence and messages)."""
        seat_of = self.room.seat_of
        return [(connection, seat_of(connection.token_hash)) for connection in self.connections]

    def presence(self, seated: list[tuple[Connection, int | None]] | None = None) -> Presence:
        """This process's devices in the room: the seats they hold, and spectators
        (``seated``: :meth:`seated`, when already looked up)."""
        seats: set[int] = set()
        spectators = 0
        for _connection, seat in self.seated() if seated is None else seated:
            if seat is None:
                spectators += 1
            else:
                seats.add(seat)
        return Presence(frozenset(seats), spectators)

    def connected(
        self,
        seated: list[tuple[Connection, int | None]] | None = None,
        presence: Presence | None = None,
    ) -> list[bool]:
        """Per seat: a device holds it, here or in another process (a ``local`` seat:
        the keeper's device); ``seated`` as in :meth:`presence`, ``presence``: this
        process's, when already made."""
        mine = self.presence(seated) if presence is None else presence
        held = set(mine.seats).union(*(other.seats for other in self.others))
        return connected_seats(self.room.seats, held)

    def spectators(self, presence: Presence | None = None) -> int:
        """Spectators here and in the other processes (``presence`` as in :meth:`connected`)."""
        mine = self.presence() if presence is None else presence
        return mine.spectators + sum(other.spectators for other in self.others)

    @property
    def saved_seq(self) -> int:
        """The ``seq`` last stored: what the room's row must still be at for a write."""
        return self.stored.seq

    def restore(self, doc: Mapping[str, Any], snapshot_seq: int | None = None) -> None:
        """Take the room as ``doc`` (a whole stored document) has it."""
        self.room = room_from_doc(doc)
        self.stored = stored_of(self.room, doc, snapshot_seq)

    def restore_stored(self) -> None:
        """Take the room back as last stored (a change that failed half-way)."""
        self.room = room_from_doc(json.loads(self.stored.text()))
