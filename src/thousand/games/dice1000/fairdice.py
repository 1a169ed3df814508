"""Verifiable dice: every throw of a game derived from one secret seed, checkable afterwards.

The server draws a game's seed itself (``secrets.token_bytes(SEED_BYTES)``) and shows
players only its :func:`commitment` while the game runs; once the game is over it
publishes the seed, and anyone can recompute every throw from it. The derivation is
written here so that it can be checked in ten lines of any language (docs/dice.md has
such a snippet):

* a throw is named by ``index``, its 0-based number within the game, counting every
  throw of every turn in record order, and by ``count``, the number of dice thrown;
* for ``c = 0, 1, 2, …``:
  ``digest = HMAC-SHA256(key=seed, msg=f"dice1000:{index}:{c}".encode("ascii"))``;
  the 32-byte digest is read as eight big-endian unsigned 32-bit words ``w``, in order;
* with ``N = 6**count`` and ``LIMIT = (2**32 // N) * N``, the first word ``w < LIMIT``
  gives ``r = w % N``; a word ``≥ LIMIT`` is skipped (rejection sampling: each of the
  ``N`` ordered throws is then exactly equally likely — no modulo bias);
* die ``i`` shows ``1 + (r // 6**i) % 6``: base-6 digit ``i`` of ``r``, least
  significant first. The faces are returned in that order, not sorted.

Each ordered throw being equally likely is exactly the chance table of
:mod:`thousand.games.dice1000.scoring`, whose weights count ordered throws. A keyed hash
of the index (rather than a stream of random numbers) makes each throw independent of
the others, so a resumed game continues at the number of throws already made.

The module is pure: no I/O, no global state, no randomness of its own.
"""

from __future__ import annotations

import hashlib
import hmac

from thousand.core.errors import ThousandError
from thousand.games.dice1000.scoring import Dice

SEED_BYTES = 32
"""A game's seed: 256 bits from :mod:`secrets` (PROTOCOL.md, "What the server promises")."""

DOMAIN = "dice1000"
"""The first part of every HMAC message: the seed of one game never gives another game's
dice even if it were reused for one."""

MAX_COUNT = 12
"""The most dice one throw may have: ``6**12 < 2**32 < 6**13``, so a 32-bit word still
covers every ordered throw at least once."""

_WORD = 2**32
_WORDS_PER_DIGEST = 8


class FairDiceError(ThousandError):
    """A throw that cannot be derived: a negative index or an impossible number of dice."""


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 as 64 lowercase hexadecimal digits."""
    return hashlib.sha256(seed).hexdigest()


def seeded_throw(seed: bytes, index: int, count: int) -> Dice:
    """The faces of throw ``index`` (0-based, in record order) of ``count`` dice.

    See the module docstring for the derivation; it never repeats a counter value, and
    eight words are rejected together with probability below ``2**-8`` even for twelve
    dice (for five, about ``2**-165``), so the loop ends at once in practice.
    """
    if index < 0:
        raise FairDiceError(f"throw index {index} is negative: throws are counted from 0")
    if not 1 <= count <= MAX_COUNT:
        raise FairDiceError(f"cannot derive a throw of {count} dice (1 to {MAX_COUNT})")
    outcomes: int = 6**count
    limit = (_WORD // outcomes) * outcomes
    counter = 0
    while True:
        message = f"{DOMAIN}:{index}:{counter}".encode("ascii")
        digest = hmac.new(seed, message, hashlib.sha256).digest()
        for word in _words(digest):
            if word < limit:
                return _faces(word % outcomes, count)
        counter += 1


def _words(digest: bytes) -> tuple[int, ...]:
    """A 32-byte digest as its eight big-endian unsigned 32-bit words, in order."""
    return tuple(int.from_bytes(digest[4 * i : 4 * i + 4], "big") for i in range(_WORDS_PER_DIGEST))


def _faces(number: int, count: int) -> Dice:
    """Ordered throw ``number`` (0 ≤ number < 6**count): die ``i`` is its base-6 digit ``i``."""
    return tuple(1 + (number // 6**i) % 6 for i in range(count))


class SeededDice:
    """A :class:`~thousand.games.dice1000.dice.DiceSource` drawing from a game's seed.

    ``index`` is the number of the next throw within the game; a resumed game starts it
    at the number of throws its record already holds (``start``), so it goes on with
    exactly the dice a game played straight through would have had.
    """

    def __init__(self, seed: bytes, start: int = 0) -> None:
        if start < 0:
            raise FairDiceError(f"throw index {start} is negative: throws are counted from 0")
        self.seed = seed
        self.index = start

    @property
    def commitment(self) -> str:
        """The seed's public commitment (:func:`commitment`)."""
        return commitment(self.seed)

    def throw(self, count: int) -> Dice:
        faces = seeded_throw(self.seed, self.index, count)
        self.index += 1
        return faces
