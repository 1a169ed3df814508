"""What every test shares: an English locale, the folders the program writes to, the
classic strategy, and the markers that say what a test needs.

* **Folders.** Every test writes its strategies to one cache folder of the test session
  (``THOUSAND_CACHE_DIR``, :func:`strategy_cache`) and its saved games to a data folder
  of its own (``THOUSAND_DATA_DIR``), never to the user's; a test that wants another
  folder (an empty cache, say) sets the variable itself. Under pytest-xdist each worker
  has its own base temporary folder, so nothing is shared between workers.
* **The classic strategy** (``classic_strategy``) is the one shipped with the package
  (:mod:`thousand.games.dice1000.solver.shipped`, read in a second), which
  tests/games/dice1000/test_shipped.py holds equal to a fresh solve; only a test marked
  ``solves`` — one about the solver itself — gets a fresh solve (about 10 s, once per
  worker).
* **Markers** (registered in pyproject.toml): ``browser`` and ``services`` are set here
  from the fixtures a test uses (Chromium; PostgreSQL or Redis servers), ``slow`` by the
  tests that take more than about five seconds, so that ``-m "not slow and not browser
  and not services"`` is the quick loop while working.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.solver.shipped import shipped_file
from thousand.games.dice1000.solver.strategy import Strategy, cache_path, solve

BROWSER_FIXTURES = frozenset({"chromium", "playwright", "browser", "browsing"})
"""Fixtures of tests/web/conftest.py that start Chromium (marker ``browser``)."""

SERVICE_FIXTURES = frozenset({"postgres", "postgres_url", "own_postgres", "redis_server"})
"""Fixtures of tests/web/conftest.py that start PostgreSQL or Redis (marker ``services``);
``db_url`` is one of them for its ``postgresql`` case only."""

_data_folders = itertools.count()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the markers (``xdist_group``)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test ``browser`` and ``services`` after the fixtures it uses; keep the
    tests about the solver on one worker (``--dist loadgroup``: one fresh solve, not one
    per worker); run the ``slow`` tests first.

    Slow first, because pytest-xdist hands out tests in this order: a two-minute test
    handed out last keeps one core busy alone at the end, handed out first it runs while
    the other core works through the short ones.
    """
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        if names & BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("db_url") == "postgresql"
        if names & SERVICE_FIXTURES or on_postgres:
            item.add_marker(pytest.mark.services)
        if item.get_closest_marker("solves"):
            item.add_marker(pytest.mark.xdist_group("classic-solve"))
    slow = [item for item in items if item.get_closest_marker("slow")]
    items[:] = slow + [item for item in items if not item.get_closest_marker("slow")]


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands whose language follows the locale (``replay``, ``games``, ``play``) speak
    English in every test, whatever the locale of the machine running them; a test that
    wants Russian sets ``LANGUAGE`` or passes ``--lang ru``."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="session")
def strategy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test session's one strategy cache folder (a worker's own under xdist)."""
    return tmp_path_factory.getbasetemp() / "strategy-cache"


@pytest.fixture(autouse=True)
def program_folders(
    strategy_cache: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Strategies to the session's cache, saved games to a folder of this test's own
    (made only if the test writes one); never the user's folders."""
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(strategy_cache))
    data = tmp_path_factory.getbasetemp() / "data-dirs" / str(next(_data_folders))
    monkeypatch.setenv("THOUSAND_DATA_DIR", str(data))


@pytest.fixture(scope="session")
def shipped_classic() -> Strategy:
    """The classic strategy shipped with the package."""
    game = Game(load_preset("classic"))
    shipped = Strategy.load(game, shipped_file("classic"))
    assert shipped is not None, "the shipped classic strategy is missing or stale"
    return shipped


@pytest.fixture(scope="session")
def solved_classic() -> Strategy:
    """The classic rules solved now (about 10 s): for the tests about the solver."""
    return solve(Game(load_preset("classic")))


@pytest.fixture
def classic_strategy(request: pytest.FixtureRequest) -> Strategy:
    """The classic strategy: the shipped one, or a fresh solve for a test marked
    ``solves``."""
    fixture = "solved_classic" if request.node.get_closest_marker("solves") else "shipped_classic"
    strategy: Strategy = request.getfixturevalue(fixture)
    return strategy


@pytest.fixture
def classic_cache(
    classic_strategy: Strategy, strategy_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """The session's strategy cache, holding the classic strategy, set as
    ``THOUSAND_CACHE_DIR`` (again: over a folder a test's other fixtures chose).

    Commands that load a strategy (``simulate``, ``advise``, ``play`` with ``perfect``)
    would find the shipped one anyway; the cache holds it as the solver writes it, for the
    tests that look at the cache (a server's advisor, the browser's).
    """
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(strategy_cache))
    path = cache_path(classic_strategy.game)
    if not path.exists():
        classic_strategy.save(path)
    return strategy_cache
