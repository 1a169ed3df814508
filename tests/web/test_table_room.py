"""Rooms with real dice: faces entered and checked, a mistyped throw taken back, one
device keeping the score for a whole table."""

from __future__ import annotations

import json
from typing import Any

import pytest

from thousand.core.i18n import translator
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.words import refusal
from thousand.web.protocol import CreateRoom, ProtocolError
from thousand.web.rooms.base import SeatState
from thousand.web.rooms.dice1000.room import Room
from thousand.web.rooms.dice1000.view import record_view
from thousand.web.tables import game_view

HOUSE = {"preset": "classic", "target": 300, "barrels": [], "entry_threshold": 50}


def _table_room(seats: list[dict[str, Any]], **options: Any) -> Room:
    body = {"name": "Anna", "rules": HOUSE, "seats": seats, "options": {"dice": "table", **options}}
    room, _ = Room.create(CreateRoom.model_validate(body))
    return room


def _legal(room: Room, seat: int | None) -> list[Any]:
    view = game_view(room, seat, translator("en"), [True] * len(room.seats))
    return list(view["legal"])


def test_the_player_to_move_enters_the_faces_instead_of_throwing() -> None:
    room = _table_room([{"open": True}])
    seat, _ = room.join("Boris")
    assert (seat, room.status, room.seq) == (1, "playing", 1)
    assert _legal(room, 0) == ["dice"]
    assert _legal(room, 1) == []
    with pytest.raises(ProtocolError) as refused:
        room.act(0, "throw", room.seq, None)
    assert (refused.value.code, refused.value.rule) == ("illegal", "dice")
    room.act(0, "dice", 1, [2, 5, 4, 4, 1])
    session = room.session
    assert session is not None
    assert (room.seq, session.state.turn_total, session.state.dice_left) == (2, 15, 3)
    assert _legal(room, 0) == ["dice", "undo"]  # 15 cannot enter: throw again, or undo
    record = room.record()
    assert record is not None
    assert record["meta"]["dice"] == "table"
    assert record["turns"] == [{"player": "Anna", "rolls": [[2, 5, 4, 4, 1]]}]
    assert record_view(session) == replay(record).to_json_data()


@pytest.mark.parametrize(
    ("faces", "rule", "text"),
    [
        ([2, 5, 4, 4, 1, 6], "dice_count", "5 dice were thrown: type 5 faces, not 6"),
        ([2, 5, 4, 4], "dice_count", "5 dice were thrown: type 5 faces, not 4"),
        ([2, 5, 4, 4, 7], "face", "7 is not a die face (1–6)"),
        ([], "dice_count", "5 dice were thrown: type 5 faces, not 0"),
    ],
)
def test_wrong_faces_are_refused_and_change_nothing(faces: list[int], rule: str, text: str) -> None:
    room = _table_room([{"bot": "bold"}])
    before = json.dumps(room.to_doc())
    with pytest.raises(ProtocolError) as refused:
        room.act(0, "dice", 0, faces)
    assert (refused.value.code, refused.value.rule) == ("illegal", rule)
    assert refused.value.refused is not None
    assert refusal(translator("en"), refused.value.refused) == text
    assert json.dumps(room.to_doc()) == before


def test_a_mistyped_throw_is_taken_back_until_the_next_decision() -> None:
    room = _table_room([{"open": True}])
    room.join("Boris")
    room.act(0, "dice", 1, [2, 3, 4, 6, 2])  # a bust: Boris is to move
    assert room.mover == 1
    assert _legal(room, 0) == ["undo"]
    assert _legal(room, 1) == ["dice"]
    with pytest.raises(ProtocolError) as refused:
        room.act(1, "undo", room.seq, None)  # only who entered it may take it back
    assert refused.value.rule == "undo"
    room.act(0, "undo", room.seq, None)
    session = room.session
    assert session is not None
    assert (room.mover, room.seq, session.turns, session.record.turns) == (0, 3, [], [])
    room.act(0, "dice", 3, [2, 3, 4, 6, 1])
    room.act(0, "dice", 4, [1, 1, 1, 3])
    assert session.state.turn_total == 110
    room.act(0, "stop", 5, None)  # a decision: the entry stands
    assert _legal(room, 0) == []
    with pytest.raises(ProtocolError):
        room.act(0, "undo", room.seq, None)
    record = room.record()
    assert record is not None
    assert replay(record).to_json_data()["players"][0]["score"] == 110


def test_one_device_keeps_the_score_for_the_whole_table() -> None:
    room = _table_room([{"name": "Boris"}, {"bot": "cautious"}])
    assert room.status == "playing"  # nobody to wait for
    assert [(s.name, s.kind, s.local, s.keeper) for s in room.seats] == [
        ("Anna", "person", False, True),
        ("Boris", "person", True, False),
        ("Cautious", "bot", False, False),
    ]
    room.act(0, "dice", 0, [2, 3, 4, 6, 2])  # Anna busts: Boris is to move
    assert room.mover == 1
    assert room.acts_for(0) == 1
    assert "dice" in _legal(room, 0)
    room.act(0, "dice", room.seq, [5, 5, 5, 2, 3])  # entered for Boris
    session = room.session
    assert session is not None
    assert session.state.turn_total == 50
    room.act(0, "stop", room.seq, None)
    assert session.state.players[1].score == 50
    assert room.computer_to_move()
    assert room.acts_for(0) is None


def test_with_the_scorekeeper_option_the_keeper_acts_for_joined_people_too() -> None:
    room = _table_room([{"open": True}], scorekeeper=True)
    room.join("Boris")
    room.act(0, "dice", room.seq, [2, 3, 4, 6, 2])
    assert room.mover == 1
    assert room.acts_for(0) == 1 and room.acts_for(1) == 1
    room.act(0, "dice", room.seq, [1, 2, 3, 4, 6])  # the keeper enters Boris's throw
    room.act(1, "dice", room.seq, [1, 2, 3, 4, 6][:4])  # and Boris his own next one
    session = room.session
    assert session is not None
    assert len(session.record.turns[-1]["rolls"]) == 2


def test_a_local_seat_is_restored_after_a_restart() -> None:
    room = _table_room([{"name": "Boris"}])
    room.act(0, "dice", 0, [2, 3, 4, 6, 2])
    again = Room.from_doc(json.loads(json.dumps(room.to_doc())))
    assert [SeatState(**s.to_doc()) for s in again.seats] == room.seats
    assert again.acts_for(0) == 1
    assert again.seq == room.seq
