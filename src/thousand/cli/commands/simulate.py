"""``thousand simulate``: a tournament between computer players, with a plot if asked.

``--game`` picks the game (the default game without it); its command-line adapter plays
the tournament and reports (``thousand.cli.games.NAME.commands.simulate``). What
every game's tournament shares is here: the progress bar on standard error when it is a
terminal (so ``--json`` on standard output stays clean), the checks of ``--games`` and
``--plot`` before any game is played, and the plot's two panels.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from thousand.cli.commands.adapter import (
    add_game_option,
    cli_game,
    default_rules_help,
    examples,
    help_of,
    other_games,
    with_others,
)
from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    Subparsers,
    UsageError,
    add_json_option,
    seed_value,
)
from thousand.core.errors import InputFileError
from thousand.games import DEFAULT_GAME, game_info, require


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play computer players against each other: win rates and a plot",
        description="Play many games between computer players (who moves first alternates) "
        "and report win rates with 95% confidence intervals, turns per game and the "
        "first player's advantage.",
        epilog=f"example: {examples('simulate', 'simulate.example')}",
    )
    add_game_option(
        parser,
        f"{DEFAULT_GAME} (the default)"
        + "".join(
            f", or {name}: {help_of(name, 'simulate.game')}" for name in other_games("simulate")
        ),
    )
    parser.add_argument(
        "--players",
        required=True,
        metavar="LEVEL,LEVEL,…",
        help="computer player levels in seat order, e.g. "
        + with_others("simulate", "simulate.players"),
    )
    parser.add_argument(
        "--games", type=int, default=1000, metavar="N", help=f"games to play (1 to {MAX_GAMES:,})"
    )
    parser.add_argument(
        "--deals",
        type=int,
        metavar="N",
        help="card games: N duplicate deals (each dealt once for every rotation of the "
        "seats, so the cards' luck cancels) instead of whole games",
    )
    parser.add_argument("--seed", type=seed_value, default=0, metavar="N", help="seed of the dice")
    parser.add_argument("--plot", metavar="FILE.png", help="draw win rates and scores here")
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help="a preset name or a TOML/JSON rules file (default: "
        f"{default_rules_help('simulate')}; see 'thousand rules')",
    )
    add_json_option(parser, with_others("simulate", "simulate.json"))
    parser.set_defaults(handler=run)


MAX_GAMES = 10_000_000
"""The most games one run plays: every game's final scores are kept (for the plot), 16
bytes a game for two players — 160 MB at this bound — and it takes about a minute."""

PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    require(args.game, "simulate", "thousand simulate")
    if args.deals is not None and game_info(args.game).chance != "deck":
        raise UsageError(f"simulate: --deals is for card games; {args.game} plays --games")
    return cli_game(args.game).simulate(args, env)


class ProgressBar(NamedTuple):
    """What a tournament tells the progress bar (both games' ``play_tournament``)."""

    progress: Callable[[int], None]
    """The games played so far."""
    preparing: Callable[[str], None]
    """What is being made ready before the games (a strategy solved, tables built)."""


@contextmanager
def progress_bar(env: Env, games: int) -> Iterator[ProgressBar]:
    """A progress bar of ``games`` games on standard error when it is a terminal (so
    that ``--json`` on standard output stays clean), gone once the games are played."""
    from rich.console import Console  # noqa: PLC0415
    from rich.progress import Progress  # noqa: PLC0415

    show = env.stderr.isatty()
    with Progress(console=Console(file=env.stderr), disable=not show, transient=True) as bar:
        task = bar.add_task("playing", total=games)
        yield ProgressBar(
            progress=lambda done: bar.update(task, completed=done),
            preparing=lambda line: bar.update(task, description=line),
        )


def check_games_and_plot(args: argparse.Namespace) -> None:
    """``--games`` in range, and a ``--plot`` file that can be written — checked before
    the games, not after minutes of them."""
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"simulate: --games must be from 1 to {MAX_GAMES:,}, got {args.games:,}")
    if args.plot:
        check_plot_path(args.plot)


def check_plot_path(path: str) -> None:
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


def rate_bars(
    axis: Any, players: Sequence[str], rates: Sequence[tuple[float, float, float]]
) -> None:
    """Each player's win rate as a bar with its 95% interval, a fair share dashed (both
    games' plots)."""
    heights = [rate for rate, _, _ in rates]
    errors = [[rate - low for rate, low, _ in rates], [high - rate for rate, _, high in rates]]
    bars = axis.bar(players, heights, yerr=errors, capsize=6, color="#4a7ab5")
    axis.bar_label(bars, labels=[f"{rate:.1%}" for rate in heights], label_type="center")
    axis.axhline(1 / len(players), color="grey", linestyle="--", linewidth=1)
    axis.set_ylabel("win rate (95% CI)")
    axis.set_ylim(0, 1)


@contextmanager
def plot(path: str) -> Iterator[tuple[Any, Any]]:
    """Both games' plots: two panels side by side, the win rates' and another, given to
    draw on, then written to ``path`` (its kind by its ending)."""
    import matplotlib  # noqa: PLC0415

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, (rates_axis, other_axis) = plt.subplots(1, 2, figsize=(11, 4.5))
    try:
        yield rates_axis, other_axis
        other_axis.legend()
        figure.tight_layout()
        try:
            figure.savefig(path, dpi=110)
        except OSError as exc:
            raise InputFileError(f"{path}: cannot write the plot: {exc.strerror}") from None
    finally:
        plt.close(figure)


BAR_WIDTH = 20
_EIGHTHS = " ▏▎▍▌▋▊▉"


def text_bar(share: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar of ``share`` (0 to 1) of ``width`` characters, in eighths."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)
