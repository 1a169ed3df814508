"""The HTTP side of PROTOCOL.md: health, rooms, seats, records, and every refusal."""

from __future__ import annotations

import base64
import contextlib
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import (
    TINY_RULES,
    connect,
    create_room,
    error_of,
    get_record,
    join_room,
    new_app,
    replay_fields,
    replay_now,
    running,
    spectator_state,
)
from thousand import __version__
from thousand.games.dice1000.record import replay
from thousand.web.protocol import MAX_BODY_BYTES


def test_health(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        response = client.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "version": __version__}


def test_create_gives_seat_zero_and_a_long_random_token(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        first = client.post("/api/rooms", json={"name": "Anna", "seats": [{"open": True}]})
        second = client.post("/api/rooms", json={"name": "Anna", "seats": [{"open": True}]})
    assert first.status_code == second.status_code == 201
    one, two = first.json(), second.json()
    assert set(one) == {"room", "seat", "token"}
    assert one["seat"] == two["seat"] == 0
    assert one["room"] != two["room"]
    assert one["token"] != two["token"]
    token = one["token"]
    raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    assert len(raw) * 8 >= 128


def test_room_list_leaves_out_private_and_finished_rooms(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        waiting, _ = create_room(client)
        playing, _ = create_room(client, seats=[{"bot": "cautious"}])
        private, _ = create_room(client, private=True)
        over, token = create_room(client, seats=[], rules=TINY_RULES)
        solo = connect(stack, client, over, token)
        state = solo.next_state()
        while state["room"]["status"] != "over":
            legal = state["game"]["legal"]
            solo.act("stop" if "stop" in legal else "throw", state["seq"])
            state = solo.next_state()
        rooms = client.get("/api/rooms").json()["rooms"]
    by_id = {room["room"]: room for room in rooms}
    assert set(by_id) == {waiting, playing}
    assert {private, over}.isdisjoint(by_id)
    summary = by_id[waiting]
    assert {key: summary[key] for key in ("room", "game", "rules", "status", "spectators")} == {
        "room": waiting,
        "game": "dice1000",
        "rules": "classic",
        "status": "waiting",
        "spectators": 0,
    }
    assert [
        {key: seat[key] for key in ("name", "kind", "open", "connected")}
        for seat in summary["seats"]
    ] == [
        {"name": "Anna", "kind": "person", "open": False, "connected": False},
        {"name": None, "kind": "person", "open": True, "connected": False},
    ]
    assert by_id[playing]["status"] == "playing"
    assert [(s["kind"], s["connected"]) for s in by_id[playing]["seats"]] == [
        ("person", False),
        ("bot", True),
    ]


def test_room_state_as_a_spectator(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client)
        join_room(client, room)
        state = spectator_state(client, room)
    assert state["type"] == "state"
    assert state["seq"] == 1
    assert state["you"] is None
    assert state["room"]["room"] == room
    assert state["room"]["status"] == "playing"
    assert state["room"]["spectators"] == 0
    game = state["game"]
    assert game["legal"] == []
    assert game["refusals"] == {}
    assert game["deadline"] is None
    assert replay_fields(game) == {
        "players": [
            {"name": "Anna", "score": 0, "entered": False, "bolts": 0},
            {"name": "Boris", "score": 0, "entered": False, "bolts": 0},
        ],
        "turns": [],
        "winner": None,
        "to_move": "Anna",
    }
    assert [(p["seat"], p["kind"], p["connected"]) for p in game["players"]] == [
        (0, "person", False),
        (1, "person", False),
    ]
    assert len(game["dice_commitment"]) == 64
    assert "dice_seed" not in game


def test_record_is_record_md_and_replays_to_the_state(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client, rules={"preset": "ussr", "target": 2000})
        join_room(client, room)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        for _ in range(3):  # throw while it lasts: the first throws of Anna's turn
            if state["game"]["to_move"] != "Anna" or "throw" not in state["game"]["legal"]:
                break
            anna.act("throw", state["seq"])
            state = anna.next_state()
        response = client.get(f"/api/rooms/{room}/record")
        record = response.json()
        shown = spectator_state(client, room)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.headers["content-disposition"] == f'attachment; filename="{room}-1.json"'
    assert set(record) == {"format", "game", "rules", "players", "meta", "turns"}
    assert record["format"] == 1
    assert record["game"] == "dice1000"
    assert record["rules"] == {"preset": "ussr", "target": 2000}
    assert record["players"] == ["Anna", "Boris"]
    assert record["turns"][0]["player"] == "Anna"
    assert len(record["turns"][0]["rolls"]) == len(shown["game"]["turn"]["throws"])
    assert record["meta"]["dice_commitment"] == shown["game"]["dice_commitment"]
    assert record["meta"]["room"] == room
    assert record["meta"]["game_number"] == 1
    assert record["meta"]["dice"] == "server"
    assert "dice_seed" not in record["meta"]
    assert replay(record).to_json_data() == replay_fields(shown["game"])
    assert replay_fields(state["game"]) == replay_fields(shown["game"])


def test_record_before_any_game_is_404(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client)
        response = client.get(f"/api/rooms/{room}/record")
    assert error_of(response) == (404, "not_found", "no game has started in this room yet")


def test_join_takes_the_next_seat_and_starts_the_game(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, anna = create_room(client, seats=[{"open": True}, {"bot": "bold"}, {"open": True}])
        before = spectator_state(client, room)
        seat, boris = join_room(client, room, "Boris")
        middle = spectator_state(client, room)
        last, vera = join_room(client, room, "Vera")
        after = spectator_state(client, room)
        now = replay_now(client, room)
    assert (seat, last) == (1, 3)
    assert len({anna, boris, vera}) == 3
    assert (before["seq"], before["room"]["status"]) == (0, "waiting")
    assert (middle["seq"], middle["room"]["status"]) == (1, "waiting")
    assert (after["seq"], after["room"]["status"]) == (2, "playing")
    assert [s["name"] for s in after["room"]["seats"]] == ["Anna", "Boris", "Bold", "Vera"]
    assert after["game"]["to_move"] == "Anna"
    assert now["players"] == [
        {"name": name, "score": 0, "entered": False, "bolts": 0}
        for name in ("Anna", "Boris", "Bold", "Vera")
    ]


def test_join_a_full_room_or_a_started_game_is_409(tmp_path: Path) -> None:
    """A room starts as soon as its last seat is taken, so a started game is a full room:
    the server answers ``room_full`` (seats are never given up, so ``game_started`` is
    kept for a game that started with a seat still open, which cannot happen today)."""
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client)
        join_room(client, room)
        full = client.post(f"/api/rooms/{room}/join", json={"name": "Vera"})
        alone, _ = create_room(client, seats=[])
        started = client.post(f"/api/rooms/{alone}/join", json={"name": "Vera"})
        state = spectator_state(client, room)
    assert error_of(full) == (409, "room_full", "every seat is taken")
    assert error_of(started) == (409, "room_full", "every seat is taken")
    assert [seat["name"] for seat in state["room"]["seats"]] == ["Anna", "Boris"]
    assert state["seq"] == 1


def test_unknown_room_is_404(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        answers = [
            client.get("/api/rooms/nowhere"),
            client.get("/api/rooms/nowhere/record"),
            client.post("/api/rooms/nowhere/join", json={"name": "Boris"}),
        ]
        with client.websocket_connect("/ws/rooms/nowhere") as socket:
            message = socket.receive_json()
            closing = socket.receive()
    for response in answers:
        assert error_of(response) == (404, "not_found", "no room 'nowhere'")
    assert message == {
        "type": "error",
        "code": "not_found",
        "message": "no room 'nowhere'",
        "rule": None,
    }
    assert closing == {"type": "websocket.close", "code": 4404, "reason": ""}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b'{"name": "Anna",', "the body is not valid JSON"),
        (b"\xff\xfe", "the body is not valid JSON"),
        (b"[1, 2]", "the body must be a JSON object"),
        (b'"Anna"', "the body must be a JSON object"),
    ],
)
def test_malformed_json_is_400(tmp_path: Path, body: bytes, message: str) -> None:
    with running(new_app(tmp_path)) as client:
        response = client.post("/api/rooms", content=body)
        room, _ = create_room(client)
        joined = client.post(f"/api/rooms/{room}/join", content=body)
    assert error_of(response) == (400, "bad_message", message)
    assert error_of(joined) == (400, "bad_message", message)


