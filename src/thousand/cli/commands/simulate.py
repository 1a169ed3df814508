"""``thousand simulate``: a tournament between computer players, with a plot if asked.

``perfect`` and the levels play on the native fast path at any table size and under
every rule set the solver takes; the report says which path played. A progress bar goes to standard
error when it is a terminal, so ``--json`` on standard output stays clean.

``--game poker_dice`` plays poker dice's levels (:mod:`thousand.games.poker_dice.simulation`):
win rates, mean totals and the spread of the totals (the ranking game: of the hands).
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    Subparsers,
    UsageError,
    add_json_option,
    seed_value,
)
from thousand.core.errors import InputFileError
from thousand.games import DEFAULT_GAME, game_names
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.match import Policy
from thousand.games.dice1000.presets import DEFAULT_PRESET, load_rules
from thousand.games.dice1000.simulation import Tournament, play_tournament

if TYPE_CHECKING:
    from thousand.games.poker_dice.simulation import Tournament as PokerTournament


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play computer players against each other: win rates and a plot",
        description="Play many games between computer players (who moves first alternates) "
        "and report win rates with 95% confidence intervals, turns per game and the "
        "first player's advantage.",
        epilog="example: thousand simulate --players perfect,bold --games 100000 --plot out.png; "
        "thousand simulate --game poker_dice --rules yahtzee --players optimal,chaser,greedy",
    )
    parser.add_argument(
        "--game",
        choices=game_names(),
        default=DEFAULT_GAME,
        help="dice1000 (the default), or poker_dice: win rates, mean totals and their spread",
    )
    parser.add_argument(
        "--players",
        required=True,
        metavar="LEVEL,LEVEL,…",
        help="computer player levels in seat order, e.g. perfect,bold (poker_dice: optimal, "
        "chaser, greedy; one player alone plays a sheet game's solitaire)",
    )
    parser.add_argument(
        "--games", type=int, default=1000, metavar="N", help=f"games to play (1 to {MAX_GAMES:,})"
    )
    parser.add_argument("--seed", type=seed_value, default=0, metavar="N", help="seed of the dice")
    parser.add_argument("--plot", metavar="FILE.png", help="draw win rates and scores here")
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help=f"a preset name or a TOML/JSON rules file (default: {DEFAULT_PRESET}, or "
        "russian with --game poker_dice; see 'thousand rules')",
    )
    add_json_option(
        parser,
        "games, wins, first_player_wins, games_per_second and more (poker_dice: win_rates, "
        "mean_totals, histogram and more)",
    )
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
    if args.game == "poker_dice":
        return _run_poker_dice(args, env)
    args.rules = args.rules or DEFAULT_PRESET
    levels = _players(args.players)
    _check_games_and_plot(args)
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
    names = [name for name, _ in seats]
    policies = [policy for _, policy in seats]
    with _progress_bar(env, args.games) as bar:
        return play_tournament(
            game,
            names,
            policies,
            args.games,
            args.seed,
            progress=bar.progress,
            preparing=bar.preparing,
        )


class ProgressBar(NamedTuple):
    """What a tournament tells the progress bar (both games' ``play_tournament``)."""

    progress: Callable[[int], None]
    """The games played so far."""
    preparing: Callable[[str], None]
    """What is being made ready before the games (a strategy solved, tables built)."""


@contextmanager
def _progress_bar(env: Env, games: int) -> Iterator[ProgressBar]:
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
    first, low, high = result.first_player_rate()
    env.print(
        f"  first player wins {first:.2%} "
        f"(95% CI {low:.2%}–{high:.2%}); {data['average_turns']:.1f} turns per game"
    )
    if result.unfinished:
        env.print(f"  {result.unfinished} games did not finish")


def _check_games_and_plot(args: argparse.Namespace) -> None:
    """``--games`` in range, and a ``--plot`` file that can be written — checked before
    the games, not after minutes of them."""
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"simulate: --games must be from 1 to {MAX_GAMES:,}, got {args.games:,}")
    if args.plot:
        _check_plot_path(args.plot)


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


