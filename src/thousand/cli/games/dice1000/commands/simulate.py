"""``thousand simulate`` of dice 1000: a tournament between computer players.

``perfect`` and the levels play on the native fast path at any table size and under
every rule set the solver takes; the report says which path played
(:mod:`thousand.games.dice1000.simulation`).
"""

from __future__ import annotations

import argparse

from thousand.cli.commands.base import Env, ExitStatus, UsageError
from thousand.cli.commands.simulate import check_games_and_plot, plot, progress_bar, rate_bars
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.match import Policy
from thousand.games.dice1000.presets import DEFAULT_PRESET, load_rules
from thousand.games.dice1000.simulation import Tournament, play_tournament


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


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    args.rules = args.rules or DEFAULT_PRESET
    levels = _players(args.players)
    check_games_and_plot(args)
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
    with progress_bar(env, args.games) as bar:
        return play_tournament(
            game,
            names,
            policies,
            args.games,
            args.seed,
            progress=bar.progress,
            preparing=bar.preparing,
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


def draw(result: Tournament, path: str, rules: str) -> None:
    """Win rates with their intervals, and each player's final scores, in one PNG."""
    with plot(path) as (rates_axis, scores_axis):
        rates = [result.win_rate(i) for i in range(len(result.players))]
        first = result.first_player_rate()[0]
        rate_bars(rates_axis, result.players, rates)
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
