"""Three players under the classic rules: the exact table's strength, prediction and speed.

Run on demand (needs the three-player table: ``thousand solve --players 3``, five
minutes once)::

    .venv/bin/python benchmarks/bench_three.py [--games 100000] [--self-play 100000]

Figures, all on the native path (the engine's game throw for throw):

* exact ``perfect`` (the three-player table) in seat 0 against two copies of the old
  ``perfect`` (the two-player table against the leading opponent): seat 0's win rate
  with a 95% interval, which must be clear of one third; who moves first rotates;
* exact ``perfect`` in seat 0 against two copies of each level (clear of one third);
* four players: ``perfect`` (the two-player table against the leader) in seat 0
  against three copies of each level (clear of one quarter);
* self-play of three exact players: the first mover's win rate against the table's
  prediction ``V[0, 0, 0]`` (and the second's and third's);
* games per second of each run.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

import numpy as np

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.bots import make_bot
from thousand.games.dice1000.solver.fastplay import FastGame, NativeSeat
from thousand.games.dice1000.solver.native import strategy_seat, three_seat
from thousand.games.dice1000.solver.strategy import load_strategy
from thousand.games.dice1000.solver.three import ThreeStrategy


def interval(wins: int, games: int) -> tuple[float, float]:
    """The rate and the half-width of its 95% interval (normal approximation)."""
    rate = wins / games
    return rate, 1.96 * math.sqrt(rate * (1 - rate) / games)


def seat_zero(fast: FastGame, seats: list[NativeSeat], args: argparse.Namespace) -> dict[str, Any]:
    """Seat 0's win rate over ``args.games`` games, and whether it is clear of a fair share."""
    games = fast.play(seats, args.games, args.seed + len(seats))
    rate, half = interval(int(np.sum(games.winners == 0)), args.games)
    return {
        "games": args.games,
        "seat_zero_wins": rate,
        "interval": half,
        "clear_of_a_fair_share": rate - half > 1 / len(seats),
        "games_per_second": args.games / games.seconds,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--self-play", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    game = Game(load_preset("classic"))
    three = ThreeStrategy.load(game)
    two = load_strategy(game)
    if three is None or two is None:
        print("solve first: thousand solve --players 3", file=sys.stderr)
        return 2
    fast = FastGame(game)
    exact, leader = three_seat(fast, three), strategy_seat(fast, two)
    fast.play([exact, leader, leader], 3000, 1)  # compile
    report = {"exact_vs_two_leader_players": seat_zero(fast, [exact, leader, leader], args)}
    for level in ("cautious", "balanced", "bold"):
        seat = make_bot(level, 0).native_seat(fast, 3)  # type: ignore[attr-defined]
        report[f"exact_vs_two_{level}"] = seat_zero(fast, [exact, seat, seat], args)
    # Four players: perfect plays the two-player table against the leader there.
    for level in ("cautious", "balanced", "bold"):
        seat = make_bot(level, 0).native_seat(fast, 4)  # type: ignore[attr-defined]
        report[f"four_players_perfect_vs_three_{level}"] = seat_zero(
            fast, [leader, seat, seat, seat], args
        )
    selfplay = fast.play([exact, exact, exact], args.self_play, args.seed + 1)
    first = np.arange(args.self_play) % 3
    seats = []
    for position in range(3):  # the first mover, the second, the third
        wins = int(np.sum(selfplay.winners == (first + position) % 3))
        rate, half = interval(wins, args.self_play)
        predicted = float(three.win[0, 0, 0, position])
        seats.append(
            {
                "rate": rate,
                "interval": half,
                "predicted": predicted,
                "within": abs(rate - predicted) <= half,
            }
        )
    report["self_play"] = {
        "games": args.self_play,
        "by_position": seats,
        "unfinished": int(np.sum(selfplay.winners < 0)),
        "games_per_second": args.self_play / selfplay.seconds,
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
