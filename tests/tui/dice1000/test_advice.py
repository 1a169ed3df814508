"""The advisor in the terminal game (key C) and the ``perfect`` computer player in it.

The advice must be the solved strategy's own numbers: each test compares the screen with
:meth:`Strategy.action_values` of the session fixture ``classic_strategy`` for the same
position, formatted independently here. The strategy reaches the game through a cache
folder holding that solve (``THOUSAND_CACHE_DIR``), so no test solves the classic rules
again.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from tests.tui.dice1000.support import app_of, session_of
from tests.tui.support import drive, press, until
from thousand.core.pace import Estimate
from thousand.games.dice1000 import RandomDice, replay
from thousand.games.dice1000.actions import STOP, THROW
from thousand.games.dice1000.solver.door import StrategyError
from thousand.games.dice1000.solver.strategy import Strategy, load_or_solve
from thousand.games.dice1000.solver.three import ThreeStrategy
from thousand.games.dice1000.table import Seat
from thousand.tui.dice1000.app import ThousandApp

BUST = [2, 3, 4, 6, 6]
HUMANS = [Seat("Anna"), Seat("Boris")]
UNSOLVABLE = {"preset": "classic", "choose_dice": True}
"""Choosing dice is outside what the solver does (a decision it does not take)."""


@pytest.fixture
def solved(classic_strategy: Strategy, classic_cache: Path) -> Strategy:
    """The classic strategy, findable in the cache the game reads."""
    del classic_cache  # the fixture sets THOUSAND_CACHE_DIR
    return classic_strategy


def shown(value: float) -> str:
    return f"{value * 100:.1f}%"


def advice_of(app: ThousandApp) -> str:
    return str(app.query_one("#advice").content)  # type: ignore[attr-defined]


async def advice_ready(app: ThousandApp, pilot: Pilot[int]) -> None:
    await until(pilot, lambda: app.session.strategy is not None or app.advice_error is not None)
    await pilot.pause()


def test_the_key_shows_each_chance_with_the_best_marked_and_follows_the_game(
    solved: Strategy,
) -> None:
    throws = [[1, 1, 1, 2, 3], [1, 5], BUST]
    app = app_of(session_of("classic", HUMANS, throws))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        assert "[C] winning chances" in app.visible_text()
        assert "Winning chances" not in app.visible_text()  # hidden until asked for
        await press(pilot, "c")
        await advice_ready(app, pilot)
        assert "[C] hide the chances" in app.visible_text()
        state = app.session.state
        first = solved.action_values(state)
        assert list(first) == [THROW]  # a turn starts with a throw: the only move
        assert f"▶ throw 5 dice: {shown(first[THROW])} (the only move)" in app.visible_text()

        await press(pilot, "space")  # 1 1 1: 100 in hand, two dice left — a real choice
        state = app.session.state
        values = solved.action_values(state)
        assert set(values) == {THROW, STOP}
        assert shown(values[THROW]) != shown(values[STOP])  # one decimal tells them apart
        best = max(values, key=lambda action: values[action])
        lines = advice_of(app).splitlines()
        assert lines[0] == "Winning chances with perfect play:"
        throw_line = f"throw 2 dice: {shown(values[THROW])}"
        stop_line = f"stop and record 100: {shown(values[STOP])}"
        marked, plain = (throw_line, stop_line) if best == THROW else (stop_line, throw_line)
        assert f"▶ {marked} ← best" in lines
        assert f"  {plain}" in lines
        assert "Three or more players" not in advice_of(app)

        await press(pilot, "space")  # 1 5: hot dice, the stop is gone
        values = solved.action_values(app.session.state)
        assert list(values) == [THROW]
        assert f"▶ throw 5 dice: {shown(values[THROW])} (the only move)" in advice_of(app)

        await press(pilot, "space")  # the confirmation throw busts: Boris to throw
        assert app.session.state.current == 1
        values = solved.action_values(app.session.state)
        assert f"throw 5 dice: {shown(values[THROW])}" in advice_of(app)

        await press(pilot, "c")
        assert not app.query_one("#advice").display
        assert "Winning chances" not in app.visible_text()

    asyncio.run(drive(app, body))


def test_advice_in_russian_with_a_decimal_comma(solved: Strategy) -> None:
    app = app_of(session_of("classic", HUMANS, [[1, 1, 1, 2, 3]], language="ru"), "ru")

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        assert "[C] шансы на победу" in app.visible_text()
        await press(pilot, "space", "c")
        await advice_ready(app, pilot)
        values = solved.action_values(app.session.state)
        text = advice_of(app)
        assert text.startswith("Шансы на победу при безупречной игре:")
        for action, words in ((THROW, "бросить 2 кости"), (STOP, "записать 100")):
            number = f"{values[action] * 100:.1f}".replace(".", ",")
            assert f"{words}: {number}\u00a0%" in text
        assert "← лучше всего" in text

    asyncio.run(drive(app, body))


def test_four_players_get_the_approximation_labelled(solved: Strategy) -> None:
    seats = [*HUMANS, Seat("Vera"), Seat("Gleb")]
    app = app_of(session_of("classic", seats, [[1, 1, 1, 5, 2]]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "c")
        await advice_ready(app, pilot)
        values = solved.action_values(app.session.state)
        text = advice_of(app)
        assert f"throw 1 die: {shown(values[THROW])}" in text
        assert f"stop and record 105: {shown(values[STOP])}" in text
        assert "An approximation at this table: played as a duel" in text

    asyncio.run(drive(app, body))


def test_after_the_game_there_is_nothing_to_advise(solved: Strategy) -> None:
    throws = [[1, 1, 1, 1, 1], [1, 2, 3, 4, 6]]  # 1000, hot dice, +10: Anna wins
    app = app_of(session_of("classic", HUMANS, throws))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        await advice_ready(app, pilot)
        await press(pilot, "space", "space", "s")
        assert app.session.state.is_over
        assert advice_of(app) == "Winning chances: the game is over."

    asyncio.run(drive(app, body))


def test_rules_the_solver_cannot_do_say_so_and_the_game_goes_on(solved: Strategy) -> None:
    del solved  # the cache is there, but not for these rules
    app = app_of(session_of(UNSOLVABLE, HUMANS, [[1, 5, 5, 2, 3]]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        await advice_ready(app, pilot)
        assert app.session.strategy is None
        text = advice_of(app)
        assert text.startswith("Winning chances: these rules cannot be solved exactly: ")
        assert "choose_dice" in text
        await press(pilot, "space")
        assert app.session.state.turn_total == 0 and app.session.state.throws == 1
        assert advice_of(app) == text  # asked once: no second attempt at every redraw

    asyncio.run(drive(app, body))


def test_one_player_has_no_opponent_to_solve_against(solved: Strategy) -> None:
    app = app_of(session_of("classic", [Seat("Anna")], []))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        assert advice_of(app) == "Winning chances: the solved strategy needs two players or more."
        assert not app.advice_loading

    asyncio.run(drive(app, body))


def test_a_perfect_computer_player_plays_a_whole_game_that_replays(
    solved: Strategy, tmp_path: Path
) -> None:
    save = tmp_path / "perfect.json"
    seats = [Seat("Ivan", "bold"), Seat("Ideal", "perfect")]
    session = session_of("classic", seats, dice=RandomDice(5), save_path=save, seed=5)
    session.prepare_strategy()  # what ``thousand play`` does before the game
    assert session.strategy is not None
    app = app_of(session)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await until(pilot, lambda: app.session.state.is_over)
        assert "Winner: " in app.visible_text()

    asyncio.run(drive(app, body))
    record = json.loads(save.read_text())
    assert record["meta"]["seats"][1] == {"name": "Ideal", "bot": "perfect"}
    result = replay(record)
    assert result.state.players == app.session.state.players
    assert result.state.winner == app.session.state.winner
    assert type(app.session.policies[1]).__name__ == "PerfectPlayer"


def test_rules_not_yet_solved_are_solved_aside_while_the_game_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "empty-cache"))
    rules = {"preset": "classic", "target": 300, "barrels": []}  # solved in about a second
    app = app_of(session_of(rules, HUMANS, [[1, 1, 1, 2, 3]]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        await until(pilot, lambda: "Solving the classic with changes rules once" in advice_of(app))
        await press(pilot, "space")  # the screen answers while the child process solves
        assert app.session.state.turn_total == 100
        await advice_ready(app, pilot)
        assert app.advice_error is None
        strategy, cached = load_or_solve(app.session.game)
        assert cached  # the child left it in the cache
        values = strategy.action_values(app.session.state)
        assert f"stop and record 100: {shown(values[STOP])}" in advice_of(app)
        assert f"throw 2 dice: {shown(values[THROW])}" in advice_of(app)

    asyncio.run(drive(app, body))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_solvers_progress_and_time_are_shown_while_it_solves(
    monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The solve itself is replaced: what matters is that its progress reaches the screen."""
    gate = threading.Event()
    app = app_of(session_of("classic", HUMANS, [[1, 1, 1, 2, 3]], language=language), language)
    line = "sweep 3: 1,204 turns planned, largest change 2.0e-05, 41 s"

    def slow_solve(
        on_solve: Callable[[], None], on_progress: Callable[[str], None] | None = None
    ) -> object:
        on_solve()
        assert on_progress is not None
        on_progress("solving 1,000 positions")
        on_progress(line)
        gate.wait(30)
        raise StrategyError("stopped by the test")

    monkeypatch.setattr(app, "ready_strategy", slow_solve)
    label = {"en": "solver: ", "ru": "расчёт: "}[language]

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        await until(pilot, lambda: line in advice_of(app))
        text = advice_of(app)
        assert re.search(rf"\n0:0\d · {label}{re.escape(line)}$", text), text
        assert "solving 1,000 positions" not in text  # the latest line only
        await pilot.pause(1.2)
        assert re.search(rf"\n0:0[1-9] · {label}", advice_of(app))  # the clock moves
        await press(pilot, "space")  # the game goes on meanwhile
        assert app.session.state.turn_total == 100
        gate.set()
        await until(pilot, lambda: app.advice_error is not None)
        assert app._solve_clock is None

    asyncio.run(drive(app, body))