def test_body_over_64_kib_is_413(tmp_path: Path) -> None:
    padding = "x" * MAX_BODY_BYTES
    with running(new_app(tmp_path)) as client:
        response = client.post("/api/rooms", json={"name": "Anna", "pad": padding})
        room, _ = create_room(client)
        joined = client.post(f"/api/rooms/{room}/join", json={"name": padding})
        listed = client.get("/api/rooms").json()["rooms"]
    assert MAX_BODY_BYTES == 64 * 1024
    assert error_of(response) == (413, "too_large", "body over 65536 bytes")
    assert error_of(joined) == (413, "too_large", "body over 65536 bytes")
    assert [r["room"] for r in listed] == [room]


def _refusal(tmp_path: Path, body: dict[str, Any]) -> tuple[int, str, str]:
    with running(new_app(tmp_path)) as client:
        response = client.post("/api/rooms", json=body)
        rooms = client.get("/api/rooms").json()["rooms"]
    assert rooms == []
    return error_of(response)


def test_unknown_rules_key_is_422_naming_it(tmp_path: Path) -> None:
    status, code, message = _refusal(
        tmp_path, {"name": "Anna", "rules": {"preset": "classic", "jackpot": 5}}
    )
    assert (status, code) == (422, "invalid")
    assert message == "rules: unknown rules key 'jackpot'"


