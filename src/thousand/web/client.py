"""A client of PROTOCOL.md that goes on through a server's death: for scripts and tests.

It knows only the protocol (HTTP to make and join rooms, one WebSocket per seat) and one
thing about deployments: a list of addresses that all serve the same rooms. When its
connection breaks it connects to the next address, gets the room's state there and goes
on from it. The load benchmark and the tests of several processes play with it; so can
anyone who scripts against a server.

What it checks is what a player would notice: that no state it was shown is ever taken
back (``seq`` only grows, and a state at a ``seq`` already seen is the same state).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import ssl
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import websockets

from thousand.web.clientsocket import ClientSocket
from thousand.web.jsontext import encoded

RETRY_CODES = frozenset({"unavailable", "busy"})
"""Errors that say "the same action later": the server could not store it, or raced."""


@functools.cache
def _tls() -> ssl.SSLContext:
    """The one TLS context of every request: httpx makes a new one for each client it
    is not given one (loading the certificate authorities takes ~50 ms of processor
    time, which was nearly all of making a benchmark's thousand rooms)."""
    return httpx.create_ssl_context()


@dataclass
class Deployment:
    """The addresses of one deployment's processes (``http://host:port``), any of which
    serves any room."""

    bases: Sequence[str]
    timeout: float = 10.0

    async def post(self, path: str, body: dict[str, Any], start: int = 0) -> dict[str, Any]:
        """POST to the first process that answers (starting at ``start``)."""
        return await self._call("POST", path, body, start)

    async def get(self, path: str, start: int = 0) -> dict[str, Any]:
        return await self._call("GET", path, None, start)

    async def _call(
        self, method: str, path: str, body: dict[str, Any] | None, start: int
    ) -> dict[str, Any]:
        deadline = time.monotonic() + self.timeout
        attempt = 0
        while True:
            base = self.bases[(start + attempt) % len(self.bases)]
            try:
                async with httpx.AsyncClient(timeout=5.0, verify=_tls()) as http:
                    answer = await http.request(method, base + path, json=body)
                if answer.status_code != 503:
                    answer.raise_for_status()
                    return dict(answer.json())
            except (httpx.TransportError, httpx.HTTPStatusError) as exc:
                if isinstance(exc, httpx.HTTPStatusError) or time.monotonic() > deadline:
                    raise
            if time.monotonic() > deadline:
                raise TimeoutError(f"{method} {path}: no process answered")
            attempt += 1
            await asyncio.sleep(0.2)


@dataclass(eq=False)
class SeatClient:
    """One seat's (or a spectator's, without a token) connection to a room."""

    deployment: Deployment
    room: str
    token: str | None
    start: int = 0
    """Which address to connect to first (spread a room's seats over the processes)."""
    lang: str = "en"
    state: dict[str, Any] | None = None
    errors: list[dict[str, Any]] = field(default_factory=list)
    reconnects: int = 0
    keep_states: bool = False
    """Keep every state message in :attr:`states` (tests; a benchmark would run out of
    memory)."""
    states: list[dict[str, Any]] = field(default_factory=list)
    broken: list[str] = field(default_factory=list)
    """Promises of PROTOCOL.md the server broke: a state taken back or changed."""
    _socket: ClientSocket | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _reader: asyncio.Task[None] | None = None
    _index: int = 0

    async def connect(self) -> None:
        """Connect and wait for the room's first state."""
        self._index = self.start
        await self._open()
        self._reader = asyncio.create_task(self._read())
        await self.wait(lambda _state: True, self.deployment.timeout)

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if self._socket is not None:
            with contextlib.suppress(Exception):
                await self._socket.close()

    async def _open(self) -> None:
        deadline = time.monotonic() + self.deployment.timeout
        while True:
            base = self.deployment.bases[self._index % len(self.deployment.bases)]
            address = base.replace("http", "ws", 1) + f"/ws/rooms/{self.room}?lang={self.lang}"
            if self.token is not None:
                address += f"&token={self.token}"
            try:
                self._socket = await ClientSocket.connect(address, self._received, 5.0, _tls())
                return
            except (OSError, websockets.exceptions.WebSocketException, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                self._index += 1
                await asyncio.sleep(0.2)

    async def _read(self) -> None:
        while True:
            assert self._socket is not None
            # the messages come to _received meanwhile; shielded: cancelling this reader
            # must not cancel the socket's own future
            await asyncio.shield(self._socket.closed)
            # the process went away (or closed us): the next one. Counted once the new
            # connection is open: an action waiting for its answer sends itself again
            # when the count moves, and sent before that it went into the old one, lost
            self._index += 1
            await self._open()
            self.reconnects += 1
            self._changed.set()

    def _received(self, raw: bytes) -> None:
        """A message of the connection, as it arrives (:class:`ClientSocket`'s callback)."""
        try:
            message = orjson.loads(raw)
        except orjson.JSONDecodeError:
            self.broken.append(f"a message that is not JSON: {raw[:40]!r}")
            return
        try:
            self._take(message)
        except (AttributeError, KeyError, TypeError, ValueError) as exc:
            # not the protocol's (a state without its seq, a list for an object): noted,
            # and the connection reads on, as for a message that is not JSON
            self.broken.append(f"a message not as PROTOCOL.md says ({exc!r}): {raw[:40]!r}")

    def _take(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == "state":
            seq = int(message["seq"])
            # A state at a seq below the last one shown takes it back; one at the same
            # seq must show the same game. A state at a seq shown earlier than the last
            # is below it, so the last one is all there is to compare with.
            last = self.state
            shown = None if last is None else int(last["seq"])
            if shown is not None and seq < shown:
                self.broken.append(f"seq went back from {shown} to {seq}")
            elif (
                last is not None
                and seq == shown
                and _lasting(message["game"]) != _lasting(last["game"])
            ):
                self.broken.append(f"the state at seq {seq} changed")
            self.state = message
            if self.keep_states:
                self.states.append(message)
        elif kind == "error":
            self.errors.append(message)
        self._changed.set()

    async def wait(self, check: Any, timeout: float = 30.0) -> dict[str, Any]:
        """The first state for which ``check(state)`` holds (TimeoutError otherwise)."""
        await self._until(lambda: self.state is not None and check(self.state), timeout)
        assert self.state is not None
        return self.state

    async def wait_error(self, count: int, timeout: float = 30.0) -> dict[str, Any]:
        """The first error after the first ``count`` this client received."""
        await self._until(lambda: len(self.errors) > count, timeout)
        return self.errors[count]

    async def _until(self, done: Any, timeout: float) -> None:
        """Return once ``done()`` holds, looking again at every message received."""
        deadline = time.monotonic() + timeout
        while not done():
            self._changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"room {self.room}: nothing awaited came in {timeout} s")
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(left):  # not wait_for: no task per message
                    await self._changed.wait()

    async def send(self, message: dict[str, Any]) -> None:
        """Send one message as it is (no retry)."""
        assert self._socket is not None
        self._socket.send(encoded(message))

    async def act(self, action: dict[str, Any], timeout: float = 30.0) -> float:
        """Send an action on the current state and wait until a newer state arrives;
        the seconds it took. An error that says "later" sends it again; any other
        error is raised.

        A ``stale`` refusal also ends it, once the newer state is in: the room moved on
        from the state acted on. That is this very action, stored by a process that died
        or timed out before it could say so and sent again here, or another device of
        the seat acting first; either way the newer state, not this call, says what
        happened, and the refusal stays in :attr:`errors` for whoever counts them."""
        assert self.state is not None
        seq = int(self.state["seq"])
        started = time.monotonic()
        deadline = started + timeout
        while True:
            if int(self.state["seq"]) > seq:
                return time.monotonic() - started
            errors = len(self.errors)
            reconnects = self.reconnects  # before sending: a send into a dying connection
            with contextlib.suppress(OSError, websockets.exceptions.WebSocketException):
                assert self._socket is not None
                self._socket.send(encoded({"type": "action", "seq": seq, **action}))
            while True:
                if self.state is not None and int(self.state["seq"]) > seq:
                    return time.monotonic() - started
                if len(self.errors) > errors:
                    error = self.errors[-1]
                    if error.get("code") == "stale":
                        await self.wait(lambda s: int(s["seq"]) > seq, timeout)
                        return time.monotonic() - started
                    if error.get("code") not in RETRY_CODES:
                        raise RuntimeError(f"room {self.room}: refused: {error}")
                    await asyncio.sleep(0.2)
                    break  # the same action again
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"room {self.room}: no answer to {action}")
                if self.reconnects != reconnects:
                    break  # a new connection: its state decides (sent again if still due)
                self._changed.clear()
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(min(left, 1.0)):
                        await self._changed.wait()


def _lasting(game: dict[str, Any]) -> dict[str, Any]:
    """What of a state's game must never change once shown (not who is connected)."""
    kept = {key: game.get(key) for key in ("turns", "winner", "to_move")}
    kept["scores"] = [player.get("score") for player in game.get("players", [])]
    return kept


def first_choice(state: dict[str, Any], stop_at: int = 300) -> dict[str, Any] | None:
    """A simple player of dice 1000 for scripts: stop from ``stop_at`` points in the turn
    or with fewer than three dice left, keep the most scoring dice offered (rules with
    ``choose_dice``), otherwise throw; None when there is nothing to do."""
    legal = state["game"].get("legal") or []
    if not legal:
        return None
    turn = state["game"].get("turn") or {}
    if "stop" in legal and (
        int(turn.get("total") or 0) >= stop_at or int(turn.get("dice_left") or 5) < 3
    ):
        return {"action": "stop"}
    keeps = [item for item in legal if isinstance(item, dict) and "keep" in item]
    if keeps:
        best = max(keeps, key=lambda item: (len(item["keep"]), item.get("points", 0)))
        return {"action": "keep", "dice": best["keep"]}
    if "throw" in legal:
        return {"action": "throw"}
    if "dice" in legal:
        return None  # table dice: a person enters the faces
    return {"action": "stop"} if "stop" in legal else None


CARD_AVOIDED = frozenset({"redeal", "write_off"})
"""Card Thousand actions :func:`card_choice` takes only when nothing else is open: both
end a deal without its play."""


def card_choice(state: dict[str, Any]) -> dict[str, Any] | None:
    """A simple player of card Thousand for scripts, which always moves the game on: pass
    in the bidding (when all pass, the holder of the forced bid declares), play in the
    light rather than the dark, then the first legal action — the first talon, the first
    card given to the first opponent, the standing bid as the contract, the first card
    it may play (no announcement) — never a redeal or a write-off while anything else
    is open; None when there is nothing to do (not this connection's move)."""
    legal = [item for item in state["game"].get("legal") or [] if isinstance(item, dict)]
    if not legal:
        return None
    for wanted in ({"action": "pass"}, {"action": "dark", "dark": False}):
        if wanted in legal:
            return dict(wanted)
    chosen = next((item for item in legal if item.get("action") not in CARD_AVOIDED), legal[0])
    return dict(chosen)


def poker_choice(state: dict[str, Any]) -> dict[str, Any] | None:
    """A simple player of poker dice for scripts: write the box that scores most once one
    scoring anything may be written (or no throw is left), otherwise throw again keeping
    nothing; ``stop`` (the ranking game) once no throw is left; None when there is
    nothing to do."""
    legal = state["game"].get("legal") or []
    boxes = [item for item in legal if isinstance(item, dict) and "box" in item]
    best = max(boxes, key=lambda item: int(item.get("points") or 0), default=None)
    if best is not None and (int(best.get("points") or 0) > 0 or "throw" not in legal):
        return {"action": "write", "box": best["box"]}
    if "throw" in legal:
        return {"action": "throw"}
    return {"action": "stop"} if "stop" in legal else None
