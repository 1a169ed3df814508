"""What can happen in a game: the player's decisions and the dice's outcomes.

A turn alternates decision nodes and chance nodes (as in OpenSpiel):

* :class:`Throw` — the player throws the dice still in hand (forced at the start of a
  turn, after hot dice and after a first-throw retry);
* :class:`Outcome` — the chance node's result, the faces that fell;
* :class:`SetAside` — under ``choose_dice`` only: which scoring dice to keep;
* :class:`Stop` — the player records the turn total.

Actions are small immutable values; :data:`THROW` and :data:`STOP` are the only ones
of their kind, so bots and solvers compare them by identity.
"""

from __future__ import annotations

from dataclasses import dataclass

# Stop is every game's (thousand.core.actions); imported from here as the game's action.
from thousand.core.actions import STOP as STOP  # noqa: PLC0414
from thousand.core.actions import Stop as Stop  # noqa: PLC0414
from thousand.core.actions import shown_faces
from thousand.games.dice1000.scoring import Dice


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the dice in hand."""

    def __str__(self) -> str:
        return "throw"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The faces that fell on a throw, in the order given (scoring ignores order)."""

    dice: Dice

    def __str__(self) -> str:
        return shown_faces(self.dice)


@dataclass(frozen=True, slots=True)
class SetAside:
    """Under ``choose_dice``: the scoring dice the player keeps (sorted)."""

    dice: Dice

    def __str__(self) -> str:
        return "set aside " + shown_faces(self.dice)


THROW = Throw()

Action = Throw | Stop | Outcome | SetAside
