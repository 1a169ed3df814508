"""Card Thousand: random deals per second on the native path, in every preset.

Run on demand (not part of the test suite, which never times anything)::

    PYTHONPATH=src /tmp/venv/bin/python benchmarks/bench_card_random.py [--deals N] [--json]

Each preset deals ``--deals`` deals (default 1,000,000) from one committed seed with the
§5 shuffle (HMAC-SHA256 in the kernel) and plays each out with uniformly random legal
decisions (:mod:`thousand.games.card1000.native`): bidding, the talon, gives or
discards, the contract, every trick with marriages changing trump, and the deal's
points. The deals are spread over the machine's cores (numba ``prange``). Figures:
deals per second (the goal: 100,000 on a 2-core machine), decisions per deal, the share
of each outcome, and the same for the shuffle alone; then the engine path (the checked
``apply``, deal by deal, the choices the native path makes) for a few hundred deals.
The kernels are compiled (or read from numba's cache) before anything is timed.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import numpy as np

from thousand.games.card1000 import native
from thousand.games.card1000.presets import PRESET_NAMES, load_preset
from thousand.games.card1000.state import new_game

SEED = bytes(range(32))


def native_figures(preset: str, deals: int) -> dict[str, Any]:
    rules = load_preset(preset)
    context = native.fresh_context(rules)
    indices = np.arange(deals, dtype=np.int64)
    dealers = indices % rules.players
    native.play_random_deals(rules, SEED, 1, indices[:1000], dealers[:1000], context)
    start = time.perf_counter()
    got = native.play_random_deals(rules, SEED, 1, indices, dealers, context)
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    native.shuffled_orders(SEED, indices)
    shuffle_seconds = time.perf_counter() - start
    counts = np.bincount(got.outcome, minlength=len(native.OUTCOMES))
    return {
        "preset": preset,
        "deals": deals,
        "deals_per_second": round(deals / seconds),
        "shuffles_per_second_one_core": round(deals / shuffle_seconds),
        "decisions_per_deal": round(float(got.decisions.mean()), 1),
        "outcomes": {
            name: round(int(count) / deals, 4)
            for name, count in zip(native.OUTCOMES, counts, strict=True)
        },
    }


def engine_figures(preset: str, deals: int) -> dict[str, Any]:
    rules = load_preset(preset)
    state = new_game(rules)
    start = time.perf_counter()
    for _ in range(deals):
        if state.over:
            state = new_game(rules)
        state, _codes, _counts = native.play_engine_deal(state, SEED, 1)
    seconds = time.perf_counter() - start
    return {"preset": preset, "deals": deals, "deals_per_second": round(deals / seconds, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", nargs="*", default=list(PRESET_NAMES), help="presets")
    parser.add_argument("--deals", type=int, default=1_000_000, help="native deals a preset")
    parser.add_argument("--engine-deals", type=int, default=300, help="engine deals a preset")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures: dict[str, Any] = {"cores": os.cpu_count(), "native": [], "engine": []}
    for preset in args.rules:
        row = native_figures(preset, args.deals)
        figures["native"].append(row)
        if not args.json:
            print(
                f"{preset:13} native: {row['deals_per_second']:>9,} deals/s  "
                f"({row['decisions_per_deal']} decisions a deal; shuffle alone "
                f"{row['shuffles_per_second_one_core']:,}/s on one core)  {row['outcomes']}"
            )
    for preset in args.rules:
        row = engine_figures(preset, args.engine_deals)
        figures["engine"].append(row)
        if not args.json:
            print(f"{preset:13} engine: {row['deals_per_second']:>9,} deals/s")
    if args.json:
        print(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
