"""``thousand simulate --game poker_dice``: a tournament of poker dice's computer players
(:mod:`thousand.games.poker_dice.simulation`): win rates, mean totals and the spread of
the totals (the ranking game: of the hands).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from thousand.cli.commands.base import Env, ExitStatus, UsageError
from thousand.cli.commands.simulate import (
    BAR_WIDTH,
    check_games_and_plot,
    plot,
    progress_bar,
    rate_bars,
    text_bar,
)

if TYPE_CHECKING:
    from thousand.games.poker_dice.simulation import Tournament as PokerTournament

POKER_LEVELS_EXAMPLE = "optimal,chaser"


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    """Play poker dice's computer players against each other; report or plot."""
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
    check_games_and_plot(args)
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

    with progress_bar(env, args.games) as bar:
        return play_poker(
            rules,
            levels,
            args.games,
            args.seed,
            progress=bar.progress,
            preparing=bar.preparing,
        )


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

    with plot(path) as (rates_axis, spread_axis):
        rates = [result.win_rate(i) for i in range(len(result.players))]
        rate_bars(rates_axis, result.players, rates)
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
