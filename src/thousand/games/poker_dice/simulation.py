"""Tournaments between poker dice's computer players: win rates, totals, their spread.

Two ways to play them, the same game either way:

* the native path (:mod:`.native`) for the sheet games (``russian``, ``yahtzee`` and
  their variants) when every player is a level the kernel knows (all three are):
  ``optimal`` reads the solver's tables, the levels their own; a million games of the
  optimal player take a minute or two on two cores;
* otherwise the engine, game by game, each player a :data:`~.bots.Policy` — the ranking
  game, and any custom policy. The result says which (``path``).

Both draw a game's dice from the same stream (:class:`StreamDice`: the SplitMix64
numbers of the tournament's seed and the game's number), so for the same seed they play
the same games. Who moves first rotates (game ``g`` seats player ``(g + s) mod k`` at seat
``s``), so a tournament measures the players, not the seats.

A sheet game is won by the highest total; a win shared by ``j`` players counts ``1/j``
to each (the win rates add up to one). The ranking game always has one winner.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from thousand.core.dice import pick_throw
from thousand.core.stats import mean_interval, rates_data, wilson
from thousand.games.poker_dice.bots import Policy, make_bot
from thousand.games.poker_dice.config import Rules
from thousand.games.poker_dice.scoring import HAND_KINDS, hand
from thousand.games.poker_dice.state import Position, new_position

if TYPE_CHECKING:
    from thousand.games.poker_dice.solver import Strategy
    from thousand.games.poker_dice.solver.tables import Tables

BLOCK_SEATS = 1 << 20
"""Seats (games times players) in one block of native games: the games of a block are
played side by side, and those that reach the same sheet share its turn programme, so a
big block is fast (about 60 MB of sheets)."""

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class StreamDice:
    """The dice of game ``game`` of a tournament seeded ``seed``: throw ``i`` takes the
    ``i``-th number of a SplitMix64 stream (:func:`.native.uniform` in the kernel) and
    falls as :func:`thousand.core.dice.pick_throw` maps it."""

    def __init__(self, seed: int, game: int) -> None:
        self._key = _mix((_mix(seed & _MASK) + (game + 1) * _GAMMA) & _MASK)
        self.used = 0

    def uniform(self) -> float:
        """The next number of the stream, in [0, 1)."""
        self.used += 1
        z = _mix((self._key + self.used * _GAMMA) & _MASK)
        return (z >> 11) * (1.0 / 9007199254740992.0)

    def throw(self, count: int) -> tuple[int, ...]:
        return pick_throw(count, self.uniform())


@dataclass
class Tournament:
    """The results of a tournament; players keep the order they were given in."""

    players: list[str]
    """Display names, one per player (a level repeated is numbered)."""
    levels: list[str]
    rules: Rules
    games: int
    finals: npt.NDArray[np.int64] = field(repr=False)
    """Sheet games: each player's final total (column) in each game (row). Ranking: the
    kind of each player's last hand (an index of :data:`~.scoring.HAND_KINDS`)."""
    shares: npt.NDArray[np.float64] = field(repr=False)
    """Each player's share of each game's win (1, ``1/j`` of a win shared by ``j``, 0)."""
    seconds: float
    path: str
    """``native`` or ``engine``: which path played the games."""
    expected_totals: list[float | None] = field(default_factory=list)
    """The solver's expected total for each ``optimal`` player of a sheet game."""

    @property
    def ranking(self) -> bool:
        return self.rules.sheet == "ranking"

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def wins(self, player: int) -> float:
        """The player's wins, a shared one counting its share."""
        return float(self.shares[:, player].sum())

    def win_rate(self, player: int) -> tuple[float, float, float]:
        """Win rate and its 95% Wilson interval."""
        return wilson(self.wins(player), self.games)

    @property
    def shared_games(self) -> int:
        """Games whose win was shared."""
        return int(np.sum(np.max(self.shares, axis=1) < 1.0))

    def first_player_rate(self) -> tuple[float, float, float]:
        """The share of the wins that went to the player moving first, with its interval."""
        first = np.arange(self.games) % len(self.players)
        return wilson(float(self.shares[np.arange(self.games), first].sum()), self.games)

    def mean_total(self, player: int) -> tuple[float, float, float]:
        """Mean final total with its 95% interval (sheet games)."""
        column = self.finals[:, player].astype(np.float64)
        return mean_interval(float(column.sum()), float(column @ column), self.games)

    def histogram(self, width: int | None = None) -> tuple[int, int, npt.NDArray[np.int64]]:
        """Totals in bins: (first bin's start, bin width, ``counts[bin, player]``)."""
        low, high = int(self.finals.min()), int(self.finals.max())
        width = width or bin_width(high - low)
        start = low - low % width
        bins = (high - start) // width + 1
        counts = np.zeros((bins, len(self.players)), dtype=np.int64)
        for player in range(len(self.players)):
            counts[:, player] = np.bincount(
                (self.finals[:, player] - start) // width, minlength=bins
            )
        return start, width, counts

    def hands(self, player: int) -> dict[str, int]:
        """The ranking game: how often each kind of hand was the player's last."""
        counts = np.bincount(self.finals[:, player], minlength=len(HAND_KINDS))
        return {kind: int(counts[i]) for i, kind in enumerate(HAND_KINDS)}

    def to_json_data(self) -> dict[str, Any]:
        rates = [self.win_rate(i) for i in range(len(self.players))]
        data: dict[str, Any] = {
            "game": "poker_dice",
            "players": self.players,
            "levels": self.levels,
            "games": self.games,
            "wins": [self.wins(i) for i in range(len(self.players))],
            **rates_data(rates, self.first_player_rate()),
            "shared_games": self.shared_games,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "path": self.path,
        }
        if self.ranking:
            data["hands"] = [self.hands(i) for i in range(len(self.players))]
            return data
        means = [self.mean_total(i) for i in range(len(self.players))]
        start, width, counts = self.histogram()
        data.update(
            mean_totals=[mean for mean, _, _ in means],
            mean_total_ci95=[[low, high] for _, low, high in means],
            sd_totals=[
                float(np.std(self.finals[:, i], ddof=1)) if self.games > 1 else 0.0
                for i in range(len(self.players))
            ],
            min_totals=[int(x) for x in self.finals.min(axis=0)],
            max_totals=[int(x) for x in self.finals.max(axis=0)],
            expected_totals=self.expected_totals,
            histogram={
                "start": start,
                "bin_width": width,
                "counts": counts.T.tolist(),
            },
        )
        return data


