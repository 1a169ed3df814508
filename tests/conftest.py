"""Shared fixtures: the classic strategy is solved once per test session (about 10 s)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from thousand import Game, load_preset
from thousand.solver.strategy import Strategy, solve


@pytest.fixture(scope="session")
def classic_strategy() -> Iterator[Strategy]:
    yield solve(Game(load_preset("classic")))
