"""``thousand serve`` loads what a finished game's history needs before it opens
(:func:`thousand.web.history.warm`): dice 1000's strategy for its default rules and two
players, asked for and run once, as the first game of those rules to end would."""

from __future__ import annotations

from typing import Any

import pytest

import thousand.web.rooms.dice1000 as dice_web
from thousand.games.dice1000.actions import THROW
from thousand.games.dice1000.state import GameState
from thousand.web.history import warm


class _Strategy:
    def __init__(self) -> None:
        self.asked: list[GameState] = []

    def action_values(self, state: GameState) -> dict[Any, float]:
        self.asked.append(state)
        return {THROW: 0.5}


def test_warm_asks_for_the_default_rules_two_player_strategy_and_runs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    strategy = _Strategy()
    asked: list[GameState] = []

    def perfect_play(state: GameState) -> _Strategy:
        asked.append(state)
        return strategy

    monkeypatch.setattr(dice_web, "perfect_play", perfect_play)
    warm()
    default_rules, _spec = dice_web.ROOM.rules_of(dice_web.ROOM.DEFAULT_RULES)
    assert len(asked) == 1
    assert asked[0].game == default_rules and len(asked[0].players) == 2
    assert asked[0].turn_total == 0 and not asked[0].is_over
    assert strategy.asked == asked  # run once: its code compiles as it first runs


def test_warm_without_a_strategy_on_this_machine_does_nothing_more(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[GameState] = []
    monkeypatch.setattr(dice_web, "perfect_play", asked.append)  # answers None
    warm()
    assert len(asked) == 1
