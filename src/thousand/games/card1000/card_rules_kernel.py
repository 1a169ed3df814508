"""The rules of a trick in numba, once: which cards a hand may play to a trick and which
card wins it, for the compiled kernels (:mod:`.native_kernel`'s random deals,
:mod:`.opencards_kernel`'s exact solver).

Why a module of their own: both kernels need the play rules as compiled integer code
(the engine's :mod:`.play` is Python over card objects); restated in each they could
drift apart. The tests hold these to :mod:`.play` (through the solver's brute force
and the random deals replayed by the engine).

Cards are numbers ``suit * 6 + rank`` (suits S C D H, ranks 9 J Q K T A, as
:data:`~.cards.DECK` orders them): within a suit a higher number is a stronger card. A
hand is a 24-bit mask. A trick is its first cards ``c0``, ``c1``, ``c2`` and how many
of them are played (``count``); the cards past ``count`` are not read.
"""

from __future__ import annotations

import numpy as np
from numba import njit

SUIT_MASK = np.array([0x3F << (6 * suit) for suit in range(4)], dtype=np.int64)
"""The cards of each suit, as a mask."""


@njit(cache=True, nogil=True)
def best_of_suit(c0: int, c1: int, count: int, suit: int) -> int:
    """The strongest of the first ``count`` (at most two) trick cards of ``suit``, or
    -1."""
    best = -1
    if count > 0 and c0 // 6 == suit:
        best = c0
    if count > 1 and c1 // 6 == suit and c1 > best:
        best = c1
    return best


@njit(cache=True, nogil=True)
def allowed(  # noqa: PLR0917 - a trick's state, as scalars for speed
    hand: int, c0: int, c1: int, count: int, trump: int, must_beat: int, must_over: int
) -> int:
    """The cards of ``hand`` that may be played to a trick holding ``count`` cards
    (:func:`.play.follow_requirement`): follow suit, else trump, else anything;
    ``must_beat`` (a card above the best of the led suit, unless the trick is trumped)
    and ``must_overtrump`` as §8 words them; trump is -1 when there is none."""
    if count == 0:
        return hand
    led = c0 // 6
    same = hand & SUIT_MASK[led]
    if same:
        if must_beat:
            trumped = trump >= 0 and trump != led and best_of_suit(c0, c1, count, trump) >= 0
            if not trumped:
                best = best_of_suit(c0, c1, count, led)
                beating = same & ~((2 << best) - 1)
                if beating:
                    return int(beating)
        return int(same)
    if trump >= 0:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            if must_over:
                best = best_of_suit(c0, c1, count, trump)
                beating = trumps if best < 0 else trumps & ~((2 << best) - 1)
                if beating:
                    return int(beating)
            return int(trumps)
    return hand


@njit(cache=True, nogil=True)
def trick_winner(c0: int, c1: int, c2: int, count: int, trump: int) -> int:
    """The place in the trick (0 = the lead) of the card that wins it: the highest
    trump, else the highest of the led suit (:func:`.play.trick_winner`)."""
    win = 0
    best = c0
    for place in range(1, count):
        card = c1 if place == 1 else c2
        if card // 6 == best // 6:
            if card > best:
                best = card
                win = place
        elif card // 6 == trump:
            best = card
            win = place
    return win
