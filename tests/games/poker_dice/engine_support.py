"""Helpers the engine tests share: rules by preset and overrides, turns played by faces."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand.games.poker_dice import (
    Outcome,
    Position,
    Rules,
    Throw,
    Write,
    new_position,
    rules_from_spec,
)

Dice = tuple[int, ...]


def rules_of(preset: str = "russian", **overrides: Any) -> Rules:
    """The rules of ``preset`` with ``overrides`` (POKER_DICE.md §2)."""
    return rules_from_spec({"preset": preset, **overrides})


def start(
    preset: str = "russian", names: Sequence[str] = ("Anna", "Boris"), **overrides: Any
) -> Position:
    """A new game of ``preset`` (plus ``overrides``) for ``names``."""
    return new_position(rules_of(preset, **overrides), names)


def throw(position: Position, faces: Dice, keep: Dice = ()) -> Position:
    """Throw the dice not in ``keep``; they land showing ``faces``."""
    return position.apply(Throw(keep)).apply(Outcome(faces))


def show(position: Position, dice: Dice, *, first: bool = True) -> Position:
    """The turn's dice show ``dice``: as its first throw, or (``first=False``) as its
    second, the first die thrown again landing on the same face."""
    position = throw(position, dice)
    if first:
        return position
    return throw(position, (dice[0],), keep=dice[1:])


def write(position: Position, box: str, dice: Dice, *, first: bool = True) -> Position:
    """A whole turn: the dice show ``dice`` (see :func:`show`), then ``box`` is written."""
    return show(position, dice, first=first).apply(Write(box))


def written(
    box: str, dice: Dice, *, first: bool = False, preset: str = "russian", **overrides: Any
) -> int:
    """What ``box`` takes for ``dice`` on the first player's first turn, played through
    the engine (not asked of the scoring module)."""
    position = write(start(preset, **overrides), box, dice, first=first)
    points = position.players[0].boxes[box]
    assert points is not None
    return points