def _rate_bars(
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
def _plot(path: str) -> Iterator[tuple[Any, Any]]:
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


def draw(result: Tournament, path: str, rules: str) -> None:
    """Win rates with their intervals, and each player's final scores, in one PNG."""
    with _plot(path) as (rates_axis, scores_axis):
        rates = [result.win_rate(i) for i in range(len(result.players))]
        first = result.first_player_rate()[0]
        _rate_bars(rates_axis, result.players, rates)
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


# -- poker dice --------------------------------------------------------------------------

POKER_LEVELS_EXAMPLE = "optimal,chaser"


def _run_poker_dice(args: argparse.Namespace, env: Env) -> ExitStatus:
    """``--game poker_dice``: poker dice's computer players
    (:mod:`thousand.games.poker_dice.simulation`)."""
    from thousand.games.poker_dice.bots import BOT_LEVELS  # noqa: PLC0415
    from thousand.games.poker_dice.config import MAX_PLAYERS  # noqa: PLC0415
    from thousand.games.poker_dice.presets import DEFAULT_PRESET as POKER_PRESET  # noqa: PLC0415
    from thousand.games.poker_dice.presets import load_rules as load_poker_rules  # noqa: PLC0415

    name = args.rules or POKER_PRESET
    levels = [level.strip() for level in args.players.split(",")]
    if any(not level for level in levels):
        raise UsageError(
            f"simulate: --players needs levels separated by commas, e.g. {POKER_LEVELS_EXAMPLE}"
        )
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if unknown:
        raise UsageError(
            f"simulate: unknown poker dice level {unknown[0]!r} (known: {', '.join(BOT_LEVELS)})"
        )
    if len(levels) > MAX_PLAYERS:
        raise UsageError(f"simulate: a game has at most {MAX_PLAYERS} players, got {len(levels)}")
    _check_games_and_plot(args)
    rules = load_poker_rules(name)
    if rules.sheet == "ranking" and len(levels) < 2:
        raise UsageError(
            f"simulate: the ranking game needs at least two players, e.g. {POKER_LEVELS_EXAMPLE}"
        )
    result = _play_poker(rules, levels, args, env)
    if args.plot:
        draw_poker(result, args.plot, name)
    if args.json:
        env.print_json({"rules": name, **result.to_json_data()})
        return ExitStatus.OK
    for line in poker_report(result, name):
        env.print(line)
    return ExitStatus.OK


def _play_poker(
    rules: Any, levels: list[str], args: argparse.Namespace, env: Env
) -> PokerTournament:
    from thousand.games.poker_dice.simulation import play_tournament as play_poker  # noqa: PLC0415

    with _progress_bar(env, args.games) as bar:
        return play_poker(
            rules,
            levels,
            args.games,
            args.seed,
            progress=bar.progress,
            preparing=bar.preparing,
        )


BAR_WIDTH = 20
_EIGHTHS = " ▏▎▍▌▋▊▉"


def text_bar(share: float, width: int = BAR_WIDTH) -> str:
    """A horizontal bar of ``share`` (0 to 1) of ``width`` characters, in eighths."""
    eighths = round(max(0.0, min(1.0, share)) * width * 8)
    full, part = divmod(eighths, 8)
    return ("█" * full + (_EIGHTHS[part] if part else "")).ljust(width)


def poker_report(result: PokerTournament, rules: str) -> list[str]:
    """The human report of a poker dice tournament: win rates, mean totals, the spread."""
    lines = [
        f"{result.games:,} games of poker dice under {rules} ({result.path} path, "
        f"{result.games_per_second:,.0f} games/s)"
    ]
    width = max(16, *(len(name) for name in result.players))
    for index, name in enumerate(result.players):
        rate, low, high = result.win_rate(index)
        wins = result.wins(index)
        shown = f"{wins:,.0f}" if wins == int(wins) else f"{wins:,.1f}"
        lines.append(
            f"  {name:<{width}} {shown:>11} wins  {rate:7.2%}  (95% CI {low:.2%}–{high:.2%})"
        )
        if not result.ranking:
            mean, lo, hi = result.mean_total(index)
            sd = float(result.finals[:, index].std(ddof=1)) if result.games > 1 else 0.0
            line = f"  {'':<{width}} mean total {mean:.2f} (95% CI {lo:.2f}–{hi:.2f}), sd {sd:.1f}"
            expected = result.expected_totals[index] if result.expected_totals else None
            if expected is not None:
                line += f"; the solver expects {expected:.2f}"
            lines.append(line)
    rate, low, high = result.first_player_rate()
    first = f"  first player wins {rate:.2%} (95% CI {low:.2%}–{high:.2%})"
    if not result.ranking:
        first += f"; {result.shared_games:,} games shared"
    lines.append(first)
    lines += _poker_hands(result) if result.ranking else _poker_histogram(result)
    return lines


def _poker_histogram(result: PokerTournament) -> list[str]:
    start, width, counts = result.histogram()
    shares = counts / result.games
    top = float(shares.max()) or 1.0
    column = BAR_WIDTH + 8
    label = len(f"{start + (len(counts) - 1) * width}–{start + len(counts) * width - 1}") + 2
    lines = [
        f"totals in bins of {width} points, share of games:",
        " " * label + "".join(f"{name[: column - 1]:<{column}}" for name in result.players),
    ]
    for row, row_shares in enumerate(shares):
        low = start + row * width
        high = low + width - 1
        span = f"{low}" if width == 1 else f"{low}–{high}"
        cells = "".join(
            f"{share:6.1%} {text_bar(share / top)}".ljust(column) for share in row_shares
        )
        lines.append(f"  {span:>{label - 2}}{cells}".rstrip())
    return lines


def _poker_hands(result: PokerTournament) -> list[str]:
    from thousand.games.poker_dice.scoring import HAND_KINDS  # noqa: PLC0415

    column = BAR_WIDTH + 8
    lines = [
        "last hands, share of games:",
        " " * 12 + "".join(f"{name[: column - 1]:<{column}}" for name in result.players),
    ]
    hands = [result.hands(i) for i in range(len(result.players))]
    top = max(max(counts.values()) for counts in hands) / result.games or 1.0
    for kind in reversed(HAND_KINDS):
        shares = [counts[kind] / result.games for counts in hands]
        cells = "".join(f"{share:6.1%} {text_bar(share / top)}".ljust(column) for share in shares)
        lines.append(f"  {kind:<10}{cells}".rstrip())
    return lines


def draw_poker(result: PokerTournament, path: str, rules: str) -> None:
    """Win rates with their intervals, and the spread of the totals (or of the hands)."""
    from thousand.games.poker_dice.scoring import HAND_KINDS  # noqa: PLC0415

    with _plot(path) as (rates_axis, spread_axis):
        rates = [result.win_rate(i) for i in range(len(result.players))]
        _rate_bars(rates_axis, result.players, rates)
        first = result.first_player_rate()[0]
        rates_axis.set_title(
            f"poker dice, {result.games:,} games, {rules}; first player {first:.1%}"
        )
        if result.ranking:
            kinds = list(range(len(HAND_KINDS)))
            step = 0.8 / len(result.players)
            for index, name in enumerate(result.players):
                hands = result.hands(index)
                spread_axis.bar(
                    [k + index * step for k in kinds],
                    [hands[kind] / result.games for kind in HAND_KINDS],
                    width=step,
                    label=name,
                )
            spread_axis.set_xticks([k + 0.4 - step / 2 for k in kinds], list(HAND_KINDS))
            spread_axis.tick_params(axis="x", labelrotation=30)
            spread_axis.set_ylabel("share of games")
            spread_axis.set_title("last hands")
        else:
            start, width, counts = result.histogram()
            edges = [start + i * width for i in range(len(counts) + 1)]
            for index, name in enumerate(result.players):
                mean = result.mean_total(index)[0]
                spread_axis.stairs(
                    counts[:, index], edges, linewidth=1.4, label=f"{name} ({mean:.1f})"
                )
            spread_axis.set_xlabel(f"final total ({width}-point bins)")
            spread_axis.set_ylabel("games")
            spread_axis.set_title("final totals (mean)")
