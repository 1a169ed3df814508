"""The advisor at three players in a room: at once, honest, and one solve per machine.

The classic rules' exact three-player table takes minutes to solve: the room must answer
at once with the duel's figures, labelled an approximation with the solve's estimate,
start that solve once however many rooms want it, and never for a room nobody is in.
Small rules, whose table solves in a second, show the exact figures replacing them.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.support import Conn, connect, create_room, join_room, new_app, running
from thousand.core.pace import Estimate
from thousand.games.dice1000 import THROW, Game, rules_from_spec
from thousand.games.dice1000.solver.door import ChildSolver, StrategyError
from thousand.games.dice1000.solver.three import ThreeStrategy
from thousand.games.dice1000.state import new_state

THREE_SEATS = ({"open": True}, {"open": True})
SOLVE_WAIT = 300.0
"""Seconds a state may take to come while a child process solves (on a fresh machine the
solver's kernels compile first, and the suite keeps both cores busy)."""
SMALL = {"preset": "classic", "target": 200, "barrels": [], "entry_threshold": 50}


def three_player_room(client: Any, rules: object) -> tuple[str, str]:
    room, token = create_room(client, seats=THREE_SEATS, rules=rules, advisor=True)
    join_room(client, room, "Boris")
    join_room(client, room, "Vera")
    return room, token


def blocked_solves(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[int]]:
    """Every solve in a child replaced by one that tells an estimate (42%, 7 min left)
    and waits for the gate, then fails; the table sizes asked for are listed."""
    gate = threading.Event()
    asked: list[int] = []

    def solve(
        self: ChildSolver,
        game: Game,
        on_progress: object,
        players: int = 2,
        on_estimate: Callable[[Estimate], None] | None = None,
    ) -> None:
        asked.append(players)
        if on_estimate is not None:
            on_estimate(Estimate(0.42, 420.0))
        gate.wait(30)
        raise StrategyError("stopped by the test")

    monkeypatch.setattr(ChildSolver, "solve", solve)
    return gate, asked


def advised(conn: Conn, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first view of this connection with advice for which ``until`` holds."""
    for _ in range(200):
        message = conn.receive(timeout=SOLVE_WAIT)
        if message["type"] != "state":
            continue
        view = message["game"]["view"]
        if view is not None and view["advice"] and until(view):
            return dict(view)
    raise AssertionError("no such advice came")


def test_the_duels_figures_come_at_once_labelled_while_one_solve_runs_aside(
    tmp_path: Path, classic_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    del classic_cache  # the two-player classic strategy is there; the three-player is not
    gate, asked = blocked_solves(monkeypatch)
    try:
        with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
            first, anna = three_player_room(client, "classic")
            second, anna2 = three_player_room(client, "classic")
            nobody, _ = three_player_room(client, "classic")  # nobody ever connects
            view = advised(connect(stack, client, first, anna), lambda v: "42%" in str(v))
            other = advised(connect(stack, client, second, anna2), lambda v: True)
            assert [line["action"] for line in view["advice"]] == ["throw"]
            note = view["advice_note"]
            assert note.startswith("An approximation at this table: played as a duel")
            assert note.endswith(
                "The exact table for three players is being solved on the server, once: "
                "42% done, about 7 min left."
            )
            assert other["advice"] == view["advice"]
            assert asked == [3]  # one solve for both rooms, none for the empty one
            del nobody
            gate.set()  # the solve "fails": the duel's figures stay
    finally:
        gate.set()


def test_the_exact_table_replaces_the_approximation_when_it_is_solved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "cache"))
    with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
        room, anna = three_player_room(client, SMALL)
        conn = connect(stack, client, room, anna)
        approximate = advised(conn, lambda v: v["advice_note"] is not None)
        assert "An approximation at this table" in approximate["advice_note"]
        exact = advised(conn, lambda v: v["advice_note"] is None)
    game = Game(rules_from_spec(SMALL))
    three = ThreeStrategy.load(game)
    assert three is not None
    start = three.action_values(new_state(game, ["Anna", "Boris", "Vera"]))[THROW]
    assert exact["advice"][0]["chance"] == pytest.approx(start)


def test_perfect_computers_play_at_once_while_the_exact_table_is_solved(
    tmp_path: Path, classic_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two ``perfect`` computers and a person: the computers move without waiting the
    minutes of the exact table (the duel against the leader meanwhile), which one solve
    makes aside."""
    del classic_cache
    gate, asked = blocked_solves(monkeypatch)
    bots = ({"bot": "perfect"}, {"bot": "perfect"})
    try:
        with running(new_app(tmp_path)) as client, contextlib.ExitStack() as stack:
            room, anna = create_room(client, seats=bots, rules="classic")
            conn = connect(stack, client, room, anna)
            seq = conn.next_state()["seq"]
            for _ in range(40):  # Anna stops at once; the computers play their turns
                state = conn.next_state()
                seq = state["seq"]
                if state["game"]["to_move"] == "Anna" and "stop" in state["game"]["legal"]:
                    conn.act("stop", seq)
                elif state["game"]["to_move"] == "Anna" and "throw" in state["game"]["legal"]:
                    conn.act("throw", seq)
                if seq > 12:
                    break
            assert seq > 12, "the computers did not move"
            assert asked == [3]
            gate.set()
    finally:
        gate.set()
