"""Card Thousand rooms that keep the score of real cards (``options.cards = "table"``,
docs/card1000-online.md): the scorekeeper enters each deal's result as a message;
the room's view equals ``thousand replay --json`` of its record; results that cannot
happen are refused with the reason in the player's language and change nothing; the
game ends at the winner."""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import (
    Conn,
    connect,
    create_room,
    get_record,
    join_room,
    new_app,
    running,
)
from thousand.games.card1000.record import replay

GAME = "card1000"
NAMES = ["Anna", "Boris", "Vera"]

DEALS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    (
        {
            "action": "deal_result",
            "declarer": 1,
            "contract": 120,
            "points": [20, 160, None],
            "marriages": 100,
        },
        {"dealer": 0, "declarer": 1, "contract": 120, "points": [20, 160, 40]},
    ),
    ({"action": "redeal"}, {"dealer": 1, "redeal": True}),
    (
        {"action": "write_off", "declarer": 2, "contract": 110},
        {"dealer": 1, "declarer": 2, "contract": 110, "write_off": True},
    ),
    (
        {"action": "deal_result", "declarer": 0, "contract": 100, "points": [60, 30, 30]},
        {"dealer": 2, "declarer": 0, "contract": 100, "points": [60, 30, 30]},
    ),
]
"""What the scorekeeper sends, and the scorekeeping deal the record must then hold."""


def keeping_room(client: Any, **options: Any) -> tuple[str, str]:
    seats = ({"name": "Boris"}, {"name": "Vera"})
    return create_room(client, seats=seats, rules="classic", game=GAME, cards="table", **options)


def send(conn: Conn, move: Mapping[str, Any], seq: int) -> None:
    conn.send({"type": "action", "seq": seq, **move})


def next_error(conn: Conn) -> dict[str, Any]:
    while (message := conn.receive())["type"] != "error":
        pass
    return message


def replay_fields(game: Mapping[str, Any]) -> dict[str, Any]:
    """The part of the room's GAME that is ``thousand replay --json``'s."""
    keys = ("name", "score", "barrel", "attempts", "falls", "bolts", "write_offs")
    return {
        "players": [{key: player[key] for key in keys} for player in game["players"]],
        "deals": game["deals"],
        "winner": game["winner"],
    }


def replayed(record: Mapping[str, Any]) -> dict[str, Any]:
    data = replay(record).to_json_data()
    return {key: data[key] for key in ("players", "deals", "winner")}


def test_several_deals_through_the_messages_equal_the_replay(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = keeping_room(client)
        keeper = connect(stack, client, room, token)
        watcher = connect(stack, client, room)
        state = keeper.next_state()
        assert state["room"]["status"] == "playing"
        game = state["game"]
        assert game["cards"] == "table"
        assert game["keeping"]["dealer"] == 0 and game["keeping"]["playing"] == [1, 2, 0]
        assert {item["action"] for item in game["legal"]} == {"deal_result", "write_off", "redeal"}
        assert watcher.next_state()["game"]["legal"] == []
        for number, (message, _) in enumerate(DEALS, 1):
            send(keeper, message, state["seq"])
            state = keeper.state_at(state["seq"] + 1)
            record = get_record(client, room)
            assert record["meta"]["cards"] == "table"
            assert record["deals"] == [deal for _, deal in DEALS[:number]]
            assert replay_fields(state["game"]) == replayed(record)
        sheet = state["game"]["view"]["sheet"]
        assert [row["declarer"] for row in sheet] == ["Boris 120", "redeal", "Vera 110", "Anna 100"]
        seen = watcher.state_at(state["seq"])
        assert replay_fields(seen["game"]) == replay_fields(state["game"])


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "the points add up to 150"),
        ("ru", "в сумме 150"),
    ],
)
def test_refused_results_change_nothing(tmp_path: Path, lang: str, expected: str) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = keeping_room(client, language=lang)
        socket = client.websocket_connect(f"/ws/rooms/{room}?token={token}&lang={lang}")
        keeper = Conn(stack.enter_context(socket), token)
        watcher = connect(stack, client, room)
        state = keeper.next_state()
        before = get_record(client, room)
        send(
            keeper,
            {"action": "deal_result", "declarer": 0, "contract": 100, "points": [50, 50, 50]},
            state["seq"],
        )
        error = next_error(keeper)
        assert error["code"] == "illegal" and error["rule"] == "points"
        assert expected in error["text"]
        send(
            keeper,
            {"action": "deal_result", "declarer": 0, "contract": 100, "points": [None, None, 50]},
            state["seq"],
        )
        assert next_error(keeper)["rule"] == "points"
        send(keeper, {"action": "write_off", "declarer": 0, "contract": 95}, state["seq"])
        assert next_error(keeper)["rule"] == "contract_too_low"
        send(keeper, {"action": "deal_result", "declarer": 0, "contract": 100}, state["seq"])
        assert next_error(keeper)["code"] == "bad_message"
        send(keeper, {"action": "bid", "amount": 105}, state["seq"])
        assert next_error(keeper)["code"] == "bad_message"
        send(watcher, {"action": "redeal"}, state["seq"])
        assert next_error(watcher)["code"] == "spectator"
        assert get_record(client, room) == before
        send(keeper, {"action": "redeal"}, state["seq"])
        assert keeper.state_at(state["seq"] + 1)["game"]["deals"][0]["outcome"] == "redeal"


