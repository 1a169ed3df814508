"""What can happen in a game of poker dice: the player's decisions and the dice's outcomes.

A turn alternates decision nodes and chance nodes (as in OpenSpiel, and as in dice 1000):

* :class:`Throw` — throw the dice not kept (the turn's first throw keeps nothing and
  throws all five);
* :class:`Outcome` — the chance node's result: the faces of the dice just thrown;
* :class:`Write` — end the turn by writing the dice showing into one empty box
  (the sheet games);
* :class:`Stop` — the ranking game only: stand on the dice showing.

Actions are small immutable, hashable values, so a bot or a solver can put them in sets
and dictionaries. A :class:`Throw` sorts its ``keep``: which of two dice showing a 5 is
kept makes no difference, so ``Throw((5, 2))`` and ``Throw((2, 5))`` are one action.
Values are never checked here: the position refuses a malformed action with the rule it
breaks (:mod:`.state`), so that a refusal always names itself the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

# Stop is every game's (thousand.core.actions); imported from here as the game's action.
from thousand.core.actions import STOP as STOP  # noqa: PLC0414
from thousand.core.actions import Stop as Stop  # noqa: PLC0414
from thousand.core.actions import shown_faces


@dataclass(frozen=True, slots=True)
class Throw:
    """Throw the dice not kept; ``keep`` is the faces kept (a sub-multiset of the dice
    showing, sorted; none on the turn's first throw, never all five)."""

    keep: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # Sorted when the faces sort; anything else stays as given (a list becomes a
        # tuple, so the action stays hashable) for the position to refuse by rule.
        keep: object = self.keep
        if isinstance(keep, tuple | list):
            try:
                normal = tuple(sorted(keep))
            except TypeError:
                normal = tuple(keep)
            object.__setattr__(self, "keep", normal)

    def __str__(self) -> str:
        if not self.keep:
            return "throw"
        return "throw keeping " + shown_faces(self.keep)


@dataclass(frozen=True, slots=True)
class Write:
    """End the turn by writing the dice showing into the empty box ``box``."""

    box: str

    def __str__(self) -> str:
        return f"write {self.box}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The faces of the dice just thrown, in the order given (the position sorts them)."""

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return shown_faces(self.faces)


THROW = Throw()
"""The turn's first throw: all five dice."""

Action = Throw | Write | Stop | Outcome
