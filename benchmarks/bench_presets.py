"""Perfect play under every preset: fresh solves, the shipped tables, three players.

Run on demand (not part of the test suite, which never times anything)::

    .venv/bin/python benchmarks/bench_presets.py [PRESET ...] [--three] [--json]

For each preset, ``thousand solve --force --json`` runs in a fresh process with empty
numba and strategy caches (compilation paid as on a first run). The figures: the solve's
seconds, the whole process's wall time, the peak memory, the first player's chance
against the value before the fast solver (issue 12), and the largest difference between
the fresh table and the one shipped with the package. ``--three`` adds the exact
three-player solve of the classic rules (``thousand solve --players 3``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.presets import PRESET_NAMES
from thousand.games.dice1000.solver.shipped import shipped_file
from thousand.games.dice1000.solver.strategy import FallingStrategy, Strategy

BEFORE = {"ussr": 0.5102342937, "barrel850": 0.5097154395, "courtyard": 0.5080046725}
"""The first player's chance as the slow solver gave it (issue 12)."""


def fresh_solve(preset: str, players: int = 2) -> dict[str, Any]:
    """A first-run solve in a clean process; the fresh table compared with the shipped."""
    with tempfile.TemporaryDirectory() as folder:
        cache = Path(folder) / "strategies"
        env = {**os.environ, "NUMBA_CACHE_DIR": str(Path(folder) / "numba")}
        env["THOUSAND_CACHE_DIR"] = str(cache)
        command = [sys.executable, "-m", "thousand", "solve", "--rules", preset, "--force"]
        command += ["--players", str(players), "--json"]
        start = time.perf_counter()
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
        wall = time.perf_counter() - start
        report: dict[str, Any] = json.loads(done.stdout)
        figures = {
            "preset": preset,
            "players": players,
            "first_player_win": report["first_player_win"],
            "seconds": round(report["seconds"], 1),
            "wall_seconds": round(wall, 1),
            "peak_memory_mb": round(report["peak_memory_mb"]),
        }
        if players == 3:
            figures["chances"] = report["chances"]
            figures["approximations"] = report["approximations"]
            return figures
        if preset in BEFORE:
            figures["before"] = BEFORE[preset]
            figures["difference"] = report["first_player_win"] - BEFORE[preset]
        game = Game(load_preset(preset))
        kind = FallingStrategy if preset in BEFORE else Strategy
        fresh = kind.load(game, Path(report["cache_file"]))
        shipped = kind.load(game, shipped_file(preset))
        assert fresh is not None and shipped is not None
        figures["shipped_max_difference"] = float(np.abs(fresh.win - shipped.win).max())
        return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=list(PRESET_NAMES))
    parser.add_argument("--three", action="store_true", help="also the three-player solve")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [fresh_solve(name) for name in args.presets]
    if args.three:
        rows.append(fresh_solve("classic", players=3))
    for row in rows:
        print(json.dumps(row) if args.json else ", ".join(f"{k}: {v}" for k, v in row.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