def bin_width(span: int, bins: int = 20) -> int:
    """A round bin width (1, 2, 5, 10, 20, 25, 50, …) giving at most about ``bins`` bins."""
    for unit in (1, 10, 100, 1000, 10_000):
        for step in (1, 2, 5, 10) if unit == 1 else (1, 2, 2.5, 5):
            width = int(step * unit)
            if width and span / width <= bins:
                return width
    return 100_000


def display_names(levels: Sequence[str]) -> list[str]:
    """Players' names: the level, numbered when a level plays more than once."""
    return [
        f"{level} ({seat + 1})" if levels.count(level) > 1 else level
        for seat, level in enumerate(levels)
    ]


# -- the engine path -------------------------------------------------------------------


def play_game(
    rules: Rules, names: Sequence[str], policies: Sequence[Policy], dice: StreamDice
) -> Position:
    """One game through the engine's trusted path (the policies pick legal actions)."""
    position = new_position(rules, names)
    while not position.over:
        if position.in_air:
            position = position.land(dice.throw(position.in_air))
        else:
            position = position.advance(policies[position.current](position))
    return position


def _engine(
    rules: Rules,
    names: list[str],
    policies: Sequence[Policy],
    games: int,
    seed: int,
    *,
    progress: Callable[[int], None] | None,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float64]]:
    count = len(names)
    finals = np.zeros((games, count), dtype=np.int64)
    shares = np.zeros((games, count))
    seated_names = [f"{name}#{p}" for p, name in enumerate(names)]
    for number in range(games):
        order = [(number + s) % count for s in range(count)]
        position = play_game(
            rules,
            [seated_names[p] for p in order],
            [policies[p] for p in order],
            StreamDice(seed, number),
        )
        winners = position.winners
        for seat, player in enumerate(order):
            if position.is_ranking:
                finals[number, player] = HAND_KINDS.index(_kind(position.players[seat].hand))
            else:
                finals[number, player] = position.totals(seat).total
            if seat in winners:
                shares[number, player] = 1.0 / len(winners)
        if progress is not None and (number + 1) % 256 == 0:
            progress(number + 1)
    if progress is not None:
        progress(games)
    return finals, shares


