"""Perfect play at every table size: which solved table answers which position.

* two players: the two-player strategy (:mod:`.strategy`; shipped for the presets);
* three players under rules where scores only grow: the exact three-player table
  (:mod:`.three`), solved once per machine and cached — some 5 minutes of two cores for
  the classic rules, 13–30 on a busy machine, and 64 MB: too large to ship. Until it is
  there, :func:`at_hand` answers with the approximation below, labelled as such, so an
  advisor never makes a player wait for it (:mod:`.door` solves it aside, once);
* otherwise (four or more players, or three where scores can fall): the two-player
  strategy against the leading opponent — the best approximation we have measured so
  far, stated by ``thousand solve``.

:class:`SeatedStrategy` puts them behind the one interface every front-end uses, so the
advisor and ``perfect`` pick the right table by the number of players in the position.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from thousand.core.pace import Estimate
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
        super().__init__()
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


QUICK_THREE = 100
"""Targets (in score units) up to which the three-player table solves in seconds (a million
triples; the classic rules have 200 units, eight million triples and minutes)."""


def quick_three(game: Game) -> bool:
    """Whether ``game``'s three-player table is small enough to solve while one waits."""
    return game.target // game.score_unit <= QUICK_THREE


def three_pending(game: Game, players: int) -> bool:
    """Whether ``players`` have an exact table not yet solved on this machine."""
    return needs_three(game, players) and not three_path(game).exists()


def load_or_solve_seated(
    game: Game,
    players: int = 2,
    progress: Callable[[str], None] | None = None,
    estimate: Callable[[Estimate], None] | None = None,
) -> SeatedStrategy:
    """The strategies for a table of ``players``: cached or shipped, else solved and cached
    (``estimate``: the three-player solve's progress as numbers)."""
    two, _ = load_or_solve(game, progress)
    three = None
    if needs_three(game, players):
        three = ThreeStrategy.load(game)
        if three is None:
            three = solve_three(game, progress, estimate)
            three.save()
    return SeatedStrategy(two, three)


AT_HAND = 4
"""Rule sets whose loaded strategies :func:`at_hand` keeps (a three-player table is some
200 MB in memory once loaded; a server rarely has more than a couple of rule sets in play)."""


def at_hand(game: Game, players: int) -> SeatedStrategy | None:
    """The best strategy already on this machine for ``players``, without solving: the
    exact three-player table where it is cached, else the two-player one (for three
    players an approximation, which :meth:`SeatedStrategy.exact_for` tells); None when
    not even the two-player strategy is cached or shipped.

    Loaded once per process and kept (the files take a second to read); the three-player
    table is looked for again on each call until it is found, so a solve finishing aside
    is picked up by the next question.
    """
    want_three = needs_three(game, players)
    key = (str(cache_path(game)), want_three)  # the file, so a cache folder moved is read
    known = _AT_HAND.get(key)
    if known is not None and (known.three is not None or not want_three):
        return known
    if known is None:
        two = load_strategy(game)
        if two is None:
            return None
        known = SeatedStrategy(two)
    if want_three and three_path(game).exists():
        three = ThreeStrategy.load(game)
        if three is not None:
            known = SeatedStrategy(known.two, three)
    _AT_HAND[key] = known
    while len(_AT_HAND) > AT_HAND:
        del _AT_HAND[next(iter(_AT_HAND))]
    return known


def perfect_play(position: GameState) -> SeatedStrategy | None:
    """The strategy for the position's rules and table where it is shipped or cached —
    never a solve: what the statistics weigh a player's choices against, for ``thousand
    stats`` and the server's history alike (they say which games wait for ``thousand
    solve``)."""
    return at_hand(position.game, len(position.players))


_AT_HAND: dict[tuple[str, bool], SeatedStrategy] = {}
""":func:`at_hand`'s loaded strategies, oldest first: a process's memory of files it read
(never a result of its own: every entry is a cached or shipped file's contents)."""
