"""Shared fixtures: the classic strategy is solved once per test session (about 10 s)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from thousand.games.dice1000 import Game, load_preset
from thousand.games.dice1000.solver.strategy import Strategy, cache_path, solve


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
