"""Tournaments between computer players: many games, win rates with confidence intervals.

Two ways to play them, the same game either way:

* the native fast path (:mod:`thousand.games.dice1000.solver.fastplay`) when there are two players,
  both read a strategy table, and the rules are ones the exact solver handles; or three
  ``perfect`` players where the exact three-player table exists;
* otherwise the engine's own fast path (:func:`thousand.games.dice1000.match.play_fast`), game by
game.

Who moves first rotates from game to game (game ``i`` starts with player ``i mod k``),
so a tournament measures the players, not the seat.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from thousand.games.dice1000.dice import RandomDice
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.match import Policy, play_fast

MAX_GAME_TURNS = 10_000
"""A game of a tournament stops unfinished after this many turns, on either path:
under rules nobody can win it would never end. It counts as unfinished."""


@dataclass
class Tournament:
    """The results of a tournament; players keep the order they were given in."""

    players: list[str]
    games: int
    wins: list[int]
    first_player_wins: int
    unfinished: int
    turns: int
    seconds: float
    finals: npt.NDArray[np.int64] = field(repr=False)
    """Final score of each player (column) in each game (row)."""
    path: str
    """``native`` or ``engine``: which fast path played the games."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """Win rate and its 95% Wilson score interval."""
        return wilson(self.wins[player], self.games)

    def to_json_data(self) -> dict[str, object]:
        rates = [self.win_rate(i) for i in range(len(self.players))]
        first = wilson(self.first_player_wins, self.games)
        return {
            "players": self.players,
            "games": self.games,
            "wins": self.wins,
            "win_rates": [rate for rate, _, _ in rates],
            "win_rate_ci95": [[low, high] for _, low, high in rates],
            "first_player_wins": self.first_player_wins,
            "first_player_win_rate": first[0],
            "first_player_win_rate_ci95": [first[1], first[2]],
            "unfinished": self.unfinished,
            "average_turns": self.turns / self.games if self.games else 0.0,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "path": self.path,
        }


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float, float]:
    """Proportion with its Wilson score interval (sound near 0 and 1, unlike p ± z·se)."""
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return p, max(0.0, centre - half), min(1.0, centre + half)


TableSource = Callable[[Game], "npt.NDArray[np.uint8] | None"]


def play_tournament(
    game: Game,
    names: Sequence[str],
    policies: Sequence[Policy],
    games: int,
    seed: int,
    *,
    tables: Sequence[npt.NDArray[np.uint8] | None] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Tournament:
    """Play ``games`` games; ``tables`` (one per player, or None) enables the native path."""
    if tables is not None and len(names) == 2 and all(t is not None for t in tables):
        found = [t for t in tables if t is not None]
        return _native(game, list(names), found, games, seed, progress=progress)
    three = _three_table(game, policies)
    if three is not None:
        return _native(game, list(names), [None] * 3, games, seed, progress=progress, three=three)
    count = len(names)
    wins = [0] * count
    finals = np.zeros((games, count), dtype=np.int64)
    first_wins = unfinished = turns = 0
    start = time.perf_counter()
    for number in range(games):
        order = [(number + i) % count for i in range(count)]
        seated = [f"{names[p]}#{p}" for p in order]
        state, played = play_fast(
            game,
            seated,
            [policies[p] for p in order],
            RandomDice(seed * 1_000_003 + number),
            MAX_GAME_TURNS,
        )
        turns += played
        for seat, player in enumerate(order):
            finals[number, player] = state.players[seat].score
        if state.winner is None:
            unfinished += 1
        else:
            wins[order[state.winner]] += 1
            first_wins += state.winner == 0
        if progress is not None:
            progress(number + 1)
    seconds = time.perf_counter() - start
    return Tournament(
        list(names), games, wins, first_wins, unfinished, turns, seconds, finals, "engine"
    )


def _three_table(game: Game, policies: Sequence[Policy]) -> npt.NDArray[np.float64] | None:
    """The exact three-player table when three ``perfect`` players sit at the table.

    Levels play three or more players by the threat of every opponent, which no native
    table holds yet: a table with a level goes through the engine.
    """
    if len(policies) != 3:
        return None
    found = [getattr(policy, "three_table", None) for policy in policies]
    if found[0] is None or any(table is None for table in found):
        return None
    table: npt.NDArray[np.float64] | None = found[0](game)  # the same for all three: read once
    return table


def _native(
    game: Game,
    names: list[str],
    tables: Sequence[npt.NDArray[np.uint8] | None],
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None,
    three: npt.NDArray[np.float64] | None = None,
) -> Tournament:
    from thousand.games.dice1000.solver.fastplay import FastGame  # noqa: PLC0415 (numba: load on demand)

    results = FastGame(game).play(
        tables, games, seed, max_turns=MAX_GAME_TURNS, progress=progress, three=three
    )
    winners = results.winners
    first = np.arange(games) % len(names)
    wins = [int(np.sum(winners == seat)) for seat in range(len(names))]
    return Tournament(
        names,
        games,
        wins,
        first_player_wins=int(np.sum(winners == first)),
        unfinished=int(np.sum(winners < 0)),
        turns=int(results.turns.sum()),
        seconds=results.seconds,
        finals=results.finals,
        path="native",
    )
