"""``thousand odds``: the exact chances of one throw, and the best expected turn.

Fractions come straight from the engine's chance table (:mod:`thousand.games.dice1000.odds`), so the
numbers a player reads are the ones the solver and the dice use.
"""

from __future__ import annotations

import argparse
from fractions import Fraction
from typing import Any

from rich.table import Table

from thousand.cli.commands.base import (
    Env,
    ExitStatus,
)
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.odds import ThrowOdds, throw_odds, turn_expectation
from thousand.games.dice1000.presets import load_rules
from thousand.games.dice1000.scoring import DICE


def _fraction(value: Fraction) -> dict[str, Any]:
    return {"fraction": str(value), "value": float(value)}


def odds_data(odds: ThrowOdds) -> dict[str, Any]:
    return {
        "dice": odds.dice,
        "bust": _fraction(odds.bust),
        "hot_dice": _fraction(odds.hot_dice),
        "expected_points": _fraction(odds.expected_points),
        "instant_win": _fraction(odds.instant_win),
    }


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    game = Game(load_rules(args.rules))
    counts = [args.dice] if args.dice else list(range(DICE, 0, -1))
    rows = [throw_odds(game, n) for n in counts]
    turn = turn_expectation(game)
    if args.json:
        env.print_json(
            {
                "throws": [odds_data(odds) for odds in rows],
                "turn": {
                    "expected_points": turn.expected_points,
                    "stop_at": {str(n): total for n, total in sorted(turn.stop_at.items())},
                },
            }
        )
        return ExitStatus.OK
    table = Table(title=f"One throw under {args.rules}", title_justify="left")
    for heading in ("dice", "bust", "hot dice", "expected points"):
        table.add_column(heading, justify="right")
    show_instant = any(odds.instant_win for odds in rows)
    if show_instant:
        table.add_column("instant win", justify="right")
    for odds in rows:
        cells = [
            str(odds.dice),
            _percent(odds.bust),
            _percent(odds.hot_dice),
            f"{odds.expected_points} ≈ {float(odds.expected_points):.2f}",
        ]
        if show_instant:
            cells.append(_percent(odds.instant_win))
        table.add_row(*cells)
    console = env.console()
    console.print(table)
    stops = ", ".join(
        f"{n} {'die' if n == 1 else 'dice'} in hand from {total}"
        for n, total in sorted(turn.stop_at.items())
    )
    console.print(
        f"A turn played to maximise its points expects {turn.expected_points:.2f} points "
        f"(in the game, on no barrel); it stops with {stops}."
    )
    return ExitStatus.OK


def _percent(value: Fraction) -> str:
    return f"{value} = {float(value):.2%}"
