"""Perfect play at every table size: which solved table answers which position.

* two players: the two-player strategy (:mod:`.strategy`; shipped for the presets);
* three players under rules where scores only grow: the exact three-player table
  (:mod:`.three`), solved once (about five minutes for the classic rules) and cached;
* otherwise (four or more players, or three where scores can fall): the two-player
  strategy against the leading opponent — the best approximation we have measured so
  far, stated by ``thousand solve``.

:class:`SeatedStrategy` puts them behind the one interface every front-end uses, so the
advisor and ``perfect`` pick the right table by the number of players in the position.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from thousand.games.dice1000.actions import Action
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.solver.shipped import shipped_path
from thousand.games.dice1000.solver.strategy import (
    SolvedStrategy,
    cache_path,
    load_or_solve,
    load_strategy,
)
from thousand.games.dice1000.solver.tables import monotone_obstacles
from thousand.games.dice1000.solver.three import ThreeStrategy, solve_three, three_path
from thousand.games.dice1000.state import GameState

THREE = 3


def exact_for_three(game: Game) -> bool:
    """Whether ``game`` has an exact three-player table (scores only grow, dice not chosen)."""
    return not game.choose_dice and not monotone_obstacles(game)


def needs_three(game: Game, players: int) -> bool:
    return players == THREE and exact_for_three(game)


def ready(game: Game, players: int = 2) -> bool:
    """Whether the strategies for ``players`` are at hand (cached or shipped): no solve."""
    two = cache_path(game).exists() or shipped_path(game) is not None
    return two and (not needs_three(game, players) or three_path(game).exists())


class SeatedStrategy(SolvedStrategy):
    """The two-player strategy, and the three-player table where there is one."""

    def __init__(self, two: SolvedStrategy, three: ThreeStrategy | None = None) -> None:
        self.two = two
        self.three = three
        self.game = two.game
        self.info = two.info
        self.win = two.win
        self.policy = two.policy
        self.source = two.source

    def answering(self, state: GameState) -> SolvedStrategy:
        """The table for this position: three players' where there is one."""
        if self.three is not None and len(state.players) == THREE:
            return self.three
        return self.two

    def exact_for(self, state: GameState) -> bool:
        return self.answering(state) is self.three or self.two.exact_for(state)

    def stops(self, state: GameState) -> bool:
        return self.answering(state).stops(state)

    def action_values(self, state: GameState) -> dict[Action, float]:
        return self.answering(state).action_values(state)

    def save(self, path: Path | None = None) -> Path:
        if self.three is not None:
            self.three.save()
        return self.two.save(path)

    @classmethod
    def load(cls, game: Game, path: Path | None = None) -> SeatedStrategy | None:
        """The cached (or shipped) two-player strategy alone."""
        del path
        two = load_strategy(game)
        return None if two is None else cls(two)


def load_or_solve_seated(
    game: Game, players: int = 2, progress: Callable[[str], None] | None = None
) -> SeatedStrategy:
    """The strategies for a table of ``players``: cached or shipped, else solved and cached."""
    two, _ = load_or_solve(game, progress)
    three = None
    if needs_three(game, players):
        three = ThreeStrategy.load(game)
        if three is None:
            three = solve_three(game, progress)
            three.save()
    return SeatedStrategy(two, three)
