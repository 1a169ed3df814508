"""The driver of a room: its computer players, its clock and its advisor.

Each room in memory has one driver task (:meth:`Driver.drive`) that plays its computer
seats, runs the clock of the person to move and fetches the advisor's chances, as long as
the room lives in this process (and, with other processes, only where the room's lease
is: :meth:`Cluster.may_drive <thousand.web.cluster.Cluster.may_drive>`). A module of its
own because it is the server's one long-running loop per room, and the only part that
waits on slow work: a computer's decision and the advisor run in worker threads, and what
must be made before them (a strategy to solve: the room's
:class:`~thousand.web.rooms.base.Preparation`) runs once for every room that needs the
same, while every client is told. Nothing here knows a game: the room says what its
computer decides, what to prepare and what the advisor asks
(:meth:`~thousand.web.rooms.base.BaseRoom.advice`).

The driver changes a room only through the hub (:class:`Changes`: a change made, stored,
then sent), so that its moves take the same path as a person's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

from thousand.core.errors import RulesError, ThousandError
from thousand.core.i18n import N_
from thousand.core.pace import Estimate
from thousand.web.cluster import Cluster
from thousand.web.live import LiveRoom
from thousand.web.protocol import ProtocolError
from thousand.web.rooms.base import Advice, BaseRoom, Preparation
from thousand.web.settings import Settings

log = logging.getLogger("thousand.web")
T = TypeVar("T")

UNSOLVABLE = N_("these rules cannot be solved exactly: {reason}")
UNAVAILABLE = N_("the solved strategy is not available: {reason}")


class Changes(Protocol):
    """What the driver needs of the hub (:class:`thousand.web.hub.Hub`)."""

    settings: Settings
    cluster: Cluster

    def broadcast(self, live: LiveRoom) -> None:
        """Send the room's state to every connection."""

    async def change(self, live: LiveRoom, apply: Callable[[BaseRoom], Awaitable[T]]) -> T:
        """Apply a change to the room, store it, then tell every client."""
        ...


