"""Reading the files users hand us: records and rules files, JSON or TOML.

Every failure becomes one :class:`~thousand.core.errors.InputFileError` line that names the
file and, for syntax errors, the line and column, so the command line can print it and
exit 2 without a traceback. Nothing here writes.

Hostile input is bounded before it can hurt (decisions of the project, not of the rule
book):

* a file or standard input larger than :data:`MAX_INPUT_BYTES` is refused after reading
  that much — a record of the longest game the program lets run (100,000 turns) is a
  few MB, so no real record comes near it, and ``/dev/zero`` cannot fill the memory;
* text must be strict UTF-8, also on standard input whatever the locale (Python would
  otherwise smuggle undecodable bytes in as lone surrogates);
* parsed data may nest at most :data:`MAX_DEPTH` levels (a record needs six), its whole
  numbers fit in 64 bits, it has no ``NaN`` or infinities and no lone surrogates (which
  no file can hold as UTF-8): each refusal names where in the data it is.
"""

from __future__ import annotations

import io
import json
import math
import sys
import tomllib
from pathlib import Path
from typing import IO, Any

from thousand.core.errors import InputFileError

STDIN = "-"

MAX_INPUT_BYTES = 64 * 1024 * 1024
"""The most a record or rules file may hold (64 MiB)."""

MAX_DEPTH = 32
"""How deep parsed data may nest (objects and lists within each other)."""

MAX_INTEGER = 2**63 - 1
"""The largest whole number (in size) a file may hold: 64 bits, signed."""


class ClosedInput(io.StringIO):
    """Standard input of a process started with it closed (``<&-``): reading it is an
    error the command names, and it is no terminal."""

    def read(self, size: int | None = -1, /) -> str:
        raise OSError("standard input is closed")

    def isatty(self) -> bool:
        return False


def read_text(path: str, stdin: IO[str] | None = None) -> str:
    """The text of ``path`` (``-`` is standard input, or the ``stdin`` given), as UTF-8."""
    where = "standard input" if path == STDIN else path
    if path == STDIN:
        return _read_stdin(stdin)
    try:
        with Path(path).open("rb") as file:
            data = file.read(MAX_INPUT_BYTES + 1)
    except FileNotFoundError:
        raise InputFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputFileError(f"{path}: is a directory, not a file") from None
    except PermissionError:
        raise InputFileError(f"{path}: permission denied") from None
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return _decode(data, where)


def _read_stdin(stdin: IO[str] | None) -> str:
    """Standard input, bounded and strictly UTF-8; a closed one is an error, not a crash."""
    stream = stdin if stdin is not None else sys.stdin
    if stream is None:  # the process was started with standard input closed
        raise InputFileError("standard input: closed, nothing to read")
    buffer = getattr(stream, "buffer", None)
    try:
        raw: bytes | str = (buffer if buffer is not None else stream).read(MAX_INPUT_BYTES + 1)
    except UnicodeDecodeError as exc:
        raise InputFileError(f"standard input: not UTF-8 text (byte {exc.start})") from None
    except (OSError, ValueError):  # a closed descriptor or file object
        raise InputFileError("standard input: closed, nothing to read") from None
    if isinstance(raw, bytes):
        return _decode(raw, "standard input")
    text = raw
    if len(text) > MAX_INPUT_BYTES:
        raise _too_large("standard input")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:  # lone surrogates smuggled in by the locale
        raise InputFileError(f"standard input: not UTF-8 text (character {exc.start})") from None
    return text


def _decode(data: bytes, where: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise _too_large(where)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{where}: not UTF-8 text (byte {exc.start})") from None


def _too_large(where: str) -> InputFileError:
    limit = MAX_INPUT_BYTES // (1024 * 1024)
    return InputFileError(
        f"{where}: larger than {limit} MiB, more than any record or rules file holds"
    )


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a file may hold")


def parse_json(text: str, source: str) -> Any:
    """Parse JSON, naming line and column of a syntax error; then :func:`check_data`."""
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise InputFileError(
            f"{source}: malformed JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except RecursionError:
        raise InputFileError(f"{source}: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:  # integers beyond Python's digit limit, NaN, Infinity
        raise InputFileError(f"{source}: {_number_error(exc)}") from None
    check_data(data, source)
    return data


def parse_toml(text: str, source: str) -> dict[str, Any]:
    """Parse TOML (tomllib puts line and column in its message); then :func:`check_data`."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputFileError(f"{source}: malformed TOML: {exc}") from None
    except RecursionError:
        raise InputFileError(f"{source}: nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as exc:
        raise InputFileError(f"{source}: {_number_error(exc)}") from None
    check_data(data, source)
    return data


def _number_error(exc: ValueError) -> str:
    if "digits" in str(exc):
        return f"a number too large (more than {len(str(MAX_INTEGER))} digits)"
    return str(exc)


def check_data(data: Any, source: str) -> None:
    """Refuse parsed data no real file holds: too deep, huge or non-finite numbers, lone
    surrogates. Iterative, so the check itself cannot run out of stack. Data that passes
    (nearly all: every message a server reads) is walked once without naming where it
    is (:func:`_passes`); only data refused is walked again to say where."""
    if _passes(data):
        return
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth >= MAX_DEPTH:
                raise InputFileError(f"{source}: nested deeper than {MAX_DEPTH} levels{_at(where)}")
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str):
                    _check_text(key, source, where)
                    inner = f"{where}.{key}" if where else key
                else:
                    inner = f"{where}[{key}]"
                stack.append((item, inner, depth + 1))
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INTEGER:
                raise InputFileError(
                    f"{source}: a number too large (more than 64 bits){_at(where)}"
                )
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InputFileError(f"{source}: not a finite number{_at(where)}")
        elif isinstance(value, str):
            _check_text(value, source, where)


def _passes(data: Any) -> bool:
    """Whether :func:`check_data` lets ``data`` through: its checks, without the path
    strings that name where a refusal is (what a server's every message would pay)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH:
                return False
            for key, item in value.items():
                if isinstance(key, str) and not _is_text(key):
                    return False
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                return False
            stack.extend((item, depth + 1) for item in value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if abs(value) > MAX_INTEGER:
                return False
        elif isinstance(value, float):
            if not math.isfinite(value):
                return False
        elif isinstance(value, str) and not _is_text(value):
            return False
    return True


def _is_text(text: str) -> bool:
    """Unicode text: no lone surrogate."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _check_text(text: str, source: str, where: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InputFileError(
            f"{source}: text with a lone surrogate, not Unicode text{_at(where)}"
        ) from None


def _at(where: str) -> str:
    return f" (at {where})" if where else ""


def load_data(path: str) -> Any:
    """JSON or TOML by the file's ending; anything else is tried as JSON first."""
    text = read_text(path)
    if path.lower().endswith(".toml"):
        return parse_toml(text, path)
    if path.lower().endswith(".json") or text.lstrip().startswith(("{", "[")):
        return parse_json(text, path)
    return parse_toml(text, path)
