"""``thousand solve``: the solved strategy of a rule set of a game, computed once.

``--game`` picks the game (the default game without it); its command-line adapter solves
and reports (``thousand.cli.games.NAME.commands.solve``). What every game's
solve shares is here: progress on standard error — the share solved, or each pass's
largest change — with an estimate of the time left; Ctrl+C stops the solve within a
second and caches nothing of it; the cache read unless ``--force``; the report's last
lines. The solvers (and numba behind them) are imported only when this command runs, so
the rest of the command line starts fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

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
    add_json_option,
)
from thousand.cli.storage import prose
from thousand.games import DEFAULT_GAME, require


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "solve",
        help="solve the game for two players: the winning chance of perfect play",
        description="Compute, for two players, the strategy that maximises the chance of "
        "winning from every position, and cache it. Prints the first player's chance when "
        "both play perfectly. Rules where scores can fall (bolts, dump trucks, overtaking, "
        "barrel attempts and knock-off) are solved by value iteration, which takes a minute "
        "or two; progress and an estimate of the time left go to standard error.",
        epilog=f"example: {examples('solve', 'solve.example')}",
    )
    add_game_option(
        parser,
        f"{DEFAULT_GAME} (default)"
        + "".join(f", or {name}: {help_of(name, 'solve.game')}" for name in other_games("solve")),
    )
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        help="a preset name or a TOML/JSON rules file (default: "
        f"{default_rules_help('solve')}; see 'thousand rules')",
    )
    parser.add_argument(
        "--players",
        type=int,
        choices=(2, 3),
        help="2 (default), or 3: every position of three players solved exactly, each "
        "maximising their own chance (rules where scores only grow); "
        f"{prose(DEFAULT_GAME)} only",
    )
    add_json_option(parser, with_others("solve", "solve.json"))
    parser.add_argument("--force", action="store_true", help="recompute even if cached")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    require(args.game, "solve", "thousand solve")
    return cli_game(args.game).solve(args, env)


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


def cached_or_solved(
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


def tell_solve(
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


def when_done(cached: bool) -> str:
    return "cached; computed" if cached else "computed"
