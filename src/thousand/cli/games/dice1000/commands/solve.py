"""``thousand solve`` of dice 1000: the perfect two-player strategy of a rule set, computed
once (``--players 3``: the exact three-player table).

Rules where scores only grow are solved exactly (about ten seconds for the classic
rules); rules where scores can fall are solved by value iteration to a stated tolerance
(one to two minutes for the presets on two cores). The output says which method, and
what is approximated.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from thousand.cli.commands.base import Env, ExitStatus
from thousand.cli.commands.solve import cached_or_solved, tell_solve, when_done
from thousand.core.errors import RulesError
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import DEFAULT_PRESET, load_rules

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolveInfo


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    from dataclasses import asdict  # noqa: PLC0415

    from thousand.games.dice1000.solver.strategy import cache_path, load_strategy, solve_any  # noqa: PLC0415

    args.rules = args.rules or DEFAULT_PRESET
    game = Game(load_rules(args.rules))
    if args.players == 3:
        return _run_three(args, env, game)
    strategy, cached = cached_or_solved(
        args, env, lambda: load_strategy(game), lambda progress: solve_any(game, progress)
    )
    info = strategy.info
    source = strategy.source or cache_path(game)
    shipped = source.suffix == ".xz"
    if args.json:
        env.print_json(
            {**asdict(info), "cached": cached, "shipped": shipped, "cache_file": str(source)}
        )
        return ExitStatus.OK
    env.print(f"rules: {args.rules}")
    env.print(
        f"first player wins with perfect play: {info.first_player_win:.10f} "
        f"({info.first_player_win:.4%})"
    )
    when = "shipped with thousand; computed" if shipped else when_done(cached)
    tell_solve(env, info, when, source, _method(info))
    return ExitStatus.OK


def _method(info: SolveInfo) -> list[str]:
    """How dice 1000's solve was done, and what it approximates."""
    return [f"method: {info.method}", f"approximations: {info.approximations}"]


def _run_three(args: argparse.Namespace, env: Env, game: Game) -> ExitStatus:
    """``--players 3``: the exact three-player table, its three chances at the start."""
    from dataclasses import asdict  # noqa: PLC0415

    from thousand.games.dice1000.solver.seats import exact_for_three  # noqa: PLC0415
    from thousand.games.dice1000.solver.three import (  # noqa: PLC0415
        ThreeStrategy,
        solve_three,
        three_path,
    )

    if not exact_for_three(game):
        raise RulesError(
            "the exact three-player solve needs rules where scores only grow and the dice "
            "are not chosen (with these rules perfect plays against the leading opponent)"
        )
    strategy, cached = cached_or_solved(
        args, env, lambda: ThreeStrategy.load(game), lambda progress: solve_three(game, progress)
    )
    info = strategy.info
    chances = [float(x) for x in strategy.win[0, 0, 0]]
    if args.json:
        env.print_json(
            {
                **asdict(info),
                "players": 3,
                "chances": chances,
                "cached": cached,
                "cache_file": str(three_path(game)),
            }
        )
        return ExitStatus.OK
    env.print(f"rules: {args.rules}, three players")
    env.print(
        "with perfect play the first, second and third player win "
        + ", ".join(f"{x:.10f}" for x in chances)
    )
    tell_solve(env, info, when_done(cached), three_path(game), _method(info))
    return ExitStatus.OK
