"""What the value-iteration solver's two bounds cost: the first player's chance moved.

Run on demand (minutes each)::

    .venv/bin/python benchmarks/bench_bounds.py

The shipped solves bound two things (``thousand solve`` states them): scores below −100
count as −100, and under ``barrel850`` entry scores are kept in 100-point steps. Each
line solves a preset with one bound loosened — the floor at −200, or entry scores in
50-point steps — and prints the first player's chance next to the shipped figure.
"""

from __future__ import annotations

import json
import sys
import time

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.solver.sheets import DEFAULT_FLOOR, build_sheets
from thousand.games.dice1000.solver.strategy import solve_falling

CASES = [
    ("ussr", DEFAULT_FLOOR, None),
    ("ussr", 2 * DEFAULT_FLOOR, None),
    ("courtyard", DEFAULT_FLOOR, None),
    ("courtyard", 2 * DEFAULT_FLOOR, None),
    ("barrel850", DEFAULT_FLOOR, 100),
    ("barrel850", DEFAULT_FLOOR, 50),
    ("barrel850", 2 * DEFAULT_FLOOR, 100),
]


def main() -> int:
    for preset, floor, step in CASES:
        game = Game(load_preset(preset))
        sheets = build_sheets(game, floor, step)
        began = time.perf_counter()
        solved = solve_falling(game, sheets=sheets)
        row = {
            "preset": preset,
            "floor": floor,
            "entry_step": step,
            "sheets": sheets.count,
            "first_player_win": solved.info.first_player_win,
            "seconds": round(time.perf_counter() - began, 1),
        }
        print(json.dumps(row), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