def test_unknown_preset_is_422(tmp_path: Path) -> None:
    assert _refusal(tmp_path, {"name": "Anna", "rules": "poker"}) == (
        422,
        "invalid",
        "rules: unknown preset 'poker' (known: classic, ussr, courtyard, barrel850)",
    )


def test_nine_seats_is_422_naming_seats(tmp_path: Path) -> None:
    status, code, message = _refusal(tmp_path, {"name": "Anna", "seats": [{"open": True}] * 8})
    assert (status, code) == (422, "invalid")
    assert message.startswith("seats: ")
    assert "at most 7 items" in message


def test_eight_seats_are_allowed(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client, seats=[{"bot": "cautious"}] * 7)
        state = spectator_state(client, room)
    assert state["room"]["status"] == "playing"
    assert [s["name"] for s in state["room"]["seats"]] == ["Anna", "Cautious"] + [
        f"Cautious {n}" for n in range(2, 8)
    ]


@pytest.mark.parametrize(
    ("seat", "where"),
    [({"bot": "genius"}, "seats.0.bot: "), ({}, "seats.0: "), ({"open": False}, "seats.0.open: ")],
)
def test_bad_seat_is_422_naming_it(tmp_path: Path, seat: dict[str, Any], where: str) -> None:
    status, code, message = _refusal(tmp_path, {"name": "Anna", "seats": [seat]})
    assert (status, code) == (422, "invalid")
    assert message.startswith(where)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "name: a player name is empty"),
        ("   ", "name: a player name is empty"),
        ("A" * 200, f"name: the name '{'A' * 200}' is longer than 40 characters"),
        ("An\x07na", "name: the name 'An\\x07na' has a control character"),
        ("An\nna", "name: the name 'An\\nna' has a control character"),
    ],
)
def test_bad_name_is_422_naming_name(tmp_path: Path, name: str, message: str) -> None:
    assert _refusal(tmp_path, {"name": name}) == (422, "invalid", message)
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client)
        joined = client.post(f"/api/rooms/{room}/join", json={"name": name})
        state = spectator_state(client, room)
    assert error_of(joined) == (422, "invalid", message)
    assert state["room"]["seats"][1]["open"] is True
    assert state["seq"] == 0


def test_a_name_already_at_the_table_is_422(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client)
        response = client.post(f"/api/rooms/{room}/join", json={"name": " anna "})
    assert error_of(response) == (422, "invalid", "name: 'anna' is already at the table")


@pytest.mark.parametrize("seconds", [5, 9, 601, "30", 30.0, True])
def test_turn_seconds_out_of_range_is_422(tmp_path: Path, seconds: object) -> None:
    status, code, message = _refusal(
        tmp_path, {"name": "Anna", "options": {"turn_seconds": seconds}}
    )
    assert (status, code) == (422, "invalid")
    assert message.startswith("options.turn_seconds: ")


