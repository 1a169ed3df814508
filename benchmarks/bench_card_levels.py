"""Card Thousand: how strong the computer levels are, by duplicate deals (issue 27).

Run on demand (not part of the test suite, which never measures strength)::

    PYTHONPATH=src /tmp/venv/bin/python benchmarks/bench_card_levels.py \
        [--deals N] [--games G] [--preset classic] [--levels club,novice,novice] \
        [--jobs J] [--json]

Every deal is played once for each rotation of the seats over the same cards
(:mod:`thousand.games.card1000.match`), so each level holds each hand once and the
cards' luck cancels. Printed: the mean points per deal of each level and each pair's
difference, with 95% intervals over the deals (a deal's rotations are one observation),
from a new game (every total 0); then, with ``--games``, whole games duplicated the same
way: points per deal in real game conditions (the barrel, bolts) and the win rate per
seat held. One core per job (``--jobs``: processes share the deals, the figures do
not change); about 25 ms per deal and rotation on the classic preset between ``club``
and ``novice``, about 330 ms with an ``expert`` seated.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from thousand.games.card1000.match import Estimate, MatchResult, deal_match, game_match
from thousand.games.card1000.presets import load_preset


def _figure(estimate: Estimate) -> dict[str, float]:
    return {
        "mean": round(estimate.mean, 2),
        "low": round(estimate.low, 2),
        "high": round(estimate.high, 2),
    }


def figures(result: MatchResult, seconds: float) -> dict[str, Any]:
    return {
        "units": result.units,
        "rotations": result.rotations,
        "seconds": round(seconds, 1),
        "points_per_deal": {level: _figure(each) for level, each in result.points.items()},
        "differences": {
            f"{one}-{other}": _figure(each) for (one, other), each in result.differences.items()
        },
        "win_rates": {level: _figure(each) for level, each in result.wins.items()},
    }


def _line(name: str, estimate: Estimate) -> str:
    return f"  {name:<18} {estimate.mean:8.2f}   [{estimate.low:7.2f}, {estimate.high:7.2f}]"


def report(title: str, result: MatchResult, seconds: float) -> None:
    print(f"{title}: {result.units} × {result.rotations} rotations in {seconds:.0f} s")
    print("  points per deal       mean   95% interval")
    for level, estimate in result.points.items():
        print(_line(level, estimate))
    for (one, other), estimate in result.differences.items():
        print(_line(f"{one} − {other}", estimate))
    for level, estimate in result.wins.items():
        print(_line(f"wins of {level}", estimate))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--games", type=int, default=0)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--levels", default="club,novice,novice")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = load_preset(args.preset)
    levels = args.levels.split(",")
    out: dict[str, Any] = {"preset": args.preset, "levels": levels}

    def progress(done: int) -> None:
        if not args.json and done % 250 == 0:
            print(f"  … {done} deals", file=sys.stderr)

    start = time.perf_counter()
    deals = deal_match(rules, levels, args.deals, args.seed, progress, jobs=args.jobs)
    seconds = time.perf_counter() - start
    out["deals"] = figures(deals, seconds)
    if not args.json:
        report(f"{args.preset}, duplicate deals", deals, seconds)
    if args.games:
        start = time.perf_counter()
        games = game_match(rules, levels, args.games, args.seed, jobs=args.jobs, progress=progress)
        seconds = time.perf_counter() - start
        out["games"] = figures(games, seconds)
        if not args.json:
            report(f"{args.preset}, duplicate whole games", games, seconds)
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
