"""Helpers of the server's tests: an app on a temporary database, WebSocket connections
that never hang a test, and the checks that tie what clients see to the game's record.

Every connection (:class:`BaseConn`: in process, or over a real socket) keeps every
message it received, checks that the ``seq`` of its states never goes back nor skips one
(each accepted change is sent to everyone), and gives up after :data:`TIMEOUT` seconds
rather than wait forever.
"""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from random import Random
from typing import Any, TypeVar

import anyio
import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.types import Message

from thousand.games.dice1000.record import replay
from thousand.web.server import Hub, LiveRoom, Settings, create_app

T = TypeVar("T")

TIMEOUT = 15.0
"""Seconds a test waits for a message before it fails (nothing in these tests takes 1 s)."""

PRESETS = ("classic", "ussr", "courtyard", "barrel850")

SMALL_RULES: dict[str, dict[str, Any]] = {
    # Each preset with the target at 300 and its barrels and dump trucks moved below it,
    # so that a game of random decisions ends in a few dozen turns. Lists replace the
    # preset's (RULES.md §2), so every barrel is given whole.
    "classic": {
        "preset": "classic",
        "target": 300,
        "barrels": [
            {"from": 250, "to": 300, "cap": True, "fall": {"to": "entry"}, "knock_off": True}
        ],
    },
    "ussr": {"preset": "ussr", "target": 300, "barrels": [{"from": 200, "to": 300}]},
    "courtyard": {
        "preset": "courtyard",
        "target": 300,
        "barrels": [{"from": 200, "to": 300}],
        "dump_trucks": [155],
    },
    "barrel850": {
        "preset": "barrel850",
        "target": 300,
        "barrels": [
            {
                "from": 200,
                "to": 300,
                "attempts": 3,
                "fall": {"penalty": 100},
                "knock_off": True,
            }
        ],
        "dump_trucks": [155],
    },
}

TINY_RULES: dict[str, Any] = {
    "preset": "classic",
    "target": 50,
    "barrels": [],
    "entry_threshold": 50,
}
"""A game that ends after a few turns: the first stop at 50 or more wins."""

REPLAY_PLAYER_KEYS = ("name", "score", "entered", "bolts")


def new_app(tmp_path: Path, **settings: Any) -> FastAPI:
    """The server on the database ``tmp_path/s.db``, computers deciding at once and no
    limit on actions (a test plays faster than the 30 a second a person is allowed)."""
    values: dict[str, Any] = {"bot_delay": 0.0, "action_rate": 0.0}
    values.update(settings)
    return create_app(Settings(db_url=f"sqlite:///{tmp_path}/s.db", **values))


# -- HTTP ------------------------------------------------------------------------------


def create_room(
    client: httpx.Client,
    name: str = "Anna",
    seats: Sequence[Mapping[str, Any]] = ({"open": True},),
    rules: object = "classic",
    **options: Any,
) -> tuple[str, str]:
    """A room created by ``name`` (seat 0): its id and the creator's token."""
    body = {"name": name, "rules": rules, "seats": list(seats), "options": options}
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    assert data["seat"] == 0
    return str(data["room"]), str(data["token"])


def join_room(client: httpx.Client, room: str, name: str = "Boris") -> tuple[int, str]:
    response = client.post(f"/api/rooms/{room}/join", json={"name": name})
    assert response.status_code == 200, response.text
    data = response.json()
    assert data["room"] == room
    return int(data["seat"]), str(data["token"])


def error_of(response: Any) -> tuple[int, str, str]:
    """An HTTP refusal as (status, code, message); the body has nothing else."""
    body = response.json()
    assert set(body) == {"error"}
    assert {"code", "message"} <= set(body["error"])  # more fields may be added
    return int(response.status_code), str(body["error"]["code"]), str(body["error"]["message"])


def get_record(client: httpx.Client, room: str, number: int | None = None) -> dict[str, Any]:
    url = f"/api/rooms/{room}/record" + ("" if number is None else f"?number={number}")
    response = client.get(url)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def replay_now(client: httpx.Client, room: str) -> dict[str, Any]:
    """``thousand replay --json`` of the room's record as the server gives it now."""
    return replay(get_record(client, room)).to_json_data()


