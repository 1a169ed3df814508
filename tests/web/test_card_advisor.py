"""The advisor in card Thousand rooms (issues 27/28): the person to move, and only they,
is sent every legal action with its figures, computed from their seat's view alone.

The search is kept to a few worlds (``advise`` is wrapped with ``worlds=4``), as the
terminal's tests do; the wrapper also keeps what it was asked, so the test can check the
advisor was given the seat's view (a :class:`SeatView` of the mover) and never the State.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import (
    BaseConn,
    connect,
    create_room,
    join_room,
    live_room,
    new_app,
    running,
)
from tests.web.test_card_room import LOOPS, choose, known_seed, send
from thousand.games.card1000 import views
from thousand.games.card1000.advice import advise
from thousand.games.card1000.views import SeatView

GAME = "card1000"
pytestmark = pytest.mark.usefixtures(known_seed.__name__)


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every view the room's advisor was asked about; the search kept to four worlds."""
    seen: list[Any] = []

    def few_worlds(view: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(view)
        return advise(view, *args, **kwargs, worlds=4)

    monkeypatch.setattr("thousand.web.rooms.card1000.room.advise", few_worlds, raising=False)
    return seen


def advised(conn: BaseConn, seq: int) -> dict[str, Any]:
    """The state at ``seq`` that carries this connection's advice."""
    state = conn.latest()
    for _ in range(LOOPS):
        if state["seq"] == seq and state["game"].get("view", {}).get("advice") is not None:
            return state
        while (message := conn.receive(20.0))["type"] != "state":
            pass
        state = message
    raise AssertionError("no advice came")


def check_advice(state: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every legal action is listed once with its figures; bids and cards have them."""
    game = state["game"]
    advice = game["view"]["advice"]
    assert game["view"]["advisor"] is True
    assert [item["action"] for item in advice] == game["legal"]
    weighed = [item for item in advice if item["action"]["action"] in ("bid", "contract", "play")]
    assert weighed or game["deal"]["phase"] not in ("bid", "play"), advice
    for item in weighed:
        assert isinstance(item["points"], float | int)
        assert 0.0 <= item["made"] <= 1.0
    assert sum(item["best"] for item in advice) == (1 if weighed else 0)
    return list(advice)


def test_the_advice_reaches_the_seat_to_move_only(tmp_path: Path, asked: list[Any]) -> None:
    """Anna and Boris (people) with a computer, the advisor on: at each of the people's
    moves — a bid, then a card — the mover's connection gets the advice; the other
    person and a spectator get none, and the advisor was given the mover's view."""
    app = new_app(tmp_path)
    with running(app) as client, contextlib.ExitStack() as stack:
        room, anna_token = create_room(
            client, seats=({"open": True}, {"bot": "novice"}), game=GAME, advisor=True
        )
        _, boris_token = join_room(client, room)
        conns = {
            0: connect(stack, client, room, anna_token),
            1: connect(stack, client, room, boris_token),
        }
        watcher = connect(stack, client, room)
        phases: set[str] = set()
        handled = -1
        for _ in range(LOOPS):
            while (state := conns[0].receive(20.0))["type"] != "state":
                pass
            mover = state["game"]["to_move"]
            if state["seq"] <= handled or mover is None or state["game"]["thinking"]:
                continue
            seat = mover["seat"]
            if seat not in conns:
                continue
            handled = state["seq"]
            mine = advised(conns[seat], state["seq"])
            check_advice(mine)
            session = live_room(client, room).room.session
            assert session is not None
            position = session.now
            assert isinstance(asked[-1], SeatView) and asked[-1].seat == seat
            assert asked[-1] == views.view(position.state, seat)
            for other in [conns[1 - seat], watcher]:
                theirs = other.state_at(mine["seq"])["game"]
                assert "advice" not in theirs.get("view", {}), theirs["view"]
                assert "advisor" not in theirs.get("view", {})
            phases.add(mine["game"]["deal"]["phase"])
            if {"bid", "play"} <= phases:
                break
            send(conns[seat], choose(mine["game"]["legal"]), mine["seq"])
        assert {"bid", "play"} <= phases


def test_rooms_without_the_advisor_send_no_advice(tmp_path: Path, asked: list[Any]) -> None:
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, token = create_room(client, seats=({"bot": "novice"}, {"bot": "novice"}), game=GAME)
        anna = connect(stack, client, room, token)
        state = anna.next_state()
        assert "advisor" not in state["game"]["view"]
        assert asked == []
