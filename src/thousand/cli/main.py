"""The ``thousand`` command line: ``main(argv) -> ExitStatus`` with injectable streams.

Shaped like httpie's ``core.main``: tests call :func:`main` in-process with
``StringIO`` streams; :func:`run` is the console entry point. Commands come from
:data:`REGISTRARS`, one ``register(subparsers)`` per command module, so adding a
command is a module with ``register`` and one entry there.

Every error the user can cause — bad arguments, rules, records, files — is one line
on standard error and exit status 2, never a traceback (STYLE.md example 5).
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Sequence
from typing import TextIO

from thousand import __version__
from thousand.cli.commands import (
    advise,
    games,
    odds,
    play,
    ratings,
    replay,
    review,
    rules,
    score,
    serve,
    simulate,
    solve,
    stats,
    verify,
)
from thousand.cli.commands.base import (
    ArgumentParser,
    Env,
    ExitStatus,
    Handler,
    Registrar,
    UsageError,
)
from thousand.cli.storage import in_prose
from thousand.core.errors import SaveError, ThousandError, one_line
from thousand.core.files import ClosedInput
from thousand.games import game_names

__all__ = ["REGISTRARS", "ExitStatus", "build_parser", "main", "run"]

REGISTRARS: tuple[Registrar, ...] = (
    play.register,
    serve.register,
    ratings.register,
    games.register,
    stats.register,
    score.register,
    rules.register,
    replay.register,
    verify.register,
    odds.register,
    solve.register,
    advise.register,
    review.register,
    simulate.register,
)
"""The commands, in the order ``thousand --help`` lists them."""


def build_parser() -> ArgumentParser:
    """The full parser: global options and one subparser per registrar."""
    parser = ArgumentParser(
        prog="thousand",
        description=f"The games of «тысяча»: {in_prose(game_names(), 'and')}. Play them "
        "in the terminal or online, keep the score of a game at a real table, check game "
        "records, and ask the solvers and advisors what each decision brings.",
        epilog="Run 'thousand COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"thousand {__version__}")
    parser.add_argument(
        "--traceback",
        action="store_true",
        help="on an unexpected internal error, show the Python traceback (for bug reports)",
    )
    subparsers = parser.add_subparsers(
        title="commands", metavar="COMMAND", dest="command", required=True
    )
    for register in REGISTRARS:
        register(subparsers)
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> ExitStatus:
    """Run one command; return its exit status. Streams default to the process's."""
    env = Env(
        stdin if stdin is not None else (sys.stdin or ClosedInput()),
        stdout if stdout is not None else (sys.stdout or _devnull()),
        stderr if stderr is not None else (sys.stderr or _devnull()),
    )
    arguments = list(sys.argv[1:] if argv is None else argv)
    show_traceback = "--traceback" in arguments
    try:
        return _run_command(arguments, env)
    except SaveError as exc:  # our own file, not the user's input: an I/O failure
        _error_line(env, str(exc))
        return ExitStatus.ERROR
    except (UsageError, ThousandError) as exc:
        _error_line(env, str(exc))
        return ExitStatus.BAD_INPUT
    except KeyboardInterrupt:
        return ExitStatus.INTERRUPTED
    except BrokenPipeError:
        _silence_stdout(env)
        return ExitStatus.BROKEN_PIPE
    except Exception as exc:
        # A bug: one line by default, the traceback on request.
        if show_traceback:
            traceback.print_exc(file=env.stderr)
        else:
            _error_line(
                env,
                f"thousand: internal error: {type(exc).__name__}: {exc} "
                "(run again with --traceback and report it)",
            )
        return ExitStatus.ERROR


def _run_command(arguments: list[str], env: Env) -> ExitStatus:
    parser = build_parser()
    if not [argument for argument in arguments if argument != "--traceback"]:
        # ``thousand`` alone: what it can do (``thousand play`` first), not a usage error.
        env.stdout.write(parser.format_help())
        return ExitStatus.OK
    # --help and --version print through sys.stdout and exit; point them at our streams.
    with contextlib.redirect_stdout(env.stdout), contextlib.redirect_stderr(env.stderr):
        try:
            args, extra = parser.parse_known_args(arguments)
        except SystemExit as exit_:
            return ExitStatus.OK if exit_.code in (0, None) else ExitStatus.BAD_INPUT
    if extra:
        # Name the command whose arguments they were, not just "thousand".
        prog = f"thousand {args.command}" if args.command else "thousand"
        raise UsageError(f"{prog}: unrecognized arguments: {' '.join(extra)} (see '{prog} --help')")
    handler: Handler = args.handler
    return handler(args, env)


def _error_line(env: Env, message: str) -> None:
    """An error as exactly one line, whatever the message holds (see :func:`one_line`)."""
    env.stderr.write(one_line(message) + "\n")
    env.stderr.flush()


def _devnull() -> TextIO:
    """Where output goes when the process was started with that stream closed."""
    return open(os.devnull, "w", encoding="utf-8")


def _silence_stdout(env: Env) -> None:
    """After a broken pipe, keep Python's exit-time flush from raising again."""
    if env.stdout is sys.stdout:
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())


def run() -> None:
    """Console entry point (``thousand`` in pyproject)."""
    sys.exit(main())
