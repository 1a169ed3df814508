"""What the server's tests share.

* The replays: the tests replay records hundreds of times a game (every state a client
  sees is held against the record at that moment); building a :class:`Game` costs about
  20 ms (its score table), so the replays share one per rule set, as the server's rooms do
  (:func:`thousand.web.rooms.dice1000.room.game_of`).
* The browser: Debian's Chromium driven by Playwright, for the modules that ask for the
  ``browser`` or ``browsing`` fixtures (each starts its own server). Without
  /usr/bin/chromium they are skipped, except under ``CI=true``, where .ci/run installs it.
* Real database services (:mod:`tests.services`): one PostgreSQL server for the session
  with a fresh database per test (``postgres_url``), a PostgreSQL server of a test's own
  to stop and kill (``own_postgres``), and a Redis server of a test's own
  (``redis_server``). Without Debian's postgresql or redis-server packages they are skipped,
  except under ``CI=true``, where .ci/run installs them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, expect, sync_playwright

from tests.services import (
    PostgresServer,
    RedisServer,
    postgres_bin,
    postgres_server,
    redis_bin,
    redis_server,
)
from thousand.games.dice1000 import record
from thousand.games.dice1000.config import Rules
from thousand.games.dice1000.game import Game
from thousand.web.rooms.dice1000.room import game_of
from thousand.web.settings import CHECK_STORAGE

from .browser_support import CHROMIUM, LAUNCH_ARGS, TIMEOUT_MS, Browsing


def shared_game(rules: Rules | None = None) -> Game:
    """One :class:`Game` per rule set (a game holds no state of its own)."""
    return Game() if rules is None else game_of(rules)


@pytest.fixture(autouse=True)
def check_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every server of a test, in this process or started as one, checks each change it
    stores against the room's whole document (``Settings.check_storage``)."""
    monkeypatch.setenv(CHECK_STORAGE, "1")


@pytest.fixture(autouse=True)
def fast_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "Game", shared_game)


def missing(reason: str, package: str) -> None:
    """Skip the test for want of a system package; under ``CI=true`` fail it instead."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason} (CI=true: .ci/run installs {package})")
    pytest.skip(reason)


def _running_postgres() -> Iterator[PostgresServer]:
    if postgres_bin() is None:
        missing("no PostgreSQL server binaries in /usr/lib/postgresql", "postgresql")
    with postgres_server() as server:
        yield server


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server (about a second to start). A test that stops or
    freezes it must leave it running (``postgres_url`` sees to it); one that kills it or
    changes its settings takes ``own_postgres``."""
    yield from _running_postgres()


@pytest.fixture
def postgres_url(postgres: PostgresServer) -> Iterator[str]:
    """The URL of a new, empty database on the session's server, dropped afterwards."""
    url = postgres.create_database()
    yield url
    postgres.thaw()
    postgres.start()  # when the test stopped it
    postgres.drop_database(url.rsplit("/", 1)[1])


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each database the store speaks to: a fresh SQLite file, then a fresh database on
    the session's PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/s.db"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def own_postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this test's own, to stop, start, freeze or kill."""
    yield from _running_postgres()


@pytest.fixture(name="redis_server")
def redis_server_fixture() -> Iterator[RedisServer]:
    """A Redis server of this test's own (a few milliseconds to start), to restart or
    kill; restarted, it comes back empty."""
    if redis_bin() is None:
        missing("redis-server is not installed", "redis-server")
    with redis_server() as server:
        yield server


@pytest.fixture(scope="module")
def chromium() -> Path:
    if not CHROMIUM.exists():
        missing(
            f"{CHROMIUM} is missing: the browser tests need Debian's chromium package", "chromium"
        )
    return CHROMIUM


@pytest.fixture(scope="module")
def playwright(chromium: Path) -> Iterator[Playwright]:
    del chromium
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright, chromium: Path) -> Iterator[Browser]:
    expect.set_options(timeout=TIMEOUT_MS)
    launched = playwright.chromium.launch(executable_path=str(chromium), args=LAUNCH_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def browsing(browser: Browser) -> Iterator[Browsing]:
    """This test's browser contexts; no script error may happen on any of their pages."""
    opened = Browsing(browser)
    yield opened
    opened.close()
    assert not opened.page_errors, f"errors in the page: {opened.page_errors}"
