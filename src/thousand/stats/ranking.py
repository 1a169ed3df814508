"""Places from a finished game's final standing: who came where."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def places(keys: Sequence[Any]) -> tuple[int, ...]:
    """Each seat's place, from a key per seat that orders the seats as the game does
    (greater is better: each game's module says what its key is).

    Ties share the better place and the places after them are skipped — standard
    competition ranking, "1 2 2 4": two players sharing the lead are both first (each has
    won), and the next one is third, since two players finished ahead of them.

    >>> places([760, 1015, 760, 300])
    (2, 1, 2, 4)
    """
    return tuple(1 + sum(other > key for other in keys) for key in keys)
