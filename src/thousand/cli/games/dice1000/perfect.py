"""Perfect play for ``thousand stats``: the solved strategy already on this machine."""

from __future__ import annotations

from thousand.games.dice1000.solver.seats import SeatedStrategy, at_hand
from thousand.games.dice1000.state import GameState


def perfect_play(position: GameState) -> SeatedStrategy | None:
    """The strategy for the position's rules and table where it is shipped or cached —
    never a solve (the statistics say which games wait for ``thousand solve``)."""
    return at_hand(position.game, len(position.players))
