"""The engine's exceptions: one small family that every client can catch.

Every error is a ``ValueError`` (as in python-chess) carrying a message a player
understands. The command line maps any :class:`ThousandError` to exit status 2 and
prints its message as one line; the terminal game and the web server show the same
message, or translate it from :attr:`IllegalActionError.rule` and ``params``.
"""

from __future__ import annotations

from typing import Any


class ThousandError(ValueError):
    """Base of every error the engine and its formats raise on bad input."""


class RulesError(ThousandError):
    """A rules configuration is invalid: unknown preset, unknown key, wrong type or range.

    ``key`` names the offending key as a path (``barrels[1].to``) when there is one.
    """

    def __init__(self, message: str, key: str | None = None) -> None:
        super().__init__(message)
        self.key = key


class IllegalActionError(ThousandError):
    """An action the rules do not allow in this position.

    ``rule`` is a stable identifier of the rule that forbids it (``entry``, ``barrel``,
    ``hot_dice``, ``dice_count`` …) and ``params`` its figures, so a client can render
    the reason in the player's language; the message itself is English.
    """

    def __init__(self, message: str, rule: str, **params: Any) -> None:
        super().__init__(message)
        self.rule = rule
        self.params = params


class RecordError(ThousandError):
    """A game record is malformed or illegal; the message names the turn and throw."""


class InputFileError(ThousandError):
    """A file cannot be read or parsed (missing, not UTF-8, malformed JSON or TOML)."""


class SaveError(ThousandError):
    """The program's own file could not be written (a full disk, a read-only folder).

    Not the user's input, so the command line exits with status 1, which it reserves
    for I/O failures, not 2; the message still names the file in one line.
    """


def one_line(message: str) -> str:
    """A message as one line that is safe to print on a terminal.

    Line breaks become spaces; every other character that is not printable — control
    characters, terminal escape sequences, ``\\r``, U+2028, lone surrogates — is shown as
    its Python escape (``\\x1b``), so a hostile name in a file can neither break the line
    nor drive the terminal.
    """
    flat = " ".join(message.replace("\r", "\\r").split("\n")).rstrip()
    if flat.isprintable():
        return flat
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in flat)
