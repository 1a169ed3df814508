"""The WebSocket side of PROTOCOL.md: states, refusals, chat, spectators."""

from __future__ import annotations

import contextlib
import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from tests.web.support import (
    TINY_RULES,
    Conn,
    connect,
    create_room,
    error_fields,
    finish_solo,
    join_room,
    new_app,
    replay_fields,
    replay_now,
    running,
    settle,
    spectator_state,
)
from thousand.web.limits import CHAT_BURST


def _error(code: str, message: str, rule: str | None = None) -> dict[str, object]:
    return {"type": "error", "code": code, "message": message, "rule": rule}


def test_state_on_connect(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client, seats=[{"open": True}, {"bot": "balanced"}])
        anna = connect(stack, client, room, anna_token)
        first = anna.next_state()
        _, boris_token = join_room(client, room)
        started = anna.next_state()
        boris = connect(stack, client, room, boris_token)
        own = boris.next_state()
        told = anna.next_state()
    assert {"type", "seq", "room", "game", "you"} <= set(first)  # more may be added
    assert (first["seq"], first["you"], first["room"]["status"]) == (0, 0, "waiting")
    assert [(s["name"], s["kind"], s["open"], s["connected"]) for s in first["room"]["seats"]] == [
        ("Anna", "person", False, True),
        (None, "person", True, False),
        ("Balanced", "bot", False, True),
    ]
    assert first["room"]["spectators"] == 0
    assert first["game"]["legal"] == []
    assert (started["seq"], started["you"], started["room"]["status"]) == (1, 0, "playing")
    assert started["game"]["legal"] == ["throw"]
    assert started["game"]["refusals"] == {"stop": "a turn starts with a throw of all five dice"}
    assert replay_fields(started["game"]) == {
        "players": [
            {"name": name, "score": 0, "entered": False, "bolts": 0}
            for name in ("Anna", "Boris", "Balanced")
        ],
        "turns": [],
        "winner": None,
        "to_move": "Anna",
    }
    assert [(p["seat"], p["kind"], p["connected"]) for p in started["game"]["players"]] == [
        (0, "person", True),
        (1, "person", False),
        (2, "bot", True),
    ]
    assert (own["seq"], own["you"], own["game"]["legal"]) == (1, 1, [])
    assert [s["connected"] for s in own["room"]["seats"]] == [True, True, True]
    assert told["seq"] == 1
    assert [p["connected"] for p in told["game"]["players"]] == [True, True, True]


def test_leaving_is_told_to_the_others(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client)
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        with client.websocket_connect(f"/ws/rooms/{room}?token={boris_token}") as socket:
            boris = Conn(socket, boris_token)
            settle(anna, boris)
            assert anna.latest()["room"]["seats"][1]["connected"] is True
        state = anna.next_state()
    assert state["seq"] == 1
    assert [s["connected"] for s in state["room"]["seats"]] == [True, False]


