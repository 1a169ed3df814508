"""Chance from one committed seed, for every game: the words a seed gives, and what a game
makes of them — dice throws (:mod:`thousand.core.fairdice`) or a shuffled deck.

A server draws a game's secret seed (:data:`SEED_BYTES` from :mod:`secrets`), shows the
players its :func:`commitment` while the game runs and publishes the seed when the game
is over; anyone can then re-derive every chance outcome of the game and check it against
the record (``thousand verify``, which asks the game's own ``verify`` module). Every game
derives its outcomes from the same stream of words, so that the whole derivation can be
checked in a dozen lines of any language (docs/dice.md):

* an outcome is named by ``domain``, the game's name (``dice1000``, ``poker_dice``,
  ``card1000``), and ``index``, its 0-based number within the game (a throw, a deal);
* for ``c = 0, 1, 2, …``:
  ``digest = HMAC-SHA256(key=seed, msg=f"{domain}:{index}:{c}".encode("ascii"))``, read
  as eight big-endian unsigned 32-bit words, in order (:func:`seeded_words`);
* a number below ``n`` is the first word ``w < (2**32 // n) * n`` taken as ``w % n``,
  larger words skipped (rejection sampling: each number exactly equally likely —
  :func:`draw_below`).

A keyed hash of the index, rather than one stream for the game, makes each outcome
independent of the others, so a resumed game goes on at the number of outcomes its record
already holds; the game's name in the message keeps the games apart (a seed reused for
another game gives other outcomes).

The module is pure: no I/O, no global state, no randomness of its own.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import struct
from collections.abc import Iterator, Sequence
from typing import TypeVar

from thousand.core.errors import ThousandError

SEED_BYTES = 32
"""A game's seed: 256 bits from :mod:`secrets` (PROTOCOL.md, "What the server promises")."""

WORD = 2**32
"""Each word of the stream is below this."""

_WORDS_PER_DIGEST = 8
_WORDS = struct.Struct(f">{_WORDS_PER_DIGEST}I")
"""A digest read as its big-endian 32-bit words."""
_DOMAIN = re.compile(r"[a-z0-9_]{1,32}")

T = TypeVar("T")


class ChanceError(ThousandError):
    """An outcome that cannot be derived: a malformed domain, a negative index, an
    impossible range."""


def commitment(seed: bytes) -> str:
    """The public commitment to a seed: its SHA-256 as 64 lowercase hexadecimal digits."""
    return hashlib.sha256(seed).hexdigest()


def seeded_words(seed: bytes, domain: str, index: int, *, kind: str = "outcome") -> Iterator[int]:
    """The endless stream of 32-bit words of outcome ``index`` of a game of ``domain``
    (``kind`` names an outcome in errors: a throw, a deal)."""
    if _DOMAIN.fullmatch(domain) is None:
        raise ChanceError(f"chance domain {domain!r}: a game's name (a-z, 0-9, _)")
    if index < 0:
        raise ChanceError(f"{kind} index {index} is negative: {kind}s are counted from 0")
    counter = 0
    while True:
        message = f"{domain}:{index}:{counter}".encode("ascii")
        # hmac.new, not the one-shot hmac.digest: that one lets go of the interpreter's
        # lock around OpenSSL's call, and with another thread busy (a server's store
        # writer) it waited up to the switch interval (5 ms) to get it back
        yield from _WORDS.unpack(hmac.new(seed, message, hashlib.sha256).digest())
        counter += 1


def draw_below(words: Iterator[int], n: int) -> int:
    """A number from 0 to ``n - 1``, each exactly equally likely, from the next words.

    A word at or above the largest multiple of ``n`` that fits is skipped; for ``n`` up
    to a few thousand that is rarer than one word in a million.
    """
    if not 1 <= n <= WORD:
        raise ChanceError(f"cannot draw a number below {n} from 32-bit words")
    limit = (WORD // n) * n
    for word in words:
        if word < limit:
            return word % n
    raise AssertionError("the stream of words is endless")  # pragma: no cover


def seeded_shuffle(seed: bytes, domain: str, index: int, items: Sequence[T]) -> list[T]:
    """``items`` shuffled for outcome ``index`` (a deal) of a game of ``domain``.

    Fisher–Yates from the back: for ``i = len - 1`` down to 1, ``j`` is
    :func:`draw_below` ``(i + 1)`` from the outcome's words, and places ``i`` and ``j``
    swap. Every order of the items is then exactly equally likely.
    """
    order = list(items)
    words = seeded_words(seed, domain, index, kind="deal")
    for i in range(len(order) - 1, 0, -1):
        j = draw_below(words, i + 1)
        order[i], order[j] = order[j], order[i]
    return order
