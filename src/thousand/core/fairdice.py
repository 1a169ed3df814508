"""Verifiable dice for the dice games: each throw derived from one secret seed
(:mod:`thousand.core.chance`), checkable later.

The server draws a game's seed itself (``secrets.token_bytes(SEED_BYTES)``) and shows
players only its :func:`commitment` while the game runs; once the game is over it
publishes the seed, and anyone can recompute every throw from it. The derivation is
written here so that it can be checked in ten lines of any language (docs/dice.md has
such a snippet):

* a throw is named by ``index``, its 0-based number within the game, counting every
  throw of every turn in record order, and by ``count``, the number of dice thrown;
* for ``c = 0, 1, 2, …``:
  ``digest = HMAC-SHA256(key=seed, msg=f"{game}:{index}:{c}".encode("ascii"))``, where
  ``game`` is the game's name (``dice1000``, ``poker_dice``: the ``domain``);
  the 32-byte digest is read as eight big-endian unsigned 32-bit words ``w``, in order;
* with ``N = 6**count`` and ``LIMIT = (2**32 // N) * N``, the first word ``w < LIMIT``
  gives ``r = w % N``; a word ``≥ LIMIT`` is skipped (rejection sampling: each of the
  ``N`` ordered throws is then exactly equally likely — no modulo bias);
* die ``i`` shows ``1 + (r // 6**i) % 6``: base-6 digit ``i`` of ``r``, least
  significant first. The faces are returned in that order, not sorted.

Each ordered throw being equally likely is exactly the chance table of
:mod:`thousand.core.dice`, whose weights count ordered throws. A keyed hash of the index
(rather than a stream of random numbers) makes each throw independent of the others, so
a resumed game continues at the number of throws already made. The game's name in the
message keeps the games apart: a seed reused for another game gives other dice. Dice
1000 was the first game and its messages have always started ``dice1000:``, so its
derivation is what it was before there was a second game.

:func:`verify_throws` is the check ``thousand verify`` makes for any game, given the
throws of a record in order: each game's ``verify`` module reads its own record.

The module is pure: no I/O, no global state, no randomness of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from thousand.core.chance import SEED_BYTES, ChanceError, commitment, draw_below, seeded_words
from thousand.core.dice import Dice
from thousand.core.errors import RecordError, ThousandError

__all__ = [
    "MAX_COUNT",
    "SEED_BYTES",
    "DiceMetaError",
    "FairDiceError",
    "Mismatch",
    "SeededDice",
    "Verification",
    "commitment",
    "seeded_throw",
    "verify_throws",
]

MAX_COUNT = 12
"""The most dice one throw may have: ``6**12 < 2**32 < 6**13``, so a 32-bit word still
covers every ordered throw at least once."""


class FairDiceError(ThousandError):
    """A throw that cannot be derived: a negative index or an impossible number of dice."""


def seeded_throw(seed: bytes, index: int, count: int, domain: str) -> Dice:
    """The faces of throw ``index`` (0-based, in record order) of ``count`` dice of a
    game of ``domain`` (the game's name).

    See the module docstring for the derivation: the first word of the throw's stream
    (:func:`thousand.core.chance.seeded_words`) below the largest multiple of ``6**count``
    that fits. Eight words are rejected together with probability below ``2**-8`` even for
    twelve dice (for five, about ``2**-165``), so it ends at once in practice.
    """
    if not 1 <= count <= MAX_COUNT:
        raise FairDiceError(f"cannot derive a throw of {count} dice (1 to {MAX_COUNT})")
    try:
        words = seeded_words(seed, domain, index, kind="throw")
        return _faces(draw_below(words, 6**count), count)
    except ChanceError as exc:
        raise FairDiceError(str(exc)) from None


def _faces(number: int, count: int) -> Dice:
    """Ordered throw ``number`` (0 ≤ number < 6**count): die ``i`` is its base-6 digit ``i``."""
    return tuple(1 + (number // 6**i) % 6 for i in range(count))


class SeededDice:
    """A :class:`~thousand.core.dice.DiceSource` drawing a game's throws from its seed.

    ``index`` is the number of the next throw within the game; a resumed game starts it
    at the number of throws its record already holds (``start``), so it goes on with
    exactly the dice a game played straight through would have had.
    """

    def __init__(self, seed: bytes, start: int = 0, *, domain: str) -> None:
        if start < 0:
            raise FairDiceError(f"throw index {start} is negative: throws are counted from 0")
        self.seed = seed
        self.index = start
        self.domain = domain

    @property
    def commitment(self) -> str:
        """The seed's public commitment (:func:`commitment`)."""
        return commitment(self.seed)

    def throw(self, count: int) -> Dice:
        faces = seeded_throw(self.seed, self.index, count, self.domain)
        self.index += 1
        return faces


# -- checking a record's dice (thousand verify) -------------------------------------------

Reason = Literal[
    "no_seed", "no_commitment", "table_dice", "table_cards", "other_dice", "commitment_mismatch"
]
"""Why a record's dice are not verified although no throw was found to differ:

* ``no_seed``: a commitment but no seed yet — the game is in progress;
* ``no_commitment``: no ``meta.dice_commitment`` — the dice were not drawn from a
  committed seed (a record of ``thousand play``, or hand-written);
* ``table_dice``: ``meta.dice`` is ``"table"`` — real dice, nothing to verify;
* ``table_cards``: ``meta.cards`` is ``"table"`` — real cards (a card game's
  scorekeeping record), nothing to verify;
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
    """What a game's ``verify_record`` found; ``ok`` only when every check passed."""

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
    unit: Literal["throw", "deal"] = "throw"
    """What ``throws`` counts: dice throws, or a card game's deals (``throws`` is then
    the number of deals, and the JSON calls it ``deals``)."""
    difference: Mapping[str, Any] | None = None
    """A card game's first deal that differs (``deal``, ``index``, ``recorded``,
    ``derived``), where a dice game has :attr:`mismatch`."""

    def to_json_data(self) -> dict[str, Any]:
        """The output object of ``thousand verify --json``."""
        if self.unit == "deal":
            return {
                "verified": self.ok,
                "deals": self.throws,
                "commitment_ok": self.commitment_ok,
                "mismatch": None if self.difference is None else dict(self.difference),
                "reason": self.reason,
            }
        return {
            "verified": self.ok,
            "throws": self.throws,
            "commitment_ok": self.commitment_ok,
            "mismatch": None if self.mismatch is None else self.mismatch.to_json_data(),
            "reason": self.reason,
        }


TurnThrows = tuple[str, Sequence[Dice]]
"""One turn of a record as the check reads it: the player's name and the turn's throws,
each the faces thrown in the order the record lists them."""


def unverifiable(source: str, committed: str | None, seed: str | None) -> Reason | None:
    """Why a record's chance cannot be checked, whatever the game: not the server's (its
    ``meta.dice`` names another source), no commitment, or no revealed seed."""
    if source != SERVER_DICE:
        return "other_dice"
    if committed is None:
        return "no_commitment"
    if seed is None:
        return "no_seed"
    return None


def verify_throws(
    meta: Mapping[str, Any] | None, turns: Sequence[TurnThrows], domain: str
) -> Verification:
    """Check a replayed record's throws (``turns``, in record order) against its
    ``meta.dice_seed`` and ``meta.dice_commitment``, for a game of ``domain``.

    Not being able to verify is an answer (a :class:`Verification` with a ``reason``);
    only a ``meta`` field that is there but malformed raises :class:`DiceMetaError`.
    """
    return verify_chance(
        meta,
        count=sum(len(thrown) for _player, thrown in turns),
        first_difference=lambda seed: _first_mismatch(seed, turns, domain),
    )


def verify_chance(
    meta: Mapping[str, Any] | None,
    *,
    count: int,
    first_difference: Callable[[bytes], Mismatch | Mapping[str, Any] | None],
    unit: Literal["throw", "deal"] = "throw",
    nothing_drawn: Reason | None = None,
) -> Verification:
    """Check any game's chance against its ``meta``: read and check the seed fields, say
    why nothing can be verified, or check the seed against the commitment and ask
    ``first_difference(seed)`` for the first recorded draw (a throw's :class:`Mismatch`,
    a deal's description) that the seed does not give.

    ``count`` is the number of draws (throws or deals, by ``unit``); ``nothing_drawn``
    is a game's own reason there is no chance to check (card Thousand's real cards).
    A malformed ``meta`` field raises :class:`DiceMetaError`."""
    meta = meta or {}
    source = meta.get("dice", SERVER_DICE)
    if not isinstance(source, str):
        raise DiceMetaError(f'meta.dice: expected "{SERVER_DICE}" or "{TABLE_DICE}"')
    raw_seed = meta.get("dice_seed")
    raw_commitment = meta.get("dice_commitment")
    seed = None if raw_seed is None else hex64("meta.dice_seed", raw_seed)
    committed = None if raw_commitment is None else hex64("meta.dice_commitment", raw_commitment)

    def unverified(reason: Reason) -> Verification:
        other = None if source == SERVER_DICE else source
        return Verification(False, count, False, None, reason, seed, committed, other, unit)

    if nothing_drawn is not None:
        return unverified(nothing_drawn)
    if source == TABLE_DICE:
        return unverified("table_dice")
    missing = unverifiable(source, committed, seed)
    if missing is not None:
        return unverified(missing)
    assert seed is not None and committed is not None

    seed_bytes = bytes.fromhex(seed)
    commitment_ok = commitment(seed_bytes) == committed
    found = first_difference(seed_bytes)
    return Verification(
        ok=commitment_ok and found is None,
        throws=count,
        commitment_ok=commitment_ok,
        mismatch=found if isinstance(found, Mismatch) else None,
        reason=None if commitment_ok else "commitment_mismatch",
        seed=seed,
        commitment=committed,
        unit=unit,
        difference=None if found is None or isinstance(found, Mismatch) else found,
    )


def _first_mismatch(seed: bytes, turns: Sequence[TurnThrows], domain: str) -> Mismatch | None:
    """The first recorded throw that differs from the derived one, in record order."""
    index = 0
    for turn, (player, throws) in enumerate(turns, 1):
        for number, recorded in enumerate(throws, 1):
            derived = seeded_throw(seed, index, len(recorded), domain)
            if tuple(recorded) != derived:
                return Mismatch(turn, player, number, index, tuple(recorded), derived)
            index += 1
    return None


def hex64(field: str, value: object) -> str:
    """A seed or commitment: exactly 64 hexadecimal digits (32 bytes), lowercased."""
    if not isinstance(value, str) or _HEX_DIGITS.fullmatch(value) is None:
        raise DiceMetaError(f"{field}: expected {2 * SEED_BYTES} hexadecimal digits")
    return value.lower()
