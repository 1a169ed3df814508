"""The poker dice solver's goals: every sheet preset solved from scratch, and its advice.

Run on demand (not part of the test suite, which never times anything)::

    .venv/bin/python benchmarks/bench_poker_solver.py [--rules yahtzee ...] [--json]

Figures, per preset (default: every preset with a sheet):

* ``thousand solve --game poker_dice --force --json`` as a first run pays it
  (:mod:`first_run`: a fresh process, empty numba and strategy caches): the seconds,
  peak memory, expected total and positions the command reports, and ``wall_seconds``,
  the whole process, start-up and compilation included (goal: ≤ 60 s and ≤ 2 GB a preset
  on two cores), and ``cpu_seconds``, the processor time it took on all cores (what a
  machine busy with other work cannot inflate);
* ``advice_microseconds`` — one :meth:`Strategy.turn_values` (every keep and box of a
  throw), averaged over the first throws of the empty sheet (goal: ≤ 1 ms).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from first_run import first_run_solve

from thousand.games.poker_dice.odds import ROLLS
from thousand.games.poker_dice.presets import PRESET_NAMES, load_rules
from thousand.games.poker_dice.solver import Strategy, cache_path

SHEET_PRESETS = tuple(name for name in PRESET_NAMES if name != "ranking")


def bench_solve(rules: str) -> dict[str, Any]:
    """A first-run solve in a clean process: compilation and all."""
    with first_run_solve("--game", "poker_dice", "--rules", rules) as run:
        solved = load_rules(rules)
        strategy = Strategy.load(solved, cache_path(solved, run.strategies))
        if strategy is None:
            raise SystemExit(f"{rules}: the solve left no strategy in its cache")
        advice = bench_advice(strategy)
    return {
        **run.figures("expected_total"),
        "cpu_seconds": run.cpu_seconds,
        "advice_microseconds": advice,
    }


def bench_advice(strategy: Strategy) -> float:
    """Microseconds of one in-turn answer (every action of a first throw)."""
    strategy.turn_values({}, ROLLS[0], 1)  # compile before timing
    start = time.perf_counter()
    for roll in ROLLS:
        strategy.turn_values({}, roll, 1)
    return (time.perf_counter() - start) / len(ROLLS) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rules", nargs="*", default=list(SHEET_PRESETS), help="presets or rules files"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    for rules in args.rules:
        figures[rules] = bench_solve(rules)
        if not args.json:
            found = figures[rules]
            print(
                f"{rules}: expected total {found['expected_total']:.6f}, "
                f"{found['states']:,} positions, {found['seconds']:.1f} s "
                f"({found['wall_seconds']:.1f} s with start-up and compilation, "
                f"{found['cpu_seconds']:.1f} s of processor time), "
                f"peak {found['peak_memory_mb']:.0f} MB; advice "
                f"{found['advice_microseconds']:.0f} µs",
                flush=True,
            )
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
