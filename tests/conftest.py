"""Shared fixtures: an English locale for every test; the classic strategy is solved once
per test session (about 10 s)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.solver.strategy import Strategy, cache_path, solve


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands whose language follows the locale (``replay``, ``games``, ``play``) speak
    English in every test, whatever the locale of the machine running them; a test that
    wants Russian sets ``LANGUAGE`` or passes ``--lang ru``."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")


@pytest.fixture(scope="session")
def classic_strategy() -> Iterator[Strategy]:
    yield solve(Game(load_preset("classic")))


@pytest.fixture
def classic_cache(
    classic_strategy: Strategy,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
) -> Path:
    """A strategy cache folder holding the classic solve, set as ``THOUSAND_CACHE_DIR``.

    Commands that load a strategy (``simulate``, ``advise``, ``play`` with ``perfect``)
    then find it instead of solving again.
    """
    folder = tmp_path_factory.getbasetemp() / "strategy-cache"
    monkeypatch.setenv("THOUSAND_CACHE_DIR", str(folder))
    path = cache_path(classic_strategy.game)
    if not path.exists():
        classic_strategy.save(path)
    return folder
