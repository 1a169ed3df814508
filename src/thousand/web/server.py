"""The server: HTTP and WebSockets of PROTOCOL.md, computer players, clocks, the page.

One process, one asyncio event loop (Starlette through FastAPI, served by uvicorn).
The loop never waits on anything slow: the database runs in its own worker thread
(:class:`~thousand.web.store.AsyncStore`), a computer's decision and the advisor in
worker threads, and a solve of new rules for a ``perfect`` player or the advisor in a
child process (:class:`~thousand.games.dice1000.solver.door.ChildSolver`).

A room (:class:`LiveRoom`) has a lock: a change is made, written to the database and
only then sent to anyone, all under the lock, so the order in the database is the
order every client sees and a server killed at any moment comes back (from the
database) at the last state a client could have seen. Each room has one driver task
that plays its computer seats and runs its clock.

Several processes may serve the same rooms (``--db`` a shared database, ``--redis`` the
messages between them: :mod:`thousand.web.cluster`). A write is a version check on the
room's row: it goes through only if the row is still at the ``seq`` this process last
stored or loaded. A process that loses the race (another process changed the room
first) reloads the room and tries the client's action again on it, where its ``seq``
now refuses it as ``stale`` if the client acted on the older state; so every room's
changes take one order, the database's, whichever process made them. Drivers run where
the room's lease is (:meth:`Cluster.may_drive <thousand.web.cluster.Cluster.may_drive>`).

Tokens are never logged: uvicorn's access log (which would print the WebSocket's query
string) is off, and this module logs rooms and seats by index only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from thousand import __version__
from thousand.core.errors import RulesError, ThousandError
from thousand.core.i18n import LANGUAGES, N_, Translator, translator
from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.game import Game
from thousand.web.cluster import Cluster, LocalCluster, Presence, RedisCluster, spawn
from thousand.web.limits import AddressLimits, ConnectionLimits
from thousand.web.metrics import Metrics
from thousand.web.ops import Check, add_ops_routes, gather_checks
from thousand.web.protocol import (
    MAX_BODY_BYTES,
    ActionMessage,
    ChatMessage,
    CreateRoom,
    JoinRoom,
    PingMessage,
    ProtocolError,
    RematchMessage,
    parse_body,
    parse_client_message,
    parse_json_bytes,
)
from thousand.web.room import BaseRoom, Room, hash_token
from thousand.web.store import AsyncStore, Store, StoreError, dump_doc
from thousand.web.summary import connected_seats, doc_summary, room_summary
from thousand.web.tables import game_view, games_of, new_room, presets_of, room_from_doc
from thousand.web.texts import PAGE_TEXTS

log = logging.getLogger("thousand.web")
T = TypeVar("T")

STATIC = Path(__file__).parent / "static"
CHAT_KEPT = 50
"""Chat lines a connection gets when it arrives (the latest)."""
UNSOLVABLE = N_("these rules cannot be solved exactly: {reason}")
UNAVAILABLE = N_("the solved strategy is not available: {reason}")
CONFLICT_RETRIES = 5
"""How often a change is tried again after another process changed the room first."""
LOBBY_SECONDS = 1.0
"""With other processes: how long the lobby's rooms read from the database are shown."""
OUTBOX = 256
"""Messages waiting for a slow client before it is disconnected (it reconnects and
gets the current state; nothing is lost, the room is in the database)."""


@dataclass(frozen=True)
class Settings:
    """What ``thousand serve`` decides for the whole server."""

    db_url: str
    bot_delay: float = 0.6
    """Seconds a computer waits before each decision, so people can follow the game."""
    http_rate: float = 20.0
    """Rooms created and seats joined per second per address (0: no limit)."""
    action_rate: float = 30.0
    """Actions a second per connection (0: no limit); a burst of four times that."""
    redis_url: str | None = None
    """The Redis of a deployment of several processes (None: this process is alone)."""
    resync_seconds: float = 3.0
    """With Redis: how often the rooms held are checked against the database (news lost
    while Redis was away) and rooms nobody drives are taken over."""
    idle_seconds: float = 60.0
    """With Redis: how long a room nobody is connected to and nothing drives (finished,
    or left by its players) stays in this process's memory after a sweep finds it so; a
    player back within it finds it at hand, later it is read from the database."""


