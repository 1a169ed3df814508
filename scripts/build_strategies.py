"""Solve the four presets afresh and write the strategies shipped with the package.

Run after a change to the solver or to a preset (and bump ``SOLVER_VERSION`` if the
solver's numbers change)::

    .venv/bin/python scripts/build_strategies.py [PRESET ...]

Each preset is solved in this process from nothing (no cache is read or written) and
written to ``src/thousand/games/dice1000/solver/shipped/PRESET.npz.xz``; a line per
preset gives the first player's chance, the time, the peak memory and the file's size.
A falling preset's table is shipped in float32, so the script also reports the largest
change that rounding makes to any chance.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

import numpy as np

from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import PRESET_NAMES, load_preset
from thousand.games.dice1000.solver.shipped import shipped_file
from thousand.games.dice1000.solver.strategy import FallingStrategy, ship, solve_any


def progress(name: str) -> Callable[[str], None]:
    """The solver's progress lines on standard error, each with its preset."""

    def say(line: str) -> None:
        print(f"{name}: {line}", file=sys.stderr, flush=True)

    return say


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", choices=[[], *PRESET_NAMES], default=[])
    names = parser.parse_args().presets or list(PRESET_NAMES)
    for name in names:
        game = Game(load_preset(name))
        began = time.perf_counter()
        strategy = solve_any(game, progress(name))
        seconds = time.perf_counter() - began
        path = shipped_file(name)
        ship(strategy, path)
        loaded = type(strategy).load(game, path)
        assert loaded is not None, "the shipped file is not read back"
        rounding = float(np.abs(loaded.win - strategy.win).max())
        kind = "float32" if isinstance(strategy, FallingStrategy) else "exact"
        print(
            f"{name}: first player {strategy.info.first_player_win:.10f}, {seconds:.1f} s, "
            f"peak {strategy.info.peak_memory_mb:.0f} MB, {path.stat().st_size / 1e6:.2f} MB "
            f"({kind}, largest rounding {rounding:.1e})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
