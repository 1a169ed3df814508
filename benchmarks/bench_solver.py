"""Perfect play's speed goals: the solve, one decision, and table-driven simulation.

Run on demand (not part of the test suite, which never times anything)::

    .venv/bin/python benchmarks/bench_solver.py [--rules classic] [--games 1000000] [--json]

Figures:

* ``solve`` — ``thousand solve --force --json`` as a first run pays it (:mod:`first_run`:
  a fresh process, empty numba and strategy caches, so the JIT compilation is paid too);
  its seconds and peak memory are what the command itself reports, and ``wall_seconds``
  is the whole process, start-up and compilation included (goal: ≤ 30 s, ≤ 2 GB).
* ``decision`` — one ``perfect`` decision (:meth:`Strategy.decide`) on positions met in
  real games, and one advisor answer (:meth:`Strategy.action_values`) (goal: ≤ 1 ms).
* ``simulate`` — complete perfect-vs-perfect games per second on the native path, and
  perfect against each table-driven level (goal: ≥ 200,000 games/s).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from first_run import first_run_solve

from thousand.games.dice1000 import Game, GameState, load_rules
from thousand.games.dice1000.bots import make_bot
from thousand.games.dice1000.dice import RandomDice
from thousand.games.dice1000.match import play_fast
from thousand.games.dice1000.solver.fastplay import FastGame
from thousand.games.dice1000.solver.native import strategy_seat
from thousand.games.dice1000.solver.strategy import Strategy, load_or_solve


def bench_solve(rules: str) -> dict[str, Any]:
    """A first-run solve in a clean process: compilation and all."""
    with first_run_solve("--rules", rules) as run:
        return run.figures("first_player_win")


def positions(game: Game, strategy: Strategy, count: int) -> list[GameState]:
    """Decision positions of real perfect-vs-perfect games."""
    found: list[GameState] = []

    def collect(state: GameState) -> Any:
        action = strategy.decide(state)
        if len(state.legal_actions()) > 1:
            found.append(state)
        return action

    seed = 0
    while len(found) < count:
        play_fast(game, ["a", "b"], [collect, collect], RandomDice(seed))
        seed += 1
    return found[:count]


def bench_decision(game: Game, strategy: Strategy) -> dict[str, float]:
    states = positions(game, strategy, 5000)
    start = time.perf_counter()
    for state in states:
        strategy.decide(state)
    decide = (time.perf_counter() - start) / len(states)
    sample = states[:500]
    start = time.perf_counter()
    for state in sample:
        strategy.action_values(state)
    advise = (time.perf_counter() - start) / len(sample)
    return {"decide_microseconds": decide * 1e6, "advise_microseconds": advise * 1e6}


def bench_simulate(game: Game, strategy: Strategy, games: int) -> dict[str, Any]:
    fast = FastGame(game)
    perfect = strategy_seat(fast, strategy)
    fast.play([perfect, perfect], 2048, seed=0)  # compile before timing
    results = fast.play([perfect, perfect], games, seed=1)
    figures: dict[str, Any] = {"perfect_vs_perfect_games_per_second": games / results.seconds}
    for level in ("cautious", "balanced", "bold"):
        seat = make_bot(level).native_seat(fast, 2)  # type: ignore[attr-defined]
        results = fast.play([perfect, seat], games, seed=2)
        figures[f"perfect_vs_{level}_games_per_second"] = games / results.seconds
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="classic", help="preset or rules file")
    parser.add_argument("--games", type=int, default=1_000_000, help="games per simulation")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, Any] = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    figures["solve"] = bench_solve(args.rules)
    game = Game(load_rules(args.rules))
    strategy, _ = load_or_solve(game)
    if not isinstance(strategy, Strategy):
        raise SystemExit(f"{args.rules}: scores can fall; this benchmark is for the exact solver")
    figures["decision"] = bench_decision(game, strategy)
    figures["simulate"] = bench_simulate(game, strategy, args.games)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    solve = figures["solve"]
    print(
        f"solve {args.rules}: {solve['states']:,} states, {solve['seconds']:.1f} s "
        f"({solve['wall_seconds']:.1f} s with start-up and compilation), "
        f"peak {solve['peak_memory_mb']:.0f} MB, first player {solve['first_player_win']:.10f}"
    )
    decision = figures["decision"]
    print(
        f"perfect decision {decision['decide_microseconds']:.2f} µs, "
        f"advice {decision['advise_microseconds']:.0f} µs"
    )
    for name, rate in figures["simulate"].items():
        print(f"{name.removesuffix('_games_per_second').replace('_', ' ')}: {rate:,.0f} games/s")


if __name__ == "__main__":
    main()
