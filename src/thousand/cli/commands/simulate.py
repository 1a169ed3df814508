"""``thousand simulate``: a tournament between computer players, with a plot if asked.

``perfect`` and the levels play on the native fast path at any table size and under
every rule set the solver takes; the report says which path played. A progress bar goes to standard
error when it is a terminal, so ``--json`` on standard output stays clean.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    Subparsers,
    UsageError,
    add_json_option,
    add_rules_option,
    seed_value,
)
from thousand.core.errors import InputFileError
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.match import Policy
from thousand.games.dice1000.presets import load_rules
from thousand.games.dice1000.simulation import Tournament, play_tournament


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play computer players against each other: win rates and a plot",
        description="Play many games between computer players (who moves first alternates) "
        "and report win rates with 95% confidence intervals, turns per game and the "
        "first player's advantage.",
        epilog="example: thousand simulate --players perfect,bold --games 100000 --plot out.png",
    )
    parser.add_argument(
        "--players",
        required=True,
        metavar="LEVEL,LEVEL,…",
        help="computer player levels in seat order, e.g. perfect,bold",
    )
    parser.add_argument(
        "--games", type=int, default=1000, metavar="N", help=f"games to play (1 to {MAX_GAMES:,})"
    )
    parser.add_argument("--seed", type=seed_value, default=0, metavar="N", help="seed of the dice")
    parser.add_argument("--plot", metavar="FILE.png", help="draw win rates and scores here")
    add_rules_option(parser)
    add_json_option(parser, "games, wins, first_player_wins, games_per_second and more")
    parser.set_defaults(handler=run)


def _players(text: str) -> list[str]:
    levels = [level.strip() for level in text.split(",")]
    if len(levels) < 2 or any(not level for level in levels):
        raise UsageError("simulate: --players needs at least two levels, e.g. perfect,bold")
    if len(levels) > 8:
        raise UsageError(f"simulate: a game has at most 8 players, got {len(levels)}")
    return levels


def _policy(level: str, seed: int) -> Policy:
    from thousand.games.dice1000.bots import make_bot  # noqa: PLC0415

    return make_bot(level, seed)


MAX_GAMES = 10_000_000
"""The most games one run plays: every game's final scores are kept (for the plot), 16
bytes a game for two players — 160 MB at this bound — and it takes about a minute."""

PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    levels = _players(args.players)
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"simulate: --games must be from 1 to {MAX_GAMES:,}, got {args.games:,}")
    if args.plot:
        _check_plot_path(args.plot)  # before the games, not after minutes of them
    game = Game(load_rules(args.rules))
    policies = [_policy(level, args.seed + seat) for seat, level in enumerate(levels)]
    names = [
        f"{level} ({seat + 1})" if levels.count(level) > 1 else level
        for seat, level in enumerate(levels)
    ]
    result = _play(game, list(zip(names, policies, strict=True)), args, env)
    if args.plot:
        draw(result, args.plot, args.rules)
    if args.json:
        env.print_json(result.to_json_data())
        return ExitStatus.OK
    _report(result, env, args.rules)
    return ExitStatus.OK


Seat = tuple[str, Policy]
"""A player of the tournament: name and policy."""


def _play(game: Game, seats: list[Seat], args: argparse.Namespace, env: Env) -> Tournament:
    from rich.progress import Progress  # noqa: PLC0415

    names = [name for name, _ in seats]
    policies = [policy for _, policy in seats]
    show = env.stderr.isatty()
    with Progress(console=_stderr_console(env), disable=not show, transient=True) as bar:
        task = bar.add_task("playing", total=args.games)
        return play_tournament(
            game,
            names,
            policies,
            args.games,
            args.seed,
            progress=lambda done: bar.update(task, completed=done),
            preparing=lambda line: bar.update(task, description=line),
        )


def _stderr_console(env: Env) -> Any:
    from rich.console import Console  # noqa: PLC0415

    return Console(file=env.stderr)


def _report(result: Tournament, env: Env, rules: str) -> None:
    env.print(
        f"{result.games:,} games under {rules} ({result.path} path, "
        f"{result.games_per_second:,.0f} games/s)"
    )
    for index, name in enumerate(result.players):
        rate, low, high = result.win_rate(index)
        env.print(
            f"  {name:<16} {result.wins[index]:>9,} wins  {rate:7.2%}  "
            f"(95% CI {low:.2%}–{high:.2%})"
        )
    data = result.to_json_data()
    low, high = data["first_player_win_rate_ci95"]  # type: ignore[misc]
    env.print(
        f"  first player wins {data['first_player_win_rate']:.2%} "
        f"(95% CI {low:.2%}–{high:.2%}); {data['average_turns']:.1f} turns per game"
    )
    if result.unfinished:
        env.print(f"  {result.unfinished} games did not finish")


def _check_plot_path(path: str) -> None:
    """A plot file the drawing will be able to write: a known kind, in a folder that is."""
    target = Path(path)
    if target.suffix.lower() not in PLOT_SUFFIXES:
        kinds = ", ".join(PLOT_SUFFIXES)
        raise UsageError(f"simulate: --plot {path!r}: the file must end in {kinds}")
    folder = target.parent
    if not folder.is_dir():
        raise InputFileError(f"{path}: cannot write the plot: no folder {str(folder)!r}")
    if not os.access(folder, os.W_OK):
        raise InputFileError(f"{path}: cannot write the plot: the folder is not writable")


def draw(result: Tournament, path: str, rules: str) -> None:
    """Win rates with their intervals, and each player's final scores, in one PNG."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, (rates_axis, scores_axis) = plt.subplots(1, 2, figsize=(11, 4.5))
    rates = [result.win_rate(i) for i in range(len(result.players))]
    heights = [rate for rate, _, _ in rates]
    errors = [[rate - low for rate, low, _ in rates], [high - rate for rate, _, high in rates]]
    bars = rates_axis.bar(result.players, heights, yerr=errors, capsize=6, color="#4a7ab5")
    rates_axis.bar_label(bars, labels=[f"{rate:.1%}" for rate in heights], label_type="center")
    rates_axis.axhline(1 / len(result.players), color="grey", linestyle="--", linewidth=1)
    rates_axis.set_ylabel("win rate (95% CI)")
    rates_axis.set_ylim(0, 1)
    first = result.to_json_data()["first_player_win_rate"]
    rates_axis.set_title(f"{result.games:,} games, {rules}; first player wins {first:.1%}")
    low = min(0, int(result.finals.min()))
    high = int(result.finals.max()) + 25
    bins = list(range(low - low % 25, high, 25))
    for index, name in enumerate(result.players):
        scores_axis.hist(
            result.finals[:, index], bins=bins, histtype="step", linewidth=1.4, label=name
        )
    scores_axis.set_xlabel("final score (25-point bins)")
    scores_axis.set_ylabel("games")
    scores_axis.set_title("final scores")
    scores_axis.legend()
    figure.tight_layout()
    try:
        figure.savefig(path, dpi=110)
    except OSError as exc:
        raise InputFileError(f"{path}: cannot write the plot: {exc.strerror}") from None
    finally:
        plt.close(figure)
