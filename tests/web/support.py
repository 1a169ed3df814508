"""Helpers of the server's tests: an app on a temporary database, WebSocket connections
that never hang a test, and the checks that tie what clients see to the game's record.

Every connection (:class:`BaseConn`: in process, or over a real socket) keeps every
message it received, checks that the ``seq`` of its states never goes back nor skips one
(each accepted change is sent to everyone), and gives up after :data:`TIMEOUT` seconds
rather than wait forever.

The checks against the record serve every game through a :class:`GameChecks` (how to
replay its record, which fields of a state must equal the replay, how a turn grows, a
random legal move): :data:`DICE1000` is dice 1000's and the default; a game's own tests
give theirs (``tests/web/test_poker_room.py``).
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
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
from thousand.web.hub import Hub
from thousand.web.live import LiveRoom
from thousand.web.server import Settings, create_app

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
    game: str | None = None,
    **options: Any,
) -> tuple[str, str]:
    """A room of ``game`` (dice 1000 when None) created by ``name`` (seat 0): its id and
    the creator's token."""
    body = {"name": name, "rules": rules, "seats": list(seats), "options": options}
    if game is not None:
        body["game"] = game
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


def spectator_state(client: httpx.Client, room: str) -> dict[str, Any]:
    response = client.get(f"/api/rooms/{room}")
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


# -- what a state says ---------------------------------------------------------------


def replay_fields(game: Mapping[str, Any]) -> dict[str, Any]:
    """The part of a dice-1000 state's ``game`` that must equal ``thousand replay --json``."""
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


def without_presence(state: Mapping[str, Any]) -> dict[str, Any]:
    """A state less who is connected now (a restart drops every connection)."""
    data = copy.deepcopy(dict(state))
    data["room"]["spectators"] = None
    for seat in data["room"]["seats"]:
        seat["connected"] = None
    for player in data["game"]["players"]:
        player["connected"] = None
    return data


def random_action(legal: Sequence[str | Mapping[str, Any]], rng: Random) -> str | Mapping[str, Any]:
    """A random legal action; a stop, when open, a bit less than half the time."""
    assert legal, "nothing is legal for the seat to move"
    if "stop" in legal and rng.random() < 0.45:
        return "stop"
    others = [action for action in legal if action != "stop"]
    return rng.choice(others or list(legal))


def action_fields(item: str | Mapping[str, Any]) -> dict[str, Any]:
    """A dice-1000 ``legal`` item as an action message's fields."""
    if isinstance(item, str):
        return {"action": item}
    return {"action": "keep", "dice": item["keep"]}


def _dice1000_turn_so_far(turn: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A dice-1000 turn after each of its throws (while a throw's dice are chosen, under
    ``choose_dice``, as the record then says: every scoring die set aside)."""
    rolls = turn["rolls"]
    moments = []
    for count in range(1, len(rolls) + 1):
        last = rolls[count - 1]
        if isinstance(last, dict):  # the moment its dice were being chosen
            moments.append({"rolls": [*rolls[: count - 1], last["dice"]]})
        moments.append({"rolls": rolls[:count]})
    return moments


@dataclass(frozen=True)
class GameChecks:
    """What the checks against the record need of one game (see the module docstring)."""

    name: str
    """The game's name (a room's ``game``)."""
    replay: Callable[[Mapping[str, Any]], dict[str, Any]]
    """``thousand replay --json`` of a record."""
    fields: Callable[[Mapping[str, Any]], dict[str, Any]]
    """The part of a state's ``game`` that must equal the replay."""
    turn_so_far: Callable[[Mapping[str, Any]], list[dict[str, Any]]]
    """A turn of the record as the record holds it after each of its throws, in order."""
    ends_turn: Callable[[Mapping[str, Any]], bool]
    """The turn was ended by a decision after its last throw (the whole turn is one
    more moment)."""
    move: Callable[[Mapping[str, Any], Random], dict[str, Any]]
    """A random legal action of the seat to move, from its state's ``game``, as an
    action message's fields."""


DICE1000 = GameChecks(
    name="dice1000",
    replay=lambda record: replay(record).to_json_data(),
    fields=replay_fields,
    turn_so_far=_dice1000_turn_so_far,
    ends_turn=lambda turn: bool(turn.get("stop")),
    move=lambda game, rng: action_fields(random_action(game["legal"], rng)),
)


