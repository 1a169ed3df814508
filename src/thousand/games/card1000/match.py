"""Duplicate-deal matches between computer levels: the cards' luck cancels.

In a plain match a level that is dealt better cards wins more, and thousands of deals
are needed before skill shows through that noise. In a duplicate match every deal is
played once for each rotation of the seats over the same cards (bridge's duplicate):
each level sits in every seat of every deal, so each level gets each hand once and what
is left of the difference is the play. The deals' cards come from seeds
(:func:`.shuffle.seeded_deal`) and every rng a level receives from the match seed, so a
match is a pure function of its arguments.

* :func:`deal_match` plays single deals from the start of a game (every total 0): the
  mean points per deal of each level, with a 95% interval over the deals (the
  rotations of one deal are one observation: they share its cards);
* :func:`game_match` plays whole games, each game's deals duplicated the same way: the
  win rate in whole games and the mean points per deal in real game conditions (the
  barrel, bolts, the dump truck).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from random import Random
from typing import TypeVar

from thousand.core.stats import mean_interval
from thousand.games.card1000.bots import level_policy
from thousand.games.card1000.config import Rules
from thousand.games.card1000.engine import advance
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import State, new_game
from thousand.games.card1000.views import view

MAX_DEALS = 400
"""A game still undecided after this many deals is stopped (no winner counted)."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its 95% interval (normal approximation over independent samples)."""

    mean: float
    low: float
    high: float
    samples: int

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of ``values`` with its normal 95% interval (:func:`~thousand.core.
        stats.mean_interval`; a single value is its own interval)."""
        count = len(values)
        if count == 0:
            return cls(0.0, 0.0, 0.0, 0)
        if count == 1:
            return cls(values[0], values[0], values[0], 1)
        mean, low, high = mean_interval(sum(values), sum(v * v for v in values), count)
        return cls(mean, low, high, count)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """What a match found: per level the mean points per deal (and the win rate, for
    whole games), and each pair's difference of points per deal."""

    levels: tuple[str, ...]
    """The distinct levels, in the order first seated."""
    units: int
    """Deals (:func:`deal_match`) or games (:func:`game_match`) before the rotations."""
    rotations: int
    points: dict[str, Estimate]
    differences: dict[tuple[str, str], Estimate]
    wins: dict[str, Estimate]
    """Whole games only: each level's win rate per seat it held (empty for deals)."""


def rotations(levels: Sequence[str]) -> list[tuple[str, ...]]:
    """Each rotation of the seats: seat ``s`` of rotation ``r`` gets ``levels[(s + r) %
    n]``, so every level sits in every seat once."""
    count = len(levels)
    return [tuple(levels[(seat + turn) % count] for seat in range(count)) for turn in range(count)]


def deal_key(seed: int, unit: int) -> bytes:
    """The cards' seed of deal (or game) ``unit`` of the match with ``seed``."""
    return hashlib.sha256(f"card1000-duplicate:{seed}:{unit}".encode()).digest()


def _rng(seed: int, unit: int, turn: int) -> Random:
    digest = hashlib.sha256(f"card1000-levels:{seed}:{unit}:{turn}".encode()).digest()
    return Random(int.from_bytes(digest[:8], "big"))


def _step(state: State, seating: Sequence[str], key: bytes, rng: Random) -> State:
    """One action: the next cards at a chance node, else the seat to move's level."""
    if state.chance:
        return advance(state, seeded_deal(key, state.dealt_count, state.rules, state.dealer))
    assert state.to_move is not None
    seat = state.to_move[0]
    legal = legal_actions(state)
    action = level_policy(seating[seat])(view(state, seat), state.rules, legal, rng)
    if action not in legal:
        raise AssertionError(f"level {seating[seat]!r} chose an illegal {action!r}")
    return advance(state, action)


def play_deal(rules: Rules, seating: Sequence[str], key: bytes, rng: Random) -> tuple[int, ...]:
    """Each seat's change in one deal from a new game (redeals dealt again from the
    same seed until a deal is scored)."""
    state = new_game(rules)
    while not state.over and not any(each.outcome != "redeal" for each in state.history):
        state = _step(state, seating, key, rng)
    return tuple(sum(summary.changes[seat] for summary in state.history) for seat in rules.seats)


def play_game(
    rules: Rules, seating: Sequence[str], key: bytes, rng: Random, max_deals: int = MAX_DEALS
) -> tuple[tuple[int, ...], int, int | None]:
    """A whole game: each seat's summed changes, the deals scored, and the winner."""
    state = new_game(rules)
    while not state.over and len(state.history) < max_deals:
        state = _step(state, seating, key, rng)
    scored = [summary for summary in state.history if summary.outcome != "redeal"]
    sums = tuple(sum(summary.changes[seat] for summary in scored) for seat in rules.seats)
    return sums, len(scored), state.winner


