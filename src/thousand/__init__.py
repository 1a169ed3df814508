"""thousand: the Russian dice game 1000 (Тысяча на костях), every rule and house variant.

The package, as its folders say:

* ``thousand.games`` — the games, one folder each, found by name through a registry
  (:func:`thousand.games.load_game`): ``thousand.games.dice1000`` is dice 1000, its
  rules, engine, record, computer players and solver;
* ``thousand.cli`` — the command line (``thousand score``, ``replay``, ``play`` …);
* ``thousand.tui`` — the terminal game;
* ``thousand.core`` — what every game and front-end shares: errors, reading files,
  the languages.

The engine of dice 1000 is ``thousand.games.dice1000``; its names are also reachable
from here (``from thousand import Game``) as they were before the games had folders.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

_ENGINE = "thousand.games.dice1000"


def __getattr__(name: str) -> Any:
    """The names of the dice 1000 engine, imported only when one is asked for."""
    engine = importlib.import_module(_ENGINE)
    if name in engine.__all__:
        return getattr(engine, name)
    raise AttributeError(f"module 'thousand' has no attribute {name!r}")