def _kind(dice: tuple[int, ...]) -> str:
    return HAND_KINDS[hand(dice)[0]] if dice else HAND_KINDS[0]


# -- the native path -------------------------------------------------------------------


def native_levels(rules: Rules, levels: Sequence[str]) -> bool:
    """Whether the native path plays these players under these rules."""
    from thousand.games.poker_dice.native import KINDS  # noqa: PLC0415 (numba)

    return rules.sheet != "ranking" and all(level in KINDS for level in levels)


def shares_of(finals: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """Each player's share of each game's win: the highest total wins, equals share."""
    top = finals == finals.max(axis=1, keepdims=True)
    shares: npt.NDArray[np.float64] = top / top.sum(axis=1, keepdims=True)
    return shares


def _native(
    rules: Rules,
    levels: Sequence[str],
    games: int,
    seed: int,
    strategy: Strategy | None,
    *,
    progress: Callable[[int], None] | None = None,
    traced: bool = False,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Totals of every game (and every box written, when ``traced``) on the native path."""
    from thousand.games.poker_dice import native  # noqa: PLC0415 (numba)

    world = native_world(rules, strategy)
    kinds = np.array([native.KINDS[level] for level in levels], dtype=np.int64)
    n_boxes = world.tables.n_boxes
    totals = np.zeros((games, len(levels)), dtype=np.int64)
    sheets = np.zeros((games if traced else 0, len(levels), n_boxes), dtype=np.int64)
    block = max(1, BLOCK_SEATS // len(levels))
    for start in range(0, games, block):
        end = min(games, start + block)

        def told(share: float, start: int = start, end: int = end) -> None:
            if progress is not None:
                progress(start + int(share * (end - start)))

        native.play_block(
            seed, start, kinds, world.kernel, totals[start:end], sheets[start:end], told
        )
    return totals, sheets


@dataclass(frozen=True)
class NativeWorld:
    """What the kernel reads of a rule set (:func:`.native.play_block`)."""

    tables: Tables
    kernel: tuple[Any, ...]


def native_world(rules: Rules, strategy: Strategy | None) -> NativeWorld:
    """The kernel's inputs for ``rules`` (``strategy``: the optimal player's, if any):
    the solver's tables as its own kernels read them (:meth:`.solver.tables.Tables.kernel`:
    the optimal player runs the solver's turn programme on them), the levels' tables and
    the end-of-game bonuses."""
    from thousand.games.poker_dice import native  # noqa: PLC0415 (numba)
    from thousand.games.poker_dice.odds import (  # noqa: PLC0415
        INDEX,
        KEEP_INDEX,
        MULTISETS,
        ROLLS,
        chase_tables,
        most_of_a_face,
    )
    from thousand.games.poker_dice.scoring import upper_bonus  # noqa: PLC0415
    from thousand.games.poker_dice.solver.tables import build_tables  # noqa: PLC0415

    tables = strategy.tables if strategy is not None else build_tables(rules)
    values = strategy.values if strategy is not None else np.zeros((1, 1))
    n = tables.n_boxes
    keeps = np.zeros((len(ROLLS), native.MAX_KEEPS), dtype=np.int64)
    n_keeps = np.zeros(len(ROLLS), dtype=np.int64)
    for r, numbers in enumerate(KEEP_INDEX):
        keeps[r, : len(numbers)] = numbers
        n_keeps[r] = len(numbers)
    size = np.array([len(dice) for dice in MULTISETS], dtype=np.int64)
    greedy_keep = np.array([INDEX[most_of_a_face(roll)] for roll in ROLLS], dtype=np.int64)
    chase = chase_tables(rules)
    rows = rules.throws - 1 + ((rules.throws - 1) * n if rules.bank_unused_throws else 0)
    best = [chase.best(j) for j in range(max(rows, 1))]
    chase_value = np.stack([values for values, _ in best])
    chase_keep = np.stack([keep for _, keep in best])
    cum, faces, count = native.throw_tables()
    levels = (
        keeps,
        n_keeps,
        size,
        greedy_keep,
        chase_value,
        chase_keep,
        chase.par,
        cum,
        faces,
        count,
    )
    lowest = sum(min(v) for v in tables.values)
    highest = sum(max(v) for v in tables.values)
    bonus = np.array([upper_bonus(rules, s) for s in range(lowest, highest + 1)], dtype=np.int64)
    finish = (bonus, np.int64(lowest), np.int64(rules.unused_throw_bonus), np.int64(n))
    return NativeWorld(tables, (tables.kernel(), levels, values, finish))


# -- tournaments -----------------------------------------------------------------------


def play_tournament(
    rules: Rules,
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    policies: Sequence[Policy] | None = None,
    strategy: Strategy | None = None,
    native: bool | None = None,
    progress: Callable[[int], None] | None = None,
    preparing: Callable[[str], None] | None = None,
) -> Tournament:
    """Play ``games`` games between computer players of ``levels`` (in seat order).

    ``policies`` replace the levels' own bots on the engine path (a custom player);
    ``strategy`` is the optimal player's (found in the cache, or solved, when not given);
    ``native`` forces a path (None: native when it can play them). ``preparing`` hears
    what is being prepared (a solve of the rules, on first use).
    """
    levels = list(levels)
    names = display_names(levels)
    if strategy is None:
        strategy = _strategy(rules, levels, preparing)
    elif strategy.rules != rules:
        raise ValueError("the strategy is of other rules than the tournament")
    expected = [
        strategy.expected_total if strategy is not None and level == "optimal" else None
        for level in levels
    ]
    use_native = policies is None and native_levels(rules, levels)
    if native is not None:
        if native and not use_native:
            raise ValueError("the native path plays sheet games between the known levels")
        use_native = native
    started = time.perf_counter()
    if use_native:
        finals, _ = _native(rules, levels, games, seed, strategy, progress=progress)
        shares = shares_of(finals)
        path = "native"
    else:
        players = list(policies) if policies is not None else _bots(rules, levels, strategy)
        finals, shares = _engine(rules, names, players, games, seed, progress=progress)
        path = "engine"
    seconds = time.perf_counter() - started
    return Tournament(names, levels, rules, games, finals, shares, seconds, path, expected)


def _strategy(
    rules: Rules, levels: Sequence[str], preparing: Callable[[str], None] | None
) -> Strategy | None:
    """The solver's strategy when an optimal player plays a sheet game."""
    if rules.sheet == "ranking" or "optimal" not in levels:
        return None
    from thousand.games.poker_dice.solver import load_or_solve, load_strategy  # noqa: PLC0415

    found = load_strategy(rules)
    if found is not None:
        return found
    if preparing is not None:
        preparing("solving the rules for the optimal player")
    return load_or_solve(rules, preparing)


def _bots(rules: Rules, levels: Sequence[str], strategy: Strategy | None) -> list[Policy]:
    from thousand.games.poker_dice.bots import OptimalBot  # noqa: PLC0415

    bots: list[Policy] = []
    for seat, level in enumerate(levels):
        if level == "optimal" and strategy is not None:
            bots.append(OptimalBot(rules, lambda _rules: strategy))
        else:
            bots.append(make_bot(level, rules, seat))
    return bots