def _distinct(levels: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(levels))


def _per_level(
    levels: Sequence[str], samples: list[dict[str, float]]
) -> tuple[dict[str, Estimate], dict[tuple[str, str], Estimate]]:
    names = _distinct(levels)
    points = {name: Estimate.of([sample[name] for sample in samples]) for name in names}
    differences = {
        (one, other): Estimate.of([sample[one] - sample[other] for sample in samples])
        for place, one in enumerate(names)
        for other in names[place + 1 :]
    }
    return points, differences


def _deal_samples(
    rules: Rules, levels: Sequence[str], seed: int, units: range
) -> list[dict[str, float]]:
    """Each deal of ``units``: every level's mean change over the deal's rotations."""
    seatings = rotations(levels)
    samples: list[dict[str, float]] = []
    for unit in units:
        key = deal_key(seed, unit)
        sums = dict.fromkeys(levels, 0.0)
        counts = dict.fromkeys(levels, 0)
        for turn, seating in enumerate(seatings):
            changes = play_deal(rules, seating, key, _rng(seed, unit, turn))
            for seat, level in enumerate(seating):
                sums[level] += changes[seat]
                counts[level] += 1
        samples.append({level: sums[level] / counts[level] for level in sums})
    return samples


GameSample = tuple[dict[str, float], dict[str, float]]
"""One duplicated game: each level's points per deal and its wins per seat held."""


def _game_samples(
    rules: Rules, levels: Sequence[str], seed: int, units: range, max_deals: int
) -> list[GameSample]:
    """Each game of ``units`` played once per rotation."""
    seatings = rotations(levels)
    samples: list[GameSample] = []
    for unit in units:
        key = deal_key(seed, unit)
        sums = dict.fromkeys(levels, 0.0)
        dealt = dict.fromkeys(levels, 0)
        wins = dict.fromkeys(levels, 0.0)
        held = dict.fromkeys(levels, 0)
        for turn, seating in enumerate(seatings):
            totals, scored, winner = play_game(
                rules, seating, key, _rng(seed, unit, turn), max_deals
            )
            for seat, level in enumerate(seating):
                sums[level] += totals[seat]
                dealt[level] += scored
                held[level] += 1
                wins[level] += 1.0 if winner == seat else 0.0
        samples.append(
            (
                {level: sums[level] / max(dealt[level], 1) for level in sums},
                {level: wins[level] / held[level] for level in wins},
            )
        )
    return samples


Sample = TypeVar("Sample")


def _gather(
    work: Callable[[range], list[Sample]],
    units: int,
    jobs: int,
    progress: Callable[[int], None] | None,
) -> list[Sample]:
    """``work`` over ``range(units)``, in ``jobs`` processes when more than one: chunks
    of units go to a process pool and come back in order. Every unit is a pure function
    of the match seed and its number, so the result does not depend on ``jobs``."""
    size = max(1, min(25, units // max(jobs * 4, 1)))
    chunks = [range(first, min(first + size, units)) for first in range(0, units, size)]
    results: list[Sample] = []
    if jobs <= 1:
        for chunk in chunks:
            results += work(chunk)
            if progress is not None:
                progress(len(results))
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for done in pool.map(work, chunks):
            results += done
            if progress is not None:
                progress(len(results))
    return results


def deal_match(
    rules: Rules,
    levels: Sequence[str],
    deals: int,
    seed: int,
    progress: Callable[[int], None] | None = None,
    *,
    jobs: int = 1,
) -> MatchResult:
    """``deals`` duplicate deals between ``levels`` (one per seat; a level may sit more
    than once), each played once per rotation; ``jobs`` processes share the deals."""
    _check(rules, levels)
    work = partial(_deal_samples, rules, tuple(levels), seed)
    samples = _gather(work, deals, jobs, progress)
    points, differences = _per_level(levels, samples)
    return MatchResult(_distinct(levels), deals, len(levels), points, differences, {})


def game_match(
    rules: Rules,
    levels: Sequence[str],
    games: int,
    seed: int,
    *,
    max_deals: int = MAX_DEALS,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> MatchResult:
    """``games`` duplicate whole games: points per deal and win rates per seat held."""
    _check(rules, levels)
    work = partial(_game_samples, rules, tuple(levels), seed, max_deals=max_deals)
    both = _gather(work, games, jobs, progress)
    points, differences = _per_level(levels, [sample for sample, _ in both])
    rates = {name: Estimate.of([wins[name] for _, wins in both]) for name in _distinct(levels)}
    return MatchResult(_distinct(levels), games, len(levels), points, differences, rates)


def _check(rules: Rules, levels: Sequence[str]) -> None:
    if len(levels) != rules.players:
        raise ValueError(f"{len(levels)} levels for a game of {rules.players} players")
    for level in levels:
        level_policy(level)
