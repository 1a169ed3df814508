"""What the server processes of one deployment tell each other, through Redis.

Several ``thousand serve`` processes share one database; a client may connect to any of
them and must see the same room. The database decides who writes (a version check on the
room's row, :meth:`~thousand.web.store.Store.append_room`); Redis only makes the others
hear of it at once and keeps each room's computer players and clock in one process:

- **news**: after a process stores a change of a room, it publishes the room's id, its
  new ``seq`` and the change as stored (the room's head and the log's new entry) on one
  channel; every other process that holds the room in memory at the ``seq`` before takes
  the change as it is, else reads the room from the database, and sends the new state to
  its own clients. The head is the database's row, seed and token hashes included: Redis
  is trusted as the database is (a deployment's own, never open to clients). Pub/sub is
  at most once, so a process that may have missed news (Redis away, a new subscription)
  checks the rooms it holds against the database (:meth:`Hub.resync
  <thousand.web.hub.Hub.resync>`). What a process has to say meanwhile goes out as one
  message (:func:`batch_text`): a busy process publishes and every other one reads once
  for many changes.
- **leases**: a room's driver (its computers, its clock) runs in the process holding the
  room's lease, a Redis key with a time to live that its holder renews. A process killed
  with SIGKILL renews nothing; its leases run out and other processes take them. Two
  drivers at once (a lease lost while its holder was busy) cost only work: the version
  check lets one of their writes through and the other process reloads the room.
- **presence**: which seats have a device connected and how many spectators watch, per
  process, so every process shows the whole table's ``connected`` flags; each process
  repeats its own every few seconds and a silent process's entries age out.

:class:`LocalCluster` is the one-process deployment (no Redis): every lease is its own and
there is nobody to tell.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import time
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from thousand.web.jsontext import dumps

log = logging.getLogger("thousand.web.cluster")

CHANNEL = "thousand:rooms"
"""The one channel of news: a few thousand small messages a second at most."""
LEASE_PREFIX = "thousand:lease:"
LEASE_SECONDS = 6.0
"""How long a lease lasts unless renewed: also how long a killed process's rooms wait for
their computers and clocks to move again."""
RENEW_SECONDS = 2.0
MAX_PENDING = 2000
"""Messages waiting to be published at most; past that (Redis slow) news waits for a
resync."""
PRESENCE_SECONDS = 5.0
"""How often a process repeats its presence; an entry three times older is dropped."""

_RENEW = """
local held = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    held[#held + 1] = key
  end
end
return held
"""
_RELEASE_ALL = """
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then redis.call('del', key) end
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


def spawn(tasks: set[asyncio.Task[None]], call: Coroutine[Any, Any, None], name: str) -> None:
    """Run ``call`` in the background, kept in ``tasks`` (a task nobody holds may be
    collected before it ends) until it ends."""
    task = asyncio.create_task(call, name=name)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


@dataclass(frozen=True)
class Presence:
    """One process's devices in one room: seats with a device, and spectators."""

    seats: frozenset[int] = frozenset()
    spectators: int = 0


News = tuple[str, str]
"""What a change stored by a process tells the others beside its ``seq``: the room's new
head and the change's log entry (:class:`thousand.web.roomlog.Change`), so that a process
holding the room catches up without reading the database."""


class Listener(Protocol):
    """What the hub does with news from other processes."""

    async def on_remote_state(self, room_id: str, seq: int, news: News | None = None) -> None: ...

    async def on_remote_chat(self, room_id: str, message: dict[str, Any]) -> None: ...

    def on_remote_presence(self, room_id: str) -> None: ...

    async def resync(self) -> None: ...


class Cluster(Protocol):
    """The deployment's other processes, as a hub sees them."""

    process: str

    async def start(self, listener: Listener) -> None: ...

    async def stop(self) -> None: ...

    async def publish_state(self, room_id: str, seq: int, news: News | None = None) -> None: ...

    async def publish_chat(self, room_id: str, message: dict[str, Any]) -> None: ...

    def set_presence(self, room_id: str, presence: Presence) -> None: ...

    def presence(self, room_id: str) -> list[Presence]:
        """The other processes' presence in the room (not this one's)."""
        ...

    async def may_drive(self, room_id: str) -> bool: ...

    def drives(self, room_id: str) -> bool:
        """Whether this process holds the room's lease now, as far as it knows without
        asking (:meth:`may_drive` asks, and takes a free lease)."""
        ...

    async def release(self, room_id: str) -> None:
        """Give the room's lease back (its game is over and nobody here watches it)."""
        ...

    async def free_rooms(self, room_ids: Iterable[str]) -> list[str]:
        """Which of these rooms no process holds the lease of."""
        ...

    async def check(self) -> str:
        """``"ok"``, or one word on why the messages between processes are not flowing."""
        ...


class LocalCluster:
    """One process: every room is its own to drive, and there is nobody to tell."""

    process = "local"

    async def start(self, listener: Listener) -> None:
        del listener

    async def stop(self) -> None:
        return None

    async def publish_state(self, room_id: str, seq: int, news: News | None = None) -> None:
        del room_id, seq, news

    async def publish_chat(self, room_id: str, message: dict[str, Any]) -> None:
        del room_id, message

    def set_presence(self, room_id: str, presence: Presence) -> None:
        del room_id, presence

    def presence(self, room_id: str) -> list[Presence]:
        del room_id
        return []

    async def may_drive(self, room_id: str) -> bool:
        del room_id
        return True

    def drives(self, room_id: str) -> bool:
        del room_id
        return True

    async def release(self, room_id: str) -> None:
        del room_id

    async def free_rooms(self, room_ids: Iterable[str]) -> list[str]:
        return list(room_ids)

    async def check(self) -> str:
        return "ok"


def batch_text(origin: str, texts: list[str]) -> str:
    """The channel's message of messages ``texts`` (each JSON already) of the process
    ``origin``: ``{"origin": …, "batch": [...]}``, in the order they were queued."""
    return f'{{"origin":{dumps(origin)},"batch":[{",".join(texts)}]}}'


@dataclass
class _Remote:
    """Another process's presence in a room, and when it was last heard."""

    presence: Presence
    heard: float


@dataclass
class RedisCluster:
    """The deployment through one Redis server (see the module docstring).

    Every Redis call is bounded in time and a failure is logged once, never raised into a
    room: without Redis the processes still serve every room correctly (the database
    decides), only slower to hear of each other's changes (:meth:`Hub.resync` runs every
    few seconds) and with drivers paused once their leases have run out.
    """

    url: str
    process: str = field(default_factory=lambda: f"{os.getpid()}-{secrets.token_hex(4)}")
    _redis: Any = None
    _listener: Listener | None = None
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)
    _held: dict[str, float] = field(default_factory=dict)
    """Room → the monotonic time its lease runs out, as this process last renewed it."""
    _mine: dict[str, Presence] = field(default_factory=dict)
    _others: dict[str, dict[str, _Remote]] = field(default_factory=dict)
    _reachable: bool = False
    """The last Redis command went through (any command: a short stall ends with it)."""
    _subscribed: bool = False
    """The news channel is subscribed (only :meth:`_listen` changes it)."""
    _outbox: list[str] = field(default_factory=list)
    """Messages waiting to be published (JSON), in order (:meth:`_drain`)."""
    _draining: bool = False
    """A :meth:`_drain` task is under way."""

    async def start(self, listener: Listener) -> None:
        import redis.asyncio as aioredis  # noqa: PLC0415 - only deployments with Redis

        self._listener = listener
        self._redis = aioredis.Redis.from_url(
            self.url, socket_timeout=2.0, socket_connect_timeout=2.0, health_check_interval=10
        )
        spawn(self._tasks, self._listen(), "cluster news")
        spawn(self._tasks, self._renew(), "cluster leases")
        spawn(self._tasks, self._announce(), "cluster presence")

    async def stop(self) -> None:
        running = list(self._tasks)  # finished tasks leave the set as they end
        for task in running:
            task.cancel()
        for task in running:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._redis is not None and self._held:
            # a process stopped gracefully hands its rooms over at once: one call for all,
            # bounded (Redis away: the leases run out by themselves)
            keys = [LEASE_PREFIX + room_id for room_id in self._held]
            self._held.clear()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(
                    self._redis.eval(_RELEASE_ALL, len(keys), *keys, self.process), 2.0
                )
        if self._redis is not None:
            with contextlib.suppress(Exception):
                await self._redis.aclose()

    # -- news ------------------------------------------------------------------------

    def _publish(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the channel, in order, and have it published in the
        background (:meth:`_drain`)."""
        if len(self._outbox) >= MAX_PENDING:
            return
        self._outbox.append(dumps(message))
        if not self._draining:
            self._draining = True
            spawn(self._tasks, self._drain(), "cluster publish")

    async def _drain(self) -> None:
        """Publish what is queued: everything queued meanwhile as one message
        (:func:`batch_text`), which a busy process pays once for many changes rather
        than once a change, and so does every process that hears it: reading a message
        off the channel costs the listener more than what it says (a profile of two
        processes at 500 actions a second put 43% of the event loop in redis-py's
        reading of one message a change). A batch Redis does not take is dropped (the
        resync makes up for news)."""
        try:
            while self._outbox:
                batch, self._outbox = self._outbox, []
                try:
                    await self._redis.publish(CHANNEL, batch_text(self.process, batch))
                except Exception as exc:
                    self._unhealthy(exc)
                else:
                    self._reachable = True
        finally:
            self._draining = False

    async def publish_state(self, room_id: str, seq: int, news: News | None = None) -> None:
        message: dict[str, Any] = {"type": "state", "room": room_id, "seq": seq}
        if news is not None:
            message["head"], message["entry"] = news
        self._send(message)

    async def publish_chat(self, room_id: str, message: dict[str, Any]) -> None:
        self._send({"type": "chat", "room": room_id, "message": message})

    def _send(self, message: dict[str, Any]) -> None:
        """Publish in the background: a room's lock is never held while Redis is slow or
        away. News published out of order is harmless (a state older than the one held
        is ignored); news not published while Redis is away is made up for by
        :meth:`Hub.resync` once it is back."""
        if self._reachable:
            self._publish(message)

    async def _listen(self) -> None:
        """Hear the channel for ever; after each (re)subscription, catch up from the
        database, since news published meanwhile is lost."""
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                self._subscribed = self._reachable = True
                log.info("cluster: listening as %s", self.process)
                if self._listener is not None:
                    await self._listener.resync()
                while True:
                    item = await pubsub.get_message(timeout=5.0)
                    if item is not None:
                        await self._heard(item.get("data"))
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception as exc:
                self._subscribed = False
                self._unhealthy(exc)
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(1.0)

    async def _heard(self, data: object) -> None:
        """A message off the channel: a batch (:func:`batch_text`), each of its messages
        in order, or one message alone (a process of a version before batches), its
        ``origin`` beside the rest. What this process published itself is left."""
        listener = self._listener
        if not isinstance(data, bytes | str) or listener is None:
            return
        try:
            heard = orjson.loads(data)
            origin = str(heard["origin"])
            if origin == self.process:
                return
            messages = heard.get("batch", [heard])
            if not isinstance(messages, list):
                raise TypeError("a batch is a list")
            for message in messages:
                await self._heard_one(listener, origin, message)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("cluster: a message not understood: %s", exc.__class__.__name__)

    async def _heard_one(self, listener: Listener, origin: str, message: object) -> None:
        """One message of a batch, told to ``listener``; one not understood is a warning,
        and the batch's others are still heard."""
        try:
            if not isinstance(message, dict):
                raise TypeError("a message is an object")
            room_id = str(message["room"])
            kind = message["type"]
            if kind == "state":
                head, entry = message.get("head"), message.get("entry")
                news = (head, entry) if isinstance(head, str) and isinstance(entry, str) else None
                await listener.on_remote_state(room_id, int(message["seq"]), news)
            elif kind == "chat":
                await listener.on_remote_chat(room_id, dict(message["message"]))
            elif kind == "presence":
                self._heard_presence(room_id, origin, message)
        except (ValueError, KeyError, TypeError) as exc:
            log.warning("cluster: a message not understood: %s", exc.__class__.__name__)

    def _unhealthy(self, exc: BaseException) -> None:
        if self._reachable:
            log.warning("cluster: Redis unreachable (%s)", exc.__class__.__name__)
        self._reachable = False

    async def check(self) -> str:
        try:
            await asyncio.wait_for(self._redis.ping(), 2.0)
        except Exception as exc:
            self._unhealthy(exc)
            return "unreachable"
        self._reachable = True
        return "ok" if self._subscribed else "reconnecting"

    # -- presence --------------------------------------------------------------------

    def set_presence(self, room_id: str, presence: Presence) -> None:
        if presence == self._mine.get(room_id, Presence()):
            return
        if presence == Presence():
            self._mine.pop(room_id, None)
        else:
            self._mine[room_id] = presence
        self._say_presence(room_id, presence)

    def _say_presence(self, room_id: str, presence: Presence) -> None:
        self._publish(
            {
                "type": "presence",
                "room": room_id,
                "seats": sorted(presence.seats),
                "spectators": presence.spectators,
            }
        )

    def _heard_presence(self, room_id: str, origin: str, message: dict[str, Any]) -> None:
        presence = Presence(
            frozenset(int(seat) for seat in message["seats"]), int(message["spectators"])
        )
        others = self._others.setdefault(room_id, {})
        before = others.get(origin)
        if presence == Presence():
            others.pop(origin, None)
        else:
            others[origin] = _Remote(presence, time.monotonic())
        if (before.presence if before else Presence()) != presence and self._listener:
            self._listener.on_remote_presence(room_id)

    def presence(self, room_id: str) -> list[Presence]:
        others = self._others.get(room_id)
        if not others:
            return []
        fresh = time.monotonic() - 3 * PRESENCE_SECONDS
        return [remote.presence for remote in others.values() if remote.heard >= fresh]

    async def _announce(self) -> None:
        """Repeat this process's presence, and forget what silent processes said."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            for room_id, presence in list(self._mine.items()):
                self._say_presence(room_id, presence)
            stale = time.monotonic() - 3 * PRESENCE_SECONDS
            for room_id, others in list(self._others.items()):
                gone = [origin for origin, remote in others.items() if remote.heard < stale]
                for origin in gone:
                    del others[origin]
                if gone and self._listener is not None:
                    self._listener.on_remote_presence(room_id)
                if not others:
                    del self._others[room_id]

    # -- leases ------------------------------------------------------------------------

    async def may_drive(self, room_id: str) -> bool:
        """Whether this process holds the room's lease, taking it when it is free."""
        now = time.monotonic()
        if self._held.get(room_id, 0.0) > now:
            return True
        self._held.pop(room_id, None)
        key = LEASE_PREFIX + room_id
        try:
            taken = await self._redis.set(key, self.process, nx=True, px=int(LEASE_SECONDS * 1000))
            if not taken:
                holder = await self._redis.get(key)
                taken = holder is not None and holder.decode() == self.process
        except Exception as exc:
            self._unhealthy(exc)
            return False
        if taken:
            self._held[room_id] = now + LEASE_SECONDS
        return bool(taken)

    def drives(self, room_id: str) -> bool:
        return self._held.get(room_id, 0.0) > time.monotonic()

    async def release(self, room_id: str) -> None:
        if self._held.pop(room_id, None) is None:
            return
        try:
            await self._redis.eval(_RELEASE, 1, LEASE_PREFIX + room_id, self.process)
        except Exception as exc:
            self._unhealthy(exc)  # it runs out by itself

    async def _renew(self) -> None:
        """Renew every lease held, in one call; a lease found lost is forgotten."""
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            if not self._held:
                continue
            rooms = list(self._held)
            keys = [LEASE_PREFIX + room_id for room_id in rooms]
            started = time.monotonic()
            try:
                held = await self._redis.eval(
                    _RENEW, len(keys), *keys, self.process, int(LEASE_SECONDS * 1000)
                )
            except Exception as exc:
                self._unhealthy(exc)
                continue
            self._reachable = True
            kept = {bytes(key).decode()[len(LEASE_PREFIX) :] for key in held}
            for room_id in rooms:
                if room_id in kept:
                    self._held[room_id] = started + LEASE_SECONDS
                else:
                    self._held.pop(room_id, None)

    async def free_rooms(self, room_ids: Iterable[str]) -> list[str]:
        rooms = list(room_ids)
        if not rooms:
            return []
        try:
            holders = await self._redis.mget([LEASE_PREFIX + room_id for room_id in rooms])
        except Exception as exc:
            self._unhealthy(exc)
            return []
        return [room_id for room_id, holder in zip(rooms, holders, strict=True) if holder is None]
