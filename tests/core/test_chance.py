"""Chance from one committed seed (:mod:`thousand.core.chance`), held to its docstring.

The derivation is the published one (docs/dice.md): anyone re-derives a game's deals
and throws from its seed in a dozen lines. So besides the properties (a shuffle is a
permutation, fixed by seed, domain and index, each order equally likely), the first deal
of a known seed is computed here by an independent implementation written from the
docstring alone, and the words a shuffle draws are driven by hand to check that
Fisher–Yates picks exactly as documented.
"""

from __future__ import annotations

import hashlib
import hmac
import itertools
from collections import Counter
from collections.abc import Iterator

import pytest

from thousand.core import chance
from thousand.core.chance import (
    WORD,
    ChanceError,
    commitment,
    draw_below,
    seeded_shuffle,
    seeded_words,
)

ZERO_SEED = bytes(32)

FIRST_DEAL = [1, 14, 17, 0, 12, 21, 22, 7, 9, 11, 2, 15, 13, 3, 18, 23, 10, 19, 20, 5, 8, 4, 16, 6]
"""``seeded_shuffle(bytes(32), "card1000", 0, range(24))``, as :func:`reference_shuffle`
computed it once: the known answer any other implementation can be checked against."""


def reference_shuffle(seed: bytes, domain: str, index: int, n: int) -> list[int]:
    """``range(n)`` shuffled, written from the module docstring alone."""

    def words() -> Iterator[int]:
        for counter in itertools.count():
            message = f"{domain}:{index}:{counter}".encode("ascii")
            digest = hmac.new(seed, message, hashlib.sha256).digest()
            yield from (int.from_bytes(digest[i : i + 4], "big") for i in range(0, 32, 4))

    stream, order = words(), list(range(n))
    for i in range(n - 1, 0, -1):
        limit = (2**32 // (i + 1)) * (i + 1)
        j = next(w for w in stream if w < limit) % (i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def test_the_first_deal_of_the_zero_seed_is_the_published_derivation() -> None:
    dealt = seeded_shuffle(ZERO_SEED, "card1000", 0, range(24))
    assert dealt == FIRST_DEAL == reference_shuffle(ZERO_SEED, "card1000", 0, 24)


@pytest.mark.parametrize("index", [0, 1, 7, 1000])
def test_deals_of_other_seeds_and_indexes_follow_the_derivation_too(index: int) -> None:
    seed = hashlib.sha256(b"another seed").digest()
    expected = reference_shuffle(seed, "card1000", index, 32)
    assert seeded_shuffle(seed, "card1000", index, range(32)) == expected


def test_a_shuffle_is_a_permutation_of_its_items() -> None:
    items = ["9S", "10S", "JS", "QS", "KS", "AS", "9H", "QH", "QH"]
    for index in range(20):
        dealt = seeded_shuffle(ZERO_SEED, "card1000", index, items)
        assert Counter(dealt) == Counter(items)
    assert seeded_shuffle(ZERO_SEED, "card1000", 0, []) == []
    assert seeded_shuffle(ZERO_SEED, "card1000", 0, ["AS"]) == ["AS"]


def test_a_shuffle_is_fixed_by_seed_domain_and_index_and_differs_across_them() -> None:
    deck = range(24)
    first = seeded_shuffle(ZERO_SEED, "card1000", 0, deck)
    assert seeded_shuffle(ZERO_SEED, "card1000", 0, deck) == first
    others = [
        seeded_shuffle(ZERO_SEED, "card1000", 1, deck),
        seeded_shuffle(ZERO_SEED, "poker_dice", 0, deck),
        seeded_shuffle(b"\x01" + bytes(31), "card1000", 0, deck),
    ]
    assert all(other != first for other in others)
    assert len({tuple(seeded_shuffle(ZERO_SEED, "card1000", i, deck)) for i in range(50)}) == 50


def test_every_order_of_three_items_is_reached_by_the_words_that_lead_to_it() -> None:
    """Fisher–Yates from the back: ``j = draw_below(3)`` swaps with place 2, then
    ``j = draw_below(2)`` swaps with place 1. Driving the words by hand, the six pairs of
    draws give the six orders, each exactly once."""
    orders = []
    for first, second in itertools.product(range(3), range(2)):
        drawn = iter([first, second])
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(chance, "seeded_words", lambda *_args, _d=drawn, **_kw: _d)
            orders.append(tuple(seeded_shuffle(ZERO_SEED, "card1000", 0, "abc")))
    assert Counter(orders) == Counter(itertools.permutations("abc"))
    expected = list("abc")
    expected[2], expected[1] = expected[1], expected[2]  # first draw 1: swap places 2 and 1
    expected[1], expected[0] = expected[0], expected[1]  # second draw 0: swap places 1 and 0
    assert orders[2] == tuple(expected)


def test_a_word_at_the_limit_is_skipped_and_one_below_it_is_taken() -> None:
    limit = (WORD // 3) * 3  # 4294967295: only the largest word is skipped for 3
    assert draw_below(iter([limit, limit - 1]), 3) == (limit - 1) % 3
    assert draw_below(iter([WORD - 1, 4]), 3) == 1
    limit = (WORD // 7) * 7
    assert draw_below(iter([limit + 2, limit, 12]), 7) == 5
    assert draw_below(iter([0]), 1) == 0 and draw_below(iter([WORD - 1]), WORD) == WORD - 1


def test_words_are_the_hmac_of_domain_index_and_counter_read_big_endian() -> None:
    words = seeded_words(ZERO_SEED, "dice1000", 3)
    taken = [next(words) for _ in range(9)]
    first = hmac.new(ZERO_SEED, b"dice1000:3:0", hashlib.sha256).digest()
    second = hmac.new(ZERO_SEED, b"dice1000:3:1", hashlib.sha256).digest()
    assert taken[:8] == [int.from_bytes(first[i : i + 4], "big") for i in range(0, 32, 4)]
    assert taken[8] == int.from_bytes(second[:4], "big")
    assert commitment(ZERO_SEED) == hashlib.sha256(ZERO_SEED).hexdigest()


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: next(seeded_words(ZERO_SEED, "card1000", -1)), "outcome index -1 is negative"),
        (lambda: seeded_shuffle(ZERO_SEED, "card1000", -2, "ab"), "deal index -2 is negative"),
        (lambda: next(seeded_words(ZERO_SEED, "Card 1000", 0)), "chance domain 'Card 1000'"),
        (lambda: next(seeded_words(ZERO_SEED, "", 0)), "chance domain ''"),
        (lambda: draw_below(iter([1]), 0), "cannot draw a number below 0"),
        (lambda: draw_below(iter([1]), WORD + 1), f"cannot draw a number below {WORD + 1}"),
    ],
)
def test_an_impossible_outcome_is_refused_in_one_line(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(ChanceError, match=rf"^{message}") as refused:
        call()
    assert "\n" not in str(refused.value)
