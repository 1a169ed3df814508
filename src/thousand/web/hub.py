"""The hub: every room this process holds in memory, and how a change reaches everyone.

One process, one asyncio event loop. A room in memory (:class:`~thousand.web.live.LiveRoom`)
has a lock: a change is made, written to the database and only then sent to anyone, all
under the lock (:meth:`Hub.change`), so the order in the database is the order every
client sees and a server killed at any moment comes back (from the database) at the last
state a client could have seen. The database runs in its own worker thread
(:class:`~thousand.web.store.AsyncStore`); each room has one driver task for its computers,
clock and advisor (:mod:`.driver`).

Several processes may serve the same rooms (``--db`` a shared database, ``--redis`` the
messages between them: :mod:`thousand.web.cluster`). A write is a version check on the
room's row: it goes through only if the row is still at the ``seq`` this process last
stored or loaded. A process that loses the race (another process changed the room
first) reloads the room and tries the client's action again on it, where its ``seq``
now refuses it as ``stale`` if the client acted on the older state; so every room's
changes take one order, the database's, whichever process made them. Drivers run where
the room's lease is (:meth:`Cluster.may_drive <thousand.web.cluster.Cluster.may_drive>`).

A module of its own because it is the one place that holds rooms: the HTTP routes
(:mod:`.routes`), the WebSocket loop (:mod:`.sockets`) and the driver go through it.
Tokens are never logged: this module logs rooms and seats by index only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from thousand.core.errors import ThousandError
from thousand.core.i18n import Translator, translator
from thousand.web import roomlog
from thousand.web.cluster import Cluster, LocalCluster, News, Presence, spawn
from thousand.web.driver import Driver
from thousand.web.history import FinishedGame, finished_game
from thousand.web.jsontext import encoded
from thousand.web.limits import AddressLimits
from thousand.web.live import CHAT_KEPT, Connection, LiveRoom
from thousand.web.metrics import Metrics
from thousand.web.ops import Check, gather_checks
from thousand.web.protocol import CreateRoom, JoinRoom, ProtocolError
from thousand.web.roomlog import stored_of
from thousand.web.rooms.base import BaseRoom, SeatState
from thousand.web.rooms.names import renamed, room_names, shown_names
from thousand.web.settings import Settings
from thousand.web.store import AsyncStore, StoreError
from thousand.web.summary import doc_summary, room_summary
from thousand.web.tables import game_view, new_room, room_from_doc, room_type

log = logging.getLogger("thousand.web")
T = TypeVar("T")

CONFLICT_RETRIES = 5
"""How often a change is tried again after another process changed the room first."""
LOBBY_SECONDS = 1.0
"""With other processes: how long the lobby's rooms read from the database are shown."""
SEEN_WRITE_SECONDS = 60.0
"""A room's ``seen`` (when a device was last connected) is written at most this often:
the lobby's :attr:`Settings.stale_seconds` is that much early at worst."""


class ConflictError(Exception):
    """Another process changed the room first; the room now holds the stored state."""


