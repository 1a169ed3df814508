"""Checking a finished game's dice against the seed the server published (``thousand verify``).

A game played on the server draws its dice from a secret seed
(:mod:`thousand.games.dice1000.fairdice`); the record's ``meta`` keeps the seed's
``dice_commitment`` from the start and the ``dice_seed`` itself once the game is over
(PROTOCOL.md, "What the server promises"). :func:`verify_record` replays the record
through the checked path first — an illegal record is refused as ``thousand replay``
refuses it — then checks that the seed is the one committed to and that every throw, in
record order, shows exactly the faces the seed gives, in the same order.

Not being able to verify is an answer, not an error: a game still in progress has only
the commitment, table dice have no seed, a record of ``thousand play`` has neither. Those
come back as a :class:`Verification` with a ``reason``; only a ``meta`` field that is
there but malformed raises :class:`DiceMetaError`, since the record itself is wrong then.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from thousand.core.errors import RecordError
from thousand.games.dice1000.fairdice import SEED_BYTES, commitment, seeded_throw
from thousand.games.dice1000.record import replay
from thousand.games.dice1000.scoring import Dice

Reason = Literal["no_seed", "no_commitment", "table_dice", "other_dice", "commitment_mismatch"]
"""Why a record's dice are not verified although no throw was found to differ:

* ``no_seed``: a commitment but no seed yet — the game is in progress;
* ``no_commitment``: no ``meta.dice_commitment`` — the dice were not drawn from a
  committed seed (a record of ``thousand play``, or hand-written);
* ``table_dice``: ``meta.dice`` is ``"table"`` — real dice, nothing to verify;
* ``other_dice``: ``meta.dice`` names another source than ``"server"`` (scripted dice of
  a test mode, say);
* ``commitment_mismatch``: the seed's SHA-256 is not the commitment.
"""

_HEX_DIGITS = re.compile(rf"[0-9a-fA-F]{{{2 * SEED_BYTES}}}")
SERVER_DICE = "server"
TABLE_DICE = "table"


class DiceMetaError(RecordError):
    """A record's ``meta.dice``, ``meta.dice_seed`` or ``meta.dice_commitment`` is malformed."""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first throw whose recorded faces are not the ones the seed gives."""

    turn: int
    """Counted from 1, as RECORD.md's errors count them."""
    player: str
    throw: int
    """The throw's number within its turn, counted from 1."""
    index: int
    """The throw's 0-based number within the game (the derivation's ``index``)."""
    recorded: Dice
    derived: Dice

    def to_json_data(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "player": self.player,
            "throw": self.throw,
            "index": self.index,
            "recorded": list(self.recorded),
            "derived": list(self.derived),
        }


@dataclass(frozen=True, slots=True)
class Verification:
    """What :func:`verify_record` found; ``ok`` only when every check passed."""

    ok: bool
    throws: int
    """The number of throws in the record (all compared whenever there is a seed)."""
    commitment_ok: bool
    """The seed's SHA-256 is the commitment (False when either is missing)."""
    mismatch: Mismatch | None
    """The first throw that differs, or None (also None when nothing was compared)."""
    reason: Reason | None
    """Why the record is not verified though no throw differs (None otherwise)."""
    seed: str | None = None
    """``meta.dice_seed`` in lowercase hexadecimal, when the record has one."""
    commitment: str | None = None
    """``meta.dice_commitment`` in lowercase hexadecimal, when the record has one."""
    dice: str | None = None
    """``meta.dice`` when it names a source other than the server's."""

    def to_json_data(self) -> dict[str, Any]:
        """The output object of ``thousand verify --json``."""
        return {
            "verified": self.ok,
            "throws": self.throws,
            "commitment_ok": self.commitment_ok,
            "mismatch": None if self.mismatch is None else self.mismatch.to_json_data(),
            "reason": self.reason,
        }


def verify_record(data: object) -> Verification:
    """Check a record's dice against its ``meta.dice_seed`` and ``meta.dice_commitment``.

    Raises :class:`RecordError` for an illegal record (as :func:`replay` does) and
    :class:`DiceMetaError` for malformed dice fields of ``meta``.
    """
    replayed = replay(data)
    throws = sum(len(turn.throws) for turn in replayed.turns)
    raw_meta = data.get("meta") if isinstance(data, Mapping) else None
    meta: Mapping[str, Any] = raw_meta or {}  # replay() checked it is an object or null

    source = meta.get("dice", SERVER_DICE)
    if not isinstance(source, str):
        raise DiceMetaError(f'meta.dice: expected "{SERVER_DICE}" or "{TABLE_DICE}"')
    raw_seed = meta.get("dice_seed")
    raw_commitment = meta.get("dice_commitment")
    seed = None if raw_seed is None else _hex64("meta.dice_seed", raw_seed)
    committed = None if raw_commitment is None else _hex64("meta.dice_commitment", raw_commitment)

    def unverified(reason: Reason) -> Verification:
        other = None if source == SERVER_DICE else source
        return Verification(False, throws, False, None, reason, seed, committed, other)

    if source == TABLE_DICE:
        return unverified("table_dice")
    if source != SERVER_DICE:
        return unverified("other_dice")
    if committed is None:
        return unverified("no_commitment")
    if seed is None:
        return unverified("no_seed")

    seed_bytes = bytes.fromhex(seed)
    commitment_ok = commitment(seed_bytes) == committed
    mismatch = _first_mismatch(seed_bytes, [(t.player, t.throws) for t in replayed.turns])
    return Verification(
        ok=commitment_ok and mismatch is None,
        throws=throws,
        commitment_ok=commitment_ok,
        mismatch=mismatch,
        reason=None if commitment_ok else "commitment_mismatch",
        seed=seed,
        commitment=committed,
    )


def _first_mismatch(seed: bytes, turns: list[tuple[str, tuple[Dice, ...]]]) -> Mismatch | None:
    """The first recorded throw that differs from the derived one, in record order."""
    index = 0
    for turn, (player, throws) in enumerate(turns, 1):
        for number, recorded in enumerate(throws, 1):
            derived = seeded_throw(seed, index, len(recorded))
            if recorded != derived:
                return Mismatch(turn, player, number, index, recorded, derived)
            index += 1
    return None


def _hex64(field: str, value: object) -> str:
    """A seed or commitment: exactly 64 hexadecimal digits (32 bytes), lowercased."""
    if not isinstance(value, str) or _HEX_DIGITS.fullmatch(value) is None:
        raise DiceMetaError(f"{field}: expected {2 * SEED_BYTES} hexadecimal digits")
    return value.lower()
