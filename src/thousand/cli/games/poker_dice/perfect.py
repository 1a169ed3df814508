"""Perfect play for ``thousand stats``: the optimal expected total already solved here."""

from __future__ import annotations

from thousand.core.errors import ThousandError
from thousand.games.poker_dice.solver import cache_path, load_strategy
from thousand.games.poker_dice.state import Position

_KNOWN: dict[str, float | None] = {}
"""A cache file → the optimum found for them in this process: each table is read once
however many games were played under its rules."""


def perfect_play(position: Position) -> float | None:
    """The optimal player's expected total under the position's rules where their
    strategy is cached — never a solve, which takes a minute (``thousand solve --game
    poker_dice`` does it once)."""
    key = str(cache_path(position.rules))  # the file: a cache folder moved is read anew
    if key not in _KNOWN:
        try:
            strategy = load_strategy(position.rules)
        except ThousandError:
            strategy = None
        _KNOWN[key] = None if strategy is None else strategy.expected_total
    return _KNOWN[key]