def test_only_the_scorekeeper_enters(tmp_path: Path) -> None:
    """A person who joined with a device of their own watches; the creator enters."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        seats = ({"open": True}, {"name": "Vera"})
        room, token = create_room(client, seats=seats, game=GAME, cards="table")
        _, boris_token = join_room(client, room)
        keeper = connect(stack, client, room, token)
        boris = connect(stack, client, room, boris_token)
        state = keeper.next_state()
        seen = boris.state_at(state["seq"])
        assert seen["game"]["legal"] == []
        send(boris, {"action": "redeal"}, state["seq"])
        assert next_error(boris)["code"] == "not_your_turn"


def test_the_game_ends_at_the_winner(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = keeping_room(client)
        keeper = connect(stack, client, room, token)
        state = keeper.next_state()
        for _ in range(20):
            if state["room"]["status"] == "over":
                break
            result = {
                "action": "deal_result",
                "declarer": 0,
                "contract": 120,
                "points": [120, None, 0],
            }
            send(keeper, result, state["seq"])
            state = keeper.state_at(state["seq"] + 1)
        assert state["room"]["status"] == "over"
        assert state["game"]["winner"] == "Anna" and state["game"]["keeping"] is None
        record = get_record(client, room)
        assert replay_fields(state["game"]) == replayed(record)
        send(keeper, {"action": "redeal"}, state["seq"])
        assert next_error(keeper)["code"] == "game_over"


@pytest.mark.parametrize(
    ("seats", "options", "says"),
    [
        ([{"bot": "club"}, {"name": "Vera"}], {}, "seats.0.bot"),
        ([{"name": "Boris"}, {"name": "Vera"}], {"turn_seconds": 60}, "options.turn_seconds"),
        ([{"name": "Boris"}, {"name": "Vera"}], {"advisor": True}, "options.advisor"),
        ([{"name": "Boris"}], {}, "3 players"),
    ],
)
def test_scorekeeping_rooms_refuse_what_they_cannot_have(
    tmp_path: Path, seats: list[dict[str, Any]], options: dict[str, Any], says: str
) -> None:
    with running(new_app(tmp_path)) as client:
        body: dict[str, Any] = {"name": "Anna", "game": GAME, "rules": "classic", "seats": seats}
        response = client.post(
            "/api/rooms", json={**body, "options": {"cards": "table", **options}}
        )
        assert response.status_code == 422, response.text
        assert says in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "on this deal the declarer is the first hand, Boris"),
        ("ru", "в этой раздаче играет первая рука — Boris"),
    ],
)
def test_house_rules_golden_deals_and_one_write_off(
    tmp_path: Path, lang: str, expected: str
) -> None:
    """House rules (a preset plus keys, as the lobby's form sends them) govern what may be
    entered: golden deals (the first hand plays 120) and a single write-off a game."""
    house = {"preset": "classic", "golden": True, "write_off_limit": 1}
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        seats = ({"name": "Boris"}, {"name": "Vera"})
        room, token = create_room(
            client, seats=seats, rules=house, game=GAME, cards="table", language=lang
        )
        socket = client.websocket_connect(f"/ws/rooms/{room}?token={token}&lang={lang}")
        keeper = Conn(stack.enter_context(socket), token)
        state = keeper.next_state()
        assert state["game"]["keeping"]["golden"] is True
        wrong = {"action": "deal_result", "declarer": 0, "contract": 120, "points": [40, 40, 40]}
        send(keeper, wrong, state["seq"])
        error = next_error(keeper)
        assert error["rule"] == "declarer" and expected in error["text"]
        for first in (1, 2, 0):  # three golden deals, each first hand makes 120
            points = [0, 0, 0]
            points[first] = 120
            result = {"action": "deal_result", "declarer": first, "contract": 120, "points": points}
            send(keeper, result, state["seq"])
            state = keeper.state_at(state["seq"] + 1)
        assert state["game"]["keeping"]["golden"] is False
        assert [deal["changes"][deal["declarer"]] for deal in state["game"]["deals"]] == [240] * 3
        send(keeper, {"action": "write_off", "declarer": 1, "contract": 100}, state["seq"])
        state = keeper.state_at(state["seq"] + 1)
        send(keeper, {"action": "write_off", "declarer": 1, "contract": 100}, state["seq"])
        assert next_error(keeper)["rule"] == "write_off_limit"
        assert replay_fields(state["game"]) == replayed(get_record(client, room))


def test_four_players_the_dealer_sits_out(tmp_path: Path) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        seats = ({"name": "Boris"}, {"name": "Vera"}, {"name": "Gleb"})
        room, token = create_room(
            client, seats=seats, rules="four_players", game=GAME, cards="table"
        )
        keeper = connect(stack, client, room, token)
        state = keeper.next_state()
        assert state["game"]["keeping"]["sitting_out"] == 0
        assert state["game"]["keeping"]["playing"] == [1, 2, 3]
        result = {
            "action": "deal_result",
            "declarer": 1,
            "contract": 100,
            "points": [None, 50, 40, None],
        }
        send(keeper, result, state["seq"])
        state = keeper.state_at(state["seq"] + 1)
        record = get_record(client, room)
        assert record["deals"] == [
            {"dealer": 0, "declarer": 1, "contract": 100, "points": [0, 50, 40, 30]}
        ]
        assert replay_fields(state["game"]) == replayed(record)
        assert state["game"]["keeping"]["sitting_out"] == 1


def test_the_last_deal_is_taken_back(tmp_path: Path) -> None:
    """A mistyped result is undone by the scorekeeper: the record and the view as before."""
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = keeping_room(client)
        keeper = connect(stack, client, room, token)
        state = keeper.next_state()
        send(keeper, {"action": "undo"}, state["seq"])
        assert next_error(keeper)["code"] == "bad_message"
        send(keeper, DEALS[0][0], state["seq"])
        state = keeper.state_at(state["seq"] + 1)
        before = get_record(client, room)
        assert {"action": "undo"} in state["game"]["legal"]
        send(keeper, DEALS[3][0] | {"declarer": 1}, state["seq"])  # Boris, mistyped
        state = keeper.state_at(state["seq"] + 1)
        assert len(get_record(client, room)["deals"]) == 2
        send(keeper, {"action": "undo"}, state["seq"])
        state = keeper.state_at(state["seq"] + 1)
        assert get_record(client, room)["deals"] == before["deals"]
        assert replay_fields(state["game"]) == replayed(before)
        assert state["game"]["keeping"]["dealer"] == 1
