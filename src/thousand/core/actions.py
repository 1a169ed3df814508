"""What the games' actions share: the decision to stop, and how an action shows its faces.

Each game has its own actions (dice 1000 sets dice aside, poker dice writes a box), but
both end a turn on the player's word the same way — stop throwing — and both write the
faces an action names as players do. Actions are small immutable, hashable values.
Which of them a seat may take is asked of every game's position the same way
(:func:`seat_actions`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, TypeVar


@dataclass(frozen=True, slots=True)
class Stop:
    """End the turn without throwing again: dice 1000 records the turn total, poker
    dice's ranking game stands on the dice showing."""

    def __str__(self) -> str:
        return "stop"


STOP = Stop()
"""The only :class:`Stop`: bots and solvers compare actions with it by identity."""


def shown_faces(dice: object) -> str:
    """Faces as players write them (``5 5 2``); whatever else an action was built from —
    ``None``, a number — as itself, so that even a malformed action names itself in the
    engine's refusal instead of failing to."""
    if isinstance(dice, tuple | list):
        return " ".join(map(str, dice))
    return repr(dice)


A_co = TypeVar("A_co", covariant=True)
A = TypeVar("A")


class Decisions(Protocol[A_co]):
    """A game's position as a front-end asks it whose move it is."""

    @property
    def current(self) -> int:
        """The seat to move (or that moved last, once the game is over)."""
        ...

    def legal_actions(self) -> tuple[A_co, ...]:
        """The decisions open now; none at a chance node or once the game is over."""
        ...


def seat_actions(position: Decisions[A], seat: int) -> tuple[A, ...]:
    """The actions open to ``seat``: the engine's, when it is that seat's move (the
    ``legal_actions`` of every game's interface, :class:`thousand.games.interface.GameModule`)."""
    return position.legal_actions() if position.current == seat else ()
