"""Reading the files users hand us: records and rules files, JSON or TOML.

Every failure becomes one :class:`~thousand.core.errors.InputFileError` line that names the
file and, for syntax errors, the line and column, so the command line can print it and
exit 2 without a traceback. Nothing here writes.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import IO, Any

from thousand.core.errors import InputFileError

STDIN = "-"


def read_text(path: str, stdin: IO[str] | None = None) -> str:
    """The text of ``path`` (``-`` is standard input, or the ``stdin`` given), as UTF-8."""
    try:
        if path == STDIN:
            if stdin is not None:
                return stdin.read()
            return sys.stdin.buffer.read().decode("utf-8")
        return Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise InputFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{path}: is a directory, not a file") from None
    except PermissionError:
        raise InputFileError(f"{path}: permission denied") from None
    except UnicodeDecodeError as exc:
        where = "standard input" if path == STDIN else path
        raise InputFileError(f"{where}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror}") from None


def parse_json(text: str, source: str) -> Any:
    """Parse JSON, naming line and column of a syntax error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputFileError(
            f"{source}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML; tomllib already puts line and column in its message."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputFileError(f"{source}: malformed TOML: {exc}") from None


def load_data(path: str) -> Any:
    """JSON or TOML by the file's ending; anything else is tried as JSON first."""
    text = read_text(path)
    if path.lower().endswith(".toml"):
        return parse_toml(text, path)
    if path.lower().endswith(".json") or text.lstrip().startswith(("{", "[")):
        return parse_json(text, path)
    return parse_toml(text, path)
