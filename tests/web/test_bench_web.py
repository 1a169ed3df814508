"""The scripted players of :mod:`thousand.web.client` (:data:`~tests.web.scripted.PLAYERS`)
and ``benchmarks/bench_web.py --game``: each player moves its game on through the real
views' ``legal`` lists, and the benchmark plays card Thousand rooms against a real server
to the deals it was asked for, without an error or an action lost."""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.web.scripted import PLAYERS, SEATS
from tests.web.serve_process import ServeProcess
from thousand.core.i18n import translator
from thousand.web.client import card_choice, poker_choice
from thousand.web.protocol import CreateRoom
from thousand.web.rooms.base import BaseRoom
from thousand.web.tables import game_view, room_type

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_web.py"


def _state(legal: list[Any]) -> dict[str, Any]:
    return {"game": {"legal": legal}}


def test_card_choice_passes_in_the_bidding() -> None:
    legal = [{"action": "bid", "amount": 110}, {"action": "bid", "amount": 120}]
    legal += [{"action": "pass"}, {"action": "redeal"}]
    assert card_choice(_state(legal)) == {"action": "pass"}


def test_card_choice_plays_in_the_light() -> None:
    legal = [{"action": "dark", "dark": True}, {"action": "dark", "dark": False}]
    assert card_choice(_state(legal)) == {"action": "dark", "dark": False}


def test_card_choice_takes_the_first_move_but_a_redeal_or_a_write_off() -> None:
    gives = [{"action": "give", "card": card, "to": 2} for card in ("AS", "TS")]
    assert card_choice(_state([{"action": "redeal"}, {"action": "write_off"}, *gives])) == {
        "action": "give",
        "card": "AS",
        "to": 2,
    }
    plays = [{"action": "play", "card": "KH"}, {"action": "play", "card": "KH", "marriage": True}]
    assert card_choice(_state(plays)) == {"action": "play", "card": "KH"}
    assert card_choice(_state([{"action": "write_off"}])) == {"action": "write_off"}
    assert card_choice(_state([])) is None
    assert card_choice({"game": {}}) is None  # not this seat's move: no ``legal``


def test_poker_choice_writes_a_scoring_box_or_throws_again() -> None:
    boxes = [{"box": "ones", "points": 0}, {"box": "pair", "points": 8}]
    assert poker_choice(_state(["throw", *boxes])) == {"action": "write", "box": "pair"}
    nothing = [{"box": "ones", "points": 0}, {"box": "pair", "points": 0}]
    assert poker_choice(_state(["throw", *nothing])) == {"action": "throw"}
    assert poker_choice(_state(nothing)) == {"action": "write", "box": "ones"}
    assert poker_choice(_state(["throw", "stop"])) == {"action": "throw"}
    assert poker_choice(_state(["stop"])) == {"action": "stop"}
    assert poker_choice(_state([])) is None


def _room(game: str) -> BaseRoom:
    body = {"name": "Anna", "game": game, "seats": [{"open": True}] * (SEATS[game] - 1)}
    room, _token = room_type(game).create(CreateRoom.model_validate(body))
    for other in range(1, SEATS[game]):
        room.join(f"Seat{other}")
    return room


def _play(room: BaseRoom, game: str, deals: int | None = None) -> dict[str, Any]:
    """Play ``room`` by the game's scripted player on each mover's real view until it is
    over or ``deals`` deals are finished; the spectator's view at the end."""
    tr, connected = translator("en"), [True] * SEATS[game]
    for _ in range(5000):
        view = game_view(room, None, tr, connected)
        if room.status == "over" or (deals is not None and len(view["deals"]) >= deals):
            return view
        mover = room.mover
        assert mover is not None
        action = PLAYERS[game]({"game": game_view(room, mover, tr, connected)})
        assert action is not None
        name = action.pop("action")
        room.act(mover, name, room.seq, **action)
    raise AssertionError("the scripted player did not get on")


def test_the_card_player_plays_whole_deals_on_the_real_view() -> None:
    view = _play(_room("card1000"), "card1000", deals=2)
    assert len(view["deals"]) == 2
    # every deal played out (no redeal, no write-off), the forced bid declaring
    assert all(deal["outcome"] in ("made", "failed") for deal in view["deals"])
    assert view["deal"]["number"] == 3 and view["deal"]["phase"] == "bid"


def test_the_poker_player_finishes_a_game_on_the_real_view() -> None:
    room = _room("poker_dice")
    _play(room, "poker_dice")
    assert room.status == "over"


@functools.cache
def _bench_module() -> ModuleType:
    """benchmarks/bench_web.py as a module (the benchmarks are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("bench_web", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_web"] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_bench_plays_card_rooms_to_the_deals_asked_against_a_real_server(
    tmp_path: Path,
) -> None:
    bench = _bench_module()
    with ServeProcess(tmp_path, "server", f"sqlite:///{tmp_path / 'db.sqlite'}") as server:
        figures = asyncio.run(
            asyncio.wait_for(
                bench.bench(
                    [server.base],
                    2,
                    0.0,
                    None,
                    game=bench.Game("card1000", 1),
                    idle=0.5,
                    cpu=lambda: [bench.cpu_seconds(server.pid)],
                ),
                120,
            )
        )
    assert figures.errors == 0, figures.error_codes
    # two rooms held idle for half a second: one server's share of a core, measured
    assert len(figures.idle_cpu) == 1 and 0.0 <= figures.idle_cpu[0] < 0.5
    assert figures.lost == 0 and figures.finished == 2
    # a deal of three: two passes, two cards given, the contract, 24 cards played
    assert figures.actions == 2 * 29
    assert len(figures.latencies) == figures.actions


@pytest.mark.parametrize("argv", [["--deals", "2"], ["--game", "card1000", "--deals", "0"]])
def test_bench_refuses_deals_but_for_card_thousand(
    argv: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bench = _bench_module()
    monkeypatch.setattr(sys, "argv", ["bench_web.py", *argv])
    with pytest.raises(SystemExit) as exited:
        bench.main()
    assert exited.value.code == 2


def test_the_timeline_puts_each_action_in_the_window_it_was_sent_in() -> None:
    """Exact windows: three actions in the first 10 s, none in the second (left out),
    two in the third; the quantiles are statistics' inclusive ones (never beyond the
    slowest)."""
    timeline = _bench_module().timeline
    start = 100.0
    sent = [100.0, 104.0, 109.9, 120.0, 129.0]
    latencies = [0.010, 0.030, 0.020, 0.500, 0.100]
    rows = timeline(sent, latencies, start, 10.0)
    assert [row["from_s"] for row in rows] == [0.0, 20.0]
    assert [row["actions_per_second"] for row in rows] == [0.3, 0.2]
    assert [row["max_ms"] for row in rows] == [30.0, 500.0]
    assert rows[0]["p50_ms"] == pytest.approx(20.0)
    assert rows[1]["p50_ms"] == pytest.approx(300.0)
    assert rows[0]["p99_ms"] == pytest.approx(29.8)
    assert rows[1]["p99_ms"] == pytest.approx(496.0)
    assert timeline([], [], start, 10.0) == []
    assert timeline([100.5], [0.004], start, 10.0) == [
        {"from_s": 0.0, "actions_per_second": 0.1, "p50_ms": 4.0, "p99_ms": 4.0, "max_ms": 4.0}
    ]
