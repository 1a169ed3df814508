"""Card Thousand: how long the ``expert`` takes to decide, by kind of decision (issue 27).

Run on demand (not part of the test suite, which never times anything)::

    PYTHONPATH=src /tmp/venv/bin/python benchmarks/bench_card_expert.py [--deals N] \
        [--preset classic] [--json]

Plays ``--deals`` deals from a new game, an ``expert`` in one seat and ``club`` players
in the others (the expert's seat rotating deal by deal), and times every decision of the
expert at its default strength: the process's CPU time (the fair figure on a machine
shared with other work; one core, as the expert uses one) and the wall-clock time. The
decisions are grouped by what the expert did: ``card`` (a card chosen among two or
more by the search), ``bid`` (a bid or pass weighed by the search), ``contract``,
``write-off`` (the decision at the first give, weighed against a write-off where one is
allowed) and ``other`` (the club player's: forced cards, gives, the dark choice...).
Printed per kind: count, mean, median, 90th percentile and maximum. The goal of issue
27: at most 1 s a decision on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

from thousand.games.card1000.actions import Bid, Contract, Decision, Play, WriteOff
from thousand.games.card1000.bots import level_policy
from thousand.games.card1000.engine import advance
from thousand.games.card1000.legal import legal_actions
from thousand.games.card1000.levels import expert
from thousand.games.card1000.presets import load_preset
from thousand.games.card1000.shuffle import seeded_deal
from thousand.games.card1000.state import State, new_game
from thousand.games.card1000.views import view

SEED = bytes(range(32))


def kind_of(legal: tuple[Decision, ...]) -> str:
    """What kind of decision ``legal`` offers the expert (see the module doc)."""
    if sum(isinstance(action, Play) for action in legal) > 1:
        return "card"
    if any(isinstance(action, Bid) for action in legal):
        return "bid"
    if all(isinstance(action, Contract) for action in legal):
        return "contract"
    if any(isinstance(action, WriteOff) for action in legal):
        return "write-off"
    return "other"


def timed_deals(preset: str, deals: int) -> dict[str, list[tuple[float, float]]]:
    """Each decision's (CPU, wall) seconds by kind, over ``deals`` deals."""
    rules = load_preset(preset)
    club = level_policy("club")
    times: dict[str, list[tuple[float, float]]] = {}
    for index in range(deals):
        rng = random.Random(index)
        seat_of_expert = index % rules.players
        state: State = new_game(rules)
        while not state.over and not state.history:
            if state.chance:
                state = advance(state, seeded_deal(SEED, index, rules, state.dealer))
                continue
            assert state.to_move is not None
            seat = state.to_move[0]
            legal = legal_actions(state)
            seen = view(state, seat)
            if seat != seat_of_expert:
                state = advance(state, club(seen, rules, legal, rng))
                continue
            cpu, wall = time.process_time(), time.perf_counter()
            action = expert.decide(seen, rules, legal, rng)
            spent = (time.process_time() - cpu, time.perf_counter() - wall)
            times.setdefault(kind_of(legal), []).append(spent)
            state = advance(state, action)
    return times


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "mean_ms": round(1000 * statistics.mean(ordered), 1),
        "median_ms": round(1000 * statistics.median(ordered), 1),
        "p90_ms": round(1000 * ordered[int(0.9 * (len(ordered) - 1))], 1),
        "max_ms": round(1000 * ordered[-1], 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    level_policy("expert")(  # compile the solver (or read numba's cache) before timing
        *_warm_up(args.preset)
    )
    times = timed_deals(args.preset, args.deals)
    out: dict[str, Any] = {"preset": args.preset, "deals": args.deals, "kinds": {}}
    for kind, spent in sorted(times.items()):
        out["kinds"][kind] = {
            "count": len(spent),
            "cpu": summary([cpu for cpu, _ in spent]),
            "wall": summary([wall for _, wall in spent]),
        }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{args.preset}: the expert's decisions over {args.deals} deals (ms; CPU | wall)")
    print(f"  {'kind':<10} {'count':>5}   {'mean':>13} {'median':>13} {'p90':>13} {'max':>13}")
    for kind, figures in out["kinds"].items():
        cpu, wall = figures["cpu"], figures["wall"]
        keys = ("mean_ms", "median_ms", "p90_ms", "max_ms")
        cells = [f"{cpu[key]:6.1f}|{wall[key]:6.1f}" for key in keys]
        print(f"  {kind:<10} {figures['count']:>5}   " + " ".join(f"{cell:>13}" for cell in cells))


def _warm_up(preset: str) -> tuple[Any, ...]:
    """A first lead of a deal, for one expert decision before the timing starts."""
    rules = load_preset(preset)
    state = advance(new_game(rules), seeded_deal(SEED, 10_000, rules, 0))
    club = level_policy("club")
    rng = random.Random(0)
    while state.deal is not None and state.deal.phase != "play":
        assert state.to_move is not None
        seat = state.to_move[0]
        state = advance(state, club(view(state, seat), rules, legal_actions(state), rng))
    assert state.to_move is not None
    seat = state.to_move[0]
    return view(state, seat), rules, legal_actions(state), rng


if __name__ == "__main__":
    main()
