"""Card Thousand: the open-card solver on full eight-trick positions.

Run on demand (not part of the test suite, which never times anything)::

    PYTHONPATH=src /tmp/venv/bin/python benchmarks/bench_card_opencards.py [--deals N] [--json]

Each deal is dealt by the §5 shuffle from one seed and brought through the engine to
its first lead: everyone passes (the first hand declares at 100), the declarer gives
two random cards and keeps the bid; then every hand holds 8 cards and the declarer
leads (no marriage on this first lead, classic rules). Figures: the time of
:func:`~thousand.games.card1000.opencards.solve` (the exact value) per position —
mean, median, 90th percentile, maximum — and of
:func:`~thousand.games.card1000.opencards.play_values` (every first lead valued, what
the advisor and the expert need). The goal of issue 27: at most 2 ms on average for
the value. The kernel is compiled (or read from numba's cache) before timing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from thousand.games.card1000 import opencards
from thousand.games.card1000.actions import Contract, Dark, Give, Pass
from thousand.games.card1000.engine import apply
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.presets import load_preset
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import State, new_game

SEED = bytes(range(32))


def first_leads(preset: str, deals: int) -> list[State]:
    """``deals`` states at their first lead (see the module doc)."""
    rules = load_preset(preset)
    rng = random.Random(27)
    states = []
    for index in range(deals):
        dealer = index % rules.players
        state = apply(new_game(rules), seeded_deal(SEED, index, rules, dealer))
        deal = state.deal
        while deal is not None and deal.phase != "play":
            actions = legal_actions(state)
            choices = [a for a in actions if isinstance(a, Dark | Pass | Give | Contract)]
            dark = [a for a in choices if isinstance(a, Dark) and not a.dark]
            state = apply(state, dark[0] if dark else rng.choice(choices))
            deal = state.deal
        states.append(state)
    return states


def _times(function: Any, states: list[State]) -> list[float]:
    got = []
    for state in states:
        start = time.perf_counter()
        function(state)
        got.append((time.perf_counter() - start) * 1000)
    return got


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "mean_ms": round(statistics.fmean(times), 3),
        "median_ms": round(statistics.median(times), 3),
        "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max_ms": round(ordered[-1], 3),
    }


def figures(preset: str, deals: int) -> dict[str, Any]:
    states = first_leads(preset, deals)
    opencards.solve_state(states[0])
    opencards.state_values(states[0])
    values = [opencards.solve_state(state) for state in states]
    return {
        "preset": preset,
        "deals": deals,
        "mean_value": round(statistics.fmean(values), 1),
        "solve": _summary(_times(opencards.solve_state, states)),
        "every_lead": _summary(_times(opencards.state_values, states)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    got = figures(args.preset, args.deals)
    if args.json:
        print(json.dumps(got, indent=2))
        return
    print(f"{got['preset']}: {got['deals']} full eight-trick positions at the first lead")
    print(f"  declarer's value from the first lead, mean {got['mean_value']} points")
    for name, label in (("solve", "exact value"), ("every_lead", "value of every lead")):
        row = got[name]
        print(
            f"  {label:20} mean {row['mean_ms']:7.3f} ms  median {row['median_ms']:7.3f} ms"
            f"  p90 {row['p90_ms']:7.3f} ms  max {row['max_ms']:7.3f} ms"
        )


if __name__ == "__main__":
    main()
