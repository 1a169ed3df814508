"""Poker dice tournaments: games per second, and a million games of the optimal player.

Run on demand (not part of the test suite, which never times anything)::

    .venv/bin/python benchmarks/bench_poker_sim.py [--rules yahtzee ...] [--games N] [--json]

Figures, per sheet preset (default: russian, russian_banked, yahtzee):

* ``solitaire`` — ``--games`` (default 1,000,000) games of ``optimal`` alone on the
  native path: games per second, the mean total with its 95% interval, and the solver's
  expected total, which the interval must contain (the exit status is 1 if it does not);
* ``duel`` — ``optimal`` against ``chaser`` and ``greedy`` (a tenth of the games): games
  per second, win rates and mean totals;
* ``engine`` — the same three players through the engine, game by game (a few hundred
  games): the speed of the path every other player takes.

And for the ranking game, its engine path (``optimal`` against ``greedy``). The strategies
are found in the cache (solved on first use); the kernels are compiled (or read from
numba's cache) before anything is timed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from thousand.games.poker_dice.presets import load_rules
from thousand.games.poker_dice.simulation import Tournament, play_tournament
from thousand.games.poker_dice.solver import load_or_solve

SHEET_PRESETS = ("russian", "russian_banked", "yahtzee")
LEVELS = ["optimal", "chaser", "greedy"]


def summary(result: Tournament) -> dict[str, Any]:
    data: dict[str, Any] = {
        "games": result.games,
        "path": result.path,
        "seconds": result.seconds,
        "games_per_second": result.games_per_second,
        "win_rates": {name: result.win_rate(i)[0] for i, name in enumerate(result.players)},
    }
    if not result.ranking:
        data["mean_totals"] = {
            name: result.mean_total(i)[0] for i, name in enumerate(result.players)
        }
    return data


def bench_preset(name: str, games: int) -> dict[str, Any]:
    rules = load_rules(name)
    strategy = load_or_solve(rules)
    play_tournament(rules, LEVELS, 64, 0, strategy=strategy)  # compile before timing
    solo = play_tournament(rules, ["optimal"], games, 1, strategy=strategy)
    mean, low, high = solo.mean_total(0)
    duel = play_tournament(rules, LEVELS, max(games // 10, 1), 2, strategy=strategy)
    engine = play_tournament(rules, LEVELS, 300, 3, strategy=strategy, native=False)
    return {
        "solitaire": {
            **summary(solo),
            "mean_total": mean,
            "mean_total_ci95": [low, high],
            "expected_total": strategy.expected_total,
            "contains_expected": low <= strategy.expected_total <= high,
        },
        "duel": summary(duel),
        "engine": summary(engine),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=list(SHEET_PRESETS), help="sheet presets")
    parser.add_argument("--games", type=int, default=1_000_000, help="solitaire games a preset")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    failed = False
    for name in args.rules:
        found = bench_preset(name, args.games)
        figures[name] = found
        solo = found["solitaire"]
        failed |= not solo["contains_expected"]
        if not args.json:
            low, high = solo["mean_total_ci95"]
            duel, engine = found["duel"], found["engine"]
            print(
                f"{name}: {solo['games']:,} solitaire games of optimal at "
                f"{solo['games_per_second']:,.0f} games/s ({solo['seconds']:.1f} s): mean total "
                f"{solo['mean_total']:.4f} (95% CI {low:.4f}–{high:.4f}), the solver "
                f"{solo['expected_total']:.4f} — "
                + ("inside" if solo["contains_expected"] else "OUTSIDE"),
                flush=True,
            )
            print(
                f"  optimal, chaser, greedy: {duel['games_per_second']:,.0f} games/s native, "
                f"{engine['games_per_second']:,.0f} games/s through the engine; win rates "
                + ", ".join(f"{rate:.1%}" for rate in duel["win_rates"].values())
                + "; mean totals "
                + ", ".join(f"{mean:.1f}" for mean in duel["mean_totals"].values()),
                flush=True,
            )
    ranking = play_tournament(load_rules("ranking"), ["optimal", "greedy"], 2000, 4)
    figures["ranking"] = summary(ranking)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"ranking: optimal against greedy {ranking.win_rate(0)[0]:.1%}, "
            f"{ranking.games_per_second:,.0f} games/s through the engine"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