def test_wrong_token_is_told_then_watches(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        stranger = connect(stack, client, room, token[::-1])
        first = stranger.receive()
        state = stranger.receive()
        stranger.act("throw", state["seq"])
        refused = stranger.error()
    assert error_fields(first) == _error("bad_token", "unknown token: watching as a spectator")
    assert state["type"] == "state"
    assert state["you"] is None
    assert state["game"]["legal"] == []
    assert state["room"]["spectators"] == 1
    assert refused == _error("spectator", "spectators cannot act")


def test_spectators_are_counted(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        anna = connect(stack, client, room, token)
        watchers = [connect(stack, client, room) for _ in range(3)]
        settle(anna, *watchers)
        counted = spectator_state(client, room)["room"]["spectators"]
        listed = client.get("/api/rooms").json()["rooms"][0]["spectators"]
    assert anna.latest()["room"]["spectators"] == 3
    assert [w.latest()["room"]["spectators"] for w in watchers] == [3, 3, 3]
    assert [w.latest()["you"] for w in watchers] == [None, None, None]
    assert counted == listed == 3


def test_a_spectator_cannot_act(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, _ = create_room(client)
        join_room(client, room)
        watcher = connect(stack, client, room)
        state = watcher.next_state()
        watcher.act("throw", state["seq"])
        refused = watcher.error()
        watcher.send({"type": "rematch"})
        rematch = watcher.error()
        after = spectator_state(client, room)
    assert refused == _error("spectator", "spectators cannot act")
    assert rematch == _error("spectator", "spectators cannot ask for a rematch")
    assert after["seq"] == state["seq"] == 1


def test_acting_out_of_turn(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, _ = create_room(client)
        _, token = join_room(client, room)
        boris = connect(stack, client, room, token)
        state = boris.next_state()
        boris.act("throw", state["seq"])
        refused = boris.error()
        after = spectator_state(client, room)
    assert state["you"] == 1
    assert refused == _error("not_your_turn", "it is Anna's turn")
    assert after["seq"] == 1
    assert after["game"]["turns"] == []


def test_acting_before_the_game_starts(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        anna = connect(stack, client, room, token)
        anna.act("throw", anna.next_state()["seq"])
        refused = anna.error()
    assert refused == _error("not_your_turn", "the game has not started: seats are open")


def test_a_stale_action_changes_nothing(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client, rules={"preset": "ussr", "target": 2000})
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        anna.act("throw", state["seq"])
        thrown = anna.next_state()
        record_before = replay_now(client, room)
        anna.act("throw", state["seq"])  # the double click: the same state again
        refused = anna.error()
        quiet = anna.sync()
        after = spectator_state(client, room)
        record_after = replay_now(client, room)
    assert thrown["seq"] == state["seq"] + 1 == 2
    assert refused == _error("stale", "stale state: acted on 1, the room is at 2")
    assert quiet == []
    assert after["seq"] == 2
    assert record_after == record_before
    assert after["game"]["turn"]["throws"] == thrown["game"]["turn"]["throws"]


def test_an_illegal_action_names_the_engine_rule(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        anna.act("stop", state["seq"])
        refused = anna.error()
        quiet = anna.sync()
        after = spectator_state(client, room)
    assert refused == _error("illegal", "cannot stop before the first throw", "first_throw")
    assert quiet == []
    assert after["seq"] == state["seq"] == 1


def test_keep_without_choose_dice_is_illegal(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        anna.act({"keep": [1]}, state["seq"])
        refused = anna.error()
    assert (refused["code"], refused["rule"]) == ("illegal", "phase")


BAD_MESSAGES = [
    pytest.param("{not json", "the message is not valid JSON", id="not-json"),
    pytest.param("[1, 2]", "a message is a JSON object with a 'type'", id="not-object"),
    pytest.param(
        '{"type": "dance"}',
        'type: unknown message type "dance" (known: action, chat, rematch, ping)',
        id="unknown-type",
    ),
    pytest.param(
        '{"action": "throw", "seq": 1}',
        "type: unknown message type missing (known: action, chat, rematch, ping)",
        id="no-type",
    ),
    pytest.param('{"type": "action", "seq": 1}', "action: field is missing", id="no-action"),
    pytest.param('{"type": "action", "action": "throw"}', "seq: field is missing", id="no-seq"),
    pytest.param(
        '{"type": "action", "action": "throw", "seq": "1"}',
        "seq: Input should be a valid integer",
        id="seq-string",
    ),
    pytest.param(
        '{"type": "action", "action": "throw", "seq": 1.0}',
        "seq: Input should be a valid integer",
        id="seq-float",
    ),
    pytest.param(
        '{"type": "action", "action": "keep", "dice": [1, 7], "seq": 1}',
        "dice.1: Input should be less than or equal to 6",
        id="face-7",
    ),
    pytest.param(
        '{"type": "action", "action": "keep", "dice": [0], "seq": 1}',
        "dice.0: Input should be greater than or equal to 1",
        id="face-0",
    ),
    pytest.param(
        '{"type": "action", "action": "keep", "keep": [5, 9], "seq": 1}',
        "keep.1: Input should be less than or equal to 6",
        id="keep-9",
    ),
    pytest.param(
        '{"type": "action", "action": "keep", "dice": [1, 1, 1, 1, 1, 1], "seq": 1}',
        "dice: List should have at most 5 items after validation, not 6",
        id="six-dice",
    ),
    pytest.param(
        '{"type": "action", "action": "keep", "seq": 1}',
        "dice: field is missing (the dice to keep)",
        id="keep-without-dice",
    ),
    pytest.param(
        '{"type": "action", "action": "fly", "seq": 1}',
        "action: unknown action 'fly'",
        id="unknown-action",
    ),
    pytest.param(
        '{"type": "action", "action": "throw", "seq": 1, "turbo": true}',
        "turbo: unknown field",
        id="extra-field",
    ),
    pytest.param(
        json.dumps({"type": "chat", "text": "x" * 4990}),
        "message too large (over 4096 bytes)",
        id="5000-bytes",
    ),
    pytest.param(
        "[" * 100 + "]" * 100,
        "the message: nested deeper than 32 levels (at " + "[0]" * 32 + ")",
        id="deep",
    ),
    pytest.param(
        '{"type": "action", "action": "throw", "seq": 1, "x": ' + '{"a": ' * 40 + "1" + "}" * 41,
        "the message: nested deeper than 32 levels (at x" + ".a" * 31 + ")",
        id="deep-object",
    ),
    pytest.param(
        '{"type": "action", "action": "throw", "seq": 123456789012345678901234567890}',
        "the message: a number too large (more than 64 bits) (at seq)",
        id="huge-number",
    ),
    pytest.param(
        '{"type": "rematch"}',
        "a rematch can be asked for once the game is over",
        id="early-rematch",
    ),
]


@pytest.mark.parametrize(("text", "message"), BAD_MESSAGES)
def test_a_bad_message_is_refused_and_the_connection_goes_on(
    tmp_path: Path, text: str, message: str
) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        anna.send_text(text)
        refused = anna.error()
        quiet = anna.sync()
        anna.act("throw", state["seq"])
        after = anna.next_state()
    assert refused == _error("bad_message", message)
    assert quiet == []
    assert after["seq"] == state["seq"] + 1
    assert len(after["game"]["turn"]["throws"]) == 1


def test_binary_frames_are_read_as_text(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        anna.socket.send_bytes(b"\xff\xfe")
        refused = anna.error()
        anna.socket.send_bytes(json.dumps({"type": "action", "action": "throw", "seq": 1}).encode())
        after = anna.next_state()
    assert refused == _error("bad_message", "the message is not valid JSON")
    assert after["seq"] == state["seq"] + 1


def test_acting_after_the_game_is_over(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client, seats=[], rules=TINY_RULES)
        anna = connect(stack, client, room, token)
        last = finish_solo(anna)
        anna.act("throw", last["seq"])
        refused = anna.error()
        anna.act("stop", last["seq"] - 1)
        stale = anna.error()
    assert last["game"]["winner"] == "Anna"
    assert last["game"]["to_move"] is None
    assert last["game"]["legal"] == []
    assert refused == _error("game_over", "the game is over", "game_over")
    assert stale == refused


def test_chat_reaches_everyone_with_seat_name_and_time(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(client)
        _, boris_token = join_room(client, room)
        anna = connect(stack, client, room, anna_token)
        boris = connect(stack, client, room, boris_token)
        watcher = connect(stack, client, room)
        settle(anna, boris, watcher)
        before = datetime.now(UTC).replace(microsecond=0)
        boris.send({"type": "chat", "text": "  привет, Anna!  "})
        heard = [conn.receive() for conn in (anna, boris, watcher)]
        watcher.send({"type": "chat", "text": "go go"})
        from_watcher = [conn.receive() for conn in (anna, boris, watcher)]
        after = datetime.now(UTC) + timedelta(seconds=1)
        late = connect(stack, client, room)
        history = late.sync()
    first = heard[0]
    assert heard == [first] * 3
    assert {key: first[key] for key in ("type", "seat", "name", "text")} == {
        "type": "chat",
        "seat": 1,
        "name": "Boris",
        "text": "привет, Anna!",
    }
    assert {"type", "seat", "name", "text", "at"} <= set(first)
    at = datetime.fromisoformat(first["at"])
    assert at.utcoffset() == timedelta(0)
    assert before <= at <= after
    assert from_watcher == [from_watcher[0]] * 3
    assert (from_watcher[0]["seat"], from_watcher[0]["name"], from_watcher[0]["text"]) == (
        None,
        "",
        "go go",
    )
    assert [m["type"] for m in history] == ["state", "chat", "chat"]
    assert history[1:] == [first, from_watcher[0]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("y" * 501, "text: String should have at most 500 characters"),
        ("", "text: String should have at least 1 character"),
        ("   ", "text: empty, or has control characters"),
        ("ring\x07ring", "text: empty, or has control characters"),
        ("two\nlines", "text: empty, or has control characters"),
        ("\x1b[2Jclear", "text: empty, or has control characters"),
    ],
)
def test_a_bad_chat_line_is_refused(tmp_path: Path, text: str, message: str) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        anna = connect(stack, client, room, token)
        watcher = connect(stack, client, room)
        settle(anna, watcher)
        anna.send({"type": "chat", "text": text})
        refused = anna.error()
        heard = watcher.sync()
        anna.send({"type": "chat", "text": "y" * 500})
        fine = anna.receive()
    assert refused == _error("bad_message", message)
    assert heard == []
    assert (fine["type"], fine["text"]) == ("chat", "y" * 500)


def test_chatting_too_fast_is_rate_limited(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        anna = connect(stack, client, room, token)
        anna.next_state()
        for number in range(int(CHAT_BURST) + 3):
            anna.send({"type": "chat", "text": f"line {number}"})
        answers = [anna.receive() for _ in range(int(CHAT_BURST) + 3)]
        history = [m["text"] for m in connect(stack, client, room).sync() if m["type"] == "chat"]
    kinds = [(m["type"], m.get("code")) for m in answers]
    assert kinds[: int(CHAT_BURST)] == [("chat", None)] * int(CHAT_BURST)
    assert ("error", "rate_limited") in kinds[int(CHAT_BURST) :]
    limited = next(m for m in answers if m["type"] == "error")
    assert error_fields(limited) == _error("rate_limited", "too many chat messages: slow down")
    assert history[: int(CHAT_BURST)] == [f"line {n}" for n in range(int(CHAT_BURST))]


def test_muted_spectators_cannot_chat(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, _ = create_room(client, mute_spectators=True)
        watcher = connect(stack, client, room)
        watcher.next_state()
        watcher.send({"type": "chat", "text": "hello"})
        refused = watcher.error()
    assert refused == _error("spectator", "spectators cannot write in this room's chat")


def test_ping_is_answered(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        anna = connect(stack, client, room, token)
        anna.next_state()
        anna.send({"type": "ping"})
        answer = anna.receive()
    assert answer == {"type": "pong"}


def test_acting_too_fast_is_rate_limited(tmp_path: Path) -> None:
    """One action a second and a burst of four: the fifth at once is refused."""
    with running(new_app(tmp_path, action_rate=1.0)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        for _ in range(8):
            anna.act("throw", state["seq"] - 1)  # stale: refused, but counted
        answers = [anna.error() for _ in range(8)]
        after = spectator_state(client, room)
    codes = [answer["code"] for answer in answers]
    assert codes[:4] == ["stale"] * 4
    assert codes[4:].count("rate_limited") >= 3
    limited = next(answer for answer in answers if answer["code"] == "rate_limited")
    assert limited == _error("rate_limited", "too many actions: slow down")
    assert after["seq"] == state["seq"]


def test_no_action_limit_means_none(tmp_path: Path) -> None:
    """``--no-rate-limits`` (an action rate of 0) lifts the limits rather than falling
    back to the stricter defaults of :mod:`thousand.web.limits`."""
    with running(new_app(tmp_path, action_rate=0.0)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client)
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        for _ in range(300):
            anna.act("throw", state["seq"] - 1)
        codes = {anna.error()["code"] for _ in range(300)}
    assert codes == {"stale"}
