"""``thousand solve``: the perfect two-player strategy of a rule set, computed once.

Rules where scores only grow are solved exactly (about ten seconds for the classic
rules); rules where scores can fall are solved by value iteration to a stated tolerance
(one to two minutes for the presets on two cores). Progress goes to standard error —
the share solved, or each pass's largest change — with an estimate of the time left;
Ctrl+C stops the solve within a second and caches nothing of it. The output says which
method, and what is approximated. The solver (and numba behind it) is imported only
when this command runs, so the rest of the command line starts fast.

``--game poker_dice`` solves a sheet game of poker dice instead: the strategy of one
player that maximises the expected final total (solitaire; POKER_DICE.md), seconds to a
minute per rule set, cached like dice 1000's. The ranking game has no sheet and is
refused.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from thousand.cli.commands.base import (
    Env,
    ExitStatus,
    Subparsers,
    add_json_option,
)
from thousand.core.errors import RulesError
from thousand.games.dice1000.game import Game
from thousand.games.dice1000.presets import DEFAULT_PRESET, load_rules

if TYPE_CHECKING:
    from thousand.games.dice1000.solver.strategy import SolveInfo

GAMES = ("dice1000", "poker_dice")


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
        "thousand solve --players 3 (the exact three-player table: about five minutes once); "
        "thousand solve --game poker_dice --rules yahtzee (the best expected total of one "
        "player's sheet)",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="dice1000",
        help="dice1000 (default), or poker_dice: the sheet's best expected final total for "
        "one player (solitaire)",
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help=f"a preset name or a TOML/JSON rules file (default: {DEFAULT_PRESET}, or "
        "russian with --game poker_dice; see 'thousand rules')",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3),
        help="2 (default), or 3: every position of three players solved exactly, each "
        "maximising their own chance (rules where scores only grow); dice 1000 only",
    )
    add_json_option(
        parser,
        "first_player_win, states, seconds, peak_memory_mb and more (poker_dice: game, "
        "rules, expected_total, states, seconds, peak_memory_mb, cached)",
    )
    parser.add_argument("--force", action="store_true", help="recompute even if cached")
    parser.set_defaults(handler=run)


def _progress(env: Env) -> Callable[[str], None]:
    """Progress lines on standard error, so standard output keeps only the result."""

    def say(message: str) -> None:
        env.stderr.write(f"solve: {message}\n")
        env.stderr.flush()

    return say


class Saved(Protocol):
    """A solved strategy, which goes to the cache."""

    def save(self) -> Path: ...


S = TypeVar("S", bound=Saved)


def _cached_or_solved(
    args: argparse.Namespace,
    env: Env,
    load: Callable[[], S | None],
    solve: Callable[[Callable[[str], None] | None], S],
) -> tuple[S, bool]:
    """(the strategy, whether it came from the cache): ``load``-ed unless ``--force``,
    else ``solve``-d — progress on standard error unless ``--json`` — and saved."""
    strategy = None if args.force else load()
    if strategy is not None:
        return strategy, True
    strategy = solve(None if args.json else _progress(env))
    strategy.save()
    return strategy, False


class SolveCost(Protocol):
    """What every game's solve reports of its size and cost."""

    @property
    def states(self) -> int: ...

    @property
    def seconds(self) -> float: ...

    @property
    def peak_memory_mb(self) -> float: ...


def _tell_solve(
    env: Env,
    info: SolveCost,
    when: str,
    path: Path,
    method: Sequence[str] = (),
) -> None:
    """The lines every solve's report ends with: the positions, what the solve cost and
    ``when`` it was done, the ``method`` lines, the strategy's file."""
    env.print(f"positions: {info.states:,}")
    env.print(f"{when} in {info.seconds:.1f} s with a peak of {info.peak_memory_mb:.0f} MB")
    for line in method:
        env.print(line)
    env.print(f"strategy: {path}")


def _when(cached: bool) -> str:
    return "cached; computed" if cached else "computed"


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    if args.game == "poker_dice":
        return _run_poker_dice(args, env)
    from dataclasses import asdict  # noqa: PLC0415

    from thousand.games.dice1000.solver.strategy import cache_path, load_strategy, solve_any  # noqa: PLC0415

    args.rules = args.rules or DEFAULT_PRESET
    game = Game(load_rules(args.rules))
    if args.players == 3:
        return _run_three(args, env, game)
    strategy, cached = _cached_or_solved(
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
    when = "shipped with thousand; computed" if shipped else _when(cached)
    _tell_solve(env, info, when, source, _method(info))
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
    strategy, cached = _cached_or_solved(
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
    _tell_solve(env, info, _when(cached), three_path(game), _method(info))
    return ExitStatus.OK


def _run_poker_dice(args: argparse.Namespace, env: Env) -> ExitStatus:
    """``--game poker_dice``: one player's best expected total of a sheet game."""
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

    strategy, cached = _cached_or_solved(
        args, env, lambda: Strategy.load(rules), lambda progress: solve(rules, progress)
    )
    info = strategy.info
    path = strategy.source or cache_path(rules)
    if args.json:
        env.print_json(
            {
                "game": "poker_dice",
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
    _tell_solve(env, info, _when(cached), path)
    return ExitStatus.OK
