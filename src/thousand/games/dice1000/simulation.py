"""Tournaments between computer players: many games, win rates with confidence intervals.

Two ways to play them, the same game either way:

* the native fast path (:mod:`thousand.games.dice1000.solver.fastplay`) when every player
  has a native seat (``perfect`` and the levels do: :mod:`.solver.native`) and the rules
  are ones the solver takes (all but ``choose_dice``), 2 to 8 players;
* otherwise the engine's own fast path (:func:`thousand.games.dice1000.match.play_fast`),
  game by game: a custom policy, or ``choose_dice``. The result says which (``path``).

Who moves first rotates from game to game (game ``i`` starts with player ``i mod k``),
so a tournament measures the players, not the seat.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from thousand.core.errors import RulesError
from thousand.core.stats import rates_data
from thousand.core.stats import wilson as wilson  # noqa: PLC0414 - re-exported, as before
from thousand.games.dice1000.dice import RandomDice
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.match import Policy, play_fast

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.fastplay import FastGame, NativeSeat

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
    off_table: int = 0
    """Native games stopped because a score fell below the floor the native path
    follows (:data:`~.solver.fastplay.FLOOR`); counted among the unfinished."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """Win rate and its 95% Wilson score interval."""
        return wilson(self.wins[player], self.games)

    def first_player_rate(self) -> tuple[float, float, float]:
        """The share of the games the player moving first won, with its interval."""
        return wilson(self.first_player_wins, self.games)

    def to_json_data(self) -> dict[str, object]:
        rates = [self.win_rate(i) for i in range(len(self.players))]
        return {
            "players": self.players,
            "games": self.games,
            "wins": self.wins,
            **rates_data(rates, self.first_player_rate()),
            "first_player_wins": self.first_player_wins,
            "unfinished": self.unfinished,
            "average_turns": self.turns / self.games if self.games else 0.0,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "path": self.path,
            "off_table": self.off_table,
        }


def play_tournament(
    game: Game,
    names: Sequence[str],
    policies: Sequence[Policy],
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None = None,
    preparing: Callable[[str], None] | None = None,
) -> Tournament:
    """Play ``games`` games: natively when every player has a native seat (``preparing``
    hears how the tables are being made), else through the engine."""
    native = _native_seats(game, policies, preparing)
    if native is not None:
        return _native(game, list(names), native, games, seed, progress=progress)
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


def _native_seats(
    game: Game, policies: Sequence[Policy], preparing: Callable[[str], None] | None
) -> tuple[FastGame, list[NativeSeat]] | None:
    """The native game and every player's seat, or None if some player has none (a
    custom policy) or the rules are ones the native path cannot play (``choose_dice``)."""
    makers = [getattr(policy, "native_seat", None) for policy in policies]
    if any(maker is None for maker in makers):
        return None
    from thousand.games.dice1000.solver.fastplay import FastGame  # noqa: PLC0415 (numba: load on demand)

    try:
        fast = FastGame(game)
    except RulesError:
        return None
    seats: list[NativeSeat] = []
    made: dict[tuple[type, str], NativeSeat] = {}
    for policy, maker in zip(policies, makers, strict=True):
        key = (type(policy), getattr(getattr(policy, "temperament", None), "name", ""))
        if key not in made:  # one table per kind of player, however many seats it has
            assert maker is not None
            made[key] = maker(fast, len(policies), preparing)
        seats.append(made[key])
    return fast, seats


def _native(
    game: Game,
    names: list[str],
    native: tuple[FastGame, list[NativeSeat]],
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None,
) -> Tournament:
    from thousand.games.dice1000.solver.fastplay import OFF_TABLE  # noqa: PLC0415 (numba)

    fast, seats = native
    results = fast.play(seats, games, seed, max_turns=MAX_GAME_TURNS, progress=progress)
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
        off_table=int(np.sum(winners == OFF_TABLE)),
    )
