"""Checking a finished game's dice against the seed the server published (``thousand verify``).

A game played on the server draws its dice from a secret seed
(:mod:`thousand.games.dice1000.fairdice`); the record's ``meta`` keeps the seed's
``dice_commitment`` from the start and the ``dice_seed`` itself once the game is over
(PROTOCOL.md, "What the server promises"). :func:`verify_record` replays the record
through the checked path first — an illegal record is refused as ``thousand replay``
refuses it — then checks that the seed is the one committed to and that every throw, in
record order, shows exactly the faces the seed gives, in the same order
(:func:`thousand.core.fairdice.verify_throws`, shared with every game).

Not being able to verify is an answer, not an error: a game still in progress has only
the commitment, table dice have no seed, a record of ``thousand play`` has neither. Those
come back as a :class:`Verification` with a ``reason``; only a ``meta`` field that is
there but malformed raises :class:`DiceMetaError`, since the record itself is wrong then.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from thousand.core.fairdice import (
    SERVER_DICE,
    TABLE_DICE,
    DiceMetaError,
    Mismatch,
    Reason,
    Verification,
    verify_throws,
)
from thousand.games.dice1000.fairdice import DOMAIN
from thousand.games.dice1000.record import replay


def verify_record(data: object) -> Verification:
    """Check a record's dice against its ``meta.dice_seed`` and ``meta.dice_commitment``.

    Raises :class:`RecordError` for an illegal record (as :func:`replay` does) and
    :class:`DiceMetaError` for malformed dice fields of ``meta``.
    """
    replayed = replay(data)
    raw_meta = data.get("meta") if isinstance(data, Mapping) else None
    meta: Mapping[str, Any] | None = raw_meta  # replay() checked it is an object or null
    turns = [(turn.player, turn.throws) for turn in replayed.turns]
    return verify_throws(meta, turns, DOMAIN)


__all__ = [
    "SERVER_DICE",
    "TABLE_DICE",
    "DiceMetaError",
    "Mismatch",
    "Reason",
    "Verification",
    "verify_record",
]
