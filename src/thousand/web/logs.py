"""The server's log lines: plain text for a terminal, JSON lines for a deployment; no token.

:func:`configure_logging` puts one handler on the root logger, so the server's own
loggers (``thousand.*``) and uvicorn's (``uvicorn``, ``uvicorn.error``) come out through
the same formatter. In JSON each line is one object: ``time`` (UTC, ISO 8601),
``level``, ``logger``, ``message``, ``process`` (host name and process id: which of the
deployment's processes wrote it), ``exception`` when there is one, and every field given
with ``extra=`` (``log.info("...", extra={"room": room_id, "seat": 2})``).

A seat's token is the only proof that a client holds the seat (PROTOCOL.md: it never
reaches the logs). The server logs seats by index, and uvicorn's access log (which would
print the WebSocket's ``?token=``) stays off; :func:`scrub` is the net under both. Once
:func:`configure_logging` has run, every record is scrubbed as it is made (before any
handler sees it, pytest's included), and again by the handler's filter
(:class:`RedactTokens`, which alone sees the fields of ``extra=``): the message with its
arguments, the exception's text, the stack and the extra fields lose

- the value of any ``…token=`` (a query string, a keyword argument's repr);
- the value of a ``"…token": "…"`` key (a JSON body, a dict's repr);
- the credentials of an ``Authorization`` header, whatever quotes the header came in;
- any bare run of 32 or more URL-safe characters with a capital letter or a digit in
  it, which is what :func:`secrets.token_urlsafe` makes (a seat token is 32 of them,
  ``thousand.web.rooms.base.new_token``). A snake_case name that long has neither, so
  tracebacks keep their function names; a hex digest or a UUID is redacted too, which
  costs nothing.
"""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, Literal, TextIO

LogFormat = Literal["text", "json"]
LOG_FORMATS: tuple[LogFormat, ...] = ("text", "json")
LOG_LEVELS = ("debug", "info", "warning", "error", "critical")
REDACTED = "[redacted]"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_URLSAFE = "A-Za-z0-9_-"
_ASSIGNED = re.compile(r"(?i)([a-z_]*token\s*=\s*(?:b?[\"'])?)[^&\s\"'#;,)]+")
_KEYED = re.compile(r"(?i)([\"'][a-z_]*token[\"']\s*:\s*b?[\"'])[^\"']*")
_AUTHORIZATION = re.compile(
    r"(?i)((?:proxy-)?authorization[\"']?\s*[:=,]\s*(?:b?[\"'])?(?:(?:bearer|basic|token)\s+)?)"
    r"[^\s\"',;)]+"
)
_BARE = re.compile(
    rf"(?<![{_URLSAFE}])(?=[{_URLSAFE}]*[A-Z0-9])[{_URLSAFE}]{{32,}}(?![{_URLSAFE}])"
)

_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message",
    "asctime",
    "taskName",
    "color_message",
}
"""A record's own attributes (and uvicorn's coloured copy of its message): everything
else on it came from ``extra=``."""

UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi")
QUIET_LOGGERS = ("uvicorn", "alembic")
"""Held at ``warning`` unless the level is ``debug``: uvicorn's start-up lines say what
``thousand serve`` prints itself, and Alembic says which SQL dialect it found every time
a store opens."""


def redact(text: str) -> str:
    """``text`` with every token in it replaced (see the module docstring)."""
    text = _ASSIGNED.sub(rf"\1{REDACTED}", text)
    text = _KEYED.sub(rf"\1{REDACTED}", text)
    text = _AUTHORIZATION.sub(rf"\1{REDACTED}", text)
    return _BARE.sub(REDACTED, text)


def scrub(record: logging.LogRecord) -> logging.LogRecord:
    """``record`` without tokens (module docstring), changed in place and returned.

    The message is rendered with its arguments first, then redacted, and the arguments
    dropped: a token given as an argument is caught, and a ``%`` in the result is never
    read as a format again. The exception is rendered to ``exc_text``, which formatters
    use as it is. Scrubbing twice changes nothing more.
    """
    try:
        message = record.getMessage()
    except Exception:  # a bad format string: keep everything, still without tokens
        message = f"{record.msg!r} {record.args!r}"
    record.msg = redact(message)
    record.args = None
    if record.exc_info and not record.exc_text:
        record.exc_text = logging.Formatter().formatException(record.exc_info)
    if record.exc_text:
        record.exc_text = redact(record.exc_text)
    if record.stack_info:
        record.stack_info = redact(record.stack_info)
    for key, value in list(record.__dict__.items()):
        if key in _STANDARD or value is None or isinstance(value, bool | int | float):
            continue
        record.__dict__[key] = redact(value if isinstance(value, str) else str(value))
    return record


class RedactTokens(logging.Filter):
    """:func:`scrub` on every record a handler is given: the only place where the fields
    of ``extra=`` are seen (they are set on a record after it is made)."""

    def filter(self, record: logging.LogRecord) -> bool:
        scrub(record)
        return True


class _ScrubbingFactory:
    """Makes every log record already scrubbed, so that no handler, whenever it was
    added and whatever it does (pytest's, a library's own), ever sees a token."""

    def __init__(self, make: Callable[..., logging.LogRecord]) -> None:
        self.make = make

    def __call__(self, *args: Any, **kwargs: Any) -> logging.LogRecord:
        return scrub(self.make(*args, **kwargs))


class JsonFormatter(logging.Formatter):
    """One JSON object per line (module docstring); never a line break inside one."""

    def __init__(self) -> None:
        super().__init__()
        self._host = socket.gethostname()

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "process": f"{self._host}:{os.getpid()}",
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and key not in entry:
                entry[key] = value
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exception"] = record.exc_text
        if record.stack_info:
            entry["stack"] = record.stack_info
        return json.dumps(entry, ensure_ascii=False, default=str)


class _Handler(logging.StreamHandler[TextIO]):
    """The handler :func:`configure_logging` installs (and replaces when called again)."""


def configure_logging(fmt: LogFormat, level: str, stream: TextIO | None = None) -> logging.Handler:
    """Send every log record at ``level`` or above to ``stream`` (standard error) in
    ``fmt``, tokens removed; uvicorn's loggers included (:data:`QUIET_LOGGERS` at
    ``warning`` or above unless ``level`` is ``debug``).

    Called again, it replaces its own handler and leaves any other (pytest's) alone.
    """
    if fmt not in LOG_FORMATS:
        raise ValueError(f"log format {fmt!r}: expected one of {', '.join(LOG_FORMATS)}")
    if level.lower() not in LOG_LEVELS:
        raise ValueError(f"log level {level!r}: expected one of {', '.join(LOG_LEVELS)}")
    numeric = logging.getLevelNamesMapping()[level.upper()]
    handler = _Handler(sys.stderr if stream is None else stream)
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    handler.addFilter(RedactTokens())
    if not isinstance(logging.getLogRecordFactory(), _ScrubbingFactory):
        logging.setLogRecordFactory(_ScrubbingFactory(logging.getLogRecordFactory()))
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, _Handler)]:
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)
    root.setLevel(numeric)
    for name in UVICORN_LOGGERS:
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    quiet = numeric if numeric == logging.DEBUG else max(numeric, logging.WARNING)
    for name in QUIET_LOGGERS:
        logging.getLogger(name).setLevel(quiet)
    return handler
