"""Perfect play for ``thousand stats``: the optimal expected total already solved here."""

from __future__ import annotations

from thousand.core.errors import ThousandError
from thousand.games.poker_dice.solver import load_strategy
from thousand.games.poker_dice.state import Position


def perfect_play(position: Position) -> float | None:
    """The optimal player's expected total under the position's rules where their
    strategy is cached — never a solve, which takes a minute (``thousand solve --game
    poker_dice`` does it once)."""
    try:
        strategy = load_strategy(position.rules)
    except ThousandError:
        return None
    return None if strategy is None else strategy.expected_total