def unavailable() -> ProtocolError:
    """The database failed on the way: the client may try again."""
    return ProtocolError("unavailable", "the server could not store the action: try again", 503)


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
        self.address_limits = AddressLimits(
            settings.http_rate or 1e9, (settings.http_rate or 1e9) * 5
        )
        self.driver = Driver(self)
        self._background: set[asyncio.Task[None]] = set()
        self.metrics = Metrics(
            rooms=lambda: len(self.rooms),
            connections=lambda: sum(len(live.connections) for live in self.rooms.values()),
        )
        self._lobby: tuple[float, list[tuple[dict[str, Any], float | None]]] = (0.0, [])
        self.clock: Callable[[], float] = time.time
        """The wall clock of ``seen`` (a test moves it on)."""

    # -- rooms in and out of memory ----------------------------------------------------

    async def start(self) -> None:
        """Alone: bring back every room that was waiting or playing, and start its driver.
        In a deployment of several processes, rooms come in as clients ask for them and as
        their leases fall free (:meth:`sweep`)."""
        if not self.clustered:
            seen = await self.store.run(self.store.store.seen_times)
            for doc in await self.store.run(self.store.store.live_rooms):
                try:
                    room = room_from_doc(doc)
                except (ThousandError, KeyError, ValueError) as exc:
                    log.error("room %s could not be restored: %s", doc.get("id"), exc)
                    continue
                live = self._add(room, doc)
                live.seen = live.seen_stored = seen.get(room.id)
                live.chat.extend(
                    await self.store.run(self.store.store.recent_chat, room.id, CHAT_KEPT)
                )
            log.info("%d rooms restored", len(self.rooms))
        await self.cluster.start(self)
        if self.clustered:
            spawn(self._background, self._sweep_loop(), "sweep")

    def _add(self, room: BaseRoom, doc: Mapping[str, Any] | None = None) -> LiveRoom:
        """Hold ``room`` here, as stored (``doc``: its whole document as read or
        written)."""
        live = LiveRoom(room, stored_of(room, doc))
        live.others = self.cluster.presence(room.id)
        self.rooms[room.id] = live
        live.driver = asyncio.create_task(self.driver.drive(live), name=f"room {room.id}")
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
            if self.holds(live):
                return live

    def holds(self, live: LiveRoom) -> bool:
        """Whether this very room is held here: not let go of (news, the sweep), nor
        let go of and read back since as another object."""
        return self.rooms.get(live.room.id) is live

    async def _load(self, room_id: str) -> LiveRoom:
        if len(room_id) > 64:
            raise ProtocolError("not_found", "no such room", 404)
        try:
            doc = await self.store.run(self.store.store.load_room, room_id)
            if doc is None:
                raise ProtocolError("not_found", f"no room {room_id!r}", 404)
            chat: list[dict[str, Any]] = []
            if self.clustered:
                chat = await self.store.run(self.store.store.recent_chat, room_id, CHAT_KEPT)
        except StoreError:
            self.metrics.store_error()
            raise unavailable() from None
        live = self.rooms.get(room_id)  # loaded meanwhile by another request
        if live is None:  # nothing awaited from here to the caller (news may let go of it)
            live = self._add(room_from_doc(doc), doc)
            live.chat.extend(chat)
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
            raise unavailable() from None
        failure: Exception | None = None
        for live in rooms:
            if not self.holds(live):  # let go of meanwhile (news)
                continue
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
            if not self.holds(live):  # let go of meanwhile
                continue
            if live.busy() or live.room.needs_driver():
                live.idle_since = None
            elif live.idle_since is None:
                live.idle_since = now
            elif now - live.idle_since >= self.settings.idle_seconds:
                seq = live.saved_seq
                await self._drop(live)
                if live.room.status != "over":  # a row from before ``driven``: no more
                    await self.store.run(self.store.store.mark_undriven, live.room.id, seq)

    async def _drop(self, live: LiveRoom) -> None:
        self._let_go(live)
        await self.cluster.release(live.room.id)

    def _let_go(self, live: LiveRoom) -> None:
        """No longer hold the room here (its lease aside): it stays in the database. The
        driver task is cancelled and forgotten, so the room and its task do not keep each
        other for the collector to find (thousand.web.collector: not for half an hour)."""
        if live.driver is not None:
            live.driver.cancel()
            live.driver = None
        if self.holds(live):  # not one read back since
            del self.rooms[live.room.id]

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

    async def on_remote_state(self, room_id: str, seq: int, news: News | None = None) -> None:
        """Another process stored a change: bring the room up to it, and tell this
        process's clients. The news carries the change (the room's head and the log
        entry) when it was published whole: a room held at the ``seq`` it was made from
        takes it without reading the database.

        A room held here that nobody here watches and this process does not drive (one
        it read for a request: a join, a look at its state) is let go of instead: making
        each of its changes again here would be work nobody sees (with the players of a
        room on another process, a fifth of this one's loop, issue 29). Whoever comes
        for it next reads it back (:meth:`get`), as after the sweep; the process that
        made the change wakes its own driver, so a computer to move is still played. A room
        with a computer to move or a clock running here is caught up as before: its driver
        may be asking for its lease.
        """
        live = self.rooms.get(room_id)
        if live is None or seq <= live.saved_seq:
            return
        if not (live.busy() or live.room.needs_driver() or self.cluster.drives(room_id)):
            self._let_go(live)
            return
        spawn(self._background, self._take_remote(live, seq, news), f"news {room_id}")

    async def _take_remote(self, live: LiveRoom, seq: int, news: News | None) -> None:
        async with live.lock:
            if seq <= live.saved_seq:
                return
            try:
                await self._reload(live, news)
            except ProtocolError:  # the database is away: the resync catches up
                return
        self.changed(live)

    async def on_remote_chat(self, room_id: str, message: dict[str, Any]) -> None:
        live = self.rooms.get(room_id)
        if live is not None:
            self.send_chat(live, message)

    def on_remote_presence(self, room_id: str) -> None:
        live = self.rooms.get(room_id)
        if live is not None:
            live.others = self.cluster.presence(room_id)
            self.broadcast(live)

    def presence_changed(self, live: LiveRoom) -> None:
        """A connection came or went: tell the other processes, then every client here;
        wake the driver (what it left undone for an empty room, it may do now); and keep
        when a device was last in the room, for the lobby (:meth:`fresh`)."""
        self.cluster.set_presence(live.room.id, live.presence())
        self.broadcast(live)
        live.wake.set()
        now = live.seen = self.clock()
        if live.seen_stored is None or now - live.seen_stored >= SEEN_WRITE_SECONDS:
            live.seen_stored = now
            spawn(self._background, self._touch(live.room.id, now), f"seen {live.room.id}")

    async def _touch(self, room_id: str, seen: float) -> None:
        try:
            await self.store.run(self.store.store.touch_room, room_id, seen)
        except (StoreError, RuntimeError):  # the database away, or closing: next time
            self.metrics.store_error()

    # -- changes ---------------------------------------------------------------------

    async def _reload(self, live: LiveRoom, news: News | None = None) -> None:
        """Take the room as stored (under its lock); 503 when the database is away, the
        room then left as it is (inside :meth:`change`, :meth:`_changing` puts it back).

        What another process stored since is read from the room's log and its
        operations made again here (:func:`roomlog.caught_up
        <thousand.web.roomlog.caught_up>`: what a change costs, not what its game's
        record costs to replay); the room is read back whole when that cannot be done.
        """
        room_id = live.room.id
        moved = False  # a catch-up that failed may have moved the room on part of the way
        try:
            found: tuple[str, list[str]] | None = None
            if news is not None and roomlog.follows(news[1], live.stored):
                found = news[0], [news[1]]
            else:
                found = await self.store.run(self.store.store.log_after, room_id, live.saved_seq)
            if found is not None:
                stored = roomlog.caught_up(live.room, live.stored, *found)
                if stored is not None:
                    live.stored = stored
                    return
                moved = True
            doc = await self.store.run(self.store.store.load_room, room_id)
            if doc is None:  # never deleted; a row gone is a database restored from a backup
                raise unavailable()
        except BaseException as exc:
            if moved:  # not read back: the room as last stored, not half-way
                live.restore_stored()
            if isinstance(exc, StoreError):
                self.metrics.store_error()
                raise unavailable() from None
            raise
        live.restore(doc)

    async def commit(self, live: LiveRoom) -> None:
        """Write the room after a change, if its row is still where this process left it.

        Called by :meth:`change`, under the room's lock, before anyone hears of the
        change. What is written is the room's head and its record's last rows
        (:func:`roomlog.change <thousand.web.roomlog.change>`), built from what was last
        stored (``live.stored``). If the database fails, 503 (and :meth:`_changing` puts
        the room back as last stored); if another process changed the room first, the
        room becomes the stored one and :class:`ConflictError` says so (the caller tries
        again, or gives up).
        """
        change, after = roomlog.change(live.room, live.stored)
        finished = await self._finished(live)
        if finished is not None:
            change = replace(change, finished=finished)
        if self.settings.check_storage:
            roomlog.check(live.room, after)
        try:
            stored = await self.store.append(change, live.saved_seq)
        except StoreError:
            self.metrics.store_error()
            raise unavailable() from None
        if not stored:
            await self._reload(live)
            raise ConflictError
        live.stored = after
        await self.cluster.publish_state(live.room.id, live.room.seq, (change.head, change.entry))

    async def _finished(self, live: LiveRoom) -> FinishedGame | None:
        """The game this change ends, for its history (:mod:`.history`; places and
        tallies worked out in a worker thread), or None when it ends none."""
        room = live.room
        if room.status != "over" or json.loads(live.stored.head).get("status") == "over":
            return None
        record = room.record()
        if record is None:
            return None
        seats = [(seat.kind, seat.name or "", seat.player) for seat in room.seats]
        return await asyncio.to_thread(
            finished_game, room.id, room.number, room.GAME, seats, record, engine=room.game
        )

    async def change(self, live: LiveRoom, apply: Callable[[BaseRoom], Awaitable[T]]) -> T:
        """Apply a change to the room and store it, trying again on the stored room while
        another process wins the race; then tell every client. ``apply`` changes the
        room it is given (or refuses, raising :class:`ProtocolError`); a room whose ``seq``
        it left as it was is not written, but its state is sent again all the same."""
        for _attempt in range(CONFLICT_RETRIES):
            async with live.lock, self._changing(live):
                seq = live.room.seq
                live.room.op = None
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
            live.restore_stored()
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
        seated = live.seated()
        presence = live.presence(seated)
        self.cluster.set_presence(live.room.id, presence)
        self.broadcast(live, seated, presence)
        live.wake.set()

    async def create(self, body: CreateRoom, player: str | None = None) -> tuple[BaseRoom, str]:
        """A new room (stored before anyone hears of it) and its creator's token;
        ``player``: the public id of the creator's player key (the seat counts toward
        them)."""
        room, token = new_room(body)
        room.seats[0].player = player
        doc = room.to_doc()
        seen = self.clock()
        await self.store.run(self.store.store.create_room, doc, seen)
        live = self._add(room, doc)
        live.seen = live.seen_stored = seen
        live.wake.set()
        log.info("room %s created: %d seats, rules %s", room.id, len(room.seats), room.rules)
        return room, token

    async def join(
        self, room_id: str, body: JoinRoom, player: str | None = None
    ) -> tuple[int, str, str]:
        """Take a seat of the room: its index, its token and the name it was taken
        under; ``player`` as in :meth:`create`."""
        live = await self.get(room_id)

        async def take_seat(room: BaseRoom) -> tuple[int, str, str]:
            seat, token = room.join(body.name)
            room.seats[seat].player = player
            return seat, token, room.seats[seat].name or body.name

        return await self.change(live, take_seat)

    # -- what clients see ------------------------------------------------------------

    async def lobby(self, tr: Translator) -> list[dict[str, Any]]:
        """The summaries of the rooms open to all, waiting or playing, that someone is in
        or was in lately (:meth:`fresh`), computers named in ``tr``'s language. With other
        processes, the rooms come from the database (read at most once a second), those
        held here as they are now."""

        def listed(live: LiveRoom) -> bool:
            return not live.room.options.private and live.room.status in {"waiting", "playing"}

        if not self.clustered:
            return [
                self.summary(live, tr, live.connected())
                for live in self.rooms.values()
                if listed(live) and self.fresh(live.connections or live.others, live.seen)
            ]
        read, stored = self._lobby
        if time.monotonic() - read > LOBBY_SECONDS:
            stored = await self.store.run(self.store.store.listed_rooms)
            self._lobby = (time.monotonic(), stored)
        rooms = []
        for doc, seen in stored:
            live = self.rooms.get(doc["id"])
            if live is not None:
                if listed(live) and self.fresh(live.connections or live.others, seen):
                    rooms.append(self.summary(live, tr, live.connected()))
                continue
            others = self.cluster.presence(doc["id"])
            if self.fresh(others, seen):
                rooms.append(self.stored_summary(doc, tr))
        return rooms

    def stored_summary(self, doc: dict[str, Any], tr: Translator) -> dict[str, Any]:
        """The summary of a room another process holds (or none), from its stored
        document, with its computers named in ``tr``'s language."""
        summary = doc_summary(doc, self.cluster.presence(doc["id"]))
        room = room_type(summary["game"])
        seats = [SeatState(**seat) for seat in doc["seats"]]
        names = shown_names(seats, lambda level: room.level_name(tr, level))
        summary["seats"] = renamed(summary["seats"], names)
        return summary

    def fresh(self, held: object, seen: float | None) -> bool:
        """A room the lobby lists: a device holds it (``held``: this process's
        connections or other processes' presence), or one did within
        :attr:`Settings.stale_seconds` (``seen``: when, on the wall clock; None: never
        recorded, a row from before the time was kept)."""
        if held:
            return True
        return seen is not None and self.clock() - seen < self.settings.stale_seconds

    def summary(
        self,
        live: LiveRoom,
        tr: Translator,
        connected: Sequence[bool],
        spectators: int | None = None,
    ) -> dict[str, Any]:
        """The room's ROOM_SUMMARY with its computers named in ``tr``'s language
        (``spectators``: their count, when already made)."""
        if spectators is None:
            spectators = live.spectators()
        summary = room_summary(live.room, connected, spectators)
        summary["seats"] = renamed(summary["seats"], room_names(live.room, tr))
        return summary

    def state_message(
        self,
        live: LiveRoom,
        seat: int | None,
        tr: Translator,
        connected: Sequence[bool],
        summary: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """The room's ``state`` message for a connection holding ``seat`` in ``tr``'s
        language; ``summary``: the room's summary in that language when already made (it
        is the same for every seat; read, never written to)."""
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
            elif advice is not None and not live.advice_exact:
                note = room.approximation_note(tr, live.aside_running, live.aside_estimate)
            view["advice_note"] = note if mine else None
        return {
            "type": "state",
            "seq": room.seq,
            "room": self.summary(live, tr, connected) if summary is None else summary,
            "game": game,
            "you": seat,
        }

    def broadcast(
        self,
        live: LiveRoom,
        seated: list[tuple[Connection, int | None]] | None = None,
        presence: Presence | None = None,
    ) -> None:
        """Send the room's state to every connection, built once per seat and language
        (while a change is being stored: once it is); ``seated``: :meth:`LiveRoom.seated
        <thousand.web.live.LiveRoom.seated>` when already looked up, ``presence`` (this
        process's) when already made. The shared views built
        for it are let go of afterwards: an idle room keeps no view (the next broadcast is
        for a change, or for someone coming or going, which every view shows)."""
        if live.changing:
            live.deferred = True
            return
        seated = live.seated() if seated is None else seated
        presence = live.presence(seated) if presence is None else presence
        connected = live.connected(presence=presence)
        spectators = live.spectators(presence)
        built: dict[tuple[int | None, str], bytes] = {}
        summaries: dict[str, dict[str, Any]] = {}
        for connection, seat in seated:
            key = (seat, connection.language)
            text = built.get(key)
            if text is None:
                tr = translator(connection.language)
                summary = summaries.get(tr.language)
                if summary is None:
                    summary = summaries[tr.language] = self.summary(live, tr, connected, spectators)
                message = self.state_message(live, seat, tr, connected, summary)
                text = built[key] = encoded(message)
            connection.send(text)
        live.room.view_cache.clear()

    def send_chat(self, live: LiveRoom, message: dict[str, Any]) -> None:
        live.chat.append(message)
        text = encoded(message)
        for other in list(live.connections):
            other.send(text)
