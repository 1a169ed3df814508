"""The server's log lines (:mod:`thousand.web.logs`): no token in any part of a record,
JSON lines that parse with their fields, uvicorn's loggers through the same handler."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest

from thousand.web.logs import REDACTED, LogFormat, configure_logging, redact
from thousand.web.players import new_key
from thousand.web.rooms.base import new_token

TOKEN = new_token()


class Logged:
    """What :func:`configure_logging` wrote, as text or as parsed JSON lines."""

    def __init__(self) -> None:
        self.stream = io.StringIO()

    def start(self, fmt: LogFormat, level: str = "info") -> None:
        configure_logging(fmt, level, self.stream)

    @property
    def text(self) -> str:
        return self.stream.getvalue()

    def entries(self) -> list[dict[str, Any]]:
        return [json.loads(line) for line in self.text.splitlines()]


@pytest.fixture
def logged() -> Iterator[Logged]:
    """The root logger configured for one test, then put back as it was."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    factory = logging.getLogRecordFactory()
    uvicorn = {
        name: (list(logger.handlers), logger.propagate, logger.level)
        for name in ("uvicorn", "uvicorn.error", "alembic")
        for logger in [logging.getLogger(name)]
    }
    try:
        yield Logged()
    finally:
        for handler in root.handlers:
            if handler not in handlers:
                root.removeHandler(handler)
        root.setLevel(level)
        logging.setLogRecordFactory(factory)
        for name, (kept, propagate, own_level) in uvicorn.items():
            logger = logging.getLogger(name)
            logger.handlers[:] = kept
            logger.propagate = propagate
            logger.setLevel(own_level)


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_token_in_the_message_in_its_arguments_or_in_an_exception_is_removed(
    logged: Logged, fmt: LogFormat, caplog: pytest.LogCaptureFixture
) -> None:
    logged.start(fmt)
    log = logging.getLogger("thousand.web")
    log.info(f"GET /ws/rooms/abcdef1234?token={TOKEN}&lang=ru")
    log.info("joined with %s as %r", TOKEN, {"token": TOKEN})
    log.warning("headers %s", [(b"authorization", f"Bearer {TOKEN}".encode())])
    try:
        raise ValueError(f"no seat holds {TOKEN}")
    except ValueError:
        log.exception("room %s: internal error", "abcdef1234")
    log.info("seat", extra={"room": "abcdef1234", "client": f"token={TOKEN}"})

    assert TOKEN not in logged.text
    assert TOKEN[:16] not in logged.text and TOKEN[-16:] not in logged.text
    assert logged.text.count(REDACTED) == (6 if fmt == "json" else 5)  # the extra: JSON
    assert TOKEN not in caplog.text  # a handler added before ours sees no token either
    assert caplog.text.count(REDACTED) == 5
    assert "room abcdef1234: internal error" in logged.text  # the rest is kept
    assert "ValueError: no seat holds" in logged.text


def test_json_lines_parse_with_their_fields(logged: Logged) -> None:
    logged.start("json")
    log = logging.getLogger("thousand.web")
    log.info("room %s: connection (seat %s)", "abcdef1234", 1, extra={"room": "abcdef1234"})
    log.debug("not shown at info")
    try:
        1 / 0  # noqa: B018
    except ZeroDivisionError:
        log.error("driver error\nsecond line", exc_info=True, extra={"seat": 2})

    first, second = logged.entries()
    assert len(logged.text.splitlines()) == 2  # one object a line, line breaks escaped
    assert set(first) == {"time", "level", "logger", "message", "process", "room"}
    assert first["level"] == "INFO"
    assert first["logger"] == "thousand.web"
    assert first["message"] == "room abcdef1234: connection (seat 1)"
    assert first["room"] == "abcdef1234"
    assert first["time"].endswith("+00:00") and "T" in first["time"]
    assert ":" in first["process"]
    assert second["level"] == "ERROR"
    assert second["message"] == "driver error\nsecond line"
    assert second["seat"] == 2
    assert second["exception"].startswith("Traceback")
    assert "ZeroDivisionError" in second["exception"]


def test_uvicorn_goes_through_the_same_handler(logged: Logged) -> None:
    stray = logging.StreamHandler(io.StringIO())
    logging.getLogger("uvicorn.error").addHandler(stray)  # as uvicorn's own config does
    logging.getLogger("uvicorn.error").propagate = False
    logged.start("json")
    logging.getLogger("uvicorn.error").info("Started server process")  # below warning
    logging.getLogger("uvicorn.error").warning("Invalid HTTP request: /ws?token=%s", TOKEN)
    (entry,) = logged.entries()
    assert entry["logger"] == "uvicorn.error"
    assert entry["message"] == f"Invalid HTTP request: /ws?token={REDACTED}"
    assert stray not in logging.getLogger("uvicorn.error").handlers


def test_configured_again_it_replaces_its_own_handler(logged: Logged) -> None:
    logged.start("json")
    logged.start("text", "warning")
    logging.getLogger("thousand.web").info("quiet")
    logging.getLogger("thousand.web").warning("loud")
    assert logged.text.splitlines()[-1].endswith(" WARNING thousand.web: loud")
    assert len(logged.text.splitlines()) == 1


def test_bad_format_or_level_is_refused() -> None:
    with pytest.raises(ValueError, match="log format"):
        configure_logging("xml", "info")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="log level"):
        configure_logging("text", "loud")


def test_every_seat_token_is_caught_bare_and_names_are_not() -> None:
    for _ in range(2000):
        token = new_token()
        assert token not in redact(f"seat {token}, next"), token
    kept = "websocket_connection_handshake_was_refused_by_peer"
    assert redact(f"in {kept}()") == f"in {kept}()"
    assert redact("room abcdef1234 seat 3") == "room abcdef1234 seat 3"
    assert redact("Authorization: Basic dXNlcjpwYXNzd29yZA==") == f"Authorization: Basic {REDACTED}"
    assert redact('{"token": "short"}') == f'{{"token": "{REDACTED}"}}'
    assert redact("seat_token='short' x") == f"seat_token='{REDACTED}' x"


def test_every_player_key_is_caught_bare_and_in_a_body() -> None:
    """A player's key (issue 30) has a seat token's shape: the same net catches it,
    bare, as a room body's ``player`` and as a bearer credential."""
    for _ in range(2000):
        key = new_key()
        assert key not in redact(f"player {key}, next"), key
        assert key not in redact(repr({"name": "Anna", "player": key}))
        assert key not in redact(f"authorization: Bearer {key}")