@pytest.mark.parametrize(
    ("options", "where"),
    [
        ({"advisor": 1}, "options.advisor: "),
        ({"private": "yes"}, "options.private: "),
        ({"dice": "loaded"}, "options.dice: "),
        ({"colour": "red"}, "options.colour: unknown field"),
    ],
)
def test_bad_options_are_422_naming_them(
    tmp_path: Path, options: dict[str, Any], where: str
) -> None:
    status, code, message = _refusal(tmp_path, {"name": "Anna", "options": options})
    assert (status, code) == (422, "invalid")
    assert message.startswith(where)


def test_unknown_body_field_is_422(tmp_path: Path) -> None:
    assert _refusal(tmp_path, {"name": "Anna", "colour": "red"}) == (
        422,
        "invalid",
        "colour: unknown field",
    )


def test_turn_seconds_in_range_gives_a_deadline(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client, seats=[{"bot": "bold"}], turn_seconds=10)
        state = spectator_state(client, room)
    assert state["room"]["options"]["turn_seconds"] == 10
    assert isinstance(state["game"]["deadline"], str)


def test_rules_given_as_a_file(tmp_path: Path) -> None:
    toml = 'preset = "ussr"\ntarget = 2000\nchoose_dice = true\n'
    json_file = '{"preset": "courtyard", "bolts": false}'
    with running(new_app(tmp_path)) as client:
        room, _ = create_room(client, seats=[], rules={"file": toml})
        other, _ = create_room(client, seats=[], rules={"file": json_file})
        record = get_record(client, room)
        other_record = get_record(client, other)
        state = spectator_state(client, room)
    assert record["rules"] == {"preset": "ussr", "target": 2000, "choose_dice": True}
    assert other_record["rules"] == {"preset": "courtyard", "bolts": False}
    assert state["room"]["rules"] == record["rules"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('preset = "ussr"\njackpot = 1\n', "rules: unknown rules key 'jackpot'"),
        ('preset = "ussr\n', "rules: rules.file: malformed TOML"),
        ("", "rules: rules.file: the rules file is empty"),
        ("target = 0\n", "rules: rules key 'target': "),
    ],
)
def test_a_bad_rules_file_is_422(tmp_path: Path, text: str, message: str) -> None:
    status, code, said = _refusal(tmp_path, {"name": "Anna", "rules": {"file": text}})
    assert (status, code) == (422, "invalid")
    assert said.startswith(message)


def test_creating_too_fast_is_429(tmp_path: Path) -> None:
    """One room a second, a burst of five: the sixth create at once is refused."""
    with running(new_app(tmp_path, http_rate=1.0)) as client:
        answers = [client.post("/api/rooms", json={"name": "Anna"}) for _ in range(10)]
        joined = client.post("/api/rooms/nowhere/join", json={"name": "Boris"})
    statuses = [response.status_code for response in answers]
    assert statuses[:5] == [201] * 5
    refused = [response for response in answers[5:] if response.status_code == 429]
    assert len(refused) >= 4
    for response in refused:
        assert error_of(response) == (429, "rate_limited", "too many requests: slow down")
    assert error_of(joined)[:2] == (429, "rate_limited")


def test_the_page_and_its_files_are_served(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        lobby = client.get("/")
        table = client.get("/r/abc")
    assert lobby.status_code == table.status_code == 200
    assert lobby.headers["content-type"].startswith("text/html")
    assert lobby.text == table.text


@pytest.mark.parametrize("path", ["/r/", "/nowhere", "/r/abc/extra"])
def test_an_address_nobody_serves_is_a_page_saying_so_with_the_way_back(
    tmp_path: Path, path: str
) -> None:
    with running(new_app(tmp_path)) as client:
        response = client.get(path)
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    assert "Страница не найдена" in response.text and "Page not found" in response.text
    assert '<a href="/">' in response.text
    assert "detail" not in response.text


def test_an_api_path_nobody_serves_is_protocol_json(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client:
        response = client.get("/api/nowhere")
        wrong_method = client.delete("/api/rooms")
    assert error_of(response) == (404, "not_found", "no such path: /api/nowhere")
    assert wrong_method.status_code == 405