class Driver:
    """The drivers of every room of a hub; see the module docstring."""

    def __init__(self, hub: Changes) -> None:
        self.hub = hub
        self._preparing: dict[str, asyncio.Task[object]] = {}
        self._asides: dict[str, dict[int, LiveRoom]] = {}
        """The :class:`Aside` makings under way, each with the rooms waiting for it."""
        self._given_up: set[str] = set()
        """Asides that failed here (the solver's error is logged): not started again."""

    async def drive(self, live: LiveRoom) -> None:
        """Play the room's computers, run its clock and fetch advice, as long as it lives."""
        hub = self.hub
        while True:
            live.wake.clear()
            room = live.room
            try:
                driven = room.needs_driver()
                if driven and not await hub.cluster.may_drive(room.id):
                    # another process drives the room; look again when its lease may
                    # have fallen free (that process gone)
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(live.wake.wait(), hub.settings.resync_seconds)
                    continue
                if room.computer_to_move():
                    self._start_aside(live)
                    await self._computer_move(live)
                    continue
                if room.options.advisor and room.mover is not None:
                    await self._advise(live)
                self._start_aside(live)  # after the advice: its figures come first
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
        if self.hub.settings.bot_delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(live.wake.wait(), self.hub.settings.bot_delay)
        mover = room.mover
        if live.room is not room or room.seq != seq or mover is None:
            return  # a person took the seat back, or the room changed meanwhile
        decide = room.computer_decision()
        prepared = room.preparation()
        if prepared is not None:
            if not live.connections and not await _at_hand(prepared):
                # Nobody is here to wait for it (a server restarted, say): no solve is
                # started for an empty room; someone's connecting wakes the driver.
                await live.wake.wait()
                return
            await self._prepare(live, prepared)
        move = await asyncio.to_thread(decide)

        async def step(now: BaseRoom) -> None:
            if now is room and now.seq == seq:  # else: changed meanwhile, here or
                now.bot_step(move)  # in another process; the driver looks again

        await self.hub.change(live, step)

    async def _prepare(self, live: LiveRoom, preparation: Preparation) -> None:
        """Run a room's preparation (a strategy to solve) in a worker thread, once for
        every room that needs the same; meanwhile every client is told."""
        if await _at_hand(preparation):
            return  # nothing to make: no "solving" note, however briefly
        loop = asyncio.get_running_loop()

        def progress(line: str) -> None:  # in a worker thread
            loop.call_soon_threadsafe(self._solve_progress, live, line)

        key = preparation.key
        task = self._preparing.get(key)
        if task is None:
            task = asyncio.create_task(asyncio.to_thread(preparation.make, progress))
            self._preparing[key] = task
            task.add_done_callback(lambda _t: self._preparing.pop(key, None))
        live.solving = True
        if preparation.announce:
            self.hub.broadcast(live)
        try:
            await asyncio.shield(task)
        finally:
            live.solving = False
            live.solve_progress = None

    def _solve_progress(self, live: LiveRoom, line: str) -> None:
        first = live.solve_progress is None
        live.solve_progress = line
        if first or live.connections:
            self.hub.broadcast(live)

    async def _time_out(self, live: LiveRoom) -> None:
        async def time_out(room: BaseRoom) -> bool:
            return room.time_out()

        if await self.hub.change(live, time_out):
            log.info("room %s: seat %s ran out of time", live.room.id, live.room.mover)

    async def _advise(self, live: LiveRoom) -> None:
        """The mover's winning chances after each action, computed off the event loop."""
        room = live.room
        seq = room.seq
        if live.advice is not None and live.advice[0] == seq:
            return
        asked = room.advice()
        if asked is None:
            return  # no advisor for the game, or nobody to beat
        try:
            if asked.preparation is not None:
                await self._prepare(live, asked.preparation)
            values, exact = await asyncio.to_thread(_valued, asked)
        except RulesError as exc:
            live.advice_error = (UNSOLVABLE, str(exc))
            live.advice = (seq, {})
        except ThousandError as exc:
            live.advice_error = (UNAVAILABLE, str(exc))
            live.advice = (seq, {})
        else:
            live.advice_error = None
            live.advice = (seq, values)
            live.advice_exact = exact
        if room.seq == seq:
            self.hub.broadcast(live)

    def _start_aside(self, live: LiveRoom) -> None:
        """Have the room's :class:`Aside` made, if it wants one and someone is in it, once
        for every room that wants it; the room is told its estimates and asked for its
        advice again when it is made (or given up)."""
        if live.aside_running or not live.connections:
            return  # under way already, or nobody here to want it
        aside = live.room.aside()
        if aside is None or aside.key in self._given_up:
            return
        waiting = self._asides.get(aside.key)
        live.aside_running = True
        self.hub.broadcast(live)  # an approximation's note says the table is coming
        if waiting is not None:
            waiting[id(live)] = live
            return
        self._asides[aside.key] = {id(live): live}
        loop = asyncio.get_running_loop()

        def estimate(found: Estimate) -> None:  # in the worker thread
            loop.call_soon_threadsafe(self._aside_estimate, aside.key, found)

        task = asyncio.create_task(asyncio.to_thread(aside.make, estimate))
        task.add_done_callback(lambda done: self._aside_done(aside.key, done))

    def _aside_estimate(self, key: str, estimate: Estimate) -> None:
        for live in self._asides.get(key, {}).values():
            live.aside_estimate = estimate
            if live.connections:
                self.hub.broadcast(live)

    def _aside_done(self, key: str, task: asyncio.Task[object]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.warning("the advisor's table %s was not made: %s", key, task.exception())
            self._given_up.add(key)  # not tried again by this process: the duel stays
        for live in self._asides.pop(key, {}).values():
            live.aside_running = False
            live.aside_estimate = None
            live.advice = None  # asked again: the better table answers now
            live.wake.set()


def _valued(asked: Advice) -> tuple[dict[Any, Any], bool]:
    """The advice's values and whether they are exact (in a worker thread)."""
    values = asked.values()
    return values, True if asked.exact is None else asked.exact()


async def _at_hand(preparation: Preparation) -> bool:
    """Whether ``preparation`` has nothing to make (asked off the event loop)."""
    return preparation.at_hand is not None and await asyncio.to_thread(preparation.at_hand)