def spectator_state(client: httpx.Client, room: str) -> dict[str, Any]:
    response = client.get(f"/api/rooms/{room}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# -- what a state says ---------------------------------------------------------------


def replay_fields(game: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a state's ``game`` that must equal ``thousand replay --json``."""
    return {
        "players": [{key: player[key] for key in REPLAY_PLAYER_KEYS} for player in game["players"]],
        "turns": game["turns"],
        "winner": game["winner"],
        "to_move": game["to_move"],
    }


def mover_seat(state: Mapping[str, Any]) -> int | None:
    """The seat to move in a state (None: waiting or over)."""
    to_move = state["game"]["to_move"]
    for player in state["game"]["players"]:
        if player["name"] == to_move:
            return int(player["seat"])
    return None


def record_moments(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """``thousand replay --json`` of the record at every moment of its game, in order:
    before the first throw, after every throw (while its dice are chosen, under
    ``choose_dice``, as the record then says: every scoring die set aside) and after
    every stop."""
    return json.loads(_moments(json.dumps(record)))  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=4)
def _moments(text: str) -> str:
    record = json.loads(text)
    turns: list[dict[str, Any]] = record["turns"]

    def at(done: list[dict[str, Any]]) -> dict[str, Any]:
        return replay({**record, "turns": done}).to_json_data()

    moments = [at([])]
    for index, turn in enumerate(turns):
        rolls = turn["rolls"]
        for count in range(1, len(rolls) + 1):
            last = rolls[count - 1]
            if isinstance(last, dict):  # the moment its dice were being chosen
                moments.append(at([*turns[:index], {"rolls": [*rolls[: count - 1], last["dice"]]}]))
            moments.append(at([*turns[:index], {"rolls": rolls[:count]}]))
        if turn.get("stop"):
            moments.append(at(turns[: index + 1]))
    return json.dumps(moments)


def assert_follows_record(states: Sequence[Mapping[str, Any]], record: Mapping[str, Any]) -> None:
    """Every state shows the record at some moment, in the order the game went, and the
    last one shows the whole record."""
    moments = record_moments(record)
    index = 0
    for state in states:
        shown = replay_fields(state["game"])
        while index < len(moments) and moments[index] != shown:
            index += 1
        assert index < len(moments), f"state {state['seq']} shows no moment of the record"
    assert replay_fields(states[-1]["game"]) == moments[-1]


# -- WebSockets ------------------------------------------------------------------------


ERROR_KEYS = ("type", "code", "message", "rule")


def error_fields(message: Mapping[str, Any]) -> dict[str, Any]:
    """An ``error`` message's fields of PROTOCOL.md (more may be added beside them)."""
    assert set(ERROR_KEYS) <= set(message), message
    return {key: message[key] for key in ERROR_KEYS}


class BaseConn:
    """A client's WebSocket that keeps what it received; see the module docstring."""

    def __init__(self, token: str | None = None) -> None:
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.seq: int | None = None

    def _next_text(self, timeout: float) -> str:
        raise NotImplementedError

    def send_text(self, text: str) -> None:
        raise NotImplementedError

    def receive(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        text = self._next_text(timeout)
        data: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.messages.append(data)
        if data["type"] == "state":
            seq = int(data["seq"])
            assert self.seq is None or seq in {self.seq, self.seq + 1}, (self.seq, seq)
            self.seq = seq
        return data

    def next_state(self) -> dict[str, Any]:
        while True:
            message = self.receive()
            if message["type"] == "state":
                return message

    def state_at(self, seq: int) -> dict[str, Any]:
        """This connection's state of ``seq`` (every change reaches every connection):
        the last one received if it is of ``seq``, else the next one of ``seq``."""
        if self.seq == seq:
            return self.latest()
        while True:
            state = self.next_state()
            if state["seq"] == seq:
                return state
            assert state["seq"] < seq, (state["seq"], seq)

    def latest(self) -> dict[str, Any]:
        """The last state this connection received."""
        return next(m for m in reversed(self.messages) if m["type"] == "state")

    def send(self, data: object) -> None:
        self.send_text(json.dumps(data))

    def act(self, action: str | Mapping[str, Any], seq: int) -> None:
        """Send a ``legal`` item as an action on the state ``seq``."""
        if isinstance(action, str):
            self.send({"type": "action", "action": action, "seq": seq})
        else:
            self.send({"type": "action", "action": "keep", "dice": action["keep"], "seq": seq})

    def error(self) -> dict[str, Any]:
        """The next message, which must be an error: its fields of PROTOCOL.md."""
        message = self.receive()
        assert message["type"] == "error", message
        return error_fields(message)

    def errors(self) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "error"]

    def sync(self) -> list[dict[str, Any]]:
        """Everything the server queued for this connection so far: a ping's ``pong``
        comes after every message sent before the ping was read."""
        self.send({"type": "ping"})
        before: list[dict[str, Any]] = []
        while (message := self.receive())["type"] != "pong":
            before.append(message)
        assert message == {"type": "pong"}
        return before


class Conn(BaseConn):
    """A WebSocket of the in-process test client."""

    def __init__(self, socket: WebSocketTestSession, token: str | None = None) -> None:
        super().__init__(token)
        self.socket = socket

    def _next_text(self, timeout: float) -> str:
        stream = self.socket._send_rx

        async def take() -> Message:
            with anyio.fail_after(timeout):
                return await stream.receive()

        message = self.socket.portal.call(take)
        assert message["type"] == "websocket.send", f"the server closed: {message}"
        return str(message["text"])

    def send_text(self, text: str) -> None:
        self.socket.send_text(text)


def settle(*conns: BaseConn) -> None:
    """Every connection has received every message sent to any of them so far (each
    connection's arrival is told to the others once the server reads it)."""
    for _ in range(2):
        for conn in conns:
            conn.sync()


def connect(
    stack: contextlib.ExitStack, client: TestClient, room: str, token: str | None = None
) -> Conn:
    """A WebSocket to ``room`` (a seat's with ``token``, else a spectator's), open for the
    life of ``stack``."""
    url = f"/ws/rooms/{room}" + ("" if token is None else f"?token={token}")
    socket = stack.enter_context(client.websocket_connect(url))
    return Conn(socket, token)


def on_loop(client: TestClient, call: Callable[..., T], *args: Any) -> T:
    """``call(*args)`` on the server's event loop (the rooms' objects live there)."""
    portal = client.portal
    assert portal is not None, "the client is not running (use running())"
    return portal.call(call, *args)


def live_room(client: TestClient, room: str) -> LiveRoom:
    """The server's room object (for tests that move its clock)."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub.rooms[room]


@contextlib.contextmanager
def running(app: FastAPI) -> Iterator[TestClient]:
    """The app with its lifespan (restored rooms, drivers), on one event loop."""
    with TestClient(app) as client:
        yield client


# -- playing -------------------------------------------------------------------------


def random_action(legal: Sequence[str | Mapping[str, Any]], rng: Random) -> str | Mapping[str, Any]:
    """A random legal action; a stop, when open, a bit less than half the time."""
    assert legal, "nothing is legal for the seat to move"
    if "stop" in legal and rng.random() < 0.45:
        return "stop"
    others = [action for action in legal if action != "stop"]
    return rng.choice(others or list(legal))


def finish_solo(conn: BaseConn) -> dict[str, Any]:
    """Play a room of one person (and no computer) to its end: stop whenever allowed."""
    state = conn.next_state()
    for _ in range(1000):
        if state["room"]["status"] == "over":
            return state
        legal = state["game"]["legal"]
        conn.act("stop" if "stop" in legal else legal[0], state["seq"])
        state = conn.next_state()
    raise AssertionError("the solo game did not end")


def _brief(message: Mapping[str, Any]) -> object:
    if message["type"] != "state":
        return message
    game = message["game"]
    return (message["seq"], message["you"], game["to_move"], game["legal"], game["thinking"])


def play_out(
    client: httpx.Client,
    room: str,
    observer: BaseConn,
    persons: Mapping[int, BaseConn],
    rng: Random,
    *,
    max_states: int = 5000,
    actions: int | None = None,
) -> list[dict[str, Any]]:
    """Play the room's game to its end with random legal actions of the person seats.

    Every state of ``observer`` is checked: whenever no computer is to decide (nothing
    can change the room but the test, which has not acted on it yet) its ``players``,
    ``turns``, ``winner`` and ``to_move`` equal the replay of ``GET /record`` at that
    moment; at the end every state shows a moment of the final record, in order. Play
    starts from the last state ``observer`` received, if it received any. With
    ``actions``, play stops once the persons took that many and one of them is to move.
    Returns the observer's states from there.
    """
    states: list[dict[str, Any]] = []
    acted: set[int] = set()
    pending = None if observer.seq is None else observer.latest()  # already received
    for _ in range(max_states):
        try:
            state = observer.next_state() if pending is None else pending
        except TimeoutError:
            shown = [_brief(m) for m in observer.messages[-6:]]
            raise AssertionError(f"no state came; acted on {sorted(acted)[-3:]}; {shown}") from None
        pending = None
        states.append(state)
        game = state["game"]
        if not game["thinking"] and state["seq"] not in acted:
            # the first time this seq arrives (a later copy, sent when someone connects,
            # may come after the test acted on it)
            assert replay_fields(game) == replay_now(client, room)
        if state["room"]["status"] == "over":
            break
        if actions is not None and len(acted) >= actions and not game["thinking"]:
            return states  # a person is to move: the room stays as it is
        mover = mover_seat(state)
        if game["thinking"] or mover not in persons or state["seq"] in acted:
            continue
        assert mover is not None
        conn = persons[mover]
        own = state if conn is observer else conn.state_at(state["seq"])
        assert own["you"] == mover
        conn.act(random_action(own["game"]["legal"], rng), state["seq"])
        acted.add(state["seq"])
    else:
        raise AssertionError(f"the game did not end in {max_states} states")
    assert_follows_record(states, get_record(client, room))
    return states
