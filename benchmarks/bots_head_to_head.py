"""Head-to-head win rates of the computer player levels, with 95% confidence intervals.

Every pair of levels plays ``--games`` two-player games under one rule set; who moves
first alternates from game to game, and game ``i`` of every pair uses the same dice
seed, so the pairs are measured on equal luck. Games run in worker processes.

    .venv/bin/python benchmarks/bots_head_to_head.py --rules classic --games 3000

Dice 1000 is mostly luck: a whole game is some 30 turns each, most throws are forced
(entry, barrels, hot dice), so skill moves the win rate by a few points at most and
thousands of games are needed to see it.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from thousand.games.dice1000 import THROW, Game, RandomDice, load_rules
from thousand.games.dice1000.bots import BOT_LEVELS, make_bot
from thousand.games.dice1000.match import Policy
from thousand.games.dice1000.state import new_state

DEFAULT_LEVELS = ("cautious", "balanced", "bold")
MAX_TURNS = 100_000
"""A game that has not ended after this many turns is left unfinished (penalties can, under
some house rules, outrun progress)."""


@dataclass(frozen=True, slots=True)
class Batch:
    """Games ``start .. stop`` of one pairing (``first`` is counted as the winner side)."""

    rules: str
    first: str
    second: str
    start: int
    stop: int
    seed: int


@dataclass(frozen=True, slots=True)
class Tally:
    games: int
    first_wins: int
    opener_wins: int
    unfinished: int
    turns: int
    style: dict[str, tuple[int, int, int]]
    """Per level: turns played, busts, points recorded (how it plays, not only how well)."""


def play_batch(batch: Batch) -> Tally:
    """Play a batch in this process; the level named ``first`` sits first in even games."""
    game = Game(load_rules(batch.rules))
    wins = opener = unfinished = turns = 0
    style = {batch.first: [0, 0, 0], batch.second: [0, 0, 0]}
    for number in range(batch.start, batch.stop):
        levels = [batch.first, batch.second]
        if number % 2:
            levels.reverse()
        policies: list[Policy] = [make_bot(level, number) for level in levels]
        throw = RandomDice(batch.seed * 1_000_003 + number).throw
        state = new_state(game, ["P1", "P2"])
        played = 0
        while not state.is_over and played < MAX_TURNS:
            action = policies[state.current](state)
            if action is THROW:
                state, end = state.advance_throw(throw(state.dice_left))
            else:
                state, end = state.advance(action)
            if end is not None:
                played += 1
                counts = style[levels[end.player]]
                counts[0] += 1
                counts[1] += end.outcome == "bust"
                counts[2] += end.points if end.outcome in ("stop", "win") else 0
        turns += played
        if state.winner is None:
            unfinished += 1
            continue
        opener += state.winner == 0
        wins += levels[state.winner] == batch.first
    return Tally(
        batch.stop - batch.start,
        wins,
        opener,
        unfinished,
        turns,
        {level: (c[0], c[1], c[2]) for level, c in style.items()},
    )


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (sound near 0 and 1)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def head_to_head(
    rules: str, levels: Sequence[str], games: int, *, seed: int, jobs: int, chunk: int = 50
) -> list[tuple[str, str, Tally, float]]:
    """Every pair of ``levels``: (first, second, tally, seconds)."""
    results = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for first, second in itertools.combinations(levels, 2):
            began = time.perf_counter()
            batches = [
                Batch(rules, first, second, start, min(start + chunk, games), seed)
                for start in range(0, games, chunk)
            ]
            tallies = list(pool.map(play_batch, batches))
            style = {
                level: (
                    sum(t.style[level][0] for t in tallies),
                    sum(t.style[level][1] for t in tallies),
                    sum(t.style[level][2] for t in tallies),
                )
                for level in (first, second)
            }
            total = Tally(
                sum(t.games for t in tallies),
                sum(t.first_wins for t in tallies),
                sum(t.opener_wins for t in tallies),
                sum(t.unfinished for t in tallies),
                sum(t.turns for t in tallies),
                style,
            )
            results.append((first, second, total, time.perf_counter() - began))
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", help="preset or rules file")
    parser.add_argument("--games", type=int, default=1000, help="games per pair")
    parser.add_argument("--levels", default=",".join(DEFAULT_LEVELS), help="levels to pair")
    parser.add_argument("--seed", type=int, default=0, help="seed of the dice")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",")]
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if unknown or len(levels) < 2:
        parser.error(f"need two or more of {', '.join(BOT_LEVELS)}; got {args.levels}")
    print(f"{args.games} games per pair under {args.rules}, first player alternating")
    print(
        f"{'pair':<22} {'wins of the first':>18} {'95% CI':>17} {'opener':>7} "
        f"{'turns':>6} {'time':>6}"
    )
    styles: dict[str, list[int]] = {level: [0, 0, 0] for level in levels}
    for first, second, tally, seconds in head_to_head(
        args.rules, levels, args.games, seed=args.seed, jobs=args.jobs
    ):
        for level, counts in tally.style.items():
            styles[level] = [a + b for a, b in zip(styles[level], counts, strict=True)]
        decided = tally.games - tally.unfinished
        low, high = wilson(tally.first_wins, decided)
        rate = tally.first_wins / decided if decided else 0.0
        opener = tally.opener_wins / decided if decided else 0.0
        print(
            f"{first + ' vs ' + second:<22} {rate:>17.1%} {low:>8.1%}–{high:<7.1%} "
            f"{opener:>7.1%} {tally.turns / tally.games:>6.1f} {seconds:>5.0f}s"
            + (f"  ({tally.unfinished} unfinished)" if tally.unfinished else "")
        )
    print("how they play, over all their games:")
    for level, (played, busts, points) in styles.items():
        recorded = played - busts
        print(
            f"  {level:<10} busts {busts / played:.1%} of turns, "
            f"{points / recorded if recorded else 0:.1f} points per recorded turn"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