THREE = [*HUMANS, Seat("Vera")]
SMALL = {"preset": "classic", "target": 200, "barrels": [], "entry_threshold": 50}
"""Rules whose three-player table solves in about a second (classic's takes minutes)."""


def test_three_players_get_the_approximation_at_once_while_the_exact_table_is_solved(
    solved: Strategy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No wait for the exact table: the duel's figures come at once, labelled, with the
    aside solve's own estimate in the player's language."""
    gate = threading.Event()
    asked: list[int] = []
    app = app_of(session_of("classic", THREE, [[1, 1, 1, 5, 2]]))

    def aside(
        game: object, on_progress: object, players: int, on_estimate: Callable[[Estimate], None]
    ) -> None:
        asked.append(players)
        on_estimate(Estimate(0.42, 420.0))
        gate.wait(30)
        raise StrategyError("stopped by the test")

    monkeypatch.setattr(app.aside, "solve", aside)

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "c")
        await advice_ready(app, pilot)
        values = solved.action_values(app.session.state)
        await until(pilot, lambda: "42% done" in advice_of(app))
        text = advice_of(app)
        assert f"stop and record 105: {shown(values[STOP])}" in text
        assert "An approximation at this table: played as a duel" in text
        assert (
            "The exact table for three players is being solved on this machine, once: "
            "42% done, about 7 min left." in text
        )
        assert asked == [3]
        gate.set()
        await until(pilot, lambda: not app.aside_running)
        assert "being solved" not in advice_of(app)  # it failed: the approximation stays
        assert "An approximation at this table" in advice_of(app)

    asyncio.run(drive(app, body))


def test_the_exact_three_player_table_replaces_the_approximation_when_solved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """End to end with small rules: the two-player strategy solved first, the duel's
    figures shown, then the exact table solved aside in a child process and used."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(tmp_path / "empty-cache"))
    app = app_of(session_of(SMALL, THREE, [[1, 1, 1, 5, 2]]))

    async def body(app: ThousandApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "c")
        await advice_ready(app, pilot)
        await until(pilot, lambda: app.session.strategy is not None)
        await until(pilot, lambda: not app.aside_running, steps=200_000)
        state = app.session.state
        three = ThreeStrategy.load(app.session.game)
        assert three is not None  # the child left it in the cache
        values = three.action_values(state)
        text = advice_of(app)
        assert f"stop and record 105: {shown(values[STOP])}" in text
        assert "approximation" not in text

    asyncio.run(drive(app, body))
