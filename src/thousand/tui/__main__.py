"""``python -m thousand.tui [play options]`` or ``python -m thousand.tui games``.

The same ``play`` and ``games`` commands as ``thousand play`` and ``thousand games``,
runnable before (or without) the main command line; the first argument defaults to
``play``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from thousand.cli.commands import games, play
from thousand.cli.commands.base import ArgumentParser, Env, ExitStatus, UsageError
from thousand.core.errors import ThousandError, one_line


def main(argv: Sequence[str] | None = None, env: Env | None = None) -> int:
    """Run ``play`` or ``games``; errors are one line on standard error and status 2."""
    env = env if env is not None else Env(sys.stdin, sys.stdout, sys.stderr)
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments or arguments[0] not in ("play", "games", "-h", "--help"):
        arguments.insert(0, "play")
    parser = ArgumentParser(prog="python -m thousand.tui")
    subparsers = parser.add_subparsers(dest="command", required=True)
    play.register(subparsers)
    games.register(subparsers)
    try:
        args = parser.parse_args(arguments)
        return int(args.handler(args, env))
    except (UsageError, ThousandError) as exc:
        env.stderr.write(one_line(str(exc)) + "\n")
        return int(ExitStatus.BAD_INPUT)
    except KeyboardInterrupt:
        return int(ExitStatus.INTERRUPTED)


if __name__ == "__main__":
    sys.exit(main())
