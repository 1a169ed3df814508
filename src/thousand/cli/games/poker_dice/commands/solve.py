"""``thousand solve --game poker_dice``: the strategy of one player of a sheet game that
maximises the expected final total (solitaire; POKER_DICE.md), seconds to a minute per
rule set, cached like dice 1000's. The ranking game has no sheet and is refused.
"""

from __future__ import annotations

import argparse

from thousand.cli.commands.base import Env, ExitStatus
from thousand.cli.commands.solve import cached_or_solved, tell_solve, when_done
from thousand.core.errors import RulesError
from thousand.games.poker_dice import NAME


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    """One player's best expected total of a sheet game."""
    if args.players is not None:
        raise RulesError(
            "--players: poker dice is solved for one player's sheet (solitaire); "
            "leave --players out"
        )
    from thousand.games.poker_dice import presets  # noqa: PLC0415

    name = args.rules or presets.DEFAULT_PRESET
    rules = presets.load_rules(name)
    if rules.sheet == "ranking":
        raise RulesError(
            f"{name}: the ranking game has no sheet to solve (one turn each, the best hand "
            "wins); solve 'russian', 'russian_banked' or 'yahtzee'"
        )
    from thousand.games.poker_dice.solver import Strategy, cache_path, solve  # noqa: PLC0415

    strategy, cached = cached_or_solved(
        args, env, lambda: Strategy.load(rules), lambda progress: solve(rules, progress)
    )
    info = strategy.info
    path = strategy.source or cache_path(rules)
    if args.json:
        env.print_json(
            {
                "game": NAME,
                "rules": name,
                "expected_total": info.expected_total,
                "states": info.states,
                "seconds": info.seconds,
                "peak_memory_mb": info.peak_memory_mb,
                "cached": cached,
                "cache_file": str(path),
            }
        )
        return ExitStatus.OK
    env.print(f"game: poker dice, rules: {name}")
    env.print(f"expected final total with optimal play: {info.expected_total:.6f}")
    tell_solve(env, info, when_done(cached), path)
    return ExitStatus.OK
