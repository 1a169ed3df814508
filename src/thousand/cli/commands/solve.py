"""``thousand solve``: the perfect two-player strategy of a rule set, computed once.

Rules where scores only grow are solved exactly (about ten seconds for the classic
rules); rules where scores can fall are solved by value iteration to a stated tolerance
(one to two minutes for the presets on two cores). Progress goes to standard error —
the share solved, or each pass's largest change — with an estimate of the time left;
Ctrl+C stops the solve within a second and caches nothing of it. The output says which
method, and what is approximated. The solver (and numba behind it) is imported only
when this command runs, so the rest of the command line starts fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    Subparsers,
    add_json_option,
    add_rules_option,
)
from thousand.core.errors import RulesError
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import load_rules


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve the game for two players: the winning chance of perfect play",
        description="Compute, for two players, the strategy that maximises the chance of "
        "winning from every position, and cache it. Prints the first player's chance when "
        "both play perfectly. Rules where scores can fall (bolts, dump trucks, overtaking, "
        "barrel attempts and knock-off) are solved by value iteration, which takes a minute "
        "or two; progress and an estimate of the time left go to standard error.",
        epilog="example: thousand solve --rules classic --json; "
        "thousand solve --players 3 (the exact three-player table: about five minutes once)",
    )
    add_rules_option(parser)
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3),
        default=2,
        help="2 (default), or 3: every position of three players solved exactly, each "
        "maximising their own chance (rules where scores only grow)",
    )
    add_json_option(parser, "first_player_win, states, seconds, peak_memory_mb and more")
    parser.add_argument("--force", action="store_true", help="recompute even if cached")
    parser.set_defaults(handler=run)


def _progress(env: Env) -> Callable[[str], None]:
    """Progress lines on standard error, so standard output keeps only the result."""

    def say(message: str) -> None:
        env.stderr.write(f"solve: {message}\n")
        env.stderr.flush()

    return say


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    from dataclasses import asdict  # noqa: PLC0415

    from thousand.games.dice1000.solver.strategy import cache_path, load_strategy, solve_any  # noqa: PLC0415

    game = Game(load_rules(args.rules))
    if args.players == 3:
        return _run_three(args, env, game)
    strategy = None if args.force else load_strategy(game)
    cached = strategy is not None
    if strategy is None:
        strategy = solve_any(game, None if args.json else _progress(env))
        strategy.save()
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
    env.print(f"positions: {info.states:,}")
    when = (
        "shipped with thousand; computed"
        if shipped
        else "cached; computed"
        if cached
        else "computed"
    )
    env.print(f"{when} in {info.seconds:.1f} s with a peak of {info.peak_memory_mb:.0f} MB")
    env.print(f"method: {info.method}")
    env.print(f"approximations: {info.approximations}")
    env.print(f"strategy: {source}")
    return ExitStatus.OK


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
    strategy = None if args.force else ThreeStrategy.load(game)
    cached = strategy is not None
    if strategy is None:
        strategy = solve_three(game, None if args.json else _progress(env))
        strategy.save()
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
    env.print(f"positions: {info.states:,}")
    when = "cached; computed" if cached else "computed"
    env.print(f"{when} in {info.seconds:.1f} s with a peak of {info.peak_memory_mb:.0f} MB")
    env.print(f"method: {info.method}")
    env.print(f"approximations: {info.approximations}")
    env.print(f"strategy: {three_path(game)}")
    return ExitStatus.OK
