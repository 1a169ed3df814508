"""What every command shares: streams, exit statuses, common options and output.

Kept apart from :mod:`thousand.cli.main` so command modules can import it without
importing the command line itself (which imports them).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NoReturn, TextIO, TypeAlias

from rich.console import Console

from thousand.games import DEFAULT_GAME, game_info


class ExitStatus(IntEnum):
    """Exit statuses of ``thousand``; shells report 128 + signal for the last two."""

    OK = 0
    ERROR = 1
    """Reserved for failures that are not the user's input (a bug, an I/O error)."""
    BAD_INPUT = 2
    """Bad arguments, rules, records or files: the message says which."""
    INTERRUPTED = 130
    """Ctrl-C (SIGINT)."""
    BROKEN_PIPE = 141
    """The reader of our output went away (SIGPIPE), e.g. ``thousand … | head``."""


class UsageError(Exception):
    """Bad command-line arguments; the message is one line that names the argument."""


class ArgumentParser(argparse.ArgumentParser):
    """argparse that raises :class:`UsageError` instead of printing usage and exiting.

    Subparsers inherit the class, so every command's usage errors become one line.
    """

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


Subparsers: TypeAlias = "argparse._SubParsersAction[ArgumentParser]"
"""What a registrar adds its command to (argparse has no public name for it)."""


@dataclass(frozen=True, slots=True)
class Env:
    """The streams a command reads and writes; injected so tests run in-process."""

    stdin: TextIO
    stdout: TextIO
    stderr: TextIO

    def print(self, text: str = "") -> None:
        """One or more lines of human output on standard output."""
        self.stdout.write(text + "\n")

    def print_json(self, data: Any) -> None:
        """Machine output: UTF-8 JSON, indented, names in their own script."""
        self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")

    def console(self, min_width: int = 80) -> Console:
        """A rich console on our stdout, never narrower than ``min_width``.

        Rich itself writes colour only to a terminal, so files, pipes and tests get
        plain text.
        """
        console = Console(file=self.stdout, highlight=False, emoji=False, soft_wrap=False)
        console.width = max(min_width, console.width)
        return console


Handler = Callable[[argparse.Namespace, Env], ExitStatus]
"""Runs a parsed command; set on each subparser as ``handler``."""

Registrar = Callable[[Subparsers], None]
"""Adds one command's parser to the ``thousand`` subparsers."""


def add_rules_option(parser: argparse.ArgumentParser) -> None:
    """``--rules PRESET|FILE``, the same everywhere a command needs rules (the default
    game's default preset unless given)."""
    default = game_info(DEFAULT_GAME).default_preset
    parser.add_argument(
        "--rules",
        metavar="PRESET|FILE",
        default=default,
        help=f"a preset name or a TOML/JSON rules file (default: {default}; see 'thousand rules')",
    )


def add_json_option(parser: argparse.ArgumentParser, what: str) -> None:
    """``--json``: machine-readable output instead of the human report."""
    parser.add_argument("--json", action="store_true", help=f"print {what} as JSON")


MAX_SEED = 2**63 - 1
"""The largest seed: it is written into a record's ``meta``, and records hold 64-bit
numbers at most (:data:`thousand.core.files.MAX_INTEGER`)."""


def seed_value(text: str) -> int:
    """An argparse type for ``--seed``: a whole number from 0 to :data:`MAX_SEED`."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is not a seed from 0 to 2**63 - 1") from None
    return value
