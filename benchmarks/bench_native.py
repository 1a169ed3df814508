"""The native simulator: games per second at 2, 3 and 4 players, and perfect against the levels.

Run on demand::

    .venv/bin/python benchmarks/bench_native.py [--games 200000] [--strength 100000]

Figures, all on the native path (the engine's game throw for throw, tested in
``tests/games/dice1000/test_native_tables.py``):

* **speed**: games per second of tables of two, three and four players under each
  preset — ``perfect`` with levels, and levels alone — after a warm-up run (numba
  compiles once per process, the level tables are read from the cache);
* **strength** (``--strength N``): under each preset, ``perfect`` against each level in
  two-player games, who moves first alternating: ``perfect``'s win rate with its 95%
  Wilson interval.

Tables of three ``perfect`` players under the classic rules are in ``bench_three.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

import numpy as np

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.bots import make_bot
from thousand.games.dice1000.presets import PRESET_NAMES
from thousand.games.dice1000.simulation import wilson
from thousand.games.dice1000.solver.fastplay import FastGame, NativeSeat

TABLES = {
    2: ["perfect,balanced", "balanced,bold"],
    3: ["perfect,balanced,bold", "balanced,bold,cautious"],
    4: ["perfect,balanced,bold,cautious", "balanced,bold,cautious,balanced"],
}
LEVELS = ("cautious", "balanced", "bold")


def seats_of(fast: FastGame, names: list[str]) -> list[NativeSeat]:
    return [make_bot(name, 0).native_seat(fast, len(names)) for name in names]  # type: ignore[attr-defined]


def speed(fast: FastGame, names: list[str], games: int) -> dict[str, Any]:
    seats = seats_of(fast, names)
    fast.play(seats, 8192, seed=0)  # warm-up: compile, page the tables in
    results = fast.play(seats, games, seed=1)
    return {
        "players": names,
        "games_per_second": round(games / results.seconds),
        "turns_per_game": float(results.turns.mean()),
        "unfinished": int(np.sum(results.winners < 0)),
    }


def strength(fast: FastGame, level: str, games: int) -> dict[str, Any]:
    seats = seats_of(fast, ["perfect", level])
    results = fast.play(seats, games, seed=7)
    rate, low, high = wilson(int(np.sum(results.winners == 0)), games)
    return {"perfect_wins": rate, "ci95": [low, high], "beats": low > 0.5}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--strength", type=int, default=0, metavar="N")
    parser.add_argument("--presets", default=",".join(PRESET_NAMES))
    args = parser.parse_args()
    report: dict[str, Any] = {}
    for preset in args.presets.split(","):
        fast = FastGame(Game(load_preset(preset)))
        started = time.perf_counter()
        seats_of(fast, ["perfect", *LEVELS])  # tables made (or read from the cache) first
        entry: dict[str, Any] = {"tables_seconds": round(time.perf_counter() - started, 1)}
        for count, tables in TABLES.items():
            entry[f"{count}_players"] = [speed(fast, t.split(","), args.games) for t in tables]
        if args.strength:
            entry["perfect_vs"] = {level: strength(fast, level, args.strength) for level in LEVELS}
        report[preset] = entry
        print(json.dumps({preset: entry}, indent=1), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
