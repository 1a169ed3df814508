"""Helpers the computer-player, coach and simulation tests share: strategies solved once
per session, the optimal player reading them, and positions reached by random play."""

from __future__ import annotations

from functools import cache
from random import Random

from hypothesis import strategies as st

from thousand.core.dice import RandomDice
from thousand.games.poker_dice import Outcome, Position, new_position
from thousand.games.poker_dice.bots import OptimalBot
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.presets import rules_from_spec
from thousand.games.poker_dice.solver import Strategy, solve

SHEET_PRESETS = ("russian", "russian_banked", "yahtzee")
PRESETS = (*SHEET_PRESETS, "ranking")


@cache
def rules_of(preset: str, overrides: tuple[tuple[str, object], ...] = ()) -> Rules:
    return rules_from_spec({"preset": preset, **dict(overrides)})


@cache
def strategy_of(preset: str) -> Strategy:
    """The solved strategy of a preset, once per session (seconds each)."""
    return solve(rules_of(preset))


def optimal_bot(preset: str) -> OptimalBot:
    """The optimal player of ``preset``; in a sheet game it reads the session's strategy
    (:func:`strategy_of`), never the cache."""
    rules = rules_of(preset)
    if rules.sheet == "ranking":
        return OptimalBot(rules)
    strategy = strategy_of(preset)
    return OptimalBot(strategy.rules, lambda _rules: strategy)


def random_position(
    rules: Rules, seed: int, steps: int, players: int = 2, *, land: bool = True
) -> Position:
    """The position after ``steps`` random decisions and their dice from a new game of
    ``players`` (fewer if the game ends first; the dice landed unless ``land`` is false
    and the last decision threw)."""
    rng = Random(seed)
    dice = RandomDice(seed)
    position = new_position(rules, [f"p{i}" for i in range(players)])
    for _ in range(steps):
        if position.over:
            break
        action = rng.choice(position.legal_actions())
        position = position.apply(action)
        if position.in_air and (land or _ < steps - 1):
            position = position.apply(Outcome(dice.throw(position.in_air)))
    return position


def decision_positions(rules: Rules, seed: int, count: int, players: int = 2) -> list[Position]:
    """``count`` decision positions of random games (seeded), every stage of a game."""
    rng = Random(seed)
    found: list[Position] = []
    while len(found) < count:
        position = random_position(rules, rng.randrange(2**32), rng.randrange(1, 60), players)
        if not position.over and not position.in_air:
            found.append(position)
    return found


@st.composite
def preset_positions(draw: st.DrawFn, max_steps: int, max_players: int) -> tuple[str, Position]:
    """A preset (the ranking game's too) and a position of random play under it, from a
    new game of 1 to ``max_players`` after up to ``max_steps`` decisions
    (:func:`random_position`): at a decision, a chance node or the end."""
    preset = draw(st.sampled_from(PRESETS))
    seed = draw(st.integers(0, 2**32 - 1))
    steps = draw(st.integers(0, max_steps))
    players = draw(st.integers(1, max_players))
    return preset, random_position(rules_of(preset), seed, steps, players)
