"""``thousand simulate --game card1000``: computer players of card Thousand against each
other, on duplicate deals (:mod:`thousand.games.card1000.match`).

Every deal is played once for each rotation of the seats over the same cards, so the
cards' luck cancels: ``--deals N`` plays N deals that way and reports each level's mean
points per deal and each pair's difference, with 95% intervals; ``--games N`` plays N
whole games the same way and adds the win rates. ``--plot`` draws the points per deal
and the win rates (or the differences).
"""

from __future__ import annotations

import argparse
from typing import Any

from thousand.cli.commands.base import Env, ExitStatus, UsageError
from thousand.cli.commands.simulate import MAX_GAMES, check_plot_path, plot, progress_bar
from thousand.games.card1000.bots import BOT_LEVELS
from thousand.games.card1000.match import Estimate, MatchResult, deal_match, game_match
from thousand.games.card1000.presets import DEFAULT_PRESET, load_rules

EXAMPLE = "expert,club,novice"


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    """Play card Thousand's computer players against each other; report or plot."""
    levels = [level.strip() for level in args.players.split(",")]
    unknown = [level for level in levels if level not in BOT_LEVELS]
    if any(not level for level in levels) or unknown:
        shown = repr(unknown[0]) if unknown else "an empty name"
        raise UsageError(
            f"simulate: unknown card Thousand level {shown} (known: {', '.join(BOT_LEVELS)}; "
            f"e.g. --players {EXAMPLE})"
        )
    rules = load_rules(args.rules or DEFAULT_PRESET)
    if len(levels) != rules.players:
        raise UsageError(
            f"simulate: these rules are for {rules.players} players, --players names {len(levels)}"
        )
    units = args.deals if args.deals is not None else args.games
    if not 1 <= units <= MAX_GAMES:
        kind = "--deals" if args.deals is not None else "--games"
        raise UsageError(f"simulate: {kind} must be from 1 to {MAX_GAMES:,}, got {units:,}")
    if args.plot:
        check_plot_path(args.plot)
    with progress_bar(env, units) as bar:
        if args.deals is not None:
            result = deal_match(rules, levels, units, args.seed, bar.progress)
        else:
            result = game_match(rules, levels, units, args.seed, progress=bar.progress)
    name = args.rules or DEFAULT_PRESET
    if args.plot:
        draw(result, args.plot, name, deals=args.deals is not None)
    if args.json:
        env.print_json({"rules": name, **to_json_data(result, deals=args.deals is not None)})
        return ExitStatus.OK
    for line in report(result, name, deals=args.deals is not None):
        env.print(line)
    return ExitStatus.OK


def _interval(estimate: Estimate, percent: bool = False) -> str:
    if percent:
        return f"{estimate.mean:7.1%}  [{estimate.low:6.1%}, {estimate.high:6.1%}]"
    return f"{estimate.mean:7.2f}  [{estimate.low:7.2f}, {estimate.high:7.2f}]"


def report(result: MatchResult, rules: str, *, deals: bool) -> list[str]:
    """The match as lines of text."""
    unit = "duplicate deals" if deals else "duplicate games"
    lines = [
        f"card Thousand, {rules}: {result.units:,} {unit} × {result.rotations} rotations",
        f"  {'points per deal':<22}{'mean':>7}  95% interval",
    ]
    lines += [f"  {level:<22}{_interval(est)}" for level, est in result.points.items()]
    lines += [
        f"  {one + ' − ' + other:<22}{_interval(est)}"
        for (one, other), est in result.differences.items()
    ]
    if result.wins:
        lines.append(f"  {'win rate':<22}{'':>7}")
        lines += [
            f"  {level:<22}{_interval(est, percent=True)}" for level, est in result.wins.items()
        ]
    return lines


def _estimate(estimate: Estimate) -> dict[str, Any]:
    return {"mean": estimate.mean, "low": estimate.low, "high": estimate.high}


def to_json_data(result: MatchResult, *, deals: bool) -> dict[str, Any]:
    """The match as JSON data."""
    return {
        "unit": "deals" if deals else "games",
        "count": result.units,
        "rotations": result.rotations,
        "points_per_deal": {level: _estimate(est) for level, est in result.points.items()},
        "differences": [
            {"levels": [one, other], **_estimate(est)}
            for (one, other), est in result.differences.items()
        ],
        "win_rates": {level: _estimate(est) for level, est in result.wins.items()},
    }


def _bars(axis: Any, names: list[str], estimates: list[Estimate], **style: Any) -> None:
    """Estimates as bars with their 95% intervals."""
    means = [each.mean for each in estimates]
    errors = [
        [each.mean - each.low for each in estimates],
        [each.high - each.mean for each in estimates],
    ]
    axis.bar(names, means, yerr=errors, capsize=6, **style)


def draw(result: MatchResult, path: str, rules: str, *, deals: bool) -> None:
    """Points per deal with their intervals; win rates (games) or differences (deals)."""
    with plot(path) as (points_axis, other_axis):
        names = list(result.points)
        _bars(points_axis, names, list(result.points.values()), color="#4a7ab5")
        points_axis.set_ylabel("points per deal (95% CI)")
        unit = "deals" if deals else "games"
        points_axis.set_title(f"card Thousand, {rules}: {result.units:,} duplicate {unit}")
        if result.wins:
            rates = list(result.wins.values())
            _bars(other_axis, names, rates, color="#b5794a", label="win rate")
            other_axis.set_ylim(0, 1)
            other_axis.set_ylabel("win rate (95% CI)")
        else:
            pairs = [f"{one} − {other}" for one, other in result.differences]
            values = list(result.differences.values())
            _bars(other_axis, pairs, values, color="#b5794a", label="difference per deal")
            other_axis.axhline(0, color="grey", linewidth=1)
            other_axis.set_ylabel("points per deal (95% CI)")