def replay_now(client: httpx.Client, room: str, game: GameChecks = DICE1000) -> dict[str, Any]:
    """``thousand replay --json`` of the room's record as the server gives it now."""
    return game.replay(get_record(client, room))


def record_moments(record: Mapping[str, Any], game: GameChecks = DICE1000) -> list[dict[str, Any]]:
    """``thousand replay --json`` of the record at every moment of its game, in order:
    before the first throw, after every throw and after every decision that ends a turn."""
    return json.loads(_moments(json.dumps(record), game))  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=8)
def _moments(text: str, game: GameChecks) -> str:
    record = json.loads(text)
    turns: list[dict[str, Any]] = record["turns"]

    def at(done: list[dict[str, Any]]) -> dict[str, Any]:
        return game.replay({**record, "turns": done})

    moments = [at([])]
    for index, turn in enumerate(turns):
        moments.extend(at([*turns[:index], so_far]) for so_far in game.turn_so_far(turn))
        if game.ends_turn(turn):
            moments.append(at(turns[: index + 1]))
    return json.dumps(moments)


def assert_follows_record(
    states: Sequence[Mapping[str, Any]], record: Mapping[str, Any], game: GameChecks = DICE1000
) -> None:
    """Every state shows the record at some moment, in the order the game went, and the
    last one shows the whole record."""
    moments = record_moments(record, game)
    index = 0
    for state in states:
        shown = game.fields(state["game"])
        while index < len(moments) and moments[index] != shown:
            index += 1
        assert index < len(moments), f"state {state['seq']} shows no moment of the record"
    assert game.fields(states[-1]["game"]) == moments[-1]


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

    def states(self) -> list[dict[str, Any]]:
        """Every state this connection received, in order."""
        return [m for m in self.messages if m["type"] == "state"]

    def acts(self, *actions: Mapping[str, Any]) -> None:
        """Send each action (its message's fields) on the next state received: a move
        of several decisions, each on the state the one before led to."""
        for fields in actions:
            self.send({"type": "action", "seq": self.next_state()["seq"], **fields})

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
    game: GameChecks = DICE1000,
) -> list[dict[str, Any]]:
    """Play the room's game to its end with random legal actions of the person seats.

    Every state of ``observer`` is checked: whenever no computer is to decide (nothing
    can change the room but the test, which has not acted on it yet) its ``players``,
    ``turns``, ``winner`` and ``to_move`` equal the replay of ``GET /record`` at that
    moment; at the end every state shows a moment of the final record, in order. Play
    starts from the last state ``observer`` received, if it received any. With
    ``actions``, play stops once the persons took that many and one of them is to move.
    Returns the observer's states from there. ``game`` says what the replay is and how
    a person moves.
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
        thinking = state["game"]["thinking"]
        if not thinking and state["seq"] not in acted:
            # the first time this seq arrives (a later copy, sent when someone connects,
            # may come after the test acted on it)
            assert game.fields(state["game"]) == replay_now(client, room, game)
        if state["room"]["status"] == "over":
            break
        if actions is not None and len(acted) >= actions and not thinking:
            return states  # a person is to move: the room stays as it is
        mover = mover_seat(state)
        if thinking or mover not in persons or state["seq"] in acted:
            continue
        assert mover is not None
        conn = persons[mover]
        own = state if conn is observer else conn.state_at(state["seq"])
        assert own["you"] == mover
        conn.send({"type": "action", "seq": state["seq"], **game.move(own["game"], rng)})
        acted.add(state["seq"])
    else:
        raise AssertionError(f"the game did not end in {max_states} states")
    assert_follows_record(states, get_record(client, room), game)
    return states


def _seat_two_people(
    stack: contextlib.ExitStack, client: TestClient, rules: object, bot: str, game: GameChecks
) -> tuple[str, tuple[Conn, Conn]]:
    """A room of ``game`` where Anna (seat 0) and Boris (seat 1) sit with a computer of
    level ``bot``, both connected: its id and their connections."""
    room, anna_token = create_room(
        client, seats=[{"open": True}, {"bot": bot}], rules=rules, game=game.name
    )
    _, boris_token = join_room(client, room)
    anna = connect(stack, client, room, anna_token)
    return room, (anna, connect(stack, client, room, boris_token))


@dataclass
class WholeGame:
    """A game of two people and a computer played to its end (:func:`play_whole_game`)."""

    room: str
    record: dict[str, Any]
    """The final record."""
    last: dict[str, Any]
    """Anna's last state."""
    conns: dict[str, Conn]
    """``anna``, ``boris`` and ``watcher``, every message read."""


