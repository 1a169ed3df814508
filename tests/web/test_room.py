"""A room without sockets: its clock, its tokens and what it stores."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from thousand.games.dice1000.record import replay
from thousand.web.protocol import CreateRoom, ProtocolError
from thousand.web.rooms.base import hash_token
from thousand.web.rooms.dice1000.room import STAND_IN, Room
from thousand.web.rooms.dice1000.view import record_view


def _room(**body: Any) -> tuple[Room, str]:
    data: dict[str, Any] = {"name": "Anna", "seats": [{"bot": "bold"}]}
    data.update(body)
    return Room.create(CreateRoom.model_validate(data))


def test_a_room_of_a_person_and_a_computer_starts_at_once() -> None:
    room, token = _room()
    assert room.status == "playing"
    assert room.seq == 0
    assert room.mover == 0
    assert room.seat_of(hash_token(token)) == 0
    assert room.seat_of(hash_token(token + "x")) is None
    assert room.seat_of(None) is None
    assert not room.computer_to_move()
    assert room.deadline is None


def test_time_out_with_an_explicit_now() -> None:
    before = datetime.now(UTC)
    room, _ = _room(options={"turn_seconds": 10})
    deadline = room.deadline
    assert deadline is not None
    assert before + timedelta(seconds=10) <= deadline <= datetime.now(UTC) + timedelta(seconds=10)
    assert room.time_out(deadline - timedelta(seconds=1)) is False
    assert (room.seq, room.seats[0].auto, room.deadline) == (0, False, deadline)
    assert room.time_out(deadline + timedelta(seconds=1)) is True
    assert (room.seq, room.seats[0].auto, room.deadline) == (1, True, None)
    assert room.computer_to_move()
    assert room.mover == 0
    assert room.time_out(deadline + timedelta(days=1)) is False  # no clock while played for
    assert room.seq == 1
    policy = room.computer_policy()
    assert room.computer_policy() is policy  # one stand-in per seat, level STAND_IN
    assert STAND_IN == "balanced"
    session = room.session
    assert session is not None
    room.bot_step(policy(session.state))
    assert room.seq == 2
    assert len(session.record.turns) == 1


def test_acting_takes_the_seat_back_and_restarts_the_clock() -> None:
    room, _ = _room(options={"turn_seconds": 30})
    deadline = room.deadline
    assert deadline is not None
    assert room.time_out(deadline) is True  # the deadline itself is too late
    room.act(0, "throw", room.seq, None)
    assert room.seq == 2
    assert room.seats[0].auto is False
    if room.mover == 0:
        assert room.deadline is not None
        assert room.deadline > deadline
        assert not room.computer_to_move()
    else:  # the throw ended the turn: the computer's turn has no clock
        assert room.deadline is None
        assert room.computer_to_move()


def test_no_clock_no_time_out() -> None:
    room, _ = _room()
    assert room.deadline is None
    assert room.time_out(datetime.now(UTC) + timedelta(days=3650)) is False
    assert room.seq == 0
    assert room.seats[0].auto is False


def test_refusals_change_nothing() -> None:
    room, _ = _room()
    doc = json.dumps(room.to_doc())
    refusals: list[tuple[Callable[[], object], str]] = [
        (lambda: room.act(None, "throw", 0, None), "spectator"),
        (lambda: room.act(1, "throw", 0, None), "not_your_turn"),
        (lambda: room.act(0, "throw", 5, None), "stale"),
        (lambda: room.act(0, "stop", 0, None), "illegal"),
        (lambda: room.act(0, "keep", 0, None), "bad_message"),
        (lambda: room.act(0, "dice", 0, [1, 2, 3, 4, 5]), "illegal"),
        (lambda: room.ask_rematch(0), "bad_message"),
        (lambda: room.join("Boris"), "room_full"),
    ]
    for call, code in refusals:
        with pytest.raises(ProtocolError) as refused:
            call()
        assert refused.value.code == code
        assert json.dumps(room.to_doc()) == doc


def test_the_stored_room_holds_no_token_and_comes_back_the_same() -> None:
    room, token = _room(seats=[{"open": True}, {"bot": "cautious"}], rules="ussr")
    seat, other = room.join("Boris")
    assert seat == 1
    room.act(0, "throw", room.seq, None)
    doc = room.to_doc()
    text = json.dumps(doc)
    assert token not in text
    assert other not in text
    assert [s["token_hash"] for s in doc["seats"]] == [hash_token(token), hash_token(other), None]
    back = Room.from_doc(json.loads(text))
    assert back.to_doc() == doc
    assert back.seat_of(hash_token(other)) == 1
    assert back.session is not None
    assert room.session is not None
    assert record_view(back.session) == record_view(room.session)
    assert back.session.state == room.session.state
    assert "dice_seed" not in json.dumps(room.record())
    assert replay(room.record()).to_json_data() == record_view(room.session)
