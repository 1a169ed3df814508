"""Checking a finished poker dice game's dice against its published seed (``thousand verify``).

A poker dice game played on the server draws its dice from a secret seed through the
derivation every game shares (:mod:`thousand.core.fairdice`), under the game's name:
HMAC messages ``poker_dice:{index}:{c}``. A throw's ``index`` counts every throw of every
turn in record order; its faces are those the record lists for it — the five of a turn's
first throw, then the ``dice`` thrown again of each later one (POKER_DICE.md §4), in the
order the record gives them.

:func:`verify_record` replays the record through the checked path first (an illegal
record is refused as ``thousand replay`` refuses it), then checks the seed against the
commitment and recomputes every throw (:func:`thousand.core.fairdice.verify_throws`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from thousand.core.dice import Dice
from thousand.core.fairdice import Verification, verify_throws
from thousand.games.poker_dice.record import GAME, replay

DOMAIN = GAME
"""The first part of the HMAC messages of poker dice's throws: the game's name."""


def thrown_faces(turn: Mapping[str, Any]) -> tuple[Dice, ...]:
    """The faces of each throw of a (checked) record turn: the first throw's five, then
    each later throw's ``dice``."""
    faces: list[Dice] = []
    for roll in turn.get("rolls") or ():
        dice: Sequence[int] = roll["dice"] if isinstance(roll, Mapping) else roll
        faces.append(tuple(dice))
    return tuple(faces)


def verify_record(data: object) -> Verification:
    """Check a poker dice record's dice against its ``meta.dice_seed`` and
    ``meta.dice_commitment``.

    Raises :class:`~thousand.core.errors.RecordError` for an illegal record (as
    :func:`replay` does) and :class:`~thousand.core.fairdice.DiceMetaError` for
    malformed dice fields of ``meta``.
    """
    replayed = replay(data)
    assert isinstance(data, Mapping)  # replay() refuses anything else
    turns = [
        (summary.player, thrown_faces(raw))
        for summary, raw in zip(replayed.turns, data.get("turns") or (), strict=True)
    ]
    meta: Mapping[str, Any] | None = data.get("meta")  # replay() checked its shape
    return verify_throws(meta, turns, DOMAIN)
