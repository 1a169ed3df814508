"""Engine speed: scoring throughput and complete games per second on one core.

Run on demand (not part of the test suite, which never times anything)::

    .venv/bin/python benchmarks/bench_engine.py [--seconds 3] [--rules classic] [--json]

Figures:

* ``score`` — :meth:`Game.score` on random throws of 1–5 dice given in random order
  (sorts, then one table lookup), and the raw table lookup solvers use on sorted keys.
* ``games`` — complete 2-player games with random dice, for two kinds of players:
  ``random`` picks uniformly among the legal actions (long games: entry is hard to
  reach by chance), ``threshold`` stops as soon as it may with 150 points or with
  two dice or fewer left. Each is measured through the checked path
  (:func:`thousand.games.dice1000.match.play_game`: every action validated by ``apply`` and the
  record written) and the trusted fast path (:func:`thousand.games.dice1000.match.play_fast`).
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from random import Random

from thousand.games.dice1000 import STOP, THROW, Action, Game, GameState, load_rules
from thousand.games.dice1000.dice import RandomDice
from thousand.games.dice1000.match import Policy, play_fast, play_game, random_policy
from thousand.games.dice1000.scoring import all_throws


def threshold_policy(state: GameState) -> Action:
    """Stop as soon as allowed with 150 points, or with two dice or fewer in hand."""
    actions = state.legal_actions()
    if STOP not in actions:
        return actions[0]  # a forced throw, or the full set-aside under choose_dice
    return STOP if state.turn_total >= 150 or state.dice_left <= 2 else THROW


def _rate(seconds: float, work: Callable[[int], int]) -> tuple[float, float]:
    """Repeat ``work(i)`` for about ``seconds``; return (calls per second, mean result)."""
    done = 0
    total = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        total += work(done)
        done += 1
    elapsed = time.perf_counter() - start
    return done / elapsed, total / done


def bench_scoring(game: Game, seconds: float) -> dict[str, float]:
    rng = Random(7)
    throws = [tuple(rng.choice(range(1, 7)) for _ in range(rng.randint(1, 5))) for _ in range(4096)]
    sorted_throws = [t for n in range(1, 6) for t in all_throws(n)]
    table = game.scores.table

    def score_batch(_: int) -> int:
        for dice in throws:
            game.score(dice)
        return len(throws)

    def lookup_batch(_: int) -> int:
        for dice in sorted_throws:
            table[dice]
        return len(sorted_throws)

    batches, per_batch = _rate(seconds, score_batch)
    lookups, per_lookup = _rate(seconds, lookup_batch)
    return {
        "score_per_second": batches * per_batch,
        "table_lookups_per_second": lookups * per_lookup,
    }


def bench_games(game: Game, seconds: float) -> dict[str, float]:
    players = ("A", "B")
    results: dict[str, float] = {}
    kinds: dict[str, Callable[[int], Policy]] = {
        "random": lambda seed: random_policy(Random(seed)),
        "threshold": lambda seed: threshold_policy,
    }
    for kind, make in kinds.items():

        def checked(seed: int, make: Callable[[int], Policy] = make) -> int:
            policy = make(seed)
            _, record = play_game(game, players, (policy, policy), RandomDice(seed))
            return len(record.turns)

        def fast(seed: int, make: Callable[[int], Policy] = make) -> int:
            policy = make(seed)
            state, _ = play_fast(game, players, (policy, policy), RandomDice(seed))
            return int(state.winner is not None)

        rate, turns = _rate(seconds, checked)
        results[f"{kind}_checked_games_per_second"] = rate
        results[f"{kind}_turns_per_game"] = turns
        results[f"{kind}_fast_games_per_second"] = _rate(seconds, fast)[0]
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--rules", default="classic", help="preset name or rules file")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    game = Game(load_rules(args.rules))
    figures: dict[str, object] = {"rules": args.rules, "python": platform.python_version()}
    figures.update(bench_scoring(game, args.seconds))
    figures.update(bench_games(game, args.seconds))
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    for key, value in figures.items():
        shown = f"{value:,.0f}" if isinstance(value, float) and value > 100 else value
        if isinstance(value, float) and value <= 100:
            shown = f"{value:.1f}"
        print(f"{key:36} {shown}")


if __name__ == "__main__":
    main()
