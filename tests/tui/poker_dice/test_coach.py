"""The coach on the poker dice screen (key C): the best options with their value and loss,
the person's own choice, and a sentence instead of numbers where there is no decision."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import pytest
from textual.pilot import Pilot

from tests.tui.poker_dice.support import poker_app, poker_session
from tests.tui.support import drive, press, until
from thousand.core.players import Seat
from thousand.games.poker_dice.actions import Action, Throw
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.state import Position
from thousand.tui.poker_dice import app as poker
from thousand.tui.poker_dice.app import PokerApp


class Stub:
    """A solved strategy's stand-in: keeping more dice (higher faces on a tie) is worth
    more; writing a box less than any throw, later boxes less than earlier ones."""

    def action_values(self, position: Position) -> Mapping[Action, float]:
        values: dict[Action, float] = {}
        for place, action in enumerate(position.legal_actions()):
            if isinstance(action, Throw):
                values[action] = 200.0 + len(action.keep) + sum(action.keep) / 10
            else:
                values[action] = 150.0 - place / 10
        return values


loads: list[Rules] = []


def stub_loader(rules: Rules) -> Stub:
    loads.append(rules)
    return Stub()


@pytest.fixture(autouse=True)
def no_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screen's coach reads the stub, not a solve of the rules."""
    loads.clear()
    monkeypatch.setattr(poker, "solver_strategy", stub_loader)


def test_the_coach_of_a_sheet_game_shows_values_losses_and_your_choice() -> None:
    seats = [Seat("Anna"), Seat("Robot", "greedy")]
    throws = [[6, 5, 6, 2, 1], [5, 5, 5, 5, 5]]
    app = poker_app(poker_session("russian", seats, throws))

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        await until(pilot, lambda: app.strategy is not None)
        assert len(loads) == 1
        text = app.visible_text()
        assert "Coach: the expected final total" in text
        assert "▶ throw all five dice" in text
        await press(pilot, "space")
        text = app.visible_text()
        assert "▶ keep 2 5 6 6" in text and "205.9" in text  # four dice, the most pips
        assert "keep 1 5 6 6" in text and "205.8" in text and "−0.1" in text
        assert "· write One pair (24)" in text  # the box under the cursor
        await press(pilot, "1")  # Anna keeps a 6: her choice is listed with its loss
        text = app.visible_text()
        assert "· keep 6" in text and "201.6" in text and "−4.3" in text
        assert "· your choice so far" in text
        await press(pilot, "c")
        assert "Coach:" not in app.visible_text()
        await press(pilot, "c", "a")  # Anna writes; the robot moves
        await until(pilot, lambda: app.session.position.current == 0)
        assert len(loads) == 1  # loaded once a game

    asyncio.run(drive(app, body))


def test_the_coach_waits_for_a_person_and_says_when_the_game_is_over() -> None:
    seats = [Seat("Robot", "greedy"), Seat("Anna")]
    throws = [[5, 5, 5, 5, 5], [1, 1, 1, 1, 1]]
    app = poker_app(poker_session({"preset": "ranking"}, seats, throws), fast=False)

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "c")
        assert "Coach: it speaks when a person decides." in app.visible_text()
        await until(pilot, lambda: app.session.position.current == 1)
        await until(pilot, lambda: not app.bot_busy)
        text = app.visible_text()
        assert "Coach: the chance to win the round" in text
        assert "▶ throw all five dice 1.7%" in text  # five 5s: only five 6s or a tie beat them
        await press(pilot, "space", "s")
        assert "Coach: the game is over." in app.visible_text()
        assert not loads  # the ranking game needs no solved strategy

    asyncio.run(drive(app, body))


def test_the_coach_speaks_russian() -> None:
    throws = [[6, 6, 2, 3, 4]]
    session = poker_session("ranking", [Seat("Анна"), Seat("Борис")], throws, language="ru")
    app = poker_app(session, language="ru")

    async def body(app: PokerApp, pilot: Pilot[int]) -> None:
        await press(pilot, "space", "с")
        text = app.visible_text()
        assert "Подсказки: шанс выиграть (оценка)" in text  # Boris throws after Anna
        assert "оставить 6 6" in text and "остаться" in text
        assert "%" in text and "," in text  # a Russian decimal comma

    asyncio.run(drive(app, body))
