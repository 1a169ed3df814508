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
the advisor and the expert need), in wall-clock and in the calling thread's CPU time
(on a machine shared with other work the CPU time is the fairer figure), each
position's least time over ``--repeat`` runs. The script takes the solver from the
path, so one copy can time two trees (``PYTHONPATH=old/src`` and ``new/src``) in turn.
The goal of issue 27: at most 2 ms on average for the value. The kernel is compiled
(or read from numba's cache) before timing.
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


def _times(function: Any, states: list[State]) -> tuple[list[float], list[float]]:
    """Each state's wall-clock time and CPU time of this thread (ms): on a shared
    machine the CPU time says more (the solver runs in the calling thread)."""
    wall = []
    cpu = []
    for state in states:
        start = time.perf_counter()
        used = time.thread_time()
        function(state)
        cpu.append((time.thread_time() - used) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    return wall, cpu


def _spread(prefix: str, times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        f"{prefix}mean_ms": round(statistics.fmean(times), 3),
        f"{prefix}median_ms": round(statistics.median(times), 3),
        f"{prefix}p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        f"{prefix}max_ms": round(ordered[-1], 3),
    }


def _best_of(repeat: int, function: Any, states: list[State]) -> dict[str, float]:
    """Each position's least time over ``repeat`` runs (the others met more of the
    machine's other work), wall-clock and CPU, each summed up on its own."""
    runs = [_times(function, states) for _ in range(repeat)]
    wall = [min(run[0][k] for run in runs) for k in range(len(states))]
    cpu = [min(run[1][k] for run in runs) for k in range(len(states))]
    return _spread("", wall) | _spread("cpu_", cpu)


def figures(preset: str, deals: int, repeat: int) -> dict[str, Any]:
    states = first_leads(preset, deals)
    opencards.solve_state(states[0])
    opencards.state_values(states[0])
    values = [opencards.solve_state(state) for state in states]
    return {
        "preset": preset,
        "deals": deals,
        "repeat": repeat,
        "mean_value": round(statistics.fmean(values), 1),
        "solve": _best_of(repeat, opencards.solve_state, states),
        "every_lead": _best_of(repeat, opencards.state_values, states),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    got = figures(args.preset, args.deals, args.repeat)
    if args.json:
        print(json.dumps(got, indent=2))
        return
    print(
        f"{got['preset']}: {got['deals']} full eight-trick positions at the first lead"
        f" (best of {got['repeat']} runs)"
    )
    print(f"  declarer's value from the first lead, mean {got['mean_value']} points")
    for name, label in (("solve", "exact value"), ("every_lead", "value of every lead")):
        row = got[name]
        for clock, prefix in (("wall", ""), ("CPU", "cpu_")):
            print(
                f"  {label:20} {clock:4}  mean {row[prefix + 'mean_ms']:7.3f} ms"
                f"  median {row[prefix + 'median_ms']:7.3f} ms"
                f"  p90 {row[prefix + 'p90_ms']:7.3f} ms  max {row[prefix + 'max_ms']:7.3f} ms"
            )


if __name__ == "__main__":
    main()