@dataclass(eq=False)
class Connection:
    """One WebSocket: whose seat (by token hash), which language, its own limits."""

    socket: WebSocket
    token_hash: str | None
    language: str
    limits: ConnectionLimits
    outbox: asyncio.Queue[str | None] = field(default_factory=lambda: asyncio.Queue(OUTBOX))

    def send(self, text: str) -> None:
        """Queue a message; a client too slow to take its messages is cut off."""
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(None)


@dataclass(eq=False)
class LiveRoom:
    """A room in memory with its lock, its connections and its driver."""

    room: BaseRoom
    saved: str
    """The room's document as last stored (JSON): what a failed write goes back to."""
    saved_seq: int
    """The ``seq`` of ``saved``: what the room's row must still be at for a write."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    connections: set[Connection] = field(default_factory=set)
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    driver: asyncio.Task[None] | None = None
    advice: tuple[int, dict[Action, float]] | None = None
    """The advisor's chances for the position at ``seq`` (its first element)."""
    advice_error: tuple[str, str] | None = None
    """Why the advisor has no chances to show: a catalog text and the solver's reason."""
    changing: bool = False
    """A change is being made and stored (:meth:`Hub.change`): nothing is shown meanwhile."""
    deferred: bool = False
    """Someone was to be shown the room while it changed: they are, once it is stored."""
    solving: bool = False
    """The rules are being solved (for a ``perfect`` player or the advisor)."""
    solve_progress: str | None = None
    """The solver's last progress line."""

    others: list[Presence] = field(default_factory=list)
    """The devices other processes hold in this room (:meth:`Cluster.presence`)."""
    idle_since: float | None = None
    """When :meth:`Hub.sweep` first found nobody connected and nothing to drive (the
    monotonic clock); None while it is in use."""

    def presence(self) -> Presence:
        """This process's devices in the room: the seats they hold, and spectators."""
        seats: set[int] = set()
        spectators = 0
        for connection in self.connections:
            seat = self.room.seat_of(connection.token_hash)
            if seat is None:
                spectators += 1
            else:
                seats.add(seat)
        return Presence(frozenset(seats), spectators)

    def connected(self) -> list[bool]:
        """Per seat: a device holds it, here or in another process (a ``local`` seat:
        the keeper's device)."""
        held = set(self.presence().seats).union(*(other.seats for other in self.others))
        return connected_seats(self.room.seats, held)

    def spectators(self) -> int:
        return self.presence().spectators + sum(other.spectators for other in self.others)

    def restore(self, text: str) -> None:
        """Take the room as ``text`` (a stored document) has it."""
        doc = json.loads(text)
        self.room = room_from_doc(doc)
        self.saved = text
        self.saved_seq = int(doc["seq"])


class ConflictError(Exception):
    """Another process changed the room first; the room now holds the stored state."""


def _texts(language: str) -> dict[str, str]:
    tr = translator(language)
    return {text: tr.gettext(text) for text in PAGE_TEXTS}


class Strategies:
    """Solved strategies for ``perfect`` players and the advisor, solved once per rules.

    A rule set not in the solver's cache is solved in a child process (the event loop
    and the worker threads stay free); rooms waiting on the same rules share the solve.
    """

    def __init__(self) -> None:
        self._solving: dict[str, asyncio.Task[None]] = {}

    async def at_hand(self, game: Game, players: int = 2) -> bool:
        """Whether the strategies of ``game`` for ``players`` are cached or shipped."""
        from thousand.games.dice1000.solver.seats import ready  # noqa: PLC0415

        return await asyncio.to_thread(ready, game, players)

    async def ready(self, game: Game, on_progress: Callable[[str], None], players: int = 2) -> None:
        """Return once the strategies of ``game`` for ``players`` are at hand, cached or
        shipped (RulesError: unsolvable)."""
        from thousand.games.dice1000.solver.door import ChildSolver  # noqa: PLC0415

        if await self.at_hand(game, players):
            return
        key = f"{players}:{game.canonical}"
        task = self._solving.get(key)
        if task is None:
            solver = ChildSolver()
            task = asyncio.create_task(asyncio.to_thread(solver.solve, game, on_progress, players))
            self._solving[key] = task
            task.add_done_callback(lambda _t: self._solving.pop(key, None))
        await asyncio.shield(task)


