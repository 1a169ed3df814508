"""``thousand ratings --db URL [--check]``: a server's ratings made again from its games.

A server rates each finished game between players as it ends (docs/history.md); the
ratings are a function of the stored games in order of finish, so they can always be
made again from nothing: this command does it and stores them (after changing how
ratings are made, say), or with ``--check`` only compares them with the stored ones.
Exit statuses: 0 when stored (or, with ``--check``, equal), 1 when ``--check`` finds a
difference, 2 for a database it cannot open.
"""

from __future__ import annotations

import argparse
import math
import os
from pathlib import Path
from typing import TYPE_CHECKING

from thousand.cli.commands.base import Env, ExitStatus, Subparsers
from thousand.core.errors import ThousandError

if TYPE_CHECKING:
    from thousand.web.ratings import Rating


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "ratings",
        help="make a server's ratings again from its stored games",
        description="Recompute every player's rating per game from the server's finished "
        "games, in the order they ended, and store them; with --check, only compare them "
        "with the stored ratings. Exit status 0: stored, or equal; 1: --check found a "
        "difference; 2: the database cannot be opened.",
        epilog="example: thousand ratings --db sqlite:///server.db --check",
    )
    parser.add_argument(
        "--db",
        metavar="URL",
        help="the server's database: sqlite:///FILE or postgresql://USER:PASSWORD@HOST/DB "
        "(default: $THOUSAND_DB)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare with the stored ratings, change nothing; exit 1 on a difference",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, env: Env) -> ExitStatus:
    from thousand.web import history  # noqa: PLC0415 - the server's libraries: this command only
    from thousand.web.store import Store, database_url  # noqa: PLC0415

    url = args.db or os.environ.get("THOUSAND_DB")
    if not url:
        raise ThousandError("--db: the server's database URL is needed (or $THOUSAND_DB)")
    try:
        parsed = database_url(url)
        file = parsed.database if parsed.get_backend_name() == "sqlite" else None
        if file and file != ":memory:" and not Path(file).is_file():
            # a mistyped path would otherwise be a new, empty server's database
            raise ThousandError(f"no database file at {file}")
        store = Store(url)
    except ThousandError as exc:
        raise ThousandError(f"--db: {exc}") from None
    try:
        with store.engine.begin() as connection:
            history.lock_ratings(connection)  # no game ends meanwhile
            made = history.recompute(connection)
            if not args.check:
                history.store_ratings(connection, made)
                env.print(f"thousand ratings: {len(made)} ratings stored ({store.where})")
                return ExitStatus.OK
            stored = history.stored_ratings(connection)
    finally:
        store.close()
    differing = sorted(
        key
        for key in made.keys() | stored.keys()
        if key not in made or key not in stored or not _same(made[key], stored[key])
    )
    if differing:
        player, game = differing[0]
        env.print(
            f"thousand ratings: {len(differing)} of {len(made | stored)} ratings differ from "
            f"the stored games (first: player {player}, {game})"
        )
        return ExitStatus.ERROR
    env.print(f"thousand ratings: {len(made)} ratings equal the stored games'")
    return ExitStatus.OK


def _same(first: Rating, second: Rating) -> bool:
    """Equal ratings (to rounding: a database may hand a float back to the last bit or
    not)."""
    return (
        first.games == second.games
        and math.isclose(first.mu, second.mu, rel_tol=1e-12, abs_tol=1e-12)
        and math.isclose(first.sigma, second.sigma, rel_tol=1e-12, abs_tol=1e-12)
    )