def play_whole_game(
    tmp_path: Path, rules: object, seed: str, bot: str, game: GameChecks = DICE1000
) -> WholeGame:
    """Anna (seat 0) and Boris (seat 1), two people, and a computer of level ``bot``
    (seat 2) play a game of ``game`` with random legal decisions (``Random(seed)``), a
    spectator watching.

    What every whole game holds is checked here: every connection's states follow the
    record without an error, the dice seed is in none of them before the game is over,
    and no seat's token reaches another connection nor the HTTP answers.
    """
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, (anna, boris) = _seat_two_people(stack, client, rules, bot, game)
        watcher = connect(stack, client, room)
        states = play_out(client, room, anna, {0: anna, 1: boris}, Random(seed), game=game)
        record = get_record(client, room)
        for conn in (anna, boris, watcher):
            conn.sync()
        texts = [
            client.get(f"/api/rooms/{room}").text,
            client.get(f"/api/rooms/{room}/record").text,
        ]
    conns = {"anna": anna, "boris": boris, "watcher": watcher}
    tokens = {name: conn.token for name, conn in conns.items() if conn.token is not None}
    for text in texts:
        assert all(token not in text for token in tokens.values())
    for name, conn in conns.items():
        assert conn.errors() == []
        assert_follows_record(conn.states(), record, game)
        playing = [state for state in conn.states() if state["room"]["status"] != "over"]
        assert all("dice_seed" not in state["game"] for state in playing)
        for owner, token in tokens.items():
            if owner != name:
                assert all(token not in text for text in conn.raw)
    return WholeGame(room, record, states[-1], conns)


@dataclass
class Restarted:
    """A game played partway, the server restarted on the same database, and the game
    played on to its end (:func:`restart_mid_game`)."""

    room: str
    seen: dict[str, Any]
    """Anna's last state before the restart."""
    record: dict[str, Any]
    """The record as the restarted server gives it."""
    listed: list[str]
    """The rooms the restarted server's lobby lists."""
    back: dict[str, Any]
    """Anna's first state from the restarted server."""
    final: dict[str, Any]
    """The record once the game is over."""


def restart_mid_game(
    tmp_path: Path, rules: object, bot: str, *, actions: int, seed: int, game: GameChecks = DICE1000
) -> Restarted:
    """Anna (seat 0), Boris (seat 1) and a computer of level ``bot`` play ``actions``
    random decisions of a game (``Random(seed)``); a new server on the same database then
    goes on until the game is over (``Random(seed + 1)``).

    What every restart holds is checked here: the game was still on, and the restarted
    server shows a spectator, the record and Anna the room exactly as before, but for who
    is connected.
    """
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, (anna, boris) = _seat_two_people(stack, client, rules, bot, game)
        anna_token, boris_token = anna.token, boris.token
        persons = {0: anna, 1: boris}
        seen = play_out(client, room, anna, persons, Random(seed), actions=actions, game=game)[-1]
        seen_record = get_record(client, room)
        seen_public = spectator_state(client, room)
    assert seen["room"]["status"] == "playing"
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        public = spectator_state(client, room)
        record = get_record(client, room)
        listed = [r["room"] for r in client.get("/api/rooms").json()["rooms"]]
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        back = anna.next_state()
        play_out(client, room, anna, {0: anna, 1: boris}, Random(seed + 1), game=game)
        final = get_record(client, room)
    assert without_presence(public) == without_presence(seen_public)
    assert record == seen_record
    assert back["seq"] == seen["seq"]
    assert without_presence(back) == without_presence(seen)
    return Restarted(room, seen, record, listed, back, final)
