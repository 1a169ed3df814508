"""The server's tests replay records hundreds of times a game (every state a client sees
is held against the record at that moment); building a :class:`Game` costs about 20 ms
(its score table), so here the replays share one per rule set."""

from __future__ import annotations

import functools

import pytest

from thousand.games.dice1000 import record
from thousand.games.dice1000.config import Rules
from thousand.games.dice1000.game import Game


@functools.cache
def _game_of(canonical: str, rules: Rules) -> Game:
    del canonical
    return Game(rules)


def shared_game(rules: Rules | None = None) -> Game:
    """One :class:`Game` per rule set (a game holds no state of its own)."""
    if rules is None:
        return Game()
    return _game_of(rules.canonical(), rules)


@pytest.fixture(autouse=True)
def fast_replays(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "Game", shared_game)