class Hub:
    """Every room of the server; see the module docstring."""

    def __init__(
        self, settings: Settings, store: AsyncStore, cluster: Cluster | None = None
    ) -> None:
        self.settings = settings
        self.store = store
        self.cluster: Cluster = LocalCluster() if cluster is None else cluster
        self.clustered = not isinstance(self.cluster, LocalCluster)
        self.rooms: dict[str, LiveRoom] = {}
        self.strategies = Strategies()
        self.address_limits = AddressLimits(
            settings.http_rate or 1e9, (settings.http_rate or 1e9) * 5
        )
        self._preparing: dict[str, asyncio.Task[object]] = {}
        self._background: set[asyncio.Task[None]] = set()
        self.metrics = Metrics(
            rooms=lambda: len(self.rooms),
            connections=lambda: sum(len(live.connections) for live in self.rooms.values()),
        )
        self._lobby: tuple[float, list[dict[str, Any]]] = (0.0, [])

    # -- rooms in and out of memory ----------------------------------------------------

    async def start(self) -> None:
        """Alone: bring back every room that was waiting or playing, and start its driver.
        In a deployment of several processes, rooms come in as clients ask for them and as
        their leases fall free (:meth:`sweep`)."""
        if not self.clustered:
            for doc in await self.store.run(self.store.store.live_rooms):
                try:
                    room = room_from_doc(doc)
                except (ThousandError, KeyError, ValueError) as exc:
                    log.error("room %s could not be restored: %s", doc.get("id"), exc)
                    continue
                live = self._add(room, dump_doc(doc))
                live.chat.extend(
                    await self.store.run(self.store.store.recent_chat, room.id, CHAT_KEPT)
                )
            log.info("%d rooms restored", len(self.rooms))
        await self.cluster.start(self)
        if self.clustered:
            spawn(self._background, self._sweep_loop(), "sweep")

    def _add(self, room: BaseRoom, saved: str | None = None) -> LiveRoom:
        text = dump_doc(room.to_doc()) if saved is None else saved
        live = LiveRoom(room, text, room.seq)
        live.others = self.cluster.presence(room.id)
        self.rooms[room.id] = live
        live.driver = asyncio.create_task(self._drive(live), name=f"room {room.id}")
        return live

    async def get(self, room_id: str) -> LiveRoom:
        """A room by id, from memory or the database; 404 when there is none. With other
        processes, a room held here is first brought up to what is stored (a client that
        comes here from another process must not see an older state than it saw there).

        The room returned is the one held here when this returns, with no wait left
        before the caller's next step: a room let go of meanwhile (:meth:`sweep`) is
        looked up again, so a connection is never added to a room nobody holds.
        """
        while True:
            live = self.rooms.get(room_id)
            if live is None:
                live = await self._load(room_id)
            elif self.clustered:
                await self.refresh([live])
            if self.rooms.get(room_id) is live:
                return live

    async def _load(self, room_id: str) -> LiveRoom:
        if len(room_id) > 64:
            raise ProtocolError("not_found", "no such room", 404)
        try:
            doc = await self.store.run(self.store.store.load_room, room_id)
        except StoreError:
            self.metrics.store_error()
            raise _unavailable() from None
        if doc is None:
            raise ProtocolError("not_found", f"no room {room_id!r}", 404)
        live = self.rooms.get(room_id)  # loaded meanwhile by another request
        if live is None:
            live = self._add(room_from_doc(doc), dump_doc(doc))
            if self.clustered:
                live.chat.extend(
                    await self.store.run(self.store.store.recent_chat, room_id, CHAT_KEPT)
                )
        return live

    async def stop(self) -> None:
        for task in list(self._background):
            task.cancel()
        for live in self.rooms.values():
            if live.driver is not None:
                live.driver.cancel()
            for connection in live.connections:
                connection.close()
        await self.cluster.stop()

    async def checks(self) -> dict[str, str]:
        """The readiness of this process's parts: the database, and Redis if any."""
        parts: dict[str, Check] = {
            "database": lambda: self.store.run(self.store.store.ping),
        }
        if self.clustered:
            parts["redis"] = self.cluster.check
        return await gather_checks(parts)

    # -- other processes ---------------------------------------------------------------

    async def refresh(self, rooms: Sequence[LiveRoom]) -> None:
        """Bring these rooms up to their stored ``seq`` (news missed from other processes),
        telling their clients of each one that moved. A room that cannot be read back is
        left as it is and its error raised once the others are caught up (one bad room
        must not keep every other room of the process behind)."""
        if not rooms:
            return
        try:
            seqs = await self.store.run(
                self.store.store.room_seqs, [live.room.id for live in rooms]
            )
        except StoreError:
            self.metrics.store_error()
            raise _unavailable() from None
        failure: Exception | None = None
        for live in rooms:
            stored = seqs.get(live.room.id)
            if stored is None or stored <= live.saved_seq:
                continue
            try:
                async with live.lock:
                    if stored > live.saved_seq:
                        await self._reload(live)
            except Exception as exc:  # this room only: every other one is still caught up
                log.warning("room %s: not brought up to seq %d: %s", live.room.id, stored, exc)
                failure = failure or exc
                continue
            self.changed(live)
        if failure is not None:
            raise failure

    async def resync(self) -> None:
        """Catch up on news that may have been lost (Redis came back, or pub/sub dropped
        a message): every room held here against the database."""
        try:
            await self.refresh(list(self.rooms.values()))
        except Exception as exc:  # said for each room already; the sweep goes on
            log.warning("resync: %s", exc.__class__.__name__)

    async def sweep(self) -> None:
        """Take over the rooms in play that need driving and whose lease nobody holds
        (their process is gone, or none has driven them yet), so their computers and
        clocks go on; let go of the rooms nobody here watches and nothing drives, once
        they have been so for :attr:`Settings.idle_seconds` (finished rooms, and rooms
        their players left: they stay in the database, and whoever comes back to one
        brings it into a process again)."""
        stored = await self.store.run(self.store.store.driven_room_seqs)
        free = await self.cluster.free_rooms(i for i in stored if i not in self.rooms)
        for room_id in free:
            if await self.cluster.may_drive(room_id):
                try:
                    live = await self.get(room_id)
                except (ProtocolError, StoreError, ThousandError, KeyError, ValueError):
                    await self.cluster.release(room_id)  # another process may take it
                    continue
                live.wake.set()
        now = time.monotonic()
        for live in list(self.rooms.values()):
            busy = live.connections or live.lock.locked() or live.changing
            if busy or live.room.needs_driver():
                live.idle_since = None
            elif live.idle_since is None:
                live.idle_since = now
            elif now - live.idle_since >= self.settings.idle_seconds:
                seq = live.saved_seq
                await self._drop(live)
                if live.room.status != "over":  # a row from before ``driven``: no more
                    await self.store.run(self.store.store.mark_undriven, live.room.id, seq)

    async def _drop(self, live: LiveRoom) -> None:
        if live.driver is not None:
            live.driver.cancel()
        self.rooms.pop(live.room.id, None)
        await self.cluster.release(live.room.id)

    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.settings.resync_seconds)
            try:
                await self.resync()
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database or Redis away: next time
                log.warning("sweep: %s", exc.__class__.__name__)

    async def on_remote_state(self, room_id: str, seq: int) -> None:
        """Another process stored a change: read the room as stored, and tell this
        process's clients (the news says only which room and ``seq``)."""
        live = self.rooms.get(room_id)
        if live is None or seq <= live.saved_seq:
            return
        spawn(self._background, self._take_remote(live, seq), f"news {room_id}")

    async def _take_remote(self, live: LiveRoom, seq: int) -> None:
        async with live.lock:
            if seq <= live.saved_seq:
                return
            try:
                await self._reload(live)
            except ProtocolError:  # the database is away: the resync catches up
                return
        self.changed(live)

    async def on_remote_chat(self, room_id: str, message: dict[str, Any]) -> None:
        live = self.rooms.get(room_id)
        if live is not None:
            self._send_chat(live, message)

    def on_remote_presence(self, room_id: str) -> None:
        live = self.rooms.get(room_id)
        if live is not None:
            live.others = self.cluster.presence(room_id)
            self.broadcast(live)

    def presence_changed(self, live: LiveRoom) -> None:
        """A connection came or went: tell the other processes, then every client here."""
        self.cluster.set_presence(live.room.id, live.presence())
        self.broadcast(live)

    # -- changes ---------------------------------------------------------------------

    async def _reload(self, live: LiveRoom) -> None:
        """Take the room as stored (under its lock); 503 when the database is away, the
        room then left as it is (inside :meth:`change`, :meth:`_changing` puts it back)."""
        try:
            doc = await self.store.run(self.store.store.load_room, live.room.id)
        except StoreError:
            self.metrics.store_error()
            raise _unavailable() from None
        if doc is None:  # never deleted; a row gone is a database restored from a backup
            raise _unavailable()
        live.restore(dump_doc(doc))

    async def commit(self, live: LiveRoom) -> None:
        """Write the room after a change, if its row is still where this process left it.

        Called by :meth:`change`, under the room's lock, before anyone hears of the
        change. If the database fails, 503 (and :meth:`_changing` puts the room back as
        last stored, ``live.saved``, its JSON text: a change costs one document, not a
        copy before and after); if another process changed the room first, the room
        becomes the stored one and :class:`ConflictError` says so (the caller tries
        again, or gives up).
        """
        doc = live.room.to_doc()
        text = dump_doc(doc)
        try:
            stored = await self.store.run(self.store.store.update_room, doc, text, live.saved_seq)
        except StoreError:
            self.metrics.store_error()
            raise _unavailable() from None
        if not stored:
            await self._reload(live)
            raise ConflictError
        live.saved = text
        live.saved_seq = live.room.seq
        await self.cluster.publish_state(live.room.id, live.room.seq)

    async def change(self, live: LiveRoom, apply: Callable[[BaseRoom], Awaitable[T]]) -> T:
        """Apply a change to the room and store it, trying again on the stored room while
        another process wins the race; then tell every client. ``apply`` changes the
        room it is given (or refuses, raising :class:`ProtocolError`); a room whose ``seq``
        it left as it was is not written, but its state is sent again all the same."""
        for _attempt in range(CONFLICT_RETRIES):
            async with live.lock, self._changing(live):
                seq = live.room.seq
                result = await apply(live.room)
                if live.room.seq == seq:  # nothing to store; the asker hears the state
                    break
                try:
                    await self.commit(live)
                except ConflictError:
                    pass
                else:
                    break
            self.changed(live)  # the clients here see the other process's change
        else:
            raise ProtocolError("busy", "the room is busy: try again", 409)
        self.changed(live)
        return result

    @contextlib.asynccontextmanager
    async def _changing(self, live: LiveRoom) -> AsyncIterator[None]:
        """While a change is made and stored, nobody is shown the room (a state not yet
        stored could be taken back); a change that fails half-way (refused, or the
        database away) leaves the room as last stored."""
        live.changing = True
        try:
            yield
        except BaseException:
            live.restore(live.saved)
            raise
        finally:
            live.changing = False
            if live.deferred:
                live.deferred = False
                self.broadcast(live)

    def changed(self, live: LiveRoom) -> None:
        """Tell every client of the room its new state, and wake its driver. A change may
        move the seats (a rematch), so the other processes hear of this one's presence
        again (only when it differs from what they heard)."""
        self.cluster.set_presence(live.room.id, live.presence())
        self.broadcast(live)
        live.wake.set()

    async def create(self, body: CreateRoom) -> tuple[BaseRoom, str]:
        room, token = new_room(body)
        doc = room.to_doc()
        text = dump_doc(doc)
        await self.store.run(self.store.store.create_room, doc, text)
        live = self._add(room, text)
        live.wake.set()
        log.info("room %s created: %d seats, rules %s", room.id, len(room.seats), room.rules)
        return room, token

    async def join(self, room_id: str, body: JoinRoom) -> tuple[int, str]:
        live = await self.get(room_id)

        async def take_seat(room: BaseRoom) -> tuple[int, str]:
            return room.join(body.name)

        return await self.change(live, take_seat)

    # -- what clients see ------------------------------------------------------------

    async def lobby(self) -> list[dict[str, Any]]:
        """The summaries of the rooms open to all, waiting or playing. With other
        processes, the rooms come from the database (read at most once a second), those
        held here as they are now."""

        def listed(live: LiveRoom) -> bool:
            return not live.room.options.private and live.room.status in {"waiting", "playing"}

        if not self.clustered:
            return [
                room_summary(live.room, live.connected(), live.spectators())
                for live in self.rooms.values()
                if listed(live)
            ]
        read, stored = self._lobby
        if time.monotonic() - read > LOBBY_SECONDS:
            stored = await self.store.run(self.store.store.live_rooms)
            self._lobby = (time.monotonic(), stored)
        rooms = []
        for doc in stored:
            live = self.rooms.get(doc["id"])
            if live is not None:
                if listed(live):
                    rooms.append(room_summary(live.room, live.connected(), live.spectators()))
            elif not doc["options"].get("private"):
                others = self.cluster.presence(doc["id"])
                rooms.append(doc_summary(doc, others))
        return rooms

    def state_message(
        self, live: LiveRoom, seat: int | None, tr: Translator, connected: Sequence[bool]
    ) -> dict[str, Any]:
        room = live.room
        advice = None
        if live.advice is not None and live.advice[0] == room.seq:
            advice = live.advice[1]
        game = game_view(room, seat, tr, connected, advice)
        view = game.get("view")
        if view is not None:
            view = game["view"] = dict(view)  # the shared view is cached: never written to
            note = None
            if live.solving:
                note = room.solving_note(tr)
                if live.solve_progress:
                    note = f"{note} {live.solve_progress}"
            view["solving"] = note
            mine = room.mover is not None and room.acts_for(seat) == room.mover
            mine = mine and room.options.advisor
            if live.advice_error is not None:
                text, reason = live.advice_error
                note = tr.gettext(text).format(reason=reason)
            view["advice_note"] = note if mine else None
        return {
            "type": "state",
            "seq": room.seq,
            "room": room_summary(room, connected, live.spectators()),
            "game": game,
            "you": seat,
        }

    def broadcast(self, live: LiveRoom) -> None:
        """Send the room's state to every connection, built once per seat and language
        (while a change is being stored: once it is)."""
        if live.changing:
            live.deferred = True
            return
        connected = live.connected()
        built: dict[tuple[int | None, str], str] = {}
        for connection in list(live.connections):
            seat = live.room.seat_of(connection.token_hash)
            key = (seat, connection.language)
            text = built.get(key)
            if text is None:
                message = self.state_message(live, seat, translator(connection.language), connected)
                text = built[key] = json.dumps(message, ensure_ascii=False)
            connection.send(text)

    # -- the driver: computer players, clocks, the advisor -----------------------------

    async def _drive(self, live: LiveRoom) -> None:
        """Play the room's computers, run its clock and fetch advice, as long as it lives."""
        while True:
            live.wake.clear()
            room = live.room
            try:
                driven = room.needs_driver()
                if driven and not await self.cluster.may_drive(room.id):
                    # another process drives the room; look again when its lease may
                    # have fallen free (that process gone)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(live.wake.wait(), self.settings.resync_seconds)
                    continue
                if room.computer_to_move():
                    await self._computer_move(live)
                    continue
                if room.options.advisor and room.mover is not None:
                    await self._advise(live)
                if room.deadline is not None:
                    left = (room.deadline - datetime.now(UTC)).total_seconds()
                    try:
                        await asyncio.wait_for(live.wake.wait(), max(left, 0.0))
                    except TimeoutError:
                        await self._time_out(live)
                    continue
                await live.wake.wait()
            except asyncio.CancelledError:
                raise
            except ProtocolError as exc:  # the database is away: try again shortly
                log.warning("room %s: %s", room.id, exc.message)
                await asyncio.sleep(1.0)
            except Exception:  # a bug must not silence the room for good
                log.exception("room %s: driver error", room.id)
                await asyncio.sleep(1.0)

    async def _computer_move(self, live: LiveRoom) -> None:
        room = live.room
        seq = room.seq
        if self.settings.bot_delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), self.settings.bot_delay)
        mover = room.mover
        if live.room is not room or room.seq != seq or mover is None:
            return  # a person took the seat back, or the room changed meanwhile
        decide = room.computer_decision()
        level = room.seats[mover].level if room.seats[mover].kind == "bot" else None
        if isinstance(room, Room) and level == "perfect":
            await self._ensure_strategy(live)
        prepared = room.preparation()
        if prepared is not None:
            await self._prepare(live, *prepared)
        move = await asyncio.to_thread(decide)

        async def step(now: BaseRoom) -> None:
            if now is room and now.seq == seq:  # else: changed meanwhile, here or
                now.bot_step(move)  # in another process; the driver looks again

        await self.change(live, step)

    async def _ensure_strategy(self, live: LiveRoom) -> None:
        """The rules' strategy in the cache; while it is solved, every client is told."""
        loop = asyncio.get_running_loop()

        def progress(line: str) -> None:  # in a worker thread
            loop.call_soon_threadsafe(self._solve_progress, live, line)

        players = len(live.room.seats)
        if await self.strategies.at_hand(live.room.game, players):
            return  # nothing to solve: no "solving" note, however briefly
        live.solving = True
        try:
            await self.strategies.ready(live.room.game, progress, players)
        finally:
            live.solving = False
            live.solve_progress = None

    async def _prepare(
        self, live: LiveRoom, key: str, call: Callable[[Callable[[str], None]], object]
    ) -> None:
        """Run a room's preparation (a strategy to solve) in a worker thread, once for
        every room that needs the same; meanwhile every client is told."""
        loop = asyncio.get_running_loop()

        def progress(line: str) -> None:  # in a worker thread
            loop.call_soon_threadsafe(self._solve_progress, live, line)

        task = self._preparing.get(key)
        if task is None:
            task = asyncio.create_task(asyncio.to_thread(call, progress))
            self._preparing[key] = task
            task.add_done_callback(lambda _t: self._preparing.pop(key, None))
        live.solving = True
        self.broadcast(live)
        try:
            await asyncio.shield(task)
        finally:
            live.solving = False
            live.solve_progress = None

    def _solve_progress(self, live: LiveRoom, line: str) -> None:
        first = live.solve_progress is None
        live.solve_progress = line
        if first or live.connections:
            self.broadcast(live)

    async def _time_out(self, live: LiveRoom) -> None:
        async def time_out(room: BaseRoom) -> bool:
            return room.time_out()

        if await self.change(live, time_out):
            log.info("room %s: seat %s ran out of time", live.room.id, live.room.mover)

    async def _advise(self, live: LiveRoom) -> None:
        """The mover's winning chance after each action, computed off the event loop."""
        room = live.room
        if not isinstance(room, Room):
            return  # only dice 1000 has an advisor
        seq = room.seq
        session = room.session
        if session is None or (live.advice is not None and live.advice[0] == seq):
            return
        if len(session.state.players) < 2:
            return  # solitaire: nobody to beat, no chance to show
        game = room.game
        try:
            await self._ensure_strategy(live)
            values = await asyncio.to_thread(_action_values, game, session.state)
        except RulesError as exc:
            live.advice_error = (UNSOLVABLE, str(exc))
            live.advice = (seq, {})
        except ThousandError as exc:
            live.advice_error = (UNAVAILABLE, str(exc))
            live.advice = (seq, {})
        else:
            live.advice_error = None
            live.advice = (seq, values)
        if room.seq == seq:
            self.broadcast(live)

    # -- messages from a connection ------------------------------------------------

    async def on_message(self, live: LiveRoom, connection: Connection, raw: str | bytes) -> None:
        """One message: refused with an ``error`` to its sender alone, or carried out
        (the database failing on the way, a chat line or a rematch's record included, is
        ``unavailable``)."""
        try:
            await self._on_message(live, connection, raw)
        except StoreError:
            self.metrics.store_error()
            raise _unavailable() from None

    async def _on_message(self, live: LiveRoom, connection: Connection, raw: str | bytes) -> None:
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
                )

            started = time.perf_counter()
            try:
                if message.seq > live.room.seq:  # the client saw more than this copy has:
                    await self.refresh([live])  # another process's change, not heard yet
                await self.change(live, act)
            except ProtocolError as exc:
                self.metrics.action("conflict" if exc.code == "busy" else "refused", started)
                raise
            self.metrics.action("accepted", started)
        elif isinstance(message, ChatMessage):
            await self._chat(live, connection, seat, message.text)
        elif isinstance(message, RematchMessage):

            async def rematch(room: BaseRoom) -> None:
                finished = room.record()
                number = room.number
                if room.ask_rematch(seat) and finished is not None:
                    await self.store.run(self.store.store.save_game, room.id, number, finished)

            await self.change(live, rematch)

    async def _chat(
        self, live: LiveRoom, connection: Connection, seat: int | None, text: str
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
        await self.store.run(self.store.store.add_chat, live.room.id, message)
        self._send_chat(live, message)
        await self.cluster.publish_chat(live.room.id, message)

    def _send_chat(self, live: LiveRoom, message: dict[str, Any]) -> None:
        live.chat.append(message)
        encoded = json.dumps(message, ensure_ascii=False)
        for other in list(live.connections):
            other.send(encoded)


def _unavailable() -> ProtocolError:
    return ProtocolError("unavailable", "the server could not store the action: try again", 503)


def _action_values(game: Game, state: Any) -> dict[Action, float]:
    from thousand.games.dice1000.solver.door import solved_strategy  # noqa: PLC0415 - numpy

    return solved_strategy(game, players=len(state.players)).action_values(state)


# -- the application ---------------------------------------------------------------------


async def _read_body(request: Request) -> Any:
    """The JSON body, refusing more than :data:`MAX_BODY_BYTES` before reading it all."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise ProtocolError("too_large", f"body over {MAX_BODY_BYTES} bytes", 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise ProtocolError("too_large", f"body over {MAX_BODY_BYTES} bytes", 413)
        chunks.append(chunk)
    return parse_json_bytes(b"".join(chunks), "the body")


def _language(value: str | None) -> str:
    return value if value in LANGUAGES else "en"


def create_app(settings: Settings) -> FastAPI:
    """The ASGI application for ``settings`` (``thousand serve`` runs it with uvicorn)."""
    store = AsyncStore(Store(settings.db_url))
    cluster = None if settings.redis_url is None else RedisCluster(settings.redis_url)
    hub = Hub(settings, store, cluster)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        yield
        await hub.stop()
        store.close()

    app = FastAPI(
        title="thousand", version=__version__, lifespan=lifespan, docs_url=None, redoc_url=None
    )
    app.state.hub = hub

    @app.exception_handler(ProtocolError)
    async def _refused(_request: Request, exc: ProtocolError) -> JSONResponse:
        return JSONResponse(exc.http_body(), status_code=exc.status)

    @app.exception_handler(Exception)
    async def _failed(_request: Request, exc: Exception) -> JSONResponse:
        log.error("internal error: %s", exc.__class__.__name__)
        body = {"error": {"code": "internal", "message": "internal error"}}
        return JSONResponse(body, status_code=500)

    def limit(request: Request) -> None:
        address = request.client.host if request.client else "?"
        if not hub.address_limits.take(address):
            raise ProtocolError("rate_limited", "too many requests: slow down", 429)

    add_ops_routes(app, hub.metrics, hub.checks)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"status": "ok", "version": __version__}

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request) -> dict[str, Any]:
        limit(request)
        body = parse_body(CreateRoom, await _read_body(request))
        room, token = await hub.create(body)
        return {"room": room.id, "seat": 0, "token": token}

    @app.post("/api/rooms/{room_id}/join")
    async def join_room(room_id: str, request: Request) -> dict[str, Any]:
        limit(request)
        body = parse_body(JoinRoom, await _read_body(request))
        seat, token = await hub.join(room_id, body)
        return {"room": room_id, "seat": seat, "token": token}

    @app.get("/api/rooms")
    async def list_rooms() -> dict[str, Any]:
        return {"rooms": await hub.lobby()}

    @app.get("/api/rooms/{room_id}")
    async def room_state(room_id: str, lang: str | None = None) -> dict[str, Any]:
        live = await hub.get(room_id)
        async with live.lock:  # never a change not yet stored
            return hub.state_message(live, None, translator(_language(lang)), live.connected())

    @app.get("/api/rooms/{room_id}/record")
    async def room_record(room_id: str, number: int | None = None) -> Response:
        live = await hub.get(room_id)
        if number is not None and number != live.room.number:
            record = await store.run(store.store.load_game, room_id, number)
        else:
            async with live.lock:  # never a change not yet stored
                record = live.room.public_record()
        if record is None:
            raise ProtocolError("not_found", "no game has started in this room yet", 404)
        name = f"{room_id}-{number or live.room.number}.json"
        headers = {"Content-Disposition": f'attachment; filename="{name}"'}
        return Response(
            json.dumps(record, ensure_ascii=False, indent=1),
            media_type="application/json",
            headers=headers,
        )

    @app.get("/api/texts/{lang}")
    async def texts(lang: str) -> dict[str, Any]:
        language = _language(lang)
        return {"lang": language, "texts": _texts(language)}

    @app.get("/api/presets")
    async def presets(lang: str | None = None, game: str = "dice1000") -> dict[str, Any]:
        """A game's presets (name, title, description) and computer levels (level, name)
        in the language asked for."""
        return presets_of(game, translator(_language(lang)))

    @app.get("/api/games")
    async def games(lang: str | None = None) -> dict[str, Any]:
        """The games rooms can host, each with its presets (and their rules) and levels."""
        return games_of(translator(_language(lang)))

    @app.websocket("/ws/rooms/{room_id}")
    async def room_socket(socket: WebSocket, room_id: str) -> None:
        await serve_socket(hub, socket, room_id)

    index = STATIC / "index.html"

    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(index)

    @app.get("/r/{room_id}")
    async def table(room_id: str) -> FileResponse:
        del room_id
        return FileResponse(index)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


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
        socket, None, _language(socket.query_params.get("lang")), ConnectionLimits()
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
    sender = asyncio.create_task(_send_loop(connection))
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
                await hub.on_message(live, connection, data)
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
            if sender.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        live.connections.discard(connection)
        connection.close()
        sender.cancel()
        hub.presence_changed(live)


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False)


async def _send_loop(connection: Connection) -> None:
    """Send the connection's queued messages in order; close on ``None`` or an error."""
    try:
        while True:
            text = await connection.outbox.get()
            if text is None:
                break
            await connection.socket.send_text(text)
    except Exception:
        pass
    with contextlib.suppress(Exception):
        await connection.socket.close()
